//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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
// GDB adds), breakpoint hits, the end (an exit or a signal's) and
// "history" for either end of a replay's history (GDB's "No more
// reverse-execution history.").
func gdbStops(out string) []string {
	var stops []string
	for _, m := range regexp.MustCompile(`(?m)(Thread \d+ )?(?:"[^"]*" )?received signal (SIG[A-Z0-9]+)|^(Breakpoint \d+),|(exited normally|exited with code \d+|terminated with signal SIG[A-Z0-9]+)|^No more reverse-execution (history)`).FindAllStringSubmatch(out, -1) {
		stops = append(stops, strings.Join(m[1:], ""))
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

// replaySignalCases are GDB sessions on testdata/sigstops.c with an argument served by
// replay -gdb from a recording and by run -gdb -stop-at-exit, with the
// stops GDB reports (gdbStops): a replay stops where the recorded run took
// each signal, as the live run does (its first stops are those of GDB
// running the program natively: TestReplayGDBSignals checks them),
// forwards and backwards; the signals GDB passes with nostop (SIGALRM by
// default) do not stop it; after a signal stop the replay goes on as
// recorded, the live program takes the signal passed.
var replaySignalCases = []struct {
	name, script string
	stops        []string
}{
	{
		name:   "defaults",
		script: strings.Repeat("continue\n", 4) + strings.Repeat("reverse-continue\n", 4) + strings.Repeat("continue\n", 2),
		stops: []string{"SIGUSR1", "SIGUSR2", "SIGTERM", "history",
			"SIGTERM", "SIGUSR2", "SIGUSR1", "history",
			"SIGUSR1", "SIGUSR2"},
	},
	{
		name:   "handle",
		script: "handle SIGUSR2 nostop noprint\n" + strings.Repeat("continue\n", 3) + strings.Repeat("reverse-continue\n", 3),
		stops:  []string{"SIGUSR1", "SIGTERM", "history", "SIGTERM", "SIGUSR1", "history"},
	},
	{
		name:   "breakpoint",
		script: "break sigstops.c:32\nbreak sigstops.c:45\n" + strings.Repeat("continue\n", 5) + strings.Repeat("reverse-continue\n", 5),
		stops: []string{"SIGUSR1", "Breakpoint 1", "SIGUSR2", "Breakpoint 2", "SIGTERM",
			"Breakpoint 2", "SIGUSR2", "Breakpoint 1", "SIGUSR1", "history"},
	},
}

// gdbValues are the values GDB printed in out ("$3 = 0x10"), in order.
func gdbValues(out string) []string {
	return regexp.MustCompile(`(?m)^\$\d+ = .*$`).FindAllString(out, -1)
}

// TestReplayGDBSignals: replay -gdb of a recording of testdata/sigstops.c with an argument
// (both byte orders) stops at the signals the program took, where the
// live run under run -gdb stops, with the same thread, signal and
// registers, and reverse-continue finds them (replaySignalCases); the
// live run's forward stops are those of GDB running the program natively.
func TestReplayGDBSignals(t *testing.T) {
	native, _ := gdbReference(t, "sigstops.c", strings.Repeat("continue\n", 4),
		[]string{"SIGUSR1", "SIGUSR2", "SIGTERM", "terminated with signal SIGTERM"},
		[]string{"usr1 10", "usr2 blocked 0", "usr2 unblocked 12", "alrm 14"}, "replay")
	if d := cmp.Diff(native[:3], replaySignalCases[0].stops[:3]); d != "" {
		t.Errorf("the table's first stops differ from the native reference's (-native +table):\n%s", d)
	}
	const show = "p $pc\np $r1\np $r3\np $lr\n"
	for _, tc := range replaySignalCases {
		t.Run(tc.name, func(t *testing.T) {
			script := strings.ReplaceAll(tc.script, "continue\n", "continue\n"+show)
			script = "set pagination off\nset confirm off\ntarget remote %s\n" + script + "kill\n"
			for _, order := range []string{"le", "be"} {
				t.Run(order, func(t *testing.T) {
					replay, live := replayAndRunGDB(t, "sigstops.c", order, "@@alrm 14", script, "replay")
					for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
						if d := cmp.Diff(tc.stops, gdbStops(o.out)); d != "" {
							t.Errorf("%s: GDB's stops (-want +got):\n%s\n%s", o.name, d, o.out)
						}
					}
					if d := cmp.Diff(gdbValues(live), gdbValues(replay)); d != "" {
						t.Errorf("registers at the stops (-run +replay):\n%s\n%s", d, replay)
					}
				})
			}
		})
	}
}

// replayAndRunGDB builds testdata/src (-O0, byte order order), records
// it with args (by a ppc64emu of its own: a SIGTERM that ends the program
// ends the runner with it), checks that its output has marker, and returns
// what GDB printed with script under replay -gdb of the recording and
// under run -gdb -stop-at-exit of the program.
func replayAndRunGDB(t *testing.T, src, order, marker, script string, args ...string) (replay, live string) {
	t.Helper()
	prog := buildGDBProg(t, src, order, "-O0")
	dir, emu := buildCommand(t)
	rec := filepath.Join(dir, "rec")
	if out, err := exec.Command(emu, append([]string{"record", "-o", rec, prog}, args...)...).CombinedOutput(); !strings.Contains(string(out), marker) {
		t.Fatalf("record: %v\n%s", err, out)
	}
	replay = underGDB(t, prog, script, "replay", rec)
	live = underGDB(t, prog, script, "run", append([]string{"-stop-at-exit", prog}, args...)...)
	return replay, live
}

// TestReplayGDBIgnored: replay -gdb of a plain recording of
// testdata/sigignored.c (both byte orders) stops at the signals sent while
// their action ignored them, which the recording discarded as Linux does
// for an untraced process, where run -gdb (whose process counts as traced)
// stops: the same stops and registers, forwards and by reverse-continue;
// the live run's forward stops are those of GDB running the program
// natively.
func TestReplayGDBIgnored(t *testing.T) {
	fwd := []string{"SIGUSR1", "SIGUSR2", "SIG36", "SIG36", "SIGUSR1"}
	native, _ := gdbReference(t, "sigignored.c", strings.Repeat("continue\n", 6),
		append(fwd, "exited normally"), []string{"usr1", "usr2", "rt", "winch", "unblocked"})
	const show = "p $pc\np $r1\np $r3\np $lr\n"
	want := append(append(append([]string{}, native[:len(fwd)]...), "history"), "SIGUSR1", "SIG36", "SIG36", "SIGUSR2", "SIGUSR1", "history")
	script := "set pagination off\nset confirm off\ntarget remote %s\n" +
		strings.Repeat("continue\n"+show, 6) + strings.Repeat("reverse-continue\n"+show, 6) + "kill\n"
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			replay, live := replayAndRunGDB(t, "sigignored.c", order, "@@unblocked", script)
			for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
				if d := cmp.Diff(want, gdbStops(o.out)); d != "" {
					t.Errorf("%s: GDB's stops (-want +got):\n%s\n%s", o.name, d, o.out)
				}
			}
			if d := cmp.Diff(gdbValues(live), gdbValues(replay)); d != "" {
				t.Errorf("registers at the stops (-run +replay):\n%s\n%s", d, replay)
			}
		})
	}
}

// TestReplayGDBStepSignal: reverse-stepi over a signal the program took
// stops where it took it, reported with the signal (rr's reverse-stepi
// does: "received signal"), and a stepi from there enters the handler
// through the vDSO: it stops at the vDSO's bctrl, none executed (Linux
// 6.1's single step into a handler: signal_setup_done's SIGTRAP once the
// frame is set up, the thread at __kernel_start_sigtramp_rt64, which run
// -gdb's forward stepi shows), and the next at the handler's first
// instruction. Replay -gdb of a
// recording of testdata/sigstops.c with an argument and run -gdb
// -stop-at-exit (going back into its history), both byte orders: the
// same stops and registers, and the places of the table.
func TestReplayGDBStepSignal(t *testing.T) {
	// (not $r3: before the system call it is the pid, the run's own)
	const show = "p $pc\np $r1\np $lr\n"
	steps := []string{"continue", "stepi", "stepi", "reverse-stepi", "reverse-stepi", "reverse-stepi", "stepi", "stepi"}
	// Where each step's stop is: the signal stop's pc (sig), the
	// instruction before it (sig-4), the vDSO's bctrl that calls the
	// handler (Linux 6.1 resumes the thread at
	// __kernel_start_sigtramp_rt64 and its single step stops there, none
	// executed; GDB names it from the vDSO's symbols, having read the
	// vDSO's range from /proc/PID/task/PID/maps through the stub's host
	// I/O: the live process's, or the recording's mappings in a replay),
	// the handler's first instruction.
	const tramp = "<__kernel_start_sigtramp_rt64>"
	places := []string{"sig", tramp, "<handler>", tramp, "sig", "sig-4", "sig", tramp}
	script := "set pagination off\nset confirm off\ntarget remote %s\n"
	for _, st := range steps {
		script += st + "\n" + show
	}
	script += "kill\n"
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			replay, live := replayAndRunGDB(t, "sigstops.c", order, "@@alrm 14", script, "replay")
			want := []string{"SIGUSR1", "SIGUSR1", "SIGUSR1"}
			for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
				if d := cmp.Diff(want, gdbStops(o.out)); d != "" {
					t.Errorf("%s: GDB's stops (-want +got):\n%s\n%s", o.name, d, o.out)
				}
				vals := gdbValues(o.out)
				if len(vals) != 3*len(steps) {
					t.Fatalf("%s: %d values printed, want %d\n%s", o.name, len(vals), 3*len(steps), o.out)
				}
				pc := func(i int) (uint64, string) {
					m := regexp.MustCompile(`0x([0-9a-f]+)(?: (<[^>]*>))?`).FindStringSubmatch(vals[3*i])
					if m == nil {
						t.Fatalf("%s: no pc in %q", o.name, vals[3*i])
					}
					v, _ := strconv.ParseUint(m[1], 16, 64)
					if m[2] == "" {
						return v, "??"
					}
					return v, m[2]
				}
				sig, _ := pc(0)
				var got []string
				for i := range steps {
					v, sym := pc(i)
					switch v {
					case sig:
						sym = "sig"
					case sig - 4:
						sym = "sig-4"
					}
					got = append(got, sym)
				}
				if d := cmp.Diff(places, got); d != "" {
					t.Errorf("%s: the stops' places (-want +got):\n%s\n%s", o.name, d, o.out)
				}
			}
			if d := cmp.Diff(gdbValues(live), gdbValues(replay)); d != "" {
				t.Errorf("registers at the stops (-run +replay):\n%s\n%s", d, replay)
			}
		})
	}
}

// TestRunGDBDetach: GDB's detach at a signal stop (testdata/sigthread.c,
// both byte orders) lets the thread take the signal unless GDB's handle
// says nopass (QProgramSignals), as gdbserver and GDB's native detach do.
// The table is what native GDB printed (not compared at each run: its
// detached program lost the line "second 0" in one run of five).
func TestRunGDBDetach(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		out          []string
	}{
		{"pass", "continue\ndetach\n", []string{"second 10", "first 12"}},
		{"nopass", "handle SIGUSR1 nopass\ncontinue\ndetach\n", []string{"second 0", "first 12"}},
	} {
		for _, order := range []string{"le", "be"} {
			t.Run(tc.name+"/"+order, func(t *testing.T) {
				prog := buildGDBProg(t, "sigthread.c", order, "-O0")
				run := serveGDBRun(t, prog, func(sock string, _ int) string {
					return "set pagination off\nset confirm off\ntarget remote " + sock + "\n" + tc.script
				}, true, "run", prog)
				if d := cmp.Diff([]string{"Thread 2 SIGUSR1"}, gdbStops(run.gdb)); d != "" {
					t.Errorf("GDB's stops (-want +got):\n%s\n%s", d, run.gdb)
				}
				if d := cmp.Diff(tc.out, progLines(run.server)); d != "" {
					t.Errorf("the program's output (-want +got):\n%s\n%s", d, run.server)
				}
			})
		}
	}
}

// btFrames are the functions of GDB's backtraces in out that the
// program names (testdata/sigbt.c's onusr1, deep, main) and GDB's
// "<signal handler called>", in order: the C library's frames between
// differ between the host and the guest.
func btFrames(out string) []string {
	var frames []string
	for _, m := range regexp.MustCompile(`(?m)^#\d+\s+(?:0x[0-9a-f]+ in )?(<signal handler called>|\w+)`).FindAllStringSubmatch(out, -1) {
		switch m[1] {
		case "onusr1", "deep", "main", "<signal handler called>":
			frames = append(frames, m[1])
		}
	}
	return frames
}

// TestRunGDBSignalBacktrace: GDB stopped in a signal handler
// (testdata/sigbt.c) backtraces through the signal frame into the code
// the signal interrupted, under run -gdb and replay -gdb, both byte
// orders, as GDB running the program natively does: GDB knows a signal
// frame by the trampoline the handler returns to, which must be Linux's
// (addi r1,r1,__SIGNAL_FRAMESIZE; li r0,__NR_rt_sigreturn; sc); with
// another (li; sc alone, as before) its backtrace stopped at the
// trampoline's address.
func TestRunGDBSignalBacktrace(t *testing.T) {
	const script = "handle SIGUSR1 nostop noprint pass\nbreak onusr1\ncontinue\nbt\ncontinue\n"
	want := []string{"onusr1", "<signal handler called>", "deep", "main"}
	if native, ok := nativeGDB(t, "sigbt.c", script); ok {
		if d := cmp.Diff(want, btFrames(native)); d != "" {
			t.Errorf("the native reference's backtrace differs from the table (-table +native):\n%s\n%s", d, native)
		}
	}
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			replay, live := replayAndRunGDB(t, "sigbt.c", order, "@@usr1 10",
				"set pagination off\nset confirm off\ntarget remote %s\n"+script+"kill\n")
			for _, o := range []struct{ name, out string }{{"run", live}, {"replay", replay}} {
				if d := cmp.Diff(want, btFrames(o.out)); d != "" {
					t.Errorf("%s: GDB's backtrace in the handler (-want +got):\n%s\n%s", o.name, d, o.out)
				}
			}
		})
	}
}

// frame0s are the functions GDB's "bt 1" shows as frame #0 in out, in
// order, without an ELFv1 entry point's dot or a clone's suffix
// (".__pthread_kill_implementation.constprop.0").
func frame0s(out string) []string {
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^#0\s+(?:0x[0-9a-f]+ in )?\.?(\w+)`).FindAllStringSubmatch(out, -1) {
		names = append(names, m[1])
	}
	return names
}

// TestRunGDBStepSignal: GDB's source-level step at the stop of a signal
// with a handler (testdata/sigstops.c's SIGUSR1, raised in the C
// library, which has no line table) delivers it and stops at the
// handler's entry, and the next step, out of the handler's line, runs the
// rest of it and its return through the signal trampoline and stops back
// in the function the signal interrupted, as GDB running the program
// natively shows (checked again where the host's GDB can run it); the
// handler ran once. Both byte orders under run -gdb.
func TestRunGDBStepSignal(t *testing.T) {
	const script = "continue\nstep\nbt 1\nstep\nbt 1\ncontinue\ncontinue\ncontinue\ncontinue\ncontinue\ncontinue\n"
	frames := []string{"handler", "__pthread_kill_implementation"}
	out := []string{"usr1 10", "usr2 blocked 0", "usr2 unblocked 12", "stop 0", "tstp 0", "alrm 14", "marker 0"}
	if native, ok := nativeGDB(t, "sigstops.c", script); ok {
		if d := cmp.Diff(frames, frame0s(native)); d != "" {
			t.Errorf("the native reference's frames differ from the table (-table +native):\n%s\n%s", d, native)
		}
		if d := cmp.Diff(out, progLines(native)); d != "" {
			t.Errorf("the native reference's output differs from the table (-table +native):\n%s", d)
		}
	}
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := buildGDBProg(t, "sigstops.c", order, "-O0")
			run := serveGDBRun(t, prog, func(sock string, _ int) string {
				return "set pagination off\nset confirm off\ntarget remote " + sock + "\n" + script
			}, true, "run", prog)
			if d := cmp.Diff(frames, frame0s(run.gdb)); d != "" {
				t.Errorf("GDB's frames after each step (-want +got):\n%s\n%s", d, run.gdb)
			}
			if d := cmp.Diff(out, progLines(run.server)); d != "" {
				t.Errorf("the program's output (-want +got):\n%s\n%s", d, run.server)
			}
		})
	}
}
