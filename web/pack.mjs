// Assembles the npm package of the engine (docs/wasm.md, "npm package") in a temporary folder
// from a built dist/ (build.sh) and packs it with `npm pack`: node pack.mjs [folder for the
// tarball, default dist/]. Prints the tarball's path. The package's version is Cargo.toml's.
import { execFileSync } from "node:child_process";
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(web, "..");
const dist = join(web, "dist");
const dest = resolve(process.argv[2] ?? dist);

const cargo = await readFile(join(root, "Cargo.toml"), "utf8");
const version = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1];
if (version === undefined) throw new Error("no [package] version in Cargo.toml");

// Not under dist/: bundle.mjs compresses everything there.
const out = await mkdtemp(join(tmpdir(), "shishi-npm-"));
let packed;
try {
  await assemble();
  await mkdir(dest, { recursive: true });
  packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", dest], {
      cwd: out,
      encoding: "utf8",
    }),
  );
} finally {
  await rm(out, { recursive: true, force: true });
}
console.log(join(dest, packed[0].filename));

/** The package's files, in `out`. */
async function assemble() {
  const networks = (await readdir(dist)).filter((f) => f.endsWith(".nnue"));
  for (const f of [
    "shishi.js",
    "shishi.global.js",
    "shishi-mt.wasm",
    "shishi-st.wasm",
    ...networks,
  ]) {
    await copyFile(join(dist, f), join(out, f));
    await chmod(join(out, f), 0o644);
  }
  for (const f of ["LICENSE-MIT", "LICENSE-APACHE"]) await copyFile(join(root, f), join(out, f));
  await copyFile(join(web, "npm", "README.md"), join(out, "README.md"));

  // The declarations of the loader's public API, from its source: shishi.d.ts re-exports the
  // types of host.d.ts, which imports nothing.
  const types = await mkdtemp(join(tmpdir(), "shishi-types-"));
  try {
    execFileSync(
      process.execPath,
      [
        join(web, "node_modules", "typescript", "bin", "tsc"),
        join(web, "src", "shishi.ts"),
        ...["--declaration", "--emitDeclarationOnly", "--outDir", types, "--strict"],
        ...["--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler"],
        ...["--lib", "es2022,dom", "--types", "node", "--skipLibCheck"],
      ],
      // tsc looks for `--types` from its working directory: web/, whose node_modules holds
      // @types/node, wherever pack.mjs is run from.
      { cwd: web, stdio: "inherit" },
    );
    for (const f of ["shishi.d.ts", "host.d.ts"]) await copyFile(join(types, f), join(out, f));
  } finally {
    await rm(types, { recursive: true, force: true });
  }

  const manifest = JSON.parse(await readFile(join(web, "npm", "package.template.json"), "utf8"));
  manifest.version = version;
  await writeFile(join(out, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
}
