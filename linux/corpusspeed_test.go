//go:build linux

package linux_test

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	corpusSpeed     = flag.Bool("corpus-speed", false, "TestCorpusSpeed: time every corpus program under ppc64emu run and qemu-user (scripts/bench-runner.sh)")
	corpusSpeedRuns = flag.Int("corpus-speed-runs", 3, "TestCorpusSpeed: runs of each command; the least CPU time counts")
	corpusSpeedOnly = flag.String("corpus-speed-only", "", "TestCorpusSpeed: time only the programs whose name (binary and arguments) matches this regular expression")
	corpusSpeedEng  = flag.String("corpus-speed-engine", "cached", "TestCorpusSpeed: the engine of the second column, beside the default; none: no second engine")
	corpusSpeedSS   = flag.Bool("corpus-speed-singlestep", true, "TestCorpusSpeed: time qemu-user -singlestep too (false: only qemu's JIT)")
)

// speedSkip names the corpus programs TestCorpusSpeed does not time, with
// the reason: their instruction count or CPU time measures waiting, a
// terminal or a run qemu-user does differently, not the code.
func speedSkip(c corpusCase) string {
	base, prog, _ := strings.Cut(c.name, "/")
	switch {
	case strings.HasPrefix(base, "go.") && prog == "timers":
		return "timing-dependent: sleeps and tickers, its work depends on the clock"
	case strings.HasPrefix(base, "c-eintr."), strings.HasPrefix(base, "c-intr."):
		return "timing-dependent: blocking calls interrupted by signals sent after delays"
	case strings.HasPrefix(base, "c-termios."):
		return "interactive: a terminal on stdin (TestTermiosPty runs it on a pty)"
	case strings.HasSuffix(c.name, "/ldso"):
		return "the dynamic loader run as the program: qemu-user 7.2 -L exits 255 here (measured)"
	case c.expected != "":
		return "qemu-user's run is not Linux's (checked against " + filepath.Base(c.expected) + ")"
	}
	return ""
}

// cpuRun runs a command with stdout and stderr captured and returns its
// exit status (as runCmd writes it), its stderr and its CPU time (user +
// system, all its threads). The command runs in a process group of its
// own, which is killed as a whole after 120 s, and Wait gives up on the
// output pipes 5 s after the command ends: a child it left behind
// (stopped, say, holding the pipes) cannot hang the table. (Once, under
// qemu-user, c-jobctl.be's parent went and its child stayed stopped with
// the pipes open: the bench waited for ever.)
func cpuRun(name string, args ...string) (status string, stderr []byte, cpu time.Duration) {
	cmd := exec.Command(name, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return "start: " + err.Error(), nil, 0
	}
	pgid := cmd.Process.Pid
	t := time.AfterFunc(120*time.Second, func() { syscall.Kill(-pgid, syscall.SIGKILL) })
	status = exitStatus(cmd.Wait())
	t.Stop()
	if ps := cmd.ProcessState; ps != nil {
		cpu = ps.UserTime() + ps.SystemTime()
	}
	return status, e.Bytes(), cpu
}

// TestCorpusSpeed (only with -corpus-speed; scripts/bench-runner.sh runs
// it) times every program of the corpus (or those -corpus-speed-only
// matches), with the arguments TestCorpus gives it, under ppc64emu run
// -profile qemu (the default engine, native, and -engine cached, the loop
// of before issue 29, or the engine -corpus-speed-engine names),
// qemu-user -singlestep (one
// translation block per instruction, the closest QEMU comes to an
// interpreter) and qemu-user's JIT, in CPU time (user+sys; the least of
// -corpus-speed-runs runs), and prints a
// Markdown table: the runner's instruction count (-count, the same run),
// MIPS = that count over each one's CPU time, and the runner's rate as a
// ratio of qemu -singlestep's and of qemu's JIT (its CPU time over the
// runner's, for both engines), with their geometric means
// (-corpus-speed-engine none leaves the second engine out,
// -corpus-speed-singlestep=false qemu -singlestep). It fails if
// the runner does not report its
// count or ends differently from qemu-user.
func TestCorpusSpeed(t *testing.T) {
	if !*corpusSpeed {
		t.Skip("speed table only with -corpus-speed (scripts/bench-runner.sh)")
	}
	needCorpusAndQEMU(t)
	emu := buildRunner(t)
	only, err := regexp.Compile(*corpusSpeedOnly)
	if err != nil {
		t.Fatal(err)
	}
	var rows, skipped []string
	eng2 := *corpusSpeedEng != "none"
	var totN float64
	var totEmu, totCached, totSS, totJIT time.Duration
	var logRatio, logJIT, logJITCached float64
	for _, c := range corpusCases(t) {
		name := strings.Join(append([]string{filepath.Base(c.bin)}, c.args...), " ")
		if !only.MatchString(name) {
			continue
		}
		if why := speedSkip(c); why != "" {
			skipped = append(skipped, fmt.Sprintf("- `%s`: %s", name, why))
			continue
		}
		qemu := qemuFor(c.bin)
		var root []string // a dyn-* program's sysroot, for both runners
		if c.sysroot != "" {
			root = []string{"-L", c.sysroot}
		}
		// Each command runs -corpus-speed-runs times, interleaved, and the
		// run with the least CPU time counts (the runner's instruction
		// count is that run's): noise from other load only adds time.
		var n float64
		var emuCPU, cached, ss, jit time.Duration
		var fail string
		for i := 0; i < max(*corpusSpeedRuns, 1) && fail == ""; i++ {
			st, stderr, cpu := cpuRun(emu, append(append(append([]string{"run"}, root...), "-profile", "qemu", "-cpu", "power10", "-count", c.bin), c.args...)...)
			m := countRE.FindSubmatch(stderr)
			if m == nil {
				fail = fmt.Sprintf("no -count report (status %s): %s", st, stderr)
				break
			}
			if i == 0 || cpu < emuCPU {
				n, _ = strconv.ParseFloat(string(m[1]), 64)
				emuCPU = cpu
			}
			cSt, ssSt := st, st
			if eng2 {
				var cCPU time.Duration
				cSt, _, cCPU = cpuRun(emu, append(append(append([]string{"run"}, root...), "-engine", *corpusSpeedEng, "-profile", "qemu", "-cpu", "power10", c.bin), c.args...)...)
				if i == 0 || cCPU < cached {
					cached = cCPU
				}
			}
			var ssCPU time.Duration
			if *corpusSpeedSS {
				ssSt, _, ssCPU = cpuRun(qemu, append(append(root, "-cpu", "power10", "-singlestep", c.bin), c.args...)...)
			}
			jitSt, _, jitCPU := cpuRun(qemu, append(append(root, "-cpu", "power10", c.bin), c.args...)...)
			if st != ssSt || st != jitSt || st != cSt {
				fail = fmt.Sprintf("runner %s (-engine %s %s), qemu -singlestep %s, qemu %s", st, *corpusSpeedEng, cSt, ssSt, jitSt)
			}
			if i == 0 || ssCPU < ss {
				ss = ssCPU
			}
			if i == 0 || jitCPU < jit {
				jit = jitCPU
			}
		}
		if fail != "" {
			t.Errorf("%s: %s", name, fail)
			continue
		}
		rows = append(rows, speedRow(name, n, emuCPU, cached, ss, jit, eng2))
		totN += n
		totEmu, totCached, totSS, totJIT = totEmu+emuCPU, totCached+cached, totSS+ss, totJIT+jit
		if *corpusSpeedSS {
			logRatio += math.Log(ss.Seconds() / emuCPU.Seconds())
		}
		logJIT += math.Log(jit.Seconds() / emuCPU.Seconds())
		if eng2 {
			logJITCached += math.Log(jit.Seconds() / cached.Seconds())
		}
	}
	var b strings.Builder
	eng := *corpusSpeedEng
	head := []string{"program", "instructions", "ppc64emu CPU s", "ppc64emu MIPS"}
	if eng2 {
		head = append(head, "-engine "+eng+" CPU s")
	}
	if *corpusSpeedSS {
		head = append(head, "qemu -singlestep CPU s", "qemu -singlestep MIPS", "ratio to -singlestep")
	}
	head = append(head, "qemu JIT CPU s", "ratio to JIT")
	if eng2 {
		head = append(head, "ratio to JIT, "+eng)
	}
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|---" + strings.Repeat("|---:", len(head)-1) + "|\n")
	for _, r := range rows {
		b.WriteString(r + "\n")
	}
	if len(rows) > 0 {
		b.WriteString(speedRow(fmt.Sprintf("**all %d runs**", len(rows)), totN, totEmu, totCached, totSS, totJIT, eng2) + "\n")
		k := float64(len(rows))
		fmt.Fprintf(&b, "\nGeometric means of the per-program ratios:")
		if *corpusSpeedSS {
			fmt.Fprintf(&b, " to -singlestep %.2f;", math.Exp(logRatio/k))
		}
		fmt.Fprintf(&b, " to the JIT %.2f (default engine)", math.Exp(logJIT/k))
		if eng2 {
			fmt.Fprintf(&b, ", %.2f (-engine %s)", math.Exp(logJITCached/k), eng)
		}
		b.WriteString(".\n")
	}
	if len(skipped) > 0 {
		b.WriteString("\nNot timed:\n\n" + strings.Join(skipped, "\n") + "\n")
	}
	fmt.Print(b.String())
}

// speedRow is a row of TestCorpusSpeed's table: the runner's n
// instructions in CPU time emu under the default engine and in eng2
// under the second engine (with second), qemu -singlestep's ss (with
// -corpus-speed-singlestep) and qemu's JIT's jit, and the ratios.
func speedRow(name string, n float64, emu, eng2 time.Duration, ss, jit time.Duration, second bool) string {
	row := fmt.Sprintf("| %s | %s | %.3f | %.1f |", name, thousands(uint64(n)), emu.Seconds(), n/emu.Seconds()/1e6)
	if second {
		row += fmt.Sprintf(" %.3f |", eng2.Seconds())
	}
	if *corpusSpeedSS {
		row += fmt.Sprintf(" %.3f | %.1f | %.2f |", ss.Seconds(), n/ss.Seconds()/1e6, ss.Seconds()/emu.Seconds())
	}
	row += fmt.Sprintf(" %.3f | %.2f |", jit.Seconds(), jit.Seconds()/emu.Seconds())
	if second {
		row += fmt.Sprintf(" %.2f |", jit.Seconds()/eng2.Seconds())
	}
	return row
}

// thousands writes n with a comma between groups of three digits.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
