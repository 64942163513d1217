// The clocks' faces (#clock-b, #clock-w): the time left, the byoyomi period once the main
// time is spent, which clock runs, and the player's low-time warning (low-time.ts).

import { formatTime, type GameClock, type Side } from "./clock.js";
import { showLowTime } from "./low-time.js";
import type { Sound } from "./sound.js";

export function renderClocks(clock: GameClock, human: Side, sound: Sound): void {
  for (const side of ["b", "w"] as Side[]) {
    const el = document.getElementById(`clock-${side}`)!;
    if (side === human) showLowTime(clock, side, el, sound);
    else el.classList.remove("low-time");
    const { main, byoyomi } = clock.left(side);
    const byo = clock.tc.byoyomiMs > 0 && main <= 0 ? ` +${formatTime(byoyomi)}` : "";
    el.querySelector(".time")!.textContent = clock.enabled ? formatTime(main) + byo : "—";
    el.classList.toggle("running", clock.running === side);
  }
}
