//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gdbSignalCases are GDB sessions on testdata/sigstops.c, each a script
// run after the program stopped before its first instruction, with the
// stops GDB reports and what the program prints: as gdbserver does, every
// signal the program takes stops it (but those GDB's handle passes with
// nostop noprint: QPassSignals, SIGALRM by default), a blocked one when
// it is unblocked; continue passes it (nopass, signal 0: none; signal SIG:
// SIG instead); a stop signal passed stops the process, a group-stop GDB
// is told of again, and the next resumption lets it run on; a signal
// given at a breakpoint is delivered there, before the instruction, so
// that the breakpoint is hit again when the handler returns. want is what GDB running the
// program natively on the host printed (the reference, checked again by
// the test where the host's GDB can run programs). src is the program,
// testdata/sigstops.c if empty; sigfrom.c's child stops and continues
// its parent; in sigthread.c each of two threads takes a signal, which
// GDB is told of with that thread (the T packet's thread), as gdbserver
// tells it.
var gdbSignalCases = []struct {
	name, src, script string
	stops, out        []string
}{
	{
		name:   "defaults",
		script: strings.Repeat("continue\n", 7),
		stops:  []string{"SIGUSR1", "SIGUSR2", "SIGSTOP", "SIGSTOP", "SIGTSTP", "SIGTSTP", "exited normally"},
		out:    []string{"usr1 10", "usr2 blocked 0", "usr2 unblocked 12", "stop 0", "tstp 0", "alrm 14", "marker 0"},
	},
	{
		name: "given",
		script: `handle SIGUSR2 nopass
break marker
continue
signal 0
continue
signal SIGUSR1
signal 0
signal SIGUSR2
continue
`,
		stops: []string{"SIGUSR1", "SIGUSR2", "SIGSTOP", "SIGTSTP", "Breakpoint 1", "Breakpoint 1", "exited normally"},
		out:   []string{"usr1 0", "usr2 blocked 0", "usr2 unblocked 0", "stop 10", "tstp 0", "alrm 14", "marker 12"},
	},
	{
		name: "handle",
		script: `handle SIGUSR1 nostop noprint
handle SIGSTOP nostop noprint
handle SIGTSTP nostop print
handle SIGALRM stop print
` + strings.Repeat("continue\n", 3),
		stops: []string{"SIGUSR2", "SIGTSTP", "SIGTSTP", "SIGALRM", "exited normally"},
		out:   []string{"usr1 10", "usr2 blocked 0", "usr2 unblocked 12", "stop 0", "tstp 0", "alrm 14", "marker 0"},
	},
	{
		name:   "threads",
		src:    "sigthread.c",
		script: strings.Repeat("continue\n", 3),
		stops:  []string{"Thread 2 SIGUSR1", "Thread 1 SIGUSR2", "exited normally"},
		out:    []string{"second 10", "first 12"},
	},
	{
		name:   "another process",
		src:    "sigfrom.c",
		script: strings.Repeat("continue\n", 4),
		stops:  []string{"SIGSTOP", "SIGSTOP", "SIGCONT", "exited normally"},
		out:    []string{"child 7"},
	},
}

// gdbStops are GDB's reports of stops in out: the signals (with the
// thread GDB names where the program has several, without the name native
// GDB adds), breakpoint hits and the end (an exit or a signal's).
func gdbStops(out string) []string {
	var stops []string
	for _, m := range regexp.MustCompile(`(?m)(Thread \d+ )?(?:"[^"]*" )?received signal (SIG[A-Z0-9]+)|^(Breakpoint \d+),|(exited normally|exited with code \d+|terminated with signal SIG[A-Z0-9]+)`).FindAllStringSubmatch(out, -1) {
		stops = append(stops, m[1]+m[2]+m[3]+m[4])
	}
	return stops
}

// progLines are the lines the program printed ("@@" first) in out.
func progLines(out string) []string {
	var lines []string
	for _, m := range regexp.MustCompile(`(?m)^@@(.*)$`).FindAllStringSubmatch(out, -1) {
		lines = append(lines, m[1])
	}
	return lines
}

// TestRunGDBSignals: the signals of testdata/sigstops.c and sigfrom.c under run -gdb,
// both byte orders, as GDB reports them with gdbserver (gdbSignalCases),
// checked against GDB running the program natively on the host where it
// can.
func TestRunGDBSignals(t *testing.T) {
	for _, tc := range gdbSignalCases {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src
			if src == "" {
				src = "sigstops.c"
			}
			wantStops, wantOut := gdbReference(t, src, tc.script, tc.stops, tc.out)
			for _, order := range []string{"le", "be"} {
				t.Run(order, func(t *testing.T) {
					prog := buildGDBProg(t, src, order, "-O0")
					run := serveGDBRun(t, prog, func(sock string, _ int) string {
						return "set pagination off\nset confirm off\ntarget remote " + sock + "\n" + tc.script
					}, true, "run", prog)
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

// gdbReference returns the stops and program output of GDB running
// testdata/src natively with script and args (nativeGDB), checked
// against the table's stops and out, or the table's where the host's GDB
// cannot run it.
func gdbReference(t *testing.T, src, script string, stops, out []string, args ...string) ([]string, []string) {
	t.Helper()
	native, ok := nativeGDB(t, src, script, args...)
	if !ok {
		return stops, out
	}
	wantStops, wantOut := gdbStops(native), progLines(native)
	if d := cmp.Diff(stops, wantStops); d != "" {
		t.Errorf("the native reference's stops differ from the table (-table +native):\n%s\n%s", d, native)
	}
	if d := cmp.Diff(out, wantOut); d != "" {
		t.Errorf("the native reference's output differs from the table (-table +native):\n%s", d)
	}
	return wantStops, wantOut
}

// nativeGDB builds testdata/src for the host and returns what
// gdb-multiarch prints running it natively, with args, from its first
// instruction (starti) with script; it reports false, with a log line,
// where the host's compiler or GDB cannot (no cc, no ptrace).
func nativeGDB(t *testing.T, src, script string, args ...string) (string, bool) {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed")
	}
	prog := filepath.Join(t.TempDir(), "native")
	if out, err := exec.Command("cc", "-g", "-O0", "-o", prog, filepath.Join("testdata", src)).CombinedOutput(); err != nil {
		t.Logf("no native reference (cc: %v): checked against the table\n%s", err, out)
		return "", false
	}
	path := prog + ".gdb"
	full := "set pagination off\nset confirm off\nset args " + strings.Join(args, " ") + "\nstarti\n" + script
	if err := os.WriteFile(path, []byte(full), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("gdb-multiarch", "-batch", "-x", path, prog).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Program stopped.") {
		t.Logf("no native reference (gdb cannot run programs here: %v): checked against the table\n%s", err, out)
		return "", false
	}
	return string(out), true
}

// TestRunGDBSignalReverse: under run -gdb, both byte orders, GDB goes
// back two instructions from the program's stop at its SIGUSR1
// (testdata/sigstops.c) and forwards again: where the program stopped,
// GDB is told of the signal again, as a replay tells it, and continue
// passes it (the handler runs: "usr1 10"; it used to be lost, GDB's last
// stop being a step's).
func TestRunGDBSignalReverse(t *testing.T) {
	const script = "continue\nreverse-stepi\nreverse-stepi\ncontinue\ncontinue\n"
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := buildGDBProg(t, "sigstops.c", order, "-O0")
			run := serveGDBRun(t, prog, func(sock string, _ int) string {
				return "set pagination off\nset confirm off\ntarget remote " + sock + "\n" + script + "kill\n"
			}, true, "run", prog)
			if d := cmp.Diff([]string{"SIGUSR1", "SIGUSR1", "SIGUSR2"}, gdbStops(run.gdb)); d != "" {
				t.Errorf("GDB's stops (-want +got):\n%s\n%s", d, run.gdb)
			}
			if got := progLines(run.server); len(got) == 0 || got[0] != "usr1 10" {
				t.Errorf("the program's output %q, want \"usr1 10\" first\n%s", got, run.server)
			}
		})
	}
}
