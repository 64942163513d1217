// A static file server for the browser check and the example page, without dependencies:
// serves web/ on 127.0.0.1, with or without the headers that make a page cross-origin
// isolated (and so give it shared memory, which the multi-threaded flavour needs).
//
//   node web/test/server.mjs [--isolated] [--port N]
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".css": "text/css; charset=utf-8",
};

/** Starts the server; resolves to its base URL and a close function. `onRequest` is told
 * every path asked for. */
export function serve({ isolated, port = 0, onRequest = () => {} }) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    onRequest(path);
    const file = root + path.replace(/^[/\\]+/, "");
    if (!file.startsWith(root) || path.split(sep).includes("..")) {
      res.writeHead(403).end();
      return;
    }
    try {
      const name = file.endsWith(sep) ? file + "index.html" : file;
      const body = await readFile(name);
      const headers = {
        "Content-Type": TYPES[extname(name)] ?? "application/octet-stream",
        "Cache-Control": "no-store",
      };
      if (isolated) {
        headers["Cross-Origin-Opener-Policy"] = "same-origin";
        headers["Cross-Origin-Embedder-Policy"] = "require-corp";
      }
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const isolated = process.argv.includes("--isolated");
  const i = process.argv.indexOf("--port");
  const { url } = await serve({ isolated, port: i > 0 ? Number(process.argv[i + 1]) : 8080 });
  console.log(
    `serving web/ at ${url} (${isolated ? "cross-origin isolated" : "not isolated"}); example: ${url}example/`,
  );
}
