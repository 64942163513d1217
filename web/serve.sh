#!/usr/bin/env bash
# The web board in one command: builds the WebAssembly engine and the site (web/build.sh,
# which installs its toolchain on a fresh Debian machine) and the native binary, then serves
# web/dist on http://127.0.0.1:8080/ with the headers that enable threads (`shishi web`;
# arguments are passed on, e.g. --port 9000 or --public). docs/web.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/web/build.sh"
(cd "$root" && cargo build --release -q)
exec "$root/target/release/shishi" web --dir "$root/web/dist" "$@"
