// Sounds for moves, captures and the low-time warning, made with WebAudio (a few short tones, no audio files). Off
// by default; the toggle is kept in localStorage. Whether a move captured is read from the
// positions' SFEN (fewer pieces after it): notation, no rule.

import { parseBoard } from "./sfen.js";

const KEY = "shishi.sound";

export type SoundKind = "move" | "capture" | "low-time";

export class Sound {
  on: boolean;
  /** Called for every sound made (the test hook counts them). */
  onPlay: ((kind: SoundKind) => void) | null = null;
  private context: AudioContext | null = null;

  constructor() {
    let kept: string | null = null;
    try {
      kept = localStorage.getItem(KEY);
    } catch {
      // Storage forbidden: off, and not kept.
    }
    this.on = kept === "on";
  }

  toggle(): boolean {
    this.on = !this.on;
    try {
      localStorage.setItem(KEY, this.on ? "on" : "off");
    } catch {
      // Not kept beyond the page.
    }
    return this.on;
  }

  /** The sound of a move from the position `before` to `after` (SFEN, `size` ranks). */
  move(before: string, after: string, size: number): void {
    if (!this.on) return;
    const count = (sfen: string) => parseBoard(sfen, size).flat().filter(Boolean).length;
    this.play(count(after) < count(before) ? "capture" : "move");
  }

  /** The low-time warning (low-time.ts): two short high tones. */
  lowTime(): void {
    if (this.on) this.play("low-time");
  }

  private play(kind: SoundKind): void {
    this.onPlay?.(kind);
    try {
      this.context ??= new AudioContext();
      // A page's audio starts only after a gesture; a move on the board is one.
      if (this.context.state === "suspended") void this.context.resume();
      if (kind === "move") this.tone(330, 0, 0.09, 0.25);
      else if (kind === "low-time") {
        this.tone(880, 0, 0.08, 0.2);
        this.tone(880, 0.14, 0.08, 0.2);
      } else {
        this.tone(196, 0, 0.16, 0.35);
        this.tone(523, 0.03, 0.08, 0.2);
      }
    } catch {
      // No WebAudio: silent.
    }
  }

  /** A triangle wave at `freq` Hz from `start` s, fading out over `duration` s. */
  private tone(freq: number, start: number, duration: number, volume: number): void {
    const ctx = this.context!;
    const t = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(freq, t);
    gain.gain.setValueAtTime(volume, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + duration + 0.02);
  }
}
