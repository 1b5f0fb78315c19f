#!/usr/bin/env bash
# Compares ppc64emu run with qemu-user -singlestep (one TB per instruction,
# the closest QEMU comes to an interpreter) and with qemu-user's JIT on the
# same corpus binaries (scripts/build-corpus.sh). The instruction count comes
# from ppc64emu -count; rates use CPU time (user+sys), so a loaded machine
# skews them less than wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
[ -d build/corpus ] || bash scripts/build-corpus.sh
go build -o build/ppc64emu ./cmd/ppc64emu
cpu() { # prints user+sys seconds of the command
  /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print $1+$2}'
}
printf "%-22s %12s %10s %10s %12s %10s %8s\n" program instructions emu-s emu-MIPS qemu-ss-s ss-MIPS jit-s
for spec in "c-crc.le" "c-crc.be" "c-stdio.be" "go.le-p8 hashes" "go.be-p8 maps"; do
  set -- $spec
  bin=build/corpus/$1; shift
  q=qemu-ppc64; case "$bin" in *le*) q=qemu-ppc64le;; esac
  err=$(build/ppc64emu run -profile qemu -count "$bin" "$@" 2>&1 >/dev/null || true)
  n=$(echo "$err" | sed -n "s/^ppc64emu: \([0-9]*\) instructions.*/\1/p")
  out=$(echo "$err" | grep "cannot execute" || true)
  if [ -n "$out" ]; then
    printf "%-22s blocked: %s\n" "$(basename $bin) $*" "$(echo "$out" | sed -n 's/.*cannot execute \([^ ]*\).*/\1/p')"
    continue
  fi
  e=$(cpu build/ppc64emu run -profile qemu "$bin" "$@")
  s=$(cpu $q -cpu power10 -singlestep "$bin" "$@")
  j=$(cpu $q -cpu power10 "$bin" "$@")
  awk -v p="$(basename $bin) $*" -v n="$n" -v e="$e" -v s="$s" -v j="$j" 'BEGIN {
    printf "%-22s %12d %10.2f %10.1f %12.2f %10.1f %8.2f\n", p, n, e, n/e/1e6, s, n/s/1e6, j }'
done
