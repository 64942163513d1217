// Entry of the web board: starts the WebAssembly engine twice (one instance searches, one
// answers rules questions), then hands both to the controller.

import { App } from "./app.js";
import { clearText, onLanguage, setText, setUpLanguage, t } from "./i18n.js";
import { type ShishiFactory, startEngine } from "./engine-client.js";
import { RulesClient } from "./rules-client.js";
import { Searcher } from "./searcher.js";
import { installTestHook } from "./test-hook.js";

/** The engine loader's URL relative to this script, set by web/bundle.mjs. */
declare const SHISHI_LOADER: string;

async function main(): Promise<void> {
  const status = document.getElementById("engine-status")!;
  setUpLanguage(document.getElementById("language") as HTMLSelectElement);
  try {
    // The loader is a file of its own (web/dist/assets/engine-<hash>/shishi.js, named by
    // web/bundle.mjs), not part of this bundle: its workers load that same file again.
    const loader = SHISHI_LOADER;
    const { default: Shishi } = (await import(/* @vite-ignore */ loader)) as {
      default: ShishiFactory;
    };
    // Both on the same module (the multi-threaded one where the page is cross-origin
    // isolated), so the engine is downloaded once; the rules engine never searches, so it
    // starts no thread Workers and judges by the hand-set evaluation alone, set before its
    // first `isready`: it never fetches a network (docs/wasm.md, "The networks"). The
    // searching engine fetches a game's network before its first search of that game.
    const [rulesEngine, searchEngine] = await Promise.all([
      startEngine(Shishi, { workersAhead: 0 }),
      startEngine(Shishi),
    ]);
    rulesEngine.send("setoption name USI_Hash value 1", "setoption name EvalFile value <empty>");
    const searcher = new Searcher(searchEngine);
    await searcher.init();
    // One hardware thread is left to the page and the rules engine, so that the board stays
    // responsive while the analysis runs (on two cores: one search thread).
    const threads = crossOriginIsolated ? Math.max(1, searcher.maxThreads - 1) : 1;
    const rules = new RulesClient(rulesEngine);
    const app = new App(rules, searcher, threads);
    installTestHook(app, rules, searcher);
    await app.start();
    const ready = () => {
      clearText(status);
      status.textContent =
        t(threads > 1 ? "engine.readyMany" : "engine.readyOne", { n: threads }) +
        (crossOriginIsolated ? "" : t("engine.notIsolated"));
    };
    ready();
    onLanguage(ready);
    document.body.dataset.ready = "true";
  } catch (e) {
    setText(status, "engine.failed", { error: (e as Error).message });
    throw e;
  }
}

/** Offline use and installing as an app (app/service-worker.js). Registered once the engine
 * is up: the worker's copy of every file then comes from the browser's HTTP cache, not
 * a second download. It keeps only the engine module this page runs (`flavour`): the other
 * one would add its size to the first load. */
function keepOffline(): void {
  if (!("serviceWorker" in navigator)) return;
  const flavour = crossOriginIsolated ? "mt" : "st";
  navigator.serviceWorker.register(`sw.js?flavour=${flavour}`).catch((e: Error) => {
    console.warn(`no offline copy: ${e.message}`);
  });
}

void main().then(keepOffline);
