#!/usr/bin/env bash
# Installs the Debian packages the test suites need, once. Idempotent and quiet when present.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if ((${#need[@]})); then
  echo "test-deps: installing ${need[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "test-deps: ready (chromium: $(command -v chromium))"
