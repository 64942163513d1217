// The page-free browser check: web/dist/ loaded in headless Chromium (Debian's chromium,
// driven by playwright-core), as an ES module and as a classic script, on a server with and
// without cross-origin isolation: the isolated page gets the multi-threaded flavour (and two
// threads), the other the single-threaded one; both search, answer isready during a search
// and stop, and search at a fixed depth exactly as the native binary does (score, nodes, PV),
// in chu and in dai dai, whose networks the engine fetches from the server.
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { launch } from "./chromium.mjs";
import { serve } from "./server.mjs";
import { handshake, nativeEngine, search } from "./session.mjs";

/** The network files (nets/, copied into web/dist/ by the build). */
const networks = await readdir(new URL("../../nets/", import.meta.url));
const network = (game) => networks.find((f) => new RegExp(`^${game}-[0-9a-f]{8}\\.nnue$`).test(f));

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

for (const isolated of [true, false]) {
  describe(isolated ? "cross-origin isolated page" : "page without isolation", () => {
    let server;
    /** Every path the pages asked the server for. */
    const requested = [];
    before(async () => {
      server = await serve({ isolated, onRequest: (p) => requested.push(p) });
    });
    after(() => server.close());

    for (const page of ["module", "classic"]) {
      test(`${page} script: ${isolated ? "multi" : "single"}-threaded, searches, isready, stop`, async () => {
        const tab = await browser.newPage();
        const errors = [];
        tab.on("pageerror", (e) => errors.push(String(e)));
        tab.on("console", (m) => {
          if (m.type() === "error") errors.push(`${m.text()} (${m.location().url})`);
        });
        await tab.goto(`${server.url}test/pages/${page}.html`);
        await tab.waitForFunction(() => window.loaded === true);
        const r = await tab.evaluate(() => window.scenario());
        await tab.close();
        assert.deepEqual(errors, []);
        assert.equal(r.isolated, isolated);
        const flavour = r.lines.find((l) => l.startsWith("info string Shishi WebAssembly"));
        assert.match(flavour, isolated ? /multi-threaded/ : /single-threaded/);
        if (isolated) assert.ok(r.max >= 2, `Threads max ${r.max}`);
        else assert.equal(r.max, 1);
        assert.ok(r.readyDuringSearch, "readyok came after the bestmove");
        assert.equal(r.lines.filter((l) => l.startsWith("bestmove")).length, 2 + r.rounds);
        assert.ok(
          !r.lines.some((l) => l.includes("error")),
          r.lines.filter((l) => l.includes("error")).join("\n"),
        );
      });
    }
    test("a stop right after the first go, and after a change of Threads, gets its bestmove", async () => {
      // The engine worker must not block in `stop` while the search thread's Worker is still
      // starting (it hung every time in Chromium before thread starts were awaited).
      const tab = await browser.newPage();
      await tab.goto(`${server.url}example/`);
      const answers = await tab.evaluate(async () => {
        const { default: Shishi } = await import("/dist/shishi.js");
        const out = [];
        for (const setup of [[], ["setoption name Threads value 2"], ["usinewgame"]]) {
          const engine = await Shishi();
          const lines = [];
          let done;
          engine.addMessageListener((l) => {
            lines.push(l);
            if (l.startsWith("bestmove") || l === "usiok") done?.(l);
          });
          let answer = new Promise((r) => (done = r));
          engine.postMessage("usi");
          await answer;
          answer = new Promise((r) => (done = r));
          for (const c of [...setup, "position startpos", "go infinite", "stop"]) {
            engine.postMessage(c);
          }
          const timeout = new Promise((r) => setTimeout(() => r("no bestmove in 10 s"), 10_000));
          out.push(await Promise.race([answer, timeout]));
          engine.terminate();
        }
        return out;
      });
      await tab.close();
      for (const a of answers) assert.match(a, /^bestmove \d/);
    });

    for (const [game, file, commands, depth] of [
      [
        // Chu under lishogi's rules evaluates with the built-in network (docs/eval.md), which
        // the engine fetches before the search (docs/wasm.md, "The networks").
        "chu",
        network("chu"),
        [
          "setoption name USI_Variant value chushogi",
          "setoption name Rules value lishogi",
          "usinewgame",
          "position startpos moves 7i7h 6d6e",
        ],
        7,
      ],
      [
        // Dai dai's network is fetched by the engine once dai dai is chosen (docs/wasm.md);
        // chu's is never asked for.
        "dai dai",
        network("daidai"),
        ["setoption name USI_Variant value daidaishogi", "usinewgame", "position startpos"],
        4,
      ],
    ]) {
      test(`a fixed-depth ${game} search in the browser is the native binary's, network included`, async () => {
        // The browser's module (the one the web board downloads) reports the same score,
        // nodes and PV.
        const native = nativeEngine();
        await handshake(native);
        for (const c of commands) native.send(c);
        const want = await search(native, `go depth ${depth}`);
        native.close();
        const from = requested.length;
        const tab = await browser.newPage();
        // A page that starts no engine of its own (the example page searches at once), so that
        // the server's log is this engine's.
        await tab.goto(`${server.url}test/pages/module.html`);
        const got = await tab.evaluate(
          async ([commands, depth]) => {
            const { default: Shishi } = await import("/dist/shishi.js");
            const engine = await Shishi();
            const lines = [];
            const best = new Promise((resolve) =>
              engine.addMessageListener((l) => {
                lines.push(l);
                if (l.startsWith("bestmove")) resolve(l);
              }),
            );
            for (const c of ["usi", ...commands, `go depth ${depth}`]) engine.postMessage(c);
            const answer = await best;
            engine.terminate();
            return {
              best: answer,
              info: lines.filter((l) => / pv /.test(l)).at(-1) ?? "",
              lines,
            };
          },
          [commands, depth],
        );
        await tab.close();
        // The game's network, once; not the other game's.
        assert.deepEqual(
          requested.slice(from).filter((p) => p.endsWith(".nnue")),
          [`/dist/${file}`],
        );
        assert.ok(
          got.lines.some((l) => l.includes(isolated ? "multi-threaded" : "single-threaded")),
        );
        assert.deepEqual(
          got.lines.filter((l) => /error/.test(l)),
          [],
        );
        const comparable = (info) => info.replace(/ (time|nps|hashfull) \d+/g, "");
        assert.match(want.info, new RegExp(` depth ${depth} .* nodes \\d+ .* pv `));
        assert.equal(comparable(got.info), comparable(want.info));
        assert.equal(got.best, want.best);
      });
    }
  });
}
