// Package oracle runs reference vectors through QEMU 7.2 (qemu-user, -cpu
// power10) with the project's reference harness and compares the results
// with the emulator: the differential testing the project does, usable from
// any module.
//
// The parts, each usable alone:
//
//   - Generate makes random vectors for one op (every encoding of exactly
//     that op, register and memory state biased to edge values), in the
//     trace format (package trace; the format is specified in
//     docs/trace-format.md).
//   - New starts the harness under QEMU; Oracle.Run sends vectors and
//     returns one trace line per vector.
//   - Oracle.Live keeps one harness process running across calls and
//     answers one vector at a time (Live.RunOne) in about a tenth of a
//     millisecond instead of a process start per call: what a Go fuzz
//     target comparing the emulator with QEMU input by input uses
//     (FuzzDifferential in this package's tests).
//   - Campaign runs the loop over ops and byte orders: Generate (or its
//     Vectors hook), the harness (or any Runner, such as Recorded, which
//     answers from recorded traces), and, with Campaign.Checker, the replay
//     of every result on the emulator (package trace's Checker, under the
//     QEMU profile), tallied per op with the disagreements kept.
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
// Oracle.Run starts its processes per call; a Pool keeps them running from
// call to call (a Campaign uses one per byte order), and a Live is one
// process fed one vector at a time.
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
// New looks for qemu-ppc64le or qemu-ppc64 in PATH. The harness is
// Config.Harness if set (a binary built by scripts/build-harness.sh, for
// example); otherwise New compiles the harness source this module ships
// (harness/harness.c in this package's directory) with powerpc64le-linux-gnu-gcc or
// powerpc64-linux-gnu-gcc into the user's cache directory
// (os.UserCacheDir()/ppc64emu/harness-HASH/, HASH naming the source,
// flags and compiler), once; later calls reuse the binary. Nothing is
// looked up relative to the working directory, so it works from any
// module.
//
// When something is missing New returns a *SetupError naming the program
// and what to install; errors.Is tells ErrNoQEMU, ErrNoCompiler (which is
// also ErrNoHarness) and ErrNoHarness apart. Tests skip when
// Unavailable(err) (QEMU or the compiler not installed) and fail on any
// other error.
// Config.Command replaces the whole command line, for tests that simulate
// a crashing harness.
package oracle

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
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

// Sentinel errors of New, wrapped in a *SetupError; test with errors.Is.
var (
	// ErrNoQEMU: qemu-ppc64le / qemu-ppc64 is not installed.
	ErrNoQEMU = errors.New("oracle: qemu-user for powerpc64 not found")
	// ErrNoHarness: the harness binary is missing and cannot be built.
	ErrNoHarness = errors.New("oracle: reference harness not available")
	// ErrNoCompiler: the powerpc64 cross compiler that builds the harness
	// is not installed. errors.Is(ErrNoCompiler, ErrNoHarness) is true.
	ErrNoCompiler = fmt.Errorf("%w: powerpc64 cross compiler not found", ErrNoHarness)
)

// SetupError is New's error when QEMU or the harness is not available.
type SetupError struct {
	Err     error  // ErrNoQEMU, ErrNoCompiler or ErrNoHarness
	Program string // the missing program or file (e.g. "qemu-ppc64le", "powerpc64le-linux-gnu-gcc")
	Hint    string // what to install or pass, for the message
	Detail  string // compiler output and the like; may be empty
}

func (e *SetupError) Error() string {
	s := fmt.Sprintf("%v: %s", e.Err, e.Program)
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	if e.Detail != "" {
		s += "\n" + e.Detail
	}
	return s
}

// Unwrap returns Err, so that errors.Is matches the sentinels.
func (e *SetupError) Unwrap() error { return e.Err }

// Unavailable reports whether err says that QEMU or the cross compiler is
// not installed: what a test skips on. A harness that fails to build with
// the compiler present, or a Config.Harness that does not exist, is not
// "unavailable" but an error.
func Unavailable(err error) bool {
	return errors.Is(err, ErrNoQEMU) || errors.Is(err, ErrNoCompiler)
}

// Skip reasons given to vectors the harness did not answer.
const (
	WhyCrash   = "qemu-crash"   // the process exited
	WhyHang    = "qemu-hang"    // no answer within the timeout
	WhyGarbled = "qemu-garbled" // the answer did not parse or had another ID
)

// Config configures an Oracle. The zero value runs little-endian with one
// process per CPU and a 5 s timeout, building the harness into the user's
// cache directory.
type Config struct {
	BE      bool          // big-endian harness (qemu-ppc64, the ELFv1 build)
	Procs   int           // harness processes; 0 means runtime.NumCPU()
	Timeout time.Duration // per vector; 0 means 5 s
	// Harness is the path of a harness binary of the configured byte order
	// (for example build/harness-le from scripts/build-harness.sh); ""
	// means build it into CacheDir.
	Harness string
	// CacheDir is where the harness is built; "" means
	// os.UserCacheDir()/ppc64emu.
	CacheDir string
	// Command, if set, is the harness command line (argv), replacing
	// "qemu-ppc64le -cpu power10 HARNESS".
	Command []string
	// Chunk is the number of consecutive vectors a worker takes at a time;
	// 0 means 512.
	Chunk int
	// Log, if set, receives one line per crash, hang or restart (with the
	// tail of the process's stderr).
	Log func(format string, args ...any)
}

// Oracle runs vectors through harness processes. It is safe for concurrent
// use; each Run starts its own processes (Live keeps one running).
type Oracle struct {
	cfg  Config
	argv []string
}

// New checks that QEMU and the harness are available (building the harness
// if needed) and returns an Oracle. Its error is a *SetupError when they
// are not.
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
	qemu := "qemu-ppc64le"
	if cfg.BE {
		qemu = "qemu-ppc64"
	}
	qpath, err := exec.LookPath(qemu)
	if err != nil {
		return nil, &SetupError{Err: ErrNoQEMU, Program: qemu, Hint: "install qemu-user; Debian: apt-get install qemu-user"}
	}
	hpath := cfg.Harness
	if hpath != "" {
		if _, err := os.Stat(hpath); err != nil {
			return nil, &SetupError{Err: ErrNoHarness, Program: hpath, Hint: "the harness given does not exist", Detail: err.Error()}
		}
	} else if hpath, err = Build(cfg.CacheDir, cfg.BE); err != nil {
		return nil, err
	}
	o.argv = []string{qpath, "-cpu", "power10", hpath}
	return o, nil
}

// Command returns the harness command line the Oracle runs.
func (o *Oracle) Command() []string { return append([]string(nil), o.argv...) }

var buildMu sync.Mutex

// Build compiles the harness of one byte order into dir (""
// means os.UserCacheDir()/ppc64emu, or a per-user directory under
// os.TempDir() when there is no user cache directory) unless it is there already, and
// returns the binary's path: DIR/harness-HASH/harness-le (or -be), HASH
// naming the source, the flags and the compiler, so a changed harness or
// compiler gets a new binary. Its error is a *SetupError (ErrNoCompiler
// when the cross compiler is not in PATH).
func Build(dir string, be bool) (string, error) {
	cc, name := compilerLE, "harness-le"
	if be {
		cc, name = compilerBE, "harness-be"
	}
	ccPath, err := exec.LookPath(cc)
	if err != nil {
		return "", &SetupError{Err: ErrNoCompiler, Program: cc,
			Hint: "install the powerpc64 cross compilers (Debian: apt-get install gcc-powerpc64le-linux-gnu gcc-powerpc64-linux-gnu) or give a prebuilt harness (Config.Harness, ppc64emu oracle -harness)"}
	}
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			// No $HOME or $XDG_CACHE_HOME (a bare CI container):
			// a directory of this user under the temporary one.
			cache = filepath.Join(os.TempDir(), fmt.Sprintf("ppc64emu-cache-%d", os.Getuid()))
		}
		dir = filepath.Join(cache, "ppc64emu")
	}
	h := sha256.New()
	h.Write(harnessSource)
	fmt.Fprintf(h, "\x00%s\x00%s", strings.Join(harnessCFlags, " "), ccPath)
	if fi, err := os.Stat(ccPath); err == nil {
		fmt.Fprintf(h, "\x00%d\x00%d", fi.Size(), fi.ModTime().UnixNano())
	}
	sub := filepath.Join(dir, "harness-"+hex.EncodeToString(h.Sum(nil))[:16])
	bin := filepath.Join(sub, name)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	fail := func(err error, detail string) (string, error) {
		if detail == "" {
			detail = err.Error()
		}
		return "", &SetupError{Err: ErrNoHarness, Program: bin, Hint: "building the harness failed", Detail: detail}
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return fail(err, "")
	}
	// Build in a directory of this call and rename into place, so that
	// another process building at the same time never reads a half-written
	// source nor runs a half-written binary.
	work, err := os.MkdirTemp(sub, "build-*")
	if err != nil {
		return fail(err, "")
	}
	defer os.RemoveAll(work)
	src := filepath.Join(work, "harness.c")
	if err := os.WriteFile(src, harnessSource, 0o644); err != nil {
		return fail(err, "")
	}
	out := filepath.Join(work, name)
	args := append(append([]string(nil), harnessCFlags...), "-o", out, src)
	if msg, err := exec.Command(ccPath, args...).CombinedOutput(); err != nil {
		return fail(err, fmt.Sprintf("%s %s: %v\n%s", cc, strings.Join(args, " "), err, tail(msg, 2000)))
	}
	// The source goes next to the binary, for whoever debugs it.
	if err := os.Rename(src, filepath.Join(sub, "harness.c")); err != nil {
		return fail(err, "")
	}
	if err := os.Rename(out, bin); err != nil {
		return fail(err, "")
	}
	return bin, nil
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
	ws := make([]*worker, min(o.cfg.Procs, (len(vecs)+o.cfg.Chunk-1)/o.cfg.Chunk))
	for i := range ws {
		ws[i] = &worker{o: o}
	}
	defer func() {
		for _, w := range ws {
			w.stop()
		}
	}()
	return o.runOn(ctx, ws, vecs)
}

// runOn shares the vectors out to the workers in chunks (each worker
// takes the next chunk and runs it in its process, started if it has
// none) and returns the lines in input order, with the workers' counts of
// this call.
func (o *Oracle) runOn(ctx context.Context, ws []*worker, vecs []trace.Vector) ([]trace.Line, Stats, error) {
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
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		total    Stats
		firstErr error
	)
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			before := w.stats
			defer func() {
				mu.Lock()
				total.add(w.stats.sub(before))
				mu.Unlock()
			}()
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

func (s Stats) sub(t Stats) Stats {
	return Stats{Crashes: s.Crashes - t.Crashes, Hangs: s.Hangs - t.Hangs, Garbled: s.Garbled - t.Garbled, Restarts: s.Restarts - t.Restarts}
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
		// stop first: its Wait waits for the copy of the process's
		// stderr, which may still be on its way when stdout has closed.
		w.stop()
		w.logf("%s: %s after %q; stderr: %s", why, strings.Join(w.o.argv, " "), in.String(), w.stderr.String())
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
		// The answer may still come: the process must not be asked again.
		w.stop()
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
