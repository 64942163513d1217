// The promotion choice (docs/web.md, "Promotion"): where promotion is optional, `+` and `=`
// open on the board at the destination square, `+` with the focus (Enter promotes, Tab then
// Enter declines). Answered by its buttons; closed with nothing played by the controller
// (Escape, a press on the board).

import type { BoardView } from "./board-view.js";
import { moveSquares } from "./sfen.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class PromotionChoice {
  /** The move with and without promotion, while the choice is open. */
  pending: { withPromotion: string; without: string } | null = null;

  constructor(
    private readonly board: BoardView,
    commit: (move: string) => void,
  ) {
    const answer = (yes: boolean) => {
      const p = this.pending;
      this.close();
      if (p) commit(yes ? p.withPromotion : p.without);
    };
    $("promote-yes").addEventListener("click", () => answer(true));
    $("promote-no").addEventListener("click", () => answer(false));
  }

  open(choice: { withPromotion: string; without: string }): void {
    this.pending = choice;
    // On the destination square, so the choice is where the eye is.
    const to = moveSquares(choice.without).squares.at(-1)!;
    const box = this.board.squareBox(to);
    const popup = $("promotion");
    popup.style.left = `${box.left + box.size / 2}px`;
    popup.style.top = `${box.top}px`;
    popup.hidden = false;
    $<HTMLButtonElement>("promote-yes").focus();
  }

  close(): void {
    this.pending = null;
    $("promotion").hidden = true;
  }
}
