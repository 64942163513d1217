// One of web/app's TypeScript modules, bundled on the fly with esbuild (the build's own
// bundler) and imported, for the Node tests of the page's pure logic.
import { build } from "esbuild";

export async function loadAppModule(file) {
  const out = await build({
    entryPoints: [new URL(`../app/${file}`, import.meta.url).pathname],
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "warning",
  });
  return import(
    `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`
  );
}
