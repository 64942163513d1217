// Bundles the loader (src/, TypeScript) into dist/: shishi.js (ES module, default export
// Shishi) and shishi.global.js (classic script, a global Shishi), plus dist/package.json so
// Node reads shishi.js as a module, and the built-in networks beside them (the module carries
// none: the engine fetches a game's file before its first search, docs/wasm.md). Called by
// build.sh after the .wasm files are in dist/.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const here = new URL(".", import.meta.url);
const dist = new URL("dist/", here);
await mkdir(dist, { recursive: true });

const common = {
  entryPoints: [new URL("src/shishi.ts", here).pathname],
  bundle: true,
  target: "es2022",
  platform: "neutral",
  external: ["node:*"],
  logLevel: "warning",
};

await build({
  ...common,
  format: "esm",
  outfile: new URL("shishi.js", dist).pathname,
  define: { SHISHI_MODULE: "true" },
});

// A classic script knows its URL only while it runs (document.currentScript on a page,
// location in a worker); the bundle's code reads it through import.meta.url.
await build({
  ...common,
  format: "iife",
  globalName: "ShishiBundle",
  outfile: new URL("shishi.global.js", dist).pathname,
  define: { SHISHI_MODULE: "false", "import.meta.url": "__shishiScriptUrl" },
  banner: {
    js:
      "var __shishiScriptUrl = typeof document !== 'undefined' && document.currentScript\n" +
      "  ? document.currentScript.src : self.location.href;",
  },
  footer: { js: "var Shishi = ShishiBundle.default;" },
});

// The built-in networks: the files src/nnue/builtin.rs names, one per game. An older build's
// network files go, so that neither the package nor the site ships a stale one.
const builtin = await readFile(new URL("../src/nnue/builtin.rs", here), "utf8");
const networkFiles = [...builtin.matchAll(/"((?:chu|daidai)-[0-9a-f]{8}\.nnue)"/g)].map(
  (m) => m[1],
);
if (networkFiles.length !== 2 || !networkFiles[0].startsWith("chu-")) {
  throw new Error(`src/nnue/builtin.rs names ${networkFiles}, not one chu and one dai dai network`);
}
const nets = new URL("../nets/", here);
for (const f of (await readdir(dist)).filter((f) => f.endsWith(".nnue"))) {
  if (!networkFiles.includes(f)) await rm(new URL(f, dist));
}
for (const f of networkFiles) await copyFile(new URL(f, nets), new URL(f, dist));

await writeFile(
  new URL("package.json", dist),
  JSON.stringify({ name: "shishi-wasm", type: "module", main: "shishi.js" }, null, 2) + "\n",
);

// The web board (app/, docs/web.md). Everything the page loads besides index.html goes
// under dist/assets/ with a content hash in its name, so that a server may let browsers keep
// it for good (`shishi web` does: a reload then asks only for index.html). The engine (the
// loader, its two .wasm files and the network files, which must sit side by side) is one
// folder assets/engine-<hash>/; the app's script and style sheet are assets/app-<hash>.js/.css.
const assets = new URL("assets/", dist);
await rm(assets, { recursive: true, force: true });
await mkdir(assets, { recursive: true });

const engineFiles = ["shishi.js", "shishi-mt.wasm", "shishi-st.wasm", ...networkFiles];
const engineDir = `engine-${await hashOf(engineFiles.map((f) => new URL(f, dist)))}/`;
await mkdir(new URL(engineDir, assets));
for (const f of engineFiles) await copyFile(new URL(f, dist), new URL(engineDir + f, assets));

const app = await build({
  entryPoints: [new URL("app/main.ts", here).pathname],
  bundle: true,
  format: "esm",
  target: "es2022",
  outdir: assets.pathname,
  entryNames: "app-[hash]",
  define: { SHISHI_LOADER: JSON.stringify(`./${engineDir}shishi.js`) },
  metafile: true,
  logLevel: "warning",
});
const appJs = Object.keys(app.metafile.outputs)
  .find((f) => f.endsWith(".js"))
  .split("/")
  .pop();
const appCss = `app-${await hashOf([new URL("app/app.css", here)])}.css`;
await copyFile(new URL("app/app.css", here), new URL(appCss, assets));
const page = await readFile(new URL("app/index.html", here), "utf8");
if (!page.includes('href="app.css"') || !page.includes('src="app.js"')) {
  throw new Error("app/index.html no longer names app.css and app.js");
}
await writeFile(
  new URL("index.html", dist),
  page
    .replace('href="app.css"', `href="assets/${appCss}"`)
    .replace('src="app.js"', `src="assets/${appJs}"`),
);
await copyFile(new URL("app/icon.svg", here), new URL("icon.svg", dist));
await copyFile(new URL("app/manifest.webmanifest", here), new URL("manifest.webmanifest", dist));

// The service worker (app/service-worker.js): this build's files, cached for offline use, in
// a cache named after them (a new build is a new cache), and the networks, kept once the
// engine has fetched them.
const siteFiles = [
  "./",
  "index.html",
  "icon.svg",
  "manifest.webmanifest",
  ...(await readdir(assets, { recursive: true }))
    .filter((f) => /\.(js|css|wasm)$/.test(f))
    .map((f) => `assets/${f}`)
    .sort(),
];
const worker = await readFile(new URL("app/service-worker.js", here), "utf8");
await writeFile(
  new URL("sw.js", dist),
  worker
    .replace(
      '"__BUILD__"',
      JSON.stringify(`shishi-${appJs.replace(/\.js$/, "")}-${engineDir.slice(0, -1)}`),
    )
    .replace("__FILES__", JSON.stringify(siteFiles))
    .replace("__NETWORKS__", JSON.stringify(networkFiles.map((f) => `assets/${engineDir}${f}`))),
);
await rm(new URL("app.js", dist), { force: true });
await rm(new URL("app.css", dist), { force: true });

// Precompressed copies (brotli and gzip) of everything text or wasm, for servers that send a
// file's .br/.gz variant to browsers that accept it (`shishi web` does).
const files = await readdir(dist, { recursive: true });
for (const file of files.filter((f) => /\.(br|gz)$/.test(f))) await rm(new URL(file, dist));
for (const file of files) {
  if (!/\.(html|js|css|wasm|nnue|json|webmanifest|svg)$/.test(file)) continue;
  const bytes = await readFile(new URL(file, dist));
  await writeFile(new URL(file + ".gz", dist), gzipSync(bytes, { level: 9 }));
  await writeFile(
    new URL(file + ".br", dist),
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
}

/** The first 8 hex digits of the SHA-256 of the files' contents, in order. */
async function hashOf(urls) {
  const hash = createHash("sha256");
  for (const url of urls) hash.update(await readFile(url));
  return hash.digest("hex").slice(0, 8);
}
