// The clocks of a game against the engine: base time, increment and byoyomi (Japanese
// overtime: once the main time is spent, each move must be made within the period), or a
// fixed think time for the engine with no clock at all.

export interface TimeControl {
  /** `clock`: base + increment + byoyomi; `movetime`: the engine thinks a fixed time. */
  mode: "clock" | "movetime";
  baseMs: number;
  incMs: number;
  byoyomiMs: number;
  movetimeMs: number;
}

export type Side = "b" | "w";

export class GameClock {
  main: Record<Side, number>;
  running: Side | null = null;
  flagged: Side | null = null;
  private since = 0;

  constructor(readonly tc: TimeControl) {
    this.main = { b: tc.baseMs, w: tc.baseMs };
  }

  /** A clock as kept across a reload (`snapshot`): it goes on from the times it had. */
  static resumed(tc: TimeControl, main: Record<Side, number>): GameClock {
    const clock = new GameClock(tc);
    clock.main = { ...main };
    return clock;
  }

  /** Main time left per side now; for the running side below zero once it is in byoyomi
   * (the part of the period spent), so that a resumed clock goes on in the same period. */
  snapshot(): Record<Side, number> {
    const out = { ...this.main };
    if (this.running && this.enabled) out[this.running] -= performance.now() - this.since;
    return out;
  }

  get enabled(): boolean {
    return this.tc.mode === "clock";
  }

  /** Starts `side`'s clock. */
  start(side: Side): void {
    this.running = side;
    this.since = performance.now();
  }

  /** Stops the running clock after its side moved: spends the time, adds the increment;
   * false if the side overstepped (its flag fell). */
  stop(): boolean {
    const side = this.running;
    if (!side || !this.enabled) {
      this.running = null;
      return true;
    }
    const used = performance.now() - this.since;
    this.running = null;
    const left = this.main[side] - used;
    if (left >= 0) {
      this.main[side] = left + this.tc.incMs;
      return true;
    }
    this.main[side] = 0;
    if (-left <= this.tc.byoyomiMs) return true;
    this.flagged = side;
    return false;
  }

  /** Stops the running clock at the game's end: the time spent stays spent (no increment),
   * so the clock shows what was left when the game ended. */
  halt(): void {
    const side = this.running;
    if (side && this.enabled) this.main[side] = Math.max(0, this.left(side).main);
    this.running = null;
  }

  /** Main time left now, and byoyomi left in the current period (ms). */
  left(side: Side): { main: number; byoyomi: number } {
    let main = this.main[side];
    let byoyomi = this.tc.byoyomiMs;
    if (this.running === side) {
      const used = performance.now() - this.since;
      main -= used;
      if (main < 0) {
        byoyomi += main;
        main = 0;
      }
    }
    return { main, byoyomi: Math.max(0, byoyomi) };
  }

  /** Whether the running side has overstepped by now. */
  overstepped(): Side | null {
    const side = this.running;
    if (!side || !this.enabled) return null;
    const { main, byoyomi } = this.left(side);
    return main <= 0 && byoyomi <= 0 ? side : null;
  }

  /** The `go` command for the engine to move now. */
  goCommand(): string {
    if (!this.enabled) return `go movetime ${this.tc.movetimeMs}`;
    const b = Math.max(0, Math.round(this.left("b").main));
    const w = Math.max(0, Math.round(this.left("w").main));
    let go = `go btime ${b} wtime ${w}`;
    if (this.tc.incMs > 0) go += ` binc ${this.tc.incMs} winc ${this.tc.incMs}`;
    if (this.tc.byoyomiMs > 0) go += ` byoyomi ${this.tc.byoyomiMs}`;
    return go;
  }
}

/** `m:ss` (or `s.t` under ten seconds). */
export function formatTime(ms: number): string {
  if (ms < 10_000) return (Math.max(0, ms) / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
