// The form of a new game against the engine: side, strength (`Skill_Level` 0–20) and time
// control (a clock of base, increment and byoyomi, or a fixed think time), read and filled in.

import type { TimeControl } from "./clock.js";
import { setText } from "./i18n.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Fills the strength list and shows only the fields of the chosen kind of time control. */
export function setUpPlayForm(): void {
  const tcMode = $<HTMLSelectElement>("tc-mode");
  const showTcFields = () => {
    const clock = tcMode.value === "clock";
    for (const id of ["tc-base", "tc-inc", "tc-byo"]) $(id).parentElement!.hidden = !clock;
    $("tc-movetime").parentElement!.hidden = clock;
  };
  tcMode.addEventListener("change", showTcFields);
  showTcFields();
  const level = $<HTMLSelectElement>("level");
  for (let l = 20; l >= 0; l--) {
    const o = document.createElement("option");
    o.value = String(l);
    if (l === 20 || l === 0) {
      setText(o, l === 20 ? "play.levelFull" : "play.levelBeginner", { level: l });
    } else o.textContent = String(l);
    level.appendChild(o);
  }
  level.value = "6";
}

/** The chosen side, strength and time control. */
export function readPlayForm(): { human: "b" | "w"; level: number; tc: TimeControl } {
  const num = (id: string) => Number($<HTMLInputElement>(id).value) || 0;
  return {
    human: $<HTMLSelectElement>("human-side").value === "w" ? "w" : "b",
    level: Number($<HTMLSelectElement>("level").value),
    tc: {
      mode: $<HTMLSelectElement>("tc-mode").value === "movetime" ? "movetime" : "clock",
      baseMs: num("tc-base") * 60_000,
      incMs: num("tc-inc") * 1000,
      byoyomiMs: num("tc-byo") * 1000,
      movetimeMs: Math.max(100, num("tc-movetime") * 1000),
    },
  };
}

/** Shows a kept game's side, strength and time control in the form. */
export function showPlayChoices(human: "b" | "w", level: number, tc: TimeControl): void {
  $<HTMLSelectElement>("human-side").value = human;
  $<HTMLSelectElement>("level").value = String(level);
  const set = (id: string, value: number) => ($<HTMLInputElement>(id).value = String(value));
  set("tc-base", tc.baseMs / 60_000);
  set("tc-inc", tc.incMs / 1000);
  set("tc-byo", tc.byoyomiMs / 1000);
  set("tc-movetime", tc.movetimeMs / 1000);
  const mode = $<HTMLSelectElement>("tc-mode");
  mode.value = tc.mode;
  mode.dispatchEvent(new Event("change"));
}
