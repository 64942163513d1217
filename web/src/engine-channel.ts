// The page-side end of one engine worker: started, handed the module, then lines in and out.

import { startWorker } from "./env.js";
import type { FromEngine, ToEngine } from "./engine-worker.js";

export class EngineChannel {
  private readonly worker = startWorker("engine");
  private stopped = false;

  private constructor(onLines: (lines: string[]) => void) {
    this.worker.listen((m: FromEngine) => {
      if (this.stopped) return;
      if (m.type === "lines") onLines(m.lines);
      else if (m.type === "error") onLines([`info string error: ${m.message}`]);
    });
    this.worker.onError((e) => {
      if (!this.stopped) onLines([`info string error: engine worker: ${e}`]);
    });
  }

  /** A ready engine worker running `module`, which fetches the network files from
   * `networkBase`; output lines go to `onLines`. */
  static start(
    module: WebAssembly.Module,
    shared: boolean,
    parallelism: number,
    workersAhead: number,
    networkBase: string,
    onLines: (lines: string[]) => void,
  ): Promise<EngineChannel> {
    const channel = new EngineChannel(onLines);
    return new Promise((resolve, reject) => {
      channel.worker.listen((m: FromEngine) => {
        if (m.type === "ready") resolve(channel);
        else if (m.type === "error") reject(new Error(m.message));
      });
      channel.worker.onError((e) => reject(new Error(e)));
      const start: ToEngine = {
        type: "start",
        module,
        shared,
        parallelism,
        workersAhead,
        networkBase,
      };
      channel.worker.post(start);
    });
  }

  send(text: string): void {
    const m: ToEngine = { type: "line", text };
    this.worker.post(m);
  }

  /** Ends the worker at once (and every thread it started); nothing it sent is delivered
   * after this. */
  terminate(): void {
    this.stopped = true;
    this.worker.terminate();
  }
}
