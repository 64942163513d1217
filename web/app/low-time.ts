// The low-time warning in a game against the engine: when the player's time before their flag
// falls (main time and the current byoyomi period) is under the threshold, their clock turns
// red, and a sound plays once in the game (with the page's sound setting, sound.ts). The
// threshold is 10 s, or a quarter of the time a side starts with (base time and one byoyomi
// period) in games shorter than 40 s, so that a 30-second game does not warn from its first
// third. Only the player's clock warns: Shishi's time is its own business.

import type { GameClock, Side, TimeControl } from "./clock.js";
import { t } from "./i18n.js";
import type { Sound } from "./sound.js";

/** Under this much time left (ms) a clock is low. */
export function lowTimeMs(tc: TimeControl): number {
  return Math.min(10_000, (tc.baseMs + tc.byoyomiMs) / 4);
}

/** Whether `side` has less than the threshold left before its flag falls. */
export function isLow(clock: GameClock, side: Side): boolean {
  if (!clock.enabled) return false;
  const { main, byoyomi } = clock.left(side);
  return main + byoyomi < lowTimeMs(clock.tc);
}

/** Games whose warning sounded. */
const warned = new WeakSet<GameClock>();

/** Marks the player's clock face (`face`) when their time is low; the sound, once a game. */
export function showLowTime(clock: GameClock, human: Side, face: HTMLElement, sound: Sound): void {
  const low = isLow(clock, human);
  face.classList.toggle("low-time", low);
  face.title = low ? t("clock.lowTime") : "";
  if (low && !warned.has(clock)) {
    warned.add(clock);
    sound.lowTime();
  }
}
