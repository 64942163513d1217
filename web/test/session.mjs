// A USI conversation with one engine, the WebAssembly one (through web/dist/shishi.js, as a
// page uses it) or the native binary (over stdin/stdout): send lines, wait for answers.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Shishi from "../dist/shishi.js";

/** The native binary the WebAssembly engine is compared with (web/test.sh builds it). */
export const nativeBinary = fileURLToPath(new URL("../../target/release/shishi", import.meta.url));

/** Long enough for any answer on a loaded two-core machine: a guard against hangs, not a
 * measure of speed. */
export const HANG_GUARD_MS = 60_000;

export class Session {
  lines = [];
  cursor = 0;
  waiters = [];

  receive(line) {
    this.lines.push(line);
    for (const w of this.waiters.splice(0)) w();
  }

  /** The next line (after the last one waited for) that `match` accepts; fails after
   * `HANG_GUARD_MS`. */
  async next(match, what = String(match)) {
    const test = typeof match === "function" ? match : (l) => match.test(l);
    const deadline = Date.now() + HANG_GUARD_MS;
    for (;;) {
      for (; this.cursor < this.lines.length; this.cursor++) {
        if (test(this.lines[this.cursor])) return this.lines[this.cursor++];
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no line matching ${what}; last lines:\n${this.lines.slice(-8).join("\n")}`,
        );
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Lines received since `from`. */
  since(from) {
    return this.lines.slice(from);
  }
}

/** The WebAssembly engine; `threads: false` forces the single-threaded flavour. */
export async function wasmEngine(options = {}) {
  const session = new Session();
  const engine = await Shishi(options);
  engine.addMessageListener((line) => session.receive(line));
  session.send = (line) => engine.postMessage(line);
  session.pid = process.pid;
  session.close = () => engine.terminate();
  return session;
}

/** The native binary. */
export function nativeEngine() {
  if (!existsSync(nativeBinary)) {
    throw new Error(`${nativeBinary} is missing: run cargo build --release (web/test.sh does)`);
  }
  const session = new Session();
  const child = spawn(nativeBinary, [], { stdio: ["pipe", "pipe", "ignore"] });
  let partial = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop();
    for (const line of parts) session.receive(line);
  });
  session.send = (line) => child.stdin.write(line + "\n");
  session.pid = child.pid;
  session.close = () => child.kill();
  return session;
}

/** `usi` and the options, then `isready`; returns the handshake's lines. */
export async function handshake(session, options = []) {
  const from = session.lines.length;
  session.send("usi");
  await session.next(/^usiok$/);
  for (const o of options) session.send(`setoption name ${o}`);
  session.send("isready");
  await session.next(/^readyok$/);
  return session.since(from);
}

/** `go` and its answer: the bestmove line and the last info line with a PV. */
export async function search(session, go) {
  const from = session.lines.length;
  session.send(go);
  const best = await session.next(/^bestmove /);
  const infos = session.since(from).filter((l) => / pv /.test(l));
  return { best, info: infos.at(-1) ?? "" };
}

/** A field of an info line (`nodes`, `depth`, ...). */
export function field(info, name) {
  const m = new RegExp(`\\b${name} (\\S+)`).exec(info);
  return m ? m[1] : undefined;
}
