//go:build linux

package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// replaySignalCases are GDB sessions on testdata/sigreplay.c served by
// replay -gdb from a recording and by run -gdb -stop-at-exit, with the
// stops GDB reports ("history" is GDB's "No more reverse-execution
// history.", at either end): a replay stops where the recorded run took
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
		script: "break sigreplay.c:25\nbreak sigreplay.c:30\n" + strings.Repeat("continue\n", 5) + strings.Repeat("reverse-continue\n", 5),
		stops: []string{"SIGUSR1", "Breakpoint 1", "SIGUSR2", "Breakpoint 2", "SIGTERM",
			"Breakpoint 2", "SIGUSR2", "Breakpoint 1", "SIGUSR1", "history"},
	},
}

// replayStops are GDB's stops in out (gdbStops), with "history" for the
// ends of the history.
func replayStops(out string) []string {
	var stops []string
	for _, m := range regexp.MustCompile(`(?m)(Thread \d+ )?(?:"[^"]*" )?received signal (SIG[A-Z0-9]+)|^(Breakpoint \d+),|(exited normally|exited with code \d+|terminated with signal SIG[A-Z0-9]+)|^No more reverse-execution (history)`).FindAllStringSubmatch(out, -1) {
		stops = append(stops, strings.Join(m[1:], ""))
	}
	return stops
}

// gdbValues are the values GDB printed in out ("$3 = 0x10"), in order.
func gdbValues(out string) []string {
	return regexp.MustCompile(`(?m)^\$\d+ = .*$`).FindAllString(out, -1)
}

// TestReplayGDBSignals: replay -gdb of a recording of testdata/sigreplay.c
// (both byte orders) stops at the signals the program took, where the
// live run under run -gdb stops, with the same thread, signal and
// registers, and reverse-continue finds them (replaySignalCases); the
// live run's forward stops are those of GDB running the program natively.
func TestReplayGDBSignals(t *testing.T) {
	native, _ := gdbReference(t, "sigreplay.c", strings.Repeat("continue\n", 4),
		[]string{"SIGUSR1", "SIGUSR2", "SIGTERM", "terminated with signal SIGTERM"},
		[]string{"usr1 10", "usr2 blocked 0", "usr2 unblocked 12", "alrm 14"})
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
					prog := buildGDBProg(t, "sigreplay.c", order, "-O0")
					// (recorded by a ppc64emu of its own: SIGTERM ends
					// the program and the runner with it)
					dir, emu := buildCommand(t)
					rec := filepath.Join(dir, "rec")
					if out, err := exec.Command(emu, "record", "-o", rec, prog).CombinedOutput(); !strings.Contains(string(out), "@@alrm 14") {
						t.Fatalf("record: %v\n%s", err, out)
					}
					replay := underGDB(t, prog, script, "replay", rec)
					live := liveUnderGDB(t, prog, script)
					for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
						if d := cmp.Diff(tc.stops, replayStops(o.out)); d != "" {
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
