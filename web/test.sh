#!/usr/bin/env bash
# Builds the WebAssembly engine and runs all its tests (docs/wasm.md): the loader's type check
# and formatting, the Node tests of the worker interface, of equality with the native binary
# and of the npm package (packed, installed, bundled), and the headless Chromium check.
# Installs what it needs (Debian packages through web/setup-toolchain.sh, npm packages from
# web/package-lock.json).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/web/setup-toolchain.sh" --browser
"$root/web/build.sh"
# The native binary the equality tests compare with (the same build `cargo test --release` uses).
(cd "$root" && nice -n 10 cargo build --release -q)
cd "$root/web"
npx --no-install tsc -p .
npx --no-install prettier --check --log-level warn src app test npm bundle.mjs pack.mjs screenshots.mjs
nice -n 10 node --test --test-concurrency=1 test/*.test.mjs
