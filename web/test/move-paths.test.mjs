// Legal moves are enterable on the board, by every path a player may walk, and nothing else is
// (docs/web.md, "Moves"): for positions from real games of both chu and dai dai
// (results/), every move with lion power or more than one leg that the native binary
// lists, and a sample of the plain ones (SIMPLE a position), is entered through the page's
// pointer events along its own squares and along each other path (`movepaths`: a pass
// through any empty neighbour, a leap as two steps), answering the promotion prompt where one
// comes, and the page's position after it must be the native binary's after that move. Then
// paths that are no move's (a square no path goes to, a wrong second leg) must play nothing.
// Each move is played and drawn, then taken back (Home): the realism sample, on a few
// positions; move-paths-all.test.mjs enters every move by every path in 250 positions.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardHarness, openBoard, paste } from "./board-page.mjs";
import { entriesOf, illegalPaths, nativeFacts, positions } from "./move-facts.mjs";

/** Plain moves entered per position (all lion-like and multi-leg moves are, each by all its
 * paths). Pointer events through Playwright cost the page up to 0.2 s a move (it plays it,
 * draws the board, goes back), so this is the realism sample; move-paths-all.test.mjs enters
 * every move by every path in 200+ positions through the same entry code in one page call. */
const SIMPLE = 6;

const harness = boardHarness();

/** In the page: enters each path by pointer events, answers promotion prompts, reads the
 * position the page reaches, goes back; then tries the illegal paths. */
async function enterAll(page, entries, illegal) {
  return page.evaluate(
    async ({ entries, illegal }) => {
      const svg = document.querySelector("svg.board");
      const io = document.getElementById("io-text");
      const until = async (ok, what) => {
        for (let i = 0; i < 20_000; i++) {
          if (ok()) return;
          await new Promise((r) => setTimeout(r, i < 50 ? 0 : 2));
        }
        const state = ["game-status", "io-error", "move-text"]
          .map((id) => document.getElementById(id).textContent)
          .join(" | ");
        const prompt = document.getElementById("promotion").hidden ? "" : " (promotion open)";
        throw new Error(`timed out waiting for ${what}: ${state}${prompt}; ${shown()[0]}`);
      };
      const centre = (sq) => {
        const [w] = svg.getAttribute("viewBox").split(" ").slice(2).map(Number);
        const n = Math.round((w - 26) / 60);
        const file = Number(sq.match(/^\d+/)[0]) - 1;
        const rank = sq.charCodeAt(sq.length - 1) - 97;
        const r = svg.getBoundingClientRect();
        const k = r.width / w;
        return {
          clientX: r.left + ((n - 1 - file) * 60 + 30) * k,
          clientY: r.top + (26 + rank * 60 + 30) * k,
        };
      };
      const press = (sq) => {
        const at = {
          ...centre(sq),
          pointerType: "mouse",
          isPrimary: true,
          bubbles: true,
          button: 0,
        };
        svg.dispatchEvent(new PointerEvent("pointerdown", at));
        window.dispatchEvent(new PointerEvent("pointerup", at));
      };
      const shown = () => {
        document.getElementById("io-copy").click();
        return io.value.split("\n");
      };
      // Both lines change with a move (the SFEN at least in its side to move); the board's
      // position comes a moment after the move list, so both are waited for.
      const [base, baseSfen] = shown();
      const at = (command, sfen) => {
        const [c, f] = shown();
        return (c === base) === command && (f === baseSfen) === sfen;
      };
      const results = [];
      for (const { move, path, promote } of entries) {
        for (const sq of path) press(sq);
        if (promote !== null) {
          await until(
            () => !document.getElementById("promotion").hidden,
            `the promotion prompt for ${move}`,
          );
          document.getElementById(promote ? "promote-yes" : "promote-no").click();
        }
        await until(() => at(false, false), `${path.join("")} (${move}) to be played`);
        const [command, sfen] = shown();
        const played = command.split(" ").pop();
        results.push({ move, path: path.join(""), played, sfen });
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Home", bubbles: true }));
        await until(() => at(true, true), "the way back");
      }
      const count = () => document.querySelectorAll("#moves button").length;
      const before = count();
      const illegalPlayed = [];
      for (const path of illegal) {
        for (const sq of path) press(sq);
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
        await new Promise((r) => setTimeout(r, 20));
        if (count() !== before) {
          illegalPlayed.push(`${path.join("")} played ${shown()[0].split(" ").pop()}`);
          break;
        }
      }
      return { results, illegalPlayed, after: shown()[0] };
    },
    { entries, illegal },
  );
}

for (const [name, variant, rules, file, count, step, from, min] of [
  ["chu", "chushogi", "lishogi", "chu-L18-L19.txt.gz", 2, 80, 20, 4],
  ["dai dai", "daidaishogi", "seed", "daidai-selfplay-2s-decay-vs-93149f1.txt.gz", 1, 240, 60, 2],
]) {
  test(`${name}: lion-like moves by every path, plain moves sampled, positions from real games`, async () => {
    const facts = nativeFacts(variant, rules, positions(file, count, step, from));
    assert.ok(facts.length >= min, `only ${facts.length} positions`);
    const { page, errors } = await openBoard(harness.browser, `${harness.server.url}dist/`);
    page.setDefaultTimeout(120_000);
    await page.uncheck("#analyse-on");
    let entered = 0;
    for (const p of facts) {
      await paste(page, p.sfen);
      await page.waitForFunction((s) => {
        document.getElementById("io-copy").click();
        return document.getElementById("io-text").value.split("\n")[1] === s;
      }, p.sfen);
      // Every move of a piece with lion power (each with all its paths) and with more than one
      // leg; of the plain moves (one step, slide or jump), every k-th, about SIMPLE of them.
      const simple = p.legal.filter((m) => !p.paths[m] && m.match(/\d+[a-q]/g).length === 2);
      const every = Math.max(1, Math.floor(simple.length / SIMPLE));
      const { entries, allPaths } = entriesOf(
        p,
        (m) => !simple.includes(m) || simple.indexOf(m) % every === 0,
      );
      const illegal = illegalPaths(allPaths);
      const { results, illegalPlayed, after } = await enterAll(page, entries, illegal);
      for (const r of results) {
        assert.equal(r.played, r.move, `${p.sfen}: path ${r.path}`);
        assert.equal(r.sfen, p.after[r.move], `${p.sfen}: path ${r.path} (${r.move})`);
      }
      assert.deepEqual(illegalPlayed, [], `${p.sfen}: an illegal path played a move`);
      assert.equal(after, `position sfen ${p.sfen}`, `${p.sfen}: still at the start`);
      entered += results.length;
    }
    assert.deepEqual(errors, []);
    console.log(`${name}: ${facts.length} positions, ${entered} move paths entered`);
    await page.close();
  });
}
