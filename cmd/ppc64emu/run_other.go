//go:build !linux

package main

import (
	"fmt"
	"io"
	"runtime"
)

// runRun on a host other than Linux: the runner maps the guest's system
// calls onto the host's Linux ones (package linux), so it cannot run here.
func runRun(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stderr, "ppc64emu run: running a Linux program needs a Linux host (this is %s/%s); the other commands work here\n", runtime.GOOS, runtime.GOARCH)
	return exitFail
}

// runRecord on a host other than Linux: recording runs the program.
func runRecord(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stderr, "ppc64emu record: recording a Linux program needs a Linux host (this is %s/%s); ppc64emu replay works here\n", runtime.GOOS, runtime.GOARCH)
	return exitFail
}

// replayGDB on a host other than Linux: the GDB stub's listener is the
// Linux runner's.
func replayGDB(addr string, log []byte, sysroot string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stderr, "ppc64emu replay: -gdb needs a Linux host (this is %s/%s)\n", runtime.GOOS, runtime.GOARCH)
	return exitFail
}
