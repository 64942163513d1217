// Premoves: while the engine thinks, the player may enter their next move. It is entered from
// the moves the player's pieces have in the shown position as if it were their turn (the
// rules engine's `legalmoves` for the SFEN with the side to move changed: notation, no rule
// here), shown on the board, and played the moment the engine's move arrives if it is one of
// the legal moves then (by the same squares); otherwise it is dropped.

import type { MoveInput } from "./move-input.js";
import type { PositionInfo, RulesClient } from "./rules-client.js";

/** The SFEN with the other side to move (its second field), for the premove's move list. */
export function otherSide(sfen: string): string {
  const f = sfen.split(" ");
  f[1] = f[1] === "b" ? "w" : "b";
  return f.join(" ");
}

/** The move of the new position's list that a premove stands for (its squares and its
 * promotion), or `null` when it is no longer legal. */
export function premoveToPlay(premove: string, input: MoveInput): string | null {
  return input.canonical(premove);
}

/** The moves the player's pieces have in `info` as if it were their turn (the rules engine's
 * answer for `otherSide`), or null where it has none. */
export async function premoveMoves(
  rules: RulesClient,
  info: PositionInfo,
): Promise<PositionInfo | null> {
  try {
    return await rules.position(otherSide(info.sfen), []);
  } catch {
    return null;
  }
}
