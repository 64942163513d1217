// The line under the board that says where the game stands: over (and why), or whose move it
// is, check, the move number and a premove.

import type { PositionInfo } from "./rules-client.js";
import { moveNumber } from "./sfen.js";

export const RESULT_TEXT: Record<string, string> = {
  black: "Black wins",
  white: "White wins",
  draw: "Draw",
};

/** `over`: why a game against the engine ended (null: it did not); `turn`: in such a game,
 * whose turn in the player's terms (" — your move"), else empty. */
export function showStatusLine(
  el: HTMLElement,
  info: PositionInfo,
  over: string | null,
  turn: string,
  premove: string | null,
): void {
  const ended =
    over ?? (info.result !== "none" ? `${RESULT_TEXT[info.result]} — ${info.reason}` : null);
  el.classList.toggle("over", ended !== null);
  if (ended !== null) {
    el.textContent = ended;
    return;
  }
  const who = info.side === "b" ? "Black (sente)" : "White (gote)";
  // The SFEN's move number (plies from 1, the one about to be played): a pasted position
  // keeps its own.
  const pre = premove ? ` · premove ${premove}` : "";
  el.textContent = `${who} to move${info.check ? " — check" : ""}${turn} · move ${moveNumber(info.sfen)}${pre}`;
}
