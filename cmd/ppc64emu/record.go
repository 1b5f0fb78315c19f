//go:build linux

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/record"
)

var recordUsage = `Usage: ppc64emu record [-o DIR] [run's flags but -gdb] PROG [ARGS...]

Runs PROG as "ppc64emu run" does and records the run into DIR (default
ppc64emu-record-PROG, or the first of ppc64emu-record-PROG-1, -2, … that does
not exist): every input the program gets from outside its instructions —
each system call's results and the guest memory it wrote, the signal
frames, time base (mftb) and darn values, the thread schedule, new threads
and address spaces — in DIR/` + record.LogName + ` (format: docs/record-format.md).
"ppc64emu replay DIR" reproduces the run exactly, any number of times and on
any host, without executing a system call.

Flags:
	-o DIR           the directory to record into (made; must not hold a recording)
` + strings.SplitN(runUsage, "Flags:\n", 2)[1]

// createRecording makes the recording directory (dir, or one named after
// prog) and creates its log.
func createRecording(dir, prog string) (*os.File, error) {
	if dir == "" {
		base := "ppc64emu-record-" + filepath.Base(prog)
		dir = base
		for i := 1; ; i++ {
			if _, err := os.Lstat(dir); os.IsNotExist(err) {
				break
			}
			dir = fmt.Sprintf("%s-%d", base, i)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return os.OpenFile(filepath.Join(dir, record.LogName), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// replayGDB serves GDB on addr over a Session of log, with the files of
// sysroot (replay's -L), else of the recording's sysroot, for GDB's host
// I/O (linux.SysrootFiles).
func replayGDB(addr string, log []byte, sysroot string, stdout, stderr io.Writer) int {
	s, err := record.NewSession(log, record.Options{Stdout: stdout, Stderr: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "ppc64emu replay: %v\n", err)
		return exitFail
	}
	ln, err := gdbListen(addr, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ppc64emu replay: -gdb: %v\n", err)
		return exitFail
	}
	defer ln.Close()
	signal.Ignore(syscall.SIGINT)
	conn := acceptGDB(ln, "ppc64emu replay", stderr)
	if conn == nil {
		return exitFail
	}
	defer conn.Close()
	t := record.NewGDBTarget(s)
	root := s.Header().Sysroot
	if sysroot != "" {
		root = sysrootDir(sysroot)
	}
	if root != "" {
		t.Files = linux.SysrootFiles(root)
	}
	err = gdbstub.NewServer(t).Serve(conn)
	if t.Err != nil {
		fmt.Fprintf(stderr, "ppc64emu replay: %v\n", t.Err)
		return 70
	}
	if err != nil && !errors.Is(err, gdbstub.ErrKilled) && !errors.Is(err, gdbstub.ErrDetached) {
		fmt.Fprintf(stderr, "ppc64emu replay: gdb: %v\n", err)
	}
	return exitOK
}
