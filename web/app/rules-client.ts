// Every rule the board needs comes from the engine itself, through Shishi's board commands
// (docs/protocol.md, "Board commands"), on an engine instance of its own that never searches:
// the legal moves, the position after a line of moves, the game state, the piece kinds with
// kanji and movement diagrams, and readable notation. Nothing of the rules is written here.

import { EngineClient } from "./engine-client.js";

export type Variant = "chushogi" | "daidaishogi";
export type RuleSet = "seed" | "lishogi" | "jcsa";

/** Which game: the engine's `USI_Variant` and `Rules`. */
export interface GameKind {
  variant: Variant;
  rules: RuleSet;
}

/** A position as the board shows it. */
export interface PositionInfo {
  sfen: string;
  legal: string[];
  /** Other paths of the lion-like moves (`movepaths`): move → paths. */
  paths: Map<string, string[]>;
  side: "b" | "w";
  check: boolean;
  /** `none` while the game goes on. */
  result: "none" | "black" | "white" | "draw";
  reason: string;
}

/** One piece kind (`pieces`). */
export interface PieceKind {
  token: string;
  abbr: string;
  kanji: string;
  /** The one-kanji name (`獅`, `玉/王`; a few dai dai types keep two: src/rules/pieces/kanji.rs). */
  kanjiOne: string;
  royal: boolean;
  diagram: string;
  name: string;
}

export class RulesClient {
  private kind: GameKind | null = null;

  constructor(private readonly engine: EngineClient) {}

  /** Switches the rules engine to a game; the piece kinds of that game. Each question is
   * one queued request (its commands, then `isready`), so no other question's commands can
   * come between a `position` and the answers that depend on it. */
  async setGame(kind: GameKind): Promise<Map<string, PieceKind>> {
    this.kind = kind;
    const lines = await this.engine.ask(
      [
        `setoption name USI_Variant value ${kind.variant}`,
        `setoption name Rules value ${kind.rules}`,
        "pieces",
        "isready",
      ],
      "readyok",
    );
    const kinds = new Map<string, PieceKind>();
    for (const line of lines.filter((l) => l.startsWith("piece "))) {
      const f = line.split(" ");
      kinds.set(f[1], {
        token: f[1],
        abbr: f[2],
        kanji: f[3],
        kanjiOne: f[4],
        royal: f[5] === "1",
        diagram: f[6],
        name: f.slice(7).join(" "),
      });
    }
    return kinds;
  }

  /** The position after `moves` from `sfen` (`null`: the start position); rejects with the
   * engine's error when a move or the SFEN is not legal. */
  async position(sfen: string | null, moves: string[]): Promise<PositionInfo> {
    if (!this.kind) throw new Error("no game set");
    const command =
      (sfen ? `position sfen ${sfen}` : "position startpos") +
      (moves.length ? ` moves ${moves.join(" ")}` : "");
    const answer = await this.engine.ask(
      [command, "sfen", "legalmoves", "movepaths", "status", "isready"],
      "readyok",
    );
    const error = answer.find((l) => l.startsWith("info string error"));
    if (error) throw new Error(error.replace(/^info string error: /, ""));
    const line = (prefix: string) => answer.find((l) => l.startsWith(prefix)) ?? "";
    const legal = line("legalmoves").split(" ").slice(1);
    const paths = new Map(
      line("movepaths")
        .split(" ")
        .slice(1)
        .map((entry): [string, string[]] => {
          const [move, list] = entry.split("=");
          return [move, list.split(",")];
        }),
    );
    const s = line("status ").split(" ");
    const reasonAt = s.indexOf("reason");
    return {
      sfen: line("sfen ").slice("sfen ".length),
      legal,
      paths,
      side: s[2] === "w" ? "w" : "b",
      check: s[4] === "yes",
      result: s[6] as PositionInfo["result"],
      reason: reasonAt > 0 ? s.slice(reasonAt + 1).join(" ") : "",
    };
  }

  /** Whether `sfen` could be a game's position (`checkposition`: each side has a royal, no
   * piece stands where the rules never leave it): the engine's own SFEN of it, or the one
   * line that says why not (a malformed string's error, or the engine's reason). */
  async check(sfen: string): Promise<{ sfen: string } | { error: string }> {
    const answer = await this.engine.ask(
      [`position sfen ${sfen}`, "checkposition", "sfen", "isready"],
      "readyok",
    );
    const error = answer.find((l) => l.startsWith("info string error"));
    if (error) return { error: error.replace(/^info string error: /, "") };
    const verdict = answer.find((l) => l.startsWith("checkposition ")) ?? "";
    if (verdict !== "checkposition ok") {
      return { error: verdict.replace(/^checkposition (illegal )?/, "") };
    }
    return { sfen: (answer.find((l) => l.startsWith("sfen ")) ?? "").slice("sfen ".length) };
  }

  /** Rejects with the engine's reason where `sfen` is no game's position (`check`). */
  async requireGame(sfen: string): Promise<void> {
    const checked = await this.check(sfen);
    if ("error" in checked) throw new Error(checked.error);
  }

  /** The SFEN after each of `moves`, each played alone from `sfen`, in one request (`null`
   * for a move the engine refuses). */
  async sfensAfter(sfen: string, moves: string[]): Promise<(string | null)[]> {
    const commands = moves.flatMap((m) => [`position sfen ${sfen} moves ${m}`, "sfen"]);
    const answer = await this.engine.ask([...commands, "isready"], "readyok");
    const out: (string | null)[] = [];
    let refused = false;
    for (const l of answer) {
      if (l.startsWith("info string error")) refused = true;
      if (l.startsWith("sfen ")) {
        out.push(refused ? null : l.slice("sfen ".length));
        refused = false;
      }
    }
    return out;
  }

  /** Readable (Hodges) notation of a line of moves from a position. */
  async notation(sfen: string, moves: string[]): Promise<string[]> {
    if (moves.length === 0) return [];
    const lines = await this.engine.ask(
      [`position sfen ${sfen}`, `notation ${moves.join(" ")}`],
      "notation",
    );
    return lines[lines.length - 1].split(" ").slice(1);
  }
}
