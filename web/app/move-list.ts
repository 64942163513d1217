// The move list, in the notation the player chose: the main line numbered by ply, variations in parentheses after the move they
// branch from; every move is a button that jumps there.

import type { GameTree, TreeNode } from "./game-tree.js";
import { type Formatter, sideAtPly } from "./notation.js";

/** `first`: the side that plays the game's first move. */
export function renderMoveList(
  container: HTMLElement,
  tree: GameTree,
  jump: (node: TreeNode) => void,
  format: Formatter,
  first: "b" | "w",
): void {
  container.replaceChildren();
  const button = (node: TreeNode, ply: number) => {
    // The number and its move in one box, so that no line ends between them.
    const entry = document.createElement("span");
    entry.className = "ply";
    entry.dataset.node = String(node.id);
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = `${ply}.`;
    entry.appendChild(num);
    const b = document.createElement("button");
    const usi = node.move ?? "";
    b.textContent = format(
      { usi, hodges: node.label || usi, side: sideAtPly(first, ply) },
      node.parent?.move ?? null,
    );
    b.title = node.move ?? "";
    b.dataset.move = node.move ?? "";
    if (node === tree.current) {
      b.className = "current";
      b.setAttribute("aria-current", "step");
    }
    b.addEventListener("click", () => jump(node));
    entry.appendChild(b);
    container.appendChild(entry);
  };
  const text = (t: string, cls = "") => {
    const s = document.createElement("span");
    s.textContent = t;
    if (cls) s.className = cls;
    container.appendChild(s);
  };
  const line = (from: TreeNode, ply: number) => {
    let n = from;
    let p = ply;
    for (;;) {
      const main = n.children[0];
      if (!main) return;
      button(main, p + 1);
      for (const alt of n.children.slice(1)) {
        text(" (", "variation");
        button(alt, p + 1);
        line(alt, p + 1);
        text(") ", "variation");
      }
      n = main;
      p++;
    }
  };
  line(tree.root, 0);
  container.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}
