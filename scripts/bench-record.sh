#!/usr/bin/env bash
# Recording overhead, measured side by side: for each program, the CPU time
# (user+sys, least of RUNS interleaved runs) of
#   base    ppc64emu run of the commit BASE (before the recorder's hooks;
#           default 268c778^), to show the plain runner's speed is unchanged,
#   run     ppc64emu run of this tree,
#   record  ppc64emu record of this tree (the log into a temporary directory),
#   replay  ppc64emu replay of that log,
# and the ratios run/base, record/run and replay/run, with the log's size and
# the instructions per log byte. Not part of CI; about a minute with RUNS=5.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
BASE=${BASE:-268c778^}
[ -e build/corpus/c-crc.le ] || bash scripts/build-corpus.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/new" ./cmd/ppc64emu
mkdir "$tmp/base-src"
git archive "$BASE" | tar -x -C "$tmp/base-src"
(cd "$tmp/base-src" && go build -o "$tmp/base" ./cmd/ppc64emu)
# long: about 10^9 instructions in two threads sharing a mutex, with a
# system call (getppid) every 4096 iterations and a line of output per 2^20.
cat >"$tmp/long.c" <<'C'
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned long shared;
static void *work(void *arg) {
	unsigned long x = (unsigned long)arg, n = 0;
	for (long i = 0; i < (1L << 25); i++) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		n += x >> 60;
		if ((i & 4095) == 0) { pthread_mutex_lock(&mu); shared += n + getppid(); pthread_mutex_unlock(&mu); }
		if ((i & 0xfffff) == 0) printf("%lu %ld\n", (unsigned long)arg, i);
	}
	return (void *)n;
}
int main(void) {
	pthread_t t;
	pthread_create(&t, NULL, work, (void *)1);
	work((void *)2);
	pthread_join(t, NULL);
	printf("%lu\n", shared != 0);
	return 0;
}
C
powerpc64le-linux-gnu-gcc -O1 -static -pthread -o "$tmp/long.le" "$tmp/long.c"

# cpu CMD...: the CPU seconds (user+sys) CMD took; its output is discarded.
cpu() {
  local TIMEFORMAT='%3U %3S' t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
  awk '{printf "%.3f", $1 + $2}' <<<"$t"
}
least() { sort -g | head -1; }

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), base $(git rev-parse --short "$BASE"), RUNS=$RUNS, load:$(uptime | sed 's/.*load average://')"
printf '%-22s %8s %8s %8s %8s %8s %8s %8s %10s %10s\n' program base run record replay run/base rec/run rep/run log instr/B
for spec in "$tmp/long.le" "c-crc.le" "c-threads.le" "c-threads.be" "c-stdio.le one two" "go.le-p9 goroutines" "go.le-p9 hashes" "c-manythreads.le"; do
  set -- $spec
  prog=$1; shift
  [[ $prog == /* ]] || prog=build/corpus/$prog
  : >"$tmp/b"; : >"$tmp/r"; : >"$tmp/rec"; : >"$tmp/rep"
  for i in $(seq "$RUNS"); do
    rm -rf "$tmp/log"
    cpu "$tmp/base" run "$prog" "$@" >>"$tmp/b"; echo >>"$tmp/b"
    cpu "$tmp/new" run "$prog" "$@" >>"$tmp/r"; echo >>"$tmp/r"
    cpu "$tmp/new" record -o "$tmp/log" "$prog" "$@" >>"$tmp/rec"; echo >>"$tmp/rec"
    cpu "$tmp/new" replay "$tmp/log" >>"$tmp/rep"; echo >>"$tmp/rep"
  done
  b=$(least <"$tmp/b"); r=$(least <"$tmp/r"); rec=$(least <"$tmp/rec"); rep=$(least <"$tmp/rep")
  size=$(stat -c %s "$tmp/log/log")
  n=$("$tmp/new" replay -count "$tmp/log" 2>&1 >/dev/null | sed -n 's/.*replay: \([0-9]*\) instructions.*/\1/p')
  awk -v p="$(basename "$prog") $*" -v b="$b" -v r="$r" -v rec="$rec" -v rep="$rep" -v s="$size" -v n="$n" \
    'BEGIN{printf "%-22s %8.3f %8.3f %8.3f %8.3f %8.2f %8.2f %8.2f %10d %10.1f\n", p, b, r, rec, rep, r/b, rec/r, rep/r, s, n/s}'
done

# Reverse execution over the whole recording of long.le: from the end of
# the replay, reverse-continue to the breakpoint at work (hit near the
# start), under gdb-multiarch against replay -gdb; the wall time and the
# replay's peak memory.
if command -v gdb-multiarch >/dev/null; then
  rm -rf "$tmp/log"
  "$tmp/new" record -o "$tmp/log" "$tmp/long.le" >/dev/null
  cat >"$tmp/rev.gdb" <<G
set pagination off
set confirm off
target remote $tmp/gdb.sock
continue
break work
shell date +%s.%N >$tmp/t0
reverse-continue
shell date +%s.%N >$tmp/t1
kill
G
  /usr/bin/time -f "%M" -o "$tmp/rss" "$tmp/new" replay -gdb "unix:$tmp/gdb.sock" "$tmp/log" >/dev/null 2>&1 &
  while [ ! -S "$tmp/gdb.sock" ]; do sleep 0.1; done
  gdb-multiarch -batch -x "$tmp/rev.gdb" "$tmp/long.le" 2>&1 | grep -q "hit Breakpoint 1" || echo "reverse-continue did not reach the breakpoint"
  wait
  awk -v t0="$(cat "$tmp/t0")" -v t1="$(cat "$tmp/t1")" -v rss="$(cat "$tmp/rss")" \
    'BEGIN{printf "reverse-continue from the end of long.le to its first breakpoint: %.1f s wall, replay peak RSS %d MB\n", t1-t0, rss/1024}'
fi
