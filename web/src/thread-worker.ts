// A thread worker of the multi-threaded build: the module on the shared memory, then one
// thread after another, each with the stack and thread-local block its spawner allocated.
// It says `free` once loaded and after each thread; the engine worker counts those
// (thread-workers.ts). Threads its threads start are asked of the engine worker.

import type { Channel } from "./env.js";
import type { FromThread, ToThread } from "./thread-workers.js";
import { instantiate, type Exports } from "./wasm.js";

export function runThreadWorker(parent: Channel): void {
  let loaded: Promise<Exports> | null = null;
  const free = () => parent.post({ type: "free" } satisfies FromThread);
  parent.listen((m: ToThread) => {
    if (m.type === "load") {
      loaded = instantiate(m.module, m.memory, {
        flushOutput: () => {},
        spawnThread: (start) => {
          parent.post({ type: "spawn", ...start } satisfies FromThread);
          return 0;
        },
      });
      void loaded.then(free);
      return;
    }
    void loaded?.then((ex) => {
      parent.post({ type: "running" } satisfies FromThread);
      // Before any Rust code runs: its own stack, then its own thread-locals.
      ex.__stack_pointer!.value = m.stackTop;
      ex.__wasm_init_tls!(m.tls);
      ex.shishi_thread_main!(m.work);
      free();
    });
  });
}
