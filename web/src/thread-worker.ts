// A thread worker of the multi-threaded build: the module on the shared memory, then one
// thread after another, each with the stack and thread-local block its spawner allocated.
// It reports itself idle (free for the next thread) once loaded and after each thread, unless
// a thread is already waiting for it.

import type { Channel } from "./env.js";
import { instantiate, type Exports, type FromThread, type ToThread } from "./wasm.js";

export function runThreadWorker(parent: Channel): void {
  let loaded: Promise<Exports> | null = null;
  let waiting = 0;
  const idle = () => {
    if (waiting === 0) parent.post({ type: "idle" } satisfies FromThread);
  };
  parent.listen((m: ToThread) => {
    if (m.type === "load") {
      loaded = instantiate(m.module, m.memory, () => {});
      void loaded.then(idle);
      return;
    }
    waiting++;
    void loaded?.then((ex) => {
      // Before any Rust code runs: its own stack, then its own thread-locals.
      ex.__stack_pointer!.value = m.stackTop;
      ex.__wasm_init_tls!(m.tls);
      ex.shishi_thread_main!(m.work);
      waiting--;
      idle();
    });
  });
}
