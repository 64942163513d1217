// Dai dai's network is not in the WebAssembly module (docs/wasm.md): the engine asks for it
// once a dai dai game is chosen and the loader fetches it from `wasmBase`. Nothing is fetched
// before that, nor by an engine on the hand-set evaluation (the web board's rules engine);
// with the file there the engine names the same network as the native binary; a file that is
// not that network, or none, is one error line and dai dai is judged by the hand-set
// evaluation, with every `go` still answered.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { handshake, nativeEngine, search, wasmEngine } from "./session.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const nets = fileURLToPath(new URL("../../nets/", import.meta.url));
const daidaiFile = (await readdir(nets)).find((f) => f.startsWith("daidai-"));
const chuFile = (await readdir(nets)).find((f) => f.startsWith("chu-"));

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

/** A folder holding the two modules and, under the dai dai network's name, `network` (none
 * if `null`). */
async function folder(network) {
  const dir = await mkdtemp(join(tmpdir(), "shishi-net-"));
  for (const f of ["shishi-mt.wasm", "shishi-st.wasm"]) await copyFile(join(dist, f), join(dir, f));
  if (network !== null) await copyFile(network, join(dir, daidaiFile));
  return dir;
}

let native;
before(async () => {
  native = nativeEngine();
  await handshake(native);
});
after(() => native.close());

for (const threads of [true, false]) {
  describe(threads ? "multi-threaded flavour" : "single-threaded flavour", () => {
    test("fetched when dai dai is chosen, it is the native binary's network", async () => {
      const e = await wasmEngine({ threads });
      await handshake(e);
      const want = await evaluation(native);
      assert.match(want, /daidai network [0-9a-f]{16}/);
      assert.match(await evaluation(e), /daidai hand-set$/, "nothing fetched before dai dai");
      const { best, lines } = await daidaiSearch(e);
      assert.match(best, /^bestmove \d/);
      assert.deepEqual(
        lines.filter((l) => /error/.test(l)),
        [],
      );
      assert.equal(await evaluation(e), want);
      e.close();
    });

    for (const [what, file, reason] of [
      ["the chu network under its name", join(nets, chuFile), /this is the chu network/],
      ["no file", null, /no such file|ENOENT|cannot load/],
    ]) {
      test(`${what}: one error line, hand-set dai dai, one bestmove`, async () => {
        const dir = await folder(file);
        try {
          const e = await wasmEngine({ threads, wasmBase: pathToFileURL(dir + "/") });
          await handshake(e);
          const { best, lines } = await daidaiSearch(e);
          const errors = lines.filter((l) => /error/.test(l));
          assert.equal(errors.length, 1, lines.join("\n"));
          assert.match(errors[0], /^info string error: daidai-[0-9a-f]{8}\.nnue: /);
          assert.match(errors[0], reason);
          assert.match(errors[0], /judged by the hand-set evaluation alone$/);
          assert.equal(lines.filter((l) => l.startsWith("bestmove")).length, 1);
          assert.match(best, /^bestmove \d/);
          assert.match(await evaluation(e), /daidai hand-set$/);
          e.close();
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    }

    test("an engine on the hand-set evaluation fetches nothing until it is set back", async () => {
      const dir = await folder(null);
      try {
        const e = await wasmEngine({ threads, wasmBase: pathToFileURL(dir + "/") });
        await handshake(e, ["EvalFile value <empty>"]);
        const { best, lines } = await daidaiSearch(e);
        assert.match(best, /^bestmove \d/);
        assert.deepEqual(
          lines.filter((l) => /error/.test(l)),
          [],
        );
        e.send("setoption name EvalFile value <built-in>");
        assert.match(await e.next(/error/), /^info string error: daidai-[0-9a-f]{8}\.nnue: /);
        e.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
