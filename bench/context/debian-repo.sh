#!/usr/bin/env bash
# A second real history for bench:context (issue 21 §6): a Debian source package's patch series
# replayed as git commits over its upstream tarball. Each patch is a real change with its real
# message (most are upstream commits in git format-patch form: subject + body), so message →
# files changed is a case like one of this repository's commits. Nothing is written by hand.
# Usage: bench/context/debian-repo.sh <source-package>[=<version>] <out-dir>
# Needs a deb-src entry for apt (apt-get source); the out-dir must not exist.
set -euo pipefail
pkg="$1"
out="$2"
[ -e "$out" ] && { echo "$out exists" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get source --download-only "$pkg" >/dev/null)
orig="$(ls "$work"/*.orig.tar.* | head -1)"
debian="$(ls "$work"/*.debian.tar.* | head -1)"
mkdir -p "$out" "$work/debian"
tar -xf "$orig" -C "$out" --strip-components=1
tar -xf "$debian" -C "$work/debian"
patches="$work/debian/debian/patches"
cd "$out"
git init --quiet
git -c user.name=upstream -c user.email=upstream@localhost add -A
git -c user.name=upstream -c user.email=upstream@localhost commit --quiet -m "upstream tarball $(basename "$orig")"
grep -v '^\s*#' "$patches/series" | awk 'NF{print $1}' | while read -r name; do
  file="$patches/$name"
  if git -c user.name=debian -c user.email=debian@localhost am --quiet --keep-cr "$file" 2>/dev/null; then
    continue
  fi
  git am --abort 2>/dev/null || true
  # Not in mail form (DEP-3 "Description:" headers): the header up to the diff is the message.
  msg="$(awk '/^(---|diff |Index: )/{exit} {print}' "$file" | sed -E 's/^(Description|Subject): *//')"
  if ! patch -p1 --quiet --forward <"$file" >/dev/null; then
    echo "skipped $name (does not apply)" >&2
    git checkout --quiet -- . && git clean -fdq
    continue
  fi
  git add -A
  git -c user.name=debian -c user.email=debian@localhost commit --quiet -m "${msg:-$name}" || true
done
echo "$(git rev-list --count HEAD) commits in $out"
