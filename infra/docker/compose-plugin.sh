#!/usr/bin/env bash
# Installs Docker Compose v2 and buildx as CLI plugins with no registry: Debian trixie's
# docker-compose and docker-buildx packages run on bookworm as they are. Binaries go to
# $DOCKER_CONFIG/cli-plugins (or ~/.docker/cli-plugins). Idempotent; cached .debs are reused.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$REPO_ROOT/infra/lib/trixie-debs.sh"

PLUGINS_DIR="${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins"
if docker compose version >/dev/null 2>&1 && docker buildx version >/dev/null 2>&1; then
  echo "compose-plugin: present ($(docker compose version --short 2>/dev/null))"
  exit 0
fi

trixie_debs docker-compose docker-buildx
mkdir -p "$PLUGINS_DIR"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
for pkg in docker-compose docker-buildx; do
  dpkg-deb -x "$(trixie_cached_deb "$pkg")" "$tmp"
done
for bin in docker-compose docker-buildx; do
  [[ -x "$tmp/usr/libexec/docker/cli-plugins/$bin" ]] \
    || { echo "compose-plugin: $bin not found in the trixie package" >&2; exit 1; }
  install -m 0755 "$tmp/usr/libexec/docker/cli-plugins/$bin" "$PLUGINS_DIR/$bin"
done
echo "compose-plugin: installed compose $(docker compose version --short) and buildx into $PLUGINS_DIR"
