# Entry points. `make e2e` and `make test` do their own set-up on a fresh machine.
SHELL := /bin/bash
.DEFAULT_GOAL := help

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed ## Install npm dependencies and build (only when the lock file changed)

test-deps: ## Install what the tests need from Debian (Chromium for the HTML report check)
	bash infra/deps/test-deps.sh

e2e: install ## The main job: e2e run against both services (starts what is not running)
	@# With a Docker engine, services run as containers built on the registry-less base image.
	@if docker info >/dev/null 2>&1; then bash infra/images/build.sh >/dev/null; fi
	@# This repository's own bin (npx would first install the project into its cache, racily).
	node bin/e2e.js run

test: install test-deps ## Every test suite (unit, service, controller, Redis adapters)
	npm test

test-node-versions: install ## The Node-sensitive suites (loaders, the packed package) under Node 22 and 24
	bash infra/ci/node-versions.sh

.PHONY: help install test-deps e2e test test-node-versions

engine: ## Make a Docker engine answer (installs docker.io, starts dockerd, compose + buildx plugins)
	bash infra/docker/ensure-engine.sh

images: engine ## Build the registry-less base images (gantry/node-base:local, gantry/redis8:local)
	bash infra/images/build.sh

.PHONY: engine images

up: install ## Start the compose stack and wait until healthy (offline images when no registry)
	bash infra/compose/stack.sh up

down: ## Stop and remove the compose stack (V=1 also removes its volumes)
	bash infra/compose/stack.sh down $(if $(V),--volumes,)

logs: ## Show the compose stack's logs (ARGS="-f task-graph" to follow one service)
	bash infra/compose/stack.sh logs $(ARGS)

test-neo4j: install ## GraphStore conformance suite against Neo4j 5 (compose neo4j, or NEO4J_URI)
	bash infra/compose/test-neo4j.sh

.PHONY: up down logs test-neo4j
