// The web board (docs/web.md) in headless Chromium, used the way a player uses it: moves by
// clicks and drags, leg by leg for lion and lion-dog moves, a game against the engine, a
// pasted game stepped through, the analysis lines and evaluation bar, a phone-sized screen.
// Every position the page reaches is checked against the native binary's rules.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdir } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { serve } from "./server.mjs";
import {
  clickSquare,
  copied,
  dragSquare,
  launch,
  listedMoves,
  nativeSfen,
  openBoard,
  paste,
  squareCentre,
  waitMoves,
} from "./board-page.mjs";

/** The network files (nets/, beside the engine in web/dist/assets/engine-<hash>/). */
const networks = await readdir(new URL("../../nets/", import.meta.url));
const CHU_NET = networks.find((f) => /^chu-[0-9a-f]{8}\.nnue$/.test(f));
const DAIDAI_NET = networks.find((f) => /^daidai-[0-9a-f]{8}\.nnue$/.test(f));

const LION = "k11/12/12/12/6p5/6p5/6N5/12/12/12/12/11K b - 1";
const LION_DOG = "k16/17/17/17/17/17/8p8/8p8/8(LD)8/17/17/17/17/17/17/17/16K b - 1";

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

describe("web board, cross-origin isolated", () => {
  let server;
  /** Every path the server was asked for. */
  const requested = [];
  before(async () => {
    server = await serve({ isolated: true, onRequest: (path) => requested.push(path) });
  });
  after(() => server.close());
  const open = async (viewport) => {
    const board = await openBoard(browser, `${server.url}dist/`, viewport);
    // Slow machines (CI under load): give every wait a minute.
    board.page.setDefaultTimeout(60_000);
    return board;
  };

  test("chu moves by click and by drag; the position is the rules' position", async () => {
    const { page, errors } = await open();
    assert.equal(await page.locator("g.piece").count(), 92);
    await clickSquare(page, "7i");
    // The pawn's one legal move is marked, and nothing is played yet.
    assert.equal(await page.locator("circle.target").count(), 1);
    // A press off the board drops the half-entered move; the piece is chosen again.
    await page.mouse.click(5, 5);
    assert.equal(await page.locator("circle.target").count(), 0);
    await clickSquare(page, "7i");
    await clickSquare(page, "7h");
    await waitMoves(page, 1);
    await dragSquare(page, "6d", "6e");
    await waitMoves(page, 2);
    // A click on a square no move goes to plays nothing.
    await clickSquare(page, "8h");
    await clickSquare(page, "3e");
    assert.deepEqual(await listedMoves(page), ["7i7h", "6d6e"]);
    const [command, sfen] = await copied(page);
    assert.equal(command, "position startpos moves 7i7h 6d6e");
    assert.equal(sfen, nativeSfen(command));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a keyboard alone: arrows move a cursor over the board, Enter chooses", async () => {
    const { page, errors } = await open();
    // Focus by Tab from the control before the board (a mouse press shows no cursor).
    await page.focus("#latin");
    await page.keyboard.press("Tab");
    assert.ok(await page.evaluate(() => document.activeElement.classList.contains("board")));
    // Moves the cursor to a square of the unflipped 12×12 board, key by key.
    const cursorTo = async (square) => {
      const coords = (sq) => [Number(sq.match(/^\d+/)[0]), sq.charCodeAt(sq.length - 1) - 97];
      const [f0, r0] = coords(await page.getAttribute("svg.board", "data-cursor"));
      const [f1, r1] = coords(square);
      for (let i = 0; i < Math.abs(f1 - f0); i++)
        await page.keyboard.press(f1 > f0 ? "ArrowLeft" : "ArrowRight");
      for (let i = 0; i < Math.abs(r1 - r0); i++)
        await page.keyboard.press(r1 > r0 ? "ArrowDown" : "ArrowUp");
      assert.equal(await page.getAttribute("svg.board", "data-cursor"), square);
    };
    await cursorTo("7i");
    assert.equal(await page.textContent("#board-cursor"), "7i: Black pawn");
    await page.keyboard.press("Enter");
    await cursorTo("7h");
    assert.equal(await page.textContent("#board-cursor"), "7h: empty, a move goes here; chosen 7i");
    await page.keyboard.press(" ");
    await waitMoves(page, 1);
    // The arrows moved the cursor, not through the game.
    assert.deepEqual(await listedMoves(page), ["7i7h"]);
    // A mouse press on the board shows no cursor, and the arrows step through the game.
    await clickSquare(page, "1a");
    assert.equal(await page.locator("rect.cursor").count(), 0);
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => !document.querySelector("rect.last"));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("lion double capture and igui, leg by leg", async () => {
    const { page, errors } = await open();
    await paste(page, `position sfen ${LION}`);
    await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 5);
    await clickSquare(page, "6g");
    await clickSquare(page, "6f");
    // After the first capture the move is not over: the lion may go on, or stay.
    assert.deepEqual(await listedMoves(page), []);
    await clickSquare(page, "6e");
    await waitMoves(page, 1);
    assert.deepEqual(await listedMoves(page), ["6g6f6e"]);
    const [command, sfen] = await copied(page);
    assert.equal(sfen, nativeSfen(command));
    assert.equal(sfen.split(" ")[0], "k11/12/12/12/6N5/12/12/12/12/12/12/11K");
    // Back to the start: igui (capture on 6f, return to 6g) by clicking the origin.
    await page.keyboard.press("Home");
    await page.waitForFunction(() => !document.querySelector("#moves button.current"));
    await clickSquare(page, "6g");
    await clickSquare(page, "6f");
    await clickSquare(page, "6g");
    await waitMoves(page, 2);
    const moves = await listedMoves(page);
    assert.ok(moves.includes("6g6f6g"), moves.join(" "));
    const [command2, sfen2] = await copied(page);
    assert.equal(sfen2, nativeSfen(command2));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("chu analysis: the searching engine fetches chu's network once, the rules engine none", async () => {
    const from = requested.length;
    const { page, errors } = await open();
    // The page analyses the start position at once: chu's network, before the first line.
    await page.waitForFunction(
      () =>
        document.querySelectorAll("#lines li").length >= 1 &&
        Number(/depth (\d+)/.exec(document.getElementById("analysis-stats").textContent)?.[1]) >= 3,
    );
    await clickSquare(page, "7i");
    await clickSquare(page, "7h");
    await waitMoves(page, 1);
    await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1);
    // The service worker comes after the page is ready and fetches no network itself, so the
    // server's count is the engines' (the rules engine, on the hand-set evaluation, asks none).
    const fetched = requested.slice(from).filter((p) => p.endsWith(".nnue"));
    assert.equal(fetched.length, 1, fetched.join(" "));
    assert.match(fetched[0], new RegExp(`^/dist/assets/engine-[0-9a-f]{8}/${CHU_NET}$`));
    // A reload, through the service worker, which then keeps the file for offline use.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await page.waitForFunction(async (file) => {
      for (const name of await caches.keys()) {
        const kept = await (await caches.open(name)).keys();
        if (kept.some((r) => r.url.endsWith(file))) return true;
      }
      return false;
    }, CHU_NET);
    assert.doesNotMatch(await page.textContent("#engine-status"), /error/i);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("dai dai analysis: the searching engine fetches the dai dai network once", async () => {
    const from = requested.length;
    const { page, errors } = await open();
    const isDaidai = (url) => url.endsWith(DAIDAI_NET);
    assert.deepEqual(requested.slice(from).filter(isDaidai), [], "not with the page");
    // What the page's workers ask for (the service worker may answer a second ask from its
    // cache, so the server's count alone would not show it).
    const asked = [];
    page.on("request", (r) => isDaidai(r.url()) && asked.push(r.url()));
    const firstAsk = page.waitForRequest((r) => isDaidai(r.url()));
    await page.selectOption("#game", "daidaishogi/seed");
    // The pieces are drawn from the rules engine's answer, which a fetch of its own would
    // have held back until the file was in.
    await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
    await firstAsk;
    // The service worker keeps it, so dai dai has its network offline from now on.
    await page.waitForFunction(async (file) => {
      for (const name of await caches.keys()) {
        const kept = await (await caches.open(name)).keys();
        if (kept.some((r) => r.url.endsWith(file))) return true;
      }
      return false;
    }, DAIDAI_NET);
    // The searching engine analyses with it.
    await page.waitForFunction(
      () =>
        document.querySelectorAll("#lines li").length >= 1 &&
        Number(/depth (\d+)/.exec(document.getElementById("analysis-stats").textContent)?.[1]) >= 3,
    );
    // The rules engine judges by the hand-set evaluation and fetches nothing (docs/wasm.md).
    assert.equal(asked.length, 1, asked.join(" "));
    assert.match(asked[0], new RegExp(`/assets/engine-[0-9a-f]{8}/${DAIDAI_NET}$`));
    const fetched = requested.slice(from).filter(isDaidai);
    assert.equal(fetched.length, 1, fetched.join(" "));
    assert.doesNotMatch(await page.textContent("#engine-status"), /error/i);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("dai dai: the start position, then a lion-dog move of three legs", async () => {
    const { page, errors } = await open();
    await page.selectOption("#game", "daidaishogi/seed");
    await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 192);
    // The howling dog's 𠵇 is in no font the page can count on: it is drawn from 口 and 奇.
    const dogs = await page.$$eval("g.piece", (gs) =>
      gs
        .filter((g) => /howling dog/.test(g.querySelector("title").textContent))
        .map((g) => [...g.querySelectorAll("text")].map((t) => t.textContent).join("")),
    );
    assert.deepEqual(dogs, ["口奇犬", "口奇犬", "口奇犬", "口奇犬"]);
    await paste(page, `position sfen ${LION_DOG}`);
    await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 5);
    for (const sq of ["9i", "9h", "9g", "9f"]) await clickSquare(page, sq);
    await waitMoves(page, 1);
    assert.deepEqual(await listedMoves(page), ["9i9h9g9f+"]);
    const [command, sfen] = await copied(page);
    assert.equal(sfen, nativeSfen(command, "daidaishogi", "seed"));
    // Hovering a piece shows its movement diagram from the engine's tables.
    const box = await page.locator('g.piece[data-square="9f"]').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector(".diagram:not([hidden])");
    assert.match(await page.textContent(".diagram-title"), /great elephant|大象/);
    assert.equal(await page.locator(".diagram-grid .cell").count(), 49);
    // On a touch screen a long press shows it (a tap would select the piece instead).
    await page.mouse.move(0, 0);
    await page.waitForSelector(".diagram", { state: "hidden" });
    const at = await squareCentre(page, "17a");
    await page.evaluate(({ x, y }) => {
      const svg = document.querySelector("svg.board");
      const init = { pointerType: "touch", clientX: x, clientY: y, bubbles: true, isPrimary: true };
      svg.dispatchEvent(new PointerEvent("pointerdown", init));
    }, at);
    await page.waitForSelector(".diagram:not([hidden])");
    assert.match(await page.textContent(".diagram-title"), /king|玉将|王将/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a pasted lishogi game is stepped through; analysis lines and the evaluation bar", async () => {
    const { page, errors } = await open();
    const game = "position startpos moves 7i7h 6d6e 6i6h 7d7e 8i8h 3d3e";
    await paste(page, game);
    await waitMoves(page, 6);
    assert.deepEqual(await listedMoves(page), game.split(" ").slice(3));
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      () => document.querySelector("#moves button.current")?.dataset.move === "6d6e",
    );
    const [command, sfen] = await copied(page);
    assert.equal(command, "position startpos moves 7i7h 6d6e");
    assert.equal(sfen, nativeSfen(command));
    // The engine analyses the shown position: lines with a readable form, depth, the bar.
    await page.waitForFunction(
      () =>
        document.querySelectorAll("#lines li").length >= 1 &&
        Number(/depth (\d+)/.exec(document.getElementById("analysis-stats").textContent)?.[1]) >= 3,
      null,
      { timeout: 60_000 },
    );
    const line = await page.textContent("#lines li .readable");
    assert.match(line, /[A-Z+][A-Za-z]*[0-9]*[-x]/);
    // The controls below the lines stand where they stood before the first line came (each
    // position shown starts with none): a click aimed at them as a line arrives lands.
    const [withLines, beforeAny] = await page.evaluate(() => {
      const list = document.getElementById("lines");
      const top = () => document.getElementById("io").getBoundingClientRect().y;
      const stats = document.getElementById("analysis-stats");
      const [lines, text] = [[...list.children], stats.textContent];
      const full = top();
      list.replaceChildren();
      stats.textContent = "";
      const empty = top();
      list.replaceChildren(...lines);
      stats.textContent = text;
      return [full, empty];
    });
    assert.equal(withLines, beforeAny, "the paste box moves as the lines come in");
    assert.ok(await page.locator("polyline.arrow").count(), "best-move arrow");
    // Black a rook up: the bar leans to Black (Black's share grows from the bottom).
    await paste(page, "position sfen k11/g11/12/12/12/12/12/12/12/12/RG10/11K b - 1");
    await page.waitForFunction(
      () => parseFloat(document.getElementById("eval-fill").style.height) > 75,
      null,
      { timeout: 60_000 },
    );
    // A mate found (the rook takes the king), one line asked: the search runs through every
    // depth to its last at once, and no selective depth below it is shown ("depth 118/0").
    await page.selectOption("#multipv", "1");
    await paste(page, "position sfen k11/1p10/12/12/12/12/12/12/12/12/12/R10K b - 1");
    // The stats are read in the same check that finds them deep enough: read after it, they
    // may already belong to the next report (a slow machine showed one without a depth).
    const found = await page.waitForFunction(
      () => {
        const text = document.getElementById("analysis-stats").textContent;
        const mate = document.querySelector("#lines li .score")?.textContent === "+M1";
        return mate && Number(/depth (\d+)/.exec(text)?.[1]) >= 20 ? text : null;
      },
      null,
      { timeout: 60_000 },
    );
    const stats = await found.jsonValue();
    const [, depth, selective] = /depth (\d+)(?:\/(\d+))?/.exec(stats);
    assert.ok(selective === undefined || Number(selective) >= Number(depth), stats);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("promotion prompt only where optional; variations; a flipped board; a game's end", async () => {
    const { page, errors } = await open();
    // White keeps a pawn: a White king alone would be bare, and the game over before it starts.
    await paste(page, "position sfen k11/p11/12/12/8S3/12/12/12/12/12/12/11K b - 1");
    await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
    // A silver entering the zone may promote: the prompt asks.
    await clickSquare(page, "4e");
    await clickSquare(page, "4d");
    await page.waitForSelector("#promotion:not([hidden])");
    await page.click("#promote-no");
    await waitMoves(page, 1);
    // Back to the start, the other choice: a variation beside the first move.
    await page.keyboard.press("Home");
    await page.waitForFunction(() => !document.querySelector("#moves button.current"));
    await clickSquare(page, "4e");
    await clickSquare(page, "5d");
    await page.waitForSelector("#promotion:not([hidden])");
    await page.click("#promote-yes");
    await waitMoves(page, 2);
    assert.deepEqual(await listedMoves(page), ["4e4d", "4e5d+"]);
    assert.match(await page.textContent("#moves"), /\(.*5d\+.*\)/);
    const [command, sfen] = await copied(page);
    assert.equal(command.split(" moves ")[1], "4e5d+");
    assert.equal(sfen, nativeSfen(command));
    // A move whose promotion is not optional plays without asking (the king's step).
    await page.keyboard.press("Home");
    await clickSquare(page, "1l");
    await clickSquare(page, "1k");
    await waitMoves(page, 3);
    assert.ok(await page.locator("#promotion[hidden]").count());
    // White's rook takes Black's king on a flipped board: the game ends, with its reason.
    await paste(page, "position sfen 11k/12/12/12/12/12/12/12/12/P11/12/r10K w - 1");
    await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
    await page.click("#flip");
    await clickSquare(page, "12l");
    await clickSquare(page, "1l");
    await page.waitForSelector("#promotion:not([hidden])");
    await page.click("#promote-no");
    await page.waitForFunction(() =>
      /White wins — royal pieces captured/.test(document.getElementById("game-status").textContent),
    );
    const [command2, sfen2] = await copied(page);
    assert.equal(sfen2, nativeSfen(command2));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a game against Shishi: the engine answers with a legal move on its clock", async () => {
    const { page, errors } = await open();
    await page.click("#mode-play");
    await page.selectOption("#level", "0");
    await page.selectOption("#tc-mode", "movetime");
    await page.fill("#tc-movetime", "0.3");
    await page.click("#start-game");
    // The analysis board already says "Black to move"; the game has begun only when the
    // board asks for the player's move.
    await page.waitForFunction(() =>
      /Black \(sente\) to move — your move/.test(
        document.getElementById("game-status").textContent,
      ),
    );
    await clickSquare(page, "7i");
    await clickSquare(page, "7h");
    await waitMoves(page, 2);
    assert.match(await page.textContent("#game-status"), /your move · move 3/);
    await clickSquare(page, "8h");
    const moves = await listedMoves(page);
    // The engine's reply is legal for the native rules too.
    nativeSfen(`position startpos moves ${moves.join(" ")}`);
    await page.click("#resign");
    assert.match(await page.textContent("#game-status"), /Black resigns/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a phone-sized screen shows the whole board without sideways scrolling", async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width} px wide`);
    const box = await page.locator("svg.board").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    await clickSquare(page, "7i");
    await clickSquare(page, "7h");
    await waitMoves(page, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("web board, no cross-origin isolation", () => {
  let server;
  before(async () => {
    server = await serve({ isolated: false });
  });
  after(() => server.close());

  test("one thread, and the board still plays and analyses", async () => {
    const { page, errors } = await openBoard(browser, `${server.url}dist/`);
    assert.match(
      await page.textContent("#engine-status"),
      /1 thread \(page not cross-origin isolated\)/,
    );
    await clickSquare(page, "7i");
    await clickSquare(page, "7h");
    await waitMoves(page, 1);
    await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1, null, {
      timeout: 60_000,
    });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("web board served by `shishi web` (the README's command)", () => {
  let server;
  let url;
  before(async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    server = spawn(`${root}target/release/shishi`, [
      "web",
      "--port",
      "0",
      "--dir",
      `${root}web/dist`,
    ]);
    const [first] = await once(server.stdout, "data");
    url = /http:\/\/127\.0\.0\.1:\d+\//.exec(String(first))[0];
  });
  after(() => server.kill());

  test("first load and reload bytes: compressed, and a reload asks only what changed", async () => {
    // Bytes on the wire from the server, headers included, counted by a TCP relay in front of
    // it: every request of the page, its workers and its service worker, on a first visit
    // and on a reload with the browser's cache kept. A response's bytes count under the path
    // of the request before it on its connection (a browser sends HTTP/1.1 requests one at a
    // time on a connection), so that the network the first analysis fetches counts apart.
    const bytes = new Map();
    const relay = createServer((client) => {
      const upstream = connect(Number(new URL(url).port), "127.0.0.1");
      let path = "";
      client.on("data", (d) => {
        for (const m of String(d).matchAll(/(?:^|\r\n)[A-Z]+ (\S+) HTTP\/1\.[01]\r\n/g)) {
          path = m[1];
        }
      });
      upstream.on("data", (d) => bytes.set(path, (bytes.get(path) ?? 0) + d.length));
      client.pipe(upstream).pipe(client);
      const close = () => (client.destroy(), upstream.destroy());
      client.on("error", close).on("close", close);
      upstream.on("error", close).on("close", close);
    });
    await new Promise((r) => relay.listen(0, "127.0.0.1", r));
    const relayUrl = `http://127.0.0.1:${relay.address().port}/`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const load = async (go) => {
      bytes.clear();
      await go();
      await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
      // The service worker's copy of the files is counted too, and the first analysis, whose
      // lines come once chu's network is in.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => document.querySelectorAll("#lines li").length >= 1, null, {
        timeout: 60_000,
      });
      await page.waitForTimeout(1000);
      const all = [...bytes];
      const sum = (rows) => rows.reduce((n, [, b]) => n + b, 0);
      const networks = all.filter(([p]) => p.endsWith(".nnue"));
      return { page: sum(all) - sum(networks), networks, all: sum(all) };
    };
    const first = await load(() => page.goto(relayUrl));
    const reload = await load(() => page.reload());
    const network = first.networks.map(([, b]) => b).join(" + ");
    console.log(
      `shishi web: first load ${first.page} bytes, then ${network} bytes of chu's network ` +
        `for the first analysis; reload ${reload.all} bytes`,
    );
    assert.ok(first.page > 100_000, `first load ${first.page} bytes: the engine was not counted`);
    // One engine module, with no network, serves both engines, and the service worker keeps
    // only that one.
    assert.ok(first.page <= 700_000, `first load ${first.page} bytes`);
    // The first analysis fetches chu's network (1.0 MB compressed), once; nothing fetches dai
    // dai's.
    assert.equal(first.networks.length, 1, first.networks.join(" "));
    assert.match(first.networks[0][0], new RegExp(`^/assets/engine-[0-9a-f]{8}/${CHU_NET}$`));
    assert.ok(first.networks[0][1] > 500_000, `${first.networks[0][1]} bytes: compressed?`);
    assert.ok(reload.all <= 5_000, `reload ${reload.all} bytes`);
    await context.close();
    relay.close();
  });

  test("the page is cross-origin isolated and plays", async () => {
    const { page, errors } = await openBoard(browser, url);
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);
    assert.doesNotMatch(await page.textContent("#engine-status"), /not cross-origin isolated/);
    await clickSquare(page, "7i");
    await clickSquare(page, "7h");
    await waitMoves(page, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
