// Board themes: the colours of the board, its lines, the pieces and the coordinates, as CSS
// custom properties under `html[data-board-theme=…]` (app.css). Wood (as a real chu board),
// light (plain, pale) and dark (high contrast: light lines and pieces on a dark board). The
// choice is kept in localStorage.

import { keepChoice, keptChoice } from "./persistence.js";

/** The themes (their names: `look.<id>` in lang/*.ts). */
export const THEMES = ["wood", "light", "dark"] as const;

export type ThemeId = (typeof THEMES)[number];

const KEY = "shishi.theme";

/** The kept theme (wood by default). */
export function keptTheme(): ThemeId {
  return keptChoice(KEY, THEMES, "wood");
}

/** Shows `theme` on the page; `keep`: and keeps it. */
export function applyTheme(theme: ThemeId, keep = false): void {
  document.documentElement.dataset.boardTheme = theme;
  if (keep) keepChoice(KEY, theme);
}
