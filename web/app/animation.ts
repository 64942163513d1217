// Pieces slide when the board changes by one move: played on the board or by Shishi, or
// stepped through forwards or backwards. Which piece moved is read from the two boards as
// drawn (notation, no rule): the one piece of a side that left a square and the one of the
// same side that appeared on another. A lion's double move slides straight from its origin to
// where it ends (a piece walked leg by leg on the board slides from where it was last drawn).
// Anything else (a new game, a jump of several moves, an igui, where the mover stays) is drawn
// at once. A moved piece stays in place, unseen, while a copy slides over the board: what a
// test or a pointer finds on the board is where the move left it. Off when the system asks for
// reduced motion (`prefers-reduced-motion: reduce`) and by the page's setting (kept).

import { keepChoice, keptChoice } from "./persistence.js";
import type { BoardPiece } from "./sfen.js";

/** How long a slide takes, in ms. */
export const DURATION = 180;

const KEY = "shishi.animate";

let enabled: boolean | null = null;

/** The page's setting (on by default). */
export function animationSetting(): boolean {
  return (enabled ??= keptChoice(KEY, ["on", "off"], "on") === "on");
}

export function setAnimation(on: boolean): void {
  enabled = on;
  keepChoice(KEY, on ? "on" : "off");
}

/** Whether pieces slide now: the setting, unless the system asks for reduced motion. */
export function animating(): boolean {
  return animationSetting() && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Called for every slide started (the test hook lists them). */
export const animationLog: { onSlide: ((from: string, to: string) => void) | null } = {
  onSlide: null,
};

type Board = (BoardPiece | null)[][];

/** The one piece that moved from `before` to `after` ([rank, file] of each square), `same`
 * for boards alike, or null when they differ otherwise. A capture's victim (the other side) only disappears, or
 * on a step back reappears; the mover may change its token (promotion). */
export function movedPiece(
  before: Board,
  after: Board,
): { from: [number, number]; to: [number, number] } | "same" | null {
  const left: { b: [number, number][]; w: [number, number][] } = { b: [], w: [] };
  const came: { b: [number, number][]; w: [number, number][] } = { b: [], w: [] };
  const n = Math.max(before.length, after.length);
  for (let r = 0; r < n; r++) {
    for (let f = 0; f < Math.max(before[r]?.length ?? 0, after[r]?.length ?? 0); f++) {
      const was = before[r]?.[f] ?? null;
      const is = after[r]?.[f] ?? null;
      if (was?.token === is?.token && was?.black === is?.black) continue;
      if (was) left[was.black ? "b" : "w"].push([r, f]);
      if (is) came[is.black ? "b" : "w"].push([r, f]);
    }
  }
  const sides = ["b", "w"] as const;
  if (sides.every((s) => !left[s].length && !came[s].length)) return "same";
  // The mover's side has exactly one square left and one reached; the other side only lost
  // (a capture) or only regained (a capture stepped back) pieces.
  const side = sides.find((s) => left[s].length === 1 && came[s].length === 1);
  if (!side) return null;
  const other = side === "b" ? "w" : "b";
  if (left[other].length && came[other].length) return null;
  return { from: left[side][0], to: came[side][0] };
}

/** A slide under way: the piece's copy, where it goes, when it started. */
interface Slide {
  to: string;
  dx: number;
  dy: number;
  started: number;
}

/** Slides on one board: `start` after the board is drawn anew with a moved piece; `redraw`
 * after any drawing while a slide runs (the drawing replaced the copy: it goes on where it
 * was). */
export class PieceAnimator {
  private slide: Slide | null = null;

  constructor(private readonly svg: SVGSVGElement) {}

  /** The piece drawn on `to` came from `dx, dy` (SVG units) away. */
  start(from: string, to: string, dx: number, dy: number): void {
    this.slide = null;
    if (!animating()) return;
    animationLog.onSlide?.(from, to);
    this.slide = { to, dx, dy, started: performance.now() };
    this.redraw();
  }

  /** No slide (the board changed otherwise, or the player dropped the piece there). */
  stop(): void {
    this.slide = null;
  }

  /** Puts the sliding copy back after the board was drawn again (nothing once it ended). */
  redraw(): void {
    const s = this.slide;
    if (!s) return;
    const elapsed = performance.now() - s.started;
    const piece = this.svg.querySelector<SVGGElement>(`g.piece[data-square="${s.to}"]`);
    if (elapsed >= DURATION || !piece) {
      this.slide = null;
      return;
    }
    // A copy of the piece (its own turn for White kept), in a group the slide translates; the
    // piece itself stays on its square, unseen, until the copy arrives.
    const copy = piece.cloneNode(true) as SVGGElement;
    for (const a of ["class", "data-square", "data-token"]) copy.removeAttribute(a);
    copy.querySelector("title")?.remove();
    const wrap = document.createElementNS("http://www.w3.org/2000/svg", "g");
    wrap.setAttribute("class", "sliding");
    wrap.appendChild(copy);
    this.svg.appendChild(wrap);
    piece.classList.add("slid");
    const animation = wrap.animate(
      [{ transform: `translate(${s.dx}px, ${s.dy}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: DURATION, easing: "ease-out", fill: "both" },
    );
    animation.currentTime = elapsed;
    animation.onfinish = () => {
      wrap.remove();
      piece.classList.remove("slid");
      if (this.slide === s) this.slide = null;
    };
  }
}
