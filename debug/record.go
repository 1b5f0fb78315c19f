package debug

import (
	"errors"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
)

// ErrNoHistory is returned by Recorder.StepBack when nothing is recorded.
var ErrNoHistory = errors.New("debug: no recorded step to undo")

// Recorder is an emulate.Observer that keeps the effects of the last Limit
// successful steps (all of them if Limit is 0), like GDB's process record:
// StepBack undoes them one by one. Attach it with Emulator.SetObserver.
// Failed steps have no effects and are not kept.
type Recorder struct {
	Limit int // the most steps kept (the oldest are dropped first); 0: no limit
	recs  []*emulate.StepRecord
}

// ObserveStep implements emulate.Observer.
func (rc *Recorder) ObserveStep(rec *emulate.StepRecord) {
	if rec.Err != nil {
		return
	}
	if rc.Limit > 0 && len(rc.recs) >= rc.Limit {
		n := copy(rc.recs, rc.recs[1:])
		rc.recs = rc.recs[:n]
	}
	rc.recs = append(rc.recs, rec.Clone())
}

// Len returns the number of recorded steps.
func (rc *Recorder) Len() int { return len(rc.recs) }

// Records returns the recorded steps, oldest first. The slice is the
// Recorder's own.
func (rc *Recorder) Records() []*emulate.StepRecord { return rc.recs }

// Reset forgets every recorded step.
func (rc *Recorder) Reset() { rc.recs = rc.recs[:0] }

// StepBack undoes the most recent recorded step on r and m and forgets it.
// The state must be the one the recorded steps left (nothing else may have
// changed it since).
func (rc *Recorder) StepBack(r *regs.Regs, m emulate.Memory) error {
	if len(rc.recs) == 0 {
		return ErrNoHistory
	}
	rec := rc.recs[len(rc.recs)-1]
	if err := rec.Undo(r, m); err != nil {
		return err
	}
	rc.recs = rc.recs[:len(rc.recs)-1]
	return nil
}
