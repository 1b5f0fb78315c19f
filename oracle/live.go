package oracle

import (
	"context"
	"errors"
	"sync"

	"github.com/ppc64emu/ppc64emu/trace"
)

// ErrClosed is returned by a Live used after Close.
var ErrClosed = errors.New("oracle: live oracle closed")

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
// fresh processes.
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
