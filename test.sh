#!/usr/bin/env bash
# Every test of the project: the README's test command, which CI runs after formatting and
# lints. First the engine's (`cargo test --release`: unit and rules tests, perft suites,
# protocol conversations and fuzzers, matches against stand-ins and HaChu), then the
# WebAssembly engine's (`web/test.sh`: Node tests of the worker interface and of equality
# with the native binary, headless Chromium). Installs what they need: HaChu here, the wasm
# toolchain and Chromium through web/setup-toolchain.sh (Debian packages, as root), npm
# packages from web/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x /usr/games/hachu ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test.sh: installing hachu" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hachu) >/dev/null
  else
    echo "test.sh: HaChu (/usr/games/hachu) is missing: install the Debian package hachu as root" >&2
    exit 1
  fi
fi
cargo test --release
web/test.sh
