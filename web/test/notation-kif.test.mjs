// The notation choice and KIF records through the page (docs/web.md, "Notation", "KIF"):
// switching to Japanese rewrites the move list and the engine's lines and is kept across a
// reload; a record in lishogi's chu KIF layout loads and replays legally; every downloaded KIF
// (chu and dai dai games from results/, up to their first lion double move and promotion)
// opens back to the same game; a record with an illegal move is refused, the game unchanged.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  boardHarness,
  copied,
  freshPage,
  listedMoves,
  nativeSfen,
  paste,
  waitMoves,
} from "./board-page.mjs";
import { games } from "./move-facts.mjs";

const harness = boardHarness();

const shownMoves = (page) => page.$$eval("#moves button", (bs) => bs.map((b) => b.textContent));
const lineWords = (page) =>
  page.$$eval("#lines .readable", (ls) => ls.map((l) => l.textContent.split(" ")));

test("Japanese notation: the move list and the engine's lines, kept across a reload", async () => {
  const { context, page, errors } = await freshPage(harness.browser, `${harness.server.url}dist/`);
  await paste(page, "7i7h 1d1e 7j7i 2d2e");
  await waitMoves(page, 4);
  assert.deepEqual(await shownMoves(page), ["P-7h", "P-1e", "Ln-7i", "P-2e"]);
  // The engine's lines in Hodges, once the rules engine has written them.
  await page.waitForFunction(() => {
    const ls = [...document.querySelectorAll("#lines .readable")];
    return ls.length > 0 && ls.every((l) => /^\+?[A-Z]/.test(l.textContent));
  });

  await page.selectOption("#notation", "japanese");
  assert.deepEqual(await shownMoves(page), ["▲７八歩兵", "△１五歩兵", "▲７九獅子", "△２五歩兵"]);
  await page.waitForFunction(() => {
    const ls = [...document.querySelectorAll("#lines .readable")];
    return ls.length > 0 && ls.every((l) => /^▲/.test(l.textContent));
  });
  for (const words of await lineWords(page)) {
    words.forEach((w, i) => assert.match(w, i % 2 ? /^△/ : /^▲/, words.join(" ")));
  }
  const list = await page.$("#moves");
  await list.screenshot({ path: join(tmpdir(), "shishi-japanese-moves.png") });
  await page.screenshot({ path: join(tmpdir(), "shishi-japanese-page.png") });

  await page.selectOption("#notation", "usi");
  assert.deepEqual(await shownMoves(page), await listedMoves(page));
  await page.selectOption("#notation", "japanese");
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await waitMoves(page, 4);
  assert.equal(await page.inputValue("#notation"), "japanese");
  assert.equal((await shownMoves(page))[0], "▲７八歩兵");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a chu KIF in lishogi's layout loads and replays legally", async () => {
  const { context, page, errors } = await freshPage(harness.browser, `${harness.server.url}dist/`);
  await page.selectOption("#notation", "japanese");
  const kif = readFileSync(new URL("kif/lishogi-chu.kif", import.meta.url), "utf8");
  await paste(page, kif);
  await waitMoves(page, 10);
  const shown = await shownMoves(page);
  assert.equal(shown[8], "▲６五・５五獅子");
  assert.equal(shown[9], "△同歩兵");
  // The KIF's own words for each single move are those of the list.
  const kifMoves = kif.match(/^ +\d+手目 {3}\S+/gm).map((l) => l.split(/\s+/).at(-1));
  assert.deepEqual(
    kifMoves.slice(0, 8).map((m) => m.replace(/\d+/, (d) => d.replace(/\d/g, fw))),
    shown.slice(0, 8).map((m) => m.slice(1)),
  );
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command));
  assert.deepEqual(errors, []);
  await context.close();
});

const fw = (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0);

/** Games of a record file, each cut after its first lion double move and first promotion. */
function withLionAndPromotion(file, count) {
  return games(file)
    .slice(0, count)
    .map((g) => {
      const double = g.moves.findIndex((m) => m.match(/\d+[a-q]/g).length === 3);
      const promotion = g.moves.findIndex((m) => m.endsWith("+"));
      assert.ok(double >= 0 && promotion >= 0, `${file}: a double move and a promotion`);
      return { sfen: g.sfen, moves: g.moves.slice(0, Math.max(double, promotion) + 1) };
    });
}

test("every downloaded KIF opens back to the same game (chu and dai dai)", async () => {
  const { context, page, errors } = await freshPage(harness.browser, `${harness.server.url}dist/`);
  const cases = [
    ...withLionAndPromotion("chu-L18-L19.txt.gz", 3).map((g) => ({ ...g, other: "daidai" })),
    ...withLionAndPromotion("daidai-2s-vs-8c75f62.txt.gz", 2).map((g) => ({ ...g, other: "chu" })),
  ];
  for (const g of cases) {
    await paste(page, `position sfen ${g.sfen} moves ${g.moves.join(" ")}`);
    await page.waitForFunction(
      (n) => document.querySelectorAll("#moves button").length === n,
      g.moves.length,
    );
    const before = await copied(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#io-kif")]);
    const file = await readFile(await download.path(), "utf8");
    assert.match(file, /一歩目[^\n]*\n[^\n]*二歩目/);
    assert.match(file, /成\S* （←/);
    // Another game first, so that the file alone brings the game back.
    await page.selectOption("#game", g.other === "chu" ? "chushogi/lishogi" : "daidaishogi/seed");
    await page.waitForFunction(() => document.querySelectorAll("#moves button").length === 0);
    await page.setInputFiles("#io-upload", await download.path());
    await page.waitForFunction(
      (n) => document.querySelectorAll("#moves button").length === n,
      g.moves.length,
    );
    assert.deepEqual(await listedMoves(page), g.moves);
    assert.deepEqual(await copied(page), before);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a KIF with an illegal move is refused with one message; the game stays", async () => {
  const { context, page, errors } = await freshPage(harness.browser, `${harness.server.url}dist/`);
  await paste(page, "7i7h 1d1e");
  await waitMoves(page, 2);
  const before = await copied(page);
  const kif = readFileSync(new URL("kif/lishogi-chu.kif", import.meta.url), "utf8");
  // Move 5 moved to a square the lion cannot reach.
  await paste(page, kif.replace("7七獅子 （←7九）", "7三獅子 （←7九）"));
  await page.waitForFunction(() => document.getElementById("io-error").textContent !== "");
  assert.equal(
    await page.textContent("#io-error"),
    "KIF move 5 (7三獅子 （←7九）) is not a legal move in that position",
  );
  await paste(page, kif.replace("7七獅子 （←7九）", "7七獅子 ←7九"));
  await page.waitForFunction(() =>
    /is not a move/.test(document.getElementById("io-error").textContent),
  );
  assert.deepEqual(await copied(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});
