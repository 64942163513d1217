// The move-path property test, in full (docs/web.md, "Moves", "Tests"): in 200+ positions from
// real games of chu and dai dai (results/*.gz), every legal move the native binary lists is
// entered on the board by every path that makes it (its own squares and each `movepaths`
// path), the promotion choice answered where the board asks; the move the page commits must
// be that move, and the page's rules engine's SFEN after it the native binary's. Then paths
// that are no move's (from every origin, squares no path reaches; after every first leg that
// goes on, squares no path takes next) must commit nothing.
//
// The squares are pressed by pointer events dispatched in the page (the board turns them into
// squares, the move entry into legs and moves, as for a player's clicks), a whole position's
// paths in one page call: the page's test hook (`?test`, web/app/test-hook.ts) collects the
// committed moves instead of playing them and leaves the board undrawn meanwhile. The
// realism check with Playwright's own pointer, a move played and drawn each time, is
// move-paths.test.mjs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardHarness, openBoard } from "./board-page.mjs";
import { entriesOf, manyIllegalPaths, nativeFacts, positions } from "./move-facts.mjs";

const harness = boardHarness();

/** In the page: loads the position, presses each entry's squares (answering the promotion
 * choice), collects what each committed, then tries the illegal paths; the rules engine's
 * SFEN after each committed move. */
async function enterAll(page, sfen, entries, illegal) {
  return page.evaluate(
    async ({ sfen, entries, illegal }) => {
      const hook = window.shishiTest;
      const io = document.getElementById("io-text");
      const promotion = document.getElementById("promotion");
      const shownSfen = () => {
        document.getElementById("io-copy").click();
        return io.value.split("\n")[1];
      };
      hook.capture(false);
      document.getElementById("io").open = true;
      io.value = sfen;
      document.getElementById("io-load").click();
      for (let i = 0; shownSfen() !== sfen; i++) {
        if (i > 5000) throw new Error(`the position did not load: ${sfen}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      hook.capture(true);
      const svg = document.querySelector("svg.board");
      const [w] = svg.getAttribute("viewBox").split(" ").slice(2).map(Number);
      const n = Math.round((w - 26) / 60);
      const r = svg.getBoundingClientRect();
      const k = r.width / w;
      const centres = new Map();
      const centre = (sq) => {
        let c = centres.get(sq);
        if (!c) {
          const file = Number(sq.match(/^\d+/)[0]) - 1;
          const rank = sq.charCodeAt(sq.length - 1) - 97;
          c = {
            clientX: r.left + ((n - 1 - file) * 60 + 30) * k,
            clientY: r.top + (26 + rank * 60 + 30) * k,
          };
          centres.set(sq, c);
        }
        return c;
      };
      const press = (sq) => {
        const at = { ...centre(sq), pointerType: "mouse", isPrimary: true, bubbles: true };
        svg.dispatchEvent(new PointerEvent("pointerdown", at));
        window.dispatchEvent(new PointerEvent("pointerup", at));
      };
      const escape = () =>
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      const committed = [];
      for (const { path, promote } of entries) {
        for (const sq of path) press(sq);
        if (promote !== null) {
          if (promotion.hidden) {
            committed.push([...hook.take(), "(no promotion choice)"]);
            escape();
            continue;
          }
          document.getElementById(promote ? "promote-yes" : "promote-no").click();
        }
        committed.push(hook.take());
        escape();
      }
      const illegalPlayed = [];
      for (const path of illegal) {
        for (const sq of path) press(sq);
        const got = hook.take();
        if (got.length || !promotion.hidden) illegalPlayed.push(`${path.join("")}: ${got}`);
        escape();
      }
      const moves = [...new Set(committed.flat())];
      const after = await hook.sfensAfter(sfen, moves);
      hook.capture(false);
      return {
        committed,
        illegalPlayed,
        sfens: Object.fromEntries(moves.map((m, i) => [m, after[i]])),
      };
    },
    { sfen, entries, illegal },
  );
}

// Positions along real games: [name, USI_Variant, Rules, record files with how many games,
// every how many plies from which ply, the fewest positions the test must get].
for (const [name, variant, rules, files, step, from, min] of [
  [
    "chu",
    "chushogi",
    "lishogi",
    [
      ["chu-L18-L19.txt.gz", 6],
      ["chu-L13-L14.txt.gz", 4],
    ],
    29,
    7,
    110,
  ],
  [
    "dai dai",
    "daidaishogi",
    "seed",
    [
      ["daidai-selfplay-2s-decay-vs-93149f1.txt.gz", 3],
      ["daidai-odd-levels.txt.gz", 8],
    ],
    61,
    9,
    110,
  ],
]) {
  test(`${name}: every legal move by every path, in ${min}+ positions from real games`, async () => {
    const list = files.flatMap(([file, games]) => positions(file, games, step, from));
    const facts = nativeFacts(variant, rules, list);
    assert.ok(facts.length >= min, `only ${facts.length} positions`);
    const { page, errors } = await openBoard(harness.browser, `${harness.server.url}dist/?test`);
    page.setDefaultTimeout(120_000);
    await page.uncheck("#analyse-on");
    const size = variant === "chushogi" ? 12 : 17;
    let paths = 0;
    let moves = 0;
    let illegalTried = 0;
    const started = Date.now();
    for (const p of facts) {
      const { entries, allPaths } = entriesOf(p);
      const illegal = manyIllegalPaths(allPaths, size);
      const got = await enterAll(page, p.sfen, entries, illegal);
      entries.forEach((e, i) => {
        assert.deepEqual(got.committed[i], [e.move], `${p.sfen}: path ${e.path.join("")}`);
      });
      for (const m of p.legal) {
        assert.equal(got.sfens[m], p.after[m], `${p.sfen}: the position after ${m}`);
      }
      assert.deepEqual(got.illegalPlayed, [], `${p.sfen}: a path that is no move's played`);
      paths += entries.length;
      moves += p.legal.length;
      illegalTried += illegal.length;
    }
    assert.deepEqual(errors, []);
    console.log(
      `${name}: ${facts.length} positions, ${moves} legal moves, ${paths} paths entered, ` +
        `${illegalTried} illegal paths tried, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await page.close();
  });
}
