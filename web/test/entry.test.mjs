// Entering moves and positions as a player tries them (docs/web.md, "Moves", "Paste / copy"):
// a lion's pass through any empty neighbour, a step that could go on offered both ways (the
// piece drawn where it was put), a dragged lion dog, a typed path that is the same move, dai
// dai's own SFEN pasted back with moves, lishogi's URL form (`_` or `%20` between fields), paste errors that say which move
// failed and go when the text changes, the paste box's label, a position without royals
// refused, the pasted move number kept, and the promotion choice on the board (Escape, a press
// elsewhere, Enter).
// Every position reached is checked against the native binary.
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  boardHarness,
  clickSquare,
  copied,
  dragSquare,
  listedMoves,
  nativeSfen,
  openBoard,
  paste,
  squareCentre,
  waitMoves,
} from "./board-page.mjs";

// The position: a Black lion on 6g, White pawns on 6f and 5f, kings on 6a and 6l.
const LION = "5k6/12/12/12/6g5/6pp4/6N5/12/12/12/12/5K6 b - 1";

const harness = boardHarness();

async function open() {
  const board = await openBoard(harness.browser, `${harness.server.url}dist/`);
  board.page.setDefaultTimeout(60_000);
  await board.page.uncheck("#analyse-on");
  return board;
}

const start = async (page) => {
  await page.keyboard.press("Home");
  await page.waitForFunction(() => !document.querySelector("#moves button.current"));
};

test("a lion passes through any empty neighbour; a step that could go on offers both", async () => {
  const { page, errors } = await open();
  await paste(page, LION);
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 6);
  const passed = nativeSfen(`position sfen ${LION} moves 6g7g6g`);
  for (const via of ["7f", "7g", "5g", "7h", "6h", "5h"]) {
    await clickSquare(page, "6g");
    await clickSquare(page, via);
    // Not played yet (still at the start): the lion may stop on `via` (marked) or go on,
    // back to 6g for the pass.
    assert.equal(await page.locator("#moves button.current").count(), 0, via);
    const marked = await page.$$eval("[data-target]", (es) => es.map((e) => e.dataset.target));
    assert.ok(marked.includes(via) && marked.includes("6g"), `${via}: ${marked}`);
    // Drawn where it was put, its start left empty until the move ends.
    assert.match(await page.textContent(`g.piece[data-square="${via}"]`), /Black lion on/);
    assert.equal(await page.locator('g.piece[data-square="6g"]').count(), 0, via);
    await clickSquare(page, "6g");
    await page.waitForSelector("#moves button.current");
    const [, sfen] = await copied(page);
    assert.equal(sfen, passed, `the pass via ${via}`);
    await start(page);
  }
  // One pass, however walked: one move in the list, not a variation per path.
  assert.equal((await listedMoves(page)).length, 1);
  // The step to 5h, stopped there by a second click.
  await clickSquare(page, "6g");
  await clickSquare(page, "5h");
  await clickSquare(page, "5h");
  await page.waitForFunction(() => document.querySelectorAll("#moves button").length === 2);
  const [command, sfen] = await copied(page);
  assert.equal(command, `position sfen ${LION} moves 6g5h`);
  assert.equal(sfen, nativeSfen(command));
  // A typed path of the pass is the listed pass: still two moves in the list.
  await start(page);
  await page.fill("#move-text", "6g5g6g");
  await page.press("#move-text", "Enter");
  await page.waitForFunction(() => document.querySelector("#moves button.current"));
  assert.equal((await listedMoves(page)).length, 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test("dai dai: a dragged lion dog waits for its second leg; its own SFEN pastes back", async () => {
  const { page, errors } = await open();
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  await dragSquare(page, "3p", "3o");
  // The lion dog could go on from 3o: both choices are on the board, nothing played yet.
  assert.deepEqual(await listedMoves(page), []);
  // It stands where it was dropped (it used to jump back to 3p), 3p empty; 3o is marked to
  // stop there, 3p to pass back.
  assert.equal(await page.locator('g.piece[data-square="3o"]').count(), 1, "a piece on 3o");
  assert.match(await page.textContent('g.piece[data-square="3o"]'), /Black lion dog/);
  assert.equal(await page.locator('g.piece[data-square="3p"]').count(), 0);
  const marked = await page.$$eval("[data-target]", (es) => es.map((e) => e.dataset.target));
  assert.deepEqual(marked.sort(), ["3o", "3p"]);
  await clickSquare(page, "3o");
  await waitMoves(page, 1);
  const [command, sfen] = await copied(page);
  assert.equal(command, "position startpos moves 3p3o");
  assert.equal(sfen, nativeSfen(command, "daidaishogi", "seed"));
  // "Copy current" line 2 (three fields), with moves, pasted back.
  await paste(page, `${sfen} moves 3f3g`);
  await page.waitForFunction(() => {
    document.getElementById("io-copy").click();
    return document.getElementById("io-text").value.startsWith("position sfen");
  });
  const [command2, sfen2] = await copied(page);
  assert.equal(command2, `position sfen ${sfen} moves 3f3g`);
  assert.equal(sfen2, nativeSfen(command2, "daidaishogi", "seed"));
  assert.equal(await page.textContent("#io-error"), "");
  assert.deepEqual(errors, []);
  await page.close();
});

test("lishogi's URL form loads; paste errors name the move and go with the text", async () => {
  const { page, errors } = await open();
  const board =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDQNDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";
  await paste(page, `https://lishogi.org/analysis/chushogi/${board}_w_-_2`);
  await page.waitForFunction(() => {
    document.getElementById("io-copy").click();
    return document.getElementById("io-text").value.startsWith("position sfen");
  });
  const [command, sfen] = await copied(page);
  assert.equal(command, `position sfen ${board} w - 2`);
  assert.equal(sfen, nativeSfen(command));
  // `%20` between the fields, as an address bar copies the spaces.
  await paste(page, `https://lishogi.org/analysis/chushogi/${board}%20b%20-%201`);
  await page.waitForFunction(() => {
    document.getElementById("io-copy").click();
    return / b - 1$/.test(document.getElementById("io-text").value.split("\n")[0]);
  });
  assert.equal(await page.textContent("#io-error"), "");
  await paste(page, "7i7h 7i7h");
  await page.waitForFunction(() => document.getElementById("io-error").textContent !== "");
  assert.match(await page.textContent("#io-error"), /move 2 \(7i7h\)/);
  // The box is named by its label (what a screen reader says), and found by it here.
  const box = page.getByLabel("Position or game to load");
  assert.equal(await box.count(), 1, "the paste box has a label");
  await box.fill("7i7h");
  assert.equal(await page.textContent("#io-error"), "");
  // A position without a royal piece is refused, not shown as a finished game.
  await paste(page, "12/12/12/12/12/12/12/12/12/12/12/11K b - 1");
  await page.waitForFunction(() => document.getElementById("io-error").textContent !== "");
  assert.match(await page.textContent("#io-error"), /White has no royal piece/);
  // The pasted move number is the shown one.
  await paste(page, "5k6/12/12/12/12/12/12/12/12/12/P11/5K6 w - 40");
  await page.waitForFunction(() =>
    /move 40/.test(document.getElementById("game-status").textContent),
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test("the promotion choice opens on the destination square; Escape and Enter work", async () => {
  const { page, errors } = await open();
  await paste(page, "k11/p11/12/12/8S3/12/12/12/12/12/12/11K b - 1");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
  await clickSquare(page, "4e");
  await clickSquare(page, "4d");
  await page.waitForSelector("#promotion:not([hidden])");
  // On the board, over 4d.
  const box = await page.locator("#promotion").boundingBox();
  const c = await squareCentre(page, "4d");
  assert.ok(
    box.x <= c.x && c.x <= box.x + box.width + 30 && Math.abs(box.y - c.y) < 40,
    JSON.stringify(box),
  );
  await page.screenshot({ path: join(tmpdir(), "shishi-promotion.png") });
  assert.equal(await page.evaluate(() => document.activeElement.id), "promote-yes");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#promotion", { state: "hidden" });
  assert.deepEqual(await listedMoves(page), [], "Escape played nothing");
  // A press on the board closes it too, with nothing played.
  await clickSquare(page, "4e");
  await clickSquare(page, "4d");
  await page.waitForSelector("#promotion:not([hidden])");
  await clickSquare(page, "1a");
  await page.waitForSelector("#promotion", { state: "hidden" });
  assert.deepEqual(await listedMoves(page), []);
  // Enter promotes.
  await clickSquare(page, "4e");
  await clickSquare(page, "4d");
  await page.waitForSelector("#promotion:not([hidden])");
  await page.keyboard.press("Enter");
  await waitMoves(page, 1);
  const [command, sfen] = await copied(page);
  assert.equal(command.split(" moves ")[1], "4e4d+");
  assert.equal(sfen, nativeSfen(command));
  assert.deepEqual(errors, []);
  await page.close();
});
