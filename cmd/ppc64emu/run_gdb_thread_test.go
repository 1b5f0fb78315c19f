//go:build linux

package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// selectedThreadScript stops c-threads at its second worker's breakpoint
// (the main thread waits in pthread_barrier_wait, in its futex system
// call), selects the main thread, and steps it back and forwards by one
// instruction, printing the current thread and its pc each time.
const selectedThreadScript = `set pagination off
set confirm off
target remote %s
break worker
continue
continue
thread 1
echo @@before\n
thread
x/2i $pc-4
echo @@back\n
reverse-stepi
thread
x/i $pc
echo @@forward\n
stepi
thread
x/i $pc
echo @@end\n
kill
`

// TestRunGDBSelectedThread: under run -gdb, after "thread 1" GDB's
// reverse-stepi steps back thread 1, the selected thread, one instruction,
// and stepi steps it forwards again, without a stop in another thread (GDB
// sends "Hc0" then "bs" for the selected thread, having first moved the
// thread that stopped at the breakpoint back over it with "Hc<its id>"
// "bs"). Thread 1 waits in a system call: Linux shows such a thread at the
// instruction after its sc, and one instruction back is the sc.
func TestRunGDBSelectedThread(t *testing.T) {
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := gdbCorpusProgram(t, "c-threads."+order)
			checkSelectedThread(t, underGDB(t, prog, selectedThreadScript, "run", prog))
		})
	}
}

// TestReplayGDBSelectedThread: the same under replay -gdb, on a recording
// of c-threads: reverse-stepi and stepi move the selected thread, the
// other threads running as recorded in between (stepi ran whichever
// thread ran next in the recording: "Thread 4 received signal SIGTRAP").
func TestReplayGDBSelectedThread(t *testing.T) {
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := gdbCorpusProgram(t, "c-threads."+order)
			checkSelectedThread(t, replayUnderGDB(t, prog, selectedThreadScript))
		})
	}
}

// checkSelectedThread checks selectedThreadScript's output: no stop GDB
// did not ask for, thread 1 stays the current thread, steps back one
// instruction (onto its sc when it waits in its system call) and forwards
// to the same pc again.
func checkSelectedThread(t *testing.T, out string) {
	t.Helper()
	if strings.Contains(out, "received signal") {
		t.Errorf("a stop GDB did not ask for:\n%s", out)
	}
	sec := map[string]string{}
	for _, part := range strings.Split(out, "@@")[1:] {
		name, body, _ := strings.Cut(part, "\n")
		sec[name] = body
	}
	pcs := map[string]uint64{}
	for _, name := range []string{"before", "back", "forward"} {
		if !strings.Contains(sec[name], "[Current thread is 1 ") {
			t.Errorf("section %s: thread 1 is not the current thread:\n%s", name, out)
		}
		m := regexp.MustCompile(`(?m)^=> (0x[0-9a-f]+) `).FindStringSubmatch(sec[name])
		if m == nil {
			t.Fatalf("section %s: no pc:\n%s", name, out)
		}
		pcs[name], _ = strconv.ParseUint(m[1], 0, 64)
	}
	if pcs["forward"] != pcs["before"] || pcs["back"] == pcs["before"] {
		t.Errorf("pc %#x, back %#x, forward %#x: want a step back and the same pc again\n%s",
			pcs["before"], pcs["back"], pcs["forward"], out)
	}
	// In the futex system call of pthread_barrier_wait (the usual
	// case): one instruction back is the sc.
	if regexp.MustCompile(`(?m)^\s+0x[0-9a-f]+ <[^>]+>:\tsc\s*$`).MatchString(sec["before"]) {
		if pcs["back"] != pcs["before"]-4 || !regexp.MustCompile(`(?m)^=> 0x[0-9a-f]+ <[^>]+>:\tsc\s*$`).MatchString(sec["back"]) {
			t.Errorf("thread 1 after its sc did not step back onto it:\n%s", out)
		}
	}
}
