// Reading the board field of an SFEN to draw it (docs/sfen.md): notation only, no rule.
// Ranks from a (top, White's side) down; files from the highest number (left, as Black sees
// the board) to 1; digits are runs of empty squares; one-letter tokens bare, longer ones in
// parentheses; `+` before a token marks a promoted piece; uppercase is Black.

/** A piece on a square: its kind token as `pieces` names it (`n`, `+e`, `ea`) and owner. */
export interface BoardPiece {
  token: string;
  black: boolean;
}

/** Square name (`7g`) of a file index (0 = file 1) and rank index (0 = rank a). */
export function squareName(file: number, rank: number): string {
  return `${file + 1}${String.fromCharCode(97 + rank)}`;
}

/** File and rank indices of a square name. */
export function squareCoords(name: string): [number, number] {
  const m = /^(\d+)([a-q])$/.exec(name);
  if (!m) throw new Error(`not a square: ${name}`);
  return [Number(m[1]) - 1, m[2].charCodeAt(0) - 97];
}

/** The squares a USI move names (origin, then every landing square) and its `+`. */
export function moveSquares(move: string): { squares: string[]; promote: boolean } {
  return { squares: move.match(/\d+[a-q]/g) ?? [], promote: move.endsWith("+") };
}

/** The pieces of an SFEN's board field, indexed `[rank][file]` (file 0 = file 1). */
export function parseBoard(sfen: string, size: number): (BoardPiece | null)[][] {
  const ranks = sfen.split(" ")[0].split("/");
  const board: (BoardPiece | null)[][] = [];
  for (let r = 0; r < size; r++) {
    const row: (BoardPiece | null)[] = [];
    const text = ranks[r] ?? "";
    let i = 0;
    while (i < text.length) {
      const digits = /^\d+/.exec(text.slice(i));
      if (digits) {
        for (let k = 0; k < Number(digits[0]); k++) row.push(null);
        i += digits[0].length;
        continue;
      }
      let promoted = false;
      if (text[i] === "+") {
        promoted = true;
        i++;
      }
      let token: string;
      if (text[i] === "(") {
        const end = text.indexOf(")", i);
        token = text.slice(i + 1, end);
        i = end + 1;
      } else {
        token = text[i];
        i++;
      }
      const black = token === token.toUpperCase();
      row.push({ token: (promoted ? "+" : "") + token.toLowerCase(), black });
    }
    // The field lists files from the highest number down: reverse to index by file.
    board.push(row.slice(0, size).reverse());
  }
  return board;
}

/** Side to move of an SFEN. */
export function sideToMove(sfen: string): "b" | "w" {
  return sfen.split(" ")[1] === "w" ? "w" : "b";
}

/** The move number field of an SFEN (plies from 1): chu's fourth field, dai dai's last. */
export function moveNumber(sfen: string): number {
  const fields = sfen.split(" ").slice(2);
  const number = fields.filter((f) => /^\d+$/.test(f)).pop();
  return number ? Number(number) : 1;
}
