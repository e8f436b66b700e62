#!/usr/bin/env bash
# Downloads Debian trixie packages onto this bookworm host without touching its apt setup:
# a private apt configuration names suite `trixie` on the mirror the host already uses.
# Source it, then: trixie_debs <package>... ; it leaves the .deb files in $DEBS_DIR.
# Cached by file name: when every package already has a .deb there, nothing is fetched.

REPO_ROOT="${REPO_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
DEBS_DIR="${DEBS_DIR:-$REPO_ROOT/.cache/debs}"
TRIXIE_APT_DIR="${TRIXIE_APT_DIR:-$REPO_ROOT/.cache/apt-trixie}"

# The Debian mirror URI from the host's own sources (deb822 first, then one-line lists).
trixie_mirror() {
  local uri=""
  if [[ -n "${DEBIAN_MIRROR:-}" ]]; then echo "$DEBIAN_MIRROR"; return; fi
  uri=$(awk '
    /^URIs:/ { u = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { s = 1 } }
    /^$/ { if (u != "" && s) { print u; exit } u = ""; s = 0 }
    END { if (u != "" && s) print u }
  ' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v -- '-security' | head -n1)
  if [[ -z "$uri" ]]; then
    uri=$(grep -h -E '^deb +(\[[^]]*\] +)?[a-z]+://' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | grep -v -- '-security' | sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1}' | head -n1)
  fi
  [[ -n "$uri" ]] || { echo "trixie-debs: no Debian mirror found in /etc/apt/sources*; set DEBIAN_MIRROR" >&2; return 1; }
  echo "$uri"
}

_trixie_apt() {
  apt-get -q \
    -o Dir::Etc::SourceList="$TRIXIE_APT_DIR/sources.list" \
    -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::Etc::Preferences=/dev/null \
    -o Dir::Etc::PreferencesParts=/dev/null \
    -o Dir::State="$TRIXIE_APT_DIR/state" \
    -o Dir::State::status="$TRIXIE_APT_DIR/state/status" \
    -o Dir::Cache="$TRIXIE_APT_DIR/cache" \
    -o APT::Architecture=amd64 \
    -o APT::Sandbox::User=root \
    "$@"
}

# The cached .deb for a package name (first match), or nothing.
trixie_cached_deb() {
  compgen -G "$DEBS_DIR/${1}_*.deb" | head -n1 || true
}

trixie_debs() {
  local missing=() pkg
  mkdir -p "$DEBS_DIR"
  for pkg in "$@"; do
    [[ -n "$(trixie_cached_deb "$pkg")" ]] || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  local mirror keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  mirror=$(trixie_mirror) || return 1
  mkdir -p "$TRIXIE_APT_DIR/state/lists/partial" "$TRIXIE_APT_DIR/cache/archives/partial"
  : >"$TRIXIE_APT_DIR/state/status"
  echo "deb [signed-by=$keyring] $mirror trixie main" >"$TRIXIE_APT_DIR/sources.list"
  # Refresh the index at most once per hour; package names are stable, versions move.
  if [[ -z "$(find "$TRIXIE_APT_DIR/state/lists" -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | head -n1)" ]]; then
    echo "trixie-debs: updating the trixie package index" >&2
    _trixie_apt update >/dev/null || { echo "trixie-debs: apt-get update (trixie) failed" >&2; return 1; }
  fi
  echo "trixie-debs: downloading ${missing[*]}" >&2
  (cd "$DEBS_DIR" && _trixie_apt download "${missing[@]}" >/dev/null) \
    || { echo "trixie-debs: download failed for ${missing[*]}" >&2; return 1; }
}
