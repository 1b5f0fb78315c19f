#!/bin/bash
# Runs Microwatt's own system tests (tests/test_*.bin against their
# .console_out), hello_world and MicroPython on ppc64emu's Microwatt machine.
# Microwatt's repository (its test binaries are not ours to ship) is
# cloned at test time into build/microwatt (gitignored), or taken from
# $MICROWATT_DIR; nothing of it is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MICROWATT_DIR:-}" ]; then
	if [ ! -d build/microwatt/tests ]; then
		mkdir -p build
		git clone --depth 1 https://github.com/antonblanchard/microwatt build/microwatt
	fi
	export MICROWATT_DIR=$PWD/build/microwatt
fi
go test -count=1 -run 'TestMicrowatt' -v ./system/microwatt | grep -E '^(=== RUN|--- |ok|FAIL|PASS)|matching'
