// Arrows and circles drawn on the board with the right mouse button, as on lishogi (its board,
// shogiground, takes them from chessground): a right-drag from one square to another draws an
// arrow, a right-click on a square a circle; green, or red with Shift (or Ctrl), blue with Alt
// (or Meta), yellow with both. Drawing a shape again removes it (in another colour, recolours
// it); a left click on the board clears them. Each position of the game tree has its own,
// kept with the game (persistence.ts): in the browser's storage, share links and game files.

export type Brush = "green" | "red" | "blue" | "yellow";

/** An arrow from `from` to `to`, or a circle when they are the same square. */
export interface Shape {
  brush: Brush;
  from: string;
  to: string;
}

/** Shapes by position: the key is the line of USI moves from the start, space-separated
 * ("" for the start); each shape written as its code (`shapeCode`). */
export type SavedShapes = Record<string, string[]>;

const LETTER: Record<Brush, string> = { green: "G", red: "R", blue: "B", yellow: "Y" };
const CODE = /^([GRBY])(\d+[a-q])(\d+[a-q])?$/;

/** `G7i7h` (a green arrow), `R5e` (a red circle). */
export function shapeCode(s: Shape): string {
  return `${LETTER[s.brush]}${s.from}${s.to === s.from ? "" : s.to}`;
}

/** A shape's code read back; null for anything else. */
export function readShape(code: string): Shape | null {
  const m = CODE.exec(code);
  if (!m) return null;
  const brush = (Object.keys(LETTER) as Brush[]).find((b) => LETTER[b] === m[1])!;
  return { brush, from: m[2], to: m[3] ?? m[2] };
}

/** The brush of a pointer event's modifier keys. */
function brushOf(e: { shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }) {
  const red = e.shiftKey || e.ctrlKey;
  const blue = e.altKey || e.metaKey;
  return red && blue ? "yellow" : red ? "red" : blue ? "blue" : "green";
}

/** The shapes of the positions of one line (`moves`), each code after its position's ply:
 * `0G7i7h 2R5e` (links and game files carry a line). */
export function lineShapes(shapes: SavedShapes | undefined, moves: string[]): string {
  const out: string[] = [];
  for (let ply = 0; ply <= moves.length; ply++) {
    for (const code of shapes?.[moves.slice(0, ply).join(" ")] ?? []) out.push(`${ply}${code}`);
  }
  return out.join(" ");
}

/** `lineShapes`'s text read back onto the line `moves`; codes off the line are dropped. */
export function readLineShapes(text: string, moves: string[]): SavedShapes {
  const shapes: SavedShapes = {};
  for (const word of text.split(/[\s,]+/)) {
    const m = /^(\d+)(.*)$/.exec(word);
    if (!m || Number(m[1]) > moves.length || !readShape(m[2])) continue;
    (shapes[moves.slice(0, Number(m[1])).join(" ")] ??= []).push(m[2]);
  }
  return shapes;
}

/** Only what reads as shapes (a kept game from an older page, or a hand-edited one). */
export function checkedShapes(value: unknown): SavedShapes | undefined {
  if (!value || typeof value !== "object") return undefined;
  const out: SavedShapes = {};
  for (const [key, codes] of Object.entries(value)) {
    if (Array.isArray(codes)) out[key] = codes.filter((c) => typeof c === "string" && readShape(c));
  }
  return out;
}

export class Shapes {
  private byLine = new Map<string, Shape[]>();
  /** The right-drag in progress: its start, where it is now, its brush. */
  private drawing: Shape | null = null;

  /** `changed` runs after every change a player made (to keep the game). */
  constructor(private readonly changed: () => void) {}

  /** The shapes of the position after `moves`, with the one being drawn there. */
  at(moves: string[]): Shape[] {
    const kept = this.byLine.get(moves.join(" ")) ?? [];
    return this.drawing ? [...kept, this.drawing] : kept;
  }

  /** A right press on `square`: a shape starts there. */
  press(square: string, e: PointerEvent): void {
    this.drawing = { brush: brushOf(e), from: square, to: square };
  }

  /** The pointer is over `square` (null: off the board); true when the drawing changed. */
  move(square: string | null): boolean {
    const d = this.drawing;
    if (!d || !square || d.to === square) return false;
    d.to = square;
    return true;
  }

  /** The right button released on `square` (null: off the board, nothing drawn), in the
   * position after `moves`: the shape is added, recoloured or removed. */
  release(square: string | null, moves: string[]): void {
    const d = this.drawing;
    this.drawing = null;
    if (!d || !square) return;
    d.to = square;
    const key = moves.join(" ");
    const kept = this.byLine.get(key) ?? [];
    const same = kept.find((s) => s.from === d.from && s.to === d.to);
    const rest = kept.filter((s) => s !== same);
    this.set(key, same?.brush === d.brush ? rest : [...rest, d]);
  }

  /** A left press: the position's shapes go; true when there were any. */
  clear(moves: string[]): boolean {
    const key = moves.join(" ");
    if (!this.byLine.get(key)?.length) return false;
    this.set(key, []);
    return true;
  }

  private set(key: string, shapes: Shape[]): void {
    if (shapes.length) this.byLine.set(key, shapes);
    else this.byLine.delete(key);
    this.changed();
  }

  /** Every position's shapes, as kept. */
  saved(): SavedShapes {
    return Object.fromEntries([...this.byLine].map(([k, v]) => [k, v.map(shapeCode)]));
  }

  /** Replaces them all with `saved`'s (none: a game without shapes). */
  replace(saved: SavedShapes = {}): void {
    this.drawing = null;
    this.byLine = new Map(
      Object.entries(saved)
        .map(
          ([k, codes]) => [k, codes.map(readShape).filter((s): s is Shape => s !== null)] as const,
        )
        .filter(([, shapes]) => shapes.length > 0),
    );
  }
}
