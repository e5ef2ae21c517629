#!/usr/bin/env bash
# Lints the project's JavaScript and TypeScript with Biome (the npm package
# @biomejs/biome, pinned in tests/package.json and installed from
# tests/package-lock.json into tests/node_modules).
#
# What is linted and how is in biome.json at the repo root:
#   web/*.js, tools/*.mjs, tests/e2e/**/*.ts and
#   tests/*.config.ts (never dist/, target/, node_modules, test output or
#   src/data); Biome's recommended rules; the formatter and the assist
#   (organize imports) are off, so linting never rewrites a file's layout.
#
# Rules turned off, and why (JSON has no comments, so the reasons live here).
# Only for the Playwright specs and configs (tests/e2e/**/*.ts, tests/*.config.ts):
#   - style/noNonNullAssertion: a spec asserts what it expects; `x!` on a
#     query the spec has just waited for is the assertion, and a failed one
#     fails the test, which is what a spec wants.
#   - suspicious/noExplicitAny: the specs' in-page probes put expando
#     properties on window and on DOM nodes (`__seen`, `__kept`, `__shifts`)
#     and read entries TypeScript has no types for (LayoutShift); `any` there
#     is deliberate and never reaches the app's code.
#   - performance/useDomNodeTextContent: the specs read `innerText` on purpose,
#     the text as rendered (CSS-hidden text left out, layout whitespace), which
#     `textContent` is not; switching would change what the tests assert.
# Everywhere else every recommended rule is on.
#
# Exits non-zero on any diagnostic (error, warning or info) and prints one
# summary line.
set -euo pipefail
cd "$(dirname "$0")/.."

BIOME=tests/node_modules/.bin/biome
if [ ! -x "$BIOME" ]; then
  echo "lint-js: $BIOME is missing: install tests/node_modules (npm ci --prefix tests, or tools/setup.sh)" >&2
  exit 2
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT

status=0
"$BIOME" lint --colors=off --error-on-warnings --max-diagnostics=none >"$out" 2>&1 || status=$?

count() { # the number in Biome's "Found N <kind>(s)." line, else 0
  local n
  n=$(sed -nE "s/^Found ([0-9]+) $1s?\.?$/\1/p" "$out" | head -n1)
  echo "${n:-0}"
}
errors=$(count error)
warnings=$(count warning)
infos=$(count info)
files=$(sed -nE 's/^Checked ([0-9]+) files?.*/\1/p' "$out" | head -n1)
version=$("$BIOME" --version | sed -E 's/^Version: //')

if [ "$status" -ne 0 ] || [ "$errors" -ne 0 ] || [ "$warnings" -ne 0 ] || [ "$infos" -ne 0 ] || [ -z "$files" ]; then
  cat "$out" >&2
  echo "lint-js: FAILED: biome $version checked ${files:-0} files: $errors errors, $warnings warnings, $infos infos (exit $status)" >&2
  [ "$status" -ne 0 ] && exit "$status"
  exit 1
fi
echo "lint-js: ok: biome $version checked $files files: 0 errors, 0 warnings, 0 infos"
