#!/usr/bin/env bash
# debug/ptrace's tests on a real powerpc64le Linux kernel, in a virtual
# machine: Debian bookworm's kernel (linux-image-*-powerpc64le) booted by
# qemu-system-ppc64 -M pseries (TCG) with an initramfs holding only
# internal/tools/vminit as /init and the package's test binary
# (GOOS=linux GOARCH=ppc64le go test -c ./debug/ptrace), which vminit runs
# with -test.v; the console is the test output. The host tests
# (debug/ptrace/host_test.go: ptrace on a real kernel, which qemu-user
# cannot give) then run where they are meant to: on a POWER9, and on a
# POWER10 (prefixed instructions). vminit powers the machine off at the end.
#
# Fetching: Debian's package through a private apt configuration
# (scripts/apt-ppc64el.sh: nothing written under /etc or /var/lib/dpkg),
# `apt-get download` of the kernel the meta-package linux-image-powerpc64le
# depends on, dpkg -x into ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/ptrace-vm/
# PACKAGE_VERSION (only boot/: the kernel needs no module, its hvc console
# and initramfs support are built in; checked in its config). The file
# ptrace-vm/current names the one in use. A kernel in the cache is reused
# without the network unless -refresh is given.
#
# Usage: scripts/ptrace-vm.sh [-fetch-only] [-refresh] [CPU...]
#   CPU: power9, power10 (default: both).
# Environment: PPC64EMU_VM_TIMEOUT, the seconds one boot may take (default
# 300; a hung machine is killed then and counts as a failure).
# Output: the tests' -test.v lines, then one line per CPU,
# "ptrace-vm: CPU ok (N s)" or "ptrace-vm: CPU FAIL (...)", and a summary
# "ptrace-vm: N passed, M failed"; each console log is under
# build/ptrace-vm/CPU.log. Exit status 0 when every run passed, 1 if one
# failed, 2 when a tool or the kernel is missing (a line says which).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

fetchonly=0 refresh=0
while [ $# -gt 0 ]; do
  case "$1" in
  -fetch-only) fetchonly=1; shift ;;
  -refresh) refresh=1; shift ;;
  -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
  -*) echo "usage: scripts/ptrace-vm.sh [-fetch-only] [-refresh] [power9|power10...]"; exit 2 ;;
  *) break ;;
  esac
done
cpus=("$@")
[ ${#cpus[@]} -gt 0 ] || cpus=(power9 power10)

if ! command -v qemu-system-ppc64 >/dev/null; then
  echo "ptrace-vm: qemu-system-ppc64 not installed: skipped (apt-get install qemu-system-ppc)"
  exit 2
fi

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
vmdir=$cache/ptrace-vm
mkdir -p "$vmdir"
kdir=""
if [ $refresh = 0 ] && [ -f "$vmdir/current" ]; then
  kdir=$vmdir/$(cat "$vmdir/current")
  [ -d "$kdir/boot" ] || kdir=""
fi
if [ -z "$kdir" ]; then
  for t in apt-get apt-cache dpkg; do
    command -v $t >/dev/null || { echo "ptrace-vm: $t not installed and no kernel in $vmdir: skipped"; exit 2; }
  done
  apt=$cache/apt-ppc64el
  . scripts/apt-ppc64el.sh
  apt_ppc64el "$apt" || { echo "ptrace-vm: no apt sources found: skipped"; exit 2; }
  apt-get -q "${aptopts[@]}" update >"$vmdir/update.log" 2>&1 ||
    { echo "ptrace-vm: apt-get update failed (no network to the Debian archive? see $vmdir/update.log): skipped"; exit 2; }
  # The versioned kernel package the meta-package points at, and its version.
  pkg=$(apt-cache "${aptopts[@]}" depends linux-image-powerpc64le 2>/dev/null |
    sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-powerpc64le\)$/\1/p' | head -1 || true)
  ver=""
  [ -z "$pkg" ] || ver=$(apt-cache "${aptopts[@]}" policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: //p' || true)
  if [ -z "$pkg" ] || [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
    # apt-get update exits 0 when it could fetch no list: this is where
    # a machine without the network ends.
    echo "ptrace-vm: no linux-image-*-powerpc64le in the ppc64el package lists (no network to the Debian archive? see $vmdir/update.log): skipped"
    exit 2
  fi
  kdir=$vmdir/${pkg}_$ver
  if [ ! -d "$kdir/boot" ]; then
    rm -rf "$vmdir/dl" "$kdir.tmp"
    mkdir -p "$vmdir/dl" "$kdir.tmp"
    (cd "$vmdir/dl" && apt-get -q "${aptopts[@]}" download "$pkg=$ver") >"$vmdir/download.log" 2>&1 ||
      { echo "ptrace-vm: apt-get download $pkg=$ver failed (see $vmdir/download.log): skipped"; exit 2; }
    dpkg -x "$vmdir"/dl/*.deb "$vmdir/dl/x"
    mv "$vmdir/dl/x/boot" "$kdir.tmp/boot"
    rm -rf "$vmdir/dl"
    mv "$kdir.tmp" "$kdir"
  fi
  basename "$kdir" >"$vmdir/current"
fi
vmlinux=$(ls "$kdir"/boot/vmlinux-* 2>/dev/null | head -1 || true)
config=$(ls "$kdir"/boot/config-* 2>/dev/null | head -1 || true)
[ -n "$vmlinux" ] || { echo "ptrace-vm: no vmlinux in $kdir/boot: skipped (run with -refresh)"; exit 2; }
# What the boot needs, built in (=y): a module would need a root file system.
for c in CONFIG_PPC_PSERIES CONFIG_HVC_CONSOLE CONFIG_BLK_DEV_INITRD CONFIG_RD_GZIP CONFIG_DEVTMPFS CONFIG_PROC_FS; do
  if [ -n "$config" ] && ! grep -qx "$c=y" "$config"; then
    echo "ptrace-vm: $(basename "$vmlinux") lacks $c=y (built in): cannot boot it this way"
    exit 1
  fi
done
echo "ptrace-vm: kernel $(basename "$kdir")"
out=build/ptrace-vm
mkdir -p "$out"
# For debug/ptrace's TestPtraceVM: a file inside the module, which go test's
# cache watches (it does not recheck files outside the module), so that a
# skip cached before the fetch is not reused after it.
echo "$kdir" >"$out/kernel"
[ $fetchonly = 1 ] && exit 0

s=$SECONDS
export CGO_ENABLED=0
GOOS=linux GOARCH=ppc64le go build -o "$out/vminit" ./internal/tools/vminit
GOOS=linux GOARCH=ppc64le go test -c -o "$out/ptrace.test" ./debug/ptrace
go run ./internal/tools/mkinitramfs -o "$out/initrd.gz" /init="$out/vminit" /ptrace.test="$out/ptrace.test"
echo "ptrace-vm: test binary and initramfs built ($((SECONDS - s)) s)"

pass=0 fail=0
for cpu in "${cpus[@]}"; do
  log=$out/$cpu.log
  s=$SECONDS
  rc=0
  # -no-reboot: a kernel panic (panic=-1 reboots at once) ends QEMU too.
  timeout "${PPC64EMU_VM_TIMEOUT:-300}" qemu-system-ppc64 -M pseries -cpu "$cpu" -smp 1 -m 1G \
    -nographic -vga none -no-reboot -kernel "$vmlinux" -initrd "$out/initrd.gz" \
    -append "console=hvc0 quiet panic=-1 -- /ptrace.test -test.v" </dev/null >"$log" 2>&1 || rc=$?
  secs=$((SECONDS - s))
  # The test output: from the first test line to vminit's.
  sed -n '/^=== RUN/,/^vminit:/p' "$log" | tr -d '\r'
  status=$(sed -n 's/^vminit: exit status \(-\{0,1\}[0-9]*\).*/\1/p' "$log" | tr -d '\r' | tail -1)
  if [ $rc = 124 ]; then
    echo "ptrace-vm: $cpu FAIL (timed out after ${PPC64EMU_VM_TIMEOUT:-300} s; console in $log)"
    fail=$((fail + 1))
  elif [ "$status" = 0 ]; then
    echo "ptrace-vm: $cpu ok (${secs} s: boot and test)"
    pass=$((pass + 1))
  else
    echo "ptrace-vm: $cpu FAIL (test exit status '${status:-none}', qemu exit $rc; console in $log)"
    fail=$((fail + 1))
  fi
done
echo "ptrace-vm: $pass passed, $fail failed"
[ $fail = 0 ]
