#!/usr/bin/env bash
# The emulator tested on the architecture it emulates: the tests of decode
# and emulate, built for linux/ppc64le and linux/ppc64 (GOARCH=… go test -c),
# run by qemu-user (qemu-ppc64le, qemu-ppc64) and by the emulator itself
# (ppc64emu run): a powerpc64 build of the emulator checked on powerpc64,
# in both byte orders. scripts/test.sh runs it.
#
# In -short mode and, to keep the time down, a chosen subset of each package's
# tests (PPC64_TESTS_DECODE, PPC64_TESTS_EMULATE: -test.run patterns; ".*" for
# all): decode's table-driven tests against golang.org/x/arch and its
# encoder round trips, emulate's ISA-level tests of the integer, load/store,
# branch, floating-point, vector and decimal units and their refusals.
# Tests that run host tools (objdump, QEMU, compilers) skip or are left out:
# the test binary runs as a powerpc64 guest.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
decode_run="${PPC64_TESTS_DECODE:-^(TestDecodeVectors|TestDecodeTruncated|TestLookupTo|TestLookupCache|TestInstString|TestInstErr|TestEncodeReference|TestEncodeErrors|TestEncodeKnown|TestEncoding|TestFacility|TestFacilityConsistent|TestOpTableFacts|TestOpTableConsistent|TestOpTablePairs|TestBranchForms|TestUpdateForms)\$}"
emulate_run="${PPC64_TESTS_EMULATE:-^(TestArith|TestArithCarry|TestArithMultiply|TestArithDivide|TestLogicalOps|TestRotateWord|TestRotateDoubleword|TestShift|TestBranches|TestCRLogicalMcrf|TestMfcrMtcrf|TestKernelAdd|TestKernelLoadStore|TestKernelLdarxStdcx|TestFPISA|TestFPDouble|TestFPSingle|TestVMXISA|TestVSXCases|TestDFPWords|TestBCDISA|TestLoadStoreForms|TestAtomicMemoryOperations|TestFaultLeavesStateUnchanged|TestRun|TestRefuseShared)\$}"
out=build/ppc64test
mkdir -p "$out"
go build -o "$out/ppc64emu" ./cmd/ppc64emu
status=0
for arch in ppc64le ppc64; do
  for pkg in decode emulate; do
    GOOS=linux GOARCH=$arch CGO_ENABLED=0 go test -c -o "$out/$pkg.$arch" "./$pkg"
  done
done
for arch in ppc64le ppc64; do
  for pkg in decode emulate; do
    run=$decode_run
    [ $pkg = emulate ] && run=$emulate_run
    bin=$PWD/$out/$pkg.$arch
    for how in "qemu-$arch -cpu power10" "$PWD/$out/ppc64emu run"; do
      if [[ $how == qemu-* ]] && ! command -v "qemu-$arch" >/dev/null; then
        echo "test-on-ppc64: qemu-$arch not installed, skipped"
        continue
      fi
      s=$SECONDS
      log="$out/$pkg.$arch.$(basename "${how%% *}").txt"
      if (cd "$pkg" && $how "$bin" -test.short -test.v -test.run "$run" > "../$log" 2>&1); then
        r=ok
      else
        r=FAIL; status=1
        grep -v '^=== \|^    --- PASS\|^--- PASS' "$log" | tail -n 30
      fi
      echo "$r  $pkg ($arch) under $(basename "${how%% *}"): $(grep -c '^--- PASS' "$log") tests passed, $(grep -c '^--- SKIP' "$log") skipped, $((SECONDS - s))s ($log)"
    done
  done
done
exit $status
