// Speed of the WebAssembly engine against the native binary, one thread each (docs/wasm.md):
// search nodes/s (a fixed-depth search of the chu start position) and perft nodes/s (the
// engine's own `perft`), in Node (both flavours) and in headless Chromium (both flavours:
// a cross-origin isolated page and one without isolation). Medians of --runs runs; every
// figure is the engine's own report (the `nps` of its last info line, the perft line's nps).
//
//   node web/bench.mjs [--runs 3] [--depth 9] [--perft 5] [--no-chromium]
// Needs web/build.sh's output and target/release/shishi (cargo build --release).
import { chromium } from "playwright-core";
import { handshake, nativeEngine, wasmEngine } from "./test/session.mjs";
import { serve } from "./test/server.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 3);
const DEPTH = arg("depth", 9);
const PERFT = arg("perft", 5);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One run: a fresh table, the search, then perft; returns [search nps, perft nps]. */
async function measure(e) {
  e.send("usinewgame");
  e.send("position startpos");
  e.send(`go depth ${DEPTH}`);
  await e.next(/^bestmove /);
  const info = e.lines.filter((l) => / pv /.test(l)).at(-1);
  e.send(`perft ${PERFT}`);
  const perft = await e.next(/^info string perft nodes /);
  return [Number(/ nps (\d+)/.exec(info)[1]), Number(/ nps (\d+)/.exec(perft)[1])];
}

async function bench(name, start) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const e = await start();
    await handshake(e);
    results.push(await measure(e));
    e.close();
  }
  return {
    name,
    search: median(results.map((r) => r[0])),
    perft: median(results.map((r) => r[1])),
  };
}

/** An engine on a Chromium page, driven through the same session interface. */
function chromiumEngine(browser, url) {
  return async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.loaded === true);
    const session = { lines: [], cursor: 0 };
    await page.exposeFunction("shishiLine", (l) => session.lines.push(l));
    await page.evaluate(async () => {
      window.engine = await window.Shishi();
      window.engine.addMessageListener((l) => window.shishiLine(l));
    });
    session.send = (line) => void page.evaluate((l) => window.engine.postMessage(l), line);
    session.next = async (re) => {
      for (;;) {
        for (; session.cursor < session.lines.length; session.cursor++) {
          if (re.test(session.lines[session.cursor])) return session.lines[session.cursor++];
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    session.close = () => void page.close();
    return session;
  };
}

const rows = [];
rows.push(await bench("native", nativeEngine));
rows.push(await bench("Node, multi-threaded build", () => wasmEngine({ threads: true })));
rows.push(await bench("Node, single-threaded build", () => wasmEngine({ threads: false })));
if (!process.argv.includes("--no-chromium")) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  for (const isolated of [true, false]) {
    const server = await serve({ isolated });
    const name = `Chromium, ${isolated ? "multi" : "single"}-threaded build`;
    rows.push(await bench(name, chromiumEngine(browser, `${server.url}test/pages/module.html`)));
    server.close();
  }
  await browser.close();
}

const [native] = rows;
console.log(`chu start position, one thread, median of ${RUNS}: go depth ${DEPTH}; perft ${PERFT}`);
console.log("| engine | search nodes/s | vs native | perft nodes/s | vs native |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of rows) {
  const ratio = (a, b) => (a / b).toFixed(2);
  console.log(
    `| ${r.name} | ${r.search} | ${ratio(r.search, native.search)} | ${r.perft} | ${ratio(r.perft, native.perft)} |`,
  );
}
