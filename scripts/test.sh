#!/usr/bin/env bash
# The project's test command: installs what the tests need (apt-get: needs
# root and network), then vets and runs every test. CI runs exactly this
# (.ci/run). Tests that need QEMU or objdump skip with a message when those
# are absent; this script installs them, so under it they run.
#
#   bash scripts/test.sh          # the full check, about 15 minutes on 2 cores
#   bash scripts/test.sh --long   # also the long live campaign and the whole
#                                 # cross-build matrix (every go tool dist list target)
#
# Each step's wall time is printed as it ends and in a table at the end.
# Caches keyed by their inputs live in the user cache directory
# (${XDG_CACHE_HOME:-~/.cache}/ppc64emu: the QEMU harness, the corpus, qemu-user's
# reference results), Go's in its own (go env GOCACHE), so a repeat run is
# quicker; a fresh clone with empty caches does all the work.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

long=0
for a in "$@"; do
  case "$a" in
    --long) long=1 ;;
    *) echo "usage: bash scripts/test.sh [--long]"; exit 2 ;;
  esac
done

# step NAME CMD...: runs CMD, printing its wall time; the table at exit.
times=()
start=$SECONDS
step() {
  local name=$1 s=$SECONDS
  shift
  echo "== $name"
  "$@"
  times+=("$(printf '%6ds  %s' $((SECONDS - s)) "$name")")
  echo "-- $name: $((SECONDS - s))s"
}
report() {
  local rc=$?
  echo "== step times (wall)"
  printf '%s\n' "${times[@]}"
  printf '%6ds  total%s\n' $((SECONDS - start)) "$([ $rc -eq 0 ] || echo " (failed, exit $rc)")"
}
trap report EXIT

# logged NAME go test ARGS...: runs a go test command with -v into a log
# file (in the user cache directory, kept for the next run to compare),
# printing go test's usual summary; while it runs, a watcher writes the
# load, the memory available and the largest processes every 30 s to a
# second log. When the command fails, it prints what a non-verbose run
# cannot tell: the tests that had started and not ended (a hang, or the
# ones under way when a signal ended the binary), the log's last lines,
# the watcher's last samples and the kernel's out-of-memory messages.
logdir="${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu/test-logs"
mkdir -p "$logdir"
logged() {
  local tag=$1 rc=0 w
  shift
  local log="$logdir/$tag.log" mem="$logdir/$tag.mem"
  : > "$mem"
  ( while sleep 30; do
      { date +%T; cut -d' ' -f1-3 /proc/loadavg; grep MemAvailable /proc/meminfo
        ps -eo pid,rss,etime,args --sort=-rss | head -6 | cut -c1-160; } >> "$mem" 2>&1
    done ) &
  w=$!
  "$@" -v > "$log" 2>&1 || rc=$?
  kill "$w" 2>/dev/null; wait "$w" 2>/dev/null || true
  grep -a -E '^(ok|FAIL|panic:|signal:|\?)[[:space:]]|^--- FAIL' "$log" || true
  if [ "$rc" -ne 0 ]; then
    echo "-- $tag failed (exit $rc); full log: $log"
    echo "-- the failed tests' output (up to 25 lines before each --- FAIL):"
    grep -a -B 25 -E '^ *--- FAIL' "$log" | head -n 300
    echo "-- tests started and not ended:"
    awk '/^=== RUN /{run[$3]=1} /^ *--- (PASS|FAIL|SKIP): /{delete run[$3]} END{for (t in run) print "   " t}' "$log" | sort | head -50
    echo "-- last lines of the log:"
    tail -n 80 "$log"
    echo "-- memory and load (last samples):"
    tail -n 40 "$mem"
    echo "-- kernel messages about memory:"
    dmesg 2>/dev/null | grep -i -E 'out of memory|oom|killed process' | tail -n 10 || true
  fi
  return "$rc"
}

step "install-deps (apt-get)" bash scripts/install-deps.sh
if [ -f scripts/build-harness.sh ]; then
  step "build-harness" bash scripts/build-harness.sh
fi
# The Linux runner's whole-program corpus (linux/corpus_test.go compares each
# program under qemu-user and ppc64emu run); about 2 minutes on 2 cores, a
# second from the cache.
step "build-corpus" bash scripts/build-corpus.sh
# The Debian bookworm corpus (issue 26): ppc64el packages fetched and
# unpacked into the user cache dir (keyed by their versions; a second run
# reuses them), so that linux's TestDebianCorpus, in the go test step below,
# runs scripts/debian-corpus.sh (exit 2: the archive or a tool is missing,
# said in a line, and the test skips). scripts/cpython-tests.sh -fetch-only
# fetches them (scripts/debian-corpus.sh -fetch-only) and CPython's
# test_sqlite3, for TestCPythonTests.
debian_fetch() { bash scripts/cpython-tests.sh -fetch-only || [ $? = 2 ]; }
step "debian corpus packages (scripts/cpython-tests.sh -fetch-only)" debian_fetch
# The big-endian corpus (issue 26): busybox from Debian's source built
# static for powerpc64 into the user cache dir (a few minutes once, keyed by
# the recipe and the compiler), so that linux's TestBigEndianCorpus runs
# scripts/be-corpus.sh (exit 2: a tool or the source is missing, said in a
# line, and the test skips).
be_build() { bash scripts/be-corpus.sh -build-only || [ $? = 2 ]; }
step "big-endian corpus busybox (scripts/be-corpus.sh -build-only)" be_build
# debug/ptrace on a real kernel (issue 32): Debian's powerpc64le kernel
# (linux-image-*-powerpc64le, 49 MB through apt, into the user cache dir,
# reused after) for debug/ptrace's TestPtraceVM, in the go test step below,
# which boots it under qemu-system-ppc64 (POWER9 and POWER10, TCG) with the
# package's tests as init: about 2 minutes. Exit 2 (no qemu-system-ppc64,
# no network to the archive and nothing cached) is skipped with a line.
ptrace_fetch() { bash scripts/ptrace-vm.sh -fetch-only || [ $? = 2 ]; }
step "ptrace VM kernel (scripts/ptrace-vm.sh -fetch-only)" ptrace_fetch
step "go vet ./..." go vet ./...

# The race detector where concurrency lives: the runner (guest threads as
# goroutines, the process lock, host signals), the GDB stub and the command
# around it, the oracle's worker pools, the golden-trace store, decode's
# lock-free decoder cache, and emulate's shared refusal tables (the tests
# that share them between goroutines). The other packages' code runs on one
# goroutine (their tests start none), where the race detector has nothing
# to find; they run without it.
race_pkgs=(./linux/... ./gdbstub ./cmd/ppc64emu ./oracle/... ./internal/tools/golden ./decode)
race_emulate='^(TestRefuseShared)$'
# Four linux tests re-run the whole corpus a second way (every program
# under the step engine; recorded and replayed; Debian's programs; the
# big-endian root's, TestBigEndianCorpus): they add
# no concurrency the race run of TestCorpus does not have, and with them the
# linux package took 844 s under -race (load ~15; TestDebianCorpus alone
# 280 s); they run without it, after. TestCPythonTests (CPython's own
# tests under both runners, scripts/cpython-tests.sh) runs alone, with its
# own timeout. The four took 220 s while TestDebianCorpus skipped in every
# CI run (ccc3df8); its -ci set alone takes about 9 min quiet, so 45 min.
slow='^(TestCorpusEngines|TestRecordReplayCorpus|TestDebianCorpus|TestBigEndianCorpus)$'
race_skip='^(TestCorpusEngines|TestRecordReplayCorpus|TestDebianCorpus|TestBigEndianCorpus|TestCPythonTests)$'
step "go test -race (concurrent packages)" \
  logged race go test -race -timeout 30m -skip "$race_skip" "${race_pkgs[@]}"
# -count=1: they run programs (the runner, qemu-user, scripts) whose inputs
# go test's cache does not see, so a cached result could be stale.
step "go test -run '$slow' ./linux" \
  logged corpora go test -count=1 -timeout 45m -run "$slow" ./linux
step "go test -run '^TestCPythonTests$' ./linux" \
  logged cpython go test -count=1 -timeout 60m -run '^TestCPythonTests$' ./linux
step "go test -race -run '$race_emulate' ./emulate" \
  go test -race -run "$race_emulate" ./emulate
race_list=$(go list "${race_pkgs[@]}") # (fails the script if one moved)
all_list=$(go list ./...)
mapfile -t plain < <(grep -v -x -F -e "$race_list" <<<"$all_list")
step "go test (the other ${#plain[@]} packages)" go test -timeout 30m "${plain[@]}"

# Hardware oracles (docs/valgrind.md): Valgrind's ppc64 instruction tests,
# fetched with apt-get source into the cache dir, built and run in both byte
# orders under ppc64emu and qemu-user; fails when a test stops early, has more
# differing lines than under qemu-user, or a differing line has no verdict
# (skips when apt-get source is unavailable). Then Microwatt's 1000 random
# tests with POWER9's register dumps and its system tests, hello_world and
# MicroPython on the Microwatt machine (skips when they cannot be fetched).
step "valgrind corpus (scripts/valgrind-corpus.sh)" bash scripts/valgrind-corpus.sh
step "microwatt random tests (scripts/microwatt-tests.sh)" bash scripts/microwatt-tests.sh

# Linux on the Microwatt machine (issue 27): only when scripts/linux-boot.sh
# has built and cached the kernel image (a cold build takes 30-60 minutes
# on two shared cores, more than CI's time allows); go test ./system/microwatt
# boots the same image (TestLinuxBoot) in the step above, this checks the
# command line and the script.
if ls "${XDG_CACHE_HOME:-$HOME/.cache}"/ppc64emu/linux-*/dtbImage.microwatt.elf >/dev/null 2>&1; then
  step "linux boot on microwatt (scripts/linux-boot.sh)" bash scripts/linux-boot.sh -cached-only
else
  echo "== linux boot on microwatt: skipped (no cached image: bash scripts/linux-boot.sh -build-only builds it)"
fi

# The emulator tested on the architecture it emulates: decode's and
# emulate's tests (-short) built for ppc64le and ppc64 and run by qemu-user
# and by ppc64emu run itself.
step "emulator tests on ppc64 (qemu-user, ppc64emu run)" bash scripts/test-on-ppc64.sh

# Every package builds and vets for other systems and architectures: the
# runner on every Linux architecture (host-side translation from the host's
# constants), the rest everywhere; off Linux, run says it needs Linux. A
# representative set by default (32-bit, both powerpc byte orders, mips64,
# whose 32-bit Stat_t.Dev and Rdev broke the linux package's build unseen
# until 2026-12-07, macOS, Windows); --long: every target of go tool dist
# list. The targets that
# link only externally (android/386, amd64, arm; ios/*) are skipped with a
# line: the go command refuses them without cgo even to vet, and with cgo
# needs their C cross toolchain (Android NDK, Xcode).
cross=(linux/386 linux/ppc64le linux/ppc64 linux/mips64 darwin/arm64 windows/amd64)
if [ $long -eq 1 ]; then mapfile -t cross < <(go tool dist list); fi
cross_vet() {
  local t out
  for t in "${cross[@]}"; do
    echo "GOOS=${t%/*} GOARCH=${t#*/} go vet ./..."
    if ! out=$(GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 go vet ./... 2>&1); then
      if [[ $out == *"requires external (cgo) linking, but cgo is not enabled"* ]]; then
        echo "  skipped: $t links only externally (needs its C cross toolchain)"
        continue
      fi
      echo "$out"
      return 1
    fi
    if [ -n "$out" ]; then echo "$out"; fi
  done
}
step "cross go vet (${#cross[@]} targets)" cross_vet

# go.mod declares the oldest Go the module supports (the older of the two
# supported releases, so importers are not forced onto the newest); build and
# vet with that toolchain (fetched through the module proxy) so it stays true.
# The newest patch release of go.mod's Go version (go 1.25.0 → go1.25.14).
mingo="${PPC64EMU_MIN_GO:-go1.25.14}"
case "$mingo" in "go$(sed -n 's/^go \([0-9]*\.[0-9]*\).*/\1/p' go.mod)".*) ;;
  *) echo "test.sh: $mingo is not a release of go.mod's go version; update mingo"; exit 1;; esac
oldest_go() {
  if GOTOOLCHAIN="$mingo" go version >/dev/null 2>&1; then
    GOTOOLCHAIN="$mingo" go build ./...
    GOTOOLCHAIN="$mingo" go vet ./...
  else
    echo "skipped: toolchain $mingo could not be fetched (GOTOOLCHAIN=$mingo go version failed)"
  fi
}
step "$mingo: go build ./... && go vet ./..." oldest_go
# The fuzz targets built as OSS-Fuzz builds them (libFuzzer through
# go-118-fuzz-build and Debian's clang) and each run on 200 inputs
# (docs/fuzzing.md); about 2 minutes on 2 cores.
step "OSS-Fuzz build of the fuzz targets" bash scripts/oss-fuzz-build.sh -smoke

# A live differential campaign against QEMU 7.2: fresh random vectors (a
# fixed seed, so a failure can be repeated, different from the golden
# traces' seed) for every op the emulator implements, in both byte orders.
# It fails on any disagreement. By default 8 vectors per op and byte order;
# --long runs 96; PPC64EMU_CAMPAIGN_N sets the number (0 skips it).
n="${PPC64EMU_CAMPAIGN_N:-$([ $long -eq 1 ] && echo 96 || echo 8)}"
campaign() {
  go run ./cmd/ppc64emu oracle -n "$n" -seed 20261202 -show 10 > build/campaign.txt || {
    cat build/campaign.txt; echo "live campaign: disagreements with QEMU (above)"; return 1; }
  tail -n 2 build/campaign.txt
  # "total (N ops, M files)  vectors agree disagree not-emulated skipped"
  awk '/^total/ { print "campaign: " $(NF-3) " passed, " $(NF-2) " failed, " $NF " skipped" }' build/campaign.txt
}
if [ "$n" -gt 0 ]; then
  step "live campaign: ppc64emu oracle -n $n -seed 20261202" campaign
fi
