// The board's coordinates (file numbers and rank letters) on or off: the Coords button or the
// key `c`; the choice is kept in localStorage (on by default).

const KEY = "shishi.coords";

/** Shows the kept choice on `wrap` (the board's frame) and `button`; the toggle. */
export function setUpCoordinates(button: HTMLElement, wrap: HTMLElement): () => void {
  let on = true;
  try {
    on = localStorage.getItem(KEY) !== "off";
  } catch {
    // Storage forbidden: on, and not kept.
  }
  const show = () => {
    wrap.classList.toggle("no-coords", !on);
    button.setAttribute("aria-pressed", String(on));
  };
  const toggle = () => {
    on = !on;
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // Not kept.
    }
    show();
  };
  show();
  button.addEventListener("click", toggle);
  return toggle;
}
