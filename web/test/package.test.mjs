// The npm package of the engine (web/pack.mjs, docs/wasm.md): packed with `npm pack`, installed
// from the tarball into a fresh project, type-checked against its declarations, bundled there
// with esbuild (the package kept external, as its README asks) and run under Node: a search
// through it (with chu's network, fetched from the package's folder: no error line) answers a
// move the native binary lists as legal.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { build } from "esbuild";
import { HANG_GUARD_MS, nativeBinary } from "./session.mjs";

const web = fileURLToPath(new URL("..", import.meta.url));
const moves = "7i7h 5d5e";

// The program a user of the package writes: a search on a position given as arguments.
const program = `import Shishi, { type ShishiEngine, type ShishiOptions } from "shishi-engine";

const options: ShishiOptions = { threads: true };
const engine: ShishiEngine = await Shishi(options);
// (No @types/node in this project: process is reached through globalThis.)
const moves: string = (globalThis as any).process.argv.slice(2).join(" ");
engine.addMessageListener((line: string) => {
  console.log(line);
  if (line.startsWith("bestmove")) engine.terminate();
});
engine.postMessage(\`usi\\nisready\\nposition startpos moves \${moves}\\ngo depth 4\`);
`;

let tmp, tarball, project;
before(async () => {
  tmp = await mkdtemp(join(tmpdir(), "shishi-npm-"));
  // From the repository root, as docs/wasm.md writes the command (tsc once looked for
  // @types/node from there and failed).
  tarball = execFileSync(process.execPath, [join(web, "pack.mjs"), tmp], {
    cwd: join(web, ".."),
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .at(-1);
  project = join(tmp, "project");
  await mkdir(project);
  await writeFile(
    join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  execFileSync("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund"], {
    cwd: project,
    stdio: "ignore",
  });
  await writeFile(join(project, "main.ts"), program);
  // Strict, with the resolution bundlers use (the package's `exports`, `types` first).
  await writeFile(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "es2022",
        moduleResolution: "bundler",
        lib: ["es2022", "dom"],
        types: [],
        strict: true,
        noEmit: true,
      },
      files: ["main.ts"],
    }),
  );
});
after(() => rm(tmp, { recursive: true, force: true }));

test("the tarball: the loader, both .wasm, both networks, the declarations, README and licences; Cargo's version", async () => {
  const networks = (await readdir(join(web, "..", "nets")))
    .filter((f) => f.endsWith(".nnue"))
    .sort();
  assert.deepEqual(
    networks.map((f) => f.replace(/-[0-9a-f]{8}\.nnue$/, "")),
    ["chu", "daidai"],
  );
  const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" })
    .trim()
    .split("\n")
    .sort();
  assert.deepEqual(
    files,
    [
      "LICENSE-APACHE",
      "LICENSE-MIT",
      "README.md",
      ...networks,
      "host.d.ts",
      "package.json",
      "shishi-mt.wasm",
      "shishi-st.wasm",
      "shishi.d.ts",
      "shishi.global.js",
      "shishi.js",
    ].map((f) => `package/${f}`),
  );
  const manifest = JSON.parse(
    await readFile(join(project, "node_modules", "shishi-engine", "package.json"), "utf8"),
  );
  const cargo = await readFile(join(web, "..", "Cargo.toml"), "utf8");
  assert.equal(manifest.version, /^version = "([^"]+)"/m.exec(cargo)[1]);
  assert.equal(manifest.license, "MIT OR Apache-2.0");
});

test("a program importing the package by name type-checks against its declarations", () => {
  const tsc = spawnSync(
    process.execPath,
    [join(web, "node_modules", "typescript", "bin", "tsc"), "-p", "."],
    { cwd: project, encoding: "utf8" },
  );
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});

test("bundled with esbuild and run under Node, it searches and answers a legal move", async () => {
  await build({
    entryPoints: ["main.ts"],
    absWorkingDir: project,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["shishi-engine"],
    outfile: join(project, "dist", "main.js"),
    logLevel: "error",
  });
  const run = spawnSync(process.execPath, ["dist/main.js", ...moves.split(" ")], {
    cwd: project,
    encoding: "utf8",
    timeout: HANG_GUARD_MS,
  });
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split("\n");
  assert.ok(lines.includes("usiok") && lines.includes("readyok"), run.stdout);
  assert.ok(lines.some((l) => /^info string Shishi WebAssembly, multi-threaded/.test(l)));
  assert.deepEqual(
    lines.filter((l) => l.includes("error")),
    [],
  );
  const best = lines.at(-1).match(/^bestmove (\S+)/);
  assert.ok(best, run.stdout);

  const native = execFileSync(nativeBinary, {
    input: `usi\nposition startpos moves ${moves}\nlegalmoves\nquit\n`,
    encoding: "utf8",
  });
  const legal = native
    .split("\n")
    .find((l) => l.startsWith("legalmoves "))
    .split(" ")
    .slice(1);
  assert.ok(legal.length > 20, native);
  assert.ok(legal.includes(best[1]), `${best[1]} is not among ${legal.join(" ")}`);
});
