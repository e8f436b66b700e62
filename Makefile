# Entry points. `make e2e` and `make test` do their own set-up on a fresh machine.
SHELL := /bin/bash
.DEFAULT_GOAL := help

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed ## Install npm dependencies and build (only when the lock file changed)

test-deps: ## Install what the tests need from Debian (Chromium for the HTML report check)
	bash infra/deps/test-deps.sh

e2e: install ## The main job: e2e run against both services (starts what is not running)
	npx e2e run

test: install test-deps ## Every test suite (unit, service, controller, Redis adapters)
	npm test

.PHONY: help install test-deps e2e test

engine: ## Make a Docker engine answer (installs docker.io, starts dockerd, compose + buildx plugins)
	bash infra/docker/ensure-engine.sh

images: engine ## Build the registry-less base images (gantry/node-base:local, gantry/redis8:local)
	bash infra/images/build.sh

.PHONY: engine images
