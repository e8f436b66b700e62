#!/usr/bin/env bash
# CI stack test: the e2e suite green against real containers, twice —
#   1. `e2e run` starting every service as a container (launcher docker, images from
#      services/*/Dockerfile, Redis 8 from the registry-less image);
#   2. `make up` (compose stack) then `e2e run --no-start` against it, then `make down`;
# and afterwards no container of either run remains. Plain step lines; bounded in time.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"
CONF_IN="${E2E_CONF:-e2e.conf}"
DOCKER_CONF="$REPO_ROOT/.stack-test.e2e.conf"
PROJECT=gantry
T0=$SECONDS

step() { printf 'stack-test: [%4ds] %s\n' "$((SECONDS - T0))" "$*"; }
fail() { printf 'stack-test: FAILED: %s\n' "$*" >&2; exit 1; }

# Containers the e2e CLI starts carry gantry.run-id; remember what existed before we began.
run_containers() { docker ps -aq --filter label=gantry.run-id | sort; }
project_containers() { docker ps -aq --filter "label=com.docker.compose.project=$PROJECT"; }

cleanup() {
  local code=$?
  rm -f "$DOCKER_CONF"
  if ((code != 0)); then
    step "failure: compose logs (tail) and teardown"
    bash infra/compose/stack.sh logs --tail 50 2>/dev/null || true
    bash infra/compose/stack.sh down --volumes >/dev/null 2>&1 || true
  fi
  exit "$code"
}
trap cleanup EXIT

step "engine: infra/docker/ensure-engine.sh"
bash infra/docker/ensure-engine.sh

step "images: infra/images/build.sh"
bash infra/images/build.sh

[[ -z "$(project_containers)" ]] || fail "a compose project '$PROJECT' is already running; run make down first"
before=$(run_containers)

step "e2e in containers: npx e2e run --config $(basename "$DOCKER_CONF") (launcher docker)"
services=$(node infra/ci/docker-config.mjs "$CONF_IN" "$DOCKER_CONF")
since=$(date +%s)
set +e
timeout 900 npx e2e run --config "$DOCKER_CONF"
code=$?
set -e
((code == 0)) || fail "e2e run in containers exited $code (0 passed, 1 failed, 2 config, 3 services did not start)"

step "check: every service ran in a container it started ($services)"
started=$(docker events --since "$since" --until "$(date +%s)" --filter type=container --filter event=start \
  --filter label=gantry.role=service --format '{{ index .Actor.Attributes "gantry.service" }}' | sort -u)
for name in $services; do
  grep -qx "$name" <<<"$started" \
    || fail "$name was not started as a container (already running at its base_url? stop it, or set its *_BASE_URL)"
done

step "check: no container of the e2e run remains"
left=$(comm -13 <(echo "$before") <(run_containers) | tr '\n' ' ')
[[ -z "${left// /}" ]] || fail "containers left by the e2e run: $left"

step "compose: make up"
timeout 900 make up

step "e2e against the compose stack: npx e2e run --no-start --config $CONF_IN"
set +e
timeout 600 npx e2e run --no-start --config "$CONF_IN"
code=$?
set -e
((code == 0)) || fail "e2e run --no-start against the compose stack exited $code"

step "compose: make down"
make down V=1

step "check: no container of the compose project '$PROJECT' remains"
[[ -z "$(project_containers)" ]] || fail "containers left by compose: $(project_containers | tr '\n' ' ')"
left=$(comm -13 <(echo "$before") <(run_containers) | tr '\n' ' ')
[[ -z "${left// /}" ]] || fail "containers left by the e2e runs: $left"

step "passed in $((SECONDS - T0))s"
