#!/usr/bin/env bash
# The project's test command: installs what the tests need (apt-get), then
# vets and runs every test with the race detector. CI runs exactly this
# (.ci/run). Tests that need QEMU or objdump skip with a message when those
# are absent; this script installs them, so under it they run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
# Nothing is cached outside the clone: package oracle builds its QEMU harness
# into the user cache directory, so point that at build/ (Go's own build
# cache stays where the toolchain keeps it).
export GOCACHE="${GOCACHE:-$(go env GOCACHE)}"
export XDG_CACHE_HOME="$PWD/build/cache"
mkdir -p "$XDG_CACHE_HOME"

bash scripts/install-deps.sh
if [ -f scripts/build-harness.sh ]; then
  bash scripts/build-harness.sh
fi
# The Linux runner's whole-program corpus (linux/corpus_test.go compares each
# program under qemu-user and ppc64emu run); about 2 minutes on 2 cores.
bash scripts/build-corpus.sh
echo "== go vet ./..."
go vet ./...
echo "== go test -race ./..."
go test -race -timeout 30m ./...
# go.mod declares the oldest Go the module supports (the older of the two
# supported releases, so importers are not forced onto the newest); build and
# vet with that toolchain (fetched through the module proxy) so it stays true.
# The newest patch release of go.mod's Go version (go 1.25.0 → go1.25.14).
mingo="${PPC64EMU_MIN_GO:-go1.25.14}"
case "$mingo" in "go$(sed -n 's/^go \([0-9]*\.[0-9]*\).*/\1/p' go.mod)".*) ;;
  *) echo "test.sh: $mingo is not a release of go.mod's go version; update mingo"; exit 1;; esac
echo "== $mingo: go build ./... && go vet ./..."
if GOTOOLCHAIN="$mingo" go version >/dev/null 2>&1; then
  GOTOOLCHAIN="$mingo" go build ./...
  GOTOOLCHAIN="$mingo" go vet ./...
else
  echo "skipped: toolchain $mingo could not be fetched (GOTOOLCHAIN=$mingo go version failed)"
fi
# The fuzz targets built as OSS-Fuzz builds them (libFuzzer through
# go-118-fuzz-build and Debian's clang) and each run on 200 inputs
# (docs/fuzzing.md); about 2 minutes on 2 cores.
echo "== OSS-Fuzz build of the fuzz targets"
bash scripts/oss-fuzz-build.sh -smoke

# A bounded live differential campaign against QEMU 7.2: fresh random vectors
# (a fixed seed, so a failure can be repeated, different from the golden
# traces' seed) for every op the emulator implements, in both byte orders.
# It fails on any disagreement. Set PPC64EMU_CAMPAIGN_N=0 to skip it.
n="${PPC64EMU_CAMPAIGN_N:-96}"
if [ "$n" -gt 0 ]; then
  echo "== live campaign: ppc64emu oracle -n $n -seed 20261202"
  go run ./cmd/ppc64emu oracle -n "$n" -seed 20261202 -show 10 > build/campaign.txt || {
    cat build/campaign.txt; echo "live campaign: disagreements with QEMU (above)"; exit 1; }
  tail -n 2 build/campaign.txt
  # "total (N ops, M files)  vectors agree disagree not-emulated skipped"
  awk '/^total/ { print "campaign: " $(NF-3) " passed, " $(NF-2) " failed, " $NF " skipped" }' build/campaign.txt
fi
