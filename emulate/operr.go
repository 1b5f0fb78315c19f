package emulate

import (
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/decode"
)

// opErrs holds one *OpError per op for one outcome (Kind, Reason, Err),
// made on the op's first refusal and shared after that, so a refusal
// allocates at most once per op in the life of the program (zero in a
// step loop). The values are shared: a caller must treat an *OpError it
// got from a step as read-only (see OpError).
type opErrs struct {
	kind   error
	reason string
	err    error
	t      [decode.NumOps]atomic.Pointer[OpError]
}

// get returns the outcome's error for op.
func (c *opErrs) get(op decode.Op) error {
	if int(op) >= len(c.t) {
		return &OpError{Op: op, Kind: c.kind, Reason: c.reason, Err: c.err}
	}
	if e := c.t[op].Load(); e != nil {
		return e
	}
	e := &OpError{Op: op, Kind: c.kind, Reason: c.reason, Err: c.err}
	if !c.t[op].CompareAndSwap(nil, e) {
		return c.t[op].Load()
	}
	return e
}

// The outcomes every op can have, whatever its semantics.
var (
	errFacility = [...]*opErrs{ // in facilityMSR's order
		{kind: ErrUnavailable, reason: facilityMSR[0].reason},
		{kind: ErrUnavailable, reason: facilityMSR[1].reason},
		{kind: ErrUnavailable, reason: facilityMSR[2].reason},
	}
	errProblemState     = &opErrs{kind: ErrPrivileged, reason: "problem state"}
	errProblemStateQEMU = &opErrs{kind: ErrIllegal, reason: "problem state (qemu profile: illegal instruction)"}
	errReservedQEMU     = &opErrs{kind: ErrIllegal, reason: "reserved bits set (qemu profile)", err: decode.ErrReservedBits}
	errInvalidFormQEMU  = &opErrs{kind: ErrIllegal, reason: "invalid form (qemu profile)", err: decode.ErrInvalidForm}
)
