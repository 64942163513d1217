// Games that last (docs/web.md, "Keep and share"): the shown line survives a reload, a shared
// link opens the same position and moves in a fresh browser (no storage), and a downloaded
// game file loads back. Positions are checked against the native binary.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { serve } from "./server.mjs";
import { clickSquare, copied, launch, listedMoves, nativeSfen, waitMoves } from "./board-page.mjs";

let browser;
let server;
before(async () => {
  browser = await launch();
  server = await serve({ isolated: true });
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** A page in a browser context of its own (its own storage). */
async function fresh(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.setDefaultTimeout(60_000);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return { context, page, errors };
}

test("a reload keeps the game; a shared link opens it in a fresh browser; a file loads back", async () => {
  const { context, page, errors } = await fresh(`${server.url}dist/`);
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  await clickSquare(page, "9l");
  await clickSquare(page, "9k");
  await waitMoves(page, 1);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command, "daidaishogi", "seed"));

  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await waitMoves(page, 1);
  assert.deepEqual(await copied(page), [command, sfen], "after a reload");

  await page.evaluate(() => (document.getElementById("io").open = true));
  await page.click("#io-share");
  const link = await page.inputValue("#io-text");
  assert.match(link, /#game=daidaishogi%2Fseed&moves=9l9k$/);
  const shared = await fresh(link);
  await waitMoves(shared.page, 1);
  assert.deepEqual(await copied(shared.page), [command, sfen], "the shared link");
  // For a person to look at (docs/web.md): the link opened in a browser that never saw it.
  await shared.page.screenshot({ path: join(tmpdir(), "shishi-shared-link.png") });
  await shared.context.close();

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#io-download")]);
  const file = await readFile(await download.path(), "utf8");
  assert.match(file, /^\[Variant "daidai"\]/);
  assert.match(file, /position startpos moves 9l9k\n$/);
  // Back to chu, then the file: dai dai again, with its move.
  await page.selectOption("#game", "chushogi/lishogi");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 92);
  await page.setInputFiles("#io-upload", await download.path());
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  assert.deepEqual(await listedMoves(page), ["9l9k"]);
  assert.deepEqual(await copied(page), [command, sfen], "the downloaded file");
  assert.deepEqual(errors, []);
  await context.close();
});
