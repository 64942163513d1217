// The board's look (docs/web.md, "Use it": pieces, themes, size, animation, low time): each
// piece set draws the engine's names on the board and in the movement diagram and is kept
// across a reload; a theme colours the board and is kept; the corner handle, dragged by a
// mouse or a finger, resizes the board, the size is kept and clicks still land on their
// squares; a move played or stepped through slides its piece (the test hook lists the slides),
// a dragged one does not, and nothing slides under reduced motion or with the setting off; the
// player's clock warns under the low-time threshold, with one sound. Pure parts in Node: which
// piece moved between two boards, the low-time threshold.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadAppModule as load } from "./app-module.mjs";
import {
  boardHarness,
  clickSquare,
  dragSquare,
  freshPage,
  listedMoves,
  nativeSfen,
  copied,
  waitMoves,
} from "./board-page.mjs";

const harness = boardHarness();
const open = (query = "", options) =>
  freshPage(harness.browser, `${harness.server.url}dist/${query}`, options);

/** The text a piece's face shows (its SVG text elements, not its title). */
const face = (page, square) =>
  page.$$eval(`g.piece[data-square="${square}"] text`, (ts) =>
    ts.map((t) => t.textContent).join(""),
  );

const settle = (page) => page.uncheck("#analyse-on");

test("which piece moved between two boards; the low-time threshold", async () => {
  const { movedPiece } = await load("animation.ts");
  const { lowTimeMs } = await load("low-time.ts");
  const P = (token, black = true) => ({ token, black });
  const board = (cells) => [cells];
  // Forward, with a capture and a promotion; stepped back, the victim reappears.
  const before = board([P("s"), null, P("p", false)]);
  const after = board([null, null, P("+s")]);
  assert.deepEqual(movedPiece(before, after), { from: [0, 0], to: [0, 2] });
  assert.deepEqual(movedPiece(after, before), { from: [0, 2], to: [0, 0] });
  assert.equal(movedPiece(before, board([P("s"), null, P("p", false)])), "same");
  // Two pieces of a side moved (two plies apart): no slide.
  assert.equal(
    movedPiece(board([P("s"), null, P("g"), null]), board([null, P("s"), null, P("g")])),
    null,
  );
  const tc = (base, byo = 0) => ({
    mode: "clock",
    baseMs: base,
    incMs: 0,
    byoyomiMs: byo,
    movetimeMs: 0,
  });
  assert.equal(lowTimeMs(tc(300_000)), 10_000);
  assert.equal(lowTimeMs(tc(3_000)), 750);
  assert.equal(lowTimeMs(tc(0, 10_000)), 2_500);
});

test("piece sets: two kanji, one kanji, Latin with moves; kept across a reload", async () => {
  const { context, page, errors } = await open();
  await settle(page);
  assert.equal(await page.inputValue("#piece-set"), "kanji2");
  // Black's lion on 7j and king on 7l, White's king on 6a.
  assert.equal(await face(page, "7j"), "獅子");
  assert.equal(await face(page, "6a"), "王将");
  await page.selectOption("#piece-set", "kanji1");
  assert.equal(await face(page, "7j"), "獅");
  assert.equal(await face(page, "7l"), "玉");
  assert.equal(await face(page, "6a"), "王");
  await page.selectOption("#piece-set", "latin");
  assert.equal(await face(page, "7j"), "Ln");
  // The map of where it goes: the lion's 24 squares of lion power; a rook's four slides.
  assert.equal(await page.locator('g.piece[data-square="7j"] .map-lion').count(), 24);
  assert.equal(await page.locator('g.piece[data-square="10j"] .map-slide').count(), 4);
  assert.equal(await page.getAttribute("#latin", "aria-pressed"), "true");
  // The movement diagram's title follows the set.
  const box = await page.locator('g.piece[data-square="7j"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector(".diagram:not([hidden])");
  assert.match(await page.textContent(".diagram-title"), /^Ln — lion/);
  await page.mouse.move(0, 0);

  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.inputValue("#piece-set"), "latin");
  assert.equal(await face(page, "7j"), "Ln");
  // `l` goes back to the kanji set chosen last (one kanji), also in the diagram.
  await page.keyboard.press("l");
  assert.equal(await face(page, "7j"), "獅");
  assert.equal(await page.inputValue("#piece-set"), "kanji1");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector(".diagram:not([hidden])");
  assert.match(await page.textContent(".diagram-title"), /^獅 {2}Ln — lion/);
  // Dai dai: the flying dragon, which no single kanji tells apart, keeps its two.
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  assert.equal(await face(page, "5p"), "飛龍");
  assert.equal(await face(page, "15p"), "獅");
  assert.deepEqual(errors, []);
  await context.close();
});

test("themes: the board's colours, kept across a reload", async () => {
  const { context, page, errors } = await open();
  await settle(page);
  const wood = () => page.$eval("rect.wood", (r) => getComputedStyle(r).fill);
  const first = await wood();
  await page.selectOption("#board-theme", "dark");
  assert.equal(await page.getAttribute("html", "data-board-theme"), "dark");
  assert.equal(await wood(), "rgb(29, 35, 43)");
  await page.selectOption("#board-theme", "light");
  assert.equal(await wood(), "rgb(243, 241, 234)");
  assert.notEqual(first, await wood());
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.inputValue("#board-theme"), "light");
  // The board is drawn after the page says it is ready: on a loaded machine the first read
  // found it not yet styled (an empty fill), so wait for the drawn board's colour.
  await page.waitForFunction(() => {
    const r = document.querySelector("rect.wood");
    return r !== null && getComputedStyle(r).fill !== "";
  });
  assert.equal(await wood(), "rgb(243, 241, 234)");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the corner handle resizes the board (mouse and touch), kept; clicks still land", async () => {
  const { context, page, errors } = await open();
  await settle(page);
  const size = async () => {
    const b = await page.locator("svg.board").boundingBox();
    return { width: Math.round(b.width), height: Math.round(b.height) };
  };
  const before = await size();
  const handle = await page.locator(".resize-handle").boundingBox();
  const [hx, hy] = [handle.x + handle.width / 2, handle.y + handle.height / 2];
  await page.mouse.move(hx, hy);
  await page.mouse.down();
  await page.mouse.move(hx - 60, hy - 100, { steps: 5 });
  await page.mouse.up();
  const smaller = await size();
  assert.ok(
    Math.abs(smaller.width - (before.width - 100)) <= 2,
    `${before.width} → ${smaller.width}`,
  );
  // Still square (the SVG's own proportions: 12 squares and the coordinates' room).
  assert.ok(Math.abs(smaller.height / smaller.width - before.height / before.width) < 0.01);
  // A finger (touch pointer events on the handle).
  await page.evaluate(() => {
    const h = document.querySelector(".resize-handle");
    const r = h.getBoundingClientRect();
    const at = (type, dx) =>
      h.dispatchEvent(
        new PointerEvent(type, {
          pointerType: "touch",
          pointerId: 7,
          bubbles: true,
          clientX: r.x + dx,
          clientY: r.y,
        }),
      );
    at("pointerdown", 0);
    at("pointermove", 40);
    at("pointermove", 80);
    at("pointerup", 80);
  });
  const larger = await size();
  assert.ok(
    Math.abs(larger.width - (smaller.width + 80)) <= 2,
    `${smaller.width} → ${larger.width}`,
  );
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await settle(page);
  assert.deepEqual(await size(), larger, "kept across a reload");
  // Clicks on the resized board land on their squares.
  await clickSquare(page, "7i");
  await clickSquare(page, "7h");
  await waitMoves(page, 1);
  await clickSquare(page, "6d");
  await clickSquare(page, "6e");
  await waitMoves(page, 2);
  assert.deepEqual(await listedMoves(page), ["7i7h", "6d6e"]);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command));
  assert.deepEqual(errors, []);
  await context.close();
});

test("pieces slide when a move is played or stepped through; not dragged, reduced or off", async () => {
  const { context, page, errors } = await open("?test");
  await settle(page);
  const slides = () => page.evaluate(() => window.shishiTest.slides);
  await clickSquare(page, "7i");
  await clickSquare(page, "7h");
  await waitMoves(page, 1);
  await page.waitForFunction(() => window.shishiTest.slides.length === 1);
  assert.deepEqual(await slides(), ["7i-7h"]);
  // The piece stays where the move put it (unseen while its copy slides).
  assert.equal(await page.locator('g.piece[data-square="7h"]').count(), 1);
  // Stepping back slides it home; forward again, back to 7h.
  await page.click("#back");
  await page.waitForFunction(() => window.shishiTest.slides.length === 2);
  await page.click("#forward");
  await page.waitForFunction(() => window.shishiTest.slides.length === 3);
  assert.deepEqual(await slides(), ["7i-7h", "7h-7i", "7i-7h"]);
  // A dragged piece is already where it lands: no slide.
  await dragSquare(page, "6d", "6e");
  await waitMoves(page, 2);
  await page.click("#back");
  await page.waitForFunction(() => window.shishiTest.slides.length === 4);
  assert.deepEqual((await slides()).slice(3), ["6e-6d"]);
  // The setting off: nothing slides, and it stays off after a reload.
  await page.uncheck("#animate");
  await page.click("#forward");
  await page.waitForFunction(
    () => document.querySelector("#moves button.current")?.dataset.move === "6d6e",
  );
  assert.equal((await slides()).length, 4);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.isChecked("#animate"), false);
  await page.click("#back");
  await page.waitForFunction(
    () => document.querySelector("#moves button.current")?.dataset.move === "7i7h",
  );
  assert.deepEqual(await slides(), []);
  await context.close();

  // Reduced motion asked by the system: the setting on, still nothing slides.
  const reduced = await open("?test");
  await reduced.page.emulateMedia({ reducedMotion: "reduce" });
  await settle(reduced.page);
  assert.equal(await reduced.page.isChecked("#animate"), true);
  await clickSquare(reduced.page, "7i");
  await clickSquare(reduced.page, "7h");
  await waitMoves(reduced.page, 1);
  await reduced.page.click("#back");
  await reduced.page.waitForFunction(() => !document.querySelector("#moves button.current"));
  assert.deepEqual(await reduced.page.evaluate(() => window.shishiTest.slides), []);
  assert.deepEqual([...errors, ...reduced.errors], []);
  await reduced.context.close();
});

test("low time: the player's clock warns under the threshold, with one sound", async () => {
  const { context, page, errors } = await open("?test");
  await page.click("#sound");
  await page.click("#mode-play");
  await page.selectOption("#human-side", "b");
  await page.selectOption("#level", "0");
  await page.selectOption("#tc-mode", "clock");
  // Five minutes: far from low at the start.
  await page.fill("#tc-base", "5");
  await page.fill("#tc-inc", "0");
  await page.fill("#tc-byo", "0");
  await page.click("#start-game");
  await page.waitForFunction(() =>
    /^[45]:/.test(document.querySelector("#clock-b .time").textContent),
  );
  assert.equal(await page.locator(".clock.low-time").count(), 0);
  // Three seconds: the player's flag falls; the warning came before and stays.
  page.once("dialog", (d) => d.accept());
  await page.fill("#tc-base", "0.05");
  await page.click("#start-game");
  await page.waitForFunction(
    () => /lost on time/.test(document.getElementById("game-status").textContent),
    null,
    { timeout: 20_000 },
  );
  await page.waitForSelector("#clock-b.low-time");
  assert.equal(await page.locator("#clock-w.low-time").count(), 0);
  const sounds = await page.evaluate(() => window.shishiTest.sounds);
  assert.deepEqual(
    sounds.filter((s) => s === "low-time"),
    ["low-time"],
  );
  assert.deepEqual(errors, []);
  await context.close();
});
