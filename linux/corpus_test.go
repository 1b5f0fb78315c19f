//go:build linux

package linux_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var updateBlocked = flag.Bool("update-blocked", false, "rewrite testdata/corpus-blocked.txt from this run")

// corpusProfile is the runner's profile in the comparison with qemu-user:
// qemu by default; -corpus-profile=hardware checks that the runner's
// default profile gives the same output.
var corpusProfile = flag.String("corpus-profile", "qemu", "ppc64emu run -profile for TestCorpus")

// qemuCache keeps qemu-user's reference results between runs (qemuRef).
var qemuCache = flag.Bool("corpus-qemu-cache", true, "reuse qemu-user's cached results for TestCorpus (keyed by binary, arguments and qemu version)")

const corpusDir = "../build/corpus"
const blockedFile = "testdata/corpus-blocked.txt"

// corpusCase is one run of a corpus binary.
type corpusCase struct {
	name string // binary[/arg]
	bin  string
	args []string
	// expected, if set, is a file holding the stdout the program must
	// print (exit status 0), written from Linux's documented behaviour,
	// for programs whose qemu-user run is not Linux's (the file's program
	// says why). Such programs run under the runner's default profile.
	expected string
	// sysroot, if set, is passed with -L to both qemu-user and the runner
	// (the cross toolchain's sysroot, for the dynamically linked dyn-*).
	sysroot string
	// root says the program's expected output is root's (rootOnly).
	root bool
}

// rootOnly are the C programs whose expected output is what they print
// when run as root: TestCorpus skips them for another user.
var rootOnly = []string{"chroot", "chrootpath", "credexec", "cttysteal", "fasyncdev", "fileioctl", "moreioctl", "procinit", "procperm", "procsysro", "shmlock", "sysvipc", "utsname"}

// crossSysroot is the sysroot of the cross toolchain that built a dyn-*
// program, where its interpreter and libraries are.
func crossSysroot(bin string) string {
	if strings.Contains(filepath.Base(bin), ".le") {
		return "/usr/powerpc64le-linux-gnu"
	}
	return "/usr/powerpc64-linux-gnu"
}

// ldso is the dynamic loader of a dyn-* program's byte order in its sysroot,
// for the run of the loader as the program (ld64.so.2 PROG).
func ldso(bin string) string {
	if strings.Contains(filepath.Base(bin), ".le") {
		return "/usr/powerpc64le-linux-gnu/lib/ld64.so.2"
	}
	return "/usr/powerpc64-linux-gnu/lib/ld64.so.1"
}

// goPrograms are the programs of the Go corpus binary
// (testdata/corpus/gocorpus), each run as its one argument.
var goPrograms = []string{"hello", "goroutines", "timers", "maps", "hashes", "sort", "files", "pipes", "nilderef", "exit"}

func corpusCases(t *testing.T) []corpusCase {
	bins, _ := filepath.Glob(filepath.Join(corpusDir, "*"))
	var cs []corpusCase
	for _, b := range bins {
		base := filepath.Base(b)
		switch {
		case strings.HasPrefix(base, "go."):
			for _, p := range goPrograms {
				cs = append(cs, corpusCase{name: base + "/" + p, bin: b, args: []string{p}})
			}
		case strings.HasPrefix(base, "gotest-"):
			cs = append(cs, corpusCase{name: base, bin: b, args: []string{"-test.short"}})
		case strings.HasPrefix(base, "c-exit."):
			for _, a := range []string{"", "abort", "segv"} {
				c := corpusCase{name: base + "/" + a, bin: b}
				if a != "" {
					c.args = []string{a}
				} else {
					c.name = base
				}
				cs = append(cs, c)
			}
		case strings.HasPrefix(base, "c-staticpie."):
			cs = append(cs, corpusCase{name: base, bin: b, args: []string{"one"}})
		case strings.HasPrefix(base, "c-stdio."):
			cs = append(cs, corpusCase{name: base, bin: b, args: []string{"one", "two words"}})
		case strings.HasPrefix(base, "dyn-"):
			root := crossSysroot(b)
			c := corpusCase{name: base, bin: b, sysroot: root}
			src := strings.TrimSuffix(strings.TrimPrefix(base, "dyn-"), filepath.Ext(base))
			if exp := filepath.Join("testdata/corpus/dyn", src+".expected"); fileExists(exp) {
				c.expected = exp
			}
			cs = append(cs, c)
			if strings.HasPrefix(base, "dyn-hello.") {
				// The dynamic loader run as the program, given the
				// program and its arguments.
				cs = append(cs, corpusCase{name: base + "/ldso", bin: ldso(b), args: []string{b, "one", "two"}, sysroot: root})
			}
		case strings.HasPrefix(base, "c-"):
			c := corpusCase{name: base, bin: b}
			src := strings.TrimSuffix(strings.TrimPrefix(base, "c-"), filepath.Ext(base))
			if exp := filepath.Join("testdata/corpus/c", src+".expected"); fileExists(exp) {
				c.expected = exp
			}
			c.root = slices.Contains(rootOnly, src)
			cs = append(cs, c)
		}
	}
	return cs
}

// buildRunner builds the ppc64emu command into a temporary directory.
func buildRunner(t *testing.T) string {
	t.Helper()
	emu := filepath.Join(t.TempDir(), "ppc64emu")
	if out, err := exec.Command("go", "build", "-o", emu, "../cmd/ppc64emu").CombinedOutput(); err != nil {
		t.Fatalf("building ppc64emu: %v\n%s", err, out)
	}
	return emu
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

type result struct {
	Stdout, Stderr []byte
	Status         string
}

func runCmd(name string, args ...string) result {
	cmd := exec.Command(name, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	// A process the program started that outlives it (a stopped or
	// orphaned child) keeps the output pipes open: Wait gives up on them
	// this long after the program has ended or been killed, so that such
	// a child cannot hold the test for good (a qemu-user run of
	// c-jobctl.le in the clean clone's CI at 811385e left one, and the
	// test waited 26 minutes after its 120 s limit).
	cmd.WaitDelay = 10 * time.Second
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		return result{Status: "start: " + err.Error()}
	}
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(120 * time.Second):
		cmd.Process.Kill()
		<-done
		return result{o.Bytes(), e.Bytes(), "timeout"}
	}
	return result{o.Bytes(), e.Bytes(), exitStatus(err)}
}

// exitStatus writes the outcome of exec.Cmd.Wait: "exit N" or "signal S".
func exitStatus(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		ws := ee.Sys().(syscall.WaitStatus)
		if ws.Signaled() {
			return "signal " + ws.Signal().String()
		}
		return fmt.Sprintf("exit %d", ws.ExitStatus())
	}
	if err != nil {
		return err.Error()
	}
	return "exit 0"
}

// needCorpusAndQEMU skips the test without the built corpus or qemu-user.
func needCorpusAndQEMU(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	for _, q := range []string{"qemu-ppc64le", "qemu-ppc64"} {
		if _, err := exec.LookPath(q); err != nil {
			t.Skipf("%s not installed: comparison with qemu-user skipped", q)
		}
	}
}

// qemuFor is the qemu-user command for a corpus binary's byte order.
func qemuFor(bin string) string {
	if strings.Contains(filepath.Base(bin), ".le") {
		return "qemu-ppc64le"
	}
	return "qemu-ppc64"
}

// qemuRef is the result of qemu with args, bin the program it runs: if
// cache, from the user cache
// directory (os.UserCacheDir()/ppc64emu/qemu-ref/KEY.json) when this
// binary, these arguments and this qemu version ran before, else run and
// stored. The corpus programs' output does not depend on the run (they
// order their events with handshakes), so a repeat run of TestCorpus
// needs only the runner's half. -corpus-qemu-cache=false runs qemu always.
func qemuRef(t *testing.T, qemu, bin string, cache bool, args ...string) result {
	t.Helper()
	file := ""
	if *qemuCache && cache {
		if key, err := qemuKey(qemu, bin, args); err == nil {
			if dir, err := os.UserCacheDir(); err == nil {
				file = filepath.Join(dir, "ppc64emu", "qemu-ref", key+".json")
			}
		}
	}
	if file != "" {
		if b, err := os.ReadFile(file); err == nil {
			var r result
			if json.Unmarshal(b, &r) == nil {
				return r
			}
		}
	}
	r := runCmd(qemu, args...)
	if file != "" && r.Status != "timeout" && !strings.HasPrefix(r.Status, "start:") {
		if b, err := json.Marshal(r); err == nil && os.MkdirAll(filepath.Dir(file), 0o755) == nil {
			tmp := fmt.Sprintf("%s.%d", file, os.Getpid())
			if os.WriteFile(tmp, b, 0o644) == nil {
				_ = os.Rename(tmp, file)
			}
		}
	}
	return r
}

var qemuVersions sync.Map // qemu command → its version line

// qemuKey names a qemu-user run: the hash of qemu's version, the binary's
// contents, the arguments (the binary's path among them, as the program
// may print it), the user and groups the run has (the credential
// programs print what a root run and an unprivileged one are allowed) and
// what of the host a program may print (hostEnv).
func qemuKey(qemu, bin string, args []string) (string, error) {
	v, ok := qemuVersions.Load(qemu)
	if !ok {
		out, err := exec.Command(qemu, "--version").Output()
		if err != nil {
			return "", err
		}
		v, _ = qemuVersions.LoadOrStore(qemu, string(out))
	}
	f, err := os.Open(bin)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	groups, _ := os.Getgroups()
	fmt.Fprintf(h, "%s\x00%q\x00%d:%d:%d:%d:%v\x00%s\x00", v, args, os.Getuid(), os.Geteuid(), os.Getgid(), os.Getegid(), groups, hostEnv())
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hostEnv describes what of the host a corpus program prints through
// qemu-user as through the runner: its network interfaces (ifconf.c lists
// them: a run in a network namespace with only lo differs), host name
// (uname, gethostname), processor count (sched_getaffinity, sysconf) and
// resource limits (startlimits.c). A reference cached where any of them
// differs is not used.
func hostEnv() string {
	var b strings.Builder
	name, _ := os.Hostname()
	fmt.Fprintf(&b, "%s %d%s", name, runtime.NumCPU(), hostLimits())
	ifs, _ := net.Interfaces()
	for _, i := range ifs {
		fmt.Fprintf(&b, "|%s %d %s %v", i.Name, i.MTU, i.HardwareAddr, i.Flags)
		addrs, _ := i.Addrs()
		for _, a := range addrs {
			fmt.Fprintf(&b, " %s", a)
		}
	}
	return b.String()
}

// qemu-user's line for a guest process a core-dumping signal killed (the
// kernel writes none), which ppc64emu run writes where qemu-user does,
// with its own name (cmd/ppc64emu uncaughtLine).
var qemuUncaught = regexp.MustCompile(`(?m)^qemu: (uncaught target signal )`)

// The -count report (the last line ppc64emu writes).
var countRE = regexp.MustCompile(`(?m)^ppc64emu: (\d+) instructions in \S+ wall, \S+ CPU \(([\d.]+) MIPS wall, ([\d.]+) MIPS CPU\)(?:, (\d+) threads)?\n`)

var stopRE = regexp.MustCompile(`cannot execute (\S+) \(word`)

func readBlocked(t *testing.T) map[string]string {
	m := map[string]string{}
	f, err := os.Open(blockedFile)
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) == 2 {
			m[fs[0]] = fs[1]
		}
	}
	return m
}

// TestCorpus runs every program of the corpus (scripts/build-corpus.sh)
// under qemu-user and under ppc64emu run, and requires identical stdout,
// stderr and exit status. Programs that stop on an instruction the emulator
// does not execute yet must be listed in testdata/corpus-blocked.txt with
// that op; a listed program that now passes, or stops on another op, fails
// the test so that the list stays exact (-update-blocked rewrites it).
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-program corpus skipped in -short mode")
	}
	needCorpusAndQEMU(t)
	emu := buildRunner(t)
	blocked := readBlocked(t)
	// The subtests run in parallel (each is two independent processes);
	// mu guards what they record, which the cleanup reports once all have
	// ended.
	var mu sync.Mutex
	seen := map[string]string{}
	var passed, blockedN []string
	pass := func(name string) {
		mu.Lock()
		passed = append(passed, name)
		mu.Unlock()
	}
	t.Cleanup(func() {
		sort.Strings(passed)
		t.Logf("corpus: %d passed, %d blocked: passed %v", len(passed), len(blockedN), passed)
		if *updateBlocked {
			writeBlocked(t, seen)
		}
	})
	for _, c := range corpusCases(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.root && os.Geteuid() != 0 {
				t.Skipf("%s is written for a run as root (rootOnly)", c.expected)
			}
			var root []string
			if c.sysroot != "" {
				if _, err := os.Stat(c.sysroot); err != nil {
					t.Skipf("no sysroot %s: %v", c.sysroot, err)
				}
				root = []string{"-L", c.sysroot}
			}
			if c.expected != "" {
				want, err := os.ReadFile(c.expected)
				if err != nil {
					t.Fatal(err)
				}
				got := runCmd(emu, append(append(append([]string{"run"}, root...), "-cpu", "power10", c.bin), c.args...)...)
				if got.Status != "exit 0" || !bytes.Equal(got.Stdout, want) {
					t.Errorf("status %s (want exit 0), stdout:\n%s\n--- want (%s)\n%s\nstderr: %s", got.Status, got.Stdout, c.expected, want, got.Stderr)
				} else {
					pass(c.name)
				}
				return
			}
			// (A program run against a sysroot is not cached: its C
			// library is not part of the key.)
			want := qemuRef(t, qemuFor(strings.Split(c.name, "/")[0]), c.bin, c.sysroot == "", append(append(root, "-cpu", "power10", c.bin), c.args...)...)
			want.Stderr = qemuUncaught.ReplaceAll(want.Stderr, []byte("ppc64emu: $1"))
			got := runCmd(emu, append(append(append([]string{"run"}, root...), "-profile", *corpusProfile, "-cpu", "power10", "-count", c.bin), c.args...)...)
			if m := countRE.FindSubmatch(got.Stderr); m != nil {
				t.Logf("%s instructions, %s MIPS wall, %s MIPS CPU", m[1], m[2], m[3])
				got.Stderr = countRE.ReplaceAll(got.Stderr, nil)
			} else {
				// The runner's own stderr works whatever the program
				// did to its descriptor 2 (closefd.c closes it).
				t.Errorf("no -count report on the runner's stderr")
			}
			if m := stopRE.FindSubmatch(got.Stderr); m != nil && got.Status == "exit 70" {
				op := string(m[1])
				mu.Lock()
				seen[c.name] = op
				blockedN = append(blockedN, c.name)
				mu.Unlock()
				switch want := blocked[c.name]; {
				case *updateBlocked:
				case want == "":
					t.Errorf("stops on %s, not listed in %s:\n%s", op, blockedFile, got.Stderr)
				case want != op:
					t.Errorf("listed as blocked by %s, now stops on %s: update %s", want, op, blockedFile)
				default:
					t.Logf("blocked by %s (listed)", op)
				}
				return
			}
			if op := blocked[c.name]; op != "" && !*updateBlocked {
				t.Errorf("listed as blocked by %s but ran to the end: remove it from %s", op, blockedFile)
			}
			if got.Status != want.Status {
				t.Errorf("status %s, qemu %s\nstderr: %s", got.Status, want.Status, got.Stderr)
			}
			if !bytes.Equal(got.Stdout, want.Stdout) {
				t.Errorf("stdout differs\n--- runner\n%s\n--- qemu\n%s", got.Stdout, want.Stdout)
			}
			if !bytes.Equal(got.Stderr, want.Stderr) {
				t.Errorf("stderr differs\n--- runner\n%s\n--- qemu\n%s", got.Stderr, want.Stderr)
			}
			if !t.Failed() {
				pass(c.name)
			}
		})
	}
}

// writeBlocked rewrites testdata/corpus-blocked.txt (-update-blocked).
func writeBlocked(t *testing.T, seen map[string]string) {
	var b strings.Builder
	b.WriteString("# Corpus programs (TestCorpus) that stop on an op the emulator does not execute yet.\n# name op — regenerate with: go test ./linux -run Corpus -update-blocked\n")
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "%s %s\n", n, seen[n])
	}
	if err := os.WriteFile(blockedFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
