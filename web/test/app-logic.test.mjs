// The web board's pure logic in Node (no browser): entering moves leg by leg from a legal-move
// list, reading pasted text, the move tree, and the clocks (increment, byoyomi, flag fall).
// The TypeScript modules are bundled on the fly with esbuild, the build's own bundler.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadAppModule as load } from "./app-module.mjs";

const { MoveInput } = await load("move-input.ts");
const { parsePaste } = await load("paste.ts");
const { GameTree } = await load("game-tree.ts");
const { shareHash, fromHash, gameFile, save, restore } = await load("persistence.ts");
const { GameClock } = await load("clock.ts");
const { otherSide, premoveToPlay } = await load("premove.ts");
const { expectedBlack, verdictOf } = await load("review.ts");

// What `legalmoves` lists for a lion on 6g with enemy pawns on 6f and 6e (a few of them),
// and a silver that may or must promote.
const LION = [
  "6g6f6g",
  "6g6f6e",
  "6g6f5e",
  "6g6f",
  "6g6e",
  "6g7g6g",
  "6g7g",
  "4e4d+",
  "4e4d",
  "3e3d+",
];

test("a lion's move is entered leg by leg: continue, stop on the same square, igui", () => {
  const input = new MoveInput(LION);
  assert.deepEqual(input.click("6f"), { kind: "none" }, "no piece of ours moves from there");
  assert.deepEqual(input.click("6g"), { kind: "select" });
  assert.deepEqual([...input.candidates()].sort(), ["6e", "6f", "7g"]);
  assert.deepEqual(input.click("6f"), { kind: "continue" });
  // On: 6e, 5e; back to the origin (igui); or 6f again to stop there.
  assert.deepEqual([...input.candidates()].sort(), ["5e", "6e", "6f", "6g"]);
  assert.deepEqual(input.click("6e"), { kind: "done", move: "6g6f6e" });
  input.click("6g");
  input.click("6f");
  assert.deepEqual(input.click("6g"), { kind: "done", move: "6g6f6g" });
  input.click("6g");
  input.click("6f");
  assert.deepEqual(input.click("6f"), { kind: "done", move: "6g6f" });
  // A jump ends at once; a square no move reaches cancels.
  input.click("6g");
  assert.deepEqual(input.click("6e"), { kind: "done", move: "6g6e" });
  input.click("6g");
  assert.deepEqual(input.click("1a"), { kind: "cancel" });
  assert.deepEqual(input.path, []);
});

test("other paths of a move (movepaths): a pass through any empty neighbour, a leap in two steps", () => {
  // The engine lists the pass once (via 7g) and the leap 6g-6e once; movepaths adds the pass
  // via 5g and the leap walked as 6g-5f-6e.
  const legal = ["6g7g6g", "6g7g", "6g5g", "6g5f", "6g6e"];
  const paths = new Map([
    ["6g7g6g", ["6g5g6g"]],
    ["6g6e", ["6g5f6e"]],
  ]);
  const input = new MoveInput(legal, paths);
  input.click("6g");
  // A step to 5g could go on (a pass back, or on): the board offers both.
  assert.deepEqual(input.click("5g"), { kind: "continue" });
  assert.deepEqual([...input.candidates()].sort(), ["5g", "6g"]);
  assert.deepEqual(input.click("6g"), { kind: "done", move: "6g7g6g" }, "the listed pass");
  input.click("6g");
  input.click("5g");
  assert.deepEqual(input.click("5g"), { kind: "done", move: "6g5g" }, "stop on the first square");
  input.click("6g");
  input.click("5f");
  assert.deepEqual(input.click("6e"), { kind: "done", move: "6g6e" }, "the leap, walked");
  // The listed pass's own square offers both as well.
  input.click("6g");
  assert.deepEqual(input.click("7g"), { kind: "continue" });
  input.reset();
  assert.equal(input.canonical("6g5g6g"), "6g7g6g");
  assert.equal(input.canonical("6g5f6e"), "6g6e");
  assert.equal(input.canonical("6g4g6g"), null, "no such path");
  assert.equal(input.canonical("6g6e+"), null, "no promotion there");
});

test("promotion: a prompt where both forms are legal, none where one is", () => {
  const input = new MoveInput(LION);
  input.click("4e");
  assert.deepEqual(input.click("4d"), { kind: "promote", withPromotion: "4e4d+", without: "4e4d" });
  input.click("3e");
  assert.deepEqual(input.click("3d"), { kind: "done", move: "3e3d+" });
  // Another own piece after a selection selects it instead.
  input.click("4e");
  assert.deepEqual(input.click("6g"), { kind: "select" });
});

test("pasted text: USI position commands, SFEN with moves, moves alone, errors", () => {
  const chu = { variant: "chushogi", rules: "lishogi" };
  const dai = { variant: "daidaishogi", rules: "seed" };
  assert.deepEqual(parsePaste("position startpos moves 7i7h 6d6e", chu), {
    kind: chu,
    sfen: null,
    moves: ["7i7h", "6d6e"],
  });
  assert.deepEqual(parsePaste("7i7h 8g9g9h+", chu).moves, ["7i7h", "8g9g9h+"]);
  const sfen = "k11/12/12/12/12/12/12/12/12/12/12/11K b - 1";
  assert.deepEqual(parsePaste(`position sfen ${sfen} moves 1l1k`, dai), {
    kind: chu,
    sfen,
    moves: ["1l1k"],
  });
  // A seed-rules fifth field is part of the SFEN, not a move.
  assert.equal(parsePaste(`${sfen} 3d 1l1k`, chu).sfen, `${sfen} 3d`);
  const big = "k16/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b 1";
  assert.equal(parsePaste(`sfen ${big} - moves`, chu).kind.variant, "daidaishogi");
  assert.match(parsePaste("", chu).error, /nothing/);
  assert.match(parsePaste("position startpos moves 7i7h xx", chu).error, /'xx' is not a move/);
  assert.match(parsePaste("k5/6/6 b - 1", chu).error, /3 ranks/);
});

test("pasted text: dai dai's three-field SFEN with moves, and lishogi's URL form", () => {
  const chu = { variant: "chushogi", rules: "lishogi" };
  // What "Copy current" writes for dai dai (the engine's SFEN: board, side, move number).
  const big = "k16/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b 5";
  assert.deepEqual(parsePaste(`${big} moves 1q1p`, chu), {
    kind: { variant: "daidaishogi", rules: "seed" },
    sfen: big,
    moves: ["1q1p"],
  });
  assert.equal(parsePaste(`position sfen ${big} 1q1p`, chu).moves[0], "1q1p");
  const board =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDQNDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";
  for (const url of [
    `https://lishogi.org/analysis/chushogi/${board}_b_-_1`,
    `https://lishogi.org/editor/chushogi/${board}_w_-_7?color=white`,
    `${board}_b_-_1`,
  ]) {
    const p = parsePaste(url, chu);
    assert.equal(p.sfen?.split(" ")[0], board, url);
    assert.deepEqual(p.moves, [], url);
  }
  assert.equal(parsePaste(`${board}_w_-_7`, chu).sfen, `${board} w - 7`);
  assert.match(parsePaste(board, chu).error, /no side to move/);
});

test("the move tree keeps variations and replays the line to a node", () => {
  const tree = new GameTree(null);
  const a = tree.play("7i7h");
  tree.play("6d6e");
  tree.back();
  const b = tree.play("3d3e");
  assert.deepEqual(tree.moves(), ["7i7h", "3d3e"]);
  assert.equal(a.children.length, 2);
  assert.equal(a.children[0].move, "6d6e", "the first move played stays the main line");
  tree.current = tree.root;
  tree.forward();
  tree.forward();
  assert.deepEqual(tree.moves(), ["7i7h", "6d6e"]);
  assert.equal(tree.find(b.id), b);
  assert.equal(tree.ply(b), 2);
  // Playing a move that exists goes there instead of adding a copy.
  tree.current = a;
  assert.equal(tree.play("3d3e"), b);
});

test("clocks: increment, byoyomi after the main time, a flag when both are spent", () => {
  let now = 0;
  Object.defineProperty(globalThis, "performance", {
    value: { now: () => now },
    configurable: true,
  });
  const clock = new GameClock({
    mode: "clock",
    baseMs: 1000,
    incMs: 100,
    byoyomiMs: 500,
    movetimeMs: 0,
  });
  clock.start("b");
  now = 400;
  assert.equal(clock.stop(), true);
  assert.equal(clock.main.b, 700, "1000 - 400 + 100");
  clock.start("w");
  now = 1600; // White spends 1200: all its main time and 200 of its byoyomi
  assert.equal(clock.stop(), true);
  assert.equal(clock.main.w, 0);
  assert.match(clock.goCommand(), /^go btime 700 wtime 0 binc 100 winc 100 byoyomi 500$/);
  clock.start("w");
  now = 1600 + 400;
  assert.equal(clock.overstepped(), null);
  now = 1600 + 600;
  assert.equal(clock.overstepped(), "w");
  assert.equal(clock.stop(), false);
  assert.equal(clock.flagged, "w");
  const fixed = new GameClock({
    mode: "movetime",
    baseMs: 0,
    incMs: 0,
    byoyomiMs: 0,
    movetimeMs: 300,
  });
  assert.equal(fixed.goCommand(), "go movetime 300");
});

test("a shared link and a game file give back the game: kind, start and moves", () => {
  const dai = { variant: "daidaishogi", rules: "seed" };
  const chu = { variant: "chushogi", rules: "lishogi" };
  const seed = { variant: "chushogi", rules: "seed" };
  const sfen = "5k6/12/12/12/6g5/6pp4/6N5/12/12/12/12/5K6 b - 1";
  for (const game of [
    { kind: dai, sfen: null, moves: ["3p3o", "3d3e"] },
    { kind: seed, sfen, moves: ["6g5h6g"] },
    { kind: chu, sfen: null, moves: [] },
  ]) {
    const hash = shareHash(game);
    assert.deepEqual(fromHash(hash), game, hash);
    // The file reads back through the paste box's parser, whatever game is shown.
    assert.deepEqual(parsePaste(gameFile(game, "*"), chu), game);
  }
  assert.match(shareHash({ kind: chu, sfen, moves: [] }), /sfen=5k6%2F12/);
  assert.equal(fromHash("#game=shogi/x&moves=7g7f"), null, "an unknown game");
  assert.equal(fromHash(""), null);
});

test("the kept game: the whole tree as a flat list, a game in play with its clocks", () => {
  const tree = new GameTree(null);
  tree.play("7i7h");
  tree.play("6d6e");
  tree.back();
  tree.play("5d5e");
  tree.play("3i3h");
  const flat = tree.flat();
  assert.deepEqual(flat, [
    [0, "7i7h"],
    [1, "6d6e"],
    [1, "5d5e"],
    [3, "3i3h"],
  ]);
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, v),
  };
  const tc = { mode: "clock", baseMs: 60_000, incMs: 0, byoyomiMs: 10_000, movetimeMs: 0 };
  const game = {
    kind: { variant: "chushogi", rules: "lishogi" },
    sfen: null,
    moves: ["7i7h", "5d5e"],
    tree: flat,
    play: { human: "w", level: 3, tc, main: { b: 1000, w: -2500 } },
  };
  save(game);
  assert.deepEqual(restore(), game);
  // A parent that comes later, or a bad clock, is not kept.
  save({ ...game, tree: [[1, "7i7h"]], play: { ...game.play, main: { b: "x", w: 0 } } });
  assert.deepEqual(restore(), { kind: game.kind, sfen: null, moves: game.moves });
  delete globalThis.localStorage;

  // A clock in byoyomi is kept with the part of the period spent and goes on in it.
  const clock = GameClock.resumed(tc, { b: 1000, w: -2500 });
  assert.deepEqual(clock.snapshot(), { b: 1000, w: -2500 });
  clock.start("w");
  const { main, byoyomi } = clock.left("w");
  assert.equal(main, 0);
  assert.ok(byoyomi <= 7500 && byoyomi > 7000, `${byoyomi}`);
  assert.ok(clock.snapshot().w <= -2500);
});

test("premoves: entered from the other side's moves, played only if still legal", () => {
  assert.equal(
    otherSide("5k6/12/12/12/12/12/12/12/12/12/12/5K6 w - 2"),
    "5k6/12/12/12/12/12/12/12/12/12/12/5K6 b - 2",
  );
  assert.equal(otherSide("17/17 b 1"), "17/17 w 1");
  // Legal after the engine's move (by the same squares, even if listed by another path).
  assert.equal(premoveToPlay("6g6f", new MoveInput(LION)), "6g6f");
  assert.equal(premoveToPlay("4e4d+", new MoveInput(LION)), "4e4d+");
  // No longer legal: dropped.
  assert.equal(premoveToPlay("6g6f", new MoveInput(["6g6e", "4e4d"])), null);
  assert.equal(premoveToPlay("3e3d", new MoveInput(LION)), null, "only the promotion is legal");
});

test("arrows and circles: a link and a file carry the line's, off-line and malformed ones go", () => {
  const chu = { variant: "chushogi", rules: "lishogi" };
  const shapes = {
    "": ["G7i7h"],
    "7i7h 6d6e": ["R5e", "Y12i10g"],
    "7i7h 3d3e": ["B3i3g"],
  };
  const game = { kind: chu, sfen: null, moves: ["7i7h", "6d6e"], shapes };
  const onLine = { "": ["G7i7h"], "7i7h 6d6e": ["R5e", "Y12i10g"] };
  assert.deepEqual(fromHash(shareHash(game)).shapes, onLine);
  assert.match(gameFile(game, "*"), /^\[Shapes "0G7i7h 2R5e 2Y12i10g"\]$/m);
  assert.deepEqual(parsePaste(gameFile(game, "*"), chu).shapes, onLine);
  // A code past the line's end, or not a shape, is dropped; a game without shapes has none.
  const hash = shareHash({ ...game, shapes: undefined });
  assert.equal(fromHash(hash).shapes, undefined);
  assert.deepEqual(fromHash(`${hash}&shapes=0G7i7h+3R5e+1X5e+1G5e5e5e`).shapes, {
    "": ["G7i7h"],
  });
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, v),
  };
  save({ ...game, shapes: { "": ["G7i7h", "bad", 7], "7i7h": "R5e" } });
  assert.deepEqual(restore().shapes, { "": ["G7i7h"] });
  delete globalThis.localStorage;
});

test("review: `shishi analyse`'s expected score and verdict thresholds", () => {
  // docs/analysis.md: a silver (200 cp) 56 %, a rook (600) 67 %, a lion (2000) 91 %.
  assert.ok(Math.abs(expectedBlack({ cp: 200 }) - 0.557) < 0.001);
  assert.ok(Math.abs(expectedBlack({ cp: 600 }) - 0.666) < 0.001);
  assert.ok(Math.abs(expectedBlack({ cp: 2000 }) - 0.909) < 0.001);
  assert.equal(expectedBlack({ cp: 0 }), 0.5);
  assert.equal(expectedBlack({ mate: -2 }), 0);
  assert.equal(expectedBlack({ result: "draw", reason: "repetition" }), 0.5);
  // Inclusive lower bounds, as src/analysis/model.rs's `Verdict::classify`.
  const v = [0.0499, 0.05, 0.0999, 0.1, 0.1499, 0.15, 1].map(verdictOf);
  assert.deepEqual(v, [
    null,
    "inaccuracy",
    "inaccuracy",
    "mistake",
    "mistake",
    "blunder",
    "blunder",
  ]);
});
