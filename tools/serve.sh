#!/usr/bin/env bash
# Builds the release bundle with Trunk (offline, pinned tools) and serves
# dist/ on http://127.0.0.1:8080 (PORT overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
tools/setup.sh build
trunk build --release
exec python3 tools/serve_dist.py dist --port "${PORT:-8080}"
