#!/usr/bin/env bash
# Builds the Go fuzz targets (testing.F) as libFuzzer binaries through
# go-118-fuzz-build, the way OSS-Fuzz and ClusterFuzz run Go fuzzers.
#
# In OSS-Fuzz (fuzz/oss-fuzz/build.sh runs this script in the base-builder-go
# image, with $OUT set and compile_native_go_fuzzer on PATH) every target goes
# through compile_native_go_fuzzer.
#
# Anywhere else (CI from scripts/test.sh, a developer machine) it does what
# compile_native_go_fuzzer does, with Debian's clang: go-118-fuzz-build
# (pinned below, fetched through the Go module proxy) turns a target into a
# c-archive with libFuzzer instrumentation, and clang links it with libFuzzer
# (-fsanitize=fuzzer; Debian 12 packages clang and libclang-rt-14-dev, which
# scripts/install-deps.sh installs). The tool rewrites the sources it builds
# (the testing import; the fuzz file becomes an ordinary source file), so each
# target is built in a fresh copy of the module: the checkout is not touched.
#
#   scripts/oss-fuzz-build.sh           # -> build/oss-fuzz/<name> ($OUT overrides)
#   scripts/oss-fuzz-build.sh -smoke    # and run each binary on 200 inputs
#
# A target must be self-contained: OSS-Fuzz compiles the file that declares it
# as an ordinary source file of its package, without the package's other
# _test.go files, so the file may use only its package, other packages and
# what it declares itself, and must be in the package proper (not pkg_test).
# FuzzDifferential (oracle) needs QEMU and is not built.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module=github.com/ppc64emu/ppc64emu
tool_version=v0.0.0-20250520111509-a70c2aa677fa # github.com/AdamKorcz/go-118-fuzz-build

# package (relative to the module), fuzz function, binary name
targets=(
  "decode FuzzDecode decode_fuzz"
  "decode FuzzEncode decode_encode_fuzz"
  "emulate FuzzStep emulate_step_fuzz"
  "trap FuzzTrap trap_fuzz"
  "trace FuzzTraceLine trace_line_fuzz"
  "debug FuzzNextPCs debug_nextpcs_fuzz"
  "debug FuzzFindAtomicSequence debug_atomic_fuzz"
  "linux/loader FuzzLoad loader_fuzz"
)

smoke=0
for a in "$@"; do
  case "$a" in
  -smoke) smoke=1 ;;
  *) echo "usage: $0 [-smoke]" >&2; exit 2 ;;
  esac
done

if command -v compile_native_go_fuzzer >/dev/null 2>&1 && [ -n "${OUT:-}" ] && [ -n "${LIB_FUZZING_ENGINE:-}" ]; then
  # OSS-Fuzz: its own driver, in its own checkout.
  cd "$root"
  go get "github.com/AdamKorcz/go-118-fuzz-build/testing@$tool_version"
  for t in "${targets[@]}"; do
    read -r pkg fn name <<<"$t"
    compile_native_go_fuzzer "$module/$pkg" "$fn" "$name"
  done
  exit 0
fi

for tool in go clang; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "oss-fuzz-build: $tool not found (clang: apt-get install clang libclang-rt-14-dev, or scripts/install-deps.sh)" >&2
    exit 1
  fi
done
out="${OUT:-$root/build/oss-fuzz}"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The module's files (tracked and new, without build/), then the tool's
# testing package as a dependency of the copy.
mkdir -p "$work/src"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
    tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$work/src"
else
  tar -C "$root" --exclude=./build -cf - . | tar -xf - -C "$work/src"
fi
(
  cd "$work/src"
  go get "github.com/AdamKorcz/go-118-fuzz-build/testing@$tool_version" >/dev/null 2>&1
  GOBIN="$work/bin" go install "github.com/AdamKorcz/go-118-fuzz-build@$tool_version"
)

failed=0
for t in "${targets[@]}"; do
  read -r pkg fn name <<<"$t"
  rm -rf "$work/tree" && cp -a "$work/src" "$work/tree"
  start=$SECONDS
  if (cd "$work/tree" && "$work/bin/go-118-fuzz-build" -o "$work/$name.a" -func "$fn" "./$pkg" &&
    clang -fsanitize=fuzzer "$work/$name.a" -lpthread -o "$out/$name") >"$work/$name.log" 2>&1; then
    echo "oss-fuzz-build: $out/$name ($pkg $fn, $((SECONDS - start)) s)"
  else
    echo "oss-fuzz-build: FAILED $pkg $fn:" >&2
    tail -20 "$work/$name.log" >&2
    failed=1
    continue
  fi
  if [ "$smoke" -eq 1 ]; then
    if ! (cd "$work" && "$out/$name" -runs=200 -seed=1 >"$work/$name.run" 2>&1); then
      echo "oss-fuzz-build: $name failed on its smoke run:" >&2
      tail -30 "$work/$name.run" >&2
      failed=1
    fi
  fi
done
exit "$failed"
