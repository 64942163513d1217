// Helpers for driving the web board (web/dist/index.html) in headless Chromium the way a
// player does: by clicking and dragging squares, typing, pasting.
import { execFileSync } from "node:child_process";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { launch } from "./chromium.mjs";
import { serve } from "./server.mjs";

export { launch };

/** One browser and one cross-origin-isolated server for a test file, closed after its tests:
 * `harness.browser` and `harness.server` once the file's first test runs. */
export function boardHarness() {
  const harness = {};
  before(async () => {
    harness.browser = await launch();
    harness.server = await serve({ isolated: true });
  });
  after(async () => {
    await harness.browser?.close();
    harness.server?.close();
  });
  return harness;
}

/** A loaded page in a browser context of its own (its own storage, so a reload or a shared
 * link is seen as by another visitor); page errors are collected. */
export async function freshPage(
  browser,
  url,
  options = { viewport: { width: 1280, height: 900 } },
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.setDefaultTimeout(60_000);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return { context, page, errors };
}

/** Opens the board and waits until both engines are up. */
export async function openBoard(browser, url, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
  return { page, errors };
}

/** Client coordinates of a square's centre (file numbers right to left, ranks a.. down) on
 * the board drawn by the SVG `board` selects (the page's board, or the editor's). */
export async function squareCentre(page, square, board = "svg.board") {
  return page.evaluate(
    ([sq, board]) => {
      const svg = document.querySelector(board);
      const [w] = svg.getAttribute("viewBox").split(" ").slice(2).map(Number);
      const n = Math.round((w - 26) / 60);
      const file = Number(sq.match(/^\d+/)[0]) - 1;
      const rank = sq.charCodeAt(sq.length - 1) - 97;
      const flipped = document.getElementById("board-wrap").dataset.flipped === "true";
      const col = flipped ? file : n - 1 - file;
      const row = flipped ? n - 1 - rank : rank;
      const r = svg.getBoundingClientRect();
      const k = r.width / w;
      return { x: r.left + (col * 60 + 30) * k, y: r.top + (26 + row * 60 + 30) * k };
    },
    [square, board],
  );
}

export async function clickSquare(page, square) {
  const { x, y } = await squareCentre(page, square);
  await page.mouse.click(x, y);
}

export async function dragSquare(page, from, to) {
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** The USI moves of the move list, in order of the buttons. */
export const listedMoves = (page) =>
  page.$$eval("#moves button", (bs) => bs.map((b) => b.dataset.move));

/** Waits until the move list has `n` moves. */
export async function waitMoves(page, n, timeout = 60_000) {
  await page.waitForFunction((k) => document.querySelectorAll("#moves button").length >= k, n, {
    timeout,
  });
}

/** Pastes a position or game into the load box. */
export async function paste(page, text) {
  await page.evaluate(() => (document.getElementById("io").open = true));
  await page.fill("#io-text", text);
  await page.click("#io-load");
}

/** The position the board shows, as the app copies it: [USI position command, SFEN]. */
export async function copied(page) {
  await page.evaluate(() => (document.getElementById("io").open = true));
  await page.click("#io-copy");
  return (await page.inputValue("#io-text")).split("\n");
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The native binary's answer to `position …` + `sfen`: what the rules say independently of
 * the page. */
export function nativeSfen(positionCommand, variant = "chushogi", rules = "lishogi") {
  const out = execFileSync(`${root}target/release/shishi`, [], {
    input: `setoption name USI_Variant value ${variant}\nsetoption name Rules value ${rules}\n${positionCommand}\nsfen\nquit\n`,
  }).toString();
  const errors = out.split("\n").filter((l) => l.startsWith("info string error"));
  if (errors.length) throw new Error(errors.join("\n"));
  return out
    .split("\n")
    .find((l) => l.startsWith("sfen "))
    .slice(5);
}
