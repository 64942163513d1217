// The notation of the move list, the analysis lines and exported games: a choice (Hodges,
// USI or Japanese) in the navigation row, kept in localStorage (Hodges by default).

import { NOTATION_STYLES, type NotationStyle } from "./notation.js";

const KEY = "shishi.notation";

/** Shows the kept choice on `select`; calls `changed` when the player picks another. The
 * current choice. */
export function setUpNotationChoice(
  select: HTMLSelectElement,
  changed: () => void,
): () => NotationStyle {
  let style: NotationStyle = "hodges";
  try {
    const kept = localStorage.getItem(KEY) as NotationStyle | null;
    if (kept && NOTATION_STYLES.includes(kept)) style = kept;
  } catch {
    // Storage forbidden: Hodges, and not kept.
  }
  select.value = style;
  select.addEventListener("change", () => {
    style = select.value as NotationStyle;
    try {
      localStorage.setItem(KEY, style);
    } catch {
      // Not kept.
    }
    changed();
  });
  return () => style;
}
