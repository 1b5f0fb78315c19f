#!/usr/bin/env bash
# Builds the QEMU reference harness (oracle/harness/harness.c) for both byte orders:
#   build/harness-le  (powerpc64le, ELFv2)
#   build/harness-be  (powerpc64,   ELFv1)
# Both are static executables meant to run under qemu-ppc64le / qemu-ppc64
# with -cpu power10 (see oracle/harness/README.md). The compilers come from
# scripts/install-deps.sh. Extra flags can be passed in HARNESS_CFLAGS.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/oracle/harness/harness.c"
out="$root/build"
cflags=(-O2 -static -fno-stack-protector -mcpu=power8 -Wall -Wextra -std=gnu11)
# shellcheck disable=SC2206
extra=(${HARNESS_CFLAGS:-})

missing=0
for cc in powerpc64le-linux-gnu-gcc powerpc64-linux-gnu-gcc; do
  if ! command -v "$cc" >/dev/null 2>&1; then
    echo "build-harness: cross compiler '$cc' not found; run scripts/install-deps.sh" >&2
    missing=1
  fi
done
[ "$missing" -eq 0 ] || exit 1

mkdir -p "$out"
powerpc64le-linux-gnu-gcc "${cflags[@]}" "${extra[@]}" -o "$out/harness-le" "$src"
powerpc64-linux-gnu-gcc "${cflags[@]}" "${extra[@]}" -o "$out/harness-be" "$src"
echo "build-harness: built $out/harness-le and $out/harness-be"
