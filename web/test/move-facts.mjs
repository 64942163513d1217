// What the move-path tests (move-paths.test.mjs, move-paths-all.test.mjs) know independently of
// the page: positions along real games (results/*.gz), and the native binary's SFEN, legal
// moves, other paths (`movepaths`) and SFEN after each legal move there; the squares a player
// clicks for each path of each move, and paths that are no move's.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MOVE = /^\d+[a-q]\d+[a-q](\d+[a-q]){0,2}\+?$/;

/** Games of a compressed record file in results/: start SFEN and moves. */
export function games(file) {
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

/** Positions every `step` plies from ply `from` along the first `count` games of a record
 * file. */
export function positions(file, count, step, from) {
  const out = [];
  for (const g of games(file).slice(0, count)) {
    for (let ply = from; ply < g.moves.length; ply += step) {
      out.push({ sfen: g.sfen, moves: g.moves.slice(0, ply) });
    }
  }
  return out;
}

/** Asks the native binary, in one run, for each position's SFEN, legal moves and other
 * paths, and the SFEN after each legal move. Positions without a legal move are left out. */
export function nativeFacts(variant, rules, list) {
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
    legal: legals[i].filter(Boolean),
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

/** Every path of every legal move of a position (its own squares, then each `movepaths`
 * path) as the squares a player clicks, with the promotion answer where the board asks
 * (`null`: it does not). A path that other paths go on from ends with a second click on its
 * last square (the board waits there with both choices). `keep(move)` picks the moves. */
export function entriesOf(p, keep = () => true) {
  const entries = [];
  const allPaths = [];
  for (const move of p.legal) {
    const plain = move.replace(/\+$/, "");
    const both = p.legal.includes(plain) && p.legal.includes(`${plain}+`);
    const promote = both ? move.endsWith("+") : null;
    for (const path of [plain, ...(p.paths[move] ?? [])]) {
      const squares = path.match(/\d+[a-q]/g);
      if (keep(move)) entries.push({ move, path: squares, promote });
      allPaths.push(squares);
    }
  }
  const key = (q) => q.join(",");
  const prefixes = new Set(
    allPaths.flatMap((q) => q.slice(1, -1).map((_, i) => key(q.slice(0, i + 2)))),
  );
  for (const e of entries) {
    if (prefixes.has(key(e.path))) e.path = [...e.path, e.path.at(-1)];
  }
  return { entries, allPaths };
}

/** Path sequences that are no move's: from each origin, a second square no path reaches (an
 * empty square or an enemy, so it neither selects another piece nor is a move), and after a
 * first leg that goes on, a third square no path takes. Deterministic. */
export function illegalPaths(paths) {
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

/** More paths that are no move's, for the full test: from every origin, `perOrigin` squares
 * of the board no path of that piece continues to, and after every first leg that goes on,
 * `perLeg` squares no path takes next (stopping there included where no move stops). Squares
 * are drawn by a fixed pseudo-random sequence, so every run tries the same ones. */
export function manyIllegalPaths(paths, size, perOrigin = 3, perLeg = 2) {
  const key = (p) => p.join(",");
  const full = new Set(paths.map(key));
  const prefixes = new Set(paths.flatMap((p) => p.slice(1).map((_, i) => key(p.slice(0, i + 1)))));
  const ok = (prefix, sq) => {
    const next = key([...prefix, sq]);
    if (prefixes.has(next) || full.has(next)) return true;
    return prefix.length > 1 && sq === prefix.at(-1) && full.has(key(prefix));
  };
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const square = () =>
    `${1 + Math.floor(random() * size)}${String.fromCharCode(97 + Math.floor(random() * size))}`;
  const out = [];
  const from = (prefix, n) => {
    for (let tries = 0, got = 0; got < n && tries < 50; tries++) {
      const sq = square();
      if (!ok(prefix, sq)) {
        out.push([...prefix, sq]);
        got++;
      }
    }
  };
  for (const o of new Set(paths.map((p) => p[0]))) from([o], perOrigin);
  const legs = new Set(paths.filter((p) => p.length >= 3).map((p) => key(p.slice(0, 2))));
  for (const leg of legs) from(leg.split(","), perLeg);
  return out;
}
