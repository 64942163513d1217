// The board editor (docs/web.md, "The board editor"), used as a player uses it: a chu and a
// dai dai position built on an empty board from the palette (pieces of both sides, promoted
// ones, a drag, a piece flipped to the other side, one dragged off the board, the eraser, the
// side to move, chu's counter-strike square), each SFEN checked letter for letter and against
// the native binary (its SFEN, `checkposition` and the same legal moves as the page's rules
// engine); positions the engine refuses (a side without a royal, an unpromoted pawn on its last
// rank under seed rules) shown with the engine's own words and Analyse and Play disabled; and
// edit → analyse (the SFEN in the paste box and the copied position) and edit → play (a move
// and Shishi's reply). The editor's pure logic (SFEN writing, the tools) is checked in Node.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAppModule } from "./app-module.mjs";
import {
  boardHarness,
  clickSquare,
  copied,
  openBoard,
  squareCentre,
  waitMoves,
} from "./board-page.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The native binary on a position: its SFEN, `checkposition` answer and legal moves. */
function native(sfen, variant, rules) {
  const out = execFileSync(`${root}target/release/shishi`, [], {
    input: [
      `setoption name USI_Variant value ${variant}`,
      `setoption name Rules value ${rules}`,
      `position sfen ${sfen}`,
      "sfen",
      "checkposition",
      "legalmoves",
      "quit",
      "",
    ].join("\n"),
  }).toString();
  const line = (prefix) => out.split("\n").find((l) => l.startsWith(prefix)) ?? "";
  assert.equal(line("info string error"), "", out);
  return {
    sfen: line("sfen ").slice(5),
    check: line("checkposition ").slice("checkposition ".length),
    legal: line("legalmoves").split(" ").slice(1).sort(),
  };
}

const harness = boardHarness();

async function open(game = "chushogi/lishogi") {
  const board = await openBoard(harness.browser, `${harness.server.url}dist/?test`);
  board.page.setDefaultTimeout(60_000);
  await board.page.uncheck("#analyse-on");
  if (game !== "chushogi/lishogi") await selectGame(board.page, game);
  return board;
}

/** Switches the game and waits until the page shows (and keeps) it. */
async function selectGame(page, game) {
  await page.selectOption("#game", game);
  await page.waitForFunction((g) => {
    const kind = JSON.parse(localStorage.getItem("shishi.game") ?? "null")?.kind;
    return kind && `${kind.variant}/${kind.rules}` === g;
  }, game);
}

/** Client coordinates of a square's centre on the editor's board. */
const editCentre = (page, square) => squareCentre(page, square, "svg.edit-board");

async function clickEdit(page, square) {
  const { x, y } = await editCentre(page, square);
  await page.mouse.click(x, y);
}

/** Drags on the editor's board from a square to a square, or off the board (`to` null). */
async function dragEdit(page, from, to) {
  const a = await editCentre(page, from);
  const b = to ? await editCentre(page, to) : { x: 3, y: 3 };
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Chooses a palette piece (`side` b or w, its `pieces` token), then puts it on squares. */
async function place(page, side, token, ...squares) {
  await page.click(`#editor-palette-${side}`);
  await page.click(`#editor-palette g.piece[data-token="${token}"]`);
  for (const sq of squares) await clickEdit(page, sq);
}

/** The engine's verdict once it has answered the last change. */
async function verdict(page) {
  await page.waitForFunction(
    () => document.getElementById("editor-status").textContent !== "Checking…",
  );
  return {
    text: await page.textContent("#editor-status"),
    sfen: await page.inputValue("#editor-sfen"),
    analyse: await page.isEnabled("#editor-analyse"),
    play: await page.isEnabled("#editor-play"),
  };
}

async function editEmpty(page) {
  await page.click("#mode-edit");
  await page.waitForSelector("svg.edit-board g.piece");
  await page.click("#editor-clear");
  await page.waitForFunction(() => !document.querySelector("svg.edit-board g.piece"));
}

const ACCEPTED = "The engine accepts this position.";

test("editor logic: SFEN written from the squares, the tools", async () => {
  const { EditedPosition, pieceText, paletteOrder } = await loadAppModule("editor.ts");
  assert.equal(pieceText({ token: "+e", black: true }), "+E");
  assert.equal(pieceText({ token: "wba", black: false }), "(wba)");
  assert.equal(pieceText({ token: "+ea", black: true }), "+(EA)");
  const start =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
  const pos = new EditedPosition(12, start);
  assert.equal(pos.sfen(), start);
  const kinds = new Map([
    ["p", {}],
    ["+p", {}],
    ["k", {}],
  ]);
  pos.clear();
  assert.equal(pos.sfen(), "12/12/12/12/12/12/12/12/12/12/12/12 b - 1");
  pos.apply({ kind: "piece", piece: { token: "k", black: false } }, "6a", kinds);
  pos.apply({ kind: "piece", piece: { token: "p", black: true } }, "3d", kinds);
  assert.equal(pos.apply({ kind: "promote" }, "3d", kinds), true);
  assert.equal(pos.apply({ kind: "flip" }, "3d", kinds), true);
  assert.equal(pos.apply({ kind: "counter" }, "3d", kinds), true);
  pos.move("3d", "3e");
  pos.side = "w";
  assert.equal(pos.sfen(), "6k5/12/12/12/9+p2/12/12/12/12/12/12/12 w 3e 1");
  // The same piece again takes it off, and with it the counter-strike square.
  pos.apply({ kind: "piece", piece: { token: "+p", black: false } }, "3e", kinds);
  assert.equal(pos.sfen(), "6k5/12/12/12/12/12/12/12/12/12/12/12 w - 1");
  // A kind without a promoted form does not promote; the eraser on an empty square does nothing.
  assert.equal(pos.apply({ kind: "promote" }, "6a", kinds), false);
  assert.equal(pos.apply({ kind: "erase" }, "1l", kinds), false);
  const dd = new EditedPosition(17, `${"17/".repeat(16)}17 b 1`);
  dd.apply({ kind: "piece", piece: { token: "+wba", black: false } }, "2c", kinds);
  assert.equal(dd.apply({ kind: "counter" }, "2c", kinds), false);
  assert.equal(dd.sfen(), `17/17/15+(wba)1/${"17/".repeat(13)}17 b 1`);
  // The palette: plain kinds, a gap to the end of the row, then the promoted forms.
  const order = paletteOrder(["k", "p", "+p", "g", "+g"], false, 2);
  assert.deepEqual(
    order.map((p) => p && p.token),
    ["k", "p", "g", null, "+p", "+g"],
  );
});

test("a chu position built from an empty board is the SFEN the native binary reads", async () => {
  const { page, errors } = await open();
  await editEmpty(page);
  let v = await verdict(page);
  assert.equal(v.sfen, "12/12/12/12/12/12/12/12/12/12/12/12 b - 1");
  assert.equal(v.text, "Black has no royal piece (king or crown prince): not a game");
  assert.equal(v.analyse || v.play, false);
  await place(page, "b", "k", "7l");
  await place(page, "b", "+e", "5l");
  await place(page, "b", "n", "6i");
  await place(page, "b", "p", "6f");
  await place(page, "b", "g", "4k", "4d");
  await place(page, "b", "r", "1a");
  await place(page, "b", "s", "2b");
  await place(page, "w", "k", "6a");
  await place(page, "w", "n", "5b");
  await place(page, "w", "p", "3d");
  // A drag moves a piece; one dragged off the board goes; the eraser takes one off; a piece
  // changes sides.
  await dragEdit(page, "6f", "6e");
  await dragEdit(page, "1a", null);
  await page.click("#editor-erase");
  await clickEdit(page, "2b");
  await page.click("#editor-flip");
  await clickEdit(page, "4d");
  // White to move, after Black's pawn took a lion on 6e (the counter-strike square).
  await page.selectOption("#editor-side", "w");
  await page.click("#editor-counter-tool");
  await clickEdit(page, "6e");
  v = await verdict(page);
  const expected = "6k5/7n4/12/8gp2/6P5/12/12/12/6N5/12/8G3/5K1+E4 w 6e 1";
  assert.equal(v.sfen, expected);
  assert.equal(await page.textContent("#editor-counter"), "6e");
  assert.deepEqual(v, { text: ACCEPTED, sfen: expected, analyse: true, play: true });
  const n = native(expected, "chushogi", "lishogi");
  assert.equal(n.sfen, expected);
  assert.equal(n.check, "ok");
  const pageLegal = await page.evaluate((s) => window.shishiTest.legalMoves(s), expected);
  assert.deepEqual(pageLegal.sort(), n.legal);
  assert.ok(n.legal.length > 10, n.legal.join(" "));
  await page.screenshot({ path: join(tmpdir(), "shishi-editor-chu.png") });

  // Analyse: the position is shown as if pasted (the paste box, the copied position).
  await page.click("#editor-analyse");
  await page.waitForFunction(() => document.body.dataset.mode === "analyse");
  assert.equal(await page.inputValue("#io-text"), expected);
  const [command, sfen] = await copied(page);
  assert.equal(command, `position sfen ${expected}`);
  assert.equal(sfen, expected);
  assert.equal(await page.locator("svg.edit-board g.piece").count(), 0);
  assert.equal(await page.locator("svg.board g.piece").count(), 9);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a dai dai position built from an empty board, promoted pieces from the palette", async () => {
  const { page, errors } = await open("daidaishogi/seed");
  await editEmpty(page);
  // The palette holds every kind of the game for the side shown, promoted forms too.
  const tokens = await page.$$eval("#editor-palette g.piece", (gs) =>
    gs.map((g) => g.dataset.token),
  );
  assert.equal(tokens.length, 85);
  assert.ok(tokens.includes("+wba") && tokens.includes("hd") && tokens.includes("k"));
  await place(page, "w", "k", "9a");
  await place(page, "w", "+wba", "2c");
  await place(page, "w", "hd", "12e");
  await place(page, "b", "ld", "9i");
  await place(page, "b", "+ea", "5m");
  await place(page, "b", "k", "9q");
  // The counter-strike square is chu's alone.
  assert.equal(await page.isVisible("#editor-counter-tool"), false);
  await page.selectOption("#editor-side", "w");
  const v = await verdict(page);
  const expected = [
    "8k8/17/15+(wba)1/17/5(hd)11/17/17/17/8(LD)8",
    "17/17/17/12+(EA)4/17/17/17/8K8 w 1",
  ].join("/");
  assert.deepEqual(v, { text: ACCEPTED, sfen: expected, analyse: true, play: true });
  const n = native(expected, "daidaishogi", "seed");
  assert.equal(n.sfen, expected);
  assert.equal(n.check, "ok");
  const pageLegal = await page.evaluate((s) => window.shishiTest.legalMoves(s), expected);
  assert.deepEqual(pageLegal.sort(), n.legal);
  assert.ok(n.legal.length > 10);
  await page.click("#editor-analyse");
  await page.waitForFunction(() => document.body.dataset.mode === "analyse");
  const [, sfen] = await copied(page);
  assert.equal(sfen, expected);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the engine refuses a side without a royal and a seed-rules pawn on its last rank", async () => {
  const { page, errors } = await open("chushogi/seed");
  await editEmpty(page);
  await place(page, "b", "k", "7l");
  await place(page, "b", "p", "3a");
  let v = await verdict(page);
  // The engine's words, as the native binary says them.
  const noWhite = "White has no royal piece (king or crown prince): not a game";
  assert.equal(v.text, noWhite);
  assert.equal(native(v.sfen, "chushogi", "seed").check, `illegal ${noWhite}`);
  assert.equal(v.analyse || v.play, false);
  assert.equal(await page.getAttribute("#editor-status", "class"), "refused");
  await place(page, "w", "k", "6a");
  v = await verdict(page);
  const dead =
    "the Black pawn on 3a stands unpromoted on its last rank: under seed rules a pawn or lance must promote there";
  assert.equal(v.sfen, "6k2P2/12/12/12/12/12/12/12/12/12/12/5K6 b - 1");
  assert.equal(v.text, dead);
  assert.equal(native(v.sfen, "chushogi", "seed").check, `illegal ${dead}`);
  assert.equal(v.analyse || v.play, false);
  // Promoted, it is a game.
  await page.click("#editor-promote");
  await clickEdit(page, "3a");
  v = await verdict(page);
  assert.deepEqual(v, {
    text: ACCEPTED,
    sfen: "6k2+P2/12/12/12/12/12/12/12/12/12/12/5K6 b - 1",
    analyse: true,
    play: true,
  });
  // A counter-strike square where no piece of the side that just moved stands: the SFEN
  // reader's own refusal.
  await page.click("#editor-counter-tool");
  await clickEdit(page, "8h");
  v = await verdict(page);
  assert.match(v.text, /lion capture field: 8h must hold the non-lion of the side that just moved/);
  assert.equal(v.analyse || v.play, false);
  await page.click("#editor-counter-clear");
  assert.equal((await verdict(page)).text, ACCEPTED);
  // Under lishogi's rules the unpromoted pawn stays there dead: a position.
  await page.click("#editor-cancel");
  await page.waitForFunction(() => document.body.dataset.mode === "analyse");
  await selectGame(page, "chushogi/lishogi");
  await editEmpty(page);
  await place(page, "b", "k", "7l");
  await place(page, "b", "p", "3a");
  await place(page, "w", "k", "6a");
  v = await verdict(page);
  assert.equal(v.text, ACCEPTED);
  assert.equal(native(v.sfen, "chushogi", "lishogi").check, "ok");
  assert.deepEqual(errors, []);
  await page.close();
});

test("edit, then play: the game starts from the edited position and Shishi replies", async () => {
  const { page, errors } = await open();
  await page.click("#mode-play");
  await page.selectOption("#level", "0");
  await page.selectOption("#tc-mode", "movetime");
  await page.fill("#tc-movetime", "0.2");
  await editEmpty(page);
  await place(page, "b", "k", "7l");
  await place(page, "b", "g", "7k");
  await place(page, "w", "k", "6a");
  await place(page, "w", "g", "6b");
  const v = await verdict(page);
  assert.equal(v.sfen, "6k5/6g5/12/12/12/12/12/12/12/12/5G6/5K6 b - 1");
  await page.click("#editor-play");
  await page.waitForFunction(() => document.body.dataset.mode === "play");
  await page.waitForFunction(() =>
    /your move/.test(document.getElementById("game-status").textContent),
  );
  assert.equal(await page.isEnabled("#resign"), true);
  await clickSquare(page, "7k");
  await clickSquare(page, "7j");
  await waitMoves(page, 2);
  const [command] = await copied(page);
  assert.match(
    command,
    /^position sfen 6k5\/6g5\/12\/12\/12\/12\/12\/12\/12\/12\/5G6\/5K6 b - 1 moves 7k7j \S+$/,
  );
  assert.deepEqual(errors, []);
  await page.close();
});
