// The WebAssembly module carries no network (docs/wasm.md, "The networks"): the engine asks
// for a game's file before its first search of that game (at `isready` or `go`, or when
// `USI_Variant` chooses the game), and the loader fetches it from `wasmBase`, here a local
// server that counts the files asked for. A searching engine fetches chu's file once, before
// its first search, and dai dai's only once dai dai is chosen; an engine on the hand-set
// evaluation (the web board's rules engine) fetches nothing; with the files there the engine
// names the native binary's networks and searches as it does; a file that is not the network,
// or none, is one error line and the game is judged by the hand-set evaluation, with every
// `go` still answered.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { field, handshake, nativeEngine, search, wasmEngine } from "./session.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const nets = fileURLToPath(new URL("../../nets/", import.meta.url));
const chuFile = (await readdir(nets)).find((f) => /^chu-[0-9a-f]{8}\.nnue$/.test(f));
const daidaiFile = (await readdir(nets)).find((f) => /^daidai-[0-9a-f]{8}\.nnue$/.test(f));
const BOTH = { [chuFile]: join(nets, chuFile), [daidaiFile]: join(nets, daidaiFile) };

/** A server for `wasmBase`: the two modules, and `files` (name → the file served under that
 * name; a name left out is not found). `asked` lists the network files asked for, in order. */
async function site(files) {
  const asked = [];
  const server = createServer(async (req, res) => {
    const name = decodeURIComponent(new URL(req.url, "http://x").pathname.slice(1));
    if (name.endsWith(".nnue")) asked.push(name);
    const path = /^shishi-(mt|st)\.wasm$/.test(name) ? join(dist, name) : files[name];
    if (path === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(await readFile(path));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    asked,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** [`site`] for the test `t`, closed when it ends. */
async function siteFor(t, files) {
  const s = await site(files);
  t.after(s.close);
  return s;
}

/** A WebAssembly engine for the test `t` (whatever its outcome, it ends with the test). */
async function engineFor(t, options) {
  const e = await wasmEngine(options);
  t.after(e.close);
  return e;
}

/** The evaluation a `<built-in>` EvalFile reports now. */
async function evaluation(engine) {
  engine.send("setoption name EvalFile value <built-in>");
  return (await engine.next(/EvalFile: built-in/)).replace(/^.*evaluation: /, "");
}

/** Chooses dai dai and searches its start position to depth 2: the lines it answered. */
async function daidaiSearch(engine) {
  const from = engine.lines.length;
  engine.send("setoption name USI_Variant value daidaishogi");
  engine.send("usinewgame");
  engine.send("position startpos");
  const { best } = await search(engine, "go depth 2");
  return { best, lines: engine.since(from) };
}

/** A fresh chu search of the start position to depth 3 (after `options`): the node count, and
 * the lines from the first command on. */
async function chuSearch(engine, options = []) {
  const from = engine.lines.length;
  for (const o of options) engine.send(`setoption name ${o}`);
  engine.send("usinewgame");
  engine.send("position startpos");
  const { info } = await search(engine, "go depth 3");
  return { nodes: field(info, "nodes"), lines: engine.since(from) };
}

/** The native binary's node count for [`chuSearch`] with `options`. */
async function nativeNodes(options) {
  const n = nativeEngine();
  try {
    await handshake(n, options);
    return (await chuSearch(n)).nodes;
  } finally {
    n.close();
  }
}

let native;
before(async () => {
  native = nativeEngine();
  await handshake(native);
});
after(() => native.close());

for (const threads of [true, false]) {
  describe(threads ? "multi-threaded flavour" : "single-threaded flavour", () => {
    test("chu's network is fetched once, before readyok; dai dai's once dai dai is chosen", async (t) => {
      const s = await siteFor(t, BOTH);
      const e = await engineFor(t, { threads, wasmBase: s.url });
      e.send("usi");
      await e.next(/^usiok$/);
      assert.deepEqual(s.asked, [], "nothing with usi");
      e.send("isready");
      await e.next(/^readyok$/);
      assert.deepEqual(s.asked, [chuFile], "chu's, in before readyok");
      const want = await evaluation(native);
      assert.match(want, /^chu network [0-9a-f]{16}, daidai network [0-9a-f]{16}$/);
      assert.equal(await evaluation(e), `${want.split(", ")[0]}, daidai hand-set`);
      assert.match((await search(e, "go depth 2")).best, /^bestmove \d/);
      const { best, lines } = await daidaiSearch(e);
      assert.match(best, /^bestmove \d/);
      assert.deepEqual(
        lines.filter((l) => /error/.test(l)),
        [],
      );
      assert.equal(await evaluation(e), want);
      // Back to chu, and a new game: each file was asked for once.
      e.send("setoption name USI_Variant value chushogi");
      e.send("isready");
      await e.next(/^readyok$/);
      assert.match((await search(e, "go depth 2")).best, /^bestmove \d/);
      assert.deepEqual(s.asked, [chuFile, daidaiFile]);
    });

    test("a go without isready waits for chu's network and searches as the native binary", async (t) => {
      const want = await nativeNodes([]);
      const s = await siteFor(t, BOTH);
      const e = await engineFor(t, { threads, wasmBase: s.url });
      e.send("usi");
      await e.next(/^usiok$/);
      const { nodes, lines } = await chuSearch(e);
      assert.deepEqual(s.asked, [chuFile]);
      assert.deepEqual(
        lines.filter((l) => /error/.test(l)),
        [],
      );
      assert.equal(nodes, want);
    });

    for (const [what, files, reason] of [
      [
        "dai dai's network under chu's name",
        { [chuFile]: BOTH[daidaiFile] },
        /this is the daidai network/,
      ],
      ["no chu file", {}, /cannot load .*HTTP 404/],
    ]) {
      test(`${what}: one error line, a hand-set chu search, one bestmove`, async (t) => {
        const want = await nativeNodes(["EvalFile value <empty>"]);
        const s = await siteFor(t, files);
        const e = await engineFor(t, { threads, wasmBase: s.url });
        const ready = await handshake(e);
        const { nodes, lines } = await chuSearch(e);
        const all = [...ready, ...lines];
        const errors = all.filter((l) => /error/.test(l));
        assert.equal(errors.length, 1, all.join("\n"));
        assert.match(errors[0], /^info string error: chu-[0-9a-f]{8}\.nnue: /);
        assert.match(errors[0], reason);
        assert.match(errors[0], /; chu is judged by the hand-set evaluation alone$/);
        assert.ok(ready.includes(errors[0]), "the error came before readyok");
        assert.equal(lines.filter((l) => l.startsWith("bestmove")).length, 1);
        assert.equal(nodes, want, "the hand-set evaluation's search");
        assert.equal(await evaluation(e), "chu hand-set, daidai hand-set");
        assert.deepEqual(s.asked, [chuFile], "asked for once");
      });
    }

    for (const [what, network, reason] of [
      ["the chu network under dai dai's name", BOTH[chuFile], /this is the chu network/],
      ["no dai dai file", undefined, /cannot load .*HTTP 404/],
    ]) {
      test(`${what}: one error line, hand-set dai dai, one bestmove`, async (t) => {
        const files = { [chuFile]: BOTH[chuFile] };
        if (network !== undefined) files[daidaiFile] = network;
        const s = await siteFor(t, files);
        const e = await engineFor(t, { threads, wasmBase: s.url });
        await handshake(e);
        const { best, lines } = await daidaiSearch(e);
        const errors = lines.filter((l) => /error/.test(l));
        assert.equal(errors.length, 1, lines.join("\n"));
        assert.match(errors[0], /^info string error: daidai-[0-9a-f]{8}\.nnue: /);
        assert.match(errors[0], reason);
        assert.match(errors[0], /; dai dai is judged by the hand-set evaluation alone$/);
        assert.equal(lines.filter((l) => l.startsWith("bestmove")).length, 1);
        assert.match(best, /^bestmove \d/);
        assert.match(await evaluation(e), /^chu network [0-9a-f]{16}, daidai hand-set$/);
      });
    }

    test("an engine on the hand-set evaluation (the rules engine) fetches nothing until set back", async (t) => {
      const s = await siteFor(t, BOTH);
      const e = await engineFor(t, { threads, wasmBase: s.url, workersAhead: 0 });
      // What the web board's rules engine sends, then a search of each game.
      await handshake(e, ["USI_Hash value 1", "EvalFile value <empty>"]);
      e.send("position startpos");
      e.send("legalmoves");
      assert.match((await search(e, "go depth 1")).best, /^bestmove \d/);
      const { best, lines } = await daidaiSearch(e);
      assert.match(best, /^bestmove \d/);
      e.send("isready");
      await e.next(/^readyok$/);
      assert.deepEqual(
        lines.filter((l) => /error/.test(l)),
        [],
      );
      assert.deepEqual(s.asked, []);
      // Set back, it asks for the chosen game's file (dai dai's) at once; the report says what
      // judges each game at that moment.
      assert.equal(await evaluation(e), "chu hand-set, daidai hand-set");
      e.send("isready");
      await e.next(/^readyok$/);
      assert.deepEqual(s.asked, [daidaiFile]);
      assert.match(await evaluation(e), /^chu hand-set, daidai network [0-9a-f]{16}$/);
    });
  });
}
