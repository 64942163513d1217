// Stepping through the moves from the keyboard and the mouse wheel (docs/web.md, "Keyboard"):
// ←/→ one move, ↑ or Home to the start and ↓ or End to the end (lishogi's keys), and the wheel
// over the board one move a notch (down: on). Other single-key shortcuts come from the
// controller. Keys typed into a text box or a list are theirs.

export type Step = "first" | "back" | "forward" | "last";

const STEP_KEYS: Record<string, Step> = {
  ArrowLeft: "back",
  ArrowRight: "forward",
  ArrowUp: "first",
  Home: "first",
  ArrowDown: "last",
  End: "last",
};

/** A wheel notch, in pixels (Chromium and Firefox scroll about 100 a notch). */
const NOTCH_PX = 100;

export function bindNavigation(
  board: Element,
  step: (s: Step) => void,
  wheelSteps: () => boolean,
  keys: Record<string, () => void>,
): void {
  window.addEventListener("keydown", (e) => {
    const t = e.target as HTMLElement;
    if (t.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    const s = STEP_KEYS[e.key];
    const f = s ? () => step(s) : keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  });
  // A trackpad sends many small deltas: they add up to notches. A turn the other way starts
  // afresh.
  let owed = 0;
  board.addEventListener(
    "wheel",
    (event) => {
      const e = event as WheelEvent;
      // Ctrl + wheel is the browser's zoom; a zoomed board pans with the wheel.
      if (e.ctrlKey || !wheelSteps()) return;
      e.preventDefault();
      const px = e.deltaY * (e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1);
      if (Math.sign(px) !== Math.sign(owed)) owed = 0;
      owed += px;
      while (Math.abs(owed) >= NOTCH_PX) {
        step(owed > 0 ? "forward" : "back");
        owed -= Math.sign(owed) * NOTCH_PX;
      }
    },
    { passive: false },
  );
}
