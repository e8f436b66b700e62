#!/usr/bin/env bash
# Makes sure a Docker engine answers `docker info`, plus the compose and buildx plugins.
#  - installs docker.io from Debian when dockerd is missing;
#  - starts dockerd with setsid when nothing answers, and waits (bounded) until it does;
#  - never starts a second dockerd: if one is already running, it only waits for it.
# Safe to run concurrently (a lock serialises the start). Exit 1 with a reason when it cannot.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WAIT_SECONDS="${ENGINE_WAIT_SECONDS:-60}"
LOG="${DOCKERD_LOG:-/var/log/dockerd.log}"

say() { echo "ensure-engine: $*" >&2; }
answers() { timeout 10 docker info >/dev/null 2>&1; }

wait_for_engine() {
  local deadline=$((SECONDS + WAIT_SECONDS))
  until answers; do
    if ((SECONDS >= deadline)); then
      say "the engine did not answer within ${WAIT_SECONDS}s; last lines of $LOG:"
      tail -n 20 "$LOG" >&2 2>/dev/null || true
      return 1
    fi
    sleep 0.2
  done
}

install_engine() {
  [[ $(id -u) -eq 0 ]] || { say "dockerd is missing and installing docker.io needs root"; return 1; }
  say "installing docker.io from Debian"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq --no-install-recommends docker.io >/dev/null 2>&1; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends docker.io >/dev/null
  fi
}

if ! answers; then
  exec 9>"${TMPDIR:-/tmp}/gantry-ensure-engine.lock"
  flock -w "$WAIT_SECONDS" 9 || { say "timed out waiting for another ensure-engine run"; exit 1; }
  if ! answers; then
    command -v dockerd >/dev/null 2>&1 || install_engine
    command -v docker >/dev/null 2>&1 || { say "no docker CLI after installing docker.io"; exit 1; }
    if pgrep -x dockerd >/dev/null 2>&1; then
      say "a dockerd is already running (pid $(pgrep -x dockerd | head -n1)); waiting for it"
    else
      say "starting dockerd (log: $LOG)"
      setsid dockerd >"$LOG" 2>&1 </dev/null &
    fi
    wait_for_engine
  fi
  flock -u 9
fi

bash "$REPO_ROOT/infra/docker/compose-plugin.sh" >&2
echo "ensure-engine: engine $(docker version --format '{{.Server.Version}}' 2>/dev/null) answers" \
  "(compose $(docker compose version --short))"
