// The review's panel (review.ts does the work): the Review and Stop buttons with the depth
// and a progress bar, the evaluation graph over the moves (Black's expected score, so mates
// and results sit on the edges as in `shishi analyse --svg`; a click jumps to that move),
// each side's count of inaccuracies, mistakes and blunders, and their glyphs in the move
// list (?! ? ??, as on lishogi).

import { clearText, type Key, onLanguage, setText, t } from "./i18n.js";
import { type Evaluation, expectedBlack, Review, type ReviewGame, type Verdict } from "./review.js";
import type { Searcher } from "./searcher.js";
import type { TreeNode } from "./game-tree.js";

const SVG = "http://www.w3.org/2000/svg";
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The graph's drawing size (it scales to the panel's width) and its margin. */
const W = 600;
const H = 150;
const PAD = 6;

const GLYPH: Record<Verdict, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const VERDICT: Record<Verdict, Key> = {
  inaccuracy: "verdict.inaccuracy",
  mistake: "verdict.mistake",
  blunder: "verdict.blunder",
};

/** What the review needs of the controller. */
export interface ReviewHost {
  /** The game shown now. */
  game(): ReviewGame;
  /** Shows a node of the game. */
  jump(node: TreeNode): void;
  /** The review ended (done, stopped, or its search taken by another): the engine is free. */
  ended(): void;
}

/** An evaluation as the analysis panel writes it: pawns from Black's side, a mate, a result. */
function evalText(e: Evaluation): string {
  if ("cp" in e) return `${e.cp >= 0 ? "+" : ""}${(e.cp / 100).toFixed(2)}`;
  if ("mate" in e) return `${e.mate > 0 ? "+" : "-"}M${Math.abs(e.mate)}`;
  return { black: "1-0", white: "0-1", draw: "½-½" }[e.result];
}

export class ReviewView {
  private readonly review: Review;
  private readonly graph: SVGSVGElement;
  private current: TreeNode | null = null;

  constructor(
    searcher: Searcher,
    private readonly host: ReviewHost,
  ) {
    this.review = new Review(searcher);
    this.graph = document.createElementNS(SVG, "svg");
    this.graph.id = "review-graph";
    this.graph.setAttribute("viewBox", `0 0 ${W} ${H}`);
    this.graph.setAttribute("role", "img");
    this.graph.addEventListener("click", (e) => this.click(e));
    $("review-graph-wrap").prepend(this.graph);
    $("review-start").addEventListener("click", () => void this.start());
    $("review-stop").addEventListener("click", () => void this.review.stop());
    onLanguage(() => this.draw());
  }

  /** Whether the review has the engine. */
  get running(): boolean {
    return this.review.running;
  }

  /** Stops and forgets the review (another game is shown). */
  async reset(): Promise<void> {
    await this.review.clear();
    this.draw();
  }

  /** Redraws for the shown node: the graph's cursor and the move list's glyphs. */
  show(current: TreeNode): void {
    this.current = current;
    this.draw();
  }

  private async start(): Promise<void> {
    if (this.review.running) return;
    const depth = Number(($("review-depth") as HTMLSelectElement).value);
    $<HTMLButtonElement>("review-start").disabled = true;
    $<HTMLButtonElement>("review-stop").disabled = false;
    const progress = $<HTMLProgressElement>("review-progress");
    progress.hidden = false;
    let searched = 0;
    await this.review.start(this.host.game(), depth, (done, total) => {
      searched = done;
      progress.max = total;
      progress.value = done;
      setText($("review-status"), "review.progress", { done, total });
      this.draw();
    });
    $<HTMLButtonElement>("review-start").disabled = false;
    $<HTMLButtonElement>("review-stop").disabled = true;
    progress.hidden = true;
    const total = this.review.line.length;
    if (searched === total) setText($("review-status"), "review.done", { total, depth });
    else setText($("review-status"), "review.stopped", { done: searched, total });
    this.draw();
    this.host.ended();
  }

  /** The graph, the counts and the move list's glyphs as the review stands. */
  private draw(): void {
    const { line, positions } = this.review;
    const shown = line.length > 0;
    $("review-graph-wrap").hidden = !shown;
    if (!shown) clearText($("review-status"));
    const g = this.graph;
    g.replaceChildren();
    const el = (name: string, attrs: Record<string, string | number>, parent: Element = g) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      parent.appendChild(e);
      return e;
    };
    const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, line.length - 1);
    const y = (e: number) => PAD + (1 - e) * (H - 2 * PAD);
    // White's share dark, Black's light below the curve, as the evaluation bar draws them.
    el("rect", { x: 0, y: 0, width: W, height: H, class: "white-share" });
    const points = positions.flatMap((p, i) => (p ? [[x(i), y(expectedBlack(p.eval))]] : []));
    if (points.length) {
      const first = points[0][0];
      const last = points.at(-1)![0];
      const curve = points.map((p) => p.join(",")).join(" ");
      el("polygon", { points: `${first},${y(0)} ${curve} ${last},${y(0)}`, class: "black-share" });
    }
    for (const e of [0.25, 0.5, 0.75]) {
      el("line", { x1: 0, y1: y(e), x2: W, y2: y(e), class: e === 0.5 ? "level" : "quarter" });
    }
    const at = this.current ? line.indexOf(this.current) : -1;
    if (at >= 0) el("line", { x1: x(at), y1: 0, x2: x(at), y2: H, class: "cursor" });
    el("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "curve" });
    const moves = new Map(this.review.moves().map((m) => [m.ply, m]));
    positions.forEach((p, i) => {
      if (!p) return;
      const m = moves.get(i);
      const dot = el("circle", {
        cx: x(i),
        cy: y(expectedBlack(p.eval)),
        r: m?.verdict ? 5 : 2,
        class: m?.verdict ? `point ${m.verdict}` : "point",
        "data-ply": i,
        "data-eval": "cp" in p.eval ? p.eval.cp : evalText(p.eval),
      });
      const what = i === 0 ? t("review.startPoint") : `${i}. ${line[i].label || line[i].move}`;
      const evaluation = evalText(p.eval);
      el("title", {}, dot).textContent = m?.verdict
        ? t("review.pointVerdict", {
            what,
            evaluation,
            verdict: t(VERDICT[m.verdict]),
            best: positions[i - 1]?.best ?? "",
          })
        : t("review.point", { what, evaluation });
    });
    this.graph.setAttribute("aria-label", t("review.graph", { n: line.length - 1 }));
    this.summary([...moves.values()]);
  }

  /** Each side's verdicts under the graph and their glyphs in the move list. */
  private summary(moves: ReturnType<Review["moves"]>): void {
    const count = (side: "b" | "w", v: Verdict) => {
      const n = moves.filter((m) => m.side === side && m.verdict === v).length;
      return t(n === 1 ? `verdict.${v}One` : `verdict.${v}Count`, { n });
    };
    $("review-summary").textContent = (["b", "w"] as const)
      .map((side) =>
        t("review.summary", {
          side: t(side === "b" ? "side.black" : "side.white"),
          inaccuracies: count(side, "inaccuracy"),
          mistakes: count(side, "mistake"),
          blunders: count(side, "blunder"),
        }),
      )
      .join("\n");
    document.querySelectorAll("#moves .glyph").forEach((old) => old.remove());
    for (const m of moves) {
      if (!m.verdict) continue;
      const entry = document.querySelector(`#moves [data-node="${m.node.id}"]`);
      const glyph = document.createElement("span");
      glyph.className = `glyph ${m.verdict}`;
      glyph.textContent = GLYPH[m.verdict];
      glyph.title = t(VERDICT[m.verdict]);
      entry?.appendChild(glyph);
    }
  }

  /** A click on the graph shows the position nearest to it. */
  private click(e: MouseEvent): void {
    const line = this.review.line;
    const m = this.graph.getScreenCTM();
    if (!m || line.length === 0) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const step = (W - 2 * PAD) / Math.max(1, line.length - 1);
    const i = Math.max(0, Math.min(line.length - 1, Math.round((p.x - PAD) / step)));
    this.host.jump(line[i]);
  }
}
