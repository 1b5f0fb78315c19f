//go:build linux

package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestRunGDBAcross: reverse execution of the live program under run -gdb
// -stop-at-exit across an mmap, a signal handler, a new thread and a
// munmap (testdata/revmix.c, both byte orders); the live run stops at the
// SIGUSR1 the program raises, as with gdbserver, and GDB passes it. From
// the end of the run, a write watchpoint on stage stops going back at
// each write in reverse order (5 to 4, 4 to 30, 30 to 3 in the new thread, 3 to 20, 20 to 2 in
// the handler, 2 to 1, 1 to 0), then at the start of the history; the
// page munmapped at the end is mapped again before the munmap (page[0] =
// 42) and unmapped before the mmap. Forwards from the start the same
// writes stop in program order, then the end of the run again. (GDB's
// handle lets the SIGUSR1 pass without a stop in the past: a replay stops
// there too, TestReplayGDBSignals.)
func TestRunGDBAcross(t *testing.T) {
	script := `set pagination off
set confirm off
target remote %s
continue
continue
handle SIGUSR1 nostop noprint
watch stage
reverse-continue
set $p = page
python
try:
    gdb.execute('print *page')
except gdb.MemoryError:
    print('@@unmapped after munmap')
end
reverse-continue
print page[0]
reverse-continue
print $_thread
reverse-continue
reverse-continue
bt 1
reverse-continue
reverse-continue
print page
python
try:
    gdb.execute('print *(long *)$p')
except gdb.MemoryError:
    print('@@unmapped before mmap')
end
reverse-continue
` + strings.Repeat("continue\n", 8) + "kill\n"
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := buildGDBProg(t, "revmix.c", order, "-O0", "-lpthread")
			got := liveUnderGDB(t, prog, script)
			var writes []string
			for _, m := range regexp.MustCompile(`Old value = (\d+)\nNew value = (\d+)`).FindAllStringSubmatch(got, -1) {
				writes = append(writes, m[1]+"-"+m[2])
			}
			if want := "5-4 4-30 30-3 3-20 20-2 2-1 1-0 0-1 1-2 2-20 20-3 3-30 30-4 4-5"; strings.Join(writes, " ") != want {
				t.Errorf("watchpoint stops %v, want %s\n%s", writes, want, got)
			}
			if n := strings.Count(got, "No more reverse-execution history."); n != 3 {
				t.Errorf("%d ends of history, want 3 (the end, the start, the end)\n%s", n, got)
			}
			for _, want := range []string{
				"Program received signal SIGUSR1",
				"@@unmapped after munmap", "$1 = 42", // the munmap undone
				"$2 = 2", "Thread 2 hit Hardware watchpoint 1", // the new thread's write
				"in handler (sig=",                            // the signal handler's
				"$3 = (long *) 0x0", "@@unmapped before mmap", // the mmap undone
			} {
				if !strings.Contains(got, want) {
					t.Errorf("GDB's output lacks %q:\n%s", want, got)
				}
			}
		})
	}
}

// TestRunGDBForkReverse: reverse execution under run -gdb -stop-at-exit
// follows the debugged process only (testdata/revfork.c, both byte
// orders): from the end of the run (the parent waited for its child,
// which ran in_child), reverse-continue with breakpoints at main and
// in_child stops at main's (counter 0), not in the child's in_child,
// which the recording has too; GDB lists the parent's thread alone.
func TestRunGDBForkReverse(t *testing.T) {
	const script = `set pagination off
set confirm off
target remote %s
break main
continue
break in_child
continue
reverse-continue
print counter
info threads
kill
`
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			got := liveUnderGDB(t, buildGDBProg(t, "revfork.c", order, "-O1"), script)
			if n := strings.Count(got, "Breakpoint 1, "); n != 2 || strings.Contains(got, "Breakpoint 2, ") || !strings.Contains(got, "$1 = 0") {
				t.Errorf("want main's breakpoint twice (forwards, backwards: counter 0), in_child's never:\n%s", got)
			}
			if n := strings.Count(got, " Thread "); n != 1 {
				t.Errorf("%d threads listed at main, want the parent's alone:\n%s", n, got)
			}
		})
	}
}
