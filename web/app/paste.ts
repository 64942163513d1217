// Reading what a player pastes: `position sfen … moves …` / `position startpos moves …` (USI,
// as lishogi's tools write it), an SFEN followed by moves (chu's four or five fields, dai dai's
// two or three: docs/sfen.md), lishogi's URL form of an SFEN (spaces written `_`, e.g.
// `https://lishogi.org/analysis/chushogi/…_b_-_1`), or moves alone from the start position.
// Only the text's shape is read here; the engine judges the position and the moves.

import { t } from "./i18n.js";
import type { GameKind } from "./rules-client.js";
import { readLineShapes, type SavedShapes } from "./shapes.js";

export type Paste =
  | { kind: GameKind; sfen: string | null; moves: string[]; shapes?: SavedShapes }
  | { error: string };

const MOVE = /^\d+[a-q]\d+[a-q](\d+[a-q]){0,2}\+?$/;
/** Words after the board that belong to the SFEN: side, lion square or hand, move number,
 * suspended promotions. Never `moves` or a move. */
const MAX_EXTRA_FIELDS = 4;

export function parsePaste(text: string, current: GameKind): Paste {
  // A game file's header lines (web/app/persistence.ts, results/): the game kind.
  const tag = (name: string) => new RegExp(`^\\[${name} "([^"]*)"\\]`, "m").exec(text)?.[1];
  if (tag("Variant") === "daidai") current = { variant: "daidaishogi", rules: "seed" };
  if (tag("Variant") === "chu") {
    const rules = tag("Rules");
    current = {
      variant: "chushogi",
      rules: rules === "seed" || rules === "jcsa" ? rules : "lishogi",
    };
  }
  // Its arrows and circles (persistence.ts), on the positions of its line.
  const shapes = tag("Shapes");
  text = text.replace(/^\[.*\]$/gm, "");
  let words = fromUrlForm(text.trim()).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { error: t("paste.nothing") };
  if (words[0] === "position") words = words.slice(1);
  let sfen: string | null = null;
  if (words[0] === "startpos") words = words.slice(1);
  else if (words[0] === "sfen" || words[0]?.includes("/")) {
    if (words[0] === "sfen") words = words.slice(1);
    const fields = [words[0] ?? ""];
    words = words.slice(1);
    while (
      words.length > 0 &&
      fields.length <= MAX_EXTRA_FIELDS &&
      words[0] !== "moves" &&
      !MOVE.test(words[0])
    ) {
      fields.push(words[0]);
      words = words.slice(1);
    }
    if (fields.length < 2) return { error: t("paste.noSide") };
    sfen = fields.join(" ");
  }
  if (words[0] === "moves") words = words.slice(1);
  const bad = words.find((w) => !MOVE.test(w));
  if (bad) return { error: t("paste.notUsi", { word: bad }) };
  const ranks = sfen ? sfen.split(" ")[0].split("/").length : 0;
  let kind = current;
  if (ranks === 12 && current.variant !== "chushogi")
    kind = { variant: "chushogi", rules: "lishogi" };
  if (ranks === 17) kind = { variant: "daidaishogi", rules: "seed" };
  if (sfen && ranks !== 12 && ranks !== 17) {
    return { error: t("paste.ranks", { ranks }) };
  }
  return { kind, sfen, moves: words, ...(shapes ? { shapes: readLineShapes(shapes, words) } : {}) };
}

/** lishogi's URL form to plain text: the SFEN after the last `/<variant>/` of an address (or
 * the bare `board_b_-_1` word), `_` (or `%20`, as a browser's address bar copies a space) for
 * spaces, `%xx` decoded. Other text is returned as it is. */
function fromUrlForm(text: string): string {
  if (/\s/.test(text) || !/(_|%20)[bw](_|%20|$)/.test(text)) return text;
  let sfen = text.replace(/[?#].*$/, "");
  const variant = sfen.match(/^.*\/(?:chushogi|daidaishogi)\//);
  if (variant) sfen = sfen.slice(variant[0].length);
  try {
    sfen = decodeURIComponent(sfen);
  } catch {
    // A stray % is left for the engine to refuse.
  }
  return sfen.replace(/_/g, " ");
}
