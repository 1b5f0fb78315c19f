package debug

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/branch"
	"github.com/ppc64emu/ppc64emu/regs"
)

// AtomicWindow is how many instructions after a load-and-reserve are
// searched for its store-conditional: GDB's limit (atomic_sequence_length).
// A prefixed instruction counts as one.
const AtomicWindow = 16

// Errors of FindAtomicSequence, wrapped in an *AtomicError; test with
// errors.Is.
var (
	// ErrNotLoadReserve: the instruction at the start address is not a
	// load-and-reserve (lbarx, lharx, lwarx, ldarx, lqarx).
	ErrNotLoadReserve = errors.New("debug: not a load-and-reserve instruction")
	// ErrNoStoreConditional: none of the AtomicWindow instructions after
	// the larx is a store-conditional. GDB then single-steps normally.
	ErrNoStoreConditional = errors.New("debug: no store-conditional within the atomic-sequence window")
	// ErrTwoBranches: a second conditional branch before the
	// store-conditional. GDB allows at most one.
	ErrTwoBranches = errors.New("debug: more than one conditional branch in the atomic sequence")
	// ErrBranchLeaves: an unconditional branch (b, bl, bc with BO "branch
	// always") whose target is outside the sequence, or a branch whose
	// target is in a register (bclr, bcctr, bctar, conditional or not), so
	// execution may leave the sequence where no breakpoint can be placed.
	ErrBranchLeaves = errors.New("debug: a branch may leave the atomic sequence")
)

// AtomicError is a failed FindAtomicSequence.
type AtomicError struct {
	Start uint64 // the address searched from (the larx)
	At    uint64 // the instruction that decided the failure
	Err   error  // one of the sentinels above, or the Reader's error
}

func (e *AtomicError) Error() string {
	return fmt.Sprintf("%v (sequence at %#x, instruction at %#x)", e.Err, e.Start, e.At)
}

// Unwrap returns the sentinel or the Reader's error.
func (e *AtomicError) Unwrap() error { return e.Err }

// Reader reads instruction bytes, in address order; emulate.Memory is one.
// It must return the original code: a debugger that has planted breakpoints
// must hide them (GDB's shadow contents).
type Reader interface {
	Read(addr uint64, p []byte) error
}

// AtomicSequence is a larx … stcx. sequence.
type AtomicSequence struct {
	Start     uint64 // the load-and-reserve
	StoreCond uint64 // the store-conditional that closes it
	End       uint64 // the address after the store-conditional
	Insns     int    // instructions from the larx to the stcx., both included
	// HasBranch says whether a conditional branch lies between them.
	HasBranch      bool
	Branch, Target uint64 // with HasBranch: the branch's address and its target
	// Exits are where execution may continue once it leaves the sequence:
	// End, and the conditional branch's target when that is outside
	// [Start, StoreCond] and not End. Exits[:NExits] are valid.
	Exits  [2]uint64
	NExits int // number of valid entries in Exits (1 or 2)
}

// ExitAddrs returns Exits[:NExits].
func (s *AtomicSequence) ExitAddrs() []uint64 { return s.Exits[:s.NExits] }

// Contains reports whether addr lies in the sequence, [Start, StoreCond].
func (s *AtomicSequence) Contains(addr uint64) bool {
	return addr >= s.Start && addr <= s.StoreCond
}

// IsLoadReserve reports whether in is a load-and-reserve (larx).
func IsLoadReserve(in *decode.Inst) bool { return in.Has(decode.FlagReserve) }

// IsStoreConditional reports whether in is a store-conditional (stcx.).
func IsStoreConditional(in *decode.Inst) bool { return in.Has(decode.FlagStoreCond) }

// FindAtomicSequence examines the code at addr, which must be a
// load-and-reserve, and finds the store-conditional that closes its
// sequence, following GDB's rule (ppc_deal_with_atomic_sequence): the
// store-conditional is one of the AtomicWindow instructions after the larx,
// read in straight-line order, and at most one conditional branch (bc, bca,
// bcl, bcla) lies between them. A debugger single-stepping at a larx plants
// breakpoints on the sequence's Exits and lets the thread run: stepping
// inside the sequence would lose the reservation at every step, and the
// store-conditional would fail forever.
//
// Unlike GDB, which places a breakpoint only after the stcx. and at the bc's
// target, FindAtomicSequence refuses (ErrBranchLeaves) the sequences where
// execution could escape those breakpoints: an unconditional branch whose
// target is outside the sequence and any branch to a register. An
// unconditional branch that stays inside is allowed. A failed read is
// reported as an *AtomicError wrapping the Reader's error.
//
// msr gives the byte order (MSR[LE]) and the address width (MSR[SF]: 32-bit
// mode truncates addresses).
func FindAtomicSequence(m Reader, addr uint64, msr uint64) (*AtomicSequence, error) {
	var order binary.ByteOrder = binary.BigEndian
	if msr&regs.MSRLE != 0 {
		order = binary.LittleEndian
	}
	wide := msr&regs.MSRSF != 0
	mask := ^uint64(0)
	if !wide {
		mask = 0xffffffff
	}
	addr &= mask
	var buf [8]byte
	fetch := func(a uint64) (*decode.Inst, error) {
		if err := m.Read(a, buf[:4]); err != nil {
			return nil, &AtomicError{Start: addr, At: a, Err: err}
		}
		w := order.Uint32(buf[:4])
		var s uint32
		if decode.IsPrefix(w) {
			if err := m.Read((a+4)&mask, buf[4:8]); err != nil {
				return nil, &AtomicError{Start: addr, At: a, Err: err}
			}
			s = order.Uint32(buf[4:8])
		}
		in, err := decode.Lookup(w, s)
		if err != nil {
			return nil, nil // not an instruction: neither a branch nor a stcx.
		}
		return in, nil
	}

	in, err := fetch(addr)
	if err != nil {
		return nil, err
	}
	if in == nil || !IsLoadReserve(in) {
		return nil, &AtomicError{Start: addr, At: addr, Err: ErrNotLoadReserve}
	}
	seq := &AtomicSequence{Start: addr}
	// Unconditional branches are checked once the end is known.
	var uncond [AtomicWindow]struct{ at, target uint64 }
	nUncond := 0
	loc := addr
	length := uint64(in.Len)
	for i := 0; i < AtomicWindow; i++ {
		loc = (loc + length) & mask
		in, err := fetch(loc)
		if err != nil {
			return nil, err
		}
		if in == nil {
			length = 4
			continue
		}
		length = uint64(in.Len)
		switch in.Class {
		case decode.ClassBranch:
			uncond[nUncond].at = loc
			uncond[nUncond].target = branch.Direct(in, loc, wide)
			nUncond++
		case decode.ClassCondBranch:
			if in.Flags&(decode.FlagTargetLR|decode.FlagTargetCTR|decode.FlagTargetTAR) != 0 {
				return nil, &AtomicError{Start: addr, At: loc, Err: ErrBranchLeaves}
			}
			tgt := branch.Direct(in, loc, wide)
			if branch.Always(in) {
				uncond[nUncond].at, uncond[nUncond].target = loc, tgt
				nUncond++
				continue
			}
			if seq.HasBranch {
				return nil, &AtomicError{Start: addr, At: loc, Err: ErrTwoBranches}
			}
			seq.HasBranch, seq.Branch, seq.Target = true, loc, tgt
		}
		if IsStoreConditional(in) {
			seq.StoreCond = loc
			seq.End = (loc + uint64(in.Len)) & mask
			seq.Insns = i + 2
			for _, u := range uncond[:nUncond] {
				if !seq.Contains(u.target) {
					return nil, &AtomicError{Start: addr, At: u.at, Err: ErrBranchLeaves}
				}
			}
			seq.Exits[0], seq.NExits = seq.End, 1
			if seq.HasBranch && seq.Target != seq.End && !seq.Contains(seq.Target) {
				seq.Exits[1], seq.NExits = seq.Target, 2
			}
			return seq, nil
		}
	}
	return nil, &AtomicError{Start: addr, At: loc, Err: ErrNoStoreConditional}
}
