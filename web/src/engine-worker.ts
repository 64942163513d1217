// The engine worker: the module's protocol loop, one input line per message, its output
// lines posted back in order. While a search runs (multi-threaded build) it polls the engine
// on a short timer, which delivers `bestmove` and drains the info lines the search thread
// wrote. In the single-threaded build a search runs inside the `go` line's call; its output
// is posted as it is written (the module calls `flush_output`).

import type { Channel } from "./env.js";
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

  const line = (text: string) => {
    if (ex === null || !alive) return;
    const bytes = encoder.encode(text);
    const ptr = ex.shishi_alloc(bytes.length);
    new Uint8Array((memory ?? ex.memory!).buffer, ptr, bytes.length).set(bytes);
    alive = ex.shishi_line(ptr, bytes.length) !== 0;
    drain();
    if (!alive) {
      post({ type: "quit" });
      close();
      return;
    }
    if (!polling) tick();
  };

  // Lines wait while a thread that was asked for has not begun: a line may block until a
  // thread ends (`stop` waits for the search thread), and a thread whose Worker is still
  // starting would never begin while this worker's event loop is blocked. (A `go` at once
  // followed by `stop` after the engine started hung every time in Chromium.)
  const flush = () => {
    while (ex !== null && alive && waiting.length > 0 && (threads?.unstarted ?? 0) === 0) {
      line(waiting.shift()!);
    }
  };

  const start = async (m: Extract<ToEngine, { type: "start" }>) => {
    memory = m.shared ? sharedMemory() : undefined;
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
