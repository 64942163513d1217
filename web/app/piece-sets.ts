// The pieces' faces, drawn by the board itself (SVG text and lines, no image files): the full
// two-kanji names (what a real chu set carries), the one-kanji names (diagrams and records),
// and a Latin set for newcomers: the rules files' abbreviation over a small map of where the
// piece goes, drawn from the engine's own movement diagram (`pieces`). Every name comes from
// the engine's piece table; promoted pieces are drawn in red in every set. The choice is kept
// in localStorage.

import { glyphTexts, kanjiNodes } from "./glyphs.js";
import { keepChoice, keptChoice } from "./persistence.js";
import type { PieceKind } from "./rules-client.js";

/** The piece sets (their names: `look.<id>` in lang/*.ts). */
export const PIECE_SETS = ["kanji2", "kanji1", "latin"] as const;

export type PieceSetId = (typeof PIECE_SETS)[number];

const KEY = "shishi.pieces";

let current: PieceSetId | null = null;

/** The chosen piece set (as kept; two kanji by default). */
export function pieceSet(): PieceSetId {
  return (current ??= keptChoice(KEY, PIECE_SETS, "kanji2"));
}

const listeners: (() => void)[] = [];

/** Calls `listener` after each choice of a piece set (a second board redraws with it). */
export function onPieceSetChange(listener: () => void): void {
  listeners.push(listener);
}

/** Chooses and keeps a piece set. */
export function choosePieceSet(set: PieceSetId): void {
  current = set;
  keepChoice(KEY, set);
  for (const listener of listeners) listener();
}

/** A kind's name as a side writes it in a kanji set (the king: 玉 for Black, 王 for White). */
export function kanjiOf(kind: PieceKind, black: boolean, set: PieceSetId): string {
  const [b, w] = (set === "kanji1" ? kind.kanjiOne : kind.kanji).split("/");
  return black ? b : (w ?? b);
}

/** A piece's face as HTML text (the movement diagram's title). */
export function faceNodes(kind: PieceKind, black: boolean, set: PieceSetId): Node[] {
  return set === "latin"
    ? [document.createTextNode(kind.abbr)]
    : kanjiNodes(kanjiOf(kind, black, set));
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name: string, attrs: Record<string, string | number>, parent: Element): Element {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

/** Draws the face of a piece of `kind` (`null`: a token the table lacks) into `g`, in the
 * square of side `s` whose top-left corner is (x, y); `promoted`: in red. */
export function drawFace(
  g: Element,
  kind: PieceKind | undefined,
  token: string,
  black: boolean,
  set: PieceSetId,
  x: number,
  y: number,
  s: number,
): void {
  const cls = token.startsWith("+") ? "piece-text promoted" : "piece-text";
  if (set === "latin" || !kind) {
    const text = kind?.abbr ?? token;
    const t = svgEl("text", { x: x + s / 2, y: y + s * 0.47, class: `${cls} latin` }, g);
    t.setAttribute("font-size", String(text.length > 2 ? s * 0.24 : s * 0.3));
    t.textContent = text;
    if (kind) drawMoveMap(g, kind.diagram, x + s / 2, y + s * 0.71, s * 0.21, cls);
    return;
  }
  const chars = Array.from(kanjiOf(kind, black, set));
  // One kanji, large; two (or dai dai's few names no single kanji tells apart) stacked.
  const size = chars.length === 1 ? s * 0.5 : chars.length > 2 ? s * 0.22 : s * 0.3;
  chars.forEach((c, i) => {
    const cy =
      chars.length === 1
        ? y + s * 0.74
        : y + s * 0.25 + size * (i + 1) * (chars.length > 2 ? 0.95 : 0.98);
    for (const t of glyphTexts(c, x + s / 2, cy, size)) {
      t.setAttribute("class", cls);
      g.appendChild(t);
    }
  });
}

/** The movement diagram (7×7, the piece in the middle, forward up) as a small map centred
 * at (cx, cy), `r` from the centre to the edge: a line to the edge for a slide, a dot for each
 * square a step, a jump or lion power reaches (jumps and lion power in their own colours). */
function drawMoveMap(
  g: Element,
  diagram: string,
  cx: number,
  cy: number,
  r: number,
  cls: string,
): void {
  const map = svgEl("g", { class: `move-map ${cls.includes("promoted") ? "promoted" : ""}` }, g);
  const step = r / 3;
  svgEl("circle", { cx, cy, r: step * 0.45, class: "map-self" }, map);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const ray = [1, 2, 3].map((d) => diagram[(3 + dy * d) * 7 + 3 + dx * d]);
      const slide = ray.some((c) => c === "s" || c === "h");
      if (!slide) continue;
      const end = { x2: cx + dx * r, y2: cy + dy * r };
      svgEl(
        "line",
        { x1: cx, y1: cy, ...end, class: ray.includes("h") ? "map-hook" : "map-slide" },
        map,
      );
    }
  }
  for (let i = 0; i < 49; i++) {
    const c = diagram[i];
    if (c !== "o" && c !== "j" && c !== "l") continue;
    const dx = (i % 7) - 3;
    const dy = Math.floor(i / 7) - 3;
    const kind = c === "o" ? "map-step" : c === "j" ? "map-jump" : "map-lion";
    svgEl("circle", { cx: cx + dx * step, cy: cy + dy * step, r: step * 0.36, class: kind }, map);
  }
}
