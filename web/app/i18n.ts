// The page's languages (docs/web.md, "Languages"): English, Japanese, French and Korean, one
// file of strings each in lang/. `t(key, params)` gives the chosen language's string with its
// {placeholders} filled in. The language is the one chosen with the header's switch (kept in
// the browser's storage), else the browser's first that the page has, else English. Labels in
// index.html carry their keys in data attributes and are written again on a switch; the
// modules that write text call `t` and redraw through `onLanguage`.

import { en, type Key, type Strings } from "./lang/en.js";
import { fr } from "./lang/fr.js";
import { ja } from "./lang/ja.js";
import { ko } from "./lang/ko.js";
import { keepLanguage, keptLanguage } from "./persistence.js";

export type { Key };
export type Language = "en" | "ja" | "fr" | "ko";
export type Params = Record<string, string | number>;

export const STRINGS: Record<Language, Strings> = { en, ja, fr, ko };
export const LANGUAGES = Object.keys(STRINGS) as Language[];

/** The first of the browser's languages (`navigator.languages`, best first) the page has,
 * by its primary subtag (`ja-JP` is `ja`); English if none. */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split("-")[0] as Language;
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

let current: Language = "en";
const listeners: (() => void)[] = [];

/** The language's string for `key`, each `{name}` replaced by `params.name`. */
export function t(key: Key, params: Params = {}): string {
  const text = STRINGS[current][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function language(): Language {
  return current;
}

/** Calls `redraw` after every switch of language (and not now). */
export function onLanguage(redraw: () => void): void {
  listeners.push(redraw);
}

/** Shows `key` in `el` and keeps it there across switches (the data attributes below). */
export function setText(el: HTMLElement, key: Key, params: Params = {}): void {
  el.dataset.i18n = key;
  el.dataset.i18nParams = JSON.stringify(params);
  el.textContent = t(key, params);
}

/** The attributes a label's key can go to: `data-i18n-title="flip.title"` sets `title`. */
const ATTRIBUTES = ["title", "aria-label", "placeholder"] as const;

/** Shows `keys.text` in `el` and each other key in its attribute (`title`, `aria-label`,
 * `placeholder`), kept across switches as index.html's labels are; gives `el` back. */
export function keyed<E extends HTMLElement>(
  el: E,
  keys: { text?: Key } & Partial<Record<(typeof ATTRIBUTES)[number], Key>>,
): E {
  if (keys.text) setText(el, keys.text);
  for (const attr of ATTRIBUTES) {
    const key = keys[attr];
    if (!key) continue;
    el.setAttribute(`data-i18n-${attr}`, key);
    el.setAttribute(attr, t(key));
  }
  return el;
}

/** Black's or White's name. */
export const sideName = (side: "b" | "w") => t(side === "b" ? "side.black" : "side.white");

/** Empties `el`, and it stays empty across switches. */
export function clearText(el: HTMLElement): void {
  delete el.dataset.i18n;
  delete el.dataset.i18nParams;
  el.textContent = "";
}

/** Writes every keyed label under `root` in the current language. */
export function translatePage(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>("[data-i18n]").forEach((el) => {
    const params = el.dataset.i18nParams ? (JSON.parse(el.dataset.i18nParams) as Params) : {};
    el.textContent = t(el.dataset.i18n as Key, params);
  });
  for (const attr of ATTRIBUTES) {
    root.querySelectorAll<HTMLElement>(`[data-i18n-${attr}]`).forEach((el) => {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`) as Key));
    });
  }
  document.documentElement.lang = current;
  document.title = t("page.title");
}

/** Switches to `lang`: the page's labels, then every module's text (`onLanguage`). */
export function setLanguage(lang: Language): void {
  current = lang;
  translatePage();
  for (const redraw of listeners) redraw();
}

/** Chooses the kept or the browser's language, writes the page in it and binds the switch
 * (`select`, one option per language, each named in its own language). */
export function setUpLanguage(select: HTMLSelectElement): void {
  const kept = keptLanguage();
  current = LANGUAGES.includes(kept as Language)
    ? (kept as Language)
    : detectLanguage(navigator.languages ?? [navigator.language]);
  select.value = current;
  translatePage();
  select.addEventListener("change", () => {
    keepLanguage(select.value);
    setLanguage(select.value as Language);
  });
}
