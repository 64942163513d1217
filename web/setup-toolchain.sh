#!/usr/bin/env bash
# Installs what the WebAssembly build and its tests need, from Debian's packages, and prints
# nothing when everything is already there (idempotent). See docs/wasm.md and
# shared/notes/wasm-toolchain.md for why these packages: rustup cannot fetch the wasm32 target
# here, but Debian's rustc-web ships the standard library's source, which cargo's -Zbuild-std
# compiles for wasm32-unknown-unknown.
#
#   web/setup-toolchain.sh            compiler, linker (rustc-web, lld-22)
#   web/setup-toolchain.sh --browser  also Debian's chromium, for the headless browser checks,
#                                     a small Japanese font (IPAex Mincho) so the web board's
#                                     kanji render there, and a Korean one (Nanum) for its Korean
#                                     labels (users' systems have their own)
set -euo pipefail

packages=(rustc-web libstd-rust-web-dev rust-web-src lld-22)
if [ "${1:-}" = "--browser" ]; then
  packages+=(chromium fonts-ipaexfont-mincho fonts-nanum)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "web/setup-toolchain.sh: missing Debian packages: ${missing[*]} (install them as root: apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "web/setup-toolchain.sh: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# rustc-web 1.85 (bookworm without security updates) predates the flags the build uses.
version=$(dpkg-query -W -f='${Version}' rustc-web)
if dpkg --compare-versions "$version" lt 1.96; then
  echo "web/setup-toolchain.sh: rustc-web $version is too old (need >= 1.96, from bookworm-security)" >&2
  exit 1
fi
