#!/usr/bin/env bash
# Builds Shishi as WebAssembly into web/dist/ (docs/wasm.md):
#   shishi.js        the loader, an ES module (default export: the async factory Shishi)
#   shishi.global.js the same loader as a classic script (a global Shishi)
#   shishi-mt.wasm   multi-threaded (atomics, shared memory; needs cross-origin isolation)
#   shishi-st.wasm   single-threaded, for pages without shared memory
# Installs its toolchain first (web/setup-toolchain.sh) and the npm tools (web/package-lock.json).
# The standard library is compiled from source for each flavour (a few minutes cold on two
# cores); wasm/target/ keeps it, so later builds relink in seconds.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/web/setup-toolchain.sh"

# Debian's rustc-web (with the standard library's source) compiles; rustup's cargo drives it.
export RUSTC=/usr/bin/rustc
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22
command -v cargo >/dev/null || { echo "web/build.sh: cargo not found (the Rust toolchain)" >&2; exit 1; }
command -v node >/dev/null || { echo "web/build.sh: node not found (Node.js >= 20)" >&2; exit 1; }

build() { # flavour, extra RUSTFLAGS
  local flavour=$1 flags=$2
  RUSTFLAGS="$flags" CARGO_TARGET_DIR="$root/wasm/target/$flavour" nice -n 10 cargo build -q \
    --manifest-path "$root/wasm/Cargo.toml" --release --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort
  mkdir -p "$root/web/dist"
  cp "$root/wasm/target/$flavour/wasm32-unknown-unknown/release/shishi_wasm.wasm" \
    "$root/web/dist/shishi-$flavour.wasm"
}
# WebAssembly SIMD (every current browser and Node >= 16): the network's 32-lane row adds
# and output sums vectorize as they do natively (docs/wasm.md, "SIMD").
build st "-C target-feature=+simd128"
build mt "-C target-feature=+simd128,+atomics,+bulk-memory,+mutable-globals"

cd "$root/web"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
node bundle.mjs
