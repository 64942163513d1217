// Where the loader runs (browser page, browser worker, Node) and how it starts its own
// Workers there. The same bundle is the page-side loader, the engine worker and every thread
// worker: a worker learns its role from its name (browsers) or its workerData (Node).

/** `true` in the ES module build (shishi.js), `false` in the classic one (bundle.mjs). */
declare const SHISHI_MODULE: boolean;

/** The URL of this script: Workers run it again. */
export const scriptUrl: string = import.meta.url;

/** What Shishi's own workers are. */
export type Role = "engine" | "thread";

/** Both ends of a worker conversation, the same in browsers and Node. */
export interface Channel {
  post(message: unknown): void;
  listen(handler: (message: any) => void): void;
  /** Errors of the worker itself (a script that fails to load, a trap). */
  onError(handler: (error: string) => void): void;
  terminate(): void;
}

type WorkerThreads = typeof import("node:worker_threads");

/** Running under Node (not a browser). */
export const isNode: boolean =
  typeof process !== "undefined" &&
  typeof process.versions?.node === "string" &&
  typeof (globalThis as { window?: unknown }).window === "undefined";

let workerThreads: WorkerThreads | null = null;

/** Loads what starting a worker needs, so that [`startWorker`] can be synchronous (a thread
 * start is a synchronous call from WebAssembly). */
export async function prepare(): Promise<void> {
  if (isNode && workerThreads === null) {
    workerThreads = await import("node:worker_threads");
  }
}

/** Starts one of Shishi's workers running this script. */
export function startWorker(role: Role): Channel {
  if (workerThreads !== null) {
    const w = new workerThreads.Worker(new URL(scriptUrl), {
      workerData: { shishi: role },
    });
    return {
      post: (m) => w.postMessage(m),
      listen: (h) => w.on("message", h),
      onError: (h) => w.on("error", (e) => h(String(e))),
      terminate: () => void w.terminate(),
    };
  }
  const w = new Worker(scriptUrl, {
    type: SHISHI_MODULE ? "module" : "classic",
    name: `shishi-${role}`,
  });
  return {
    post: (m) => w.postMessage(m),
    listen: (h) => w.addEventListener("message", (e) => h(e.data)),
    onError: (h) => w.addEventListener("error", (e) => h(e.message || "worker error")),
    terminate: () => w.terminate(),
  };
}

/** Inside one of Shishi's own workers: its role and the channel to its parent; `null`
 * anywhere else (a page, Node's main thread, somebody else's worker). */
export async function ownRole(): Promise<{
  role: Role;
  parent: Channel;
  close: () => void;
} | null> {
  if (isNode) {
    await prepare();
    const wt = workerThreads as WorkerThreads;
    const role = (wt.workerData as { shishi?: Role } | null)?.shishi;
    if (wt.isMainThread || wt.parentPort === null || role === undefined) {
      return null;
    }
    const port = wt.parentPort;
    return {
      role,
      parent: {
        post: (m) => port.postMessage(m),
        listen: (h) => port.on("message", h),
        onError: () => {},
        terminate: () => port.close(),
      },
      close: () => port.close(),
    };
  }
  const scope = globalThis as unknown as {
    name?: string;
    postMessage?: (m: unknown) => void;
    addEventListener?: (t: string, h: (e: MessageEvent) => void) => void;
    close?: () => void;
    importScripts?: unknown;
  };
  const isWorker =
    typeof scope.importScripts === "function" ||
    (typeof scope.postMessage === "function" &&
      typeof (globalThis as { document?: unknown }).document === "undefined");
  if (!isWorker || (scope.name !== "shishi-engine" && scope.name !== "shishi-thread")) {
    return null;
  }
  const role: Role = scope.name === "shishi-engine" ? "engine" : "thread";
  return {
    role,
    parent: {
      post: (m) => scope.postMessage!(m),
      listen: (h) => scope.addEventListener!("message", (e) => h(e.data)),
      onError: () => {},
      terminate: () => scope.close!(),
    },
    close: () => scope.close!(),
  };
}

/** Whether WebAssembly threads can run here: shared memory, which browsers give only to
 * cross-origin isolated pages (COOP/COEP headers); Node always has it. */
export function sharedMemoryAvailable(): boolean {
  if (typeof SharedArrayBuffer === "undefined") {
    return false;
  }
  if (!isNode && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== true) {
    return false;
  }
  try {
    new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    return true;
  } catch {
    return false;
  }
}

/** The host's core count: how many threads the engine offers. */
export async function hardwareConcurrency(): Promise<number> {
  if (isNode) {
    const os = await import("node:os");
    return os.availableParallelism();
  }
  return Math.max(1, navigator.hardwareConcurrency || 1);
}

/** The bytes of the file at `url` (a `file:` URL under Node, else fetched). */
export async function readBytes(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  if (url.protocol === "file:") {
    const fs = await import("node:fs/promises");
    return new Uint8Array(await fs.readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`cannot load ${url.href}: HTTP ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** The bytes of the `.wasm` at `url`, compiled. */
export async function compile(url: URL): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readBytes(url));
}
