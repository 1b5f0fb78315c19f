package oracle

import _ "embed" // for harnessSource

// harnessSource is the C source of the reference harness (harness/harness.c,
// described in harness/README.md), shipped with the package so that Build
// works from any module.
//
//go:embed harness/harness.c
var harnessSource []byte

// harnessCFlags are the flags the harness is built with, as
// scripts/build-harness.sh does (a test keeps the two equal): a static
// executable for any POWER8 or later CPU, run under -cpu power10.
var harnessCFlags = []string{"-O2", "-static", "-fno-stack-protector", "-mcpu=power8", "-Wall", "-Wextra", "-std=gnu11"}

// The cross compilers of the two byte orders, by name in PATH.
const (
	compilerLE = "powerpc64le-linux-gnu-gcc"
	compilerBE = "powerpc64-linux-gnu-gcc"
)
