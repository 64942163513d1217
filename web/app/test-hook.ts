// A hook for the browser tests, on `window.shishiTest` when the page's address has `?test`
// (web/test/move-paths.test.mjs): moves entered on the board (pointer events through the
// board, the move entry and the promotion choice, as a player's) are collected instead of
// played, without redrawing the board between them, so that thousands of paths are entered
// in one page call; the rules engine answers the SFEN after each collected move. Nothing here
// decides a rule or enters a move itself. It also lists the sounds the page made and the
// pieces' slides, can hold the engine's move until a test has entered its premoves, counts
// the searching engine's `go` commands and `bestmove` answers (a search left running shows as
// a `go` without its answer), and gives the rules engine's legal moves of a position (the
// editor test compares them with the native binary's).

import { animationLog } from "./animation.js";
import type { App } from "./app.js";
import type { RulesClient } from "./rules-client.js";
import type { Searcher } from "./searcher.js";

export interface TestHook {
  /** On: committed moves are collected, not played, and the board is not redrawn. */
  capture(on: boolean): void;
  /** The moves committed since the last call. */
  take(): string[];
  /** The rules engine's SFEN after each move played alone from `sfen`. */
  sfensAfter(sfen: string, moves: string[]): Promise<(string | null)[]>;
  /** The rules engine's legal moves in `sfen`. */
  legalMoves(sfen: string): Promise<string[]>;
  /** The sounds made since the page loaded (`move`, `capture` or `low-time`). */
  sounds: string[];
  /** The pieces' slides started since the page loaded (`from-to`, animation.ts). */
  slides: string[];
  /** On: the engine's next moves wait (the search has ended) until it is turned off. */
  holdEngine(on: boolean): void;
  /** The `go` commands sent to the searching engine and its `bestmove` answers so far. */
  searches: { go: number; bestmove: number };
}

export function installTestHook(app: App, rules: RulesClient, searcher: Searcher): void {
  if (!new URLSearchParams(location.search).has("test")) return;
  let committed: string[] = [];
  let release: (() => void) | null = null;
  const hook: TestHook = {
    capture(on) {
      app.divertMove = on ? (m) => void committed.push(m) : null;
      app.renderPaused = on;
      if (!on) app.render();
    },
    take() {
      const out = committed;
      committed = [];
      return out;
    },
    sfensAfter: (sfen, moves) => rules.sfensAfter(sfen, moves),
    legalMoves: async (sfen) => (await rules.position(sfen, [])).legal,
    sounds: [],
    slides: [],
    searches: { go: 0, bestmove: 0 },
    holdEngine(on) {
      release?.();
      release = null;
      if (!on) return void (app.engineGate = null);
      const held = new Promise<void>((r) => (release = r));
      app.engineGate = () => held;
    },
  };
  app.sound.onPlay = (kind) => hook.sounds.push(kind);
  animationLog.onSlide = (from, to) => hook.slides.push(`${from}-${to}`);
  const engine = searcher.engine;
  const send = engine.send.bind(engine);
  engine.send = (...lines) => {
    hook.searches.go += lines.filter((l) => l.startsWith("go")).length;
    send(...lines);
  };
  engine.onLine((l) => void (l.startsWith("bestmove") && hook.searches.bestmove++));
  (window as unknown as { shishiTest: TestHook }).shishiTest = hook;
}
