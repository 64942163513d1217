// The single-threaded flavour's host (pages without cross-origin isolation). Without shared
// memory the engine worker cannot read `stop` while a search runs inside its `go` call, so
// this side keeps what the engine needs to be rebuilt (protocol, options, position), and a
// command that must end a search ends the worker instead: the answer is the first move of the
// last principal variation the search reported (or a depth-1 search when it reported none),
// and a fresh worker gets the remembered state replayed silently. The hash table is lost.

import { EngineChannel } from "./engine-channel.js";

/** Commands that end a running search or perft count (docs/protocol.md). */
const STOPPING = new Set([
  "stop",
  "position",
  "go",
  "perft",
  "usinewgame",
  "ucinewgame",
  "setoption",
  "gameover",
  "quit",
]);

export class SingleThreadHost {
  private engine: EngineChannel | null = null;
  private generation = 0;
  /** The command that chose the protocol (`usi`), replayed first. */
  private hello: string | null = null;
  /** The last `setoption` of each option, in the order they were first set. */
  private readonly options = new Map<string, string>();
  private position: string | null = null;
  private searching = false;
  /** A `perft` count runs (inside the worker's call, like a search). */
  private counting = false;
  /** The running search is the depth-1 stand-in of an interrupted one: let it finish. */
  private standIn = false;
  private lastGo = "";
  private lastPv: string[] = [];
  /** Lines waiting for a restarted worker. */
  private readonly queue: string[] = [];
  private restarting = false;

  private constructor(
    private readonly module: WebAssembly.Module,
    private readonly networkBase: string,
    private readonly emit: (line: string) => void,
  ) {}

  static async start(
    module: WebAssembly.Module,
    networkBase: string,
    emit: (line: string) => void,
  ): Promise<SingleThreadHost> {
    const host = new SingleThreadHost(module, networkBase, emit);
    host.engine = await host.spawn((lines) => host.receive(lines));
    return host;
  }

  send(line: string): void {
    if (this.restarting) {
      this.queue.push(line);
      return;
    }
    const word = line.trim().split(/\s+/)[0] ?? "";
    if (this.counting && STOPPING.has(word)) {
      // The count is ended with its worker, as the engine would end it.
      this.counting = false;
      this.emit("info string perft stopped");
      if (word === "quit") {
        this.terminate();
        return;
      }
      this.restart(null);
      if (word !== "stop") this.queue.push(line);
      return;
    }
    if (this.counting && word === "isready") {
      this.emit("readyok");
      return;
    }
    if (this.searching) {
      if (word === "isready") {
        this.emit("readyok");
        return;
      }
      if (word === "ponderhit") {
        // The worker cannot hear it: search afresh with the same limits, no longer pondering.
        this.restart(
          this.lastGo
            .replace(/\bponder\b/, " ")
            .replace(/\s+/g, " ")
            .trim(),
        );
        return;
      }
      if (STOPPING.has(word)) {
        if (word === "quit") {
          this.terminate();
          return;
        }
        // The depth-1 stand-in answers in a moment: the command waits for it.
        if (!this.standIn) this.interrupt();
        if (word !== "stop") this.queue.push(line);
        return;
      }
    }
    this.remember(line, word);
    this.engine?.send(line);
  }

  terminate(): void {
    this.generation++;
    this.engine?.terminate();
    this.engine = null;
    this.queue.length = 0;
    this.restarting = false;
  }

  private remember(line: string, word: string): void {
    if (this.hello === null && (word === "usi" || word === "uci")) {
      this.hello = line;
    } else if (word === "setoption") {
      const name = /\bname\s+(.*?)(\s+value\b|$)/i.exec(line)?.[1]?.toLowerCase() ?? line;
      this.options.delete(name);
      this.options.set(name, line);
    } else if (word === "position") {
      this.position = line;
    } else if (word === "perft") {
      this.counting = true;
    } else if (word === "go") {
      this.searching = true;
      this.lastGo = line;
      this.lastPv = [];
    } else if (word === "quit") {
      this.terminate();
    }
  }

  private receive(lines: string[]): void {
    for (const line of lines) {
      if (line.startsWith("info ")) {
        const pv = / pv (.*)$/.exec(line);
        if (pv?.[1] !== undefined) this.lastPv = pv[1].trim().split(/\s+/);
      } else if (
        this.counting &&
        (/^nodes \d+$/.test(line) || line.startsWith("info string error"))
      ) {
        this.counting = false;
      } else if (line.startsWith("bestmove")) {
        this.searching = false;
        this.standIn = false;
      }
      this.emit(line);
      if (!this.searching && !this.restarting && this.queue.length > 0) {
        for (const waiting of this.queue.splice(0)) this.send(waiting);
      }
    }
  }

  /** Ends the running search by ending its worker, answering from its last PV. */
  private interrupt(): void {
    const [best, ponder] = this.lastPv;
    if (best === undefined) {
      this.restart("go depth 1");
      return;
    }
    this.searching = false;
    this.emit(ponder === undefined ? `bestmove ${best}` : `bestmove ${best} ponder ${ponder}`);
    this.restart(null);
  }

  /** A fresh worker with the remembered state, then `go` (if any) and the queued lines. */
  private restart(go: string | null): void {
    this.engine?.terminate();
    this.engine = null;
    this.restarting = true;
    const generation = ++this.generation;
    let replaying = true;
    const replay = [
      ...(this.hello === null ? [] : [this.hello]),
      ...this.options.values(),
      ...(this.position === null ? [] : [this.position]),
      "isready",
    ];
    void this.spawn((lines) => {
      if (generation !== this.generation) return;
      for (const line of lines) {
        if (replaying) {
          if (line === "readyok") {
            replaying = false;
            this.resume(go);
          }
        } else {
          this.receive([line]);
        }
      }
    }).then((engine) => {
      if (generation !== this.generation) {
        engine.terminate();
        return;
      }
      this.engine = engine;
      for (const line of replay) engine.send(line);
    });
  }

  private resume(go: string | null): void {
    this.restarting = false;
    if (go !== null) {
      this.searching = true;
      this.standIn = go === "go depth 1";
      this.lastPv = [];
      this.engine?.send(go);
    }
    for (const line of this.queue.splice(0)) this.send(line);
  }

  private spawn(onLines: (lines: string[]) => void): Promise<EngineChannel> {
    return EngineChannel.start(this.module, false, 1, 0, this.networkBase, onLines);
  }
}
