//go:build linux

package linux_test

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

var soakRounds = flag.Int("soak-rounds", 0, "rounds of TestSoak (each starts and ends 8 guest threads); 0: a short run, a few seconds")

// crossCompile builds testdata/corpus/c/NAME.c as a static ppc64le program
// into a temporary directory, or skips the test without the cross compiler.
func crossCompile(t *testing.T, name string) string {
	t.Helper()
	const cc = "powerpc64le-linux-gnu-gcc"
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	prog := filepath.Join(t.TempDir(), name)
	if b, err := exec.Command(cc, "-static", "-O2", "-pthread", "-o", prog, "testdata/corpus/c/"+name+".c").CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, b)
	}
	return prog
}

// runOut runs prog under linux.Start with args and cfg, its standard
// output on a pipe, and returns what it printed and how it ended.
func runOut(t *testing.T, prog string, args []string, cfg linux.Config) (string, linux.ExitStatus, error) {
	t.Helper()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	cfg.Stdout = outW
	p, err := linux.Start(prog, args, nil, cfg)
	outW.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(outR)
	st, err := p.Wait()
	return string(out), st, err
}

// vmRSS returns a process's resident set size in KiB (/proc/PID/status).
func vmRSS(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status: %w", pid, errNoRSS)
}

// errNoRSS: the process has ended (a zombie's status has no VmRSS line).
var errNoRSS = errors.New("process ended")

// TestSoak runs testdata/corpus/c/soak.c under ppc64emu run: rounds of
// threads that start and end, map, touch and unmap memory and take
// signals, under a 1 ms POSIX timer. The guest checks its own results; the
// test reads the runner's resident set at every round (the guest's
// "round N" line is the handshake) and requires it not to grow after the
// first quarter of the run by more than 32 MiB: memory the runner keeps
// per thread ended, per mapping removed or per signal taken would grow
// with the rounds. -soak-rounds=N runs longer (e.g. 20000, minutes).
func TestSoak(t *testing.T) {
	prog := crossCompile(t, "soak")
	rounds := *soakRounds
	if rounds <= 0 {
		rounds = 300
	}
	cmd := exec.Command(buildRunner(t), "run", prog, strconv.Itoa(rounds))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	base, peak, last, samples := 0, 0, "", 0
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		last = sc.Text()
		var r int
		if _, err := fmt.Sscanf(last, "round %d", &r); err != nil {
			continue
		}
		rss, err := vmRSS(cmd.Process.Pid)
		if errors.Is(err, errNoRSS) || errors.Is(err, fs.ErrNotExist) {
			// The guest printed its last rounds and ended before this
			// line was read: no more samples.
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case r < rounds/4:
			base = max(base, rss)
		default:
			peak = max(peak, rss)
			samples++
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	if want := fmt.Sprintf("%d rounds of 8 threads, 0 failures", rounds); last != want {
		t.Fatalf("last line %q, want %q\n%s", last, want, stderr.Bytes())
	}
	if base == 0 || samples < rounds/2 {
		t.Fatalf("resident set read at %d of the last %d rounds (first quarter: %d KiB): too few samples", samples, rounds-rounds/4, base)
	}
	t.Logf("%d rounds: resident %d KiB in the first quarter, at most %d KiB after", rounds, base, peak)
	if peak > base+32<<10 {
		t.Errorf("the runner's resident set grew from %d KiB to %d KiB over %d rounds", base, peak, rounds)
	}
}
