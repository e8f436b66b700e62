#!/usr/bin/env bash
# `make test-neo4j`: the task graph's GraphStore conformance suite against a real Neo4j 5 — the
# compose `neo4j` service, published on 127.0.0.1:${NEO4J_BOLT_PORT:-7687}. Needs the public
# neo4j:5-community image (present or pullable); without it, says so by name and exits 1.
# With NEO4J_URI already set, uses that server instead and starts nothing.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"
SUITE="${NEO4J_SUITE:-services/task-graph/test/adapters/neo4j-graph.test.ts}"

if [[ -z "${NEO4J_URI:-}" ]]; then
  bash infra/docker/ensure-engine.sh >&2
  if ! docker image inspect neo4j:5-community >/dev/null 2>&1 \
    && ! timeout 20 docker buildx imagetools inspect neo4j:5-community >/dev/null 2>&1; then
    echo "test-neo4j: NOT RUN: Neo4j conformance suite — neo4j:5-community is not present and cannot be pulled (no container registry)." >&2
    echo "test-neo4j: set NEO4J_URI (and NEO4J_USER/NEO4J_PASSWORD) to run it against a server you have." >&2
    exit 1
  fi
  docker compose -f docker-compose.yml up -d --wait neo4j
  export NEO4J_URI="bolt://127.0.0.1:${NEO4J_BOLT_PORT:-7687}"
  export NEO4J_USER=neo4j NEO4J_PASSWORD="${NEO4J_PASSWORD:-gantry-dev-only}"
fi
echo "test-neo4j: running $SUITE against $NEO4J_URI" >&2
npx vitest run "$SUITE"
