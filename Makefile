# The two commands of the README (serve, test), the inner loop (check, e2e, dist, lint, dev) and the
# price refresh. Scripts live in tools/.
.PHONY: serve test check e2e dist lint dev bench size refresh feed

export PATH := $(HOME)/.cargo/bin:$(CURDIR)/tests/node_modules/.bin:$(PATH)
# The feed SDKs (credentialed feeds, live and replayed) and ruff are in .venv (tools/setup.sh test).
PYTHON := $(if $(wildcard .venv/bin/python),.venv/bin/python,python3)

serve: ## build the release bundle and serve it on http://127.0.0.1:8080
	tools/serve.sh

test: ## install what is missing, then run every check
	tools/test.sh

check: ## the fast inner loop (a few minutes): fmt, lints, clippy, native Rust and pipeline tests
	tools/setup.sh test >/dev/null
	cargo fmt --all --check
	.venv/bin/ruff check --quiet src/data/pipeline tools
	bash tools/lint-js.sh
	cargo clippy --quiet --all-targets --locked -- -D warnings
	cargo test --quiet --locked
	PYTHONDONTWRITEBYTECODE=1 .venv/bin/python -W error::UserWarning -m unittest discover -s src/data/pipeline

dist: ## build the release bundle into dist/ (no server); CATALOG=FILE: with that catalog JSON instead
	tools/setup.sh build
	trunk build --release
	$(if $(CATALOG),tools/dist-catalog.sh '$(CATALOG)' dist)

e2e: ## one Playwright spec against a fresh release build: make e2e SPEC=compare (tests/e2e/compare.spec.ts)
	@test -n "$(SPEC)" || { echo "make e2e SPEC=name (one of: $$(cd tests/e2e && ls *.spec.ts | sed 's/.spec.ts//' | tr '\n' ' '))"; exit 2; }
	@test -f tests/e2e/$(SPEC).spec.ts || { echo "no spec tests/e2e/$(SPEC).spec.ts"; exit 2; }
	$(MAKE) dist
	cd tests && npx playwright test e2e/$(SPEC).spec.ts

lint: ## ruff (Python) and biome (JS/TS)
	tools/setup.sh test >/dev/null
	.venv/bin/ruff check src/data/pipeline tools
	bash tools/lint-js.sh

dev: ## rebuild on change and serve a debug build on http://127.0.0.1:8080 (trunk serve)
	tools/setup.sh build
	trunk serve

bench: ## engine benchmark (prints figures; not part of `make test`)
	cargo bench --bench engine

size: ## size report of an existing dist/
	node tools/size_report.mjs dist

# Price refresh (issue 23; src/data/README.md "Refresh"). FROM=DIR replays a recorded folder, OUT=DIR2
# writes there instead of the repo, ACCEPT='GATE:ROW ...' WHY='reason' accepts flagged rows (WHY is passed
# to the refresh through the environment; set it there, not on make's command line, if it holds a '$'),
# STRICT=1 makes a feed that cannot be fetched refuse the refresh (by default it keeps its last rows and is
# reported; exit 4 when it has failed 3 runs in a row), RECORD=DIR keeps the live responses,
# PARSED=DIR merges the outputs of `make feed` instead of fetching.
REFRESH_ARGS = $(if $(FROM),--from '$(FROM)') $(if $(OUT),--out '$(OUT)') $(if $(PARSED),--parsed '$(PARSED)') \
  $(foreach a,$(ACCEPT),--accept '$(a)') $(if $(WHY),--why "$$WHY") $(if $(STRICT),--strict) \
  $(if $(RECORD),--record '$(RECORD)') $(if $(FEEDS),--feeds '$(FEEDS)') $(if $(REPORT),--report '$(REPORT)')

refresh: ## refresh prices from the providers' feeds (FROM=DIR replays; OUT=DIR2 writes there)
	$(PYTHON) src/data/pipeline/refresh.py $(REFRESH_ARGS)

feed: ## fetch and parse one feed: make feed FEED=azure-retail PARSED=DIR [FROM=DIR]
	$(PYTHON) src/data/pipeline/refresh.py feed '$(FEED)' --parsed '$(PARSED)' $(if $(FROM),--from '$(FROM)') $(if $(RECORD),--record '$(RECORD)')
