// Keeping the shown game beyond the page: in localStorage (so a reload comes back to it), in a
// link (the address's `#` part, so a shared link opens the same position and moves), and as a
// file to download and load again. What is kept is the game kind, the start SFEN and the line
// of moves to the shown position; in the browser's storage also the whole move tree
// (variations) and a game against the engine in play (side, strength, clocks). The player's
// arrows and circles (shapes.ts) go everywhere: all of them in the storage, those on the
// line's positions in links and files. The engine checks every move again when it is read
// back.

import type { TimeControl } from "./clock.js";
import type { FlatTree, GameTree } from "./game-tree.js";
import type { GameKind, RuleSet, Variant } from "./rules-client.js";
import { checkedShapes, lineShapes, readLineShapes, type SavedShapes } from "./shapes.js";

/** A game against the engine in play. */
export interface SavedPlay {
  human: "b" | "w";
  level: number;
  tc: TimeControl;
  /** Main time left per side (ms; below zero, the part of the byoyomi period spent). */
  main: { b: number; w: number };
}

export interface SavedGame {
  kind: GameKind;
  /** `null`: the start position. */
  sfen: string | null;
  /** The line to the shown position. */
  moves: string[];
  /** Every move with its variations (the browser's storage only; links and files carry the
   * line). */
  tree?: FlatTree;
  play?: SavedPlay;
  shapes?: SavedShapes;
}

/** The line to the shown position of `tree`, with the arrows and circles (links and files);
 * `kept`: the whole tree too, and the game in play if one runs (the browser's storage). */
export function gameOf(
  kind: GameKind,
  tree: GameTree,
  shapes: SavedShapes,
  kept?: { play: SavedPlay | undefined },
): SavedGame {
  const game: SavedGame = { kind, sfen: tree.startSfen, moves: tree.moves(), shapes };
  if (kept) game.tree = tree.flat();
  if (kept?.play) game.play = kept.play;
  return game;
}

const KEY = "shishi.game";
const VARIANTS: readonly Variant[] = ["chushogi", "daidaishogi"];
const RULES: readonly RuleSet[] = ["lishogi", "seed", "jcsa"];

/** The game as it is kept, or `null` for anything not of that shape. */
function checked(value: unknown): SavedGame | null {
  const v = value as Partial<SavedGame> | null;
  if (!v || typeof v !== "object" || !v.kind || !Array.isArray(v.moves)) return null;
  if (!VARIANTS.includes(v.kind.variant) || !RULES.includes(v.kind.rules)) return null;
  if (v.sfen !== null && typeof v.sfen !== "string") return null;
  if (!v.moves.every((m) => typeof m === "string")) return null;
  const game: SavedGame = {
    kind: { variant: v.kind.variant, rules: v.kind.rules },
    sfen: v.sfen,
    moves: v.moves,
  };
  const tree = v.tree;
  if (
    Array.isArray(tree) &&
    tree.every(
      (e, i) =>
        Array.isArray(e) &&
        Number.isInteger(e[0]) &&
        e[0] >= 0 &&
        e[0] <= i &&
        typeof e[1] === "string",
    )
  ) {
    game.tree = tree;
  }
  const p = v.play;
  const num = (x: unknown) => typeof x === "number" && Number.isFinite(x);
  if (
    p &&
    (p.human === "b" || p.human === "w") &&
    num(p.level) &&
    p.tc &&
    (p.tc.mode === "clock" || p.tc.mode === "movetime") &&
    [p.tc.baseMs, p.tc.incMs, p.tc.byoyomiMs, p.tc.movetimeMs, p.main?.b, p.main?.w].every(num)
  ) {
    game.play = p;
  }
  const shapes = checkedShapes(v.shapes);
  if (shapes) game.shapes = shapes;
  return game;
}

export function save(game: SavedGame): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // Storage full or forbidden (a private window): the game is simply not kept.
  }
}

export function restore(): SavedGame | null {
  try {
    return checked(JSON.parse(localStorage.getItem(KEY) ?? "null"));
  } catch {
    return null;
  }
}

const LANGUAGE_KEY = "shishi.language";

/** The language chosen with the page's switch (i18n.ts), or `null`: none chosen (or no storage). */
export function keptLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function keepLanguage(lang: string): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Storage forbidden: the choice lasts until the page goes.
  }
}

/** The `#` part of a link to the game: `#game=chushogi/lishogi&sfen=…&moves=7i7h,6d6e`. */
export function shareHash(game: SavedGame): string {
  const params = new URLSearchParams({ game: `${game.kind.variant}/${game.kind.rules}` });
  if (game.sfen) params.set("sfen", game.sfen);
  if (game.moves.length) params.set("moves", game.moves.join(","));
  const shapes = lineShapes(game.shapes, game.moves);
  if (shapes) params.set("shapes", shapes);
  return `#${params}`;
}

/** The game a link's `#` part names, or `null`. */
export function fromHash(hash: string): SavedGame | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const game = params.get("game");
  if (!game) return null;
  const [variant, rules] = game.split("/");
  const moves = (params.get("moves") ?? "").split(",").filter(Boolean);
  const shapes = params.get("shapes");
  return checked({
    kind: { variant, rules },
    sfen: params.get("sfen"),
    moves,
    ...(shapes ? { shapes: readLineShapes(shapes, moves) } : {}),
  });
}

/** A game file: headers in the match records' style (results/), then the USI `position`
 * command, which the paste box reads back (header lines are skipped there). */
export function gameFile(game: SavedGame, result: string): string {
  const tags = [
    `[Variant "${game.kind.variant === "chushogi" ? "chu" : "daidai"}"]`,
    `[Rules "${game.kind.rules}"]`,
    `[Date "${new Date().toISOString().slice(0, 10)}"]`,
    ...(game.sfen ? [`[SFEN "${game.sfen}"]`] : []),
    `[Result "${result}"]`,
  ];
  const shapes = lineShapes(game.shapes, game.moves);
  if (shapes) tags.push(`[Shapes "${shapes}"]`);
  return `${tags.join("\n")}\n\n${positionCommand(game)}\n`;
}

/** The USI `position` command of the game's line. */
export function positionCommand(game: SavedGame): string {
  const start = game.sfen ? `sfen ${game.sfen}` : "startpos";
  return `position ${start}${game.moves.length ? ` moves ${game.moves.join(" ")}` : ""}`;
}

/** Puts `text` in the paste box and on the clipboard (where the browser allows it). */
export function showCopied(text: string): void {
  (document.getElementById("io-text") as HTMLTextAreaElement).value = text;
  void navigator.clipboard?.writeText(text).catch(() => undefined);
}

/** Saves the game as a file (`gameFile`) through the browser's download; `result` is the
 * rules engine's (`black`, `white`, `draw`, `none`). */
export function downloadGame(game: SavedGame, result: string): void {
  const tag = { black: "1-0", white: "0-1", draw: "1/2-1/2" }[result] ?? "*";
  downloadText(gameFile(game, tag), game.kind, "txt");
}

/** Saves `text` as a file `shishi-<variant>-<date>.<ext>` through the browser's download. */
export function downloadText(text: string, kind: GameKind, ext: string): void {
  const blob = new Blob([text], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `shishi-${kind.variant}-${new Date().toISOString().slice(0, 10)}.${ext}`;
  a.click();
  URL.revokeObjectURL(a.href);
}

/** A display choice kept in localStorage (piece set, theme, board size…): the kept value if it
 * is one of `allowed` (any string when `allowed` is empty), else `fallback`. */
export function keptChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const kept = localStorage.getItem(key) as T | null;
    if (kept !== null && (allowed.length === 0 || allowed.includes(kept))) return kept;
  } catch {
    // Storage forbidden: the default, and not kept.
  }
  return fallback;
}

/** Keeps a display choice (nothing happens where storage is forbidden). */
export function keepChoice(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept beyond the page.
  }
}
