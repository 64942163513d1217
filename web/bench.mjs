// Speed of the WebAssembly engine against the native binary, one thread each (docs/wasm.md):
// search nodes/s (a fixed-depth search of the chu start position) and perft nodes/s (the
// engine's own `perft`), in Node (both flavours) and in headless Chromium (both flavours:
// a cross-origin isolated page and one without isolation). Medians of --runs runs. Rates are
// nodes per second of CPU time of the engine's whole process tree (all its threads and, in
// Chromium, all the browser's processes), not of wall time: on a shared machine a wall-clock
// rate measures the other processes' load as much as the engine.
//
//   node web/bench.mjs [--runs 3] [--depth 10] [--perft 5] [--no-chromium] [--wall]
// Needs web/build.sh's output and target/release/shishi (cargo build --release).
import { readdirSync, readFileSync } from "node:fs";
import { launch } from "./test/chromium.mjs";
import { Session, handshake, nativeEngine, wasmEngine } from "./test/session.mjs";
import { serve } from "./test/server.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 3);
const DEPTH = arg("depth", 10);
const PERFT = arg("perft", 5);
/** Wall-clock rates instead (a quiet machine: what a user sees). */
const WALL = process.argv.includes("--wall");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time (ms) of a process and all its descendants (threads included), from /proc: on a
 * shared, loaded machine a wall-clock rate measures the load as much as the engine. */
function cpuMs(rootPid) {
  const tick = 10; // ms per clock tick (USER_HZ 100)
  const procs = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.push({
        pid: Number(d),
        ppid: Number(f[1]),
        cpu: (Number(f[11]) + Number(f[12])) * tick,
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = new Set([rootPid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const p of procs) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grown = true;
      }
    }
  }
  return procs.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.cpu, 0);
}

/** Nodes per CPU second of one command: `go depth` (nodes of its last info line) or `perft`. */
async function rate(e, command, done, nodesOf) {
  const from = e.lines.length;
  const clock = WALL ? () => performance.now() : () => cpuMs(e.pid);
  const before = clock();
  e.send(command);
  const last = await e.next(done);
  const used = clock() - before;
  return Math.round((nodesOf(last, e.since(from)) * 1000) / Math.max(used, 1));
}

/** One run: a warm-up, then with a fresh table the search, then perft; returns [search, perft] nodes/s. */
async function measure(e) {
  // Warm-up, so that compiling the module's hot code (WebAssembly tiers up in the
  // background, on CPU time this tree pays) is not measured.
  e.send("position startpos");
  e.send("go depth 7");
  await e.next(/^bestmove /);
  e.send("perft 4");
  await e.next(/^nodes \d+$/);
  e.send("usinewgame");
  e.send("position startpos");
  e.send("isready");
  await e.next(/^readyok$/);
  const search = await rate(e, `go depth ${DEPTH}`, /^bestmove /, (_, lines) => {
    const info = lines.filter((l) => / pv /.test(l)).at(-1);
    return Number(/ nodes (\d+)/.exec(info)[1]);
  });
  const perft = await rate(e, `perft ${PERFT}`, /^nodes \d+$/, (l) => Number(l.split(" ")[1]));
  return [search, perft];
}

async function bench(name, start) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const e = await start();
    await handshake(e);
    results.push(await measure(e));
    e.close();
  }
  const row = {
    name,
    search: median(results.map((r) => r[0])),
    perft: median(results.map((r) => r[1])),
  };
  console.error(`${name}: search ${row.search} nodes/s, perft ${row.perft} nodes/s`);
  return row;
}

/** An engine on a Chromium page, driven through the same session interface. */
function chromiumEngine(browser, url) {
  return async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.loaded === true);
    const session = new Session();
    await page.exposeFunction("shishiLine", (l) => session.receive(l));
    await page.evaluate(async () => {
      window.engine = await window.Shishi();
      window.engine.addMessageListener((l) => window.shishiLine(l));
    });
    session.send = (line) => void page.evaluate((l) => window.engine.postMessage(l), line);
    session.close = () => void page.close();
    // Chromium's processes are this process's children: the tree's CPU time is theirs.
    session.pid = process.pid;
    return session;
  };
}

const rows = [];
rows.push(await bench("native", nativeEngine));
rows.push(await bench("Node, multi-threaded build", () => wasmEngine({ threads: true })));
rows.push(await bench("Node, single-threaded build", () => wasmEngine({ threads: false })));
if (!process.argv.includes("--no-chromium")) {
  const browser = await launch();
  for (const isolated of [true, false]) {
    const server = await serve({ isolated });
    const name = `Chromium, ${isolated ? "multi" : "single"}-threaded build`;
    rows.push(await bench(name, chromiumEngine(browser, `${server.url}test/pages/module.html`)));
    server.close();
  }
  await browser.close();
}

const [native] = rows;
console.log(
  `chu start position, one thread, median of ${RUNS}: go depth ${DEPTH}; perft ${PERFT}; ` +
    `nodes per ${WALL ? "wall-clock" : "CPU"} second`,
);
console.log("| engine | search nodes/s | vs native | perft nodes/s | vs native |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of rows) {
  const ratio = (a, b) => (a / b).toFixed(2);
  console.log(
    `| ${r.name} | ${r.search} | ${ratio(r.search, native.search)} | ${r.perft} | ${ratio(r.perft, native.perft)} |`,
  );
}
