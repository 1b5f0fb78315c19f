#!/usr/bin/env bash
# The cost of run -gdb, measured side by side: for each program, the CPU
# time (user+sys of the runner, least of RUNS interleaved runs) of
#   run   ppc64emu run of this tree,
#   gdb   ppc64emu run -gdb of this tree, gdb-multiarch continuing to the end
#         (breakpoints and watchpoints as emulator hooks, the run recorded in
#         memory for reverse execution),
#   base  ppc64emu run -gdb of the commit BASE (default 2ed2a35, the
#         per-instruction history of 200,000 steps), the same way,
# and the ratios gdb/run and base/run. Not part of CI; PROGS lists the
# corpus programs (default c-threads.le c-wordcount.le); about two minutes
# with RUNS=3 (base's c-wordcount takes 35 s a run).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
BASE=${BASE:-2ed2a35}
PROGS=${PROGS:-c-threads.le c-wordcount.le}
[ -e build/corpus/c-threads.le ] || bash scripts/build-corpus.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/new" ./cmd/ppc64emu
mkdir "$tmp/base-src"
git archive "$BASE" | tar -x -C "$tmp/base-src"
(cd "$tmp/base-src" && go build -o "$tmp/base" ./cmd/ppc64emu)

# cpu CMD...: the CPU seconds (user+sys) CMD took; its output is discarded.
cpu() {
  local TIMEFORMAT='%3U %3S' t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
  awk '{printf "%.3f", $1 + $2}' <<<"$t"
}
# gdbcpu EMU PROG: the CPU seconds of EMU run -gdb PROG while gdb-multiarch
# continues it to its end.
gdbcpu() {
  local sock="$tmp/gdb.sock" TIMEFORMAT="%3U %3S"
  rm -f "$sock"
  { time "$1" run -gdb "unix:$sock" "$2" >/dev/null 2>"$tmp/err"; } 2>"$tmp/time" &
  local pid=$!
  for _ in $(seq 200); do [ -S "$sock" ] && break; sleep 0.05; done
  gdb-multiarch -nx -batch -ex "target remote $sock" -ex continue "$2" >/dev/null 2>&1 || true
  wait "$pid" || true
  awk '{printf "%.3f", $1 + $2}' "$tmp/time"
}
least() { sort -g | head -1; }

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), base $(git rev-parse --short "$BASE"), RUNS=$RUNS, load:$(uptime | sed 's/.*load average://')"
printf '%-16s %8s %8s %8s %8s %9s\n' program run gdb base gdb/run base/run
for p in $PROGS; do
  prog=build/corpus/$p
  r=() g=() b=()
  for _ in $(seq "$RUNS"); do
    r+=("$(cpu "$tmp/new" run "$prog")")
    g+=("$(gdbcpu "$tmp/new" "$prog")")
    b+=("$(gdbcpu "$tmp/base" "$prog")")
  done
  R=$(printf '%s\n' "${r[@]}" | least) G=$(printf '%s\n' "${g[@]}" | least) B=$(printf '%s\n' "${b[@]}" | least)
  printf '%-16s %8s %8s %8s %8.2f %9.1f\n' "$p" "$R" "$G" "$B" "$(echo "$G/$R" | bc -l)" "$(echo "$B/$R" | bc -l)"
done
