// The factory the page calls: picks the flavour, loads the module, starts the engine worker
// and gives back the object lishogi's engine interface expects.

import { EngineChannel } from "./engine-channel.js";
import { compile, hardwareConcurrency, prepare, scriptUrl, sharedMemoryAvailable } from "./env.js";
import { SingleThreadHost } from "./single-thread.js";

/** Options of [`Shishi`]. */
export interface ShishiOptions {
  /** Where `shishi-mt.wasm`, `shishi-st.wasm` and the two network files (each fetched
   * before its game's first search) are (a folder URL, ending in `/`); by default, next to
   * this script. */
  wasmBase?: string | URL;
  /** `false`: the single-threaded flavour even where shared memory is available. */
  threads?: boolean;
  /** Thread Workers started ahead of the first search in the multi-threaded flavour (default
   * 2); 0 for an engine that never searches (the web board's rules engine). */
  workersAhead?: number;
}

/** One engine: USI (or UCI, XBoard) lines in, output lines out. */
export interface ShishiEngine {
  /** Sends one command line (text with several lines: each is a command). */
  postMessage(line: string): void;
  /** `listener` gets every output line, without its line end. */
  addMessageListener(listener: (line: string) => void): void;
  removeMessageListener(listener: (line: string) => void): void;
  /** Ends the engine and all its workers at once. */
  terminate(): void;
}

/** Starts an engine in a worker; resolves once it takes commands. */
export async function Shishi(options: ShishiOptions = {}): Promise<ShishiEngine> {
  await prepare();
  const shared = options.threads !== false && sharedMemoryAvailable();
  const base = new URL(options.wasmBase ?? ".", scriptUrl);
  const module = await compile(new URL(shared ? "shishi-mt.wasm" : "shishi-st.wasm", base));
  const cores = shared ? await hardwareConcurrency() : 1;
  const flavour = shared
    ? `multi-threaded (shared memory), Threads up to ${cores}`
    : "single-threaded (no shared memory: the page is not cross-origin isolated)";

  const listeners = new Set<(line: string) => void>();
  const emit = (line: string) => {
    // The flavour, where a GUI shows the engine's own words, before the handshake ends.
    if (line === "usiok" || line === "uciok") {
      for (const l of listeners) l(`info string Shishi WebAssembly, ${flavour}`);
    }
    for (const l of listeners) l(line);
  };

  let send: (line: string) => void;
  let terminate: () => void;
  if (shared) {
    const engine = await EngineChannel.start(
      module,
      true,
      cores,
      options.workersAhead ?? 2,
      base.href,
      (lines) => lines.forEach(emit),
    );
    send = (line) => engine.send(line);
    terminate = () => engine.terminate();
  } else {
    const host = await SingleThreadHost.start(module, base.href, emit);
    send = (line) => host.send(line);
    terminate = () => host.terminate();
  }
  let ended = false;
  return {
    postMessage(text: string) {
      if (ended) return;
      for (const line of String(text).split(/\r?\n/)) {
        if (line.trim() === "") continue;
        send(line);
        if (/^\s*quit\b/.test(line)) {
          ended = true;
          // Let the engine answer what it was asked before the worker goes.
          setTimeout(terminate, 100);
          return;
        }
      }
    },
    addMessageListener(listener) {
      listeners.add(listener);
    },
    removeMessageListener(listener) {
      listeners.delete(listener);
    },
    terminate() {
      ended = true;
      terminate();
    },
  };
}
