// The board as SVG, for 12×12 and 17×17 alike: squares, coordinates (file numbers along the
// top, rank letters down the right, as in Japanese diagrams), pieces as shogi pentagons with
// the chosen set's faces (piece-sets.ts; promoted ones in red), and the highlights of move
// entry and analysis. It draws what it is given and reports pointer events as square names; it
// knows no rule.

import { sideName, t } from "./i18n.js";
import { drawFace, type PieceSetId } from "./piece-sets.js";
import { movedPiece, PieceAnimator } from "./animation.js";
import { type BoardPiece, squareCoords, squareName } from "./sfen.js";
import type { PieceKind } from "./rules-client.js";
import type { Shape } from "./shapes.js";

const SVG = "http://www.w3.org/2000/svg";
/** Side of a square in SVG units (the drawing scales to any size). */
const S = 60;
/** Room for the coordinates. */
const M = 26;
/** The best-move arrow's head: its length and width, and how far its tip stops short of a
 * captured piece's centre (the kanji reach about 0.36 of a square from it). */
const HEAD = 24;
const TIP_FROM_CENTRE = S * 0.42;

/** Everything the board shows. */
export interface BoardState {
  size: number;
  pieces: (BoardPiece | null)[][];
  kinds: Map<string, PieceKind>;
  flipped: boolean;
  /** How the pieces are drawn (piece-sets.ts). */
  pieceSet: PieceSetId;
  /** Squares of the move being entered (origin first). */
  path: string[];
  /** Squares the move being entered may continue to. */
  targets: Set<string>;
  lastMove: string[];
  /** The best move's squares, drawn as an arrow. */
  arrow: string[] | null;
  /** The side in check, whose royal pieces are marked. */
  check: "b" | "w" | null;
  /** Squares of the player's premove (entered while the engine thinks). */
  premove: string[];
  /** The player's arrows and circles (shapes.ts). */
  shapes: Shape[];
}

export interface BoardEvents {
  down(square: string, e: PointerEvent): void;
  up(square: string | null, e: PointerEvent): void;
  /** The browser took the press over (a touch that became a scroll): no `up` comes. */
  cancel(): void;
  hover(square: string | null, e: PointerEvent): void;
  /** Enter or Space on the keyboard cursor's square: what a click there does. */
  activate(square: string): void;
  /** The keyboard cursor moved to `square`. */
  cursor(square: string): void;
}

/** Arrow keys as steps across the board as drawn: [column, row]. */
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export class BoardView {
  readonly svg: SVGSVGElement;
  private state: BoardState | null = null;
  private ghost: SVGGElement | null = null;
  /** The keyboard cursor's square (column and row as drawn), while the board has focus. */
  private cursorAt: [number, number] | null = null;
  /** Whether a pointer pressed the board since it last lost focus. */
  private pressed = false;
  /** The board last drawn, to find the piece a move slid (animation.ts). */
  private drawn: BoardState | null = null;
  private readonly animator: PieceAnimator;
  /** Where the last drag let its piece go: a move that lands there does not slide again. */
  private droppedOn: string | null = null;

  constructor(
    parent: HTMLElement,
    private readonly events: BoardEvents,
  ) {
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("class", "board");
    // Focusable, so that a keyboard alone can enter moves: arrows move a cursor over the
    // squares, Enter or Space acts as a click there.
    this.svg.setAttribute("role", "application");
    this.svg.setAttribute("tabindex", "0");
    parent.appendChild(this.svg);
    this.animator = new PieceAnimator(this.svg);
    this.svg.addEventListener("keydown", (e) => this.key(e));
    // A press focuses the board too, but a pointer user's arrow keys step through the game as
    // elsewhere on the page: the cursor appears only when the board is focused otherwise (Tab).
    this.svg.addEventListener("focus", () => {
      if (!this.pressed) this.showCursor();
    });
    this.svg.addEventListener("blur", () => {
      this.pressed = false;
      this.cursorAt = null;
      if (this.state) this.render(this.state);
    });
    this.svg.addEventListener("pointerdown", (e) => {
      this.pressed = true;
      this.droppedOn = null;
      // The pointer takes over from the keyboard cursor (hidden before the press is handled,
      // which may start a drag on the redrawn board).
      if (this.cursorAt && this.state) {
        this.cursorAt = null;
        this.render(this.state);
      }
      const sq = this.squareAt(e);
      if (sq) {
        e.preventDefault();
        this.events.down(sq, e);
      }
    });
    // The right button is the board's (it drops a premove), not the context menu's.
    this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.svg.addEventListener("pointermove", (e) => {
      if (this.ghost) this.moveGhost(e);
      this.events.hover(this.squareAt(e), e);
    });
    this.svg.addEventListener("pointerleave", (e) => this.events.hover(null, e));
    // While a piece is dragged, the finger moves it instead of scrolling the page: the
    // touch's moves are held only then (a non-passive listener may cancel the scroll).
    this.svg.addEventListener(
      "touchmove",
      (e) => {
        if (this.ghost) e.preventDefault();
      },
      { passive: false },
    );
    window.addEventListener("pointerup", (e) => {
      const sq = this.squareAt(e);
      if (this.ghost) this.droppedOn = sq;
      this.endDrag();
      this.events.up(sq, e);
    });
    window.addEventListener("pointercancel", () => {
      this.endDrag();
      this.events.cancel();
    });
  }

  private showCursor(): void {
    if (!this.state) return;
    const n = this.state.size;
    // Start on the middle of the near side of the board as drawn (the player's pieces).
    this.cursorAt ??= [Math.floor(n / 2), n - 3];
    this.moveCursor(0, 0);
  }

  private key(e: KeyboardEvent): void {
    if (!this.state) return;
    if (!this.cursorAt) return;
    const step = ARROWS[e.key];
    if (step) this.moveCursor(step[0], step[1]);
    else if (e.key === "Enter" || e.key === " ") this.events.activate(this.cursorSquare()!);
    else return;
    // Arrows here move the cursor, not through the game (the page's own arrow keys).
    e.preventDefault();
    e.stopPropagation();
  }

  private moveCursor(dc: number, dr: number): void {
    const n = this.state!.size;
    const [c, r] = this.cursorAt!;
    this.cursorAt = [Math.max(0, Math.min(n - 1, c + dc)), Math.max(0, Math.min(n - 1, r + dr))];
    this.render(this.state!);
    this.events.cursor(this.cursorSquare()!);
  }

  private cursorSquare(): string | null {
    if (!this.cursorAt || !this.state) return null;
    const n = this.state.size;
    const [col, row] = this.cursorAt;
    const [file, rank] = this.state.flipped ? [col, n - 1 - row] : [n - 1 - col, row];
    return squareName(file, rank);
  }

  /** Square under a pointer, or null off the board. */
  squareAt(e: { clientX: number; clientY: number }): string | null {
    if (!this.state) return null;
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const col = Math.floor(p.x / S);
    const row = Math.floor((p.y - M) / S);
    const n = this.state.size;
    if (col < 0 || row < 0 || col >= n || row >= n) return null;
    const [file, rank] = this.state.flipped ? [col, n - 1 - row] : [n - 1 - col, row];
    return squareName(file, rank);
  }

  /** A square's box in CSS pixels, relative to the board's top-left corner (for popups
   * placed on the board, such as the promotion choice). */
  squareBox(square: string): { left: number; top: number; size: number } {
    const [x, y] = this.corner(square);
    const k = this.svg.clientWidth / Number(this.svg.getAttribute("viewBox")!.split(" ")[2]);
    return { left: x * k, top: y * k, size: S * k };
  }

  /** Top-left corner of a square in SVG units. */
  private corner(square: string): [number, number] {
    const n = this.state!.size;
    const [file, rank] = squareCoords(square);
    const [col, row] = this.state!.flipped ? [file, n - 1 - rank] : [n - 1 - file, rank];
    return [col * S, M + row * S];
  }

  render(state: BoardState): void {
    this.state = state;
    const n = state.size;
    const svg = this.svg;
    svg.setAttribute("viewBox", `0 0 ${n * S + M} ${n * S + M + 2}`);
    svg.setAttribute("aria-label", t("board.label", { n }));
    svg.replaceChildren();
    const el = (name: string, attrs: Record<string, string | number>, parent: Element = svg) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      parent.appendChild(e);
      return e;
    };
    el("rect", { x: 0, y: M, width: n * S, height: n * S, class: "wood" });
    const marked = (sq: string, cls: string) => {
      const [x, y] = this.corner(sq);
      el("rect", { x, y, width: S, height: S, class: cls });
    };
    for (const sq of state.lastMove) marked(sq, "last");
    state.pieces.forEach((row, rank) =>
      row.forEach((p, file) => {
        const royal = p && state.check && state.kinds.get(p.token)?.royal;
        if (royal && p.black === (state.check === "b")) marked(squareName(file, rank), "checked");
      }),
    );
    for (const sq of state.path) marked(sq, "chosen");
    for (const sq of state.premove) marked(sq, "premove");
    for (let i = 0; i <= n; i++) {
      el("line", { x1: i * S, y1: M, x2: i * S, y2: M + n * S, class: "grid" });
      el("line", { x1: 0, y1: M + i * S, x2: n * S, y2: M + i * S, class: "grid" });
    }
    if (n === 12) {
      // The four dots of a chu board, at the corners of the promotion zones.
      for (const [a, b] of [
        [4, 4],
        [8, 4],
        [4, 8],
        [8, 8],
      ]) {
        el("circle", { cx: a * S, cy: M + b * S, r: 4, class: "dot" });
      }
    }
    for (let i = 0; i < n; i++) {
      const file = state.flipped ? i + 1 : n - i;
      el("text", { x: i * S + S / 2, y: M - 8, class: "coord" }).textContent = String(file);
      const rank = state.flipped ? n - 1 - i : i;
      const t = el("text", { x: n * S + M / 2, y: M + i * S + S / 2 + 5, class: "coord" });
      t.textContent = String.fromCharCode(97 + rank);
    }
    for (let rank = 0; rank < n; rank++) {
      for (let file = 0; file < n; file++) {
        const p = state.pieces[rank]?.[file];
        if (p) this.drawPiece(el, squareName(file, rank), p);
      }
    }
    for (const sq of state.targets) {
      const [x, y] = this.corner(sq);
      const [file, rank] = squareCoords(sq);
      const occupied = state.pieces[rank]?.[file];
      if (occupied && !state.path.includes(sq)) {
        const frame = { x: x + 3, y: y + 3, width: S - 6, height: S - 6 };
        el("rect", { ...frame, class: "target-capture", "data-target": sq });
      } else {
        el("circle", {
          cx: x + S / 2,
          cy: y + S / 2,
          r: S / 7,
          class: "target",
          "data-target": sq,
        });
      }
    }
    if (state.arrow && state.arrow.length >= 2) this.drawArrow(el, state.arrow, "best");
    for (const shape of state.shapes) {
      const [x, y] = this.corner(shape.from);
      if (shape.from !== shape.to) this.drawArrow(el, [shape.from, shape.to], shape.brush);
      else {
        const ring = { cx: x + S / 2, cy: y + S / 2, r: S * 0.45, "data-square": shape.from };
        el("circle", { ...ring, class: `ring ${shape.brush}` });
      }
    }
    const cursor = this.cursorSquare();
    svg.dataset.cursor = cursor ?? "";
    if (cursor) {
      const [x, y] = this.corner(cursor);
      el("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: "cursor" });
    }
    this.slide(state);
  }

  /** Slides the piece that moved since the last drawing (one move played or stepped through;
   * not one the player just dropped there), or goes on with a slide under way. */
  private slide(state: BoardState): void {
    const before = this.drawn;
    this.drawn = state;
    const alike = before && before.size === state.size && before.flipped === state.flipped;
    const moved = alike ? movedPiece(before.pieces, state.pieces) : null;
    if (moved === "same") return this.animator.redraw();
    const [from, to] = moved ? [moved.from, moved.to].map(([r, f]) => squareName(f, r)) : [];
    if (!moved || to === this.droppedOn) {
      this.droppedOn = null;
      return this.animator.stop();
    }
    const [[x0, y0], [x1, y1]] = [this.corner(from), this.corner(to)];
    this.animator.start(from, to, x0 - x1, y0 - y1);
  }

  private drawPiece(
    el: (name: string, attrs: Record<string, string | number>, parent?: Element) => Element,
    square: string,
    p: BoardPiece,
  ): SVGGElement {
    const [x, y] = this.corner(square);
    const kind = this.state!.kinds.get(p.token);
    const g = el("g", { class: "piece", "data-square": square, "data-token": p.token });
    const up = p.black !== this.state!.flipped;
    if (!up) g.setAttribute("transform", `rotate(180 ${x + S / 2} ${y + S / 2})`);
    el(
      "path",
      {
        d: `M${x + S / 2} ${y + 4} L${x + S - 9} ${y + 13} L${x + S - 6} ${y + S - 4} L${x + 6} ${
          y + S - 4
        } L${x + 9} ${y + 13} Z`,
        class: "piece-body",
      },
      g,
    );
    drawFace(g, kind, p.token, p.black, this.state!.pieceSet, x, y, S);
    const name = kind
      ? t("board.piece", { side: sideName(p.black ? "b" : "w"), name: kind.name, square })
      : square;
    el("title", {}, g).textContent = name;
    return g as SVGGElement;
  }

  private drawArrow(
    el: (name: string, attrs: Record<string, string | number>, parent?: Element) => Element,
    squares: string[],
    brush: string,
  ): void {
    // The head (board units) begins where the line ends. Its tip is the target square's
    // centre, or on a capture short of it, inside the square: the piece keeps its kanji
    // readable. One head per colour (`brush`: the best move's or a drawn arrow's).
    const id = `arrowhead-${brush}`;
    if (!this.svg.querySelector(`#${id}`)) {
      const marker = el(
        "marker",
        {
          id,
          markerUnits: "userSpaceOnUse",
          markerWidth: HEAD,
          markerHeight: HEAD,
          refX: 0,
          refY: HEAD / 2,
          orient: "auto",
        },
        el("defs", {}),
      );
      const head = `M0,0 L${HEAD},${HEAD / 2} L0,${HEAD} Z`;
      el("path", { d: head, class: `arrow-head ${brush}` }, marker);
    }
    const points = squares.map((sq) => {
      const [x, y] = this.corner(sq);
      return [x + S / 2, y + S / 2];
    });
    const [[x0, y0], [x1, y1]] = points.slice(-2);
    const length = Math.hypot(x1 - x0, y1 - y0);
    const target = this.svg.querySelector(`g.piece[data-square="${squares.at(-1)}"]`);
    const back = Math.min(length, (target ? TIP_FROM_CENTRE : 0) + HEAD) / length;
    if (length > 0) points[points.length - 1] = [x1 - (x1 - x0) * back, y1 - (y1 - y0) * back];
    el("polyline", {
      points: points.map((p) => p.join(",")).join(" "),
      class: `arrow ${brush}`,
      "marker-end": `url(#${id})`,
      "data-squares": squares.join(" "),
    });
  }

  /** Starts dragging the piece on `square`: a copy follows the pointer. */
  startDrag(square: string, e: PointerEvent): void {
    const piece = this.svg.querySelector(`g.piece[data-square="${square}"]`);
    if (!piece) return;
    this.ghost = piece.cloneNode(true) as SVGGElement;
    this.ghost.classList.add("ghost");
    this.ghost.classList.remove("slid");
    this.ghost.dataset.from = square;
    this.svg.appendChild(this.ghost);
    this.moveGhost(e);
  }

  private moveGhost(e: PointerEvent): void {
    const m = this.svg.getScreenCTM();
    if (!m || !this.ghost) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const [x, y] = this.corner(this.ghost.dataset.from!);
    const base = this.ghost.getAttribute("data-base") ?? this.ghost.getAttribute("transform") ?? "";
    this.ghost.setAttribute("data-base", base);
    this.ghost.setAttribute(
      "transform",
      `translate(${p.x - x - S / 2} ${p.y - y - S / 2}) ${base}`,
    );
  }

  private endDrag(): void {
    this.ghost?.remove();
    this.ghost = null;
  }
}

/** What is on the keyboard cursor's square, for a screen reader (`7h: empty, a move goes
 * here; chosen 7i`): `piece` the one there, `path` the squares chosen, `target` whether a
 * move goes there. */
export function cursorText(
  square: string,
  piece: { black: boolean; name: string } | null | undefined,
  path: string[],
  target: boolean,
): string {
  const side = piece && sideName(piece.black ? "b" : "w");
  const what = piece ? t("cursor.piece", { side: side!, name: piece.name }) : t("cursor.empty");
  const chosen = path.length ? t("cursor.chosen", { path: path.join(" ") }) : "";
  return `${square}: ${what}${target ? t("cursor.target") : ""}${chosen}`;
}
