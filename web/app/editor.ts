// The board editor's state (docs/web.md, "The board editor"): the pieces on the squares, the
// side to move and chu's counter-strike square, edited square by square, and written as SFEN
// (docs/sfen.md) for the engine to judge. Notation only: whether a position is a game is the
// engine's answer (`checkposition`), and which kinds exist and promote comes from `pieces`.

import { type BoardPiece, parseBoard, squareCoords } from "./sfen.js";

/** What a press on a square does: put a palette piece there, or one of the tools. */
export type Tool =
  | { kind: "piece"; piece: BoardPiece }
  | { kind: "move" }
  | { kind: "erase" }
  | { kind: "flip" }
  | { kind: "promote" }
  | { kind: "counter" };

export class EditedPosition {
  /** Pieces indexed `[rank][file]`, as `parseBoard` gives them. */
  board: (BoardPiece | null)[][];
  side: "b" | "w";
  /** Chu's counter-strike square (the SFEN's third field), or null. */
  counter: string | null = null;

  constructor(
    readonly size: number,
    sfen: string,
  ) {
    this.board = parseBoard(sfen, size);
    const fields = sfen.split(" ");
    this.side = fields[1] === "w" ? "w" : "b";
    if (size === 12 && /^\d+[a-l]$/.test(fields[2] ?? "")) this.counter = fields[2];
  }

  at(square: string): BoardPiece | null {
    const [f, r] = squareCoords(square);
    return this.board[r]?.[f] ?? null;
  }

  put(square: string, piece: BoardPiece | null): void {
    const [f, r] = squareCoords(square);
    this.board[r][f] = piece;
    if (square === this.counter && !piece) this.counter = null;
  }

  /** Moves the piece on `from` to `to` (whatever stood there goes). */
  move(from: string, to: string): void {
    const p = this.at(from);
    if (!p || from === to) return;
    const counter = this.counter === from ? to : this.counter;
    this.put(to, p);
    this.put(from, null);
    this.counter = counter;
  }

  /** Every square empty, no counter-strike square. */
  clear(): void {
    this.board = this.board.map((row) => row.map(() => null));
    this.counter = null;
  }

  /** The position as SFEN: chu's four fields, dai dai's three; move number 1. */
  sfen(): string {
    const ranks = this.board.map((row) => {
      let text = "";
      let empty = 0;
      // Files from the highest number down.
      for (const p of [...row].reverse()) {
        if (!p) {
          empty++;
          continue;
        }
        if (empty) text += String(empty);
        empty = 0;
        text += pieceText(p);
      }
      return empty ? text + String(empty) : text;
    });
    const board = `${ranks.join("/")} ${this.side}`;
    return this.size === 12 ? `${board} ${this.counter ?? "-"} 1` : `${board} 1`;
  }

  /** What a press on `square` with `tool` does to the position (`kinds`: the engine's piece
   * kinds, for the promoted forms); true when something changed. */
  apply(tool: Tool, square: string, kinds: Map<string, unknown>): boolean {
    const p = this.at(square);
    switch (tool.kind) {
      case "piece": {
        const same = p && p.token === tool.piece.token && p.black === tool.piece.black;
        // The same piece again takes it off (a second click undoes the first).
        this.put(square, same ? null : { ...tool.piece });
        return true;
      }
      case "erase":
        this.put(square, null);
        return p !== null;
      case "flip":
        if (p) this.put(square, { ...p, black: !p.black });
        return p !== null;
      case "promote": {
        if (!p) return false;
        const other = p.token.startsWith("+") ? p.token.slice(1) : `+${p.token}`;
        if (!kinds.has(other)) return false;
        this.put(square, { ...p, token: other });
        return true;
      }
      case "counter":
        if (this.size !== 12) return false;
        this.counter = this.counter === square ? null : square;
        return true;
      case "move":
        return false;
    }
  }
}

/** A piece's SFEN text: `+` if promoted, the token (in parentheses when longer than a letter),
 * uppercase for Black. */
export function pieceText(p: BoardPiece): string {
  const promoted = p.token.startsWith("+");
  const base = promoted ? p.token.slice(1) : p.token;
  const text = base.length > 1 ? `(${base})` : base;
  return (promoted ? "+" : "") + (p.black ? text.toUpperCase() : text);
}

/** The palette's pieces for one side, unpromoted kinds first and then the promoted forms,
 * each group in the engine's order (`pieces`), padded with gaps (null) so that the promoted
 * forms start a row of their own in a grid `columns` wide. */
export function paletteOrder(
  tokens: string[],
  black: boolean,
  columns: number,
): (BoardPiece | null)[] {
  const plain = tokens.filter((t) => !t.startsWith("+"));
  const promoted = tokens.filter((t) => t.startsWith("+"));
  const gap = (columns - (plain.length % columns)) % columns;
  return [
    ...plain.map((token) => ({ token, black })),
    ...Array<null>(gap).fill(null),
    ...promoted.map((token) => ({ token, black })),
  ];
}
