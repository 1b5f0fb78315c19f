#!/bin/bash -eu
# OSS-Fuzz build script for ppc64emu (projects/ppc64emu/build.sh): the list of
# targets and the build live in the repository, in scripts/oss-fuzz-build.sh,
# which calls compile_native_go_fuzzer for each target when it runs here.
bash "$SRC/ppc64emu/scripts/oss-fuzz-build.sh"
