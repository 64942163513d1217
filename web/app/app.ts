// The web board's controller: the game tree, the board, move entry, analysis and play against
// the engine, wired to two engine instances (one searches, one answers rules questions).

import { AnalysisView } from "./analysis-view.js";
import { BoardView, cursorText } from "./board-view.js";
import { GameClock, type Side } from "./clock.js";
import { renderClocks } from "./clock-view.js";
import { DiagramView } from "./diagram-view.js";
import { type FlatTree, GameTree, readGame, type TreeNode } from "./game-tree.js";
import { MoveInput, withPieceOnPath } from "./move-input.js";
import { renderMoveList } from "./move-list.js";
import { type Formatter, formatMove } from "./notation.js";
import { setUpNotationChoice } from "./notation-choice.js";
import { ReviewView } from "./review-view.js";
import { EditorView } from "./editor-view.js";
import { PromotionChoice } from "./promotion-view.js";
import { type SavedShapes, Shapes } from "./shapes.js";
import { bindNavigation, type Step } from "./navigation.js";
import { setUpCoordinates } from "./coordinates.js";
import type { GameKind, PieceKind, PositionInfo, RulesClient } from "./rules-client.js";
import { type EngineLine, Searcher } from "./searcher.js";
import { Sound } from "./sound.js";
import { moveSquares, parseBoard, squareCoords } from "./sfen.js";
import { type Paste, parsePaste } from "./paste.js";
import { resultText, showStatusLine } from "./status-line.js";
import { type Key, onLanguage, sideName, t } from "./i18n.js";
import { downloadKif, isKif, lineFacts, playersOf, readKif } from "./kif.js";
import { readPlayForm, setUpPlayForm, showPlayChoices } from "./play-form.js";
import { premoveMoves, premoveToPlay } from "./premove.js";
import { fromHash, gameOf, restore, save, type SavedGame, type SavedPlay } from "./persistence.js";
import { bindGameIo } from "./game-io.js";
import { setUpLook } from "./look-view.js";
import { setUpBoardSize } from "./board-resize.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the page does: analyse, play against the engine, or edit a position (editor-view.ts). */
type Mode = "analyse" | "play" | "edit";

/** A game against the engine in progress. */
interface PlayState {
  human: Side;
  level: number;
  clock: GameClock;
  /** Why it ended, in the language shown. */
  over: (() => string) | null;
}

export class App {
  private kind: GameKind = { variant: "chushogi", rules: "lishogi" };
  private kinds = new Map<string, PieceKind>();
  private tree = new GameTree(null);
  private cache = new Map<number, PositionInfo>();
  private info: PositionInfo | null = null;
  private input = new MoveInput([]);
  private flipped = false;
  private mode: Mode = "analyse";
  private play: PlayState | null = null;
  private analysis: AnalysisView;
  private board: BoardView;
  private diagram: DiagramView;
  private review: ReviewView;
  /** The player's arrows and circles; each change is kept at once. */
  private shapes = new Shapes(() => save(this.shown()));
  private promotion: PromotionChoice;
  private editor: EditorView;
  /** The player's move for their next turn, entered while the engine thinks (premove.ts). */
  private premove: string | null = null;
  private dragFrom: string | null = null;
  private longPress: number | undefined;
  /** Bumped whenever the shown position changes, so late answers are dropped. */
  private generation = 0;
  private linesTimer: number | undefined;
  /** The best move the board's arrow shows, so that engine updates redraw it only when it
   * changes (a board redrawn under the pointer would drop a drag). */
  private arrowMove: string | undefined;
  readonly sound = new Sound();
  private look = setUpLook($("sound").parentElement!, $("latin"), () => this.render());
  private notation = setUpNotationChoice($("notation"), () => this.renderMoves());
  private format: Formatter = (f, prev) => formatMove(this.notation(), f, this.kinds, prev);
  /** Test hook (test-hook.ts): a committed move goes here instead of being played. */
  divertMove: ((move: string) => void) | null = null;
  /** Test hook: the board is not redrawn while set (entry goes on against the last drawing). */
  renderPaused = false;
  /** Test hook: awaited before the engine's move is played (a test holds it there). */
  engineGate: (() => Promise<void>) | null = null;

  constructor(
    private readonly rules: RulesClient,
    private readonly searcher: Searcher,
    private readonly threads: number,
  ) {
    this.board = new BoardView($("board-wrap"), {
      down: (sq, e) => this.pointerDown(sq, e),
      up: (sq, e) => this.pointerUp(sq, e),
      cancel: () => this.pointerCancel(),
      hover: (sq, e) => this.hover(sq, e),
      activate: (sq) => this.activate(sq),
      cursor: (sq) => this.announce(sq),
    });
    this.promotion = new PromotionChoice(this.board, (m) => this.commit(m));
    this.editor = new EditorView(rules, { done: (sfen, then) => this.editorDone(sfen, then) });
    this.diagram = new DiagramView(document.body);
    this.analysis = new AnalysisView(rules, this.format);
    this.review = new ReviewView(searcher, {
      game: () => ({ kind: this.kind, tree: this.tree, position: (n) => this.positionOf(n) }),
      jump: (n) => this.jump(n),
      ended: () => this.mode === "analyse" && void this.analyse(),
    });
    searcher.onInfo((l) => this.engineInfo(l));
    onLanguage(() => {
      if (this.info) this.showStatus();
      this.render();
      this.renderLines();
    });
    this.bindControls();
  }

  /** Opens the game of the link (`#game=…`), else the one shown before the last reload (a
   * game in play goes on), else chu's start position. */
  async start(): Promise<void> {
    const linked = fromHash(location.hash);
    const kept = linked ?? restore();
    try {
      if (!kept) throw new Error("nothing kept");
      if (kept.play && !linked) this.resumePlay(kept.play);
      await this.setGame(kept.kind, kept.sfen, kept.moves, kept.tree, kept.shapes);
      this.play?.clock.start(this.info!.side);
    } catch (e) {
      if (kept) $("io-error").textContent = t("io.savedFailed", { error: (e as Error).message });
      this.play = null;
      this.showMode("analyse");
      this.setPlayButtons();
      await this.setGame(this.kind, null, []);
    }
    window.setInterval(() => this.tick(), 100);
    // The clocks as they stand when the page goes (a reload): kept with the game.
    window.addEventListener("pagehide", () => save(this.shown()));
  }

  // ---- positions -------------------------------------------------------------------------

  /** Shows a game: from `sfen` (`null`: the start), the moves of `tree` (variations, as kept)
   * and the line `moves` to the shown position, each checked by the rules engine; `shapes`
   * drawn on its positions. */
  private async setGame(
    kind: GameKind,
    sfen: string | null,
    moves: string[],
    flat: FlatTree = [],
    shapes?: SavedShapes,
  ): Promise<void> {
    // Checked before anything changes: a bad paste leaves the board as it was.
    if (kind.variant !== this.kind.variant || kind.rules !== this.kind.rules || !this.kinds.size) {
      this.kinds = await this.rules.setGame(kind);
    }
    const { tree, positions } = await readGame(this.rules, sfen, moves, flat);
    await this.review.reset();
    this.kind = kind;
    this.tree = tree;
    this.shapes.replace(shapes);
    this.cache = positions;
    ($("game") as HTMLSelectElement).value = `${kind.variant}/${kind.rules}`;
    await this.show();
  }

  private async positionOf(node: TreeNode): Promise<PositionInfo> {
    const hit = this.cache.get(node.id);
    if (hit) return hit;
    const info = await this.rules.position(this.tree.startSfen, this.tree.moves(node));
    this.cache.set(node.id, info);
    return info;
  }

  /** Shows the current node: board, status, move list; restarts analysis; lets the engine
   * move when it is its turn. */
  private async show(): Promise<void> {
    const gen = ++this.generation;
    const info = await this.positionOf(this.tree.current);
    if (gen !== this.generation) return;
    this.info = info;
    this.input = this.canEnterMoves() ? new MoveInput(info.legal, info.paths) : new MoveInput([]);
    if (this.running() && info.side !== this.play!.human && info.result === "none") {
      void this.premoveInput(gen, info);
    }
    this.promotion.close();
    this.analysis.lines.clear();
    this.render();
    this.renderMoves();
    this.review.show(this.tree.current);
    this.setPlayButtons();
    this.showStatus();
    save(this.shown());
    if (this.mode === "analyse") void this.analyse();
    else void this.engineTurn();
  }

  private jump(node: TreeNode): void {
    if (this.mode === "play" && this.play && !this.play.over) return;
    this.tree.current = node;
    void this.show();
  }

  private navigate(step: Step): void {
    if (this.mode === "edit" || (this.mode === "play" && this.play && !this.play.over)) return;
    const t = this.tree;
    if (step === "first") t.current = t.root;
    if (step === "back") t.back();
    if (step === "forward") t.forward();
    if (step === "last") while (t.forward());
    void this.show();
  }

  private canEnterMoves(): boolean {
    if (this.mode === "analyse") return true;
    const p = this.play;
    if (!p || p.over) return false;
    return this.info?.side === p.human && this.tree.current.children.length === 0;
  }

  // ---- drawing ---------------------------------------------------------------------------

  /** The move list and the engine's lines, in the chosen notation. */
  private renderMoves(): void {
    const first = this.cache.get(this.tree.root.id)!.side;
    renderMoveList($("moves"), this.tree, (n) => this.jump(n), this.format, first);
    this.renderLines();
  }

  render(): void {
    const info = this.info;
    if (!info || this.renderPaused) return;
    const size = this.kind.variant === "chushogi" ? 12 : 17;
    const last = this.tree.current.move ? moveSquares(this.tree.current.move).squares : [];
    const best = this.mode === "analyse" ? this.analysis.best() : undefined;
    this.arrowMove = best;
    const pieces = parseBoard(info.sfen, size);
    $("board-wrap").dataset.flipped = String(this.flipped);
    this.board.render({
      size,
      pieces: withPieceOnPath(pieces, this.input.path),
      kinds: this.kinds,
      flipped: this.flipped,
      pieceSet: this.look.pieceSet(),
      path: this.input.path,
      targets: this.input.candidates(),
      lastMove: last,
      arrow: best ? moveSquares(best).squares : null,
      check: info.check ? info.side : null,
      premove: this.premove ? moveSquares(this.premove).squares : [],
      shapes: this.shapes.at(this.tree.moves()),
    });
  }

  private showStatus(): void {
    const p = this.play;
    // In a game, whose turn it is in the player's terms: the board takes moves only on theirs.
    const yours = this.mode === "play" && p ? this.info!.side === p.human : null;
    showStatusLine($("game-status"), this.info!, p?.over?.() ?? null, yours, this.premove);
  }

  // ---- move entry ------------------------------------------------------------------------

  private pointerDown(square: string, e: PointerEvent): void {
    this.diagram.hide();
    // A right-click drops a premove and a half-entered move, and starts an arrow or circle;
    // a left one clears them.
    if (e.button === 2) {
      this.shapes.press(square, e);
      return this.cancelEntry();
    }
    if (this.shapes.clear(this.tree.moves())) this.render();
    // A press on the board while the promotion choice is open closes it, move unplayed.
    if (this.promotion.pending) return this.cancelPromotion();
    if (e.pointerType !== "mouse") {
      window.clearTimeout(this.longPress);
      this.longPress = window.setTimeout(() => this.showDiagram(square, e), 450);
    }
    const wasSelecting = this.input.path.length > 0;
    const r = this.input.click(square);
    this.dragFrom = null;
    if (r.kind === "select" || (r.kind === "none" && !wasSelecting)) {
      if (r.kind === "select") {
        this.dragFrom = square;
        this.render();
        this.board.startDrag(square, e);
      }
      return;
    }
    this.after(r);
  }

  private pointerUp(square: string | null, e: PointerEvent): void {
    if (e.button === 2) {
      this.shapes.release(square, this.tree.moves());
      return this.render();
    }
    window.clearTimeout(this.longPress);
    // A long press's diagram is shown while the finger rests; it goes when the finger lifts.
    if (e.pointerType !== "mouse") this.diagram.hide();
    const from = this.dragFrom;
    this.dragFrom = null;
    if (!from || !square || square === from || this.input.path.length !== 1) {
      this.render();
      return;
    }
    this.after(this.input.click(square));
  }

  /** A press the browser took over (a swipe that scrolls the page): the long press's diagram
   * and the piece the press chose go with its drag copy. */
  private pointerCancel(): void {
    window.clearTimeout(this.longPress);
    this.diagram.hide();
    if (this.dragFrom) this.input.reset();
    this.dragFrom = null;
    this.render();
  }

  /** Enter or Space on a square: a click without a drag. */
  private activate(square: string): void {
    const wasSelecting = this.input.path.length > 0;
    const r = this.input.click(square);
    if (r.kind === "select" || (r.kind === "none" && !wasSelecting)) this.render();
    else this.after(r);
    this.announce(square);
  }

  /** Says what is on the keyboard cursor's square, for a screen reader (and the tests). */
  private announce(square: string): void {
    if (!this.info) return;
    const { p, kind } = this.pieceOn(square);
    const piece = p && { black: p.black, name: kind?.name ?? p.token };
    const target = this.input.candidates().has(square);
    $("board-cursor").textContent = cursorText(square, piece, this.input.path, target);
  }

  private after(r: ReturnType<MoveInput["click"]>): void {
    if (r.kind === "done") this.commit(r.move);
    else if (r.kind === "promote") this.promotion.open(r);
    this.render();
  }

  private async playMove(move: string): Promise<void> {
    const info = this.info;
    if (!info) return;
    const label = (await this.rules.notation(info.sfen, [move]))[0] ?? move;
    if (this.mode === "play" && this.play) {
      if (!this.play.clock.stop())
        return this.endPlay(() => t("play.lostOnTime", { side: sideName(info.side) }));
      this.tree.truncate();
    }
    this.tree.play(move, label);
    await this.show();
    this.sound.move(info.sfen, this.info!.sfen, this.kind.variant === "chushogi" ? 12 : 17);
    if (this.play && this.mode === "play" && !this.play.over) {
      if (this.info!.result !== "none") {
        const end = this.info!;
        this.endPlay(() => resultText(end));
      } else this.play.clock.start(this.info!.side);
      // The engine moved: the player's premove, if still legal, is played at once.
      const pre = this.premove;
      if (pre && this.canEnterMoves()) {
        this.premove = null;
        const move = premoveToPlay(pre, this.input);
        if (move) await this.playMove(move);
        else this.showStatus();
        this.render();
      }
    }
  }

  private hover(square: string | null, e: PointerEvent): void {
    if (this.shapes.move(square)) return this.render();
    if (e.pointerType !== "mouse" || e.buttons) return;
    if (!square) return this.diagram.hide();
    this.showDiagram(square, e);
  }

  /** The piece on `square` of the shown position, and its kind. */
  private pieceOn(square: string) {
    if (!this.info) return {};
    const size = this.kind.variant === "chushogi" ? 12 : 17;
    const [f, r] = squareCoords(square);
    const p = parseBoard(this.info.sfen, size)[r]?.[f];
    return { p, kind: p ? this.kinds.get(p.token) : undefined };
  }

  private showDiagram(square: string, e: PointerEvent): void {
    const { p, kind } = this.pieceOn(square);
    if (!p || !kind) return this.diagram.hide();
    this.diagram.show(kind, p.black, this.flipped, e.clientX, e.clientY);
  }

  // ---- analysis --------------------------------------------------------------------------

  private async analyse(): Promise<void> {
    if (this.review.running) return;
    // A hidden tab does not analyse (a phone's battery); it goes on when shown again.
    const on = ($("analyse-on") as HTMLInputElement).checked && !document.hidden;
    const info = this.info!;
    if (!on || info.result !== "none") {
      await this.searcher.stop();
      this.renderLines();
      return;
    }
    const multipv = ($("multipv") as HTMLSelectElement).value;
    void this.searcher.search(this.kind, this.tree.startSfen, this.tree.moves(), "go infinite", {
      USI_AnalyseMode: "true",
      Skill_Level: "20",
      MultiPV: multipv,
      Threads: String(this.threads),
    });
    this.renderLines();
  }

  private engineInfo(line: EngineLine): void {
    if (this.mode !== "analyse") return;
    this.analysis.add(line);
    if (this.linesTimer === undefined) {
      this.linesTimer = window.setTimeout(() => {
        this.linesTimer = undefined;
        this.renderLines();
        if (this.analysis.best() !== this.arrowMove) this.render();
      }, 150);
    }
  }

  private renderLines(): void {
    this.analysis.render(this.info, this.mode === "analyse", this.flipped, this.tree.current.move);
  }

  // ---- play ------------------------------------------------------------------------------

  /** Play from the shown position (its button in the analysis panel, the editor's Play). */
  private playFromHere(): void {
    if (this.info?.result !== "none") return;
    this.setMode("play");
    void this.newPlay(true);
  }

  /** Whether a game against the engine is under way. */
  private running(): boolean {
    return this.mode === "play" && this.play !== null && this.play.over === null;
  }

  /** True when no game runs, or the player agrees to end it for `what`. */
  private mayLeaveGame(what: Key): boolean {
    return !this.running() || confirm(t("play.leave", { what: t(what) }));
  }

  /** A new game against the engine, from the start or (`fromHere`) from the shown position. */
  private async newPlay(fromHere = false): Promise<void> {
    if (!this.mayLeaveGame("leave.newGame")) return;
    await this.searcher.stop();
    const { human, level, tc } = readPlayForm();
    if (tc.mode === "clock" && tc.baseMs + tc.incMs + tc.byoyomiMs <= 0) {
      $("game-status").textContent = t("play.giveTime");
      return;
    }
    this.play = { human, level, clock: new GameClock(tc), over: null };
    this.setPlayButtons();
    this.flipped = this.play.human === "w";
    // The player's clock sits on the player's side of the board: at the bottom.
    $("clocks").dataset.human = this.play.human;
    if (fromHere) {
      await this.setGame(
        this.kind,
        this.tree.startSfen,
        this.tree.moves(),
        [],
        this.shapes.saved(),
      );
    } else {
      const [variant, rules] = ($("game") as HTMLSelectElement).value.split("/");
      await this.setGame({ variant, rules } as GameKind, null, []);
    }
    this.play.clock.start(this.info?.side ?? "b");
    await this.show();
  }

  /** Resign and Abort while a game runs, Takeback while there is a move of the player's. */
  private setPlayButtons(): void {
    for (const id of ["resign", "abort"]) ($(id) as HTMLButtonElement).disabled = !this.running();
    ($("takeback") as HTMLButtonElement).disabled = !this.takebackTo();
  }

  /** Takes back the player's last move and the engine's reply, if it came: the player is to
   * move again where they were, on the same clock. */
  private async takeback(): Promise<void> {
    const p = this.play;
    const node = this.takebackTo();
    if (!p || !node) return;
    // A reply still being searched is dropped: its answer finds a newer generation.
    this.premove = null;
    this.generation++;
    await this.searcher.stop();
    this.tree.current = node;
    this.tree.truncate();
    p.clock.halt();
    p.clock.start(p.human);
    await this.show();
  }

  /** The last position before the player's last move in a running game (null: no move of
   * theirs to take back, as before their first). */
  private takebackTo(): TreeNode | null {
    let node: TreeNode | null = this.running() ? this.tree.current : null;
    do node = node?.parent ?? null;
    while (node && this.cache.get(node.id)?.side !== this.play!.human);
    return node;
  }

  private async engineTurn(): Promise<void> {
    const p = this.play;
    const info = this.info;
    if (!p || p.over || !info || info.side === p.human || info.result !== "none") return;
    if (this.tree.current.children.length) return;
    const gen = this.generation;
    const best = await this.searcher.search(
      this.kind,
      this.tree.startSfen,
      this.tree.moves(),
      p.clock.goCommand(),
      {
        USI_AnalyseMode: "false",
        Skill_Level: String(p.level),
        MultiPV: "1",
        Threads: String(this.threads),
      },
    );
    await this.engineGate?.();
    if (best === null || gen !== this.generation || this.play !== p || p.over) return;
    const move = best.split(" ")[1];
    if (!move || move === "resign")
      return this.endPlay(() => t("play.resigns", { side: sideName(info.side) }));
    await this.playMove(move);
  }

  private endPlay(text: () => string): void {
    const p = this.play;
    if (!p) return;
    p.over = text;
    this.premove = null;
    p.clock.halt();
    this.setPlayButtons();
    void this.searcher.stop();
    this.input = new MoveInput([]);
    this.showStatus();
    this.render();
  }

  private tick(): void {
    const p = this.play;
    if (!p || this.mode !== "play") return;
    renderClocks(p.clock, p.human, this.sound);
    const flag = p.clock.overstepped();
    if (flag && !p.over) this.endPlay(() => t("play.lostOnTime", { side: sideName(flag) }));
  }

  // ---- controls --------------------------------------------------------------------------

  private setMode(mode: Mode): void {
    if (
      mode !== "play" &&
      !this.mayLeaveGame(mode === "edit" ? "leave.editing" : "leave.analysis")
    ) {
      return;
    }
    this.showMode(mode);
    if (mode !== "play" && this.play) {
      this.play.clock.halt();
      this.play.over ??= () => t("play.leftForAnalysis");
      this.setPlayButtons();
    }
    void this.searcher.stop().then(() => this.show());
    if (mode === "edit") this.editor.open(this.kind, this.kinds, this.info!.sfen);
  }

  /** The editor's Analyse, Play and Cancel: its position shown (as if pasted), then the mode. */
  private async editorDone(sfen: string | null, then: "analyse" | "play"): Promise<void> {
    if (sfen) await this.setGame(this.kind, sfen, []);
    if (then === "play" && this.info?.result === "none") this.playFromHere();
    else this.setMode("analyse");
  }

  /** The mode's buttons and panels (the editor's: by the body's `data-mode`, app.css). */
  private showMode(mode: Mode): void {
    this.mode = document.body.dataset.mode = mode;
    for (const m of ["analyse", "play", "edit"]) {
      $(`mode-${m}`).setAttribute("aria-pressed", String(mode === m));
    }
    $("play-panel").hidden = mode !== "play";
    $("analysis-panel").hidden = mode !== "analyse";
    this.renderLines();
  }

  /** A kept game in play, before its moves are shown: its side, strength and clocks (which
   * start once the position is shown; the time the page was away is not counted). */
  private resumePlay(saved: SavedPlay): void {
    this.play = {
      human: saved.human,
      level: saved.level,
      clock: GameClock.resumed(saved.tc, saved.main),
      over: null,
    };
    showPlayChoices(saved.human, saved.level, saved.tc);
    this.showMode("play");
    this.setPlayButtons();
    this.flipped = saved.human === "w";
    $("clocks").dataset.human = saved.human;
  }

  private bindControls(): void {
    const click = (id: string, f: () => void) => $(id).addEventListener("click", f);
    click("mode-analyse", () => this.setMode("analyse"));
    click("mode-play", () => this.setMode("play"));
    click("mode-edit", () => this.setMode("edit"));
    click("flip", () => this.toggleFlip());
    $("sound").setAttribute("aria-pressed", String(this.sound.on));
    click("sound", () => $("sound").setAttribute("aria-pressed", String(this.sound.toggle())));
    click("first", () => this.navigate("first"));
    click("back", () => this.navigate("back"));
    click("forward", () => this.navigate("forward"));
    click("last", () => this.navigate("last"));
    click("start-game", () => void this.newPlay());
    click("play-from-here", () => this.playFromHere());
    click("takeback", () => void this.takeback());
    click("abort", () => {
      if (this.running()) this.endPlay(() => t("play.aborted"));
    });
    // Closing or reloading the tab during a game asks first (the browser's own prompt).
    window.addEventListener("beforeunload", (e) => {
      if (this.running()) e.preventDefault();
    });
    click("resign", () => {
      if (this.play && !this.play.over) {
        this.endPlay(() => t("play.resigns", { side: sideName(this.play!.human) }));
      }
    });
    bindGameIo({
      line: () => this.shown(true),
      info: () => this.info,
      load: (t) => void this.load(t),
    });
    click("io-kif", () => this.downloadKif());
    $("game").addEventListener("change", () => {
      if (!this.mayLeaveGame("leave.anotherGame")) {
        ($("game") as HTMLSelectElement).value = `${this.kind.variant}/${this.kind.rules}`;
        return;
      }
      const [variant, rules] = ($("game") as HTMLSelectElement).value.split("/");
      this.play = null;
      void this.searcher
        .stop()
        .then(() => this.setGame({ variant, rules } as GameKind, null, []))
        .then(() => this.mode === "edit" && this.setMode("edit"));
    });
    $("analyse-on").addEventListener("change", () => void this.analyse());
    document.addEventListener("visibilitychange", () => {
      if (this.mode === "analyse" && this.info) void this.analyse();
    });
    // On a small screen (a phone: battery, one or two cores) analysis starts when asked.
    if (matchMedia("(max-width: 700px)").matches) {
      ($("analyse-on") as HTMLInputElement).checked = false;
    }
    $("multipv").addEventListener("change", () => {
      this.analysis.lines.clear();
      void this.analyse();
    });
    $("move-entry").addEventListener("submit", (e) => {
      e.preventDefault();
      void this.typedMove();
    });
    setUpPlayForm();
    // A press anywhere off the board drops a half-entered move, as on lishogi's board (the
    // promotion prompt is answered by its own buttons).
    window.addEventListener("pointerdown", (e) => {
      if (this.input.path.length === 0 || this.promotion.pending) return;
      // The path as dispatched: the board's own handler may have redrawn (detached) the target.
      if (e.composedPath().includes(this.board.svg)) return;
      this.input.reset();
      this.render();
    });
    const zoomed = () => $("board-area").classList.contains("zoomed");
    bindNavigation(
      this.board.svg,
      (s) => this.navigate(s),
      () => !zoomed(),
      {
        f: () => this.toggleFlip(),
        l: this.look.toggleLatin,
        z: setUpBoardSize($("board-wrap"), $("board-area"), $("zoom")),
        c: setUpCoordinates($("coords"), $("board-wrap")),
        Escape: () => this.cancelEntry(),
      },
    );
  }

  private toggleFlip(): void {
    this.flipped = !this.flipped;
    this.render();
    this.renderLines();
  }

  private cancelPromotion(): void {
    this.promotion.close();
    this.render();
  }

  /** A move entered on the board (every path ends here): played, or kept as the premove
   * while the engine thinks. */
  private commit(move: string): void {
    if (this.divertMove) return this.divertMove(move);
    if (this.running() && this.info?.side !== this.play!.human) {
      this.premove = move;
      this.showStatus();
      this.render();
      return;
    }
    void this.playMove(move);
  }

  /** While the engine thinks: the moves the player's pieces have now, to enter a premove. */
  private async premoveInput(gen: number, info: PositionInfo): Promise<void> {
    const mine = await premoveMoves(this.rules, info);
    if (!mine || gen !== this.generation || this.info !== info || !this.running()) return;
    this.input = new MoveInput(mine.legal, mine.paths);
    this.render();
  }

  /** Escape or a right-click: the premove, a half-entered move and the promotion choice go. */
  private cancelEntry(): void {
    this.cancelPromotion();
    this.input.reset();
    this.diagram.hide();
    if (this.premove) {
      this.premove = null;
      this.showStatus();
    }
    this.render();
  }

  private async typedMove(): Promise<void> {
    const input = $("move-text") as HTMLInputElement;
    const text = input.value.trim();
    if (!text || !this.info) return;
    if (!this.canEnterMoves()) {
      $("game-status").textContent = t("entry.notYourTurn");
      return;
    }
    try {
      const { startSfen } = this.tree;
      const line = this.tree.moves();
      const move = await this.input.typed(text, (m) =>
        this.rules.position(startSfen, [...line, m]),
      );
      input.value = "";
      await this.playMove(move);
    } catch (err) {
      $("game-status").textContent = t("entry.illegal", { error: (err as Error).message });
    }
  }

  /** The shown line, the whole tree and a game in play, as kept (`line`: the line alone, for
   * links and files). */
  private shown(line = false): SavedGame {
    const p = this.running() ? this.play! : null;
    const play = p
      ? { human: p.human, level: p.level, tc: p.clock.tc, main: p.clock.snapshot() }
      : undefined;
    return gameOf(this.kind, this.tree, this.shapes.saved(), line ? undefined : { play });
  }

  /** Downloads the shown line as a KIF record (kif.ts). */
  private downloadKif(): void {
    const { kind, tree, play } = this;
    const result = this.info?.result ?? "none";
    const moves = lineFacts(tree, this.cache.get(tree.root.id)!.side);
    const players = play ? playersOf(play.human, play.level) : undefined;
    downloadKif({ kind, sfen: tree.startSfen, moves, result, players }, this.kinds);
  }

  private async load(text: string): Promise<void> {
    if (!this.mayLeaveGame("leave.loading")) return;
    const err = $("io-error");
    err.textContent = "";
    const parsed: Paste = isKif(text)
      ? await readKif(text, this.kind, this.rules)
      : parsePaste(text, this.kind);
    if ("error" in parsed) {
      err.textContent = parsed.error;
      return;
    }
    this.play = null;
    if (this.mode !== "analyse") this.setMode("analyse");
    try {
      await this.searcher.stop();
      await this.setGame(parsed.kind, parsed.sfen, parsed.moves, [], parsed.shapes);
    } catch (e) {
      err.textContent = (e as Error).message;
      // The rules engine may now hold the pasted game's variant: put the shown game back.
      this.kinds = await this.rules.setGame(this.kind);
    }
  }
}
