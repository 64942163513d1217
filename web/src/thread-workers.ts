// The thread workers of the multi-threaded build, owned by the engine worker. Every thread
// start goes through this one list, also those a thread asks for (a search thread building
// its helpers' pool, a perft count its own): a thread worker forwards them here instead of
// starting Workers of its own, which a worker blocked in a search could not get going.
//
// Which workers are free is counted here, from the messages they send, and never taken on
// their word: a worker counts as busy from the moment it is created (it loads) and for every
// run posted to it, and each `free` message ends one of those, in whatever order they arrive.
// (A worker that said "free" after loading while a run was already on its way to it was once
// handed a second run behind a thread that never ends: the `go` that needed it hung.)

import { startWorker, type Channel } from "./env.js";

/** Parent → thread worker: load the module on the memory (once), then run threads. */
export type ToThread =
  | { type: "load"; module: WebAssembly.Module; memory: WebAssembly.Memory }
  | { type: "run"; work: number; stackTop: number; tls: number };

/** A thread's start: the work pointer, its stack top and thread-local block (wasm/src/threads.rs). */
export type ThreadStart = { work: number; stackTop: number; tls: number };

/** Thread worker → parent: a run has begun; a load or a run has ended; or its thread asks
 * for a new thread. */
export type FromThread = { type: "running" } | { type: "free" } | ({ type: "spawn" } & ThreadStart);

interface ThreadWorker {
  channel: Channel;
  /** The load and the runs posted to it that have not ended. */
  pending: number;
}

export class ThreadWorkers {
  private readonly idle: ThreadWorker[] = [];
  /** Runs posted whose thread has not begun. While there are any, the engine worker must not
   * block (a `stop` waits for the search thread to end): a browser starts a worker's nested
   * Worker, and so its thread, only while the worker's own event loop runs. */
  unstarted = 0;

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly memory: WebAssembly.Memory,
    /** Called whenever the last posted run has begun. */
    private readonly onAllStarted: () => void = () => {},
  ) {}

  /** Starts `count` workers ahead of need (start-up and instantiation take a few hundred
   * milliseconds, and every `go` starts a search thread). */
  prestart(count: number): void {
    for (let i = 0; i < count; i++) this.create();
  }

  /** Runs a thread on a free worker (a new one if none is); 0, or 1 if no worker could be
   * started (the module then takes the thread's memory back). */
  start(start: ThreadStart): number {
    try {
      const worker = this.idle.pop() ?? this.create();
      worker.pending++;
      this.unstarted++;
      const run: ToThread = {
        type: "run",
        work: start.work >>> 0,
        stackTop: start.stackTop >>> 0,
        tls: start.tls >>> 0,
      };
      worker.channel.post(run);
      return 0;
    } catch (e) {
      console.error(`shishi: cannot start a thread worker: ${String(e)}`);
      return 1;
    }
  }

  private create(): ThreadWorker {
    const worker: ThreadWorker = { channel: startWorker("thread"), pending: 1 };
    worker.channel.onError((e) => console.error(`shishi: thread worker failed: ${e}`));
    worker.channel.listen((m: FromThread) => {
      if (m.type === "running") {
        this.unstarted--;
        if (this.unstarted === 0) this.onAllStarted();
      } else if (m.type === "free") {
        worker.pending--;
        if (worker.pending === 0) this.idle.push(worker);
      } else if (this.start(m) !== 0) {
        // The asking thread has gone on believing its thread started; nothing can give the
        // work back to it now (this needs a failing Worker constructor, a browser's limit).
        console.error("shishi: a thread asked for by a thread could not start");
      }
    });
    const load: ToThread = { type: "load", module: this.module, memory: this.memory };
    worker.channel.post(load);
    return worker;
  }
}
