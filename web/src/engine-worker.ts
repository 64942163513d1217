// The engine worker: the module's protocol loop, one input line per message, its output
// lines posted back in order. While a search runs (multi-threaded build) it polls the engine
// on a short timer, which delivers `bestmove` and drains the info lines the search thread
// wrote. In the single-threaded build a search runs inside the `go` line's call; its output
// is posted as it is written (the module calls `flush_output`).
// The module carries no network (docs/wasm.md, "The networks"): a game's file is fetched from
// `networkBase` when the engine asks for it, and the lines after the one that asked wait
// until it is in (the engine itself holds that line if it needs the network: `isready`,
// `go`), so that no search runs without it.

import { readBytes, type Channel } from "./env.js";
import { ThreadWorkers } from "./thread-workers.js";
import { instantiate, sharedMemory, type Exports } from "./wasm.js";

/** Host → engine worker. */
export type ToEngine =
  | {
      type: "start";
      module: WebAssembly.Module;
      shared: boolean;
      parallelism: number;
      /** Thread Workers to start at once (instantiating one takes a few hundred ms). */
      workersAhead: number;
      /** The folder of the network files (a URL ending in `/`). */
      networkBase: string;
    }
  | { type: "line"; text: string };

/** Engine worker → host. */
export type FromEngine =
  | { type: "ready" }
  | { type: "lines"; lines: string[] }
  | { type: "quit" }
  | { type: "error"; message: string };

const POLL_MS = 2;

export function runEngineWorker(parent: Channel, close: () => void): void {
  let ex: Exports | null = null;
  let memory: WebAssembly.Memory | undefined;
  const waiting: string[] = [];
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let partial = "";
  let polling = false;
  let alive = true;
  let threads: ThreadWorkers | null = null;
  let networkBase = "";
  /** A network file is being fetched: lines wait. */
  let fetching = false;

  const post = (m: FromEngine) => parent.post(m);

  const drain = () => {
    if (ex === null) return;
    const n = ex.shishi_output_take();
    if (n === 0) return;
    const buffer = (memory ?? ex.memory!).buffer;
    // A copy: TextDecoder refuses views of shared memory.
    const bytes = new Uint8Array(buffer, ex.shishi_output_ptr(), n).slice();
    const text = partial + decoder.decode(bytes);
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    if (lines.length > 0) post({ type: "lines", lines });
  };

  const tick = () => {
    if (ex === null || !alive) return;
    const running = ex.shishi_poll() !== 0;
    drain();
    polling = running;
    if (running) setTimeout(tick, POLL_MS);
  };

  /** Copies `bytes` into a buffer of the module's and hands it to `give`. */
  const hand = (give: (ptr: number, len: number) => void, bytes: Uint8Array) => {
    const ptr = ex!.shishi_alloc(bytes.length);
    new Uint8Array((memory ?? ex!.memory!).buffer, ptr, bytes.length).set(bytes);
    give(ptr, bytes.length);
  };

  const line = (text: string) => {
    if (ex === null || !alive) return;
    const e = ex;
    hand((p, l) => (alive = e.shishi_line(p, l) !== 0), encoder.encode(text));
    drain();
    if (!alive) {
      post({ type: "quit" });
      close();
      return;
    }
    fetchWanted();
    if (!polling) tick();
  };

  /** Fetches the network file the engine asks for, if any, and hands it over; the engine
   * then handles the lines it held for it, which may start a search (polled here) or ask
   * for the other game's file. */
  const fetchWanted = () => {
    const n = ex?.shishi_network_wanted() ?? 0;
    if (ex === null || n === 0) return;
    const e = ex;
    const at = e.shishi_network_name();
    const name = decoder.decode(new Uint8Array((memory ?? e.memory!).buffer, at, n).slice());
    fetching = true;
    readBytes(new URL(name, networkBase))
      .then(
        (bytes) => hand((p, l) => e.shishi_network(p, l), bytes),
        (why) => {
          const reason = why instanceof Error ? why.message : String(why);
          hand((p, l) => e.shishi_network_failed(p, l), encoder.encode(reason));
        },
      )
      .finally(() => {
        fetching = false;
        drain();
        fetchWanted();
        if (!polling) tick();
        flush();
      });
  };

  // Lines wait while a network file is fetched, and while a thread that was asked for has not
  // begun: a line may block until a thread ends (`stop` waits for the search thread), and a
  // thread whose Worker is still starting would never begin while this worker's event loop
  // is blocked. (A `go` at once followed by `stop` after the engine started hung every time
  // in Chromium.)
  const flush = () => {
    while (
      ex !== null &&
      alive &&
      !fetching &&
      waiting.length > 0 &&
      (threads?.unstarted ?? 0) === 0
    ) {
      line(waiting.shift()!);
    }
  };

  const start = async (m: Extract<ToEngine, { type: "start" }>) => {
    memory = m.shared ? sharedMemory() : undefined;
    networkBase = m.networkBase;
    threads = memory === undefined ? null : new ThreadWorkers(m.module, memory, flush);
    ex = await instantiate(m.module, memory, {
      flushOutput: drain,
      spawnThread: (start) => threads?.start(start) ?? 1,
    });
    const tlsSize = Number(ex.__tls_size?.value ?? 0);
    const tlsAlign = Number(ex.__tls_align?.value ?? 1);
    ex.shishi_start(m.parallelism, tlsSize, tlsAlign);
    threads?.prestart(m.workersAhead);
    post({ type: "ready" });
    flush();
  };

  parent.listen((m: ToEngine) => {
    if (m.type === "start") {
      start(m).catch((e) => post({ type: "error", message: String(e) }));
    } else {
      waiting.push(m.text);
      flush();
    }
  });
}
