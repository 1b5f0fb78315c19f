#!/usr/bin/env bash
# Compares ppc64emu run with qemu-user -singlestep (one TB per instruction,
# the closest QEMU comes to an interpreter) and with qemu-user's JIT on
# every program of the runner's corpus (scripts/build-corpus.sh), each with
# the arguments TestCorpus gives it: TestCorpusSpeed in linux/corpusspeed_test.go
# prints the Markdown table that docs/performance.md shows. The instruction
# count comes from ppc64emu -count (the same run); rates use CPU time
# (user+sys, the least of RUNS runs of each command), so a loaded machine
# skews them less than wall time. Programs whose count or time measures
# waiting or a terminal are listed with the reason instead. The runner
# runs under its default engine and -engine cached (ENGINE2=NAME, or
# ENGINE=NAME: that engine instead, e.g. native; ENGINE2=none: no second
# engine). SINGLESTEP=0 leaves qemu -singlestep out (only qemu's JIT).
# ONLY=REGEXP times only the programs whose name (binary and arguments)
# matches. About 2 minutes on 2 cores with RUNS=3 (not part of CI); the
# lighter mode for a busy host, the default engine against qemu's JIT
# only (RUNS=1 SINGLESTEP=0 ENGINE2=none), about a third of that.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
# (Re)build the corpus when it is missing or older than its sources.
if [ ! -e build/corpus/go.le-p8 ] || [ -n "$(find linux/testdata/corpus -newer build/corpus/go.le-p8 -print -quit)" ]; then
  bash scripts/build-corpus.sh
fi
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)'), $(qemu-ppc64le --version | head -1), $(go version | cut -d' ' -f3)"
echo "load before:$(uptime | sed 's/.*load average://')"
go test ./linux -run 'TestCorpusSpeed$' -count=1 -v -timeout 60m -args -corpus-speed -corpus-speed-runs="${RUNS:-3}" -corpus-speed-only="${ONLY:-}" -corpus-speed-engine="${ENGINE2:-${ENGINE:-cached}}" -corpus-speed-singlestep="$([ "${SINGLESTEP:-1}" = 0 ] && echo false || echo true)" |
  grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS$' -e '^ok '
echo "load after:$(uptime | sed 's/.*load average://')"
