package debug

import (
	"errors"
	"slices"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// ErrNoHistory is returned by Recorder.StepBack when nothing is recorded.
var ErrNoHistory = errors.New("debug: no recorded step to undo")

// Recorder is an emulate.Observer that keeps the effects of the last Limit
// successful steps (all of them if Limit is 0), like GDB's process record:
// StepBack undoes them one by one. Attach it with Emulator.SetObserver.
// Failed steps have no effects and are not kept.
//
// Once Limit steps are kept, each new step takes the storage of the one it
// drops (a ring), so recording costs no allocation and no copying of the
// history; a *StepRecord from Records is valid until its step is dropped
// (by the Limit, StepBack or Reset).
type Recorder struct {
	Limit int // the most steps kept (the oldest are dropped first); 0: no limit
	// recs holds the steps, oldest first from recs[start] on, wrapping
	// round; start is 0 until a full history drops its first step.
	recs  []*emulate.StepRecord
	start int
}

// ObserveStep implements emulate.Observer.
func (rc *Recorder) ObserveStep(rec *emulate.StepRecord) {
	if rec.Err != nil {
		return
	}
	if rc.Limit > 0 && len(rc.recs) >= rc.Limit {
		if len(rc.recs) > rc.Limit { // Limit lowered since: drop the oldest
			rc.linearize()
			rc.recs = rc.recs[len(rc.recs)-rc.Limit:]
		}
		rc.recs[rc.start].CopyFrom(rec)
		rc.start = (rc.start + 1) % len(rc.recs)
		return
	}
	rc.linearize()
	if n := len(rc.recs); n < cap(rc.recs) {
		if dst := rc.recs[:n+1][n]; dst != nil { // storage of a step dropped by StepBack or Reset
			dst.CopyFrom(rec)
			rc.recs = rc.recs[:n+1]
			return
		}
	}
	rc.recs = append(rc.recs, rec.Clone())
}

// linearize rotates the ring so that the oldest step is recs[0].
func (rc *Recorder) linearize() {
	if rc.start == 0 {
		return
	}
	slices.Reverse(rc.recs[:rc.start])
	slices.Reverse(rc.recs[rc.start:])
	slices.Reverse(rc.recs)
	rc.start = 0
}

// Len returns the number of recorded steps.
func (rc *Recorder) Len() int { return len(rc.recs) }

// Records returns the recorded steps, oldest first. The slice is the
// Recorder's own.
func (rc *Recorder) Records() []*emulate.StepRecord {
	rc.linearize()
	return rc.recs
}

// Reset forgets every recorded step.
func (rc *Recorder) Reset() { rc.recs, rc.start = rc.recs[:0], 0 }

// StepBack undoes the most recent recorded step on c (registers,
// reservation, copy buffer, primed accumulators) and m and forgets it.
// The state must be the one the recorded steps left (nothing else may have
// changed it since).
func (rc *Recorder) StepBack(c *emulate.Context, m emulate.Memory) error {
	if len(rc.recs) == 0 {
		return ErrNoHistory
	}
	rc.linearize()
	rec := rc.recs[len(rc.recs)-1]
	if err := rec.Undo(c, m); err != nil {
		return err
	}
	rc.recs = rc.recs[:len(rc.recs)-1]
	return nil
}
