package emulate

import (
	"strings"
	"sync"
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

// refusalKey is one refusal of one op: its outcome and the parts its reason
// is the concatenation of. The parts are constant strings or names from a
// fixed set (a Profile's, a Level's), so the key set is finite. err is nil
// or a sentinel such as decode.ErrInvalidForm: the key is a map key, so its
// dynamic type must be comparable (an error value that differs per step
// would also make the set grow without bound).
type refusalKey struct {
	op     decode.Op
	kind   error
	err    error
	reason [4]string
}

// refusals holds the refusals whose reason depends on the step (the call
// site's text, the profile, the ISA level), one *OpError per op and text,
// made on first use (the reason concatenated then) and shared after that,
// as opErrs does for the fixed outcomes: a refusal allocates nothing in a
// step loop. Its map is made on first use, so package variable
// initialisers may build refusals.
var refusals struct {
	mu sync.RWMutex
	m  map[refusalKey]*OpError
}

// refuse returns the shared *OpError for k.
func refuse(k refusalKey) *OpError {
	refusals.mu.RLock()
	e := refusals.m[k]
	refusals.mu.RUnlock()
	if e != nil {
		return e
	}
	refusals.mu.Lock()
	defer refusals.mu.Unlock()
	if e := refusals.m[k]; e != nil {
		return e
	}
	if refusals.m == nil {
		refusals.m = map[refusalKey]*OpError{}
	}
	e = &OpError{Op: k.op, Kind: k.kind, Reason: strings.Join(k.reason[:], ""), Err: k.err}
	refusals.m[k] = e
	return e
}

// refusal is the refusal of op with outcome kind (one of the sentinels),
// a constant reason and an underlying error (or nil), shared as refuse
// says. Every refusal a step builds goes through it or opErrs.
func refusal(op decode.Op, kind error, reason string, err error) *OpError {
	return refuse(refusalKey{op: op, kind: kind, err: err, reason: [4]string{reason}})
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
