// The WebAssembly module's side of the conversation: its exports, the imports it needs
// (clock, output notification, thread starts) and its memory (wasm/src/, wasm/build.rs).

import type { ThreadStart } from "./thread-workers.js";

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
  /** The network file the engine wants (length of its name; 0: none), and where the name is. */
  shishi_network_wanted(): number;
  shishi_network_name(): number;
  /** The wanted file's bytes, or why it could not be fetched (buffers from `shishi_alloc`). */
  shishi_network(ptr: number, len: number): void;
  shishi_network_failed(ptr: number, len: number): void;
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

/** What the module calls on its host besides the clock. */
export interface HostCalls {
  /** The output queue has new bytes (single-threaded build). */
  flushOutput(): void;
  /** Starts a thread (multi-threaded build): 0, or non-zero if none could start. */
  spawnThread(start: ThreadStart): number;
}

/** Instantiates the module (on `memory` in the multi-threaded build). */
export async function instantiate(
  module: WebAssembly.Module,
  memory: WebAssembly.Memory | undefined,
  host: HostCalls,
): Promise<Exports> {
  const shishi = {
    // One origin for every worker: each has its own performance.now() origin.
    now_ms: () => performance.timeOrigin + performance.now(),
    flush_output: () => host.flushOutput(),
    spawn_thread: (work: number, stackTop: number, tls: number): number =>
      memory === undefined ? 1 : host.spawnThread({ work, stackTop, tls }),
  };
  const imports: WebAssembly.Imports =
    memory === undefined ? { shishi } : { shishi, env: { memory } };
  const instance = await WebAssembly.instantiate(module, imports);
  return instance.exports as unknown as Exports;
}
