// Writing moves for people in the notation a player chooses: Hodges (the engine's readable
// notation, chu.md §9), USI (the engine's own move text) or traditional Japanese (▲７六歩兵,
// △同歩兵, 成/不成, a lion's double move with both squares, the origin where two pieces of a
// kind could make the move), with the pieces' full names or their one-kanji names (▲７六歩,
// the engine's `pieces` table has both). Formatting only: which piece moved, whether it captured or
// promoted, and the squares of its path all come from the engine — its Hodges text names the
// piece (its abbreviation, `+` for a promoted one; the `pieces` table gives the kanji) and,
// where needed, its origin; `x!` marks an igui, `=` a declined promotion, and the USI move
// lists every square. No rule is decided here.

import type { PieceKind } from "./rules-client.js";
import { moveSquares } from "./sfen.js";

export type NotationStyle = "hodges" | "usi" | "japanese" | "japanese1";

export const NOTATION_STYLES: readonly NotationStyle[] = ["hodges", "usi", "japanese", "japanese1"];

/** What the engine said about one move. */
export interface MoveFacts {
  usi: string;
  /** The engine's Hodges text of the move (`notation`). */
  hodges: string;
  /** The side that plays it. */
  side: "b" | "w";
}

const RANK_KANJI = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];

/** A rank number in kanji numerals (1 一 … 10 十, 11 十一 … 17 十七). */
export function kanjiNumber(n: number): string {
  return n <= 10 ? RANK_KANJI[n] : `十${RANK_KANJI[n - 10]}`;
}

/** A kanji numeral back to its number (`null` for anything else). */
export function numberOfKanji(text: string): number | null {
  const m = /^(十)?([一二三四五六七八九])?$/.exec(text);
  if (!m || text === "") return null;
  return (m[1] ? 10 : 0) + (m[2] ? RANK_KANJI.indexOf(m[2]) : 0);
}

/** Digits to full-width digits (`10` → `１０`). */
export function fullWidth(digits: string): string {
  return digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
}

/** A square in Japanese: full-width file, kanji rank (`7g` → `７七`, `10l` → `１０十二`);
 * `half`: the file in ordinary digits (`7七`), as lishogi's chu KIF writes it. */
export function japaneseSquare(square: string, half = false): string {
  const m = /^(\d+)([a-q])$/.exec(square);
  if (!m) return square;
  const rank = kanjiNumber(m[2].charCodeAt(0) - 96);
  return `${half ? m[1] : fullWidth(m[1])}${rank}`;
}

/** The piece kind a Hodges text names (`P-7h` pawn, `+S-3d` promoted silver, `Lnx6fx6e`). */
export function hodgesPiece(
  hodges: string,
  kinds: ReadonlyMap<string, PieceKind>,
): PieceKind | undefined {
  const m = /^(\+?)([A-Z][A-Za-z]*?)(?=\d|[-x]|$)/.exec(hodges);
  if (!m) return undefined;
  for (const [token, kind] of kinds) {
    if (token.startsWith("+") || kind.abbr !== m[2]) continue;
    return m[1] ? kinds.get(`+${token}`) : kind;
  }
  return undefined;
}

/** A piece's kanji as a side writes it: the king is 玉将 for Black, 王将 for White; `one`: the
 * one-kanji name (玉, 王). */
export function pieceKanji(
  kind: PieceKind | undefined,
  side: "b" | "w",
  fallback: string,
  one = false,
): string {
  if (!kind) return fallback;
  const [black, white] = (one ? kind.kanjiOne : kind.kanji).split("/");
  return side === "w" && white ? white : black;
}

/** The parts of a move that Japanese notation writes. */
export interface JapaneseMove {
  /** ▲ or △. */
  mark: string;
  kanji: string;
  /** Origin, then every landing square. */
  squares: string[];
  promote: boolean;
  declined: boolean;
  igui: boolean;
}

export function japaneseParts(
  facts: MoveFacts,
  kinds: ReadonlyMap<string, PieceKind>,
  one = false,
): JapaneseMove {
  const { squares, promote } = moveSquares(facts.usi);
  const abbr = /^\+?[A-Z][A-Za-z]*/.exec(facts.hodges)?.[0] ?? facts.hodges;
  return {
    mark: facts.side === "b" ? "▲" : "△",
    kanji: pieceKanji(hodgesPiece(facts.hodges, kinds), facts.side, abbr, one),
    squares,
    promote,
    declined: facts.hodges.endsWith("="),
    igui: facts.hodges.includes("!"),
  };
}

/** One move in traditional Japanese notation; `previous`: the move before it (its landing
 * square written 同 when this one lands there too); `one`: with one-kanji names. */
export function japaneseMove(
  facts: MoveFacts,
  kinds: ReadonlyMap<string, PieceKind>,
  previous: string | null,
  one = false,
): string {
  const j = japaneseParts(facts, kinds, one);
  const [origin, ...steps] = j.squares;
  // Where another piece of the kind could make the same move, the engine's Hodges text names
  // the origin (`G5h-4g`): so does this one, after the move (`▲４七金将（５八）`).
  const from = /^\+?[A-Z][A-Za-z]*?\d/.test(facts.hodges.split(/[-x]/)[0])
    ? `（${japaneseSquare(origin)}）`
    : "";
  const suffix = (j.promote ? "成" : j.declined ? "不成" : "") + from;
  const to = steps.at(-1) ?? origin;
  if (steps.length === 1) {
    const prevTo = previous ? moveSquares(previous).squares.at(-1) : undefined;
    return `${j.mark}${to === prevTo ? "同" : japaneseSquare(to)}${j.kanji}${suffix}`;
  }
  // A lion's two steps: igui (capture and back), a pass (out and back), or both squares.
  if (to === origin) {
    return j.igui
      ? `${j.mark}${japaneseSquare(steps[0])}${j.kanji}居喰い${from}`
      : `${j.mark}${j.kanji}じっと${from}`;
  }
  return `${j.mark}${steps.map((s) => japaneseSquare(s)).join("・")}${j.kanji}${suffix}`;
}

/** One move in the chosen notation. */
export function formatMove(
  style: NotationStyle,
  facts: MoveFacts,
  kinds: ReadonlyMap<string, PieceKind>,
  previous: string | null,
): string {
  if (style === "usi") return facts.usi;
  if (style === "hodges") return facts.hodges;
  return japaneseMove(facts, kinds, previous, style === "japanese1");
}

/** Writes one move in the notation the player chose (`previous`: the move before it). */
export type Formatter = (facts: MoveFacts, previous: string | null) => string;

/** The side that plays the move at `ply` (1: the first move) of a game whose first move is
 * `first`'s: the sides take turns. */
export function sideAtPly(first: "b" | "w", ply: number): "b" | "w" {
  return (ply % 2 === 1) === (first === "b") ? "b" : "w";
}

/** A line of moves from a position where `side` is to move (an engine line); `previous`: the
 * move that led to that position. */
export function formatLine(
  format: Formatter,
  usi: string[],
  hodges: string[],
  side: "b" | "w",
  previous: string | null,
): string[] {
  let s = side;
  let prev = previous;
  return usi.map((m, i) => {
    const text = format({ usi: m, hodges: hodges[i] ?? m, side: s }, prev);
    s = s === "b" ? "w" : "b";
    prev = m;
    return text;
  });
}
