// The board's size: a handle at its bottom-right corner, dragged with a mouse, a pen or a
// finger (pointer events), makes the board larger or smaller (it stays square: the SVG keeps
// its proportions; the panel beside it moves below when there is no room), and the size is
// kept in localStorage; a double click on the handle goes back to the size that fits the
// window. On a narrow screen (a phone) the board fills the width and the handle is hidden
// (app.css); there **Zoom** (key `z`) doubles the board's width inside its own scrolling area.

import { keyed } from "./i18n.js";
import { keepChoice, keptChoice } from "./persistence.js";

const KEY = "shishi.boardSize";
/** The smallest board, in CSS pixels. */
export const MIN_SIZE = 240;

/** Sets up the handle on `wrap` (the board's frame) and the zoom button; the zoom toggle. */
export function setUpBoardSize(
  wrap: HTMLElement,
  area: HTMLElement,
  zoom: HTMLElement,
): () => void {
  const show = (px: number | null) => {
    if (px === null) wrap.style.removeProperty("--board-size");
    else wrap.style.setProperty("--board-size", `${px}px`);
  };
  const kept = Number(keptChoice(KEY, [], ""));
  show(kept >= MIN_SIZE ? kept : null);

  const handle = document.createElement("div");
  handle.className = "resize-handle";
  keyed(handle, { title: "look.resize" });
  handle.setAttribute("aria-hidden", "true");
  wrap.appendChild(handle);
  let drag: { x: number; y: number; width: number } | null = null;
  handle.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    e.stopPropagation();
    try {
      handle.setPointerCapture(e.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event): moves still reach the handle.
    }
    drag = { x: e.clientX, y: e.clientY, width: wrap.getBoundingClientRect().width };
  });
  handle.addEventListener("pointermove", (e) => {
    if (!drag) return;
    // Along the diagonal: the larger of the two moves.
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    const max = Math.max(MIN_SIZE, document.documentElement.clientWidth - 40);
    const px = Math.round(
      Math.min(max, Math.max(MIN_SIZE, drag.width + (Math.abs(dx) > Math.abs(dy) ? dx : dy))),
    );
    show(px);
  });
  const end = () => {
    if (!drag) return;
    drag = null;
    keepChoice(KEY, String(Math.round(wrap.getBoundingClientRect().width)));
  };
  handle.addEventListener("pointerup", end);
  handle.addEventListener("pointercancel", end);
  handle.addEventListener("dblclick", () => {
    show(null);
    keepChoice(KEY, "");
  });

  const toggleZoom = () => {
    const zoomed = area.classList.toggle("zoomed");
    zoom.setAttribute("aria-pressed", String(zoomed));
  };
  zoom.addEventListener("click", toggleZoom);
  return toggleZoom;
}
