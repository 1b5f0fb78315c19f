package oracle

import (
	"context"
	"errors"
	"sync"

	"github.com/ppc64emu/ppc64emu/trace"
)

// ErrClosed is returned by a Live or Pool used after Close.
var ErrClosed = errors.New("oracle: harness processes closed")

// Live is one harness process kept running across calls: a caller feeds it
// vectors one at a time (RunOne) and gets QEMU's answer back in about the
// time of a pipe round trip plus one instruction under QEMU, instead of the
// start-up of a QEMU process per call that Oracle.Run pays. It is what a Go
// fuzz target comparing the emulator with QEMU input by input uses
// (FuzzDifferential in this package).
//
// The process is started on first use and restarted after a crash, hang or
// garbled answer, exactly as Run's workers do: the vector then comes back
// as "st=skip why=qemu-crash" (WhyCrash, WhyHang, WhyGarbled) and the next
// one runs in a new process. When ctx ends while a vector is running, the
// process is stopped too (its late answer must not be read as the next
// vector's), and the call returns ctx's error.
//
// No state carries over from one vector to the next: the harness loads
// every register of the trace format from the vector (unset ones as 0),
// refills the scratch memory, undoes stores into the code page, clears the
// load reservation and brings QEMU's hidden floating-point status in line
// with the FPSCR; instructions whose effect would outlive the vector in
// state the format does not carry are refused ("st=skip why=spr-uncaptured"
// and the like; see harness/README.md). TestLiveNoLeak checks this against
// fresh processes. One known exception is QEMU's own: the si_addr of a
// SIGSEGV from lwat, ldat, stwat or stdat with a reserved function code is
// the address of the process's previous SIGSEGV (or 0), which trace
// replay accepts as a divergence.
//
// A Live serves one byte order (its Oracle's Config.BE). It is safe for
// concurrent use, but runs one vector at a time: calls wait for each other.
// For parallelism use one Live per goroutine. Close stops the process.
type Live struct {
	mu     sync.Mutex
	w      worker
	closed bool
}

// Live returns a persistent harness process of o's configuration (byte
// order, command, timeout, Log). The process starts on the first call.
func (o *Oracle) Live() *Live {
	return &Live{w: worker{o: o}}
}

// RunOne runs one vector and returns its trace line (the vector with its
// result). A vector the harness did not answer has Status skip with Why
// WhyCrash, WhyHang or WhyGarbled. The error is non-nil only when ctx ends,
// when the process cannot be started, or (ErrClosed) after Close.
func (l *Live) RunOne(ctx context.Context, v trace.Vector) (trace.Line, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return trace.Line{}, ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return trace.Line{}, err
	}
	return l.w.run(ctx, &v)
}

// Run runs the vectors one after the other in the one process and returns
// one trace line per vector, in input order, so that a Live can be a
// Campaign's Runner. Errors are those of RunOne.
func (l *Live) Run(ctx context.Context, vecs []trace.Vector) ([]trace.Line, error) {
	out := make([]trace.Line, len(vecs))
	for i := range vecs {
		line, err := l.RunOne(ctx, vecs[i])
		if err != nil {
			return nil, err
		}
		out[i] = line
	}
	return out, nil
}

// Stats returns the counts of crashes, hangs, garbled answers and restarts
// so far; Vectors is not counted.
func (l *Live) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.stats
}

// Close stops the harness process (waiting for a vector in progress, at
// most the timeout). Later calls return ErrClosed; Close itself can be
// called more than once.
func (l *Live) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	l.w.stop()
	return nil
}

// Pool is Config.Procs harness processes kept running between calls: Run
// shares a batch out to them in chunks exactly as Oracle.Run does, but
// without starting QEMU for every call, which dominates short batches
// (measured under load: a QEMU start-up of the harness takes 0.2–0.4 s of
// wall time). A Campaign runs each byte order on a Pool unless TwoOrders
// is set. Processes start on first use and are restarted after a crash,
// hang or garbled answer, as Run's are; state does not carry over from
// one vector to the next (see Live).
//
// A Pool is safe for concurrent use; calls of Run wait for each other.
// Close stops the processes.
type Pool struct {
	o      *Oracle
	mu     sync.Mutex
	ws     []*worker
	closed bool
}

// Pool returns a pool of o's configuration (byte order, Procs, Chunk,
// timeout, command, Log).
func (o *Oracle) Pool() *Pool {
	return &Pool{o: o}
}

// Run runs the vectors and returns one trace line per vector, in input
// order, as Oracle.Run does. The error is non-nil only when ctx ends, when
// a process cannot be started, or (ErrClosed) after Close.
func (p *Pool) Run(ctx context.Context, vecs []trace.Vector) ([]trace.Line, error) {
	lines, _, err := p.RunStats(ctx, vecs)
	return lines, err
}

// RunStats is Run, also returning counts of crashes, hangs and restarts
// during the call.
func (p *Pool) RunStats(ctx context.Context, vecs []trace.Vector) ([]trace.Line, Stats, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, Stats{}, ErrClosed
	}
	n := min(p.o.cfg.Procs, (len(vecs)+p.o.cfg.Chunk-1)/p.o.cfg.Chunk)
	for len(p.ws) < n {
		p.ws = append(p.ws, &worker{o: p.o})
	}
	return p.o.runOn(ctx, p.ws[:n], vecs)
}

// Close stops the processes (waiting for a Run in progress). Later calls
// return ErrClosed; Close itself can be called more than once.
func (p *Pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for _, w := range p.ws {
		w.stop()
	}
	return nil
}
