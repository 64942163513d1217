// The clocks' faces (#clock-b, #clock-w): the time left, the byoyomi period once the main
// time is spent, and which clock runs.

import { formatTime, type GameClock, type Side } from "./clock.js";

export function renderClocks(clock: GameClock): void {
  for (const side of ["b", "w"] as Side[]) {
    const el = document.getElementById(`clock-${side}`)!;
    const { main, byoyomi } = clock.left(side);
    const byo = clock.tc.byoyomiMs > 0 && main <= 0 ? ` +${formatTime(byoyomi)}` : "";
    el.querySelector(".time")!.textContent = clock.enabled ? formatTime(main) + byo : "—";
    el.classList.toggle("running", clock.running === side);
  }
}
