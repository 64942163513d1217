// The page's languages (docs/web.md, "Languages"): every key of the English strings in every
// language with the same {placeholders}, and every key index.html names; in Chromium, the
// switch rewrites the labels and is kept across a reload, a Japanese browser opens the page
// in Japanese (an unknown language in English), and no visible text is left as a raw key or
// in English in another language.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { loadAppModule } from "./app-module.mjs";
import { boardHarness, freshPage } from "./board-page.mjs";

const { STRINGS, LANGUAGES, detectLanguage, t } = await loadAppModule("i18n.ts");
const en = STRINGS.en;
const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every key in every language, with the same placeholders", () => {
  assert.deepEqual(LANGUAGES, ["en", "ja", "fr", "ko"]);
  for (const lang of LANGUAGES) {
    const strings = STRINGS[lang];
    assert.deepEqual(Object.keys(strings).sort(), Object.keys(en).sort(), `${lang}: keys`);
    for (const [key, text] of Object.entries(strings)) {
      assert.ok(text.trim(), `${lang}: ${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(en[key]), `${lang}: ${key} placeholders`);
    }
  }
});

test("every key index.html names is a key; t fills placeholders; the browser's language", async () => {
  const html = await readFile(new URL("../app/index.html", import.meta.url), "utf8");
  const named = [...html.matchAll(/data-i18n(?:-[\w-]+)?="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(named.length > 60, `${named.length} keyed labels`);
  for (const key of named) assert.ok(key in en, `index.html names ${key}, which en.ts lacks`);
  assert.equal(t("review.progress", { done: 3, total: 9 }), "3/9 positions");
  assert.equal(detectLanguage(["de-DE", "ko-KR", "en"]), "ko");
  assert.equal(detectLanguage(["fr-CA"]), "fr");
  assert.equal(detectLanguage(["de", "pt-BR"]), "en");
  assert.equal(detectLanguage([]), "en");
});

const harness = boardHarness();

/** The labels a language shows: a button's text, the status line's start, the page's lang. */
async function labels(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    analyse: document.getElementById("mode-analyse").textContent.trim(),
    flipTitle: document.getElementById("flip").title,
    status: document.getElementById("game-status").textContent,
    chosen: document.getElementById("language").value,
    title: document.title,
  }));
}

function expectLanguage(got, lang) {
  const s = STRINGS[lang];
  assert.equal(got.lang, lang);
  assert.equal(got.chosen, lang);
  assert.equal(got.analyse, s["mode.analyse"], `${lang}: the Analyse button`);
  assert.equal(got.flipTitle, s["flip.title"]);
  assert.ok(got.status.startsWith(s["status.blackToMove"]), `${lang}: ${got.status}`);
  assert.equal(got.title, s["page.title"]);
}

test("the switch rewrites the labels in each language and is kept across a reload", async () => {
  const { context, page, errors } = await freshPage(harness.browser, `${harness.server.url}dist/`);
  expectLanguage(await labels(page), "en");
  for (const lang of ["ja", "fr", "ko", "en"]) {
    await page.selectOption("#language", lang);
    expectLanguage(await labels(page), lang);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    expectLanguage(await labels(page), lang);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a Japanese browser opens the page in Japanese, an unknown language in English", async () => {
  for (const [locale, lang] of [
    ["ja-JP", "ja"],
    ["de-DE", "en"],
  ]) {
    const { context, page, errors } = await freshPage(
      harness.browser,
      `${harness.server.url}dist/`,
      { locale, viewport: { width: 1280, height: 900 } },
    );
    expectLanguage(await labels(page), lang);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** Text that stays the same in every language: names, formats, the engine's own words. */
const ALLOWED = new Set(["USI", "SFEN", "KIF", "lishogi", "Shishi", "Hodges", "JCSA"]);
/** Words inside a text that stay the same: the USI command the paste box takes. */
const COMMAND = "position sfen … moves …";

/** The page's visible text nodes and its tooltips, labels and placeholders, with where each
 * stands (the move list and the engine's lines are notation, not language). */
function pageTexts() {
  const out = [];
  const skip = (el) => el.closest("#moves, #lines, script, style, #language");
  const shown = (el) => el.closest("svg title, option") !== null || el.checkVisibility();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const text = n.textContent.trim();
    if (text && !skip(el) && shown(el)) out.push({ text, where: el.id || el.tagName });
  }
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (skip(el)) continue;
    for (const attr of ["title", "aria-label", "placeholder"]) {
      const text = el.getAttribute(attr)?.trim();
      if (text) out.push({ text, where: `${el.id || el.tagName}[${attr}]` });
    }
  }
  out.push({ text: document.title, where: "title" });
  return out;
}

/** What in `texts` is a raw key or English left in `lang`: a text that is an English string,
 * or holds a piece of one (the words between its placeholders, four letters or more) that
 * the language's own string lacks. The engine's piece names are English in every language. */
function leftovers(texts, lang) {
  const pieces = [];
  for (const [key, english] of Object.entries(en)) {
    const own = STRINGS[lang][key];
    if (own === english) continue;
    for (const piece of english.split(/\{\w+\}/)) {
      const p = piece.trim().replace(/^[·—:;,.]\s*/, "");
      if (/[A-Za-z]{2}/.test(p) && p.length >= 4 && !own.includes(p) && !ALLOWED.has(p)) {
        pieces.push(p);
      }
    }
  }
  // A piece counts as a whole word: the engine's piece names (`side mover`) stay English.
  const word = (p) =>
    new RegExp(`(?<![A-Za-z])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z])`);
  const found = pieces.map(word);
  return texts.filter(
    ({ text }) =>
      text in en ||
      (lang !== "en" && !ALLOWED.has(text) && found.some((p) => p.test(text.replace(COMMAND, "")))),
  );
}

test("no visible text is a raw key, or English in another language", async () => {
  const { context, page, errors } = await freshPage(harness.browser, `${harness.server.url}dist/`);
  // The paste box open; in analysis and in play the lion's movement diagram open (its legend)
  // and the look row (pieces, theme, animation), in edit mode the editor's panel, palette and
  // verdict. Each language is chosen while the editor is open, so its panel follows a switch.
  await page.click("#io summary");
  for (const lang of ["ja", "fr", "ko", "en"]) {
    const s = STRINGS[lang];
    await page.selectOption("#language", lang);
    for (const mode of ["analyse", "play", "edit"]) {
      await page.click(`#mode-${mode}`);
      if (mode === "edit") {
        await page.waitForSelector("svg.edit-palette g.piece");
        await page.waitForFunction(
          (legal) => document.getElementById("editor-status").textContent === legal,
          s["editor.legal"],
        );
      } else {
        await page.hover('svg.board g.piece[data-square="7j"]');
        await page.waitForSelector(".diagram:not([hidden])");
      }
      const texts = await page.evaluate(pageTexts);
      assert.ok(texts.length > 100, `${lang}: ${texts.length} texts`);
      const shown = (key) => texts.some(({ text }) => text === s[key]);
      for (const key of mode === "edit"
        ? ["editor.hint", "editor.sideToMove", "editor.none", "mode.edit"]
        : ["look.pieces", "look.latin", "look.dark", "look.animate", "look.resize"]) {
        assert.ok(shown(key), `${lang}, ${mode}: ${key} shown`);
      }
      assert.deepEqual(leftovers(texts, lang), [], `${lang}, ${mode}`);
      await page.mouse.move(1, 1);
    }
  }
  // The check can fail: an English label put back is found.
  await page.click("#mode-analyse");
  await page.evaluate(() => (document.getElementById("flip").textContent = "Flip"));
  assert.deepEqual(
    leftovers(await page.evaluate(pageTexts), "en").map((x) => x.text),
    [],
    "English in English",
  );
  await page.selectOption("#language", "fr");
  await page.evaluate(() => (document.getElementById("io-load").textContent = "Load"));
  await page.evaluate(() => (document.getElementById("mode-play").textContent = "flip.text"));
  const found = leftovers(await page.evaluate(pageTexts), "fr").map((x) => x.text);
  assert.deepEqual(found.sort(), ["Load", "flip.text"]);
  assert.deepEqual(errors, []);
  await context.close();
});
