# The two commands of the README. Everything else lives in tools/.
.PHONY: serve test bench size

serve: ## build the release bundle and serve it on http://127.0.0.1:8080
	tools/serve.sh

test: ## install what is missing, then run every check
	tools/test.sh

bench: ## engine benchmark (prints figures; not part of `make test`)
	cargo bench --bench engine

size: ## size report of an existing dist/
	node tools/size_report.mjs dist
