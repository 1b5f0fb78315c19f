#!/usr/bin/env bash
# The project's test command: installs what the tests need (apt-get), then
# vets and runs every test with the race detector. CI runs exactly this
# (.ci/run). Tests that need QEMU or objdump skip with a message when those
# are absent; this script installs them, so under it they run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

bash scripts/install-deps.sh
if [ -f scripts/build-harness.sh ]; then
  bash scripts/build-harness.sh
fi
echo "== go vet ./..."
go vet ./...
echo "== go test -race ./..."
go test -race -timeout 30m ./...
