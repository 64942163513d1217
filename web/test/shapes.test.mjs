// Arrows and circles (docs/web.md, "Arrows and circles"), drawn with real right-button mouse
// events: a right-drag draws an arrow, a right-click a circle, in green, red (Shift), blue
// (Alt) or yellow (Shift+Alt); the same shape again removes it; a left click clears them.
// They belong to their position (stepping through the moves shows each position's own), and
// come back after a reload, through a share link in a fresh browser and from a downloaded
// game file.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { test } from "node:test";
import {
  boardHarness,
  clickSquare,
  freshPage,
  paste,
  squareCentre,
  waitMoves,
} from "./board-page.mjs";

const harness = boardHarness();
const GAME = "7i7h 6d6e 6i6h";

/** A right-button drag (from = to: a click) with modifier keys held. */
async function draw(page, from, to, modifiers = []) {
  for (const k of modifiers) await page.keyboard.down(k);
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: "right" });
  if (from !== to) await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up({ button: "right" });
  for (const k of modifiers) await page.keyboard.up(k);
}

/** The shapes on the board, in the page: `arrow green 7h 7f`, `ring red 5e`, sorted. */
const LIST = `[...document.querySelectorAll("svg.board .arrow:not(.best), svg.board .ring")]
  .map((e) => e.classList.contains("ring")
    ? \`ring \${e.classList[1]} \${e.dataset.square}\`
    : \`arrow \${e.classList[1]} \${e.dataset.squares}\`)
  .sort()`;
const shapes = (page) => page.evaluate(LIST);
/** Waits until the board shows `expected`. */
const waitShapes = (page, expected) =>
  page.waitForFunction(`JSON.stringify(${LIST}) === ${JSON.stringify(JSON.stringify(expected))}`);

const AT_3 = ["arrow blue 3i 3g", "arrow green 7h 7f", "arrow yellow 12i 10g", "ring red 5e"];
const AT_2 = ["ring green 6h"];

const open = async (url) => {
  const opened = await freshPage(harness.browser, url);
  await opened.page.uncheck("#analyse-on");
  return opened;
};

test("right-button arrows and circles: colours, toggling, clearing, per position, kept", async () => {
  const { context, page, errors } = await open(`${harness.server.url}dist/`);
  await paste(page, GAME);
  await waitMoves(page, 3);
  await draw(page, "7h", "7f");
  await draw(page, "5e", "5e", ["Shift"]);
  await draw(page, "3i", "3g", ["Alt"]);
  await draw(page, "12i", "10g", ["Shift", "Alt"]);
  await draw(page, "9e", "9e");
  assert.deepEqual(await shapes(page), [...AT_3, "ring green 9e"].sort());
  // The same shape again removes it.
  await draw(page, "9e", "9e");
  assert.deepEqual(await shapes(page), AT_3);
  await page.screenshot({ path: `${tmpdir()}/shishi-shapes.png` });

  // The position before has its own.
  await page.click("#back");
  await waitShapes(page, []);
  await draw(page, "6h", "6h");
  assert.deepEqual(await shapes(page), AT_2);
  await page.click("#forward");
  await waitShapes(page, AT_3);

  // A reload keeps them, each on its position.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await waitShapes(page, AT_3);
  await page.click("#back");
  await waitShapes(page, AT_2);
  await page.click("#forward");
  await waitShapes(page, AT_3);

  // A share link, opened in another browser, and a downloaded file, loaded back.
  await page.evaluate(() => (document.getElementById("io").open = true));
  await page.click("#io-share");
  const link = page.url();
  const download = page.waitForEvent("download");
  await page.click("#io-download");
  const file = await readFile(await (await download).path(), "utf8");
  assert.match(file, /^\[Shapes "2G6h 3G7h7f 3R5e 3B3i3g 3Y12i10g"\]$/m);
  const other = await open(link);
  await waitMoves(other.page, 3);
  await waitShapes(other.page, AT_3);
  await other.page.click("#back");
  await waitShapes(other.page, AT_2);
  assert.deepEqual(other.errors, []);
  await other.context.close();

  // A left click clears the position's shapes, and only its own.
  await clickSquare(page, "5f");
  await waitShapes(page, []);
  await page.click("#back");
  await waitShapes(page, AT_2);
  await page.click("#forward");
  // Kept so (the address without the shared link's part, which would open the link again).
  await page.goto(`${harness.server.url}dist/`);
  await page.waitForSelector("body[data-ready=true]");
  await waitMoves(page, 3);
  await waitShapes(page, []);

  await paste(page, file);
  await waitMoves(page, 3);
  await waitShapes(page, AT_3);
  assert.deepEqual(errors, []);
  await context.close();
});
