// The WebAssembly engine is the native engine: at a fixed depth on one thread it reports the
// same score, node count and principal variation and plays the same move as the native
// binary, on positions of both games and both chu rule sets, in both flavours; and a short
// game played move by move by each is the same game. The module carries no network: the
// engine fetches each game's network (from web/dist/) before its first search of that game
// (docs/wasm.md, "The networks"), so every case shows that it arrives before the search.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { handshake, nativeEngine, search, wasmEngine } from "./session.mjs";

const CASES = [
  { name: "chu start", variant: "chushogi", rules: "seed", position: "startpos", depth: 9 },
  {
    name: "chu lishogi rules, after three moves",
    variant: "chushogi",
    rules: "lishogi",
    position: "startpos moves 4h4g 9e9f 7j7h",
    depth: 6,
  },
  {
    name: "chu lion double capture",
    variant: "chushogi",
    rules: "seed",
    position: "sfen 11k/12/12/12/12/4gp6/5gs5/5N6/12/12/12/K11 b - 1",
    depth: 7,
  },
  { name: "dai dai start", variant: "daidaishogi", rules: "seed", position: "startpos", depth: 6 },
  {
    name: "dai dai lion dog",
    variant: "daidaishogi",
    rules: "seed",
    position: "sfen 8k8/17/17/17/17/17/17/8p8/8(LD)8/17/17/17/17/17/17/17/8K8 b 1",
    depth: 5,
  },
];

/** What must agree: everything in the last info line but time, speed and table use. */
function comparable(info) {
  return info.replace(/ (time|nps|hashfull) \d+/g, "");
}

async function runCase(engine, c) {
  engine.send(`setoption name USI_Variant value ${c.variant}`);
  engine.send(`setoption name Rules value ${c.rules}`);
  engine.send("usinewgame");
  engine.send(`position ${c.position}`);
  const { best, info } = await search(engine, `go depth ${c.depth}`);
  return { best, info: comparable(info) };
}

/** A game from the start position: each side plays its fixed-depth best move. */
async function playGame(engine, plies) {
  engine.send("setoption name USI_Variant value chushogi");
  engine.send("setoption name Rules value lishogi");
  engine.send("usinewgame");
  const moves = [];
  for (let i = 0; i < plies; i++) {
    engine.send(`position startpos${moves.length ? " moves " + moves.join(" ") : ""}`);
    const { best } = await search(engine, "go depth 3");
    const move = best.split(" ")[1];
    if (move === "resign" || move === "win") break;
    moves.push(move);
  }
  return moves;
}

let native;
const expected = new Map();
let nativeGame;

before(async () => {
  native = nativeEngine();
  await handshake(native);
  for (const c of CASES) expected.set(c.name, await runCase(native, c));
  nativeGame = await playGame(native, 24);
});
after(() => native.close());

for (const threads of [true, false]) {
  describe(threads ? "multi-threaded flavour, Threads 1" : "single-threaded flavour", () => {
    let e;
    before(async () => {
      e = await wasmEngine({ threads });
      await handshake(e);
    });
    after(() => e.close());

    for (const c of CASES) {
      test(`${c.name}, depth ${c.depth}: same PV, score, nodes and move as native`, async () => {
        const got = await runCase(e, c);
        const want = expected.get(c.name);
        assert.match(want.info, / nodes \d+ /);
        assert.equal(got.info, want.info);
        assert.equal(got.best, want.best);
      });
    }

    test("a 24-ply game at depth 3, move by move, is the native engine's game", async () => {
      const game = await playGame(e, 24);
      assert.equal(game.length, 24);
      assert.deepEqual(game, nativeGame);
    });
  });
}
