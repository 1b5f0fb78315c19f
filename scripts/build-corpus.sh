#!/usr/bin/env bash
# Builds the whole-program corpus of the Linux runner (linux/corpus_test.go)
# into build/corpus: the Go corpus program for ppc64le and ppc64 at several
# GOPPC64 levels, and the C programs with the static powerpc64 cross
# compilers, and the dynamically linked C programs (dyn-*, run against the
# cross toolchain's sysroot /usr/powerpc64{,le}-linux-gnu).
# Missing cross compilers are skipped with a message.
#
# The built corpus is kept in the user cache directory
# (${XDG_CACHE_HOME:-~/.cache}/ppc64emu/corpus-KEY), KEY hashing its inputs:
# this script, the corpus sources, the versions of Go, of the cross
# compilers and of their C libraries. A build with the same inputs (another
# clone, a repeat run of scripts/test.sh) copies it from there. Go's own
# build cache is the toolchain's (go env GOCACHE), content-keyed as well.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
out=build/corpus
export CGO_ENABLED=0
src=linux/testdata/corpus

key=$( { cat scripts/build-corpus.sh; find "$src" -type f | LC_ALL=C sort | xargs sha256sum; go version
  for gcc in powerpc64le-linux-gnu-gcc powerpc64-linux-gnu-gcc; do
    if command -v "$gcc" >/dev/null; then "$gcc" --version | head -1; else echo "no $gcc"; fi; done
  dpkg-query -W libc6-dev-ppc64el-cross libc6-dev-ppc64-cross 2>/dev/null || true
  } | sha256sum | cut -c1-16)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu/corpus-$key"
if [ -d "$cache" ]; then
  rm -rf "$out"; mkdir -p "$(dirname "$out")"; cp -a "$cache" "$out"
  echo "build-corpus: $(ls "$out" | wc -l) binaries from the cache ($cache)"
  exit 0
fi
rm -rf "$out"
mkdir -p "$out"

# Go: GOARCH/GOPPC64 variants (name goarch goppc64).
for v in "le-p8 ppc64le power8" "le-p9 ppc64le power9" "le-p10 ppc64le power10" "be-p8 ppc64 power8" "be-p9 ppc64 power9"; do
  set -- $v
  GOOS=linux GOARCH=$2 GOPPC64=$3 go build -trimpath -o "$out/go.$1" ./$src/gocorpus
done
# Standard-library test binaries (run with -test.short): small, fast ones.
for v in "le-p8 ppc64le power8" "be-p8 ppc64 power8"; do
  set -- $v
  for pkg in container/list encoding/hex math/bits unicode/utf8; do
    GOOS=linux GOARCH=$2 GOPPC64=$3 go test -c -trimpath -o "$out/gotest-${pkg//\//_}.$1" "$pkg"
  done
done
echo "built Go corpus: $(ls $out/go.* $out/gotest-* | wc -l) binaries"

# C: static, both byte orders.
for cc in powerpc64le-linux-gnu-gcc:le powerpc64-linux-gnu-gcc:be; do
  gcc=${cc%%:*}; tag=${cc##*:}
  if ! command -v "$gcc" >/dev/null; then
    echo "build-corpus: $gcc not installed, C corpus ($tag) skipped"
    continue
  fi
  for c in $src/c/*.c; do
    n=$(basename "$c" .c)
    "$gcc" -static -O2 -pthread -o "$out/c-$n.$tag" "$c" -lm
  done
  # A static-PIE (ET_DYN, no interpreter) that relocates itself; without
  # libc, whose Debian cross build has no static-PIE support.
  "$gcc" -static-pie -nostdlib -nostartfiles -fPIE -O2 -o "$out/c-staticpie.$tag" $src/pie/staticpie.c
  # Dynamically linked (the toolchain's default: PIE, PT_INTERP
  # /lib64/ld64.so.2 or ld64.so.1), run with -L the toolchain's sysroot.
  for c in $src/dyn/*.c; do
    n=$(basename "$c" .c)
    "$gcc" -O2 -pthread -o "$out/dyn-$n.$tag" "$c" -lm -ldl
  done
done
echo "built C corpus: $(ls $out/c-* 2>/dev/null | wc -l) binaries"

# Keep it for the next build with the same inputs (a complete build only:
# set -e ended the script on any failure above).
mkdir -p "$(dirname "$cache")"
tmp="$cache.tmp.$$"
rm -rf "$tmp"; cp -a "$out" "$tmp" && mv -T "$tmp" "$cache" 2>/dev/null || rm -rf "$tmp"
