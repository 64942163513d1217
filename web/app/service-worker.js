// The web board offline (docs/web.md, "Install it"): on install, every file of this build
// (the page and its content-hashed assets: the app, the engine's loader and the .wasm file of
// the flavour the page runs, named by the registration's `?flavour=mt|st`) goes into a cache
// named after the build; the page then loads without a network.
// The page itself is asked from the network first (so a new build arrives when online) and
// taken from the cache when that fails; hashed assets never change, so the cache answers
// them first. Responses are kept with their headers, so a cached page stays cross-origin
// isolated and the engine keeps its threads. The networks (chu's 1.0 MB compressed, dai dai's
// 2.6 MB, fetched by the engine before a game's first search: docs/wasm.md) are not among
// them, so that a first visit downloads no network it does not use; a hashed asset fetched
// later joins the cache, and on install the networks the engine fetched before this worker
// came (the first analysis) are taken from the browser's cache, never downloaded. So once a
// game has been analysed or played online, it plays with its network offline too.
// web/bundle.mjs fills in BUILD, FILES and NETWORKS.
const BUILD = "__BUILD__";
const FLAVOUR = new URL(location.href).searchParams.get("flavour");
const FILES = __FILES__.filter((f) => !f.endsWith(".wasm") || f.endsWith(`-${FLAVOUR}.wasm`));
const NETWORKS = __NETWORKS__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(BUILD)
      .then((cache) =>
        cache.addAll(FILES).then(() => Promise.all(NETWORKS.map((f) => keepIfCached(cache, f)))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Older builds' caches go; this worker serves the open pages at once.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== BUILD).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  const hashed = new URL(request.url).pathname.includes("/assets/");
  event.respondWith(hashed ? cacheFirst(request) : networkFirst(request));
});

/** Keeps `file` if the browser's HTTP cache has it (the engine fetched it before this worker
 * was installed); nothing is downloaded for it. */
async function keepIfCached(cache, file) {
  try {
    const response = await fetch(
      new Request(file, { cache: "only-if-cached", mode: "same-origin" }),
    );
    if (response.ok) await cache.put(file, response);
  } catch {
    // Not fetched yet (or not cacheable): kept when the engine fetches it through this worker.
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(BUILD).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (offline) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw offline;
  }
}
