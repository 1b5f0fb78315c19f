//go:build linux

package gdbstub_test

import (
	"context"
	"debug/elf"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux"
)

// The tests in this file drive the real client, gdb-multiarch, with batch
// scripts against the stub (ppc64emu's linux runner in this process) and,
// for the forward parts, against qemu-user's own GDB stub on the same
// binaries. They need gdb-multiarch, the powerpc64 cross compilers and
// qemu-user, and skip with a message when one is absent.

var orders = []struct{ name, cc, qemu string }{
	{"le", "powerpc64le-linux-gnu-gcc", "qemu-ppc64le"},
	{"be", "powerpc64-linux-gnu-gcc", "qemu-ppc64"},
}

var (
	buildMu  sync.Mutex
	builtDir string
	built    = map[string]string{}
)

// program compiles testdata/prog.c statically with cc (once per test run).
func program(t *testing.T, cc string) string {
	t.Helper()
	return programSource(t, cc, "prog")
}

// programSource compiles testdata/NAME.c statically with cc (once per
// test run), or skips without gdb-multiarch.
func programSource(t *testing.T, cc, name string) string {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed (scripts/install-deps.sh installs it)")
	}
	return compileSource(t, cc, name)
}

// compile compiles testdata/prog.c statically with cc (once per test run).
func compile(t *testing.T, cc string) string {
	t.Helper()
	return compileSource(t, cc, "prog")
}

// compileSource compiles testdata/NAME.c statically with cc (once per test
// run).
func compileSource(t *testing.T, cc, name string) string {
	t.Helper()
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	src, err := filepath.Abs("testdata/" + name + ".c")
	if err != nil {
		t.Fatal(err)
	}
	return buildOnce(t, name+"-"+cc, func(out string) *exec.Cmd {
		return exec.Command(cc, "-static", "-g", "-O1", "-o", out, src, "-lpthread")
	})
}

// buildOnce runs the command cmd(out) makes, once per test run and name,
// and returns out, a file in a temporary directory TestMain removes.
func buildOnce(t *testing.T, name string, cmd func(out string) *exec.Cmd) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if p, ok := built[name]; ok {
		return p
	}
	if builtDir == "" {
		d, err := os.MkdirTemp("", "gdbstub-test")
		if err != nil {
			t.Fatal(err)
		}
		builtDir = d
	}
	out := filepath.Join(builtDir, name)
	c := cmd(out)
	if b, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(c.Args, " "), err, b)
	}
	built[name] = out
	return out
}

func TestMain(m *testing.M) {
	code := m.Run()
	if builtDir != "" {
		os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

// startStub starts prog under the runner with the stub listening on a
// loopback port; it returns the address.
func startStub(t *testing.T, prog string, args ...string) string {
	t.Helper()
	return startStubConfig(t, linux.Config{}, prog, args...)
}

// startStubConfig is startStub with a runner configuration (Debug, if
// not set, and Stdout are set here).
func startStubConfig(t *testing.T, cfg linux.Config, prog string, args ...string) string {
	t.Helper()
	addr, _ := startStubProcess(t, cfg, prog, args...)
	return addr
}

// startStubProcess is startStubConfig; it also returns a function that
// waits for the stub to end and returns the debugger it served.
func startStubProcess(t *testing.T, cfg linux.Config, prog string, args ...string) (string, func() *linux.Debugger) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	devnull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Debug == nil {
		cfg.Debug = &linux.DebugConfig{}
	}
	cfg.Stdout = devnull
	p, err := linux.Start(prog, append([]string{prog}, args...), []string{"LANG=C"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan struct{})
	var serveErr error
	go func() {
		defer close(served)
		conn, err := ln.Accept()
		if err != nil {
			serveErr = err
			return
		}
		defer conn.Close()
		serveErr = gdbstub.NewServer(p.Debugger()).Serve(conn)
	}()
	wait := func() bool {
		select {
		case <-served:
			return true
		case <-time.After(10 * time.Second):
			return false
		}
	}
	t.Cleanup(func() {
		ln.Close()
		if !wait() {
			t.Errorf("stub did not end")
		} else if err := serveErr; err != nil && err != gdbstub.ErrKilled && !strings.Contains(err.Error(), "closed") {
			t.Errorf("stub: %v", err)
		}
		devnull.Close()
	})
	return ln.Addr().String(), func() *linux.Debugger {
		if !wait() {
			t.Fatal("stub did not end")
		}
		return p.Debugger()
	}
}

// startQEMU starts prog under qemu-user's GDB stub on a free loopback port.
func startQEMU(t *testing.T, qemu, prog string) string {
	t.Helper()
	return startQEMUArgs(t, qemu, prog)
}

// startQEMUArgs is startQEMU with program arguments.
func startQEMUArgs(t *testing.T, qemu, prog string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(qemu); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs qemu-user)", qemu)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(qemu, append([]string{"-g", strconv.Itoa(port), prog}, args...)...)
	cmd.Env = []string{"LANG=C"}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	// Wait until qemu listens (without connecting: its stub takes one
	// connection).
	hexPort := fmt.Sprintf(":%04X ", port)
	for i := 0; i < 100; i++ {
		b, _ := os.ReadFile("/proc/net/tcp")
		for _, l := range strings.Split(string(b), "\n") {
			f := strings.Fields(l)
			if len(f) > 3 && strings.HasSuffix(f[1]+" ", hexPort) && f[3] == "0A" {
				return fmt.Sprintf("127.0.0.1:%d", port)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s did not listen on port %d", qemu, port)
	return ""
}

// runGDB runs a batch script (PROG and ADDR substituted) and returns its
// output split at the "@@name" markers the script echoes.
func runGDB(t *testing.T, script, prog, addr string) (string, map[string]string) {
	t.Helper()
	script = strings.NewReplacer("PROG", prog, "ADDR", addr).Replace(script)
	f := filepath.Join(t.TempDir(), "script.gdb")
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "gdb-multiarch", "-nx", "-batch", "-x", f)
	b, err := cmd.CombinedOutput()
	out := string(b)
	if ctx.Err() != nil {
		t.Fatalf("gdb timed out:\n%s", out)
	}
	if err != nil {
		t.Logf("gdb: %v", err)
	}
	sections := map[string]string{}
	name := ""
	for _, l := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(l, "@@") {
			name = strings.TrimSpace(l[2:])
			continue
		}
		sections[name] += l
	}
	return out, sections
}

const prelude = `set pagination off
set confirm off
set width 0
set height 0
file PROG
target remote ADDR
`

// forwardScript is run against both stubs. WATCH is replaced by the
// watchpoint setup (hardware for ours; qemu-user refuses hardware
// watchpoints, so software ones there).
const forwardScript = prelude + `break work
continue
echo @@regs1\n
info registers
echo @@stepi\n
stepi
info registers pc r3 r8 r9 r10 cr ctr lr
echo @@x8i\n
x/8i $pc
echo @@printn\n
print n
delete
break poke
continue
echo @@poke1\n
print v
print counter
print data
info registers pc lr r3
delete
WATCH
watch counter
continue
echo @@watch\n
print counter
info registers pc lr r3
echo @@end\n
kill
`

// infoLine matches an "info registers" line: name, hex value.
var infoLine = regexp.MustCompile(`^(\w+)\s+0x([0-9a-f]+)\b`)

// isStack reports whether v is a stack address of either runner (the two
// place the stack at different addresses: ours near 0x7fff_ffff_0000,
// qemu-user's near 0x40_0080_0000).
func isStack(v uint64) bool {
	return v >= 0x40_0000_0000 && v < 0x80_0000_0000 || v >= 0x7f00_0000_0000
}

// startupLeft are the registers whose values at the program's first stops
// are what glibc's start-up left in them, which differs between the two
// runners: ours gives a vDSO (AT_SYSINFO_EHDR, as Linux does), qemu-user
// 7.2 none on powerpc, and glibc's start-up takes another path with one
// (its vDSO set-up), leaving CR0/CR1 and, in the ELFv1 build, r12 (a
// saved CR) other than qemu-user leaves them at main's call of work.
var startupLeft = map[string]bool{"cr": true, "r12": true}

// compareSections compares two runs' sections line by line. In register
// lines, values that are stack addresses in both runs are not compared,
// nor the registers of startupLeft, and msr is reported apart (see
// TestGDBForwardMatchesQEMU).
func compareSections(t *testing.T, ours, qemu map[string]string, names []string) (compared int) {
	t.Helper()
	for _, name := range names {
		a := strings.Split(strings.TrimSpace(ours[name]), "\n")
		b := strings.Split(strings.TrimSpace(qemu[name]), "\n")
		if len(a) != len(b) {
			t.Errorf("section %s: %d lines here, %d under qemu:\n--- ours\n%s\n--- qemu\n%s", name, len(a), len(b), ours[name], qemu[name])
			continue
		}
		for i := range a {
			la := strings.Replace(a[i], "Hardware watchpoint", "Watchpoint", 1)
			lb := strings.Replace(b[i], "Hardware watchpoint", "Watchpoint", 1)
			ma, mb := infoLine.FindStringSubmatch(la), infoLine.FindStringSubmatch(lb)
			if ma != nil && mb != nil && ma[1] == mb[1] {
				va, _ := strconv.ParseUint(ma[2], 16, 64)
				vb, _ := strconv.ParseUint(mb[2], 16, 64)
				if ma[1] == "msr" || startupLeft[ma[1]] || isStack(va) && isStack(vb) {
					continue
				}
			}
			compared++
			if la != lb {
				t.Errorf("section %s line %d:\n ours: %s\n qemu: %s", name, i, a[i], b[i])
			}
		}
	}
	return compared
}

func TestGDBForward(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := program(t, o.cc)
			out, s := runGDB(t, strings.Replace(forwardScript, "WATCH", "", 1), prog, startStub(t, prog))
			for _, want := range []struct{ section, re string }{
				{"regs1", `(?m)^pc\s+0x[0-9a-f]+\s+0x[0-9a-f]+ <\.?work(\+\d+)?>`},
				{"regs1", `(?m)^r3\s+0xa\s+10$`},
				{"stepi", `(?m)^pc\s+0x[0-9a-f]+\s+0x[0-9a-f]+ <\.?work(\+\d+)?>`},
				{"x8i", `(?m)^=> 0x[0-9a-f]+ <\.?work(\+\d+)?>:\t`},
				{"printn", `(?m)^\$1 = 10$`},
				{"poke1", `(?m)^\$2 = 135$`},
				{"poke1", `(?m)^\$3 = 0$`},
				{"poke1", `(?m)^\$4 = \{108, 135, 9, 18, 30, 45, 63, 84\}$`},
				{"poke1", `Old value = 0\s+New value = 135`},
				{"watch", `(?m)^\$5 = 135$`},
			} {
				if !regexp.MustCompile(want.re).MatchString(s[want.section]) {
					t.Errorf("section %s does not match %s:\n%s", want.section, want.re, out)
					break
				}
			}
			if len(strings.Split(strings.TrimSpace(s["x8i"]), "\n")) != 8 {
				t.Errorf("x/8i printed:\n%s", s["x8i"])
			}
		})
	}
}

// TestGDBForwardMatchesQEMU runs the forward script against qemu-user's
// stub and ours on the same binary: every line GDB prints at the stops
// must be the same, except stack addresses (the runners place the stack
// differently) and msr (qemu-user shows its internal supervisor-level MSR,
// not a user-mode value; a program cannot read it).
func TestGDBForwardMatchesQEMU(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := program(t, o.cc)
			qaddr := startQEMU(t, o.qemu, prog)
			_, q := runGDB(t, strings.Replace(forwardScript, "WATCH", "set can-use-hw-watchpoints 0", 1), prog, qaddr)
			_, s := runGDB(t, strings.Replace(forwardScript, "WATCH", "", 1), prog, startStub(t, prog))
			n := compareSections(t, s, q, []string{"regs1", "stepi", "x8i", "printn", "poke1", "watch"})
			t.Logf("%d lines compared with qemu", n)
			if n < 40 {
				t.Errorf("only %d lines compared", n)
			}
		})
	}
}

const reverseScript = prelude + `echo @@init\n
info all-registers
x/8gx &data
echo @@end\n
echo @@auxv\n
info auxv
echo @@end\n
break work
continue
stepi
echo @@before\n
info all-registers
x/8gx &data
x/32gx $r1
echo @@end\n
stepi 40
echo @@mid\n
print data
echo @@end\n
reverse-stepi 40
echo @@after\n
info all-registers
x/8gx &data
x/32gx $r1
echo @@end\n
delete
hbreak poke
continue
continue
echo @@poke2\n
print v
echo @@end\n
reverse-continue
echo @@rc\n
print v
print counter
echo @@end\n
delete
reverse-continue
echo @@start\n
info all-registers
x/8gx &data
echo @@end\n
` + rwatchTail

func TestGDBReverse(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := program(t, o.cc)
			out, s := runGDB(t, reverseScript, prog, startStub(t, prog))
			if s["before"] == "" || s["before"] != s["after"] {
				t.Errorf("registers and memory after stepi 40, reverse-stepi 40 differ:\n--- before\n%s\n--- after\n%s", s["before"], s["after"])
			}
			if s["mid"] == s["after"] || !strings.Contains(s["mid"], "= {") {
				t.Errorf("stepi 40 did not get anywhere:\n%s", s["mid"])
			}
			if !strings.Contains(s["poke2"], "= 136") || !strings.Contains(s["rc"], "= 135") || !strings.Contains(s["rc"], "= 0") {
				t.Errorf("reverse-continue did not return to the first poke (v=135, counter=0):\n%s", out)
			}
			if !strings.Contains(out, "No more reverse-execution history.") {
				t.Errorf("no end-of-history message:\n%s", out)
			}
			if s["init"] == "" || s["init"] != s["start"] {
				t.Errorf("the start of the history is not the initial state:\n--- init\n%s\n--- start\n%s", s["init"], s["start"])
			}
			if !strings.Contains(out, "exited normally") {
				t.Errorf("forward execution after the replay did not run to the end:\n%s", out)
			}
			// qXfer:auxv:read: AT_ENTRY is the ELF header's entry.
			f, err := elf.Open(prog)
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			if !regexp.MustCompile(fmt.Sprintf(`(?m)^9\s+AT_ENTRY\s.*\s%#x$`, f.Entry)).MatchString(s["auxv"]) {
				t.Errorf("info auxv has no AT_ENTRY %#x:\n%s", f.Entry, s["auxv"])
			}
			// The read watchpoint stops in main, at the load of counter
			// for printf (after poke's store and the hardware breakpoint).
			if !strings.Contains(out, "Value = 136") || !strings.Contains(s["rwatch"], "<main+") {
				t.Errorf("the read watchpoint did not fire in main:\n%s", out)
			}
		})
	}
}

// rwatchTail ends a script: a read watchpoint on counter, the pc where it
// fires (section rwatch), then the run to the end.
const rwatchTail = `rwatch counter
continue
echo @@rwatch\n
print $pc
echo @@end\n
delete
continue
`

const threadScript = prelude + `break thread_main
continue
echo @@thr\n
print $_thread
print arg
info threads
echo @@end\n
` + rwatchTail

func TestGDBThreads(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := program(t, o.cc)
			out, s := runGDB(t, threadScript, prog, startStub(t, prog, "threads"))
			if !strings.Contains(s["thr"], "$1 = 2") || !strings.Contains(s["thr"], "= (void *) 0x3e8") {
				t.Errorf("the breakpoint in the second thread did not stop there:\n%s", out)
			}
			// After the second thread's store, the main thread's read
			// for printf fires the read watchpoint.
			if !strings.Contains(out, "Value = 1000") || !strings.Contains(s["rwatch"], "<main+") {
				t.Errorf("the read watchpoint did not fire in main after the thread:\n%s", out)
			}
			if !strings.Contains(out, "exited normally") {
				t.Errorf("the program did not end normally:\n%s", out)
			}
		})
	}
}

// goProgram builds testdata/goprog for goarch (once per test run).
func goProgram(t *testing.T, goarch string) string {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed (scripts/install-deps.sh installs it)")
	}
	return buildOnce(t, "goprog-"+goarch, func(out string) *exec.Cmd {
		c := exec.Command("go", "build", "-o", out, "./testdata/goprog")
		c.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+goarch)
		return c
	})
}

const goScript = prelude + `break main.work
continue
echo @@regs\n
info registers r3 pc
echo @@x4i\n
x/4i $pc
echo @@print\n
print n
echo @@threads\n
info threads
echo @@before\n
info all-registers
x/4gx $r1
echo @@end\n
stepi 20
reverse-stepi 20
echo @@after\n
info all-registers
x/4gx $r1
echo @@end\n
delete
continue
`

// TestGDBGo debugs a Go program (several runtime threads; the qemu
// profile, which Go's runtime needs for fctiwz).
func TestGDBGo(t *testing.T) {
	for _, o := range []struct{ name, goarch string }{{"le", "ppc64le"}, {"be", "ppc64"}} {
		t.Run(o.name, func(t *testing.T) {
			prog := goProgram(t, o.goarch)
			addr := startStubConfig(t, linux.Config{Profile: emulate.QEMU}, prog)
			out, s := runGDB(t, goScript, prog, addr)
			if !regexp.MustCompile(`(?m)^r3\s+0xa\s+10$`).MatchString(s["regs"]) ||
				!regexp.MustCompile(`(?m)^pc\s+0x[0-9a-f]+\s+0x[0-9a-f]+ <main\.work\+\d+>$`).MatchString(s["regs"]) {
				t.Errorf("breakpoint at main.work:\n%s", out)
			}
			if len(strings.Split(strings.TrimSpace(s["x4i"]), "\n")) != 4 || !strings.Contains(s["print"], "$1 = 10") {
				t.Errorf("x/4i or print n:\n%s", out)
			}
			if n := strings.Count(s["threads"], " Thread "); n < 2 {
				t.Errorf("%d threads:\n%s", n, s["threads"])
			}
			if s["before"] == "" || s["before"] != s["after"] {
				t.Errorf("stepi 20, reverse-stepi 20 did not return to the same registers and stack:\n--- before\n%s\n--- after\n%s", s["before"], s["after"])
			}
			if !strings.Contains(out, "exited normally") {
				t.Errorf("the program did not end normally:\n%s", out)
			}
		})
	}
}

const signalScript = prelude + `continue
echo @@sig\n
info registers pc r3
x/i $pc
echo @@end\n
continue
`

// TestGDBSignal: a SIGSEGV stops the program under GDB before delivery,
// at the faulting store, and continuing delivers it; compared with
// qemu-user's stub.
func TestGDBSignal(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := program(t, o.cc)
			out, s := runGDB(t, signalScript, prog, startStub(t, prog, "a", "b", "c"))
			if !strings.Contains(out, "Program received signal SIGSEGV, Segmentation fault.") ||
				!strings.Contains(out, "Program terminated with signal SIGSEGV, Segmentation fault.") {
				t.Errorf("no SIGSEGV stop and delivery:\n%s", out)
			}
			if !regexp.MustCompile(`(?m)^=> 0x[0-9a-f]+ <main\+\d+>:\tstd\s`).MatchString(s["sig"]) {
				t.Errorf("not stopped at the faulting store:\n%s", s["sig"])
			}
			qprog := startQEMUArgs(t, o.qemu, prog, "a", "b", "c")
			_, q := runGDB(t, signalScript, prog, qprog)
			if n := compareSections(t, s, q, []string{"sig"}); n != 3 {
				t.Errorf("%d lines compared with qemu, want 3", n)
			}
		})
	}
}

// historyScript goes to done at the end of testdata/history.c's rounds,
// back as far as the history goes, and forwards to done again.
const historyScript = prelude + `break done
continue
echo @@end1\n
print rounds
info registers
echo @@back\n
reverse-continue
print rounds
monitor when
echo @@end2\n
continue
print rounds
info registers
echo @@exit\n
continue
`

// TestGDBHistoryBound: a live run (linux.DebugConfig) of 5000 rounds,
// each reading 4 KiB of /dev/urandom (20,480,000 bytes of system call
// results the recording keeps), under a bound of 2 MiB and segments of
// 2^16 instructions: the recording kept stays at most the bound and one
// state of the run (the program's non-zero pages: at most its ELF file
// and 1 MiB of stack, buf and heap) at any time, and its oldest part was
// dropped. A reverse-continue from the end stops at the beginning of the
// history kept, after some rounds (GDB: "No more reverse-execution
// history."), and forwards from there the run is the same: done stops
// with the registers it had and rounds 5000, and the program exits.
func TestGDBHistoryBound(t *testing.T) {
	const rounds, bound = 5000, 2 << 20
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := programSource(t, o.cc, "history")
			addr, wait := startStubProcess(t, linux.Config{Debug: &linux.DebugConfig{MaxHistory: bound, Segment: 1 << 16}}, prog, fmt.Sprint(rounds))
			out, s := runGDB(t, historyScript+"kill\n", prog, addr)
			want := fmt.Sprintf("= %d\n", rounds)
			if !strings.Contains(s["end1"], want) || !strings.Contains(s["end2"], want) {
				t.Errorf("rounds at done: want %d both times:\n%s", rounds, out)
			}
			if r1, r2 := regsOf(s["end1"]), regsOf(s["end2"]); r1 == "" || r1 != r2 {
				t.Errorf("registers at done differ after going back:\n--- first\n%s\n--- again\n%s", r1, r2)
			}
			if !strings.Contains(s["back"], "No more reverse-execution history.") {
				t.Errorf("reverse-continue did not stop at the beginning of the history:\n%s", s["back"])
			}
			var back, when int
			if _, err := fmt.Sscanf(s["back"][strings.Index(s["back"], "$"):], "$2 = %d\nCurrent event: %d", &back, &when); err != nil || back <= 0 || back >= rounds || when <= 0 {
				t.Errorf("the history begins at round %d, event %d (%v): want after the first rounds, before the last\n%s", back, when, err, s["back"])
			}
			if !strings.Contains(s["exit"], "exited normally") {
				t.Errorf("the run did not end:\n%s", s["exit"])
			}
			d := wait()
			h := d.History()
			fi, err := os.Stat(prog)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("history kept %d bytes, at most %d, dropped %d times", h.Bytes, h.Peak, h.Dropped)
			if limit := bound + int(fi.Size()) + 1<<20; h.Peak > limit || h.Dropped == 0 {
				t.Errorf("history %+v: want at most %d bytes, some dropped", h, limit)
			}
		})
	}
}

// regsOf is the lines of GDB's "info registers" in out (those that begin
// with a register's name and a hexadecimal value).
func regsOf(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if f := strings.Fields(l); len(f) >= 2 && strings.HasPrefix(f[1], "0x") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// TestGDBWritesCode: GDB writes an instruction over code the runner has
// translated (a hot function on a read-only executable page) and detaches;
// the program, running on without the debugger (so without hooks, whose
// Runs always check code again), then runs the new instruction:
// testdata/smcgdb.c exits with 184, 208 if the old code ran. The runner
// keeps its translations across Runs while nothing wrote code (emulate's
// pageCache.begin): the stub's writes are mem.Memory.Poke, which
// mem.Memory.ExecWrites counts.
func TestGDBWritesCode(t *testing.T) {
	const script = prelude + `break mark
continue
delete
set var *(unsigned int *)code = 0x38600002
detach
`
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := programSource(t, o.cc, "smcgdb")
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			p, err := linux.Start(prog, []string{prog}, []string{"LANG=C"}, linux.Config{Debug: &linux.DebugConfig{}})
			if err != nil {
				t.Fatal(err)
			}
			served := make(chan error, 1)
			go func() {
				conn, err := ln.Accept()
				if err != nil {
					served <- err
					return
				}
				defer conn.Close()
				served <- gdbstub.NewServer(p.Debugger()).Serve(conn)
			}()
			out, _ := runGDB(t, script, prog, ln.Addr().String())
			st, err := p.Wait()
			if err != nil || st.Code != 184 || st.Signal != 0 {
				t.Errorf("exit %+v, %v; want code 184 (the new code run; 208: the old one). gdb:\n%s", st, err, out)
			}
			if err := <-served; err != gdbstub.ErrDetached {
				t.Errorf("stub: %v, want %v", err, gdbstub.ErrDetached)
			}
		})
	}
}
