//go:build linux

package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// replayGDBScript runs on a recording of c-threads (a main thread and 4
// workers): forwards to each worker's breakpoint and to the end of the
// recording, then backwards: reverse-continue from the end to the last
// breakpoint hit, reverse-continue to the one before, reverse-stepi of
// that thread, stepi, and reverse-continue to the start.
const replayGDBScript = `set pagination off
set confirm off
target remote %s
break worker
continue
continue
continue
continue
continue
reverse-continue
print/x $pc
reverse-continue
print/x $pc
reverse-stepi
print/x $pc
stepi
print/x $pc
delete
reverse-continue
print/x $pc
kill
`

// TestReplayGDB: GDB (gdb-multiarch) against ppc64emu replay -gdb, both
// byte orders: the four workers hit the breakpoint going forwards, the end
// of the recording is the end of the history, reverse-continue stops at
// the last two hits again (threads 5 and 4), reverse-stepi steps thread 4
// back one instruction (4 bytes, worker's straight-line prologue) and
// stepi forwards again, and reverse-continue without breakpoints reaches
// the start of the recording.
func TestReplayGDB(t *testing.T) {
	eachServer(t, func(t *testing.T, order string, serve serveFunc) {
		prog := gdbCorpusProgram(t, "c-threads."+order)
		got := serve(t, prog, replayGDBScript)
		hits := regexp.MustCompile(`Thread (\d+) hit Breakpoint 1`).FindAllStringSubmatch(got, -1)
		var threads []string
		for _, h := range hits {
			threads = append(threads, h[1])
		}
		// Forwards 2, 3, 4, 5; backwards 5, 4; stepi onto the breakpoint: 4.
		if strings.Join(threads, " ") != "2 3 4 5 5 4 4" {
			t.Errorf("breakpoint hits by thread %v, want 2 3 4 5 5 4 4\n%s", threads, got)
		}
		if n := strings.Count(got, "No more reverse-execution history."); n != 2 {
			t.Errorf("%d ends of history, want 2 (the recording's end, its start)\n%s", n, got)
		}
		var pcs []uint64
		for _, m := range regexp.MustCompile(`\$\d+ = (0x[0-9a-f]+)`).FindAllStringSubmatch(got, -1) {
			v, _ := strconv.ParseUint(m[1], 0, 64)
			pcs = append(pcs, v)
		}
		if len(pcs) != 5 || pcs[0] != pcs[1] || pcs[2] != pcs[1]-4 || pcs[3] != pcs[1] || !strings.Contains(got, "_start") {
			t.Errorf("pcs %#x: want the breakpoint twice, 4 bytes before it, the breakpoint, then _start's\n%s", pcs, got)
		}
	})
}

// TestReplayGDBWatch: from the end of a recording of c-threads (its
// workers increment counter 80,000 times under a mutex), both byte
// orders, reverse-continue with a write watchpoint on counter stops
// before the last increment (counter 79,999; GDB reports the value going
// back from 80,000) and then before the one before (79,998); continue
// forwards from there stops after that increment again (79,998 to
// 79,999).
func TestReplayGDBWatch(t *testing.T) {
	const body = `set pagination off
set confirm off
target remote %s
continue
watch *(long *)&counter
reverse-continue
print *(long *)&counter
reverse-continue
print *(long *)&counter
continue
print *(long *)&counter
kill
`
	eachServer(t, func(t *testing.T, order string, serve serveFunc) {
		got := serve(t, gdbCorpusProgram(t, "c-threads."+order), body)
		for _, want := range []string{"hit Hardware watchpoint 1", "Old value = 80000\nNew value = 79999", "$1 = 79999",
			"Old value = 79999\nNew value = 79998", "$2 = 79998", "Old value = 79998\nNew value = 79999", "$3 = 79999"} {
			if !strings.Contains(got, want) {
				t.Errorf("GDB's output lacks %q:\n%s", want, got)
			}
		}
	})
}

// gdbCorpusProgram returns the path of the corpus program name (built by
// scripts/build-corpus.sh), or skips without it or gdb-multiarch.
func gdbCorpusProgram(t *testing.T, name string) string {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed")
	}
	prog := "../../build/corpus/" + name
	if _, err := os.Stat(prog); err != nil {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	return prog
}

// serveFunc serves prog for GDB and returns what gdb-multiarch prints
// running script on it.
type serveFunc func(t *testing.T, prog, script string) string

// eachServer runs f for both byte orders with each of the two servers of
// reverse execution over a whole run: replay -gdb of a recording
// (replayUnderGDB), and run -gdb -stop-at-exit of the live program
// (liveUnderGDB), which GDB sees alike.
func eachServer(t *testing.T, f func(t *testing.T, order string, serve serveFunc)) {
	for _, order := range []string{"le", "be"} {
		for _, srv := range []struct {
			name  string
			serve serveFunc
		}{{"replay", replayUnderGDB}, {"run", liveUnderGDB}} {
			t.Run(order+"/"+srv.name, func(t *testing.T) { f(t, order, srv.serve) })
		}
	}
}

// liveUnderGDB serves prog with run -gdb -stop-at-exit (underGDB).
func liveUnderGDB(t *testing.T, prog, script string) string {
	t.Helper()
	return underGDB(t, prog, script, "run", "-stop-at-exit", prog)
}

// replayUnderGDB records prog, serves the recording with replay -gdb
// (underGDB) and returns what gdb-multiarch prints running script on prog.
func replayUnderGDB(t *testing.T, prog, script string) string {
	t.Helper()
	return underGDB(t, prog, script, "replay", recordProg(t, prog))
}

// recordProg records a run of prog into a temporary directory and
// returns it.
func recordProg(t *testing.T, prog string) string {
	t.Helper()
	rec := filepath.Join(t.TempDir(), "rec")
	if code, _, stderr := runArgs("record", "-o", rec, prog); code != 0 {
		t.Fatalf("record: %d %s", code, stderr)
	}
	return rec
}

// underGDB serves with a freshly built "ppc64emu CMD -gdb unix:SOCKET
// ARGS..." and returns what gdb-multiarch prints running script (its "%s"
// replaced by the socket's path) on prog.
func underGDB(t *testing.T, prog, script, cmd string, args ...string) string {
	t.Helper()
	return underGDBWith(t, prog, func(sock string, _ int) string { return strings.Replace(script, "%s", sock, 1) }, cmd, args...)
}

// underGDBWith is underGDB with the script made by script from the
// socket's path and the server's process id. It logs the server's peak
// RSS.
func underGDBWith(t *testing.T, prog string, script func(sock string, pid int) string, cmd string, args ...string) string {
	t.Helper()
	return serveGDBRun(t, prog, script, false, cmd, args...).gdb
}

// gdbRun is what a session of serveGDBRun printed: GDB's output and, if
// the server was waited for, the server's (stdout and stderr after its
// first line) and exit status.
type gdbRun struct {
	gdb, server string
	code        int
}

// serveGDBRun serves with a freshly built "ppc64emu CMD -gdb unix:SOCKET
// ARGS..." and runs gdb-multiarch on prog (none if "") with the script script makes
// from the socket's path and the server's process id. With wait set, the
// server is waited for once GDB ends (it must end by itself); otherwise it
// is killed.
func serveGDBRun(t *testing.T, prog string, script func(sock string, pid int) string, wait bool, cmd string, args ...string) gdbRun {
	t.Helper()
	dir := t.TempDir()
	sock := filepath.Join(dir, "gdb.sock")
	emu := filepath.Join(dir, "ppc64emu")
	if out, err := exec.Command("go", "build", "-o", emu, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv := exec.Command(emu, append([]string{cmd, "-gdb", "unix:" + sock}, args...)...)
	errp, _ := srv.StderrPipe()
	var rest strings.Builder
	srv.Stdout = &rest
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = srv.Process.Kill()
		_ = srv.Wait()
		if ru, ok := srv.ProcessState.SysUsage().(*syscall.Rusage); ok {
			t.Logf("%s -gdb: peak RSS %d MB", cmd, ru.Maxrss/1024)
		}
	}()
	rd := bufio.NewReader(errp)
	if line, err := rd.ReadString('\n'); err != nil || !strings.Contains(line, "waiting for gdb") {
		t.Fatalf("%s -gdb: %q %v", cmd, line, err)
	}
	path := filepath.Join(dir, "script.gdb")
	if err := os.WriteFile(path, []byte(script(sock, srv.Process.Pid)), 0o644); err != nil {
		t.Fatal(err)
	}
	// A GDB waiting for a server that stopped or hangs is killed after
	// five minutes: the test fails rather than hangs.
	gdbArgs := []string{"-batch", "-x", path}
	if prog != "" {
		gdbArgs = append(gdbArgs, prog) // else GDB asks the server (qXfer:exec-file)
	}
	gdb := exec.Command("gdb-multiarch", gdbArgs...)
	var out bytes.Buffer
	gdb.Stdout, gdb.Stderr = &out, &out
	if err := gdb.Start(); err != nil {
		t.Fatal(err)
	}
	bound := time.AfterFunc(5*time.Minute, func() { _ = gdb.Process.Kill() })
	err := gdb.Wait()
	bound.Stop()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out.String())
	}
	run := gdbRun{gdb: out.String()}
	if wait {
		// The server's stderr after its first line, then its stdout;
		// a server that does not end is killed after two minutes.
		kill := time.AfterFunc(2*time.Minute, func() { _ = srv.Process.Kill() })
		defer kill.Stop()
		b, _ := io.ReadAll(rd)
		werr := srv.Wait()
		run.server = string(b) + rest.String()
		run.code = srv.ProcessState.ExitCode()
		if werr != nil && run.code < 0 {
			t.Fatalf("%s -gdb: %v", cmd, werr)
		}
	}
	return run
}

// buildGDBProg compiles testdata/src with the static cross compiler of
// byte order order (le, be), -g and flags, into a temporary directory; it
// skips the test if the compiler is not installed.
func buildGDBProg(t *testing.T, src, order string, flags ...string) string {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed")
	}
	cc := map[string]string{"le": "powerpc64le-linux-gnu-gcc", "be": "powerpc64-linux-gnu-gcc"}[order]
	if _, err := exec.LookPath(cc); err != nil {
		t.Skip(cc + " not installed")
	}
	prog := filepath.Join(t.TempDir(), strings.TrimSuffix(src, ".c")+"."+order)
	args := append([]string{"-static", "-g", "-o", prog, filepath.Join("testdata", src)}, flags...)
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, out)
	}
	return prog
}

// dynToolchain returns the cross compiler's library root and its C
// compiler for byte order order (le, be), and skips the test if either
// or gdb-multiarch is not installed.
func dynToolchain(t *testing.T, order string) (root, cc string) {
	t.Helper()
	root = map[string]string{"le": "/usr/powerpc64le-linux-gnu", "be": "/usr/powerpc64-linux-gnu"}[order]
	if _, err := os.Stat(filepath.Join(root, "lib")); err != nil {
		t.Skip("no libraries for " + order + ": " + err.Error())
	}
	cc = map[string]string{"le": "powerpc64le-linux-gnu-gcc", "be": "powerpc64-linux-gnu-gcc"}[order]
	for _, tool := range []string{"gdb-multiarch", cc} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	return root, cc
}

// recordDynbreak builds testdata/dynbreak.c as a PIE with the cross
// compiler of byte order order and records it with -L, the compiler's
// library root: it returns the root, the program and the recording.
func recordDynbreak(t *testing.T, order string) (root, prog, rec string) {
	t.Helper()
	root, cc := dynToolchain(t, order)
	prog = filepath.Join(t.TempDir(), "dynbreak."+order)
	if out, err := exec.Command(cc, "-g", "-O0", "-pie", "-fPIE", "-o", prog, filepath.Join("testdata", "dynbreak.c")).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, out)
	}
	dir, emu := buildCommand(t)
	rec = filepath.Join(dir, "rec")
	if out, err := exec.Command(emu, "record", "-L", root, "-o", rec, prog).CombinedOutput(); err != nil || !strings.Contains(string(out), "@@bye") {
		t.Fatalf("record: %v\n%s", err, out)
	}
	return root, prog, rec
}

// TestReplayGDBDynamic: replay -gdb of a recording of a dynamically
// linked PIE program (testdata/dynbreak.c, both byte orders, with the
// cross compiler's libraries) gives GDB what run -gdb does: the auxiliary
// vector (the load address, the libraries), so that "break main" is at
// the loaded main, and the code of library pages the program has not
// touched yet (Session.ReadMemory), so that "break printf" and "break
// puts", set at main, are after the functions' prologues in libc; the
// breakpoints' addresses, the stops and their pc are the live run's.
func TestReplayGDBDynamic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ppc64emu and runs GDB")
	}
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			root, prog, rec := recordDynbreak(t, order)
			script := "set pagination off\nset confirm off\nset sysroot " + root + "\ntarget remote %s\n" +
				"break main\ncontinue\nbreak printf\nbreak puts\ninfo breakpoints\ncontinue\np $pc\ncontinue\np $pc\nkill\n"
			replay := underGDB(t, prog, script, "replay", rec)
			live := underGDB(t, prog, script, "run", "-L", root, prog)
			// The breakpoints' locations (GDB lists each of a breakpoint
			// with several: big-endian printf).
			bps := regexp.MustCompile(`(?m)^\d+(?:\.\d+)?\s+(?:breakpoint\s+keep\s+)?y\s+(0x[0-9a-f]+)\s+(.*)$`)
			for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
				if stops := gdbStops(o.out); len(stops) == 0 || stops[0] != "Breakpoint 1" {
					t.Errorf("%s: GDB's stops %q, want Breakpoint 1 (main) first\n%s", o.name, stops, o.out)
				}
				var where string
				for _, m := range bps.FindAllStringSubmatch(o.out, -1) {
					where += m[2] + "\n"
				}
				// main at its line; printf and puts past their entry (GDB's
				// prologue analysis read their code).
				for _, re := range []string{`in main at testdata/dynbreak.c:9`, `<[._A-Z]*printf\+[1-9]\d*>`, `<[._A-Z]*puts\+[1-9]\d*>`} {
					if !regexp.MustCompile(re).MatchString(where) {
						t.Errorf("%s: no breakpoint matches %s:\n%s", o.name, re, o.out)
					}
				}
			}
			if d := cmp.Diff(gdbStops(live), gdbStops(replay)); d != "" {
				t.Errorf("GDB's stops (-run +replay):\n%s\n%s", d, replay)
			}
			if d := cmp.Diff(bps.FindAllString(live, -1), bps.FindAllString(replay, -1)); d != "" {
				t.Errorf("the breakpoints' addresses (-run +replay):\n%s\n%s", d, replay)
			}
			if d := cmp.Diff(gdbValues(live), gdbValues(replay)); d != "" {
				t.Errorf("the stops' pc (-run +replay):\n%s\n%s", d, replay)
			}
		})
	}
}

// TestReplayGDBLibraryData: replay -gdb of a recording of a program
// linked with a shared library (testdata/dynfill.c, libdynfill.c, both
// byte orders) shows GDB, at main, the library's writable .data the
// program has not touched yet as the live run -gdb does: the file's bytes
// (the first words of fill_table as the library's source initialises
// them), which the log has only at the page's later fill
// (Session.ReadMemory).
func TestReplayGDBLibraryData(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ppc64emu and runs GDB")
	}
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			root, cc := dynToolchain(t, order)
			lib := t.TempDir()
			prog := filepath.Join(t.TempDir(), "dynfill."+order)
			for _, args := range [][]string{
				{"-g", "-O0", "-shared", "-fPIC", "-o", filepath.Join(lib, "libdynfill.so"), filepath.Join("testdata", "libdynfill.c")},
				{"-g", "-O0", "-o", prog, filepath.Join("testdata", "dynfill.c"), "-L" + lib, "-ldynfill", "-Wl,-rpath," + lib},
			} {
				if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s", cc, err, out)
				}
			}
			dir, emu := buildCommand(t)
			rec := filepath.Join(dir, "rec")
			if out, err := exec.Command(emu, "record", "-L", root, "-o", rec, prog).CombinedOutput(); err != nil || !strings.Contains(string(out), "@@7461626c") {
				t.Fatalf("record: %v\n%s", err, out)
			}
			script := "set pagination off\nset confirm off\nset sysroot " + root + "\nset solib-search-path " + lib + "\ntarget remote %s\n" +
				"break main\ncontinue\np/x fill_table[0]\np/x fill_table[1]\np/x fill_table[2]\ncontinue\n"
			replay := underGDB(t, prog, script, "replay", rec)
			live := underGDB(t, prog, script, "run", "-L", root, prog)
			want := []string{"$1 = 0x66696c6c", "$2 = 0x7461626c", "$3 = 0x65000001"}
			for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
				if d := cmp.Diff(want, gdbValues(o.out)); d != "" {
					t.Errorf("%s: fill_table at main (-want +got):\n%s\n%s", o.name, d, o.out)
				}
				if stops := gdbStops(o.out); len(stops) == 0 || stops[0] != "Breakpoint 1" {
					t.Errorf("%s: GDB's stops %q, want Breakpoint 1 (main) first\n%s", o.name, stops, o.out)
				}
			}
		})
	}
}

// TestReplayGDBSysroot: replay -gdb of a recording made with -L (dynbreak.c
// as a PIE against the cross compiler's libraries, both byte orders)
// serves GDB the libraries from the recorded sysroot without "set
// sysroot" (GDB's default "target:" reads them through the stub), as run
// -gdb does: "info sharedlibrary" lists the dynamic loader and libc with
// their symbols read, and "bt" in puts names libc's function and main;
// the replay's lines are the live run's. With -L / the replay serves none.
func TestReplayGDBSysroot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ppc64emu and runs GDB")
	}
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			root, prog, rec := recordDynbreak(t, order)
			const script = "set pagination off\nset confirm off\ntarget remote %s\n" +
				"break main\ncontinue\nbreak puts\ncontinue\nbt\ninfo sharedlibrary\nkill\n"
			// GDB's lines of the libraries ("0x... 0x... Yes (*) target:/lib/libc.so.6")
			// and of the backtrace ("#0  0x... in puts () from ...").
			libs := regexp.MustCompile(`(?m)^0x[0-9a-f]+\s+0x[0-9a-f]+\s+(Yes|No)(?: \(\*\))?\s+(\S+)$`)
			frames := regexp.MustCompile(`(?m)^#\d+\s.*$`)
			replay := underGDB(t, prog, script, "replay", rec)
			live := underGDB(t, prog, script, "run", "-L", root, prog)
			for _, o := range []struct{ name, out string }{{"replay", replay}, {"run", live}} {
				var yes []string
				for _, m := range libs.FindAllStringSubmatch(o.out, -1) {
					if m[1] == "Yes" {
						yes = append(yes, filepath.Base(m[2]))
					}
				}
				ld := slices.ContainsFunc(yes, func(n string) bool { return strings.HasPrefix(n, "ld64.so.") }) // .2 LE, .1 BE
				if !ld || !slices.Contains(yes, "libc.so.6") {
					t.Errorf("%s: libraries with symbols %q, want ld64.so.N and libc.so.6\n%s", o.name, yes, o.out)
				}
				bt := frames.FindAllString(o.out, -1)
				if len(bt) != 2 || !regexp.MustCompile(`^#0 .* in [._A-Z]*puts \(`).MatchString(bt[0]) || !strings.Contains(bt[1], " main (") {
					t.Errorf("%s: backtrace %q, want libc's puts, then main\n%s", o.name, bt, o.out)
				}
			}
			if d := cmp.Diff(libs.FindAllString(live, -1), libs.FindAllString(replay, -1)); d != "" {
				t.Errorf("info sharedlibrary (-run +replay):\n%s", d)
			}
			if d := cmp.Diff(frames.FindAllString(live, -1), frames.FindAllString(replay, -1)); d != "" {
				t.Errorf("bt (-run +replay):\n%s", d)
			}
			none := underGDB(t, prog, script, "replay", "-L", "/", rec)
			if slices.ContainsFunc(libs.FindAllStringSubmatch(none, -1), func(m []string) bool { return m[1] == "Yes" }) {
				t.Errorf("replay -L /: libraries with symbols:\n%s", none)
			}
		})
	}
}

// TestGDBExecFile: GDB given no program ("target remote" alone) asks the
// server for the executable's path (qXfer:exec-file: /proc/PID/exe, the
// absolute path) and reads its symbols through host I/O, from replay -gdb
// (the recording's program path, relative on record's command line) as
// from run -gdb: "break main" stops at main's first line, both byte orders.
func TestGDBExecFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ppc64emu and runs GDB")
	}
	const script = "set pagination off\nset confirm off\ntarget remote %s\nbreak main\ncontinue\nkill\n"
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := buildGDBProg(t, "revsteps.c", order, "-O0")
			// Recorded by a relative path: /proc/PID/exe is absolute.
			dir, rel := filepath.Split(prog)
			rec := filepath.Join(t.TempDir(), "rec")
			_, emu := buildCommand(t)
			rc := exec.Command(emu, "record", "-o", rec, "./"+rel)
			rc.Dir = dir
			if out, err := rc.CombinedOutput(); err != nil {
				t.Fatalf("record: %v\n%s", err, out)
			}
			for _, o := range []struct {
				name string
				args []string
			}{{"replay", []string{"replay", rec}}, {"run", []string{"run", "-stop-at-exit", prog}}} {
				out := underGDB(t, "", script, o.args[0], o.args[1:]...)
				for _, want := range []string{"Reading symbols from target:" + prog + "...", "Breakpoint 1, main () at "} {
					if !strings.Contains(out, want) {
						t.Errorf("%s: no %q in GDB's output:\n%s", o.name, want, out)
					}
				}
			}
		})
	}
}

// sourceLines are the line numbers of the source lines GDB printed at its
// stops ("19\t\tadd(2);"), in order.
func sourceLines(out string) []int {
	var lines []int
	for _, m := range regexp.MustCompile(`(?m)^(\d+)\t`).FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		lines = append(lines, n)
	}
	return lines
}

// TestReplayGDBSteps: reverse-next and reverse-finish under replay -gdb
// on testdata/revsteps.c (-O0 -g), both byte orders, stop on the lines
// forward execution goes through, backwards: main's lines 19 to 22 with
// next, back to 19 with reverse-next; step into add (14) and square (9),
// reverse-finish back to the call of square in add (14); continue to
// square again (9), finish to add (14, "Value returned" 4 = 2*2),
// reverse-continue to square's breakpoint (9) and, the breakpoints
// deleted, reverse-finish to the call in add (14), without a "Value
// returned". (Not reverse-finish out of add: on ppc64le GDB 13 puts its
// breakpoint at add's global entry point, which a call within the
// program does not execute, and goes back past the call.)
func TestReplayGDBSteps(t *testing.T) {
	const script = `set pagination off
set confirm off
target remote %s
break main
continue
next
next
next
reverse-next
reverse-next
reverse-next
step
step
reverse-finish
break square
continue
finish
reverse-continue
delete
reverse-finish
kill
`
	want := []int{19, 20, 21, 22, 21, 20, 19, 14, 9, 14, 9, 14, 9, 14}
	eachServer(t, func(t *testing.T, order string, serve serveFunc) {
		got := serve(t, buildGDBProg(t, "revsteps.c", order, "-O0"), script)
		if lines := sourceLines(got); !slices.Equal(lines, want) {
			t.Errorf("stops on lines %v, want %v\n%s", lines, want, got)
		}
		if n := strings.Count(got, "Value returned is"); n != 1 || !strings.Contains(got, "Value returned is $1 = 4") {
			t.Errorf("%d values returned, want 1 (finish: 4)\n%s", n, got)
		}
	})
}

// TestReplayGDBReadWatch: a read watchpoint (rwatch) on revsteps.c's
// total under replay -gdb, both byte orders. Forwards it stops after each
// of the four reads of total, in program order (values 0, 4, 4, 13; lines
// 14, 20, 14, 22), then at the end of the recording; backwards from there
// before the same four reads in reverse order, each stop 4 bytes before
// the forward one (before the load instead of after it), and at the start
// of the recording. Monitor when gives event 0 at the start and 1 after a
// stepi; the last backward stop is one event before the first forward
// one; monitor goto 1 (with the register cache flushed) returns to the
// pc after the first stepi.
func TestReplayGDBReadWatch(t *testing.T) {
	const script = `set pagination off
set confirm off
target remote %s
define goto
  monitor goto $arg0
  maintenance flush register-cache
  maintenance flush dcache
end
monitor when
stepi
monitor when
print/x $pc
rwatch total
continue
monitor when
continue
continue
continue
continue
reverse-continue
reverse-continue
reverse-continue
reverse-continue
monitor when
reverse-continue
goto 1
print/x $pc
kill
`
	eachServer(t, func(t *testing.T, order string, serve serveFunc) {
		got := serve(t, buildGDBProg(t, "revsteps.c", order, "-O0"), script)
		var values []string
		for _, m := range regexp.MustCompile(`Hardware read watchpoint 1: total\n\nValue = (\d+)`).FindAllStringSubmatch(got, -1) {
			values = append(values, m[1])
		}
		if want := "0 4 4 13 13 4 4 0"; strings.Join(values, " ") != want {
			t.Errorf("read watchpoint values %v, want %s\n%s", values, want, got)
		}
		if lines, want := sourceLines(got), []int{14, 20, 14, 22, 22, 14, 20, 14}; !slices.Equal(lines, want) {
			t.Errorf("read watchpoint stops on lines %v, want %v\n%s", lines, want, got)
		}
		var pcs []uint64
		for _, m := range regexp.MustCompile(`(?m)^(0x[0-9a-f]+) in `).FindAllStringSubmatch(got, -1) {
			v, _ := strconv.ParseUint(m[1], 0, 64)
			pcs = append(pcs, v)
		}
		// _start, stepi, 4 forwards, the end, 4 backwards, _start.
		if len(pcs) != 12 {
			t.Fatalf("%d stops, want 12\n%s", len(pcs), got)
		}
		for i := range 4 {
			if fwd, back := pcs[2+i], pcs[10-i]; back != fwd-4 {
				t.Errorf("read %d: backwards stop %#x, want 4 bytes before the forward one %#x", i, back, fwd)
			}
		}
		var events []uint64
		for _, m := range regexp.MustCompile(`Current event: (\d+)`).FindAllStringSubmatch(got, -1) {
			v, _ := strconv.ParseUint(m[1], 10, 64)
			events = append(events, v)
		}
		if len(events) != 5 || events[0] != 0 || events[1] != 1 || events[3] != events[2]-1 || events[4] != 1 {
			t.Errorf("events %v: want 0, 1, E, E-1, 1\n%s", events, got)
		}
		var xs []string
		for _, m := range regexp.MustCompile(`\$\d+ = (0x[0-9a-f]+)`).FindAllStringSubmatch(got, -1) {
			xs = append(xs, m[1])
		}
		if len(xs) != 2 || xs[0] != xs[1] || xs[0] != fmt.Sprintf("%#x", pcs[1]) {
			t.Errorf("pc after stepi and after goto 1: %v, want the stepi's stop %#x twice\n%s", xs, pcs[1], got)
		}
	})
}

var long = flag.Bool("long", false, "run TestReplayGDBLong (10^9 instructions, LE and BE)")

// TestReplayGDBLong (with -long): testdata/revlong.c runs more than 10^9
// instructions, writing marker twice at its start only. Under replay
// -gdb, and live under run -gdb -stop-at-exit, GDB continues to the end
// of the run, sets a write watchpoint on marker and reverse-continues: it
// stops at the second write (Old value = 2, New value = 1, line 11), over
// the whole run. The test logs the reverse-continue's wall and CPU
// seconds (for run -gdb: the replay of the whole run, then the way back),
// the server's peak RSS and a plain replay's CPU seconds, measured side
// by side.
func TestReplayGDBLong(t *testing.T) {
	if !*long {
		t.Skip("10^9 instructions: run with -long")
	}
	const script = `set pagination off
set confirm off
target remote %s
continue
watch marker
shell date +%%s.%%N >%[2]s/t0; cat /proc/%[3]d/stat >%[2]s/s0
reverse-continue
shell date +%%s.%%N >%[2]s/t1; cat /proc/%[3]d/stat >%[2]s/s1
print marker
kill
`
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := buildGDBProg(t, "revlong.c", order, "-O1")
			dir := t.TempDir()
			rec := recordProg(t, prog)
			start := time.Now()
			code, _, stderr := runArgs("replay", "-count", rec)
			m := regexp.MustCompile(`(\d+) instructions`).FindStringSubmatch(stderr)
			if code != 0 || m == nil {
				t.Fatalf("replay -count: %d %s", code, stderr)
			}
			if n, _ := strconv.ParseUint(m[1], 10, 64); n < 1e9 {
				t.Fatalf("%s instructions, want 10^9 or more", m[1])
			}
			t.Logf("plain replay: %s instructions in %.1f s wall", m[1], time.Since(start).Seconds())
			for _, srv := range [][]string{{"replay", rec}, {"run", "-stop-at-exit", prog}} {
				longGDB(t, prog, dir, script, srv)
			}
		})
	}
}

// longGDB is TestReplayGDBLong's session with server srv (command and
// arguments after -gdb ADDR).
func longGDB(t *testing.T, prog, dir, script string, srv []string) {
	var pid int
	got := underGDBWith(t, prog, func(sock string, p int) string {
		pid = p
		return fmt.Sprintf(script, sock, dir, p)
	}, srv[0], srv[1:]...)
	for _, want := range []string{"Hardware watchpoint 1: marker\n\nOld value = 2\nNew value = 1", "revlong.c:11", "$1 = 1"} {
		if !strings.Contains(got, want) {
			t.Errorf("GDB's output lacks %q:\n%s", want, got)
		}
	}
	read := func(name string) []string {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		return strings.Fields(string(b))
	}
	t0, _ := strconv.ParseFloat(strings.Join(read("t0"), ""), 64)
	t1, _ := strconv.ParseFloat(strings.Join(read("t1"), ""), 64)
	cpu := func(f []string) float64 { // utime + stime, in clock ticks (100 a second)
		if len(f) < 15 {
			return 0
		}
		u, _ := strconv.ParseFloat(f[13], 64)
		s, _ := strconv.ParseFloat(f[14], 64)
		return (u + s) / 100
	}
	t.Logf("reverse-continue from the end to the watchpoint: %.1f s wall, %.1f s CPU of %s -gdb (pid %d)", t1-t0, cpu(read("s1"))-cpu(read("s0")), srv[0], pid)
}

// TestReplayGDBSyscallWatch: a write watchpoint on memory only a system
// call writes (testdata/revsys.c: uname fills u), both byte orders.
// Backwards from the end of the recording it stops before the sc in
// uname, u.sysname[0] going back from 'L' (Linux) to 0; forwards from the
// start, after the sc (4 bytes on), from 0 to 'L'.
func TestReplayGDBSyscallWatch(t *testing.T) {
	const script = `set pagination off
set confirm off
target remote %s
continue
watch u.sysname[0]
reverse-continue
reverse-continue
continue
kill
`
	eachServer(t, func(t *testing.T, order string, serve serveFunc) {
		got := serve(t, buildGDBProg(t, "revsys.c", order, "-O0"), script)
		m := regexp.MustCompile(`Old value = 76 'L'\nNew value = 0 '\\000'\n(0x[0-9a-f]+) in \.?_*uname \(\)(?s:.*)Old value = 0 '\\000'\nNew value = 76 'L'\n(0x[0-9a-f]+) in \.?_*uname \(\)`).FindStringSubmatch(got)
		if m == nil {
			t.Fatalf("no stop in uname from L to 0 backwards, then from 0 to L forwards:\n%s", got)
		}
		back, _ := strconv.ParseUint(m[1], 0, 64)
		fwd, _ := strconv.ParseUint(m[2], 0, 64)
		if fwd != back+4 {
			t.Errorf("backwards stop %#x, forwards %#x: want the forwards one 4 bytes on (the sc between)\n%s", back, fwd, got)
		}
	})
}

// TestReplayGDBAccessWatch: an access watchpoint (awatch) on revsteps.c's
// total, both byte orders, stops at each of its four reads and two writes
// in program order forwards (reads of 0, 4, 4, 13; writes 0 to 4 and 4 to
// 13) and in the reverse order backwards from the end of the recording
// (GDB shows the writes going back: 13 to 4, 4 to 0).
func TestReplayGDBAccessWatch(t *testing.T) {
	script := "set pagination off\nset confirm off\ntarget remote %s\nawatch total\n" +
		strings.Repeat("continue\n", 7) + strings.Repeat("reverse-continue\n", 7) + "kill\n"
	eachServer(t, func(t *testing.T, order string, serve serveFunc) {
		got := serve(t, buildGDBProg(t, "revsteps.c", order, "-O0"), script)
		var events []string
		for _, m := range regexp.MustCompile(`watchpoint 1: total\n\n(?:Value = (\d+)|Old value = (\d+)\nNew value = (\d+))`).FindAllStringSubmatch(got, -1) {
			if m[1] != "" {
				events = append(events, "r"+m[1])
			} else {
				events = append(events, "w"+m[2]+"-"+m[3])
			}
		}
		if want := "r0 w0-4 r4 r4 w4-13 r13 r13 w13-4 r4 r4 w4-0 r0"; strings.Join(events, " ") != want {
			t.Errorf("access watchpoint stops %v, want %s\n%s", events, want, got)
		}
		if n := strings.Count(got, "No more reverse-execution history."); n != 2 {
			t.Errorf("%d ends of history, want 2\n%s", n, got)
		}
	})
}
