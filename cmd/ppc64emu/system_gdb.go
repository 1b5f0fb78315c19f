//go:build linux

package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/system"
)

// serveSystemGDB debugs the machine's CPU for one GDB connection on addr
// (as run -gdb takes it) and returns the exit status: 0 when the program
// reached attn, after a kill, or after a detach and a run to attn.
func serveSystemGDB(addr string, cpu *system.CPU, runOn func() error, stderr io.Writer) int {
	ln, err := gdbListen(addr, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "system: -gdb: %v\n", err)
		return exitFail
	}
	defer ln.Close()
	conn := acceptGDB(ln, "system: -gdb", stderr)
	if conn == nil {
		return exitFail
	}
	defer conn.Close()
	err = gdbstub.NewServer(&system.Debugger{CPU: cpu}).Serve(conn)
	switch {
	case err == nil, errors.Is(err, gdbstub.ErrKilled):
		return exitOK
	case errors.Is(err, gdbstub.ErrDetached):
		if err := runOn(); err != nil {
			fmt.Fprintf(stderr, "system: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	fmt.Fprintf(stderr, "system: gdb: %v\n", err)
	return exitFail
}
