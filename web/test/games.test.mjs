// Games that last (docs/web.md, "Play", "Keep and share"): the shown line survives a reload, a
// shared link opens the same position and moves in a fresh browser (no storage), a downloaded
// game file loads back; in a game against the engine, takeback (with its reply), a question
// before the game is left, the player's clock at the bottom, clocks that stop at the end, and
// play from an analysed position. Positions are checked against the native binary.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  boardHarness,
  clickSquare,
  copied,
  dragSquare,
  freshPage,
  listedMoves,
  nativeSfen,
  paste,
  squareCentre,
  waitMoves,
} from "./board-page.mjs";

const harness = boardHarness();

const fresh = (url) => freshPage(harness.browser, url);

test("a reload keeps the game; a shared link opens it in a fresh browser; a file loads back", async () => {
  const { context, page, errors } = await fresh(`${harness.server.url}dist/`);
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  await clickSquare(page, "9l");
  await clickSquare(page, "9k");
  await waitMoves(page, 1);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command, "daidaishogi", "seed"));

  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await waitMoves(page, 1);
  assert.deepEqual(await copied(page), [command, sfen], "after a reload");

  await page.evaluate(() => (document.getElementById("io").open = true));
  await page.click("#io-share");
  const link = await page.inputValue("#io-text");
  assert.match(link, /#game=daidaishogi%2Fseed&moves=9l9k$/);
  const shared = await fresh(link);
  await waitMoves(shared.page, 1);
  assert.deepEqual(await copied(shared.page), [command, sfen], "the shared link");
  // For a person to look at (docs/web.md): the link opened in a browser that never saw it.
  await shared.page.screenshot({ path: join(tmpdir(), "shishi-shared-link.png") });
  await shared.context.close();

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#io-download")]);
  const file = await readFile(await download.path(), "utf8");
  assert.match(file, /^\[Variant "daidai"\]/);
  assert.match(file, /position startpos moves 9l9k\n$/);
  // Back to chu, then the file: dai dai again, with its move.
  await page.selectOption("#game", "chushogi/lishogi");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 92);
  await page.setInputFiles("#io-upload", await download.path());
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  assert.deepEqual(await listedMoves(page), ["9l9k"]);
  assert.deepEqual(await copied(page), [command, sfen], "the downloaded file");
  assert.deepEqual(errors, []);
  await context.close();
});

const status = (page) => page.textContent("#game-status");
const yourMove = (page) =>
  page.waitForFunction(() => /your move/.test(document.getElementById("game-status").textContent));

test("play: takeback with the reply, asked before leaving, clocks at the player's side and stopped at the end", async () => {
  const { context, page, errors } = await fresh(`${harness.server.url}dist/`);
  await page.click("#mode-play");
  await page.selectOption("#human-side", "w");
  await page.selectOption("#level", "0");
  await page.selectOption("#tc-mode", "movetime");
  await page.fill("#tc-movetime", "0.3");
  await page.click("#start-game");
  await yourMove(page);
  assert.equal(await page.isDisabled("#takeback"), true, "no move of the player's to take back");
  // Playing White: White's clock is the lower one.
  const y = async (id) => (await page.locator(id).boundingBox()).y;
  assert.ok((await y("#clock-w")) > (await y("#clock-b")), "White's clock below");
  await clickSquare(page, "6d");
  await clickSquare(page, "6e");
  await waitMoves(page, 3);
  await yourMove(page);
  const [engineFirst] = await listedMoves(page);
  await page.click("#takeback");
  await page.waitForFunction(() => document.querySelectorAll("#moves button").length === 1);
  await yourMove(page);
  assert.deepEqual(await listedMoves(page), [engineFirst]);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command));
  // Leaving for analysis asks; saying no keeps the game.
  page.once("dialog", (d) => d.dismiss());
  await page.click("#mode-analyse");
  assert.equal(await page.getAttribute("#mode-play", "aria-pressed"), "true");
  assert.match(await status(page), /your move/);

  // A new game (asked, yes) on a 3-second clock: the player's flag falls, and the clock stays
  // where it stopped instead of jumping back.
  page.once("dialog", (d) => d.accept());
  await page.selectOption("#tc-mode", "clock");
  await page.fill("#tc-base", "0.05");
  await page.fill("#tc-inc", "0");
  await page.fill("#tc-byo", "0");
  await page.selectOption("#human-side", "b");
  await page.click("#start-game");
  await page.waitForFunction(
    () => /lost on time/.test(document.getElementById("game-status").textContent),
    null,
    { timeout: 20_000 },
  );
  const shown = await page.textContent("#clock-b .time");
  await page.waitForTimeout(600);
  assert.equal(await page.textContent("#clock-b .time"), shown);
  assert.match(shown, /^0[.:]0/);

  // Play from here: an analysed position, then a game from it (the play panel's choices).
  await page.selectOption("#tc-mode", "movetime");
  await page.click("#mode-analyse");
  await clickSquare(page, "7i");
  await clickSquare(page, "7h");
  await waitMoves(page, 1);
  await page.click("#play-from-here");
  await page.waitForFunction(() => document.querySelectorAll("#moves button").length >= 2);
  await yourMove(page);
  const moves = await listedMoves(page);
  assert.equal(moves[0], "7i7h");
  nativeSfen(`position startpos moves ${moves.join(" ")}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a reload keeps the variations of the move list, and the shown move", async () => {
  const { context, page, errors } = await fresh(`${harness.server.url}dist/`);
  await page.uncheck("#analyse-on");
  for (const [from, to, n] of [
    ["7i", "7h", 1],
    ["6d", "6e", 2],
    ["3i", "3h", 3],
  ]) {
    await clickSquare(page, from);
    await clickSquare(page, to);
    await waitMoves(page, n);
  }
  // Back two moves, then another second move: a variation beside 6d6e.
  await page.click("#back");
  await page.click("#back");
  await clickSquare(page, "5d");
  await clickSquare(page, "5e");
  await waitMoves(page, 4);
  const before = await listedMoves(page);
  assert.deepEqual(before, ["7i7h", "6d6e", "5d5e", "3i3h"]);
  const shown = await copied(page);
  assert.deepEqual(shown, [
    "position startpos moves 7i7h 5d5e",
    nativeSfen("position startpos moves 7i7h 5d5e"),
  ]);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await waitMoves(page, 4);
  assert.deepEqual(await listedMoves(page), before, "the tree after a reload");
  assert.deepEqual(await copied(page), shown, "the shown move after a reload");
  assert.equal(await page.getAttribute("#moves button.current", "data-move"), "5d5e");
  // The main line is still there to go to.
  await page.click('#moves button[data-move="3i3h"]');
  const [command] = await copied(page);
  assert.equal(command, "position startpos moves 7i7h 6d6e 3i3h");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a game in play survives a reload: side, level, clocks and whose turn", async () => {
  const { context, page, errors } = await fresh(`${harness.server.url}dist/`);
  await page.click("#mode-play");
  await page.selectOption("#human-side", "w");
  await page.selectOption("#level", "1");
  await page.selectOption("#tc-mode", "clock");
  await page.fill("#tc-base", "2");
  await page.fill("#tc-inc", "0");
  await page.fill("#tc-byo", "0");
  await page.click("#start-game");
  await yourMove(page);
  await clickSquare(page, "6d");
  await clickSquare(page, "6e");
  await waitMoves(page, 3);
  await yourMove(page);
  const moves = await listedMoves(page);
  const seconds = async (side) => {
    const [m, s] = (await page.textContent(`#clock-${side} .time`)).split(":").map(Number);
    return m * 60 + s;
  };
  const white = await seconds("w");
  const black = await seconds("b");
  assert.ok(white < 120 && black < 120, `clocks ${white}, ${black}`);
  // Leaving asks (beforeunload); the player says yes.
  page.once("dialog", (d) => d.accept());
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await yourMove(page);
  assert.equal(await page.getAttribute("#mode-play", "aria-pressed"), "true");
  assert.deepEqual(await listedMoves(page), moves);
  assert.equal(await page.inputValue("#level"), "1");
  // The form shows the game's clock, not the default one.
  const form = {};
  for (const id of ["tc-mode", "tc-base", "tc-inc", "tc-byo"])
    form[id] = await page.inputValue(`#${id}`);
  assert.deepEqual(form, { "tc-mode": "clock", "tc-base": "2", "tc-inc": "0", "tc-byo": "0" });
  assert.equal(await page.getAttribute("#board-wrap", "data-flipped"), "true");
  // The clocks go on from where they stood: the player's is running, the engine's is not.
  await page.waitForFunction(() =>
    document.getElementById("clock-w").classList.contains("running"),
  );
  assert.ok(
    Math.abs((await seconds("b")) - black) <= 1,
    `Black's clock ${black} then ${await seconds("b")}`,
  );
  const w = await seconds("w");
  assert.ok(w <= white && w >= white - 3, `White's clock ${white} then ${w}`);
  assert.equal(await page.locator("#clock-b.running").count(), 0);
  assert.equal(await page.isDisabled("#resign"), false);
  // And the game goes on: a move, the engine's reply.
  await clickSquare(page, "5d");
  await clickSquare(page, "5e");
  await waitMoves(page, 5);
  await yourMove(page);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command));
  assert.ok((await seconds("b")) <= black, "the engine's clock went on from where it stood");
  assert.deepEqual(errors, []);
  await context.close();
});

test("premoves: entered while the engine thinks, played when its move comes, cancelled by Escape or a right-click", async () => {
  // The test hook holds the engine's move until the premoves are entered (a loaded machine
  // must not decide the order).
  const { context, page, errors } = await fresh(`${harness.server.url}dist/?test`);
  const hold = (on) => page.evaluate((h) => window.shishiTest.holdEngine(h), on);
  await page.click("#mode-play");
  await page.selectOption("#human-side", "b");
  await page.selectOption("#level", "0");
  await page.selectOption("#tc-mode", "movetime");
  await page.fill("#tc-movetime", "0.3");
  await page.click("#start-game");
  await yourMove(page);
  const thinks = () =>
    page.waitForFunction(() =>
      /Shishi thinks/.test(document.getElementById("game-status").textContent),
    );
  const premoves = () => page.locator("rect.premove").count();
  // The premove's origin, pressed until the board takes it (its move list comes a moment
  // after the engine starts).
  const choose = async (square) => {
    for (let i = 0; i < 50; i++) {
      await clickSquare(page, square);
      if ((await page.locator("rect.chosen").count()) > 0) return;
      await page.keyboard.press("Escape");
      await page.waitForTimeout(50);
    }
    throw new Error(`${square} never taken for a premove`);
  };
  await hold(true);
  await clickSquare(page, "7i");
  await clickSquare(page, "7h");
  await thinks();
  await choose("3i");
  await clickSquare(page, "3h");
  assert.equal(
    await premoves(),
    2,
    `the premove's squares are marked: ${await status(page)} ${await listedMoves(page)}`,
  );
  assert.match(await status(page), /Shishi thinks.*premove 3i3h/);
  await hold(true);
  await waitMoves(page, 3);
  assert.equal((await listedMoves(page))[2], "3i3h", "played as soon as the engine moved");
  await thinks();
  assert.equal(await premoves(), 0);

  // While the engine thinks again: a premove by drag, dropped by Escape, then one by click,
  // dropped by a right-click on the board; nothing is played for the player.
  await choose("2i");
  await page.keyboard.press("Escape");
  await dragSquare(page, "2i", "2h");
  assert.equal(await premoves(), 2);
  await page.keyboard.press("Escape");
  assert.equal(await premoves(), 0);
  await choose("12i");
  await clickSquare(page, "12h");
  assert.equal(await premoves(), 2);
  const at = await squareCentre(page, "6f");
  await page.mouse.click(at.x, at.y, { button: "right" });
  assert.equal(await premoves(), 0);
  assert.equal((await listedMoves(page)).length, 3, "all while the engine thought");
  await hold(false);
  await waitMoves(page, 4);
  await yourMove(page);
  await page.waitForTimeout(300);
  assert.equal((await listedMoves(page)).length, 4);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command));
  assert.deepEqual(errors, []);
  await context.close();
});

test("sound: off by default, a toggle kept across a reload; on, a move and a capture sound, off, none", async () => {
  const { context, page, errors } = await fresh(`${harness.server.url}dist/?test`);
  await page.uncheck("#analyse-on");
  const sounds = () => page.evaluate(() => window.shishiTest.sounds);
  assert.equal(await page.getAttribute("#sound", "aria-pressed"), "false");
  await clickSquare(page, "7i");
  await clickSquare(page, "7h");
  await waitMoves(page, 1);
  assert.deepEqual(await sounds(), [], "off: no sound");
  await page.click("#sound");
  assert.equal(await page.getAttribute("#sound", "aria-pressed"), "true");
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.getAttribute("#sound", "aria-pressed"), "true", "kept on");
  await clickSquare(page, "6d");
  await clickSquare(page, "6e");
  await waitMoves(page, 2);
  await page.waitForFunction(() => window.shishiTest.sounds.length === 1);
  assert.deepEqual(await sounds(), ["move"]);
  // A capture: Black's pawn takes White's.
  await paste(page, "k11/12/12/12/12/12/6p5/6P5/12/12/12/11K b - 1");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
  await clickSquare(page, "6h");
  await clickSquare(page, "6g");
  await waitMoves(page, 1);
  await page.waitForFunction(() => window.shishiTest.sounds.length === 2);
  assert.deepEqual(await sounds(), ["move", "capture"]);
  // Off again: a move makes none, and off is kept.
  await page.click("#sound");
  await clickSquare(page, "12a");
  await clickSquare(page, "12b");
  await waitMoves(page, 2);
  await page.waitForTimeout(200);
  assert.deepEqual(await sounds(), ["move", "capture"]);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.getAttribute("#sound", "aria-pressed"), "false", "kept off");
  assert.deepEqual(errors, []);
  await context.close();
});
