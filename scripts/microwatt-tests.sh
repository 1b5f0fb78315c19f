#!/usr/bin/env bash
# Microwatt as a hardware oracle, from github.com/antonblanchard/microwatt
# (fetched at test time; nothing of Microwatt is committed here):
#  - its 1000 random integer-instruction images tests/N.bin with the register
#    dumps N.out recorded on POWER9: emulate's TestMicrowattRandom runs each to
#    its trap under the hardware profile (issue 30);
#  - its system tests tests/test_*.bin against their .console_out,
#    hello_world and the MicroPython firmware on ppc64emu's Microwatt machine:
#    system/microwatt's TestMicrowatt* (issue 27).
#
# Usage: scripts/microwatt-tests.sh [-refresh]
#   MICROWATT_DIR=DIR  a Microwatt work tree to use as it is;
#   MICROWATT_SRC=DIR  a local clone (work tree or bare git directory) to
#                      take the files from instead of cloning from GitHub
#                      (the fetched mirror /work/.mirror/antonblanchard+microwatt/repo
#                      is used when present).
# The files stay in ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/microwatt-COMMIT/
# (tests/, hello_world/, micropython/), keyed by the Microwatt commit, so a
# repeat run needs no network. Skips (exit 0) with a message when no source
# can be had.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

refresh=0
[ "${1:-}" = -refresh ] && refresh=1

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
mkdir -p "$cache"
url=https://github.com/antonblanchard/microwatt
mirror=${MICROWATT_MIRROR:-/work/.mirror/antonblanchard+microwatt/repo}
if [ -z "${MICROWATT_SRC:-}" ] && [ -d "$mirror" ]; then MICROWATT_SRC=$mirror; fi

top=${MICROWATT_DIR:-}
if [ -z "$top" ] && [ $refresh = 0 ] && [ -z "${MICROWATT_SRC:-}" ]; then
  top=$(ls -d "$cache"/microwatt-*/micropython 2>/dev/null | tail -1 || true)
  top=${top%/micropython}
fi
if [ -z "$top" ]; then
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
    if ! git clone -q --bare --depth 1 "$url" "$tmp/repo.git" 2>"$tmp/clone.log"; then
      echo "microwatt-tests: cannot clone $url ($(tail -1 "$tmp/clone.log")): skipped (set MICROWATT_SRC to a local clone)"
      exit 0
    fi
    gd=$tmp/repo.git
  fi
  commit=$(git --git-dir="$gd" rev-parse --short=12 HEAD)
  top=$cache/microwatt-$commit
  if [ ! -d "$top/micropython" ]; then
    rm -rf "$tmp/x" && mkdir -p "$tmp/x"
    git --git-dir="$gd" archive HEAD tests hello_world micropython | tar -x -C "$tmp/x"
    rm -rf "$top" && mv "$tmp/x" "$top"
  fi
fi
echo "microwatt-tests: $(ls "$top"/tests/[0-9]*.bin | wc -l) random images, $(ls "$top"/tests/test_*.bin | wc -l) system tests from $top"
MICROWATT_TESTS=$top/tests go test -count=1 -v -run '^TestMicrowattRandom$' ./emulate |
  grep -E '^(---|ok|FAIL|\s+microwatt_test)' | tail -40
MICROWATT_DIR=$top go test -count=1 -v -run 'TestMicrowatt' ./system/microwatt |
  grep -E '^(=== RUN|--- |ok|FAIL|PASS)|matching'
