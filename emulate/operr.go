package emulate

import (
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/ppc64emu/ppc64emu/decode"
)

// opErrs is one outcome (Kind, Reason, Err) that any op can have; get
// gives the op's shared *OpError for it (see refuse).
type opErrs struct {
	kind   error
	reason string
	err    error
}

// get returns the outcome's error for op. Its key names c as its source,
// so finding it compares one pointer per key of the op.
func (c *opErrs) get(op decode.Op) error {
	if int(op) < len(refusals) {
		if s := refusals[op].Load(); s != nil {
			for i := range s.keys {
				if s.keys[i].src == c {
					return s.errs[i]
				}
			}
		}
	}
	return refuse(refusalKey{op: op, src: c, kind: c.kind, err: c.err, reason: [4]string{c.reason}})
}

// refusalKey is one refusal of one op: its outcome and the parts its reason
// is the concatenation of. The parts are constant strings or names from a
// fixed set (a Profile's, a Level's), so the key set is finite. err is nil
// or a sentinel such as decode.ErrInvalidForm: keys are compared with ==,
// so its dynamic type must be comparable (an error value that differs per
// step would also make the set grow without bound).
type refusalKey struct {
	op     decode.Op
	src    *opErrs // the opErrs the refusal is one of, or nil
	kind   error
	err    error
	reason [4]string
}

// refusalSet is the refusals made so far for one op, each with its key.
// A published set is never modified: refuse replaces it with a longer copy.
type refusalSet struct {
	keys []refusalKey
	errs []*OpError
}

// refusals holds every refusal a step gives, one *OpError per op and key,
// made on first use (the reason concatenated then) and shared after that:
// a refusal allocates nothing in a step loop, and finding it takes one
// atomic load and a scan of the op's few keys, no lock. The values are
// shared: a caller must treat an *OpError it got from a step as read-only
// (see OpError). Package variable initialisers may build refusals.
var refusals [decode.NumOps]atomic.Pointer[refusalSet]

// refuse returns the shared *OpError for k.
func refuse(k refusalKey) *OpError {
	if int(k.op) >= len(refusals) {
		return newRefusal(&k)
	}
	slot := &refusals[k.op]
	cur := slot.Load()
	if e := cur.find(&k); e != nil {
		return e
	}
	return addRefusal(slot, cur, &k)
}

// find returns the refusal of s for k, or nil. The keys of s are all of
// k's op, so it is not compared.
func (s *refusalSet) find(k *refusalKey) *OpError {
	if s == nil {
		return nil
	}
	for i := range s.keys {
		if sk := &s.keys[i]; sameText(&sk.reason, &k.reason) && sk.src == k.src && sk.kind == k.kind && sk.err == k.err {
			return s.errs[i]
		}
	}
	return nil
}

// sameText reports whether a and b hold the same parts. The parts are
// nearly always the same constant strings, so equal pointers and lengths
// decide most comparisons without reading the text.
func sameText(a, b *[4]string) bool {
	for i := range a {
		x, y := a[i], b[i]
		if len(x) != len(y) || len(x) != 0 && unsafe.StringData(x) != unsafe.StringData(y) && x != y {
			return false
		}
	}
	return true
}

// addRefusal publishes in slot a set with k's refusal added to cur (the
// set refuse saw), unless another goroutine published it first, and
// returns the refusal.
func addRefusal(slot *atomic.Pointer[refusalSet], cur *refusalSet, k *refusalKey) *OpError {
	e := newRefusal(k)
	for {
		next := &refusalSet{keys: []refusalKey{*k}, errs: []*OpError{e}}
		if cur != nil {
			next.keys = append(next.keys, cur.keys...)
			next.errs = append(next.errs, cur.errs...)
		}
		if slot.CompareAndSwap(cur, next) {
			return e
		}
		cur = slot.Load()
		if found := cur.find(k); found != nil {
			return found
		}
	}
}

// newRefusal makes the *OpError for k.
func newRefusal(k *refusalKey) *OpError {
	return &OpError{Op: k.op, Kind: k.kind, Reason: strings.Join(k.reason[:], ""), Err: k.err}
}

// refusal is the refusal of op with outcome kind (one of the sentinels),
// a constant reason and an underlying error (or nil), shared as refuse
// says. Every refusal a step builds goes through refuse.
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
