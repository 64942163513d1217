// The screenshots of docs/web.md, taken from the real page in headless Chromium:
//   node web/screenshots.mjs     (after web/build.sh; writes docs/web-chu.png,
//                                  docs/web-daidai.png, docs/web-phone.png,
//                                  docs/web-review.png, docs/web-shapes.png,
//                                  docs/web-editor.png, the board in each piece set and
//                                  theme: docs/web-pieces-*.png, docs/web-theme-*.png, and the
//                                  chu picture in each language: docs/web-lang-ja.png (with
//                                  Japanese notation), -fr, -ko)
//   node web/screenshots.mjs --looks   (the piece sets and themes only)
//   node web/screenshots.mjs --languages   (only the languages' pictures, and the play panel,
//                                  the editor and a phone in each language in the temporary
//                                  folder)
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { serve } from "./test/server.mjs";
import { launch, openBoard, paste, squareCentre } from "./test/board-page.mjs";

const docs = new URL("../docs/", import.meta.url).pathname;
const server = await serve({ isolated: true });
const browser = await launch();
const waitLines = (page) =>
  page.waitForFunction(
    () =>
      Number(/depth (\d+)/.exec(document.getElementById("analysis-stats").textContent)?.[1]) >= 7,
    null,
    { timeout: 60_000 },
  );
/** The pasted game is shown at its last move (`ply` moves in the list, the last current). */
const waitPly = (page, ply) =>
  page.waitForFunction((n) => {
    const moves = document.querySelectorAll("#moves button");
    return moves.length >= n && moves[moves.length - 1].classList.contains("current");
  }, ply);
/** The board alone in each piece set (two kanji, one kanji, Latin) and each theme besides
 * wood: a chu position with promoted pieces (red) and the last move marked. */
async function looks() {
  const { page } = await openBoard(browser, `${server.url}dist/`, { width: 900, height: 640 });
  await page.uncheck("#analyse-on");
  await paste(
    page,
    "position sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppp+ppp+pppppp/3i4i3/12/12/3I4I3/PPPPPP+PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B+TA/LFC+SGKEGSCFL b - 1 moves 7i7h",
  );
  await waitPly(page, 1);
  await page.evaluate(() => (document.getElementById("io").open = false));
  const shot = (name) => page.locator("#board-wrap").screenshot({ path: `${docs}${name}.png` });
  for (const set of ["kanji2", "kanji1", "latin"]) {
    await page.selectOption("#piece-set", set);
    await shot(`web-pieces-${set}`);
  }
  await page.selectOption("#piece-set", "kanji2");
  for (const theme of ["light", "dark"]) {
    await page.selectOption("#board-theme", theme);
    await shot(`web-theme-${theme}`);
  }
  await page.close();
}

try {
  // Each language: the chu picture below with the paste box open, switched by the page's
  // switch once the lines are deep; the play panel, the editor and a phone to look at (not in
  // the docs).
  for (const lang of process.argv.includes("--looks") ? [] : ["ja", "fr", "ko"]) {
    const { page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 });
    await paste(page, "position startpos moves 7i7h 6d6e 6i6h 7d7e 8i8h 3d3e");
    await waitPly(page, 6);
    await waitLines(page);
    await page.selectOption("#language", lang);
    // Japanese with the move list and lines in traditional notation (▲７六歩兵), as chu
    // players write; the others in Hodges'.
    await page.selectOption("#notation", lang === "ja" ? "japanese" : "hodges");
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${docs}web-lang-${lang}.png` });
    await page.click("#mode-play");
    await page.screenshot({ path: `${tmpdir()}/shishi-lang-play-${lang}.png` });
    await page.click("#mode-edit");
    await page.waitForSelector("#editor-status:not(:empty)");
    await page.screenshot({ path: `${tmpdir()}/shishi-lang-edit-${lang}.png` });
    await page.click("#mode-play");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${tmpdir()}/shishi-lang-phone-${lang}.png`, fullPage: true });
    await page.close();
  }
  if (process.argv.includes("--languages")) process.exit(0);

  await looks();
  if (process.argv.includes("--looks")) process.exit(0);
  // Chu: a lishogi-style game pasted in, analysed with three lines.
  let { page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 });
  await paste(page, "position startpos moves 7i7h 6d6e 6i6h 7d7e 8i8h 3d3e");
  // The start position's analysis (already deep) stays on screen until the pasted game is
  // shown: wait for its last ply first, or the picture shows a search that has just begun.
  await waitPly(page, 6);
  await waitLines(page);
  await page.evaluate(() => (document.getElementById("io").open = false));
  await page.screenshot({ path: `${docs}web-chu.png` });
  await page.close();

  // Dai dai: the start position with the lion dog's movement diagram (3p).
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 }));
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  await waitLines(page);
  const { x, y } = await squareCentre(page, "3p");
  await page.mouse.move(x, y);
  await page.waitForSelector(".diagram:not([hidden])");
  await page.screenshot({ path: `${docs}web-daidai.png` });
  await page.close();

  // A phone: the board over the panel.
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 390, height: 844 }));
  await paste(page, "position startpos moves 7i7h 6d6e 6i6h");
  await waitPly(page, 3);
  // On a small screen analysis waits to be asked (docs/web.md, "Battery").
  await page.check("#analyse-on");
  await waitLines(page);
  await page.evaluate(() => (document.getElementById("io").open = false));
  await page.screenshot({ path: `${docs}web-phone.png`, fullPage: true });
  await page.close();

  // A review: the first 120 plies of the recorded chu game of docs/analysis.md at depth 6,
  // shown at its first mistake.
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 }));
  const record = readFileSync(new URL("../engine-tests/data/analyse-chu.txt", import.meta.url))
    .toString()
    .split("[Event")[1];
  const sfen = record.match(/\[SFEN "([^"]+)"\]/)[1];
  const moves = record
    .replace(/^\[.*$/gm, "")
    .split(/\s+/)
    .filter((w) => /^\d+[a-q]\d+[a-q]/.test(w));
  await page.selectOption("#game", "chushogi/seed");
  await paste(page, `position sfen ${sfen} moves ${moves.slice(0, 120).join(" ")}`);
  await waitPly(page, 120);
  await page.selectOption("#review-depth", "6");
  const started = Date.now();
  await page.click("#review-start");
  await page.waitForFunction(
    () => /positions at depth/.test(document.getElementById("review-status").textContent),
    null,
    { timeout: 600_000 },
  );
  console.log(`review of 120 plies at depth 6: ${(Date.now() - started) / 1000} s`);
  const mark = await page.locator("#review-graph .point.mistake").first().boundingBox();
  await page.mouse.click(mark.x + mark.width / 2, mark.y + mark.height / 2);
  await waitLines(page);
  await page.evaluate(() => (document.getElementById("io").open = false));
  await page.screenshot({ path: `${docs}web-review.png` });
  await page.close();

  // Arrows and circles in the four colours (right button; Shift, Alt, Shift+Alt).
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 }));
  await page.uncheck("#analyse-on");
  await paste(page, "position startpos moves 7i7h 6d6e 6i6h 3d3e");
  await waitPly(page, 4);
  for (const [from, to, keys] of [
    ["7h", "7f", []],
    ["6e", "6e", ["Shift"]],
    ["4c", "7f", ["Alt"]],
    ["7j", "6g", ["Shift", "Alt"]],
    ["3e", "3e", []],
  ]) {
    for (const k of keys) await page.keyboard.down(k);
    const a = await squareCentre(page, from);
    const b = await squareCentre(page, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down({ button: "right" });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up({ button: "right" });
    for (const k of keys) await page.keyboard.up(k);
  }
  await page.evaluate(() => (document.getElementById("io").open = false));
  await page.screenshot({ path: `${docs}web-shapes.png` });
  await page.close();

  // The board editor: the start position with White's lion taken by a Black pawn on 6f (the
  // counter-strike square), White to move, White's lion chosen in the palette.
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 }));
  await page.uncheck("#analyse-on");
  await page.click("#mode-edit");
  await page.waitForSelector("svg.edit-board g.piece");
  const editCentre = (sq) =>
    page.evaluate((square) => {
      const svg = document.querySelector("svg.edit-board");
      const n = 12;
      const file = Number(square.match(/^\d+/)[0]) - 1;
      const rank = square.charCodeAt(square.length - 1) - 97;
      const r = svg.getBoundingClientRect();
      const k = r.width / (n * 60 + 26);
      return { x: r.left + ((n - 1 - file) * 60 + 30) * k, y: r.top + (26 + rank * 60 + 30) * k };
    }, sq);
  for (const [from, to] of [
    ["6c", null],
    ["6i", "6f"],
  ]) {
    const a = await editCentre(from);
    const b = to ? await editCentre(to) : { x: 3, y: 3 };
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  }
  await page.selectOption("#editor-side", "w");
  await page.click("#editor-counter-tool");
  const c = await editCentre("6f");
  await page.mouse.click(c.x, c.y);
  await page.click("#editor-palette-w");
  await page.click('#editor-palette g.piece[data-token="n"]');
  await page.waitForFunction(() =>
    /accepts/.test(document.getElementById("editor-status").textContent),
  );
  await page.screenshot({ path: `${docs}web-editor.png` });
  await page.close();
} finally {
  await browser.close();
  server.close();
}
