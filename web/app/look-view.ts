// The board's look, in a row under the move buttons: the piece set (piece-sets.ts), the
// board's theme (themes.ts) and whether pieces slide (animation.ts), each kept; and the
// header's Latin button (key `l`), which switches between the Latin set and the kanji set
// chosen last.

import { animationSetting, setAnimation } from "./animation.js";
import { keyed } from "./i18n.js";
import { choosePieceSet, PIECE_SETS, pieceSet, type PieceSetId } from "./piece-sets.js";
import { keepChoice, keptChoice } from "./persistence.js";
import { applyTheme, keptTheme, THEMES, type ThemeId } from "./themes.js";

export interface Look {
  pieceSet(): PieceSetId;
  /** Latin, or back to the kanji set chosen last. */
  toggleLatin(): void;
}

/** A labelled select of `options` (each named by `look.<option>`), showing `value`; its
 * label and title are `look.<name>` and `look.<name>Title`. */
function choice(
  name: "pieces" | "theme",
  id: string,
  options: readonly (PieceSetId | ThemeId)[],
  value: string,
): { label: HTMLLabelElement; select: HTMLSelectElement } {
  const l = keyed(document.createElement("label"), { title: `look.${name}Title` });
  const select = document.createElement("select");
  select.id = id;
  for (const v of options) select.add(keyed(new Option("", v), { text: `look.${v}` }));
  select.value = value;
  l.append(keyed(document.createElement("span"), { text: `look.${name}` }), " ", select);
  return { label: l, select };
}

/** Builds the row after `after`; `changed` redraws the board with the new choice. */
export function setUpLook(after: Element, latinButton: HTMLElement, changed: () => void): Look {
  const row = document.createElement("div");
  row.className = "row";
  row.id = "look";
  const pieces = choice("pieces", "piece-set", PIECE_SETS, pieceSet());
  const theme = choice("theme", "board-theme", THEMES, keptTheme());
  const animate = keyed(document.createElement("label"), { title: "look.animateTitle" });
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "animate";
  box.checked = animationSetting();
  animate.append(box, " ", keyed(document.createElement("span"), { text: "look.animate" }));
  row.append(pieces.label, theme.label, animate);
  after.after(row);
  applyTheme(keptTheme());

  // The kanji set chosen last (kept too), for the Latin button to go back to.
  const KANJI_KEY = "shishi.pieces.kanji";
  let lastKanji = keptChoice<PieceSetId>(KANJI_KEY, ["kanji1", "kanji2"], "kanji2");
  const choose = (set: PieceSetId) => {
    if (set !== "latin") keepChoice(KANJI_KEY, (lastKanji = set));
    choosePieceSet(set);
    pieces.select.value = set;
    latinButton.setAttribute("aria-pressed", String(set === "latin"));
    changed();
  };
  latinButton.setAttribute("aria-pressed", String(pieceSet() === "latin"));
  pieces.select.addEventListener("change", () => {
    const set = pieces.select.value as PieceSetId;
    if (PIECE_SETS.includes(set)) choose(set);
  });
  const toggleLatin = () => choose(pieceSet() === "latin" ? lastKanji : "latin");
  latinButton.addEventListener("click", toggleLatin);
  theme.select.addEventListener("change", () => {
    const t = theme.select.value as ThemeId;
    if (THEMES.includes(t)) applyTheme(t, true);
  });
  box.addEventListener("change", () => setAnimation(box.checked));
  return { pieceSet, toggleLatin };
}
