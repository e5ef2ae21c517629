#!/usr/bin/env bash
# Puts another catalog into a built bundle: `tools/dist-catalog.sh FILE [DIR]`
# (`make dist CATALOG=FILE` runs it on dist/). FILE is any catalog JSON the
# CLI reads with `--catalog FILE` (`gpucost scale-catalog 25` writes one of
# every region cloned, for measuring). The app's data file, what the worker reads beside it
# and the price history's are written from it by the CLI (`gpucost data-file`), then
# tools/postbuild.mjs redoes what depends on them: the pre-rendered first
# screen, the service worker's list and cache name, the precompressed copies.
# The code is unchanged: the wasm modules do not depend on the data.
set -euo pipefail
file=${1:?usage: tools/dist-catalog.sh CATALOG.json [DIR]}
dir=${2:-dist}
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
test -f "$dir/index.html" || { echo "dist-catalog: $dir has no built bundle (make dist)" >&2; exit 2; }
# the features `cargo test` builds with, so its build is reused
cargo build --quiet --locked --features worker-html --bin gpucost
gpucost=target/debug/gpucost
for f in catalog.bin catalog-rest.bin history.bin; do
  args=(data-file --catalog "$file")
  [ "$f" = catalog.bin ] && args+=(--app)
  [ "$f" = history.bin ] && args+=(--history)
  "$gpucost" "${args[@]}" > "$dir/$f.tmp"
  mv "$dir/$f.tmp" "$dir/$f"
done
node tools/postbuild.mjs "$dir"
echo "dist-catalog: $dir now holds the catalog of $file ($("$gpucost" version --catalog "$file"))"
