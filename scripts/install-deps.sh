#!/usr/bin/env bash
# Installs, with apt-get, everything the tests need that Go does not fetch by
# itself: the GNU binutils for powerpc64 (objdump cross-checks), QEMU user mode
# (and its static build, the Debian corpus's reference under binfmt_misc)
# and the cross compilers (reference traces), GDB (gdb-multiarch, the gdbstub
# tests), Python's test suite for its decTest files (the General Decimal
# Arithmetic cases, a DFP oracle), and clang with its libFuzzer runtime
# (scripts/oss-fuzz-build.sh), and QEMU system mode for powerpc64
# (qemu-system-ppc: scripts/ptrace-vm.sh boots a ppc64le kernel to run
# debug/ptrace's tests under real ptrace). Safe to run again: it installs only what is
# missing. Needs root (or sudo) on Debian 12.
set -euo pipefail

pkgs=(
  binutils-powerpc64le-linux-gnu
  binutils-powerpc64-linux-gnu
  gcc-powerpc64le-linux-gnu
  gcc-powerpc64-linux-gnu
  libc6-dev-ppc64el-cross
  libc6-dev-ppc64-cross
  qemu-user
  qemu-user-static
  qemu-system-ppc
  gdb-multiarch
  libpython3.11-testsuite
  clang
  libclang-rt-14-dev
)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all present (${pkgs[*]})"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
