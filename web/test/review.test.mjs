// The game review (docs/web.md, "Game review"): a short chu game whose fifth move hangs
// Black's lion, reviewed at depth 4 in the page, gives every position the evaluation and
// every move the verdict that `shishi analyse` gives with the same settings; the graph has a
// point per position, the blunder's glyph stands in the move list, a click on the graph
// shows that move; Stop, another game and a new game end the review with the engine free
// (every `go` answered by its `bestmove`), and the live analysis comes back.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { boardHarness, freshPage, paste, waitMoves } from "./board-page.mjs";

const harness = boardHarness();
const root = fileURLToPath(new URL("../..", import.meta.url));

/** Black's lion walks up to 7e, where White's pawn takes it. */
const GAME = "7j7h 6d6e 7h7f 3d3e 7f7e 7d7e 9h9g 6e6f";
const PLIES = GAME.split(" ").length;

const open = async (engineOn) => {
  const opened = await freshPage(harness.browser, `${harness.server.url}dist/?test`);
  if (!engineOn) await opened.page.uncheck("#analyse-on");
  await paste(opened.page, GAME);
  await waitMoves(opened.page, PLIES);
  return opened;
};

const review = async (page, depth) => {
  await page.selectOption("#review-depth", String(depth));
  await page.click("#review-start");
};

/** Waits until every `go` sent to the searching engine has had its `bestmove`, and `extra`
 * searches more are still running (the live analysis). */
const engineFree = (page, extra = 0) =>
  page.waitForFunction((k) => shishiTest.searches.go === shishiTest.searches.bestmove + k, extra);

/** The graph's points: ply, evaluation (centipawns or a mate's text) and classes. */
const points = (page) =>
  page.$$eval("#review-graph .point", (ps) =>
    ps.map((p) => ({ ply: Number(p.dataset.ply), eval: p.dataset.eval, cls: p.classList.value })),
  );

test("a review gives the evaluations and verdicts of `shishi analyse`, and its graph jumps to moves", async () => {
  const { context, page, errors } = await open(false);
  const native = JSON.parse(
    execFileSync(`${root}target/release/shishi`, [
      "analyse",
      ...["--variant", "chu", "--rules", "lishogi", "--moves", GAME, "--depth", "4"],
      ...["--json", "-"],
    ]).toString(),
  );
  const nativeEvals = [...native.plies, native.final].map((p) => String(p.eval_black.cp));
  const nativeVerdicts = native.plies.map((p) => p.verdict);
  assert.deepEqual(
    nativeVerdicts.map((v, i) => v && `${i + 1} ${native.plies[i].move} ${v}`).filter(Boolean),
    ["5 7f7e blunder"],
    "the native binary marks the lion's walk, and only it",
  );

  await review(page, 4);
  await page.waitForFunction(
    (n) => document.getElementById("review-status").textContent === `${n} positions at depth 4`,
    PLIES + 1,
  );
  const drawn = await points(page);
  assert.deepEqual(
    drawn.map((p) => p.ply),
    [...Array(PLIES + 1).keys()],
    "a point per position",
  );
  assert.deepEqual(
    drawn.map((p) => p.eval),
    nativeEvals,
    "the evaluations of shishi analyse",
  );
  assert.deepEqual(
    drawn
      .slice(1)
      .map((p) => ["inaccuracy", "mistake", "blunder"].find((v) => p.cls.includes(v)) ?? null),
    nativeVerdicts,
    "the verdicts of shishi analyse",
  );
  const glyphs = await page.$$eval("#moves .glyph", (gs) =>
    gs.map((g) => `${g.parentElement.querySelector("button").dataset.move} ${g.textContent}`),
  );
  assert.deepEqual(glyphs, ["7f7e ??"], "the blunder's glyph in the move list");
  assert.match(
    await page.textContent("#review-summary"),
    /Black: 0 inaccuracies · 0 mistakes · 1 blunder\b/,
  );
  await engineFree(page);

  // A click on the blunder's point shows the position after it; one near the start, the
  // start.
  const current = () =>
    page.$eval("#moves", (m) => m.querySelector("button.current")?.dataset.move ?? null);
  const box = await page.locator("#review-graph .point.blunder").boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(
    () => document.querySelector("#moves button.current")?.dataset.move === "7f7e",
  );
  assert.equal(
    await page.getAttribute("#review-graph .cursor", "x1"),
    await page.getAttribute("#review-graph .point.blunder", "cx"),
    "the graph's cursor on the move shown",
  );
  const graph = await page.locator("#review-graph").boundingBox();
  await page.mouse.click(graph.x + 2, graph.y + graph.height / 2);
  await page.waitForFunction(() => !document.querySelector("#moves button.current"));
  assert.equal(await current(), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Stop ends the review, keeps what it found and leaves the engine to the live analysis", async () => {
  const { context, page, errors } = await open(true);
  await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1);
  // Stop is pressed in the same turn of the page's event loop that shows the first position
  // done, so the review is still searching the next one whatever the machine's speed: an
  // engine's answer is a message, which waits for a later turn.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (document.getElementById("review-progress").value >= 1) {
        observer.disconnect();
        document.getElementById("review-stop").click();
      }
    });
    const status = document.getElementById("review-status");
    observer.observe(status, { childList: true, characterData: true, subtree: true });
  });
  await review(page, 6);
  await page.waitForFunction(() =>
    document.getElementById("review-status").textContent.startsWith("stopped after"),
  );
  const kept = (await points(page)).length;
  assert.ok(kept >= 1 && kept < PLIES + 1, `the positions searched stay (${kept})`);
  assert.equal(await page.isDisabled("#review-stop"), true);
  assert.equal(await page.isDisabled("#review-start"), false);
  assert.equal(await page.isHidden("#review-progress"), true);
  // The live analysis of the shown position is back: one search runs, the review's ended.
  await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1);
  await engineFree(page, 1);
  assert.equal((await points(page)).length, kept, "nothing searched after Stop");
  assert.deepEqual(errors, []);
  await context.close();
});

test("another game or a new game against the engine ends the review", async () => {
  const { context, page, errors } = await open(false);
  await review(page, 12);
  await page.waitForSelector("#review-graph-wrap", { state: "visible" });
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForSelector("#review-graph-wrap", { state: "hidden" });
  await engineFree(page);
  assert.equal(await page.isDisabled("#review-start"), false);
  assert.equal(await page.textContent("#review-status"), "");

  await page.selectOption("#game", "chushogi/lishogi");
  await paste(page, GAME);
  await waitMoves(page, PLIES);
  await review(page, 12);
  await page.waitForSelector("#review-graph-wrap", { state: "visible" });
  await page.click("#mode-play");
  await page.click("#start-game");
  // Its panel is hidden with the analysis; the review itself is gone.
  await page.waitForFunction(() => document.getElementById("review-graph-wrap").hidden);
  await waitMoves(page, 0);
  assert.deepEqual(await page.$$("#moves button"), []);
  assert.equal(await page.isDisabled("#review-start"), false);
  await engineFree(page);
  assert.deepEqual(errors, []);
  await context.close();
});
