// A thin request/answer layer over one Shishi engine (web/dist/shishi.js): USI is a stream of
// lines, so a question is "send these commands, then collect lines until one starts with this
// prefix". Questions are queued so that two of them never read each other's answers.

import type { ShishiEngine, ShishiOptions } from "../src/host.js";

/** The factory exported by web/dist/shishi.js. */
export type ShishiFactory = (options?: ShishiOptions) => Promise<ShishiEngine>;

type Waiter = { prefix: string; lines: string[]; done: (lines: string[]) => void };

export class EngineClient {
  private waiter: Waiter | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private listeners = new Set<(line: string) => void>();

  constructor(readonly engine: ShishiEngine) {
    engine.addMessageListener((line) => this.receive(line));
  }

  /** Every output line, for the analysis and play controllers. */
  onLine(listener: (line: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends commands without waiting for anything. */
  send(...lines: string[]): void {
    for (const l of lines) this.engine.postMessage(l);
  }

  /** Sends `lines` and resolves with every line up to and including the first that starts
   * with `prefix` (queued behind earlier questions). */
  ask(lines: string[], prefix: string): Promise<string[]> {
    const run = () =>
      new Promise<string[]>((done) => {
        this.waiter = { prefix, lines: [], done };
        this.send(...lines);
      });
    const result = this.queue.then(run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private receive(line: string): void {
    const w = this.waiter;
    if (w) {
      w.lines.push(line);
      if (line.startsWith(w.prefix)) {
        this.waiter = null;
        w.done(w.lines);
      }
    }
    for (const l of this.listeners) l(line);
  }
}

/** Starts an engine and completes the USI handshake. */
export async function startEngine(
  factory: ShishiFactory,
  options: ShishiOptions = {},
): Promise<EngineClient> {
  const client = new EngineClient(await factory(options));
  await client.ask(["usi"], "usiok");
  return client;
}
