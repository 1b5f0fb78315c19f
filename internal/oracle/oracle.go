// Package oracle runs reference vectors through the project's QEMU harness
// (harness/, run as "qemu-ppc64le -cpu power10 build/harness-le" or
// "qemu-ppc64 -cpu power10 build/harness-be") and returns the trace lines.
//
// # Design
//
// An Oracle streams a batch of vectors to a few harness processes (one per
// CPU by default). The batch is cut into chunks of consecutive vectors;
// each worker takes the next chunk and feeds it to its process one line at a
// time: write a vector line, wait for its trace line (the harness writes and
// flushes exactly one line per input line). The results come back in input
// order, so a batch's result does not depend on the number of processes
// except through state QEMU leaks from one vector into the next.
//
// Each vector has a timeout (5 s by default). If the process exits (QEMU
// aborts on some instructions: "qemu: fatal: Unknown exception") or does
// not answer in time, that vector gets "st=skip why=qemu-crash" (or
// "why=qemu-hang"), the process is killed and restarted, and the worker
// goes on with the next vector. A line that does not parse, or answers a
// different ID, is treated like a crash ("why=qemu-garbled").
//
// RunTwoOrders runs a batch forward and in reverse, each with fresh
// processes, and reports the vectors whose results differ: QEMU keeps state
// the signal frame does not carry (TAR, softfloat flags, reservation, the
// time base), so such vectors are not fit for golden traces.
//
// # Finding QEMU and the harness
//
// New looks for qemu-ppc64le or qemu-ppc64 in PATH (ErrNoQEMU if absent)
// and for build/harness-le or build/harness-be in the module root (the
// directory with go.mod above the working directory, or Config.Root); a
// missing harness, or one older than harness/harness.c, is built with
// scripts/build-harness.sh (ErrNoHarness if
// that fails, e.g. without the cross compilers). Tests use errors.Is on
// those sentinels to skip. Config.Command replaces the whole command line,
// for tests that simulate a crashing harness.
package oracle

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/ppc64emu/ppc64emu/trace"
)

// Sentinel errors of New; test with errors.Is.
var (
	// ErrNoQEMU: qemu-ppc64le / qemu-ppc64 is not installed.
	ErrNoQEMU = errors.New("oracle: qemu-user for powerpc64 not found (install qemu-user: scripts/install-deps.sh)")
	// ErrNoHarness: the harness binary is missing and cannot be built.
	ErrNoHarness = errors.New("oracle: harness binary not available (scripts/build-harness.sh needs the powerpc64 cross compilers)")
)

// Skip reasons given to vectors the harness did not answer.
const (
	WhyCrash   = "qemu-crash"   // the process exited
	WhyHang    = "qemu-hang"    // no answer within the timeout
	WhyGarbled = "qemu-garbled" // the answer did not parse or had another ID
)

// Config configures an Oracle. The zero value runs little-endian with one
// process per CPU and a 5 s timeout.
type Config struct {
	BE      bool          // big-endian harness (qemu-ppc64, harness-be)
	Procs   int           // harness processes; 0 means runtime.NumCPU()
	Timeout time.Duration // per vector; 0 means 5 s
	Root    string        // module root; "" means the go.mod directory above the working directory
	// Command, if set, is the harness command line (argv), replacing
	// "qemu-ppc64le -cpu power10 ROOT/build/harness-le".
	Command []string
	// Chunk is the number of consecutive vectors a worker takes at a time;
	// 0 means 512.
	Chunk int
	// Log, if set, receives one line per crash, hang or restart (with the
	// tail of the process's stderr).
	Log func(format string, args ...any)
}

// Oracle runs vectors through harness processes. It is safe for concurrent
// use; each Run starts its own processes.
type Oracle struct {
	cfg  Config
	argv []string
}

// New checks that QEMU and the harness are available (building the harness
// if needed) and returns an Oracle.
func New(cfg Config) (*Oracle, error) {
	if cfg.Procs <= 0 {
		cfg.Procs = runtime.NumCPU()
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Chunk <= 0 {
		cfg.Chunk = 512
	}
	o := &Oracle{cfg: cfg}
	if len(cfg.Command) > 0 {
		o.argv = cfg.Command
		return o, nil
	}
	qemu, bin := "qemu-ppc64le", "harness-le"
	if cfg.BE {
		qemu, bin = "qemu-ppc64", "harness-be"
	}
	qpath, err := exec.LookPath(qemu)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoQEMU, err)
	}
	root := cfg.Root
	if root == "" {
		if root, err = moduleRoot(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNoHarness, err)
		}
	}
	hpath, err := harness(root, bin)
	if err != nil {
		return nil, err
	}
	o.argv = []string{qpath, "-cpu", "power10", hpath}
	return o, nil
}

// Command returns the harness command line the Oracle runs.
func (o *Oracle) Command() []string { return append([]string(nil), o.argv...) }

// moduleRoot finds the directory holding go.mod, from the working directory up.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}

var buildMu sync.Mutex

// harness returns the path of root/build/<bin>, running
// scripts/build-harness.sh first if it does not exist or is older than
// harness/harness.c (a stale binary would speak an older trace format).
func harness(root, bin string) (string, error) {
	p := filepath.Join(root, "build", bin)
	src := filepath.Join(root, "harness", "harness.c")
	current := func() bool {
		b, err := os.Stat(p)
		if err != nil {
			return false
		}
		s, err := os.Stat(src)
		return err != nil || !b.ModTime().Before(s.ModTime())
	}
	if current() {
		return p, nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if current() {
		return p, nil
	}
	script := filepath.Join(root, "scripts", "build-harness.sh")
	if _, err := os.Stat(script); err != nil {
		return "", fmt.Errorf("%w: %s missing and no %s", ErrNoHarness, p, script)
	}
	cmd := exec.Command("bash", script)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v\n%s", ErrNoHarness, script, err, tail(out, 2000))
	}
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%w: %s did not produce %s", ErrNoHarness, script, p)
	}
	return p, nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.TrimSpace(string(b))
}

// Stats counts what happened during a Run.
type Stats struct {
	Vectors  int // vectors run
	Crashes  int // vectors marked qemu-crash
	Hangs    int // vectors marked qemu-hang
	Garbled  int // vectors marked qemu-garbled
	Restarts int // processes started beyond the first per worker
}

// Run sends the vectors to fresh harness processes and returns one trace
// line per vector, in input order. A vector the harness did not answer has
// Status skip with Why WhyCrash, WhyHang or WhyGarbled. Run fails only if
// ctx ends or a process cannot be started at all.
func (o *Oracle) Run(ctx context.Context, vecs []trace.Vector) ([]trace.Line, error) {
	lines, _, err := o.RunStats(ctx, vecs)
	return lines, err
}

// RunStats is Run, also returning counts of crashes, hangs and restarts.
func (o *Oracle) RunStats(ctx context.Context, vecs []trace.Vector) ([]trace.Line, Stats, error) {
	out := make([]trace.Line, len(vecs))
	chunks := make(chan [2]int)
	go func() {
		defer close(chunks)
		for i := 0; i < len(vecs); i += o.cfg.Chunk {
			select {
			case chunks <- [2]int{i, min(i+o.cfg.Chunk, len(vecs))}:
			case <-ctx.Done():
				return
			}
		}
	}()
	procs := min(o.cfg.Procs, (len(vecs)+o.cfg.Chunk-1)/o.cfg.Chunk)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		total    Stats
		firstErr error
	)
	for range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{o: o}
			defer w.stop()
			for c := range chunks {
				for i := c[0]; i < c[1]; i++ {
					if err := ctx.Err(); err != nil {
						mu.Lock()
						firstErr = firstOf(firstErr, err)
						mu.Unlock()
						return
					}
					l, err := w.run(ctx, &vecs[i])
					if err != nil {
						mu.Lock()
						firstErr = firstOf(firstErr, err)
						mu.Unlock()
						return
					}
					out[i] = l
				}
			}
			mu.Lock()
			total.add(w.stats)
			mu.Unlock()
		}()
	}
	wg.Wait()
	total.Vectors = len(vecs)
	if firstErr != nil {
		// Drain the chunk feeder.
		for range chunks {
		}
		return nil, total, firstErr
	}
	return out, total, nil
}

func firstOf(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func (s *Stats) add(t Stats) {
	s.Crashes += t.Crashes
	s.Hangs += t.Hangs
	s.Garbled += t.Garbled
	s.Restarts += t.Restarts
}

// worker owns one harness process at a time.
type worker struct {
	o       *Oracle
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string // trace lines from the reader goroutine; closed at EOF
	stderr  *tailBuffer
	started int
	stats   Stats
}

func (w *worker) start() error {
	argv := w.o.argv
	cmd := exec.Command(argv[0], argv[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	w.stderr = &tailBuffer{max: 4096}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("oracle: starting %s: %w", strings.Join(argv, " "), err)
	}
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<16), 1<<24)
		for sc.Scan() {
			s := sc.Text()
			if s == "" || s[0] == '#' {
				continue // header lines and echoed comments
			}
			lines <- s
		}
	}()
	w.cmd, w.stdin, w.lines = cmd, stdin, lines
	if w.started > 0 {
		w.stats.Restarts++
	}
	w.started++
	return nil
}

// stop kills the process (if any) and reaps it.
func (w *worker) stop() {
	if w.cmd == nil {
		return
	}
	w.stdin.Close()
	if w.cmd.Process != nil {
		w.cmd.Process.Kill()
	}
	for range w.lines {
	}
	w.cmd.Wait()
	w.cmd = nil
}

// run sends one vector and waits for its trace line.
func (w *worker) run(ctx context.Context, v *trace.Vector) (trace.Line, error) {
	if w.cmd == nil {
		if err := w.start(); err != nil {
			return trace.Line{}, err
		}
	}
	in := *v
	in.Comment = ""
	skip := func(why string) trace.Line {
		l := trace.Line{Vector: *v, Result: &trace.Result{Status: trace.StatusSkip, Why: why}}
		w.logf("%s: %s after %q; stderr: %s", why, strings.Join(w.o.argv, " "), in.String(), w.stderr.String())
		w.stop()
		return l
	}
	if _, err := io.WriteString(w.stdin, in.String()+"\n"); err != nil {
		w.stats.Crashes++
		return skip(WhyCrash), nil
	}
	timer := time.NewTimer(w.o.cfg.Timeout)
	defer timer.Stop()
	select {
	case s, ok := <-w.lines:
		if !ok {
			w.stats.Crashes++
			return skip(WhyCrash), nil
		}
		l, err := trace.ParseLine(s)
		if err != nil || l.ID != v.ID || l.Result == nil {
			w.stats.Garbled++
			w.logf("garbled answer to %s: %q (%v)", v.ID, s, err)
			return skip(WhyGarbled), nil
		}
		l.Vector = *v // keep the comment and the exact input
		return l, nil
	case <-timer.C:
		w.stats.Hangs++
		return skip(WhyHang), nil
	case <-ctx.Done():
		return trace.Line{}, ctx.Err()
	}
}

func (w *worker) logf(format string, args ...any) {
	if w.o.cfg.Log != nil {
		w.o.cfg.Log(format, args...)
	}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.b))
}

// Difference is a vector whose result depends on the order of the batch.
type Difference struct {
	Index            int
	Forward, Reverse trace.Line
}

// RunTwoOrders runs vecs forward and then in reverse order, each with fresh
// processes, and returns the forward lines and the vectors whose results
// differ between the two runs (vectors skipped in both runs for the same
// reason do not differ).
func (o *Oracle) RunTwoOrders(ctx context.Context, vecs []trace.Vector) ([]trace.Line, []Difference, error) {
	fwd, err := o.Run(ctx, vecs)
	if err != nil {
		return nil, nil, err
	}
	rev := make([]trace.Vector, len(vecs))
	for i := range vecs {
		rev[len(vecs)-1-i] = vecs[i]
	}
	back, err := o.Run(ctx, rev)
	if err != nil {
		return nil, nil, err
	}
	var diffs []Difference
	for i := range vecs {
		f, r := fwd[i], back[len(vecs)-1-i]
		if f.Result.String() != r.Result.String() {
			diffs = append(diffs, Difference{Index: i, Forward: f, Reverse: r})
		}
	}
	return fwd, diffs, nil
}
