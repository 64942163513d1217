// KIF game records for chu and dai dai shogi, in the layout lishogi writes for chu (read from
// lishogi's KIF writer and shogiops' KIF reader; docs/web.md): a header of `name：value`
// lines, `手数----指手---------消費時間--`, then one line per move, `   1手目   7八歩兵 （←7九）`
// (number, `手目`, landing square with the file in ordinary digits and the rank in kanji, or
// 仝 for the previous move's square, the piece's kanji, 成 when it promotes, `（←origin）`),
// a lion's double move as two lines `一歩目` and `二歩目` (an igui's second line marked
// `（居食い）`, a pass `(じっと)`). Dai dai shogi uses the same layout with `手合割：大大将棋`.
// Reading takes the squares of each move and finds the move among the engine's legal moves;
// nothing here decides what is legal.

import type { GameTree, TreeNode } from "./game-tree.js";
import {
  japaneseParts,
  type MoveFacts,
  japaneseSquare,
  numberOfKanji,
  sideAtPly,
} from "./notation.js";
import { t } from "./i18n.js";
import { downloadText } from "./persistence.js";
import type { GameKind, PieceKind, PositionInfo, RuleSet, RulesClient } from "./rules-client.js";

export const KIF_MOVES_HEADER = "手数----指手---------消費時間--";
const DAIDAI = "大大将棋";
const RESULT: Record<string, string> = {
  black: "先手の勝ち",
  white: "後手の勝ち",
  draw: "引き分け",
};

/** A game to write: its kind, start (`null`: the start position), moves with the engine's
 * Hodges text, result (`none` while it goes on) and players where known. */
export interface KifGame {
  kind: GameKind;
  sfen: string | null;
  moves: MoveFacts[];
  result: "none" | "black" | "white" | "draw";
  players?: { b: string; w: string };
  date?: Date;
}

export function writeKif(game: KifGame, kinds: ReadonlyMap<string, PieceKind>): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const d = game.date ?? new Date();
  const lines = [
    "#KIF version=2.0 encoding=UTF-8",
    `開始日時：${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`,
    ...(game.kind.variant === "daidaishogi" ? [`手合割：${DAIDAI}`] : []),
    `#Rules：${game.kind.rules}`,
    ...(game.sfen ? [`#SFEN：${game.sfen}`] : []),
    `先手：${game.players?.b ?? ""}`,
    `後手：${game.players?.w ?? ""}`,
    KIF_MOVES_HEADER,
  ];
  let previous: string | null = null;
  game.moves.forEach((facts, i) => {
    const num = `${String(i + 1).padStart(4)}手目`;
    const j = japaneseParts(facts, kinds);
    const sq = (s: string) => japaneseSquare(s, true);
    const [from, ...steps] = j.squares;
    const to = steps.at(-1) ?? from;
    const dest = (s: string) => (s === previous ? "仝" : sq(s));
    const prom = j.promote ? "成" : "";
    if (steps.length === 1) {
      lines.push(`${num}   ${dest(to)}${j.kanji}${prom} （←${sq(from)}）`);
    } else {
      const mid = steps[0];
      const how = to !== from ? "" : j.igui ? "（居食い）" : "(じっと)";
      lines.push(`${num}一歩目 ${dest(mid)}${j.kanji} （←${sq(from)}）`);
      lines.push(`${num}二歩目 ${sq(to)}${j.kanji}${prom}${how} （←${sq(mid)}）`);
    }
    previous = to;
  });
  if (game.result !== "none") lines.push(`まで${game.moves.length}手で${RESULT[game.result]}`);
  return `${lines.join("\n")}\n`;
}

/** Saves the game as a `.kif` file through the browser's download. */
export function downloadKif(game: KifGame, kinds: ReadonlyMap<string, PieceKind>): void {
  downloadText(writeKif(game, kinds), game.kind, "kif");
}

/** One move as a KIF record writes it: its squares and whether it says 成 (`true`), 不成
 * (`false`) or neither (`null`); `text`: the record's words, for messages. */
export interface KifMove {
  squares: string[];
  promote: boolean | null;
  text: string;
}

export type ParsedKif =
  { kind: GameKind; sfen: string | null; moves: KifMove[] } | { error: string };

/** Whether pasted or opened text is a KIF record (else: USI, SFEN, a game file). */
export function isKif(text: string): boolean {
  return text.includes("手数----") || /手目|（←|\(←/.test(text);
}

const SQUARE = "([0-9０-９]{1,2})([一二三四五六七八九十]+)";
const MOVE = new RegExp(
  `^(?:(同|仝)|${SQUARE})\\s*(\\S+?)(成|不成)?\\s*(?:[（(](居食い|居喰い|じっと)[）)])?\\s*[（(]←?${SQUARE}[）)]`,
);
const ENDINGS = /^(投了|中断|詰み|千日手|切れ負け|反則勝ち|反則負け|持将棋|入玉勝ち|まで)/;

function square(file: string, rank: string): string | null {
  const f = Number(file.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
  const r = numberOfKanji(rank);
  if (!f || !r || r > 17) return null;
  return `${f}${String.fromCharCode(96 + r)}`;
}

/** Reads a KIF record's header and moves (their squares only); `current`: the game shown,
 * whose rules a chu record without a `#Rules` line keeps. */
export function parseKif(text: string, current: GameKind): ParsedKif {
  const lines = text
    .replace(/\u3000/g, " ")
    .split(/\r?\n/)
    .map((l) => l.trim());
  const header = (name: string) =>
    lines
      .find((l) => l.startsWith(name))
      ?.slice(name.length)
      .replace(/^[：:]\s*/, "")
      .trim();
  const handicap = header("手合割");
  if (handicap && handicap !== DAIDAI && handicap !== "中将棋") {
    return { error: t("kif.handicap", { handicap }) };
  }
  const rules = header("#Rules") as RuleSet | undefined;
  const kind: GameKind =
    handicap === DAIDAI
      ? { variant: "daidaishogi", rules: "seed" }
      : {
          variant: "chushogi",
          rules:
            rules === "lishogi" || rules === "seed" || rules === "jcsa"
              ? rules
              : current.variant === "chushogi"
                ? current.rules
                : "lishogi",
        };
  if (lines.some((l) => l.startsWith("|"))) {
    return { error: t("kif.diagram") };
  }
  const sfen = header("#SFEN") || null;
  const moves: KifMove[] = [];
  let previous: string | null = null;
  let first: { from: string; mid: string; text: string } | null = null;
  const start = lines.findIndex((l) => l.startsWith("手数----"));
  for (const line of lines.slice(start + 1)) {
    if (!line || line.startsWith("*") || line.startsWith("#")) continue;
    const m = /^(\d+)\s*(?:手目)?\s*(一歩目|二歩目)?\s*(.*)$/.exec(line);
    if (!m) {
      if (ENDINGS.test(line)) break;
      if (start < 0) continue;
      return { error: t("kif.badLine", { line }) };
    }
    const body = m[3].replace(/^[▲△☗☖]/, "");
    if (ENDINGS.test(body)) break;
    const mv = MOVE.exec(body);
    const to: string | null = mv ? (mv[1] ? previous : square(mv[2], mv[3])) : null;
    const from = mv ? square(mv[7], mv[8]) : null;
    if (!mv || !to || !from) return { error: t("kif.badMove", { n: m[1], text: body }) };
    previous = to;
    if (m[2] === "一歩目") {
      first = { from, mid: to, text: mv[0] };
      continue;
    }
    const promote = mv[5] === "成" ? true : mv[5] === "不成" ? false : null;
    if (m[2] === "二歩目") {
      if (!first || first.mid !== from) {
        return { error: t("kif.orphan", { n: m[1] }) };
      }
      moves.push({ squares: [first.from, from, to], promote, text: `${first.text} ${mv[0]}` });
      first = null;
    } else moves.push({ squares: [from, to], promote, text: mv[0] });
  }
  if (start < 0 && moves.length === 0) return { error: t("kif.noMoves") };
  return { kind, sfen, moves };
}

/** The engine's move for each KIF move, in order: the legal move (or other path of one,
 * `movepaths`) with the record's squares, promoting as the record says (one that says
 * nothing takes the only move there is). `position`: the engine's answer for the position
 * after a line of moves. Rejects at the first move the engine has no legal move for. */
export async function resolveKif(
  moves: KifMove[],
  position: (line: string[]) => Promise<PositionInfo>,
): Promise<string[]> {
  const line: string[] = [];
  for (const [i, k] of moves.entries()) {
    const info = await position(line);
    const path = k.squares.join("");
    const found = info.legal.filter((m) => {
      const bare = m.replace(/\+$/, "");
      return bare === path || (info.paths.get(m) ?? []).includes(path);
    });
    const pick =
      k.promote === true
        ? found.find((m) => m.endsWith("+"))
        : (found.find((m) => !m.endsWith("+")) ?? (k.promote === null ? found[0] : undefined));
    if (!pick) {
      throw new Error(t("kif.illegal", { n: i + 1, text: k.text }));
    }
    line.push(pick);
  }
  return line;
}

/** The moves of `tree`'s line to its current node, with the engine's Hodges texts; `first`:
 * the side that plays the first move. */
export function lineFacts(tree: GameTree, first: "b" | "w"): MoveFacts[] {
  const nodes: TreeNode[] = [];
  for (let n: TreeNode | null = tree.current; n?.move; n = n.parent) nodes.unshift(n);
  return nodes.map((n, i) => ({ usi: n.move!, hodges: n.label, side: sideAtPly(first, i + 1) }));
}

/** The players of a game against the engine. */
export function playersOf(human: "b" | "w", level: number): { b: string; w: string } {
  const engine = `Shishi (level ${level})`;
  return human === "b" ? { b: "Player", w: engine } : { b: engine, w: "Player" };
}

/** Reads pasted or opened text that `isKif`: the game and its moves as the engine writes
 * them, each found among the legal moves (the rules engine is switched to the record's game
 * for that, and back to `current`'s when the record is refused). */
export async function readKif(
  text: string,
  current: GameKind,
  rules: RulesClient,
): Promise<{ kind: GameKind; sfen: string | null; moves: string[] } | { error: string }> {
  const parsed = parseKif(text, current);
  if ("error" in parsed) return parsed;
  try {
    await rules.setGame(parsed.kind);
    const moves = await resolveKif(parsed.moves, (line) => rules.position(parsed.sfen, line));
    return { kind: parsed.kind, sfen: parsed.sfen, moves };
  } catch (e) {
    await rules.setGame(current);
    return { error: (e as Error).message };
  }
}
