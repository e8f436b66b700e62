#!/usr/bin/env bash
# `make up/down/logs` for the compose stack. Picks the mode once at `up` and remembers it:
#   full     the public images (node:22-bookworm-slim, redis:8, neo4j:5-community) are present or
#            their registry answers: docker-compose.yml as it is (Neo4j 5 + Redis 8);
#   offline  they cannot (no container registry, as on the CI machines): the registry-less images
#            from infra/images/build.sh via infra/compose/offline.yml, without Neo4j.
# Force a mode with GANTRY_STACK_MODE=full|offline.
# Usage: stack.sh up | down [--volumes] | logs [compose logs args] | files
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"
MODE_FILE="$REPO_ROOT/.cache/stack-mode"
PUBLIC_IMAGES=(node:22-bookworm-slim redis:8 neo4j:5-community)

say() { echo "stack: $*" >&2; }

# Present locally, or its registry answers for it (a manifest lookup, not a pull: compose pulls
# later, for as long as a large image takes).
have_or_pullable() {
  docker image inspect "$1" >/dev/null 2>&1 && return 0
  say "checking that $1 can be pulled"
  timeout "${REGISTRY_TIMEOUT:-20}" docker buildx imagetools inspect "$1" >/dev/null 2>&1 \
    || timeout "${REGISTRY_TIMEOUT:-20}" docker manifest inspect "$1" >/dev/null 2>&1
}

choose_mode() {
  if [[ -n "${GANTRY_STACK_MODE:-}" ]]; then echo "$GANTRY_STACK_MODE"; return; fi
  local image
  for image in "${PUBLIC_IMAGES[@]}"; do
    if ! have_or_pullable "$image"; then
      say "$image is not present locally and cannot be pulled: no container registry reachable"
      echo offline
      return
    fi
  done
  echo full
}

compose_files() {
  local mode
  mode=$(cat "$MODE_FILE" 2>/dev/null || echo full)
  if [[ "$mode" == offline ]]; then
    echo "-f docker-compose.yml -f infra/compose/offline.yml"
  else
    echo "-f docker-compose.yml"
  fi
}

compose() {
  # shellcheck disable=SC2046
  docker compose $(compose_files) "$@"
}

case "${1:-}" in
  up)
    bash infra/docker/ensure-engine.sh >&2
    mode=$(choose_mode)
    [[ "$mode" == full || "$mode" == offline ]] || { say "GANTRY_STACK_MODE must be full or offline, got '$mode'"; exit 2; }
    mkdir -p "$(dirname "$MODE_FILE")" && echo "$mode" >"$MODE_FILE"
    if [[ "$mode" == offline ]]; then
      say "OFFLINE MODE: using gantry/node-base:local and gantry/redis8:local (registry-less);"
      say "Neo4j is left out, the task graph runs on its embedded graph store with Redis 8 vectors."
      bash infra/images/build.sh >&2
    else
      say "full mode: Neo4j 5 community + Redis 8 from their public images"
    fi
    compose up -d --wait --build
    say "up ($mode): auth http://127.0.0.1:${AUTH_PORT:-8765}  task-graph http://127.0.0.1:${TASK_GRAPH_PORT:-8000}"
    ;;
  down)
    shift
    compose down --remove-orphans "$@"
    ;;
  logs)
    shift
    compose logs "$@"
    ;;
  files)
    compose_files
    ;;
  *)
    say "usage: stack.sh up | down [--volumes] | logs [args] | files"
    exit 2
    ;;
esac
