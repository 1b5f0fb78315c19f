//go:build linux

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gdbOutsideCases are GDB sessions on testdata/sigoutside.c, which GDB
// has stopped before its first instruction, in which a process other
// than GDB (GDB's shell) sends the program signals while GDB has it
// stopped at ready: "kill SIG" in a script is a shell command sending SIG
// to the program's pid. As gdbserver's inferior, the program stops at each
// (but those GDB passes without a stop), and GDB's resumption says which
// it gets, SIGTSTP's stop being reported twice; a signal GDB replaces
// comes from the tracer, the program's parent ("parent 1"), one sent from
// outside from another process. stops and out are what GDB running the
// program natively on the host printed (the reference, checked again by
// the test where the host's GDB can run programs).
var gdbOutsideCases = []struct {
	name, script string
	stops, out   []string
}{
	{
		name: "defaults",
		script: `break ready
continue
kill USR1
continue
continue
kill INT
continue
signal SIGUSR2
kill TSTP
continue
continue
kill USR1
continue
continue
kill TERM
continue
continue
`,
		stops: []string{"Breakpoint 1", "SIGUSR1", "Breakpoint 1", "SIGINT", "Breakpoint 1", "SIGTSTP", "SIGTSTP", "SIGUSR1",
			"Breakpoint 1", "SIGTERM", "terminated with signal SIGTERM"},
		out: []string{"got 10 code 0 parent 0 user 1", "got 12 code 0 parent 1 user 1", "got 10 code 0 parent 0 user 1"},
	},
	{
		name: "handle",
		script: `handle SIGUSR1 nostop noprint
handle SIGTERM nostop noprint
break ready
continue
kill USR1
continue
kill INT
continue
handle SIGINT pass
continue
kill USR2
continue
continue
kill TERM
continue
`,
		stops: []string{"Breakpoint 1", "Breakpoint 1", "SIGINT", "Breakpoint 1", "SIGUSR2", "Breakpoint 1", "terminated with signal SIGTERM"},
		out:   []string{"got 10 code 0 parent 0 user 1", "got 2 code 0 parent 0 user 1", "got 12 code 0 parent 0 user 1"},
	},
	{
		// SIGSTOP, which no process catches: run -gdb's pid is its
		// front's, the program's stop is reported twice (its
		// signal-delivery-stop, then the group-stop GDB passes it to),
		// and the front runs on (runBackGDB). The breakpoint is deleted
		// first: the back sees the front's stop on its polls, so the
		// program takes the SIGSTOP anywhere between ready and its
		// sigsuspend (natively at ready), with no other stop between.
		name: "sigstop",
		script: `break ready
continue
delete
kill STOP
continue
kill USR1
continue
continue
break ready
continue
kill TERM
continue
continue
`,
		stops: []string{"Breakpoint 1", "SIGSTOP", "SIGSTOP", "SIGUSR1", "Breakpoint 2", "SIGTERM", "terminated with signal SIGTERM"},
		out:   []string{"got 10 code 0 parent 0 user 1"},
	},
}

// TestRunGDBOutside: signals sent to run -gdb's pid from outside while
// GDB debugs the program (testdata/sigoutside.c, both byte orders) reach
// it as they do without -gdb, and GDB is told of them as gdbserver tells
// of its inferior's (gdbOutsideCases); the sender waits for GDB's stop
// before it sends each, so no timing is involved.
func TestRunGDBOutside(t *testing.T) {
	for _, tc := range gdbOutsideCases {
		t.Run(tc.name, func(t *testing.T) {
			// script is tc.script with its kills of the pid in pidFile.
			script := func(pidFile string) string {
				var b strings.Builder
				for _, line := range strings.SplitAfter(tc.script, "\n") {
					if sig, ok := strings.CutPrefix(line, "kill "); ok {
						line = "shell kill -" + strings.TrimSpace(sig) + " $(cat " + pidFile + ")\n"
					}
					b.WriteString(line)
				}
				return b.String()
			}
			pidFile := filepath.Join(t.TempDir(), "pid")
			wantStops, wantOut := gdbReference(t, "sigoutside.c", script(pidFile), tc.stops, tc.out, pidFile)
			for _, order := range []string{"le", "be"} {
				t.Run(order, func(t *testing.T) {
					prog := buildGDBProg(t, "sigoutside.c", order, "-O0")
					pidFile := filepath.Join(t.TempDir(), "pid")
					run := serveGDBRun(t, prog, func(sock string, _ int) string {
						return "set pagination off\nset confirm off\ntarget remote " + sock + "\n" + script(pidFile)
					}, true, "run", prog, pidFile)
					if d := cmp.Diff(wantStops, gdbStops(run.gdb)); d != "" {
						t.Errorf("GDB's stops (-want +got):\n%s\n%s", d, run.gdb)
					}
					if d := cmp.Diff(wantOut, progLines(run.server)); d != "" {
						t.Errorf("the program's output (-want +got):\n%s\n%s", d, run.server)
					}
				})
			}
		})
	}
}
