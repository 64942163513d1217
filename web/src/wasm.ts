// The WebAssembly module's side of the conversation: its exports, the imports it needs
// (clock, output notification, thread starts) and its memory (wasm/src/, wasm/build.rs).

import { startWorker, type Channel } from "./env.js";

const PAGE = 65536;
/** The shared memory of the multi-threaded build: the figures wasm/build.rs links with. */
const INITIAL_PAGES = (32 << 20) / PAGE;
const MAX_PAGES = (2 * 1024 * 1024 * 1024) / PAGE;

/** What the module exports (wasm/src/). */
export interface Exports {
  memory?: WebAssembly.Memory;
  shishi_start(parallelism: number, tlsSize: number, tlsAlign: number): void;
  shishi_alloc(len: number): number;
  shishi_line(ptr: number, len: number): number;
  shishi_poll(): number;
  shishi_output_take(): number;
  shishi_output_ptr(): number;
  // Multi-threaded build only.
  shishi_thread_main?(work: number): void;
  __wasm_init_tls?(tls: number): void;
  __stack_pointer?: WebAssembly.Global;
  __tls_size?: WebAssembly.Global;
  __tls_align?: WebAssembly.Global;
}

/** A new shared memory for the multi-threaded build. */
export function sharedMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({
    initial: INITIAL_PAGES,
    maximum: MAX_PAGES,
    shared: true,
  });
}

/** Parent → thread worker: load the module on the memory (once), then run threads. */
export type ToThread =
  | { type: "load"; module: WebAssembly.Module; memory: WebAssembly.Memory }
  | { type: "run"; work: number; stackTop: number; tls: number };

/** Thread worker → parent: its thread has ended and it can run another. */
export type FromThread = { type: "idle" };

/** Thread workers whose thread has ended, for the next thread start (Worker start-up and
 * instantiation take a few hundred milliseconds, and every `go` starts a search thread). */
const idle: Channel[] = [];

function newThreadWorker(module: WebAssembly.Module, memory: WebAssembly.Memory): Channel {
  const thread = startWorker("thread");
  thread.onError((e) => console.error(`shishi: thread worker failed: ${e}`));
  thread.listen((m: FromThread) => {
    if (m.type === "idle") idle.push(thread);
  });
  const load: ToThread = { type: "load", module, memory };
  thread.post(load);
  return thread;
}

/** Starts `count` thread workers ahead of need, so that the first searches do not wait. */
export function prestartThreads(
  module: WebAssembly.Module,
  memory: WebAssembly.Memory,
  count: number,
): void {
  for (let i = 0; i < count; i++) newThreadWorker(module, memory);
}

/** Instantiates the module (on `memory` in the multi-threaded build). */
export async function instantiate(
  module: WebAssembly.Module,
  memory: WebAssembly.Memory | undefined,
  flushOutput: () => void,
): Promise<Exports> {
  const shishi = {
    // One origin for every worker: each has its own performance.now() origin.
    now_ms: () => performance.timeOrigin + performance.now(),
    flush_output: flushOutput,
    spawn_thread: (work: number, stackTop: number, tls: number): number => {
      if (memory === undefined) {
        return 1;
      }
      try {
        const thread = idle.pop() ?? newThreadWorker(module, memory);
        const run: ToThread = {
          type: "run",
          work: work >>> 0,
          stackTop: stackTop >>> 0,
          tls: tls >>> 0,
        };
        thread.post(run);
        return 0;
      } catch (e) {
        console.error(`shishi: cannot start a thread worker: ${String(e)}`);
        return 1;
      }
    },
  };
  const imports: WebAssembly.Imports =
    memory === undefined ? { shishi } : { shishi, env: { memory } };
  const instance = await WebAssembly.instantiate(module, imports);
  return instance.exports as unknown as Exports;
}
