// Shishi as WebAssembly: the default export is the async factory `Shishi(options?)`
// (docs/wasm.md). The same script is also the engine worker and the thread workers it starts.

import { ownRole } from "./env.js";
import { runEngineWorker } from "./engine-worker.js";
import { Shishi } from "./host.js";
import { runThreadWorker } from "./thread-worker.js";

export type { ShishiEngine, ShishiOptions } from "./host.js";

void ownRole().then((own) => {
  if (own === null) return;
  if (own.role === "engine") runEngineWorker(own.parent, own.close);
  else runThreadWorker(own.parent);
});

export default Shishi;
