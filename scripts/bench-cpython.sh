#!/usr/bin/env bash
# CPython microbenchmarks (issues 26 and 29): what Debian's python3.11 costs
# under ppc64emu run -L ROOT against qemu-user on the same root
# (scripts/debian-corpus.sh's Debian bookworm ppc64el root), to tell where
# CPython's test suite spends the runner's time (docs/performance.md,
# "CPython under the runner"). Each benchmark is one python3.11 process
# running one loop:
#   start     python3.11 -c pass (interpreter start-up, nothing else)
#   loop      a function adding N integers (the bytecode interpreter alone)
#   exc       N raise/except of ValueError in a function
#   struct    N struct.pack('<iqd', ...)
#   getpid    N os.getpid() (the cheapest system call)
#   fstat     N os.fstat(0)
#   stat      N os.stat('/usr/bin') (a path looked up under the sysroot)
#   alloc     N lists of 20 small bytearrays (obmalloc pools and arenas)
#   bigalloc  N bytearray(300000) made and freed (glibc's mmap/munmap)
#   subproc   N subprocess.run(['/bin/true']) (vfork+exec+wait)
# The figure is the CPU time (user + system) of the whole run as bash's time
# reports it, the least over RUNS runs, the two runners interleaved (CPU
# time drops less than wall time when other processes load the machine);
# the per-operation column subtracts the start row and divides by N.
# qemu-user runs in a chroot through binfmt_misc (scripts/debian-run.sh).
# Usage: scripts/bench-cpython.sh [BENCH...]  (RUNS=3; EMU=path of a
# ppc64emu binary to measure instead of building this tree's). Not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
bash scripts/debian-corpus.sh -fetch-only >/dev/null || { echo "bench-cpython: no Debian root (scripts/debian-corpus.sh -fetch-only)"; exit 2; }
root=$(cat build/debian/root)
out=$(pwd)/build/bench-cpython
mkdir -p "$out"
if [ -n "${EMU:-}" ]; then
  emu=$EMU
else
  go build -o "$out/ppc64emu" ./cmd/ppc64emu
  emu=$out/ppc64emu
fi
. scripts/debian-run.sh
runs=${RUNS:-3}

cat >"$out/mb.py" <<'EOF'
import os, struct, subprocess, sys
what, n = sys.argv[1], int(sys.argv[2])
def loop(n):
    x = 0
    for i in range(n):
        x += i
def exc(n):
    for i in range(n):
        try:
            raise ValueError(i)
        except ValueError:
            pass
def run(what, n):
    if what == "loop": loop(n)
    elif what == "exc": exc(n)
    elif what == "struct":
        for i in range(n): struct.pack("<iqd", i, i, 1.5)
    elif what == "getpid":
        for i in range(n): os.getpid()
    elif what == "fstat":
        for i in range(n): os.fstat(0)
    elif what == "stat":
        for i in range(n): os.stat("/usr/bin")
    elif what == "alloc":
        for i in range(n): l = [bytearray(200) for _ in range(20)]
    elif what == "bigalloc":
        for i in range(n): b = bytearray(300000); del b
    elif what == "subproc":
        for i in range(n): subprocess.run(["/bin/true"], check=True)
run(what, n)
EOF

declare -A count=([start]=0 [loop]=1000000 [exc]=100000 [struct]=200000 [getpid]=100000 [fstat]=20000
  [stat]=20000 [alloc]=20000 [bigalloc]=5000 [subproc]=20)
order=(start loop exc struct getpid fstat stat alloc bigalloc subproc)
want=("$@")
[ ${#want[@]} = 0 ] && want=("${order[@]}")

# one RUNNER BENCH: the CPU seconds of one run.
one() {
  local f=$out/$2.sh w
  if [ "$2" = start ]; then
    echo 'python3.11 -c pass' >"$f"
  else
    echo "python3.11 mb.py $2 ${count[$2]}" >"$f"
  fi
  w=$(mktemp -d /tmp/bench-cpython.XXXXXX)
  cp "$out/mb.py" "$w/"
  local TIMEFORMAT='%U %S'
  { time "${1}run" "$f" "$w" 600 >/dev/null </dev/null; } 2>"$out/$1.$2.time"
  rm -rf "$w"
  awk '{ printf "%.3f", $1 + $2 }' "$out/$1.$2.time"
}

declare -A best
echo "bench-cpython: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg), RUNS=$runs"
printf '| %s | %s | %s | %s | %s | %s |\n' benchmark N 'qemu-user CPU s' 'ppc64emu CPU s' 'ratio (ppc64emu / qemu)' 'per op, qemu / ppc64emu µs'
printf '|---|---:|---:|---:|---:|---|\n'
list=(start "${want[@]}")
for b in "${list[@]}"; do
  [ -n "${best[qemu.$b]:-}" ] && continue
  for who in qemu emu; do best[$who.$b]=inf; done
  for ((i = 0; i < runs; i++)); do
    for who in qemu emu; do
      t=$(one $who "$b")
      best[$who.$b]=$(awk -v a="${best[$who.$b]}" -v b="$t" 'BEGIN { print (a == "inf" || b < a) ? b : a }')
    done
  done
  [ "$b" = start ] && [[ " ${want[*]} " != *" start "* ]] && continue
  per=-
  if [ "$b" != start ]; then
    per=$(awk -v q="${best[qemu.$b]}" -v e="${best[emu.$b]}" -v q0="${best[qemu.start]}" -v e0="${best[emu.start]}" -v n="${count[$b]}" \
      'BEGIN { printf "%.1f / %.1f", (q - q0) / n * 1e6, (e - e0) / n * 1e6 }')
  fi
  ratio=$(awk -v q="${best[qemu.$b]}" -v e="${best[emu.$b]}" 'BEGIN { printf "%.1f", e / q }')
  printf '| %s | %s | %s | %s | %s | %s |\n' "$b" "${count[$b]}" "${best[qemu.$b]}" "${best[emu.$b]}" "$ratio" "$per"
done
echo "bench-cpython: load $(cut -d' ' -f1-3 /proc/loadavg) after"
