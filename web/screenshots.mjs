// The screenshots of docs/web.md, taken from the real page in headless Chromium:
//   node web/screenshots.mjs     (after web/build.sh; writes docs/web-chu.png,
//                                  docs/web-daidai.png, docs/web-phone.png)
import { serve } from "./test/server.mjs";
import { launch, openBoard, paste, squareCentre } from "./test/board-page.mjs";

const docs = new URL("../docs/", import.meta.url).pathname;
const server = await serve({ isolated: true });
const browser = await launch();
const waitLines = (page) =>
  page.waitForFunction(
    () =>
      Number(/depth (\d+)/.exec(document.getElementById("analysis-stats").textContent)?.[1]) >= 7,
    null,
    { timeout: 60_000 },
  );
/** The pasted game is shown at its last move (`ply` moves in the list, the last current). */
const waitPly = (page, ply) =>
  page.waitForFunction((n) => {
    const moves = document.querySelectorAll("#moves button");
    return moves.length >= n && moves[moves.length - 1].classList.contains("current");
  }, ply);
try {
  // Chu: a lishogi-style game pasted in, analysed with three lines.
  let { page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 });
  await paste(page, "position startpos moves 7i7h 6d6e 6i6h 7d7e 8i8h 3d3e");
  // The start position's analysis (already deep) stays on screen until the pasted game is
  // shown: wait for its last ply first, or the picture shows a search that has just begun.
  await waitPly(page, 6);
  await waitLines(page);
  await page.evaluate(() => (document.getElementById("io").open = false));
  await page.screenshot({ path: `${docs}web-chu.png` });
  await page.close();

  // Dai dai: the start position with the lion dog's movement diagram (3p).
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 1280, height: 860 }));
  await page.selectOption("#game", "daidaishogi/seed");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
  await waitLines(page);
  const { x, y } = await squareCentre(page, "3p");
  await page.mouse.move(x, y);
  await page.waitForSelector(".diagram:not([hidden])");
  await page.screenshot({ path: `${docs}web-daidai.png` });
  await page.close();

  // A phone: the board over the panel.
  ({ page } = await openBoard(browser, `${server.url}dist/`, { width: 390, height: 844 }));
  await paste(page, "position startpos moves 7i7h 6d6e 6i6h");
  await waitPly(page, 3);
  // On a small screen analysis waits to be asked (docs/web.md, "Battery").
  await page.check("#analyse-on");
  await waitLines(page);
  await page.evaluate(() => (document.getElementById("io").open = false));
  await page.screenshot({ path: `${docs}web-phone.png`, fullPage: true });
  await page.close();
} finally {
  await browser.close();
  server.close();
}
