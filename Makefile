# The two commands of the README. Everything else lives in tools/.
.PHONY: serve test bench size refresh feed

serve: ## build the release bundle and serve it on http://127.0.0.1:8080
	tools/serve.sh

test: ## install what is missing, then run every check
	tools/test.sh

bench: ## engine benchmark (prints figures; not part of `make test`)
	cargo bench --bench engine

size: ## size report of an existing dist/
	node tools/size_report.mjs dist

# Price refresh (issue 23; src/data/README.md "Refresh"). FROM=DIR replays a recorded folder, OUT=DIR2
# writes there instead of the repo, ACCEPT='GATE:ROW ...' WHY='reason' accepts flagged rows,
# SKIP_FAILED=1 lets a feed that cannot be fetched keep its last rows, RECORD=DIR keeps the live responses,
# PARSED=DIR merges the outputs of `make feed` instead of fetching.
REFRESH_ARGS = $(if $(FROM),--from '$(FROM)') $(if $(OUT),--out '$(OUT)') $(if $(PARSED),--parsed '$(PARSED)') \
  $(foreach a,$(ACCEPT),--accept '$(a)') $(if $(WHY),--why '$(WHY)') $(if $(SKIP_FAILED),--skip-failed) \
  $(if $(RECORD),--record '$(RECORD)') $(if $(FEEDS),--feeds '$(FEEDS)') $(if $(REPORT),--report '$(REPORT)')

refresh: ## refresh prices from the providers' feeds (FROM=DIR replays; OUT=DIR2 writes there)
	python3 src/data/pipeline/refresh.py $(REFRESH_ARGS)

feed: ## fetch and parse one feed: make feed FEED=azure-retail PARSED=DIR [FROM=DIR]
	python3 src/data/pipeline/refresh.py feed '$(FEED)' --parsed '$(PARSED)' $(if $(FROM),--from '$(FROM)') $(if $(RECORD),--record '$(RECORD)')
