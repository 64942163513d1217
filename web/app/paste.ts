// Reading what a player pastes: `position sfen … moves …` / `position startpos moves …` (USI,
// as lishogi's tools write it), an SFEN followed by moves, or moves alone from the start
// position. Only the text's shape is read here; the engine judges the position and moves.

import type { GameKind } from "./rules-client.js";

export type Paste = { kind: GameKind; sfen: string | null; moves: string[] } | { error: string };

const MOVE = /^\d+[a-q]\d+[a-q](\d+[a-q]){0,2}\+?$/;

export function parsePaste(text: string, current: GameKind): Paste {
  let words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { error: "nothing to load" };
  if (words[0] === "position") words = words.slice(1);
  let sfen: string | null = null;
  if (words[0] === "startpos") words = words.slice(1);
  else if (words[0] === "sfen" || words[0]?.includes("/")) {
    if (words[0] === "sfen") words = words.slice(1);
    const fields = words.slice(0, 4);
    if (fields.length < 4)
      return { error: "an SFEN has four fields: board, side, lion square, move number" };
    words = words.slice(4);
    // A seed-rules SFEN may carry a fifth field (the suspended promotions), never a move.
    if (words[0] && words[0] !== "moves" && !MOVE.test(words[0])) {
      fields.push(words[0]);
      words = words.slice(1);
    }
    sfen = fields.join(" ");
  }
  if (words[0] === "moves") words = words.slice(1);
  const bad = words.find((w) => !MOVE.test(w));
  if (bad) return { error: `'${bad}' is not a move in USI notation (like 7g7f or 8g9g9h)` };
  const ranks = sfen ? sfen.split(" ")[0].split("/").length : 0;
  let kind = current;
  if (ranks === 12 && current.variant !== "chushogi")
    kind = { variant: "chushogi", rules: "lishogi" };
  if (ranks === 17) kind = { variant: "daidaishogi", rules: "seed" };
  if (sfen && ranks !== 12 && ranks !== 17) {
    return { error: `the SFEN has ${ranks} ranks: 12 (chu) or 17 (dai dai)` };
  }
  return { kind, sfen, moves: words };
}
