// The board editor's page (docs/web.md, "The board editor"): its own board in the board's
// place (the page's BoardView, so pieces look as in play), a palette of every piece kind of
// the game for either side (the engine's `pieces`, drawn by a second BoardView), the tools, the
// side to move and chu's counter-strike square. Every change is written as SFEN and judged by
// the rules engine (`checkposition`, rules-client.ts): its one-line reason shows, and Analyse
// and Play stay disabled, while the position is no game. No rule is decided here.

import { BoardView, type BoardState } from "./board-view.js";
import { EditedPosition, paletteOrder, type Tool } from "./editor.js";
import { clearText, type Key, keyed, onLanguage, setText, sideName, t } from "./i18n.js";
import { onPieceSetChange, pieceSet } from "./piece-sets.js";
import type { GameKind, PieceKind, RulesClient } from "./rules-client.js";
import { type BoardPiece, squareCoords, squareName } from "./sfen.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the controller does with the edited position. */
export interface EditorHost {
  /** Leaves the editor: to analyse or play from `sfen` (null: the position as it was). */
  done(sfen: string | null, then: "analyse" | "play"): Promise<void>;
}

export class EditorView {
  private pos = new EditedPosition(12, "12/12/12/12/12/12/12/12/12/12/12/12 b - 1");
  private kinds = new Map<string, PieceKind>();
  private tool: Tool = { kind: "move" };
  private paletteSide: "b" | "w" = "b";
  private palettePieces: (BoardPiece | null)[] = [];
  private columns = 8;
  /** The palette board's side: the columns, or the rows where there are more. */
  private paletteSize = 8;
  /** The square chosen with the Move tool, and the square a press started on. */
  private selected: string | null = null;
  private dragFrom: string | null = null;
  /** The engine's SFEN of the position once it accepted it; null while refused. */
  private accepted: string | null = null;
  private generation = 0;
  private board: BoardView;
  private palette: BoardView;
  private readonly panel: HTMLElement;

  constructor(
    private readonly rules: RulesClient,
    private readonly host: EditorHost,
  ) {
    this.panel = $("editor-panel");
    this.panel.replaceChildren(...this.build());
    this.board = new BoardView($("board-wrap"), {
      down: (sq, e) => this.down(sq, e),
      up: (sq) => this.up(sq),
      cancel: () => this.cancelDrag(),
      hover: () => {},
      activate: (sq) => this.click(sq),
      cursor: () => {},
    });
    // Not `board`: the page's own board is the one `svg.board` names (tests, styles).
    this.board.svg.setAttribute("class", "edit-board");
    this.palette = new BoardView($("editor-palette"), {
      down: (sq, e) => e.button === 0 && this.choose(sq),
      up: () => {},
      cancel: () => {},
      hover: () => {},
      activate: (sq) => this.choose(sq),
      cursor: () => {},
    });
    this.palette.svg.setAttribute("class", "edit-palette");
    // The board turns with the page's (the controller's) button, and draws the piece set
    // chosen on the page.
    const redraw = new MutationObserver(() => this.render());
    redraw.observe($("board-wrap"), { attributes: true, attributeFilter: ["data-flipped"] });
    onPieceSetChange(() => this.render());
    onLanguage(() => this.render());
    // Out of edit mode (app.ts sets the body's `data-mode`) the editor draws nothing.
    redraw.observe(document.body, { attributes: true, attributeFilter: ["data-mode"] });
  }

  /** Opens the editor on a position of a game (`kinds`: the engine's `pieces`). */
  open(kind: GameKind, kinds: Map<string, PieceKind>, sfen: string): void {
    this.kinds = kinds;
    const size = kind.variant === "chushogi" ? 12 : 17;
    this.pos = new EditedPosition(size, sfen);
    this.selected = null;
    this.columns = size === 12 ? 8 : 10;
    $("editor-counter-tool").hidden = size !== 12;
    $("editor-counter-row").hidden = size !== 12;
    if (this.tool.kind === "counter" || this.tool.kind === "piece") this.tool = { kind: "move" };
    this.setPaletteSide(this.paletteSide);
    this.changed();
  }

  // ---- the panel -------------------------------------------------------------------------

  private build(): HTMLElement[] {
    const el = (tag: string, props: Record<string, unknown>, ...children: (Node | string)[]) => {
      const e: HTMLElement = Object.assign(document.createElement(tag), props);
      e.append(...children);
      return e;
    };
    /** An element showing `key` (the page's language, following its switch). */
    const text = (tag: string, key: Key, props: Record<string, unknown> = {}) =>
      keyed(el(tag, props), { text: key });
    /** A button showing `key` (null: ×, clearing the counter-strike square). */
    const button = (id: string, key: Key | null, title: Key, click: () => void) => {
      const b = el("button", { id, type: "button", textContent: "×" });
      keyed(b, key ? { text: key, title } : { title });
      b.addEventListener("click", click);
      return b;
    };
    const toolButton = (id: string, key: Key, tool: Tool) => {
      const b = button(id, key, `${key}Title` as Key, () => this.setTool(tool));
      b.dataset.tool = tool.kind;
      return b;
    };
    const tools = keyed(
      el(
        "div",
        { className: "row", role: "toolbar" },
        toolButton("editor-move", "editor.move", { kind: "move" }),
        toolButton("editor-erase", "editor.erase", { kind: "erase" }),
        toolButton("editor-flip", "editor.flip", { kind: "flip" }),
        toolButton("editor-promote", "editor.promote", { kind: "promote" }),
        toolButton("editor-counter-tool", "editor.counter", { kind: "counter" }),
      ),
      { "aria-label": "editor.tools" },
    );
    const paletteSides = keyed(
      el(
        "div",
        { className: "row" },
        text("span", "editor.pieces"),
        ...(["b", "w"] as const).map((side) =>
          button(
            `editor-palette-${side}`,
            side === "b" ? "side.black" : "side.white",
            "editor.paletteTitle",
            () => this.setPaletteSide(side),
          ),
        ),
      ),
      { title: "editor.paletteTitle" },
    );
    const side = <HTMLSelectElement>(
      el(
        "select",
        { id: "editor-side" },
        text("option", "editor.black", { value: "b" }),
        text("option", "editor.white", { value: "w" }),
      )
    );
    side.addEventListener("change", () => {
      this.pos.side = side.value === "w" ? "w" : "b";
      this.changed();
    });
    const counterClear = button("editor-counter-clear", null, "editor.none", () => {
      this.pos.counter = null;
      this.changed();
    });
    return [
      text("p", "editor.hint", { className: "editor-hint" }),
      tools,
      paletteSides,
      el("div", { id: "editor-palette" }),
      el(
        "div",
        { className: "row" },
        el("label", {}, text("span", "editor.sideToMove"), " ", side),
        el(
          "span",
          { id: "editor-counter-row" },
          text("span", "editor.counterSquare"),
          " ",
          el("output", { id: "editor-counter" }),
          " ",
          counterClear,
        ),
      ),
      el(
        "div",
        { className: "row" },
        button("editor-start", "editor.start", "editor.start", () => void this.reset(false)),
        button("editor-clear", "editor.clear", "editor.clear", () => void this.reset(true)),
      ),
      el(
        "label",
        { className: "editor-sfen" },
        "SFEN ",
        el("input", { id: "editor-sfen", readOnly: true, spellcheck: false }),
      ),
      el("p", { id: "editor-status", role: "status" }),
      el(
        "div",
        { className: "row" },
        button("editor-analyse", "mode.analyse", "mode.analyse", () => this.leave("analyse")),
        button("editor-play", "mode.play", "editor.playTitle", () => this.leave("play")),
        button(
          "editor-cancel",
          "editor.cancel",
          "editor.cancel",
          () => void this.host.done(null, "analyse"),
        ),
      ),
    ];
  }

  private setTool(tool: Tool): void {
    this.tool = tool;
    this.selected = null;
    this.render();
  }

  private setPaletteSide(side: "b" | "w"): void {
    this.paletteSide = side;
    const tokens = [...this.kinds.keys()];
    this.palettePieces = paletteOrder(tokens, side === "b", this.columns);
    if (this.tool.kind === "piece") {
      this.tool = { kind: "piece", piece: { ...this.tool.piece, black: side === "b" } };
    }
    this.render();
  }

  /** An empty board, or the game's start position (the engine's `position startpos`). */
  private async reset(empty: boolean): Promise<void> {
    const start = (await this.rules.position(null, [])).sfen;
    this.pos = new EditedPosition(this.pos.size, start);
    if (empty) this.pos.clear();
    this.selected = null;
    this.changed();
  }

  private async leave(then: "analyse" | "play"): Promise<void> {
    const sfen = this.accepted;
    if (!sfen) return;
    // As a pasted position: in the paste box, and from there in links and files.
    $<HTMLTextAreaElement>("io-text").value = sfen;
    try {
      await this.host.done(sfen, then);
    } catch (e) {
      clearText($("editor-status"));
      $("editor-status").textContent = (e as Error).message;
    }
  }

  // ---- the board -------------------------------------------------------------------------

  private choose(square: string): void {
    const [f, r] = squareCoords(square);
    const piece = this.palettePieces[r * this.columns + (this.paletteSize - 1 - f)];
    if (!piece) return;
    this.tool = { kind: "piece", piece };
    this.selected = null;
    this.render();
  }

  private down(square: string, e: PointerEvent): void {
    if (e.button !== 0) return;
    this.dragFrom = null;
    if (this.tool.kind === "move" && this.selected && this.selected !== square) {
      this.pos.move(this.selected, square);
      this.selected = null;
      return this.changed();
    }
    // A press on a piece may start a drag: what it does is known when the pointer is let go.
    if (this.pos.at(square)) {
      this.dragFrom = square;
      this.board.startDrag(square, e);
      return;
    }
    this.click(square);
  }

  private up(square: string | null): void {
    const from = this.dragFrom;
    this.dragFrom = null;
    if (!from) return;
    if (square === from) return this.click(square);
    // Dropped off the board: the piece goes.
    if (square === null) this.pos.put(from, null);
    else this.pos.move(from, square);
    this.selected = null;
    this.changed();
  }

  private cancelDrag(): void {
    this.dragFrom = null;
    this.render();
  }

  /** A click (or Enter on the keyboard cursor) on a square: what the tool does there. */
  private click(square: string): void {
    if (this.tool.kind === "move") {
      if (this.selected && this.selected !== square) {
        this.pos.move(this.selected, square);
        this.selected = null;
        return this.changed();
      }
      this.selected = this.selected === square || !this.pos.at(square) ? null : square;
      return this.render();
    }
    if (this.pos.apply(this.tool, square, this.kinds)) this.changed();
  }

  // ---- drawing and the engine's judgement ------------------------------------------------

  private changed(): void {
    this.render();
    const sfen = this.pos.sfen();
    $<HTMLInputElement>("editor-sfen").value = sfen;
    $<HTMLSelectElement>("editor-side").value = this.pos.side;
    if (this.pos.counter) {
      clearText($("editor-counter"));
      $("editor-counter").textContent = this.pos.counter;
    } else setText($("editor-counter"), "editor.none");
    this.accepted = null;
    this.setVerdict("editor.checking");
    const gen = ++this.generation;
    void this.rules.check(sfen).then((r) => {
      if (gen !== this.generation) return;
      // The engine's reason as it words it (docs/web.md, "Languages").
      if ("error" in r) return this.setVerdict({ refusal: r.error });
      this.accepted = r.sfen;
      $<HTMLInputElement>("editor-sfen").value = r.sfen;
      this.setVerdict("editor.legal");
    });
  }

  /** Our own verdict (a key), or the engine's refusal in its own words. */
  private setVerdict(verdict: Key | { refusal: string }): void {
    const status = $("editor-status");
    const refused = typeof verdict !== "string";
    if (refused) {
      clearText(status);
      status.textContent = verdict.refusal;
    } else setText(status, verdict);
    status.classList.toggle("refused", refused);
    for (const id of ["editor-analyse", "editor-play"]) {
      $<HTMLButtonElement>(id).disabled = this.accepted === null;
    }
  }

  private render(): void {
    if (document.body.dataset.mode !== "edit") {
      this.board.svg.replaceChildren();
      this.palette.svg.replaceChildren();
      return this.label();
    }
    const flipped = $("board-wrap").dataset.flipped === "true";
    const base: BoardState = {
      size: this.pos.size,
      pieces: this.pos.board,
      kinds: this.kinds,
      flipped,
      pieceSet: pieceSet(),
      path: this.selected ? [this.selected] : [],
      targets: new Set(),
      lastMove: this.pos.counter ? [this.pos.counter] : [],
      arrow: null,
      check: null,
      premove: [],
      shapes: [],
    };
    this.board.render(base);
    this.panel.querySelectorAll<HTMLButtonElement>("[data-tool]").forEach((b) => {
      b.setAttribute("aria-pressed", String(b.dataset.tool === this.tool.kind));
    });
    for (const side of ["b", "w"]) {
      $(`editor-palette-${side}`).setAttribute("aria-pressed", String(side === this.paletteSide));
    }
    this.renderPalette(base);
    this.label();
  }

  /** The two boards' names (after BoardView's own, and in edit mode or not: a switch). */
  private label(): void {
    this.board.svg.setAttribute("aria-label", t("editor.board"));
    this.palette.svg.setAttribute("aria-label", t("editor.pieces"));
  }

  /** The palette: a grid of `columns` squares a row, the chosen piece marked. */
  private renderPalette(base: BoardState): void {
    const cols = this.columns;
    const rows = Math.ceil(this.palettePieces.length / cols);
    const size = Math.max(cols, rows);
    this.paletteSize = size;
    const pieces: (BoardPiece | null)[][] = Array.from({ length: size }, () =>
      Array<BoardPiece | null>(size).fill(null),
    );
    let chosen: string[] = [];
    this.palettePieces.forEach((p, i) => {
      const [r, c] = [Math.floor(i / cols), i % cols];
      pieces[r][size - 1 - c] = p;
      const t = this.tool;
      if (p && t.kind === "piece" && t.piece.token === p.token && t.piece.black === p.black) {
        chosen = [squareName(size - 1 - c, r)];
      }
    });
    this.palette.render({
      ...base,
      size,
      pieces,
      flipped: false,
      path: chosen,
      lastMove: [],
    });
    // Only the rows and columns that hold pieces, without the coordinates' margin.
    this.palette.svg.setAttribute("viewBox", `0 26 ${cols * 60} ${rows * 60}`);
    this.palette.svg.querySelectorAll<SVGGElement>("g.piece").forEach((g) => {
      const kind = this.kinds.get(g.dataset.token ?? "");
      const title = g.querySelector("title");
      const side = sideName(this.paletteSide);
      if (title && kind) title.textContent = t("cursor.piece", { side, name: kind.name });
    });
  }
}
