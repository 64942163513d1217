// The moves of a game with variations: a tree whose first child is the main line. The board
// shows the position of the current node; playing a move that differs from the stored one
// starts a variation instead of overwriting the game.

import { t } from "./i18n.js";
import type { PositionInfo, RulesClient } from "./rules-client.js";

/** A node: the move that led here (none at the root). */
export interface TreeNode {
  id: number;
  move: string | null;
  /** Readable notation of the move, once the rules engine has written it. */
  label: string;
  parent: TreeNode | null;
  children: TreeNode[];
}

/** A tree as it is kept (persistence.ts): its nodes after the root in depth-first order (each
 * before its children, children in their order, so the main line comes first), each as the
 * index of its parent in that list (0: the root, n: the n-th entry) and its move. */
export type FlatTree = [number, string][];

export class GameTree {
  root: TreeNode;
  current: TreeNode;
  private nextId = 1;

  /** `startSfen`: the position the game starts from (`null`: the variant's start). */
  constructor(readonly startSfen: string | null) {
    this.root = { id: 0, move: null, label: "", parent: null, children: [] };
    this.current = this.root;
  }

  /** Plays `move` from the current node: the existing child with that move, or a new one
   * (the main line if it is the first). */
  play(move: string, label = move): TreeNode {
    let child = this.current.children.find((c) => c.move === move);
    if (!child) {
      child = { id: this.nextId++, move, label, parent: this.current, children: [] };
      this.current.children.push(child);
    }
    this.current = child;
    return child;
  }

  /** The moves from the root to `node`. */
  moves(node: TreeNode = this.current): string[] {
    const out: string[] = [];
    for (let n: TreeNode | null = node; n && n.move; n = n.parent) out.push(n.move);
    return out.reverse();
  }

  /** Depth of a node in plies. */
  ply(node: TreeNode = this.current): number {
    let d = 0;
    for (let n = node.parent; n; n = n.parent) d++;
    return d;
  }

  find(id: number): TreeNode | null {
    const walk = (n: TreeNode): TreeNode | null => {
      if (n.id === id) return n;
      for (const c of n.children) {
        const f = walk(c);
        if (f) return f;
      }
      return null;
    };
    return walk(this.root);
  }

  back(): boolean {
    if (!this.current.parent) return false;
    this.current = this.current.parent;
    return true;
  }

  forward(): boolean {
    const next = this.current.children[0];
    if (!next) return false;
    this.current = next;
    return true;
  }

  /** The whole tree, variations included, as it is kept. */
  flat(): FlatTree {
    const out: FlatTree = [];
    const walk = (n: TreeNode, index: number) => {
      for (const c of n.children) {
        out.push([index, c.move!]);
        walk(c, out.length);
      }
    };
    walk(this.root, 0);
    return out;
  }

  /** Removes everything after the current node on its line (for a game in play, where a
   * take-back discards the rest). */
  truncate(): void {
    this.current.children = [];
  }
}

/** A game read from `sfen` (`null`: the start), the moves of `flat` (variations, as kept) and
 * the line `moves` to its current node, each checked and written by the rules engine: the tree
 * and each node's position by id. Throws where the start is no game's position (the engine's
 * reason: a royal missing) or at the first move the engine refuses. */
export async function readGame(
  rules: Pick<RulesClient, "position" | "notation" | "requireGame">,
  sfen: string | null,
  moves: string[],
  flat: FlatTree,
): Promise<{ tree: GameTree; positions: Map<number, PositionInfo> }> {
  const tree = new GameTree(sfen);
  const positions = new Map([[tree.root.id, await rules.position(sfen, [])]]);
  await rules.requireGame(positions.get(tree.root.id)!.sfen);
  const add = async (parent: TreeNode, m: string, n: number): Promise<TreeNode> => {
    const label = (await rules.notation(positions.get(parent.id)!.sfen, [m]))[0] ?? m;
    tree.current = parent;
    const node = tree.play(m, label);
    try {
      positions.set(node.id, await rules.position(sfen, tree.moves(node)));
    } catch (e) {
      throw new Error(t("io.moveAt", { n, move: m, error: (e as Error).message }));
    }
    return node;
  };
  const nodes = [tree.root];
  for (const [parent, m] of flat) {
    nodes.push(await add(nodes[parent], m, tree.ply(nodes[parent]) + 1));
  }
  let node = tree.root;
  for (const [i, m] of moves.entries()) {
    node = node.children.find((c) => c.move === m) ?? (await add(node, m, i + 1));
  }
  tree.current = node;
  return { tree, positions };
}
