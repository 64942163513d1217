// Bundles the loader (src/, TypeScript) into dist/: shishi.js (ES module, default export
// Shishi) and shishi.global.js (classic script, a global Shishi), plus dist/package.json so
// Node reads shishi.js as a module. Called by build.sh after the .wasm files are in dist/.
import { build } from "esbuild";
import { copyFile, mkdir, writeFile } from "node:fs/promises";

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

await writeFile(
  new URL("package.json", dist),
  JSON.stringify({ name: "shishi-wasm", type: "module", main: "shishi.js" }, null, 2) + "\n",
);

// The web board (app/, docs/web.md): one ES module that loads ./shishi.js at run time, and
// its page and style sheet. dist/ is then the whole static site.
await build({
  entryPoints: [new URL("app/main.ts", here).pathname],
  bundle: true,
  format: "esm",
  target: "es2022",
  outfile: new URL("app.js", dist).pathname,
  external: ["./shishi.js"],
  logLevel: "warning",
});
await copyFile(new URL("app/index.html", here), new URL("index.html", dist));
await copyFile(new URL("app/app.css", here), new URL("app.css", dist));
