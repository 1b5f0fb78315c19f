//go:build !linux

package main

import (
	"fmt"
	"io"

	"github.com/ppc64emu/ppc64emu/system"
)

// serveSystemGDB: -gdb needs the Linux build (its listener is run -gdb's).
func serveSystemGDB(addr string, cpu *system.CPU, runOn func() error, stderr io.Writer) int {
	fmt.Fprintln(stderr, "system: -gdb is available on Linux hosts only")
	return exitUsage
}
