// Entering a move square by square from the engine's list of legal moves (`legalmoves`) and
// the other paths that make them (`movepaths`: a pass through any empty neighbour, a leap as
// two steps), so that only legal moves can be entered, and each by any path a player may walk.
// A lion-like move is chosen leg by leg: after the origin the candidates are the paths' second
// squares; after a landing square X with continuations, the next squares, X again to stop
// there, the origin for igui or a pass. A finished path plays the move it stands for, in the
// engine's own notation.

import { t } from "./i18n.js";
import { type BoardPiece, moveSquares, squareCoords } from "./sfen.js";

/** What a click did. */
export type InputResult =
  | { kind: "none" }
  | { kind: "select" }
  | { kind: "continue" }
  | { kind: "cancel" }
  | { kind: "done"; move: string }
  | { kind: "promote"; withPromotion: string; without: string };

interface Parsed {
  /** The move as `legalmoves` writes it. */
  text: string;
  /** One path that makes it. */
  squares: string[];
}

export class MoveInput {
  private moves: Parsed[];
  /** Squares chosen so far: origin, then landing squares. */
  path: string[] = [];

  /** `paths`: for a move of `legal`, its other paths (`movepaths`), as USI square lists. */
  constructor(legal: string[], paths: ReadonlyMap<string, string[]> = new Map()) {
    this.moves = legal.flatMap((text) =>
      [text, ...(paths.get(text) ?? [])].map((path) => ({
        text,
        squares: moveSquares(path).squares,
      })),
    );
  }

  /** The listed move a typed path stands for (`6g7g6g` → the listed pass), or `null`. */
  canonical(typed: string): string | null {
    const { squares } = moveSquares(typed);
    const promote = typed.endsWith("+");
    const m = this.moves.find(
      (m) =>
        m.text.endsWith("+") === promote &&
        m.squares.length === squares.length &&
        m.squares.every((s, i) => s === squares[i]),
    );
    return m ? m.text : null;
  }

  /** The move a typed text stands for: a path plays its listed move (no second, identical
   * variation); any other text goes to the engine (`refuse`: rejects with what is wrong). */
  async typed(text: string, refuse: (move: string) => Promise<unknown>): Promise<string> {
    const move = this.canonical(text);
    if (move) return move;
    await refuse(text);
    throw new Error(t("entry.notPath", { move: text }));
  }

  /** Origins of the legal moves. */
  origins(): Set<string> {
    return new Set(this.moves.map((m) => m.squares[0]));
  }

  /** Squares that continue the move in progress (empty before an origin is chosen). */
  candidates(): Set<string> {
    const out = new Set<string>();
    if (this.path.length === 0) return out;
    for (const m of this.extending(this.path)) out.add(m.squares[this.path.length]);
    if (this.path.length > 1 && this.complete(this.path).length > 0) {
      out.add(this.path[this.path.length - 1]);
    }
    return out;
  }

  /** Whether a candidate square holds a capture is for the board to show; this says which
   * candidates end a move at once. */
  endsHere(square: string): boolean {
    const next = [...this.path, square];
    return this.extending(next).length === 0 && this.complete(next).length > 0;
  }

  reset(): void {
    this.path = [];
  }

  click(square: string): InputResult {
    if (this.path.length === 0) {
      if (!this.origins().has(square)) return { kind: "none" };
      this.path = [square];
      return { kind: "select" };
    }
    const last = this.path[this.path.length - 1];
    if (this.path.length > 1 && square === last) {
      return this.finish(this.complete(this.path));
    }
    const next = [...this.path, square];
    const continuing = this.extending(next);
    const complete = this.complete(next);
    if (continuing.length === 0 && complete.length === 0) {
      if (this.path.length === 1 && square !== last && this.origins().has(square)) {
        this.path = [square];
        return { kind: "select" };
      }
      this.path = [];
      return { kind: "cancel" };
    }
    if (continuing.length === 0) return this.finish(complete);
    this.path = next;
    return { kind: "continue" };
  }

  private finish(complete: Parsed[]): InputResult {
    this.path = [];
    const plain = complete.find((m) => !m.text.endsWith("+"));
    const promoting = complete.find((m) => m.text.endsWith("+"));
    if (plain && promoting) {
      return { kind: "promote", withPromotion: promoting.text, without: plain.text };
    }
    const move = plain ?? promoting;
    return move ? { kind: "done", move: move.text } : { kind: "cancel" };
  }

  /** Moves whose squares start with `path` and go on. */
  private extending(path: string[]): Parsed[] {
    return this.moves.filter(
      (m) => m.squares.length > path.length && path.every((s, i) => m.squares[i] === s),
    );
  }

  /** Moves whose squares are exactly `path` (with and without promotion). */
  private complete(path: string[]): Parsed[] {
    return this.moves.filter(
      (m) => m.squares.length === path.length && path.every((s, i) => m.squares[i] === s),
    );
  }
}

/** The board as drawn while a move is entered leg by leg: the piece stands on the last
 * square chosen, its origin empty (a target for a pass or igui back there), and what it
 * covers hidden until the move ends. The player sees the piece where they put it; a piece
 * dragged to a square from which it may go on does not jump back to its start. */
export function withPieceOnPath(
  pieces: (BoardPiece | null)[][],
  path: string[],
): (BoardPiece | null)[][] {
  if (path.length < 2) return pieces;
  const [fromFile, fromRank] = squareCoords(path[0]);
  const [atFile, atRank] = squareCoords(path[path.length - 1]);
  const drawn = pieces.map((row) => [...row]);
  drawn[fromRank][fromFile] = null;
  drawn[atRank][atFile] = pieces[fromRank][fromFile];
  return drawn;
}
