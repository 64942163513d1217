// What the board and its panels show (docs/web.md, "Use it"): the move list never ends a
// line between a move's number and the move, the evaluation bar only while the engine
// analyses, the best-move arrow's head short of the target piece's kanji, chu under the
// JCSA's rules (a dead lance, the bare king rule) as the engine plays them; ↑/↓ and the mouse
// wheel step through the moves, and the coordinates go on and off (kept across a reload).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  boardHarness,
  clickSquare,
  copied,
  freshPage,
  nativeSfen,
  paste,
  waitMoves,
} from "./board-page.mjs";
import { games } from "./move-facts.mjs";

const harness = boardHarness();

const open = () => freshPage(harness.browser, `${harness.server.url}dist/`);

test("the move list keeps each move's number on the move's line", async () => {
  const { context, page, errors } = await open();
  await page.uncheck("#analyse-on");
  // Forty plies in a list a few moves wide: many lines, every break between two moves.
  const [game] = games("chu-L13-L14.txt.gz");
  await paste(page, `position sfen ${game.sfen} moves ${game.moves.slice(0, 40).join(" ")}`);
  await waitMoves(page, 40);
  await page.evaluate(() => (document.getElementById("moves").style.width = "11em"));
  const split = await page.$$eval(
    "#moves .num",
    (nums) =>
      nums.filter((n) => {
        const [num, move] = [n, n.nextElementSibling].map((e) => e.getBoundingClientRect());
        return num.bottom <= move.top || move.bottom <= num.top;
      }).length,
  );
  const rows = await page.$$eval(
    "#moves button",
    (bs) => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size,
  );
  assert.ok(rows >= 8, `the list wraps (${rows} rows)`);
  assert.equal(split, 0, "a number ends a line and its move begins the next");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the evaluation bar shows only while the engine analyses", async () => {
  const { context, page, errors } = await open();
  await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1);
  assert.equal(await page.isVisible("#eval-bar"), true, "analysing");
  await page.uncheck("#analyse-on");
  await page.waitForSelector("#eval-bar", { state: "hidden" });
  await page.check("#analyse-on");
  await page.waitForSelector("#eval-bar", { state: "visible" });
  await page.click("#mode-play");
  await page.waitForSelector("#eval-bar", { state: "hidden" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the best-move arrow's head leaves the target piece's kanji uncovered", async () => {
  const { context, page, errors } = await open();
  // A rook takes the king: the best move (12l12a) is found at once and stays.
  await paste(page, "position sfen k11/1p10/12/12/12/12/12/12/12/12/12/R10K b - 1");
  await page
    .waitForFunction(
      () => document.querySelector("#lines li .score")?.textContent === "+M1",
      null,
      { timeout: 20000 },
    )
    .catch(async (e) => {
      console.log(
        await page.innerHTML("#lines"),
        await page.textContent("#game-status"),
        await page.textContent("#io-error"),
      );
      throw e;
    });
  await page.waitForSelector("polyline.arrow", { state: "attached" });
  // The target's kanji, pixel for pixel, with the arrow drawn and without it.
  const box = await page.$$eval('g.piece[data-square="12a"] text', (texts) => {
    const rs = texts.map((t) => t.getBoundingClientRect());
    const left = Math.min(...rs.map((r) => r.left));
    const top = Math.min(...rs.map((r) => r.top));
    const right = Math.max(...rs.map((r) => r.right));
    const bottom = Math.max(...rs.map((r) => r.bottom));
    return { x: left, y: top, width: right - left, height: bottom - top };
  });
  await page.uncheck("#analyse-on");
  const withArrow = await page.screenshot({ clip: box });
  await page.addStyleTag({ content: ".arrow { display: none }" });
  const without = await page.screenshot({ clip: box });
  assert.ok(withArrow.equals(without), "the arrow covers part of the kanji");
  assert.deepEqual(errors, []);
  await context.close();
});

test("chu under JCSA rules: a lance on the last rank stays unpromoted; a king and two golds play on", async () => {
  const { context, page, errors } = await open();
  await page.uncheck("#analyse-on");
  const status = () => page.textContent("#game-status");
  // The same lance move under lishogi's rules and the JCSA's: lishogi offers promotion,
  // the JCSA has no `9d9a+` (the lance is a dead piece on rank a).
  const lance = "10gk/12/12/3L8/12/12/12/12/12/12/6G5/K11 b - 1";
  await page.selectOption("#game", "chushogi/lishogi");
  await paste(page, `position sfen ${lance}`);
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 5);
  await clickSquare(page, "9d");
  await clickSquare(page, "9a");
  await page.waitForSelector("#promotion", { state: "visible" });
  await page.keyboard.press("Escape");
  await page.selectOption("#game", "chushogi/jcsa");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 92);
  await paste(page, `position sfen ${lance}`);
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 5);
  await clickSquare(page, "9d");
  await clickSquare(page, "9a");
  await waitMoves(page, 1);
  assert.equal(await page.isHidden("#promotion"), true, "no promotion choice");
  const [command, sfen] = await copied(page);
  assert.equal(command, `position sfen ${lance} moves 9d9a`);
  assert.equal(sfen, nativeSfen(command, "chushogi", "jcsa"));
  // A king and two golds against a lone king: the JCSA plays on, lishogi's rules end it.
  const golds = "11k/12/12/12/12/12/12/12/12/12/5GG5/K11 w - 1";
  await paste(page, `position sfen ${golds}`);
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
  assert.match(await status(), /^White \(gote\) to move/);
  // The rule set is kept with the game.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.inputValue("#game"), "chushogi/jcsa");
  assert.match(await status(), /^White \(gote\) to move/);
  await page.selectOption("#game", "chushogi/lishogi");
  await paste(page, `position sfen ${golds}`);
  await page.waitForFunction(() =>
    /bare king/.test(document.getElementById("game-status").textContent),
  );
  assert.match(await status(), /^Black wins — bare king/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("↑ and ↓ go to the start and the end, the wheel over the board steps; coordinates on and off", async () => {
  const { context, page, errors } = await open();
  await page.uncheck("#analyse-on");
  const game = "7i7h 6d6e 6i6h 7d7e";
  await paste(page, `position startpos moves ${game}`);
  await waitMoves(page, 4);
  const shown = (move) =>
    page.waitForFunction(
      (m) => (document.querySelector("#moves button.current")?.dataset.move ?? null) === m,
      move,
    );
  await shown("7d7e");
  await page.keyboard.press("ArrowUp");
  await shown(null);
  await page.keyboard.press("ArrowDown");
  await shown("7d7e");
  // The wheel over the board: down one notch, one move on; up, one back.
  await page.keyboard.press("Home");
  await shown(null);
  const board = await page.locator("svg.board").boundingBox();
  await page.mouse.move(board.x + board.width / 2, board.y + board.height / 2);
  for (const [dy, move] of [
    [100, "7i7h"],
    [100, "6d6e"],
    [100, "6i6h"],
    [-100, "6d6e"],
  ]) {
    await page.mouse.wheel(0, dy);
    await shown(move);
  }

  // Coordinates: on by default, off by the button, kept across a reload, on again by `c`.
  const coords = () => page.locator("text.coord:visible").count();
  assert.equal(await coords(), 24);
  await page.click("#coords");
  assert.equal(await coords(), 0);
  assert.equal(await page.getAttribute("#coords", "aria-pressed"), "false");
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await coords(), 0);
  await page.keyboard.press("c");
  assert.equal(await coords(), 24);
  assert.deepEqual(errors, []);
  await context.close();
});
