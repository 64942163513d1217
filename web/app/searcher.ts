// The searching engine: one search at a time, each `go` answered by exactly one `bestmove`
// (docs/protocol.md), so a new search first stops the running one and waits for its answer.
// Info lines are parsed for the analysis panel.

import { EngineClient } from "./engine-client.js";
import type { GameKind } from "./rules-client.js";

/** One principal variation as the engine reports it. */
export interface EngineLine {
  multipv: number;
  depth: number;
  seldepth: number;
  /** Centipawns from the side to move's view, or null for a mate score. */
  cp: number | null;
  /** Moves to mate (negative: being mated), or null. */
  mate: number | null;
  nodes: number;
  nps: number;
  pv: string[];
}

/** Parses an `info … pv …` line; null for other lines. */
export function parseInfo(line: string): EngineLine | null {
  if (!line.startsWith("info ") || !line.includes(" pv ")) return null;
  const words = line.split(" ");
  const num = (key: string) => {
    const i = words.indexOf(key);
    return i >= 0 ? Number(words[i + 1]) : NaN;
  };
  const score = words.indexOf("score");
  const pvAt = words.indexOf("pv");
  return {
    multipv: Number.isNaN(num("multipv")) ? 1 : num("multipv"),
    depth: num("depth"),
    seldepth: num("seldepth"),
    cp: words[score + 1] === "cp" ? Number(words[score + 2]) : null,
    mate: words[score + 1] === "mate" ? Number(words[score + 2]) : null,
    nodes: num("nodes"),
    nps: num("nps"),
    pv: words.slice(pvAt + 1),
  };
}

export class Searcher {
  private running: Promise<string> | null = null;
  private kind: GameKind | null = null;
  private options = new Map<string, string>();
  /** Whether info lines belong to the search the page asked for last (between its `go` and
   * its `bestmove`); lines of a search being stopped are not passed on. */
  private live = false;
  private infoListeners = new Set<(line: EngineLine) => void>();
  /** Counts search requests: a request overtaken by a newer one while it waited for the
   * running search to stop is dropped, so two positions never share one search's lines. */
  private requests = 0;
  /** Takes the info lines instead of the listeners while `searchToEnd` runs. */
  private collector: ((line: EngineLine) => void) | null = null;
  /** The answer of a search that `stop` cut short. */
  private stopped: Promise<string> | null = null;
  /** Largest `Threads` the engine offers (from its `usi` answer). */
  maxThreads = 1;

  constructor(readonly engine: EngineClient) {
    engine.onLine((line) => {
      if (!this.live) return;
      const info = parseInfo(line);
      if (!info) return;
      if (this.collector) this.collector(info);
      else for (const l of this.infoListeners) l(info);
    });
  }

  /** `listener` gets the parsed `info … pv` lines of the current search. */
  onInfo(listener: (line: EngineLine) => void): void {
    this.infoListeners.add(listener);
  }

  /** Reads the engine's limits once after the handshake. */
  async init(): Promise<void> {
    const lines = await this.engine.ask(["usi"], "usiok");
    const threads = lines.find((l) => l.startsWith("option name Threads "));
    const max = threads ? /max (\d+)/.exec(threads) : null;
    this.maxThreads = max ? Number(max[1]) : 1;
  }

  /** Sets an option if it changed (a search must not be running). */
  private option(name: string, value: string): void {
    if (this.options.get(name) === value) return;
    this.options.set(name, value);
    this.engine.send(`setoption name ${name} value ${value}`);
  }

  /** Stops the running search, if any, and waits for its `bestmove`; a request still
   * waiting for an earlier search to stop is dropped too. */
  async stop(): Promise<void> {
    this.requests++;
    this.live = false;
    await this.halt();
  }

  /** Stops the running search, if any, and waits for its `bestmove`. */
  private async halt(): Promise<void> {
    const r = this.running;
    if (!r) return;
    this.stopped = r;
    this.engine.send("stop");
    await r;
  }

  /** Makes the next search start a new game (`usinewgame`: an empty table), as a fresh
   * engine would search it. */
  forget(): void {
    this.kind = null;
  }

  /** Searches a position to the limit of `go` (depth or nodes), its info lines kept from the
   * listeners: resolves with the `bestmove` line and the last line of the principal
   * variation, or null when a newer request or `stop` cut the search short. */
  async searchToEnd(
    kind: GameKind,
    sfen: string | null,
    moves: string[],
    go: string,
    options: Record<string, string>,
  ): Promise<{ bestmove: string; last: EngineLine | null } | null> {
    let last: EngineLine | null = null;
    const r = await this.run(kind, sfen, moves, go, options, (l) => {
      if (l.multipv === 1) last = l;
    });
    return r && !r.stopped ? { bestmove: r.line, last } : null;
  }

  /** Searches a position; resolves with the `bestmove` line, or null when a newer request
   * took its place before it started. */
  async search(
    kind: GameKind,
    sfen: string | null,
    moves: string[],
    go: string,
    options: Record<string, string>,
  ): Promise<string | null> {
    return (await this.run(kind, sfen, moves, go, options, null))?.line ?? null;
  }

  /** `search`, with the info lines to `collect` (null: to the listeners), and whether `stop`
   * cut it short. */
  private async run(
    kind: GameKind,
    sfen: string | null,
    moves: string[],
    go: string,
    options: Record<string, string>,
    collect: ((line: EngineLine) => void) | null,
  ): Promise<{ line: string; stopped: boolean } | null> {
    const id = ++this.requests;
    this.live = false;
    await this.halt();
    if (id !== this.requests) return null;
    if (!this.kind || this.kind.variant !== kind.variant || this.kind.rules !== kind.rules) {
      this.engine.send(
        `setoption name USI_Variant value ${kind.variant}`,
        `setoption name Rules value ${kind.rules}`,
        "usinewgame",
      );
      this.kind = kind;
    }
    for (const [k, v] of Object.entries(options)) this.option(k, v);
    this.engine.send(
      (sfen ? `position sfen ${sfen}` : "position startpos") +
        (moves.length ? ` moves ${moves.join(" ")}` : ""),
    );
    const answer = new Promise<string>((resolve) => {
      const off = this.engine.onLine((line) => {
        if (line.startsWith("bestmove")) {
          off();
          if (this.running === answer) this.live = false;
          resolve(line);
        }
      });
    });
    this.running = answer;
    this.collector = collect;
    this.live = true;
    this.engine.send(go);
    const line = await answer;
    if (this.running === answer) this.running = null;
    return { line, stopped: this.stopped === answer };
  }
}
