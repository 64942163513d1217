// The move notations (web/app/notation.ts) and KIF records (web/app/kif.ts) in Node, from what
// the native binary says: its piece table (`pieces`), its Hodges texts (`notation`), its legal
// moves and other paths. Japanese squares and numerals, the piece's kanji by side, 同, 成/不成,
// a lion's igui, pass and double move; a KIF written and read back to the same moves; a
// hand-written record in lishogi's layout; malformed and illegal records refused.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAppModule as load } from "./app-module.mjs";

const N = await load("notation.ts");
const K = await load("kif.ts");

const binary = fileURLToPath(new URL("../../target/release/shishi", import.meta.url));

/** The native binary's answer lines to `commands` in a variant. */
function native(variant, commands) {
  return execFileSync(binary, [], {
    input: ["usi", `setoption name USI_Variant value ${variant}`, ...commands, "quit", ""].join(
      "\n",
    ),
  })
    .toString()
    .split("\n");
}

/** The engine's piece kinds, as web/app/rules-client.ts reads them. */
function kinds(variant) {
  const out = new Map();
  for (const l of native(variant, ["pieces"]).filter((l) => l.startsWith("piece "))) {
    const f = l.split(" ");
    const [token, abbr, kanji, kanjiOne, royal, diagram] = f.slice(1);
    out.set(token, { token, abbr, kanji, kanjiOne, royal: royal === "1", diagram });
  }
  return out;
}

/** The engine's Hodges texts of a line of moves from `sfen` (`startpos` for the start). */
function hodges(variant, sfen, moves) {
  const pos = sfen === "startpos" ? "position startpos" : `position sfen ${sfen}`;
  const line = native(variant, [pos, `notation ${moves.join(" ")}`]).find((l) =>
    l.startsWith("notation"),
  );
  return line.split(" ").slice(1);
}

/** What `position` answers (legal moves, other paths), as RulesClient.position gives it. */
function positionInfo(variant, sfen, moves) {
  const pos = sfen ? `position sfen ${sfen}` : "position startpos";
  const lines = native(variant, [
    moves.length ? `${pos} moves ${moves.join(" ")}` : pos,
    "legalmoves",
    "movepaths",
  ]);
  const line = (p) => lines.find((l) => l.startsWith(p)) ?? "";
  const paths = new Map(
    line("movepaths")
      .split(" ")
      .slice(1)
      .map((e) => {
        const [m, list] = e.split("=");
        return [m, list.split(",")];
      }),
  );
  return { legal: line("legalmoves").split(" ").slice(1), paths };
}

const CHU = kinds("chushogi");
const LION = "k11/12/12/12/6p5/6p5/6N5/12/12/12/12/11K b - 1";

function japanese(variant, sfen, moves, side = "b", previous = null, style = "japanese") {
  const h = hodges(variant, sfen, moves);
  assert.equal(h.length, moves.length, `the engine writes every move of ${moves}`);
  const format = (f, prev) => N.formatMove(style, f, kinds(variant), prev);
  return N.formatLine(format, moves, h, side, previous);
}

test("Japanese squares: full-width files, kanji ranks up to 十七", () => {
  assert.equal(N.japaneseSquare("7g"), "７七");
  assert.equal(N.japaneseSquare("10l"), "１０十二");
  assert.equal(N.japaneseSquare("17q"), "１７十七");
  assert.equal(N.japaneseSquare("12j", true), "12十");
  for (let n = 1; n <= 17; n++) assert.equal(N.numberOfKanji(N.kanjiNumber(n)), n);
  assert.equal(N.numberOfKanji("十十"), null);
});

test("chu moves in Japanese: piece kanji by side, 同, 成 and 不成", () => {
  assert.deepEqual(japanese("chushogi", "startpos", ["7i7h", "6d6e"]), ["▲７八歩兵", "△６五歩兵"]);
  // The king: 玉将 for Black, 王将 for White.
  const kings = "k11/12/12/12/12/12/12/12/12/12/12/11K w - 1";
  assert.deepEqual(japanese("chushogi", kings, ["12a11b", "1l2k"], "w"), [
    "△１１二王将",
    "▲２十一玉将",
  ]);
  // A recapture on the square of the move before: 同.
  assert.deepEqual(japanese("chushogi", LION, ["6g6f", "6e6f"]), ["▲６六獅子", "△同歩兵"]);
  assert.deepEqual(japanese("chushogi", LION, ["6g6f"], "b", "5e6f"), ["▲同獅子"]);
  // A silver entering the zone: promotes (成) or declines (不成); the promoted silver is a
  // vertical mover (竪行).
  const silver = "k11/12/12/12/9S2/12/12/12/12/12/12/11K b - 1";
  assert.deepEqual(japanese("chushogi", silver, ["3e3d+", "12a12b", "3d3c"]), [
    "▲３四銀将成",
    "△１２二王将",
    "▲３三竪行",
  ]);
  assert.deepEqual(japanese("chushogi", silver, ["3e3d"]), ["▲３四銀将不成"]);
});

test("two pieces of a kind could make the move: the origin, as the engine's Hodges names it", () => {
  const golds = "k11/12/12/12/12/12/12/7G1G2/12/12/12/11K b - 1";
  assert.deepEqual(japanese("chushogi", golds, ["5h4g"]), ["▲４七金将（５八）"]);
  assert.deepEqual(japanese("chushogi", golds, ["5h5g"]), ["▲５七金将"]);
});

test("a lion's moves in Japanese: double move with both squares, igui, pass", () => {
  assert.deepEqual(japanese("chushogi", LION, ["6g6f6e"]), ["▲６六・６五獅子"]);
  assert.deepEqual(japanese("chushogi", LION, ["6g6f5e"]), ["▲６六・５五獅子"]);
  assert.deepEqual(japanese("chushogi", LION, ["6g6f6g"]), ["▲６六獅子居喰い"]);
  assert.deepEqual(japanese("chushogi", LION, ["6g7g6g"]), ["▲獅子じっと"]);
});

test("Japanese with one-kanji names: the engine's one-kanji table, by side", () => {
  const one = (variant, sfen, moves, side = "b", previous = null) =>
    japanese(variant, sfen, moves, side, previous, "japanese1");
  assert.deepEqual(one("chushogi", "startpos", ["7i7h", "6d6e"]), ["▲７八歩", "△６五歩"]);
  assert.deepEqual(one("chushogi", LION, ["6g6f", "6e6f"]), ["▲６六獅", "△同歩"]);
  assert.deepEqual(one("chushogi", LION, ["6g6f6e"]), ["▲６六・６五獅"]);
  assert.deepEqual(one("chushogi", LION, ["6g7g6g"]), ["▲獅じっと"]);
  const kings = "k11/12/12/12/12/12/12/12/12/12/12/11K w - 1";
  assert.deepEqual(one("chushogi", kings, ["12a11b", "1l2k"], "w"), ["△１１二王", "▲２十一玉"]);
  // Every kind of both games has a one-kanji name of its own (dai dai's five without a single
  // kanji of their own keep two).
  for (const variant of ["chushogi", "daidaishogi"]) {
    const names = new Map();
    for (const kind of kinds(variant).values()) {
      if (!kind.token.startsWith("+") || kind.token === "+p") {
        for (const name of kind.kanjiOne.split("/")) {
          assert.ok(
            !names.has(name),
            `${variant}: ${name} for ${kind.abbr} and ${names.get(name)}`,
          );
          names.set(name, kind.abbr);
        }
      }
    }
  }
  assert.equal(CHU.get("o").kanjiOne, "麒");
});

test("dai dai moves in Japanese: files and ranks past 十二", () => {
  const start = native("daidaishogi", ["position startpos", "sfen"])
    .find((l) => l.startsWith("sfen "))
    .slice(5);
  const legal = positionInfo("daidaishogi", start, []).legal;
  const move = legal.find((m) => /^1[3-7]/.test(m) && /[m-q]$/.test(m)) ?? legal[0];
  const [text] = japanese("daidaishogi", start, [move]);
  const to = move.match(/\d+[a-q]/g).at(-1);
  assert.ok(text.startsWith(`▲${N.japaneseSquare(to)}`), `${move}: ${text}`);
  assert.match(text, /^▲[０-９]+[一二三四五六七八九十]+\p{Script=Han}+$/u);
});

test("Hodges and USI styles give the engine's texts", () => {
  const facts = { usi: "6g6f6e", hodges: "Lnx6fx6e", side: "b" };
  assert.equal(N.formatMove("hodges", facts, CHU, null), "Lnx6fx6e");
  assert.equal(N.formatMove("usi", facts, CHU, null), "6g6f6e");
});

/** A KIF written from the engine's facts and read back: the same moves. */
function roundTrip(variant, rules, sfen, moves) {
  const h = hodges(variant, sfen ?? "startpos", moves);
  const facts = moves.map((usi, i) => ({ usi, hodges: h[i], side: i % 2 ? "w" : "b" }));
  const kind = { variant, rules };
  const text = K.writeKif({ kind, sfen, moves: facts, result: "black" }, kinds(variant));
  const parsed = K.parseKif(text, { variant: "chushogi", rules: "lishogi" });
  assert.ok(!("error" in parsed), parsed.error);
  assert.deepEqual(parsed.kind, kind);
  assert.equal(parsed.sfen, sfen);
  return { text, parsed };
}

test("a KIF record written and read back: the same game", async () => {
  const igui = ["6g6f6g", "6e6f", "6g6f"];
  const { text, parsed } = roundTrip("chushogi", "seed", LION, igui);
  assert.match(
    text,
    /^ {3}1手目一歩目 6六獅子 （←6七）\n {3}1手目二歩目 6七獅子（居食い） （←6六）$/m,
  );
  assert.match(text, /^ {3}3手目 {3}仝獅子 （←6七）$/m);
  assert.match(text, /^まで3手で先手の勝ち$/m);
  const double = ["6g6f6e"];
  const second = roundTrip("chushogi", "jcsa", LION, double);
  assert.match(
    second.text,
    /^ {3}1手目一歩目 6六獅子 （←6七）\n {3}1手目二歩目 6五獅子 （←6六）$/m,
  );
  for (const [moves, p] of [
    [igui, parsed],
    [double, second.parsed],
  ]) {
    const back = await K.resolveKif(p.moves, async (line) => positionInfo("chushogi", LION, line));
    assert.deepEqual(back, moves);
  }
});

test("a hand-written record in lishogi's chu KIF layout reads as the engine's moves", async () => {
  const text = readFileSync(new URL("kif/lishogi-chu.kif", import.meta.url), "utf8");
  assert.ok(K.isKif(text));
  const parsed = K.parseKif(text, { variant: "chushogi", rules: "seed" });
  assert.deepEqual(parsed.kind, { variant: "chushogi", rules: "seed" });
  assert.equal(parsed.sfen, null);
  const moves = await K.resolveKif(parsed.moves, async (line) =>
    positionInfo("chushogi", null, line),
  );
  assert.equal(moves.length, 10);
  assert.equal(moves[8], "7f6e5e");
  // The engine's own Hodges line of them: every move legal.
  assert.equal(hodges("chushogi", "startpos", moves).length, 10);
});

test("malformed and illegal records are refused with a message", async () => {
  const header = `${K.KIF_MOVES_HEADER}\n`;
  const bad = K.parseKif(`${header}   1手目   7八歩兵 7九\n`, {
    variant: "chushogi",
    rules: "lishogi",
  });
  assert.match(bad.error, /KIF move 1 '7八歩兵 7九' is not a move/);
  const orphan = K.parseKif(`${header}   1手目二歩目 5五獅子 （←6五）\n`, {
    variant: "chushogi",
    rules: "lishogi",
  });
  assert.match(orphan.error, /二歩目/);
  const standard = K.parseKif(`手合割：平手\n${header}   1 ７六歩(77)\n`, {
    variant: "chushogi",
    rules: "lishogi",
  });
  assert.match(standard.error, /平手/);
  const parsed = K.parseKif(`${header}   1手目   7七歩兵 （←7九）\n`, {
    variant: "chushogi",
    rules: "lishogi",
  });
  await assert.rejects(
    K.resolveKif(parsed.moves, async (line) => positionInfo("chushogi", null, line)),
    /KIF move 1 \(7七歩兵 （←7九）\) is not a legal move in that position/,
  );
});
