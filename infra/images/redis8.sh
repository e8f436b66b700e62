#!/usr/bin/env bash
# Redis 8 (with the built-in vectorset module: VADD/VSIM/VINFO) for a bookworm host, with no
# container registry: trixie's redis-tools ships the 8.0 server; it runs through trixie's own
# loader and libraries, extracted under .cache/redis8/root. Installs wrappers
#   .cache/redis8/bin/redis-server   .cache/redis8/bin/redis-cli
# Idempotent: cached .debs are reused and extraction is skipped when the inputs are unchanged.
# Last line of output: the redis-server wrapper path.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$REPO_ROOT/infra/lib/trixie-debs.sh"

OUT="${REDIS8_DIR:-$REPO_ROOT/.cache/redis8}"
# The server and every library it (and trixie's loader) needs, per INFRA.md.
PACKAGES=(redis-tools libc6 libatomic1 libcap2 libgcc-s1 libjemalloc2 liblzf1 libssl3t64
  libstdc++6 libsystemd0 libzstd1 zlib1g)

# Test files may run this concurrently: one extraction at a time.
mkdir -p "$REPO_ROOT/.cache"
exec 8>"$REPO_ROOT/.cache/redis8.lock"
flock -w 300 8 || { echo "redis8: timed out waiting for another redis8.sh run" >&2; exit 1; }

trixie_debs "${PACKAGES[@]}"

debs=()
for pkg in "${PACKAGES[@]}"; do debs+=("$(trixie_cached_deb "$pkg")"); done
stamp=$(printf '%s\n' "${debs[@]##*/}" | sha256sum | cut -c1-16)

if [[ "$(cat "$OUT/.stamp" 2>/dev/null)" != "$stamp" || ! -x "$OUT/bin/redis-server" ]]; then
  echo "redis8: extracting ${#debs[@]} packages into $OUT/root" >&2
  rm -rf "$OUT.tmp" && mkdir -p "$OUT.tmp/root" "$OUT.tmp/bin"
  for deb in "${debs[@]}"; do dpkg-deb -x "$deb" "$OUT.tmp/root"; done
  root="$OUT.tmp/root"
  [[ -e "$root/usr/bin/redis-server" ]] || ln -s redis-check-rdb "$root/usr/bin/redis-server"
  [[ -e "$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ]] \
    || { echo "redis8: trixie's loader is missing from the extracted libc6" >&2; exit 1; }
  # The wrappers find root/ relative to themselves, so the cache can move with the repo.
  for tool in redis-server redis-cli; do
    cat >"$OUT.tmp/bin/$tool" <<WRAP
#!/bin/sh
# Runs trixie's $tool through trixie's loader (the host's glibc is too old for it).
# The path run must end in $tool: the redis binary picks its mode from argv[0].
ROOT="\$(dirname "\$(readlink -f "\$0")")/../root"
LIB="\$ROOT/usr/lib/x86_64-linux-gnu"
exec "\$LIB/ld-linux-x86-64.so.2" --library-path "\$LIB" "\$ROOT/usr/bin/$tool" "\$@"
WRAP
    chmod +x "$OUT.tmp/bin/$tool"
  done
  echo "$stamp" >"$OUT.tmp/.stamp"
  rm -rf "$OUT" && mv "$OUT.tmp" "$OUT"
fi

"$OUT/bin/redis-server" --version >/dev/null \
  || { echo "redis8: $OUT/bin/redis-server does not run" >&2; exit 1; }
echo "$OUT/bin/redis-server"
