#!/usr/bin/env bash
# Installs the Debian packages the test suites need, once. Idempotent and quiet when present.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck) # infra/test/shell-scripts.test.ts
if ((${#need[@]})); then
  echo "test-deps: installing ${need[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "test-deps: ready (chromium: $(command -v chromium))"

# Docker engine + registry-less base images, for the suites that run real containers (infra,
# lifecycle). Not fatal: without them those suites print NOT RUN by name. GANTRY_SKIP_DOCKER=1 skips.
if [[ "${GANTRY_SKIP_DOCKER:-}" != 1 ]]; then
  repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  if bash "$repo/infra/docker/ensure-engine.sh" && bash "$repo/infra/images/build.sh" >/dev/null; then
    echo "test-deps: ready (docker engine, gantry/node-base:local, gantry/redis8:local)"
  else
    echo "test-deps: WARNING: no Docker engine or base images; Docker suites will report NOT RUN"
  fi
fi
