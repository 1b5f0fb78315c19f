package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ppc64emu/ppc64emu/record"
)

const replayUsage = `Usage: ppc64emu replay [-count] [-gdb ADDR [-L DIR]] DIR

Replays the run "ppc64emu record" recorded into DIR: the program's
instructions execute again on the emulator, every input comes from the
recording (no system call is executed on the host, no file of the program
is needed), and what the program wrote to stdout and stderr goes to
ppc64emu's stdout and stderr. The registers at every system call and each
thread's registers at the exit are checked against the recording; a replay
that differs stops with "replay diverged" (exit status 70). Otherwise it
exits with the recorded program's status. Replay works on every host
ppc64emu builds for, not only Linux.

Flags:
	-count     print to stderr at exit the instructions and system calls
	           replayed and the time the replay took
	-gdb ADDR  (Linux hosts) wait for GDB on ADDR, as run -gdb does, stopped
	           before the first instruction: continue, stepi, next, finish,
	           breakpoints, watch, rwatch and awatch and, over the whole
	           recording (after the exit too), reverse-continue,
	           reverse-stepi (the thread GDB selected steps back),
	           reverse-next and reverse-finish. The replay keeps a
	           checkpoint every 2^24 instructions and goes back by
	           restoring the one before and executing forwards (rr's
	           model). Registers and memory are read-only; write
	           watchpoints see system calls' writes too. "monitor when"
	           prints the current event (instructions executed so far),
	           "monitor goto N" moves to event N; flush GDB's caches after
	           it ("maintenance flush register-cache" and "maintenance
	           flush dcache"; "monitor help" says more). GDB reads the
	           program's libraries from the sysroot the run had (record -L
	           DIR, or $QEMU_LD_PREFIX), as the host has them now, through
	           the stub (its default sysroot "target:"): files the run
	           found outside it are not served ("set solib-search-path"),
	           but for the program: GDB is told its path (as the run's
	           /proc/PID/exe) and given the host's file there, so that
	           "target remote" alone loads its symbols
	-L DIR     with -gdb: serve GDB the files of DIR instead ("-L /" none)
`

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay")
	count := fs.Bool("count", false, "")
	gdbAddr := fs.String("gdb", "", "")
	sysroot := fs.String("L", "", "")
	pos, code, done := parseFlags(fs, args, replayUsage, stdout, stderr)
	if done {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprint(stderr, replayUsage)
		return exitUsage
	}
	if *gdbAddr != "" {
		log, err := os.ReadFile(filepath.Join(pos[0], record.LogName))
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu replay: %v\n", err)
			return exitFail
		}
		return replayGDB(*gdbAddr, log, *sysroot, stdout, stderr)
	}
	f, err := os.Open(filepath.Join(pos[0], record.LogName))
	if err != nil {
		fmt.Fprintf(stderr, "ppc64emu replay: %v\n", err)
		return exitFail
	}
	defer f.Close()
	out, errw := bufio.NewWriter(stdout), bufio.NewWriter(stderr)
	start := time.Now()
	res, err := record.Replay(f, record.Options{Stdout: flusher{out, errw}, Stderr: flusher{errw, out}})
	out.Flush()
	errw.Flush()
	if err != nil {
		fmt.Fprintf(stderr, "ppc64emu replay: %v\n", err)
		if errors.Is(err, record.ErrDiverged) {
			return 70
		}
		return exitFail
	}
	if *count {
		fmt.Fprintf(stderr, "ppc64emu replay: %d instructions, %d system calls in %v\n", res.Instructions, res.Syscalls, time.Since(start).Round(time.Millisecond))
	}
	if res.Signal != 0 {
		return 128 + res.Signal
	}
	return res.Code
}

// flusher writes to w after flushing other, so that the two streams keep
// the order the program wrote them in.
type flusher struct{ w, other *bufio.Writer }

func (f flusher) Write(p []byte) (int, error) {
	if err := f.other.Flush(); err != nil {
		return 0, err
	}
	return f.w.Write(p)
}
