#!/usr/bin/env bash
# Microwatt's random instruction tests as a hardware oracle: tests/N.bin
# (1000 images of random integer instructions) with the register dumps
# N.out recorded on POWER9, from github.com/antonblanchard/microwatt. This
# script fetches them (nothing of Microwatt is committed here) into the
# user cache dir and runs TestMicrowattRandom (emulate/microwatt_test.go)
# on them: every image must end at its trap with POWER9's registers under
# the hardware profile.
#
# Usage: scripts/microwatt-tests.sh [-refresh]
#   MICROWATT_SRC=DIR  take the tests from a local clone (a work tree or a
#                      bare git directory) instead of cloning from GitHub.
# The tests stay in ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/microwatt-COMMIT/,
# keyed by the Microwatt commit, so a repeat run needs no network. Skips
# (exit 0) with a message when neither git nor a source is available.
# Microwatt's system tests (tests/test_*.bin, console output) need system
# mode and are not run here.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

refresh=0
[ "${1:-}" = -refresh ] && refresh=1

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
mkdir -p "$cache"
url=https://github.com/antonblanchard/microwatt

dir=""
if [ $refresh = 0 ] && [ -z "${MICROWATT_SRC:-}" ]; then
  dir=$(ls -d "$cache"/microwatt-*/tests 2>/dev/null | tail -1 || true)
fi
if [ -z "$dir" ]; then
  if ! command -v git >/dev/null; then
    echo "microwatt-tests: git not installed: skipped"
    exit 0
  fi
  tmp=$(mktemp -d "$cache/microwatt-dl.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  if [ -n "${MICROWATT_SRC:-}" ]; then
    gd=$MICROWATT_SRC
    [ -d "$gd/.git" ] && gd=$gd/.git
  else
    if ! git clone -q --bare --depth 1 --filter=blob:none "$url" "$tmp/repo.git" 2>"$tmp/clone.log" &&
      ! git clone -q --bare --depth 1 "$url" "$tmp/repo.git" 2>"$tmp/clone.log"; then
      echo "microwatt-tests: cannot clone $url ($(tail -1 "$tmp/clone.log")): skipped (set MICROWATT_SRC to a local clone)"
      exit 0
    fi
    gd=$tmp/repo.git
  fi
  commit=$(git --git-dir="$gd" rev-parse --short=12 HEAD)
  top=$cache/microwatt-$commit
  if [ ! -d "$top/tests" ]; then
    mkdir -p "$tmp/x"
    # The random tests only: N.bin and N.out.
    git --git-dir="$gd" archive HEAD tests | tar -x -C "$tmp/x" --wildcards 'tests/[0-9]*.bin' 'tests/[0-9]*.out'
    mkdir -p "$top"
    mv "$tmp/x/tests" "$top/tests"
  fi
  dir=$top/tests
fi
echo "microwatt-tests: $(ls "$dir"/*.bin | wc -l) images from $dir"
MICROWATT_TESTS=$dir go test -count=1 -v -run '^TestMicrowattRandom$' ./emulate | grep -E '^(---|ok|FAIL|\s+microwatt_test)' | tail -40
