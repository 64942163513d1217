// The analysis panel: the engine's lines (score from Black's view, in the notation the player
// chose, from the Hodges notation asked of the rules engine, and USI), depth and speed, and the evaluation bar.

import type { Side } from "./clock.js";
import { language, t } from "./i18n.js";
import { type Formatter, formatLine } from "./notation.js";
import type { PositionInfo, RulesClient } from "./rules-client.js";
import type { EngineLine } from "./searcher.js";

const $ = (id: string) => document.getElementById(id)!;

/** Score from Black's side, in pawns or as a mate. */
function blackScore(l: EngineLine, side: Side): { text: string; value: number } {
  const sign = side === "b" ? 1 : -1;
  if (l.mate !== null) {
    const m = l.mate * sign;
    return { text: `${m > 0 ? "+" : "-"}M${Math.abs(l.mate)}`, value: m > 0 ? 1e5 : -1e5 };
  }
  const cp = (l.cp ?? 0) * sign;
  return { text: `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}`, value: cp };
}

export class AnalysisView {
  /** The deepest line so far of each MultiPV rank. */
  readonly lines = new Map<number, EngineLine>();
  private readable = new Map<string, string[]>();
  private last: {
    info: PositionInfo | null;
    shown: boolean;
    flipped: boolean;
    previous: string | null;
  } | null = null;

  constructor(
    private readonly rules: RulesClient,
    private readonly format: Formatter,
  ) {}

  /** Keeps an engine line unless a deeper one of its rank is kept already. */
  add(line: EngineLine): void {
    const prev = this.lines.get(line.multipv);
    if (prev && prev.depth > line.depth) return;
    this.lines.set(line.multipv, line);
  }

  /** The best line's first move. */
  best(): string | undefined {
    return this.lines.get(1)?.pv[0];
  }

  /** Draws the lines of `info`'s position and the evaluation bar (none unless `shown`: the
   * analysis mode); `previous`: the move that led to the position. */
  render(
    info: PositionInfo | null,
    shown: boolean,
    flipped: boolean,
    previous: string | null,
  ): void {
    this.last = { info, shown, flipped, previous };
    const list = $("lines");
    list.replaceChildren();
    const stats = $("analysis-stats");
    const on =
      shown && !!info && ($("analyse-on") as HTMLInputElement).checked && info.result === "none";
    // Room for every line asked for, whether it has come yet or not: the controls below the
    // list stay where they are while the analysis runs (a click aimed at them lands).
    // app.css sizes the room from the number of lines asked for.
    const asked = ($("multipv") as HTMLSelectElement).value;
    list.style.setProperty("--lines-asked", on ? asked : "0");
    // The evaluation bar only while the engine analyses: off, it would say nothing (50/50).
    $("eval-bar").style.visibility = on ? "visible" : "hidden";
    if (!on) $("eval-bar").removeAttribute("title");
    if (!info || !shown) return;
    const sorted = [...this.lines.values()].sort((a, b) => a.multipv - b.multipv);
    const top = sorted[0];
    // A selective depth below the depth (a found mate ends the search early) says nothing.
    const depth = top && top.seldepth >= top.depth ? `${top.depth}/${top.seldepth}` : top?.depth;
    stats.textContent =
      on && document.hidden
        ? t("analysis.paused")
        : top
          ? t("analysis.stats", {
              depth: depth!,
              speed: Math.round(top.nps / 1000),
              nodes: top.nodes.toLocaleString(language()),
            })
          : on
            ? t("analysis.thinking")
            : "";
    for (const l of sorted) {
      const li = document.createElement("li");
      const s = blackScore(l, info.side);
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = s.text;
      li.appendChild(score);
      const pv = l.pv.slice(0, 12);
      const key = `${info.sfen}|${pv.join(" ")}`;
      const readable = this.readable.get(key);
      const words = document.createElement("span");
      words.className = "readable";
      words.textContent = readable
        ? formatLine(this.format, pv, readable, info.side, previous).join(" ")
        : pv.join(" ");
      li.appendChild(words);
      const usi = document.createElement("span");
      usi.className = "usi";
      usi.textContent = pv.join(" ");
      li.appendChild(usi);
      // Each line is cut to one row of each form (app.css); the whole of it on hover.
      li.title = `${s.text} ${words.textContent}\n${usi.textContent}`;
      list.appendChild(li);
      if (!readable) {
        this.readable.set(key, pv);
        void this.rules.notation(info.sfen, pv).then((r) => {
          this.readable.set(key, r);
          const last = this.last;
          if (last?.info === info) this.render(info, last.shown, last.flipped, last.previous);
        });
      }
    }
    const fill = $("eval-fill");
    if (top) {
      const v = blackScore(top, info.side).value;
      const share = 1 / (1 + Math.exp(-v / 400));
      fill.style.height = `${(flipped ? 1 - share : share) * 100}%`;
      $("eval-bar").title = t("analysis.evaluation", { score: blackScore(top, info.side).text });
    }
  }
}
