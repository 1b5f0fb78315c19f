//go:build linux

package main

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/internal/jit"
)

// TestCountReport: -count's line gives the wall and the CPU time and the
// rate over each, so a run slowed by other load shows its real speed.
func TestCountReport(t *testing.T) {
	for _, tc := range []struct {
		n         uint64
		tasks     int
		wall, cpu time.Duration
		want      string
	}{
		{1_000_000_000, 1, 10 * time.Second, 5 * time.Second,
			"ppc64emu: 1000000000 instructions in 10s wall, 5s CPU (100.0 MIPS wall, 200.0 MIPS CPU)"},
		{210_000_000, 1, 4 * time.Second, time.Second,
			"ppc64emu: 210000000 instructions in 4s wall, 1s CPU (52.5 MIPS wall, 210.0 MIPS CPU)"},
		{5, 0, 0, 0, "ppc64emu: 5 instructions in 0s wall, 0s CPU (0.0 MIPS wall, 0.0 MIPS CPU)"},
		{7000, 3, time.Millisecond, time.Millisecond,
			"ppc64emu: 7000 instructions in 1ms wall, 1ms CPU (7.0 MIPS wall, 7.0 MIPS CPU), 3 threads"},
	} {
		if got := countReport(tc.n, tc.tasks, tc.wall, tc.cpu); got != tc.want {
			t.Errorf("countReport(%d, %d, %v, %v) = %q, want %q", tc.n, tc.tasks, tc.wall, tc.cpu, got, tc.want)
		}
	}
}

// buildGuest compiles the C source src for ppc64le, statically, or skips.
func buildGuest(t *testing.T, src string) string {
	t.Helper()
	const cc = "powerpc64le-linux-gnu-gcc"
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	dir := t.TempDir()
	c := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog")
	if b, err := exec.Command(cc, "-static", "-O1", "-o", prog, c).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, b)
	}
	return prog
}

// TestRunCountCPU: run -count reports a CPU time and both rates.
func TestRunCountCPU(t *testing.T) {
	prog := buildGuest(t, "int main(void){volatile long s=0; for(long i=0;i<3000000;i++) s+=i; return 0;}\n")
	code, _, stderr := runArgs("run", "-count", prog)
	re := regexp.MustCompile(`(?m)^ppc64emu: (\d+) instructions in \S+ wall, (\S+) CPU \(([\d.]+) MIPS wall, ([\d.]+) MIPS CPU\)$`)
	m := re.FindStringSubmatch(stderr)
	if code != 0 || m == nil {
		t.Fatalf("exit %d, stderr %q; want 0 and a line matching %v", code, stderr, re)
	}
	if cpu, err := time.ParseDuration(m[2]); err != nil || cpu <= 0 || m[4] == "0.0" {
		t.Errorf("CPU time %q (%v), CPU rate %s; want both > 0", m[2], err, m[4])
	}
}

// TestRunCountThreads: -count names how many threads a run had when the
// program cloned (two threads of the parent, a forked child and its
// thread: 4), and nothing for a program that never did.
func TestRunCountThreads(t *testing.T) {
	prog := buildGuest(t, `#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
static void *nop(void *a) { return a; }
static void two(void) { pthread_t th; pthread_create(&th, 0, nop, 0); pthread_join(th, 0); }
int main(int argc, char **argv) {
	if (argc < 2) return 0;
	two();
	pid_t c = fork();
	if (c == 0) { two(); _exit(0); }
	waitpid(c, 0, 0);
	return 0;
}
`)
	re := regexp.MustCompile(`(?m)^ppc64emu: \d+ instructions in .* MIPS CPU\)(, (\d+) threads)?$`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"clone"}, "4"},
	} {
		code, _, stderr := runArgs(append([]string{"run", "-count", prog}, tc.args...)...)
		m := re.FindStringSubmatch(stderr)
		if code != 0 || m == nil || m[2] != tc.want {
			t.Errorf("args %q: exit %d, stderr %q; want 0 and %q threads", tc.args, code, stderr, tc.want)
		}
	}
}

// TestRunCPUProfile: run -cpuprofile FILE writes a Go CPU profile (a
// gzip-compressed profile.proto, as runtime/pprof documents) and the
// program still runs as without it.
func TestRunCPUProfile(t *testing.T) {
	prog := buildGuest(t, "int main(void){volatile long s=0; for(long i=0;i<3000000;i++) s+=i; return 3;}\n")
	path := filepath.Join(t.TempDir(), "cpu.prof")
	code, _, stderr := runArgs("run", "-cpuprofile", path, prog)
	if code != 3 {
		t.Fatalf("exit %d, stderr %q; want 3", code, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("profile %q: %d bytes, %v; want a gzip stream", path, len(b), err)
	}
	code, _, stderr = runArgs("run", "-cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir"), prog)
	if code == 0 || !strings.Contains(stderr, "-cpuprofile") {
		t.Errorf("an uncreatable profile: exit %d, stderr %q; want a failure naming -cpuprofile", code, stderr)
	}
}

// TestRunPerfMap: run -perfmap writes /tmp/perf-PID.map, PID the runner's
// process id (here the test's: run runs in it), with lines naming
// generated code by the guest's function in the program (a hot loop in
// main), and the program runs as without it.
func TestRunPerfMap(t *testing.T) {
	if !jit.Supported {
		t.Skip("no generated code on this host")
	}
	prog := buildGuest(t, "int main(void){volatile long s=0; for(long i=0;i<300000;i++) s+=i; return 3;}\n")
	path := perfMapPath(os.Getpid())
	os.Remove(path)
	defer os.Remove(path)
	if code, _, stderr := runArgs("run", "-perfmap", prog); code != 3 {
		t.Fatalf("exit %d, stderr %q; want 3", code, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`(?m)^[0-9a-f]+ [0-9a-f]+ 0x[0-9a-f]+ main\+0x[0-9a-f]+ \(` + regexp.QuoteMeta(filepath.Base(prog)) + `\) [0-9]+$`)
	if !want.Match(b) {
		t.Errorf("%s has no line for main's loop:\n%s", path, b)
	}
}

// TestCreatePerfMap: -perfmap's file in /tmp is written only when it is
// the runner user's own regular file (or new): a symbolic link, a second
// hard link or a directory at the name is refused and what it leads to
// is left as it was; a stale map of the user's own is emptied.
func TestCreatePerfMap(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		setup func(path string) error
		ok    bool
	}{
		{"new", func(string) error { return nil }, true},
		{"stale own file", func(p string) error { return os.WriteFile(p, []byte("old lines\n"), 0o644) }, true},
		{"symbolic link", func(p string) error { return os.Symlink(victim, p) }, false},
		{"dangling symbolic link", func(p string) error { return os.Symlink(filepath.Join(dir, "none"), p) }, false},
		{"hard link", func(p string) error { return os.Link(victim, p) }, false},
		{"directory", func(p string) error { return os.Mkdir(p, 0o755) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "perf-1.map")
			if err := c.setup(path); err != nil {
				t.Fatal(err)
			}
			f, err := createPerfMap(path)
			if c.ok {
				if err != nil {
					t.Fatalf("createPerfMap: %v", err)
				}
				defer f.Close()
				if st, err := f.Stat(); err != nil || st.Size() != 0 || !st.Mode().IsRegular() {
					t.Errorf("opened file: %v, %v; want an empty regular file", st, err)
				}
				return
			}
			if err == nil {
				f.Close()
				t.Fatalf("createPerfMap opened it; want a refusal")
			}
			if b, _ := os.ReadFile(victim); string(b) != "keep" {
				t.Errorf("the link's target now holds %q; want it untouched", b)
			}
			if _, err := os.Stat(filepath.Join(dir, "none")); !os.IsNotExist(err) {
				t.Errorf("a dangling link's target was created (%v)", err)
			}
		})
	}
}

// TestRunCrashMessage: a program killed by a signal kills the runner with
// the same signal; run's own stderr gets nothing (qemu-user's line is the
// guest process's, on its descriptor 2: TestUncaughtLine, and the corpus
// program uncaught.c against qemu-user).
func TestRunCrashMessage(t *testing.T) {
	prog := buildGuest(t, `#include <signal.h>
#include <stdlib.h>
int main(int argc, char **argv){ raise(atoi(argv[1])); return 0; }
`)
	var killed int
	old := killSelf
	killSelf = func(sig int) { killed = sig }
	defer func() { killSelf = old }()
	for _, sig := range []int{11, 6, 7, 31, 15, 9} {
		killed = 0
		code, _, stderr := runArgs("run", prog, strconv.Itoa(sig))
		if killed != sig || code != 128+sig || stderr != "" {
			t.Errorf("signal %d: killSelf(%d), exit %d, stderr %q; want killSelf(%d), exit %d, no stderr", sig, killed, code, stderr, sig, 128+sig)
		}
	}
}

// TestUncaughtLine: the line a guest process killed by a core-dumping
// signal writes, as qemu-user 7.2's (measured with qemu-ppc64le: "qemu:
// uncaught target signal 11 (Segmentation fault) - core dumped" for
// SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE and SIGSEGV under
// `ulimit -c 0`; nothing for SIGSYS, SIGXCPU, SIGXFSZ, nor for any signal
// with a core size limit above 0, when qemu-user writes its core file).
func TestUncaughtLine(t *testing.T) {
	for _, tc := range []struct {
		sig   int
		limit uint64
		want  string
	}{
		{3, 0, "ppc64emu: uncaught target signal 3 (Quit) - core dumped"},
		{4, 0, "ppc64emu: uncaught target signal 4 (Illegal instruction) - core dumped"},
		{5, 0, "ppc64emu: uncaught target signal 5 (Trace/breakpoint trap) - core dumped"},
		{6, 0, "ppc64emu: uncaught target signal 6 (Aborted) - core dumped"},
		{7, 0, "ppc64emu: uncaught target signal 7 (Bus error) - core dumped"},
		{8, 0, "ppc64emu: uncaught target signal 8 (Floating point exception) - core dumped"},
		{11, 0, "ppc64emu: uncaught target signal 11 (Segmentation fault) - core dumped"},
		{31, 0, ""},
		{24, 0, ""},
		{25, 0, ""},
		{11, 1, ""},
		{6, 4096, ""},
		{11, math.MaxUint64, ""},
	} {
		if got := uncaughtLine(tc.sig, tc.limit); got != tc.want {
			t.Errorf("uncaughtLine(%d, %d) = %q, want %q", tc.sig, tc.limit, got, tc.want)
		}
	}
}

// TestRunNotAProgram: run names the file and says what it is when it is not
// a powerpc64 program.
func TestRunNotAProgram(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "prog.c")
	if err := os.WriteFile(prog, []byte("#include <stdio.h>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runArgs("run", prog)
	want := "ppc64emu run: " + prog + ": not an ELF file (starts with \"#inc\")\n"
	if code != exitFail || stderr != want {
		t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, exitFail, want)
	}
}
