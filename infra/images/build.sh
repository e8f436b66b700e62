#!/usr/bin/env bash
# Builds the registry-less base images with `docker import` (no pull, no Dockerfile):
#   gantry/node-base:local  scratch + the host's node binary + the libraries ldd lists,
#                           non-root user `node` (1000:1000), ~100 MB
#   gantry/redis8:local     scratch + trixie's Redis 8.0 (vector sets) and its libraries,
#                           non-root user `redis` (999:999), data in /data, ~20 MB
# Cached by input hash: skipped when the tag exists with a matching `gantry.input-hash` label.
# Usage: build.sh [node|redis|all]   (default all). Prints one tag per line on stdout.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NODE_TAG="${NODE_BASE_TAG:-gantry/node-base:local}"
REDIS_TAG="${REDIS8_TAG:-gantry/redis8:local}"
SELF_HASH=$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-12)

say() { echo "images: $*" >&2; }

current_hash() {
  docker image inspect -f '{{ index .Config.Labels "gantry.input-hash" }}' "$1" 2>/dev/null || true
}

# import_root ROOT TAG HASH CHANGE... : tars ROOT (numeric owners) into a scratch image.
import_root() {
  local root=$1 tag=$2 hash=$3; shift 3
  local changes=(--change "LABEL gantry.input-hash=$hash" --change "LABEL org.opencontainers.image.source=gantry")
  local c
  for c in "$@"; do changes+=(--change "$c"); done
  local old
  old=$(docker image inspect -f '{{.Id}}' "$tag" 2>/dev/null || true)
  tar --numeric-owner -C "$root" -c . | docker import "${changes[@]}" - "$tag" >/dev/null
  # The replaced image is now untagged; drop it unless a container still uses it.
  if [[ -n "$old" && "$old" != "$(docker image inspect -f '{{.Id}}' "$tag")" ]]; then
    docker image rm "$old" >/dev/null 2>&1 || true
  fi
}

# write_accounts ROOT USER UID HOME : /etc/passwd, /etc/group, nsswitch, /tmp.
write_accounts() {
  local root=$1 user=$2 uid=$3 home=$4
  mkdir -p "$root/etc" "$root/tmp" "$root$home"
  printf 'root:x:0:0:root:/root:/sbin/nologin\n%s:x:%s:%s:%s:%s:/sbin/nologin\n' \
    "$user" "$uid" "$uid" "$user" "$home" >"$root/etc/passwd"
  printf 'root:x:0:\n%s:x:%s:\n' "$user" "$uid" >"$root/etc/group"
  printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$root/etc/nsswitch.conf"
  chmod 1777 "$root/tmp"
  chown "$uid:$uid" "$root$home"
}

build_node() {
  local node lib libs
  node=$(readlink -f "$(command -v node)")
  mapfile -t libs < <(ldd "$node" | grep -oE '/[^ ]+' | sort -u)
  local hash
  hash=$( { echo "$SELF_HASH"; "$node" --version; for f in "$node" "${libs[@]}"; do
    stat -L -c '%n %s %Y' "$f"; done; } | sha256sum | cut -c1-16)
  if [[ "$(current_hash "$NODE_TAG")" == "$hash" ]]; then
    say "$NODE_TAG is up to date ($hash)"
  else
    say "building $NODE_TAG from $node ($("$node" --version)) and ${#libs[@]} libraries"
    local root="$WORK/node"
    mkdir -p "$root/usr/local/bin"
    cp "$node" "$root/usr/local/bin/node"
    for lib in "${libs[@]}"; do
      mkdir -p "$root$(dirname "$lib")" && cp -L "$lib" "$root$lib"
    done
    write_accounts "$root" node 1000 /home/node
    mkdir -p "$root/app" && chown 1000:1000 "$root/app"
    import_root "$root" "$NODE_TAG" "$hash" \
      'ENV PATH=/usr/local/bin:/usr/bin:/bin' 'ENV NODE_ENV=production' \
      'WORKDIR /app' 'USER node' 'CMD ["node"]'
  fi
  echo "$NODE_TAG"
}

build_redis() {
  local wrapper dir
  wrapper=$(bash "$REPO_ROOT/infra/images/redis8.sh" | tail -n1)
  dir=$(dirname "$(dirname "$wrapper")")
  local hash
  hash=$( { echo "$SELF_HASH"; cat "$dir/.stamp"; } | sha256sum | cut -c1-16)
  if [[ "$(current_hash "$REDIS_TAG")" == "$hash" ]]; then
    say "$REDIS_TAG is up to date ($hash)"
  else
    say "building $REDIS_TAG from $dir/root"
    local root="$WORK/redis"
    mkdir -p "$root"
    cp -a "$dir/root/usr" "$root/usr"
    # Keep the image small: no docs, locales, charset converters or OpenSSL engines.
    rm -rf "${root:?}/usr/share" "$root/usr/lib/x86_64-linux-gnu/gconv" \
      "$root/usr/lib/x86_64-linux-gnu/engines-3" "$root/usr/bin/redis-benchmark"
    # Merged-/usr layout, so the binaries' /lib64 interpreter path resolves.
    ln -s usr/bin "$root/bin" && ln -s usr/lib "$root/lib" && ln -s usr/lib64 "$root/lib64"
    write_accounts "$root" redis 999 /data
    import_root "$root" "$REDIS_TAG" "$hash" \
      'ENV PATH=/usr/bin' 'WORKDIR /data' 'USER redis' 'EXPOSE 6379' 'VOLUME /data' \
      'CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--dir", "/data"]'
  fi
  echo "$REDIS_TAG"
}

WORK=$(mktemp -d) && trap 'rm -rf "$WORK"' EXIT
docker info >/dev/null 2>&1 || { say "no Docker engine answers; run infra/docker/ensure-engine.sh"; exit 1; }
mkdir -p "$REPO_ROOT/.cache"
exec 7>"$REPO_ROOT/.cache/images-build.lock"
flock -w 300 7 || { say "timed out waiting for another build.sh run"; exit 1; }
case "${1:-all}" in
  node) build_node ;;
  redis) build_redis ;;
  all) build_node; build_redis ;;
  *) say "unknown image '${1}' (expected node, redis or all)"; exit 2 ;;
esac
