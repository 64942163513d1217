// Game review: every position of the shown line searched in turn by the page's engine, and a
// verdict on every move played, as `shishi analyse` gives them (docs/analysis.md): the same
// model and thresholds, the same search (one thread, a fixed depth, an empty table at the
// start, the positions in game order), so the page's review of a game is the command's.

import type { GameKind, PositionInfo } from "./rules-client.js";
import type { Searcher } from "./searcher.js";
import type { GameTree, TreeNode } from "./game-tree.js";

/** `shishi analyse`'s model, in one place: src/analysis/model.rs (`SCALE_CP`, `INACCURACY`,
 * `MISTAKE`, `BLUNDER`) and docs/analysis.md ("Expected score: the model", "Verdict
 * thresholds"). Centipawns become Black's expected score by `1 / (1 + 10^(-cp / scaleCp))`;
 * a move's verdict is the least threshold the mover's drop in expected score reaches. */
export const MODEL = {
  scaleCp: 2000,
  thresholds: [
    ["blunder", 0.15],
    ["mistake", 0.1],
    ["inaccuracy", 0.05],
  ],
} as const;

export type Verdict = (typeof MODEL.thresholds)[number][0];

/** A position's evaluation from Black's side: centipawns, a forced win in `mate` moves
 * (positive for Black), or the result of a finished game. */
export type Evaluation =
  { cp: number } | { mate: number } | { result: "black" | "white" | "draw"; reason: string };

/** Black's expected score: 1 = Black wins, ½ = level or a draw, 0 = White wins. */
export function expectedBlack(e: Evaluation): number {
  if ("cp" in e) return 1 / (1 + Math.pow(10, -e.cp / MODEL.scaleCp));
  if ("mate" in e) return e.mate > 0 ? 1 : 0;
  return { black: 1, white: 0, draw: 0.5 }[e.result];
}

/** The verdict on a drop in the mover's expected score; null below the inaccuracy's. */
export function verdictOf(drop: number): Verdict | null {
  return MODEL.thresholds.find(([, least]) => drop >= least)?.[0] ?? null;
}

/** What the engine made of one position of the line. */
export interface ReviewedPosition {
  side: "b" | "w";
  eval: Evaluation;
  /** The engine's move; null in a finished game. */
  best: string | null;
  depth: number;
}

/** A move of the line and its verdict. */
export interface ReviewedMove {
  /** The node the move leads to. */
  node: TreeNode;
  ply: number;
  side: "b" | "w";
  /** The mover's expected score before the move (with the engine's best) minus after it. */
  drop: number;
  /** Null below the inaccuracy's threshold, and whenever the move is the engine's. */
  verdict: Verdict | null;
}

/** The game to review: its kind, its tree and the rules engine's answer for a node. */
export interface ReviewGame {
  kind: GameKind;
  tree: GameTree;
  position: (node: TreeNode) => Promise<PositionInfo>;
}

/** The line through the tree's current node: from the root, on to the end of its main
 * continuation. */
export function lineThrough(tree: GameTree): TreeNode[] {
  const line: TreeNode[] = [];
  for (let n: TreeNode | null = tree.current; n; n = n.parent) line.unshift(n);
  for (let n = tree.current.children[0]; n; n = n.children[0]) line.push(n);
  return line;
}

/** The search options of a review: full strength, one line, one thread (the command's
 * default: a fixed depth then gives the same analysis on every run). */
const OPTIONS = { USI_AnalyseMode: "true", Skill_Level: "20", MultiPV: "1", Threads: "1" };

export class Review {
  /** The reviewed line, root first; empty before a review. */
  line: TreeNode[] = [];
  /** Per position of `line`, once searched. */
  positions: (ReviewedPosition | undefined)[] = [];
  private tree: GameTree | null = null;
  private done: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly searcher: Searcher) {}

  get running(): boolean {
    return this.done !== null;
  }

  /** Whether this review belongs to `tree`. */
  of(tree: GameTree): boolean {
    return this.tree === tree;
  }

  /** Reviews the line through the current node, searching each position to `depth`;
   * `progress(searched, total)` after each. Ends when every position is searched, when
   * `stop` is called, or when another search takes the engine. */
  start(game: ReviewGame, depth: number, progress: (done: number, total: number) => void) {
    this.tree = game.tree;
    this.line = lineThrough(game.tree);
    this.positions = [];
    this.stopping = false;
    this.done = this.run(game, `go depth ${depth}`, progress).finally(() => (this.done = null));
    return this.done;
  }

  private async run(game: ReviewGame, go: string, progress: (d: number, t: number) => void) {
    const total = this.line.length;
    progress(0, total);
    // An empty table, as `shishi analyse` starts with: what the live analysis learnt does
    // not change the review.
    this.searcher.forget();
    for (const [i, node] of this.line.entries()) {
      const info = await game.position(node);
      if (this.stopping) return;
      if (info.result !== "none") {
        const result = { result: info.result, reason: info.reason };
        this.positions[i] = { side: info.side, eval: result, best: null, depth: 0 };
      } else {
        const moves = game.tree.moves(node);
        const r = await this.searcher.searchToEnd(
          game.kind,
          game.tree.startSfen,
          moves,
          go,
          OPTIONS,
        );
        if (!r || this.stopping) return;
        const best = r.bestmove.split(" ")[1] ?? null;
        const l = r.last;
        if (l) {
          const sign = info.side === "b" ? 1 : -1;
          const e = l.mate !== null ? { mate: sign * l.mate } : { cp: sign * (l.cp ?? 0) };
          this.positions[i] = { side: info.side, eval: e, best, depth: l.depth };
        }
      }
      progress(i + 1, total);
    }
  }

  /** Stops a running review (what it searched stays) and waits until the engine is free. */
  async stop(): Promise<void> {
    const done = this.done;
    if (!done) return;
    this.stopping = true;
    await this.searcher.stop();
    await done;
  }

  /** Stops and forgets the review. */
  async clear(): Promise<void> {
    await this.stop();
    this.tree = null;
    this.line = [];
    this.positions = [];
  }

  /** The moves of the line whose positions before and after are both searched. */
  moves(): ReviewedMove[] {
    const out: ReviewedMove[] = [];
    for (let i = 0; i + 1 < this.line.length; i++) {
      const [before, after] = [this.positions[i], this.positions[i + 1]];
      if (!before || !after) continue;
      const node = this.line[i + 1];
      const mover = (e: Evaluation) =>
        before.side === "b" ? expectedBlack(e) : 1 - expectedBlack(e);
      const drop = mover(before.eval) - mover(after.eval);
      const verdict = before.best === node.move ? null : verdictOf(drop);
      out.push({ node, ply: i + 1, side: before.side, drop, verdict });
    }
    return out;
  }
}
