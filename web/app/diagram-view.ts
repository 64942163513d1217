// A piece's movement diagram, as the engine draws it (`pieces`: a 7×7 picture from its own
// movement tables), shown while the pointer rests on a piece or after a long press.

import { type Key, t } from "./i18n.js";
import { faceNodes, pieceSet } from "./piece-sets.js";
import type { PieceKind } from "./rules-client.js";

const LEGEND: [string, Key][] = [
  ["o", "diagram.step"],
  ["s", "diagram.slide"],
  ["j", "diagram.jump"],
  ["l", "diagram.lion"],
  ["h", "diagram.hook"],
];

export class DiagramView {
  readonly element: HTMLElement;

  constructor(parent: HTMLElement) {
    this.element = document.createElement("div");
    this.element.className = "diagram";
    this.element.setAttribute("role", "tooltip");
    this.element.hidden = true;
    parent.appendChild(this.element);
  }

  /** Shows `kind` for a piece of `black` (White's picture is turned) near a point. */
  show(kind: PieceKind, black: boolean, flipped: boolean, x: number, y: number): void {
    const e = this.element;
    e.replaceChildren();
    const title = document.createElement("div");
    title.className = "diagram-title";
    // The piece as the chosen set draws it, then its abbreviation (the Latin set's face).
    const set = pieceSet();
    title.append(
      ...faceNodes(kind, black, set),
      `${set === "latin" ? "" : `  ${kind.abbr}`} — ${kind.name}${kind.royal ? t("diagram.royal") : ""}`,
    );
    e.appendChild(title);
    const grid = document.createElement("div");
    grid.className = "diagram-grid";
    // Turned for a White piece, and again when the board is flipped.
    const turn = black === flipped;
    const cells = turn ? [...kind.diagram].reverse() : [...kind.diagram];
    for (const c of cells) {
      const cell = document.createElement("span");
      cell.className = `cell cell-${c === "@" ? "self" : c === "." ? "none" : c}`;
      cell.textContent = c === "@" ? "●" : c === "." ? "" : c;
      grid.appendChild(cell);
    }
    e.appendChild(grid);
    const legend = document.createElement("div");
    legend.className = "diagram-legend";
    for (const [c, text] of LEGEND) {
      if (!kind.diagram.includes(c)) continue;
      const item = document.createElement("span");
      item.innerHTML = `<span class="cell cell-${c}">${c}</span> `;
      item.append(t(text));
      legend.appendChild(item);
    }
    e.appendChild(legend);
    e.hidden = false;
    const width = 190;
    e.style.left = `${Math.max(4, Math.min(window.innerWidth - width - 4, x + 16))}px`;
    e.style.top = `${Math.max(4, Math.min(window.innerHeight - 260, y + 16))}px`;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
