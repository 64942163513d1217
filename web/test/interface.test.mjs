// The worker interface of web/dist/shishi.js under Node, in both flavours: the
// multi-threaded one (Node always has shared memory) and the single-threaded one that pages
// without cross-origin isolation get (forced here with `threads: false`).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { after, before, describe, test } from "node:test";
import { HANG_GUARD_MS, field, handshake, search, wasmEngine } from "./session.mjs";

/** CPU time (ms) of each thread of this process (Workers are threads), from /proc. */
function threadCpuMs() {
  const times = new Map();
  for (const t of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(t, (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return times;
}

for (const threads of [true, false]) {
  const flavour = threads ? "multi-threaded" : "single-threaded";
  describe(`${flavour} flavour`, () => {
    let e;
    before(async () => {
      e = await wasmEngine({ threads });
    });
    after(() => e.close());

    test("handshake: id, options, the flavour and its Threads maximum, usiok, readyok", async () => {
      const lines = await handshake(e);
      assert.match(lines[0], /^id name Shishi/);
      assert.ok(lines.some((l) => /^option name USI_Variant type combo/.test(l)));
      const max = threads ? availableParallelism() : 1;
      assert.ok(
        lines.includes(`option name Threads type spin default 1 min 1 max ${max}`),
        lines.join("\n"),
      );
      const usiok = lines.indexOf("usiok");
      assert.match(lines[usiok - 1], new RegExp(`^info string Shishi WebAssembly, ${flavour}`));
      assert.equal(lines.at(-1), "readyok");
    });

    test("options: dai dai by setoption; a bad value is one error line and the engine goes on", async () => {
      const from = e.lines.length;
      e.send("setoption name USI_Hash value 999999");
      await e.next(/^info string error: .*USI_Hash/);
      e.send("setoption name USI_Variant value daidaishogi");
      e.send("position startpos");
      const { best } = await search(e, "go depth 2");
      assert.match(best, /^bestmove [0-9a-q]+/);
      assert.equal(e.since(from).filter((l) => l.includes("error")).length, 1);
      e.send("setoption name USI_Variant value chushogi");
      e.send("usinewgame");
      e.send("isready");
      await e.next(/^readyok$/);
    });

    test("position, go infinite, stop: the bestmove is the search's last PV move", async () => {
      e.send("position startpos moves 7i7h");
      e.send("go infinite");
      const info = await e.next(/^info depth [4-9].* pv /);
      e.send("stop");
      const best = await e.next(/^bestmove /);
      if (!threads) {
        // The host answers from the last PV it saw.
        assert.equal(best.split(" ")[1], info.split(" pv ")[1].split(" ")[0]);
      }
      assert.match(best, /^bestmove \S+/);
      assert.notEqual(best, "bestmove resign");
      // The engine is still there, on the same position (a restarted worker in the
      // single-threaded flavour).
      const again = await search(e, "go depth 3");
      assert.match(again.best, /^bestmove \S+/);
    });

    test("isready during a search is answered before the search ends", async () => {
      e.send("position startpos");
      e.send("go infinite");
      await e.next(/^info depth 3 /);
      const from = e.lines.length;
      e.send("isready");
      await e.next(/^readyok$/);
      assert.ok(!e.since(from).some((l) => l.startsWith("bestmove")));
      e.send("stop");
      await e.next(/^bestmove /);
    });

    test("a timed search ends by itself on the host's clock", async () => {
      e.send("position startpos");
      const { best } = await search(e, "go byoyomi 300");
      assert.match(best, /^bestmove \S+/);
    });

    test("a new go during a search ends the old one with exactly one bestmove", async () => {
      e.send("position startpos");
      e.send("go infinite");
      await e.next(/^info depth 3 /);
      const from = e.lines.length;
      e.send("go depth 2");
      await e.next(/^bestmove /);
      await e.next(/^bestmove /);
      e.send("isready");
      await e.next(/^readyok$/);
      assert.equal(e.since(from).filter((l) => l.startsWith("bestmove")).length, 2);
    });

    test("stop right after go, then go again at once: one bestmove for each", async () => {
      e.send("position startpos moves 7i7h 6d6e");
      const from = e.lines.length;
      e.send("go infinite");
      e.send("stop");
      e.send("go depth 2");
      await e.next(/^bestmove /);
      await e.next(/^bestmove /);
      e.send("isready");
      await e.next(/^readyok$/);
      const answers = e.since(from).filter((l) => l.startsWith("bestmove"));
      assert.equal(answers.length, 2);
      assert.ok(!answers.includes("bestmove resign"), answers.join(", "));
    });

    test("perft counts, and stop ends a long count", async () => {
      e.send("position startpos");
      e.send("perft 3");
      assert.equal(await e.next(/^nodes /), "nodes 48315");
      e.send("perft 8");
      e.send("isready");
      await e.next(/^readyok$/);
      e.send("stop");
      await e.next(/^info string perft stopped$/);
      const { best } = await search(e, "go depth 2");
      assert.match(best, /^bestmove \S+/);
    });

    if (threads) {
      test("two threads: setoption Threads 2, a fixed-depth search and a stopped one", async () => {
        e.send("setoption name Threads value 2");
        e.send("isready");
        await e.next(/^readyok$/);
        e.send("position startpos");
        const { best, info } = await search(e, "go depth 7");
        assert.match(best, /^bestmove \S+/);
        assert.equal(field(info, "depth"), "7");
        e.send("go infinite");
        await e.next(/^info depth 5 /);
        e.send("stop");
        await e.next(/^bestmove /);
        e.send("setoption name Threads value 1");
      });

      test("two threads both search: two workers share the CPU time of go infinite", async () => {
        e.send("setoption name Threads value 2");
        e.send("usinewgame");
        e.send("position startpos");
        e.send("isready");
        await e.next(/^readyok$/);
        const before = threadCpuMs();
        e.send("go infinite");
        // CPU time, not wall time: on a loaded machine the threads get less, in proportion.
        const busiest = () => {
          const now = threadCpuMs();
          return [...now].map(([t, ms]) => ms - (before.get(t) ?? 0)).sort((a, b) => b - a);
        };
        const deadline = Date.now() + HANG_GUARD_MS;
        while (busiest()[0] < 1_000 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
        }
        const [first, second] = busiest();
        e.send("stop");
        await e.next(/^bestmove /);
        e.send("setoption name Threads value 1");
        assert.ok(second >= first * 0.3, `CPU ms of the two busiest threads: ${first}, ${second}`);
      });
      test("thread starts: Threads 2 at once, then searches and counts in a row, each answered", async () => {
        // A fresh engine, so that the helper's worker is started while the prestarted ones are
        // still loading (a worker once announced itself free after loading although a run was
        // already on its way, and a later go waited forever behind it); perft with two threads
        // starts its pool from a thread, not from the engine worker.
        const f = await wasmEngine({ threads });
        try {
          f.send("usi");
          f.send("setoption name Threads value 2");
          f.send("position startpos");
          for (let i = 0; i < 12; i++) {
            const { best } = await search(f, "go depth 3");
            assert.match(best, /^bestmove \S+/, `search ${i}`);
            f.send("perft 2");
            assert.equal(await f.next(/^nodes /), "nodes 1296", `count ${i}`);
          }
        } finally {
          f.close();
        }
      });
    }

    test("quit ends the engine", async () => {
      e.send("quit");
      await new Promise((r) => setTimeout(r, 300));
      const n = e.lines.length;
      e.send("isready");
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(e.lines.length, n);
    });
  });
}
