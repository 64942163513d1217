// Legal moves are enterable on the board, by every path a player may walk, and nothing else is
// (docs/web.md, "Moves"): for positions from real games of both chu and dai dai
// (results/), every move with lion power or more than one leg that the native binary
// lists, and a sample of the plain ones (SIMPLE a position), is entered through the page's
// pointer events along its own squares and along each other path (`movepaths`: a pass
// through any empty neighbour, a leap as two steps), answering the promotion prompt where one
// comes, and the page's position after it must be the native binary's after that move. Then
// paths that are no move's (a square no path goes to, a wrong second leg) must play nothing.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { boardHarness, openBoard, paste } from "./board-page.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MOVE = /^\d+[a-q]\d+[a-q](\d+[a-q]){0,2}\+?$/;
/** Plain moves entered per position (all lion-like and multi-leg moves are, each by all its
 * paths). The page takes tens of milliseconds a move; the positions are few for that reason
 * (docs/web.md, "Tests"). */
const SIMPLE = 6;

/** Games of a compressed record file in results/: start SFEN and moves. */
function games(file) {
  const text = gunzipSync(readFileSync(`${root}results/${file}`)).toString("utf8");
  return text
    .split('[Event "')
    .slice(1)
    .map((block) => {
      const sfen = block.match(/\[SFEN "([^"]+)"\]/)[1];
      const body = block.replace(/^\[.*$/gm, "");
      return { sfen, moves: body.split(/\s+/).filter((w) => MOVE.test(w)) };
    });
}

/** Positions every `step` plies along the first `count` games of a record file. */
function positions(file, count, step, from) {
  const out = [];
  for (const g of games(file).slice(0, count)) {
    for (let ply = from; ply < g.moves.length; ply += step) {
      out.push({ sfen: g.sfen, moves: g.moves.slice(0, ply) });
    }
  }
  return out;
}

/** Asks the native binary, in one run, for each position's SFEN, legal moves and other
 * paths, and the SFEN after each legal move. */
function nativeFacts(variant, rules, list) {
  const ask = (commands) =>
    execFileSync(`${root}target/release/shishi`, [], {
      input: [
        "usi",
        `setoption name USI_Variant value ${variant}`,
        `setoption name Rules value ${rules}`,
        ...commands,
        "quit",
        "",
      ].join("\n"),
      maxBuffer: 1 << 28,
    })
      .toString()
      .split("\n");
  const first = ask(
    list.flatMap((p) => [
      `position sfen ${p.sfen} moves ${p.moves.join(" ")}`,
      "sfen",
      "legalmoves",
      "movepaths",
    ]),
  );
  const sfens = first.filter((l) => l.startsWith("sfen ")).map((l) => l.slice(5));
  const legals = first.filter((l) => l.startsWith("legalmoves")).map((l) => l.split(" ").slice(1));
  const pathLines = first.filter((l) => l.startsWith("movepaths"));
  assert.equal(sfens.length, list.length, first.filter((l) => l.includes("error")).join("\n"));
  const out = sfens.map((sfen, i) => ({
    sfen,
    legal: legals[i],
    paths: Object.fromEntries(
      pathLines[i]
        .split(" ")
        .slice(1)
        .map((e) => e.split("="))
        .map(([m, p]) => [m, p.split(",")]),
    ),
  }));
  const after = ask(
    out.flatMap((p) => p.legal.flatMap((m) => [`position sfen ${p.sfen} moves ${m}`, "sfen"])),
  );
  const afterSfens = after.filter((l) => l.startsWith("sfen ")).map((l) => l.slice(5));
  let k = 0;
  for (const p of out) p.after = Object.fromEntries(p.legal.map((m) => [m, afterSfens[k++]]));
  assert.equal(k, afterSfens.length);
  return out.filter((p) => p.legal.length > 0);
}

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

/** Path sequences that are no move's: from each origin, a second square no path reaches (an
 * empty square or an enemy, so it neither selects another piece nor is a move), and after a
 * first leg that goes on, a third square no path takes. Deterministic. */
function illegalPaths(paths) {
  const key = (p) => p.join(",");
  const full = new Set(paths.map(key));
  const prefixes = new Set(paths.flatMap((p) => p.slice(1).map((_, i) => key(p.slice(0, i + 1)))));
  const origins = [...new Set(paths.map((p) => p[0]))];
  const out = [];
  const near = (sq, df, dr) =>
    `${Number(sq.match(/^\d+/)[0]) + df}${String.fromCharCode(sq.at(-1).charCodeAt(0) + dr)}`;
  for (const o of origins.slice(0, 6)) {
    for (const [df, dr] of [
      [3, 3],
      [-3, 3],
      [0, 4],
    ]) {
      const x = near(o, df, dr);
      if (!/^\d+[a-q]$/.test(x) || Number(x.match(/^\d+/)[0]) < 1) continue;
      if (!prefixes.has(key([o, x])) && !full.has(key([o, x]))) out.push([o, x]);
    }
  }
  for (const p of paths.filter((p) => p.length >= 3).slice(0, 4)) {
    const y = near(p[1], 4, 0);
    const cand = [p[0], p[1], y];
    if (!prefixes.has(key(cand)) && !full.has(key(cand)) && y !== p[1] && /^\d+[a-q]$/.test(y))
      out.push(cand);
  }
  return out;
}

for (const [name, variant, rules, file, count, step, from, min] of [
  ["chu", "chushogi", "lishogi", "chu-L18-L19.txt.gz", 2, 40, 20, 8],
  ["dai dai", "daidaishogi", "seed", "daidai-selfplay-2s-decay-vs-93149f1.txt.gz", 1, 120, 60, 4],
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
      const entries = [];
      const allPaths = [];
      // Every move of a piece with lion power (each with all its paths) and with more than one
      // leg; of the plain moves (one step, slide or jump), every k-th, about SIMPLE of them.
      const simple = p.legal.filter((m) => !p.paths[m] && m.match(/\d+[a-q]/g).length === 2);
      const every = Math.max(1, Math.floor(simple.length / SIMPLE));
      const chosen = p.legal.filter((m) => !simple.includes(m) || simple.indexOf(m) % every === 0);
      for (const move of p.legal) {
        const plain = move.replace(/\+$/, "");
        const both = p.legal.includes(plain) && p.legal.includes(`${plain}+`);
        const promote = both ? move.endsWith("+") : null;
        for (const path of [plain, ...(p.paths[move] ?? [])]) {
          const squares = path.match(/\d+[a-q]/g);
          if (chosen.includes(move)) entries.push({ move, path: squares, promote });
          allPaths.push(squares);
        }
      }
      // A path that other paths go on from ends with a second click on its last square (the
      // board waits there with both choices).
      for (const e of entries) {
        const goesOn = allPaths.some(
          (q) => q.length > e.path.length && e.path.every((sq, i) => q[i] === sq),
        );
        if (goesOn) e.path = [...e.path, e.path.at(-1)];
      }
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
