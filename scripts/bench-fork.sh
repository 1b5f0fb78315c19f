#!/usr/bin/env bash
# What a guest fork costs (issue 26 item 3), ppc64emu run -L ROOT against
# qemu-user on the same root (scripts/debian-corpus.sh's Debian bookworm
# ppc64el root), in the same script:
#   fork50   Debian's python3.11 holding 50 MB of touched heap forks a child
#            that exits at once (os.fork, os._exit, os.waitpid);
#   forkexec the same python (small heap) runs /bin/true (subprocess.run:
#            fork or vfork+exec of a small dynamic program, and its wait);
#   sh-true  dash runs /bin/true in a loop (fork+exec+wait from a small
#            process).
# The guest times each operation with time.perf_counter/date (wall time, as
# a user sees it); each figure is the least over N operations of a run and
# over RUNS runs, ppc64emu and qemu interleaved, so the load of other
# processes on the machine skews it less. qemu-user runs in a chroot of
# ROOT through binfmt_misc (scripts/debian-run.sh, as the Debian corpus): a
# guest fork is a host fork of the qemu process, an exec of a ppc64 program
# a host exec of qemu-ppc64le-static.
# Usage: scripts/bench-fork.sh  (RUNS=3, N=20 by default). Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
bash scripts/debian-corpus.sh -fetch-only >/dev/null || { echo "bench-fork: no Debian root (scripts/debian-corpus.sh -fetch-only)"; exit 2; }
root=$(cat build/debian/root)
mkdir -p build/bench-fork
go build -o build/bench-fork/ppc64emu ./cmd/ppc64emu
emu=$(pwd)/build/bench-fork/ppc64emu
. scripts/debian-run.sh
runs=${RUNS:-3} n=${N:-20}

py='
import os, subprocess, sys, time
what, n = sys.argv[1], int(sys.argv[2])
if what == "fork50":
    heap = bytearray(50 << 20)
    for i in range(0, len(heap), 4096):
        heap[i] = 1
best = float("inf")
for _ in range(n):
    t = time.perf_counter()
    if what == "fork50":
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
    else:
        subprocess.run(["/bin/true"], check=True)
    best = min(best, time.perf_counter() - t)
print("%.6f" % best)
'
# sh-true: the loop of n forks+execs, timed as a whole by the guest's date
# (nanoseconds), over n: the mean of one run (dash has no per-operation clock).
sh='n=$1; s=$(date +%s%N); i=0; while [ $i -lt $n ]; do /bin/true; i=$((i+1)); done; e=$(date +%s%N); echo $(( (e - s) / n / 1000 ))e-6'

# guest RUNNER BENCH: one run, through scripts/debian-run.sh (qemu-user in
# a chroot through binfmt_misc, or ppc64emu run -L ROOT).
guest() {
  local f=build/bench-fork/$2.sh
  if [ "$2" = sh-true ]; then
    printf 'set -- %s\n%s\n' "$n" "$sh" >"$f"
  else
    printf "python3.11 -c '%s' %s %s\n" "$py" "$2" "$n" >"$f"
  fi
  "${1}run" "$(pwd)/$f" /tmp 600 </dev/null
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)'), $(qemu-ppc64le --version | head -1)"
echo "load before:$(uptime | sed 's/.*load average://')"
echo "| operation | ppc64emu ms | qemu-user ms | ratio (ppc64emu / qemu) |"
echo "|---|---|---|---|"
for b in fork50 forkexec sh-true; do
  e=inf q=inf
  for _ in $(seq "$runs"); do
    e=$(awk -v a="$e" -v b="$(guest emu $b)" 'BEGIN { print (b + 0 < a + 0 || a == "inf") ? b : a }')
    q=$(awk -v a="$q" -v b="$(guest qemu $b)" 'BEGIN { print (b + 0 < a + 0 || a == "inf") ? b : a }')
  done
  awk -v b=$b -v e="$e" -v q="$q" 'BEGIN { printf "| %s | %.2f | %.2f | %.2f |\n", b, e * 1000, q * 1000, e / q }'
done
echo "load after:$(uptime | sed 's/.*load average://')"
