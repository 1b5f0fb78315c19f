//go:build linux

package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// forkGDBScript stops testdata/revfork.c in the parent after its fork
// (breakpoints in both branches: the child's is never hit), finishes
// after_fork, steps back one instruction, reverse-continues over the fork
// to after_fork's and main's breakpoints, replays forwards over it again
// and runs to the end, printing the parent's counter at each stop.
const forkGDBScript = `set pagination off
set confirm off
set follow-fork-mode %s
target remote %%s
break main
continue
break in_child
break after_fork
continue
echo @@stop\n
print counter
finish
echo @@finish\n
print counter
reverse-stepi
echo @@reverse-stepi\n
print counter
reverse-continue
echo @@reverse-continue\n
print counter
reverse-continue
echo @@reverse-continue-main\n
print counter
continue
echo @@replay\n
print counter
delete
continue
`

// TestRunGDBFork: under run -gdb, a program that forks stays under the
// debugger in the parent as with QEMU's stub and with GDB's defaults
// (follow-fork-mode parent, detach-on-fork on): the breakpoint the child
// would hit does not stop anything, the child runs to its end on its own
// (its output is its own copy's, counter 101), and reverse execution in the
// parent goes back over the fork and forwards again. The runner says that
// it does not follow the child, also when GDB asks to (follow-fork-mode
// child: the stub reports no fork events, so GDB stays on the parent).
// The counters come from the program's source (revfork.c).
func TestRunGDBFork(t *testing.T) {
	for _, order := range []string{"le", "be"} {
		prog := buildGDBProg(t, "revfork.c", order, "-O1")
		for _, mode := range []string{"parent", "child"} {
			t.Run(order+"/"+mode, func(t *testing.T) {
				script := fmt.Sprintf(forkGDBScript, mode)
				run := serveGDBRun(t, prog, func(sock string, _ int) string { return strings.Replace(script, "%s", sock, 1) }, true, "run", prog)
				checkForkRun(t, run)
			})
		}
	}
}

func checkForkRun(t *testing.T, run gdbRun) {
	t.Helper()
	sec := map[string]string{}
	for _, part := range strings.Split(run.gdb, "@@")[1:] {
		name, body, _ := strings.Cut(part, "\n")
		sec[name] = body
	}
	for _, c := range []struct{ sec, stop, counter string }{
		{"stop", "", "1"}, // at after_fork's breakpoint (checked below)
		{"finish", "", "2"},
		{"reverse-stepi", "", "2"}, // back onto after_fork's return: its store stays
		{"reverse-continue", "Breakpoint 3, after_fork", "1"},
		{"reverse-continue-main", "Breakpoint 1, ", "0"},
		{"replay", "Breakpoint 3, after_fork", "1"},
	} {
		if !strings.Contains(sec[c.sec], "= "+c.counter+"\n") {
			t.Errorf("section %s: want counter %s:\n%s", c.sec, c.counter, run.gdb)
		}
		if c.stop != "" && !strings.Contains(prevSection(run.gdb, c.sec), c.stop) {
			t.Errorf("before section %s: want a stop %q:\n%s", c.sec, c.stop, run.gdb)
		}
	}
	if !strings.Contains(prevSection(run.gdb, "stop"), "Breakpoint 3, after_fork") {
		t.Errorf("the first stop after the fork is not the parent's after_fork:\n%s", run.gdb)
	}
	if strings.Contains(run.gdb, "Breakpoint 2, ") || strings.Contains(run.gdb, "received signal") || strings.Contains(run.gdb, "[New Thread") {
		t.Errorf("a stop in the child or one GDB did not ask for:\n%s", run.gdb)
	}
	if !strings.Contains(run.gdb, "exited normally]") {
		t.Errorf("the parent did not exit normally under GDB:\n%s", run.gdb)
	}
	for _, want := range []string{"child: counter 101\n", "parent: child exited 3, counter 12\n",
		"which runs on without the debugger (it stays on process "} {
		if !strings.Contains(run.server, want) {
			t.Errorf("runner output lacks %q:\n%s", want, run.server)
		}
	}
	if run.code != 0 {
		t.Errorf("runner exit status %d, want 0:\n%s", run.code, run.server)
	}
}

// prevSection returns what GDB printed just before section name (after
// the previous section's mark).
func prevSection(out, name string) string {
	i := strings.Index(out, "@@"+name+"\n")
	if i < 0 {
		return ""
	}
	j := strings.LastIndex(out[:i], "@@")
	if j < 0 {
		j = 0
	}
	return out[j:i]
}

// TestRunGDBForkOrphan: when the debugged process exits while a child it
// forked still runs, GDB is told at once (exit code 5), as it is when the
// child is a native or qemu-user process of its own; the orphan runs on,
// released through a FIFO by GDB's script after it was told (a stub that
// waited for the orphan would never answer), and the runner ends after it
// with the debugged process's status.
func TestRunGDBForkOrphan(t *testing.T) {
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := buildGDBProg(t, "revfork.c", order, "-O1")
			fifo := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			script := "set pagination off\nset confirm off\ntarget remote %s\ncontinue\necho @@exited\\n\nshell echo released >" + fifo + "\n"
			run := serveGDBRun(t, prog, func(sock string, _ int) string { return strings.Replace(script, "%s", sock, 1) }, true, "run", prog, fifo)
			if !regexp.MustCompile(`\[Inferior 1 \(.*\) exited with code 05\]\n@@exited`).MatchString(run.gdb) {
				t.Errorf("GDB was not told the exit (code 05):\n%s", run.gdb)
			}
			if !strings.Contains(run.server, "orphan: released\n") || run.code != 5 {
				t.Errorf("runner: exit status %d, output:\n%s\nwant 5 and the orphan's line", run.code, run.server)
			}
		})
	}
}
