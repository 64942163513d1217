// The line under the board that says where the game stands: over (and why), or whose move it
// is, check, the move number and a premove.

import { type Key, t } from "./i18n.js";
import type { PositionInfo } from "./rules-client.js";
import { moveNumber } from "./sfen.js";

const RESULT: Record<string, Key> = {
  black: "result.black",
  white: "result.white",
  draw: "result.draw",
};

/** The engine's reasons for a game's end (`status`), as it writes them. */
const REASON: Record<string, Key> = {
  "royal pieces captured": "reason.royalsCaptured",
  "bare king": "reason.bareKing",
  "no legal move": "reason.noLegalMove",
  repetition: "reason.repetition",
  "perpetual check": "reason.perpetualCheck",
  "only royals left": "reason.royalsOnly",
};

/** A finished game's result and reason in the page's language (a reason the page does not
 * know stays as the engine wrote it). */
export function resultText(info: PositionInfo): string {
  const reason = REASON[info.reason] ? t(REASON[info.reason]) : info.reason;
  return t("status.ended", { result: t(RESULT[info.result]), reason });
}

/** `over`: why a game against the engine ended (null: it did not); `yours`: in such a game,
 * whether it is the player's turn (" — your move" or " — Shishi thinks"), else null. */
export function showStatusLine(
  el: HTMLElement,
  info: PositionInfo,
  over: string | null,
  yours: boolean | null,
  premove: string | null,
): void {
  const ended = over ?? (info.result !== "none" ? resultText(info) : null);
  el.classList.toggle("over", ended !== null);
  if (ended !== null) {
    el.textContent = ended;
    return;
  }
  const who = t(info.side === "b" ? "status.blackToMove" : "status.whiteToMove");
  // The SFEN's move number (plies from 1, the one about to be played): a pasted position
  // keeps its own.
  const pre = premove ? t("status.premove", { move: premove }) : "";
  const check = info.check ? t("status.check") : "";
  const turn = yours === null ? "" : t(yours ? "status.yourMove" : "status.thinks");
  el.textContent = `${who}${check}${turn}${t("status.moveNumber", { n: moveNumber(info.sfen) })}${pre}`;
}
