// The board on a phone, on a battery, and offline (docs/web.md, "Phone", "Install it"), in
// headless Chromium emulating a 390 px touch screen: the page scrolls by a swipe over the
// board (one from a piece leaves no choice, drag copy or diagram behind), a long press's diagram closes when the finger lifts, nothing is wider than the
// screen (play mode included), dai dai's zoomed squares are finger-sized, analysis waits to
// be asked there and pauses in a hidden tab; and the page loads and plays with the server
// gone, from its service worker's cache.
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { serve } from "./server.mjs";
import {
  clickSquare,
  copied,
  freshPage,
  launch,
  nativeSfen,
  squareCentre,
  waitMoves,
} from "./board-page.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

// A short screen, so that the page is taller than it and can scroll.
const PHONE = { viewport: { width: 390, height: 600 }, isMobile: true, hasTouch: true };

const open = (url, options) => freshPage(browser, url, options);

const wide = (page) => page.evaluate(() => document.documentElement.scrollWidth);

test("phone: swipes scroll, diagrams close on release, nothing overflows, no analysis unasked", async (t) => {
  const server = await serve({ isolated: true });
  t.after(() => server.close());
  const { context, page, errors } = await open(`${server.url}dist/`, PHONE);
  assert.equal(await page.isChecked("#analyse-on"), false, "analysis waits to be asked");
  await page.waitForTimeout(1000);
  assert.equal(await page.locator("#lines li").count(), 0);

  // A swipe up that starts on the board (a finger's touch events) scrolls the page.
  const cdp = await context.newCDPSession(page);
  const swipe = async (square) => {
    const c = await squareCentre(page, square);
    const touch = (type, dy) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x: Math.round(c.x), y: Math.round(c.y - dy) }],
      });
    await touch("touchStart", 0);
    for (let dy = 20; dy <= 200; dy += 20) await touch("touchMove", dy);
    await touch("touchEnd", 200);
  };
  await swipe("6f");
  await page.waitForTimeout(300);
  assert.ok((await page.evaluate(() => scrollY)) > 50, "the page did not scroll");
  await page.evaluate(() => scrollTo(0, 0));

  // A swipe that starts on a piece (the browser cancels the press when the scroll begins,
  // and no pointerup comes) leaves no piece chosen, no drag copy, and no diagram: a timer
  // set after the swipe and longer than the long press fires after the long press would.
  for (const square of ["7i", "7d"]) {
    await page.evaluate(() => {
      window.cancelled = 0;
      addEventListener("pointercancel", () => window.cancelled++, { once: true });
    });
    await swipe(square);
    await page.evaluate(() => new Promise((r) => setTimeout(r, 600)));
    const left = await page.evaluate(() => ({
      cancelled: window.cancelled,
      scrolled: scrollY > 50,
      ghost: document.querySelectorAll(".ghost").length,
      diagram: !document.querySelector(".diagram").hidden,
      targets: document.querySelectorAll("[data-target]").length,
    }));
    const clean = { cancelled: 1, scrolled: true, ghost: 0, diagram: false, targets: 0 };
    assert.deepEqual(left, clean, `a swipe from ${square}`);
    await page.evaluate(() => scrollTo(0, 0));
  }

  // A long press shows the piece's diagram until the finger lifts.
  const at = await squareCentre(page, "7i");
  await page.evaluate(({ x, y }) => {
    const init = { pointerType: "touch", clientX: x, clientY: y, bubbles: true, isPrimary: true };
    document.querySelector("svg.board").dispatchEvent(new PointerEvent("pointerdown", init));
  }, at);
  await page.waitForSelector(".diagram:not([hidden])");
  await page.evaluate(({ x, y }) => {
    const init = { pointerType: "touch", clientX: x, clientY: y, bubbles: true, isPrimary: true };
    window.dispatchEvent(new PointerEvent("pointerup", init));
  }, at);
  await page.waitForSelector(".diagram", { state: "hidden" });

  assert.ok((await wide(page)) <= 390, `analysis: ${await wide(page)} px`);
  await page.click("#mode-play");
  assert.ok((await wide(page)) <= 390, `play: ${await wide(page)} px`);
  await page.screenshot({ path: join(tmpdir(), "shishi-phone-play.png"), fullPage: true });
  await page.click("#mode-analyse");

  // Dai dai: zoomed, a square is at least 36 px (a fingertip), and the page is no wider.
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  await page.click("#zoom");
  const square = await page.evaluate(() => document.querySelector("svg.board").clientWidth / 17.4);
  assert.ok(square >= 36, `a square is ${square.toFixed(1)} px`);
  assert.ok((await wide(page)) <= 390, `zoomed: ${await wide(page)} px`);
  await clickSquare(page, "9l");
  await clickSquare(page, "9k");
  await waitMoves(page, 1);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command, "daidaishogi", "seed"));
  await page.screenshot({ path: join(tmpdir(), "shishi-phone-daidai-zoom.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a hidden tab pauses the analysis", async (t) => {
  const server = await serve({ isolated: true });
  t.after(() => server.close());
  const { context, page, errors } = await open(`${server.url}dist/`, {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1);
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.waitForFunction(() =>
    /paused/.test(document.getElementById("analysis-stats").textContent),
  );
  await page.waitForTimeout(300);
  const lines = await page.innerHTML("#lines");
  await page.waitForTimeout(1500);
  assert.equal(await page.innerHTML("#lines"), lines, "the engine went on");
  // Shown again: it goes on.
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { value: false, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.waitForFunction(() =>
    /depth/.test(document.getElementById("analysis-stats").textContent),
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("offline: once visited, the page loads and plays with the server gone", async (t) => {
  const server = await serve({ isolated: true });
  // Closed in the test to go offline; closed here too when a step before that fails.
  t.after(() => server.close());
  const url = `${server.url}dist/`;
  const { context, page, errors } = await open(url, { viewport: { width: 1280, height: 900 } });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r));
    }
  });
  server.close();
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "still isolated offline");
  await clickSquare(page, "7i");
  await clickSquare(page, "7h");
  await waitMoves(page, 1);
  const [command, sfen] = await copied(page);
  assert.equal(sfen, nativeSfen(command));
  assert.deepEqual(errors, []);
  await context.close();
});
