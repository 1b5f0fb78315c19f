package trace

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
)

// VerdictKind classifies the replay of one trace line.
type VerdictKind uint8

// The verdicts.
const (
	Agree       VerdictKind = iota // the emulator produced the reference result
	Disagree                       // it produced something else
	NotEmulated                    // it declined (ErrNotEmulated, ErrMustNotStep)
	Skipped                        // nothing to compare (skip/error lines, vectors without a result, accepted divergences)
	Malformed                      // the line breaks the format's rules (Line.Validate): not replayed
)

func (k VerdictKind) String() string {
	if k > Malformed {
		return fmt.Sprintf("VerdictKind(%d)", uint8(k))
	}
	return [...]string{"agree", "disagree", "not-emulated", "skipped", "malformed"}[k]
}

// Verdict is the result of replaying one line.
type Verdict struct {
	Kind   VerdictKind // the outcome of the comparison
	Op     string      // op name ("" if the instruction does not decode)
	Class  string      // op class
	Reason string      // why: the skip reason, the emulator's refusal, or a summary of the disagreement
	Diff   string      // for Disagree: what differs, readable
	Err    error       // the emulator's outcome (nil for emulated)
}

// ProfileFor maps a "# reference=" header value to an implementation
// profile: "qemu…" is the QEMU profile, "power9", "power10" and "hardware"
// the hardware profile. ok is false for other (or empty) values.
func ProfileFor(reference string) (emulate.Profile, bool) {
	ref := strings.ToLower(reference)
	switch {
	case strings.HasPrefix(ref, "qemu"):
		return emulate.QEMU, true
	case strings.HasPrefix(ref, "power"), strings.HasPrefix(ref, "hardware"), strings.HasPrefix(ref, "hw"):
		return emulate.Hardware, true
	}
	return emulate.Hardware, false
}

// outcome is the trace status an emulator result corresponds to, with the
// SIGILL code class and fault address where they matter.
func outcome(err error) (st Status, privileged bool, addr uint64, declined bool) {
	var f *emulate.Fault
	switch {
	case err == nil:
		return StatusOK, false, 0, false
	case errors.Is(err, emulate.ErrNotEmulated), errors.Is(err, emulate.ErrMustNotStep):
		return "", false, 0, true
	case errors.Is(err, emulate.ErrTrap):
		return StatusTrap, false, 0, false
	case errors.Is(err, emulate.ErrPrivileged):
		return StatusIll, true, 0, false
	case errors.Is(err, emulate.ErrIllegal):
		return StatusIll, false, 0, false
	case errors.Is(err, emulate.ErrFPException):
		return StatusFPE, false, 0, false
	case errors.As(err, &f):
		if f.Alignment {
			return StatusBus, false, f.Addr, false
		}
		return StatusSegv, false, f.Addr, false
	}
	return StatusError, false, 0, false
}

// Replay runs line l on a fresh emulator under profile p in the given byte
// order and compares the result with the line's reference result.
func Replay(l *Line, le bool, p emulate.Profile) Verdict {
	return ReplayWith(emulate.New(emulate.Config{Profile: p}), l, le)
}

// ReplayWith is Replay with a caller-supplied emulator (its Config decides
// the profile, ISA level and hooks). A line that fails Line.Validate is
// not replayed: its verdict is Malformed, with the reason.
func ReplayWith(e *emulate.Emulator, l *Line, le bool) Verdict {
	var v Verdict
	if err := l.Validate(); err != nil {
		v.Kind, v.Reason, v.Err = Malformed, err.Error(), err
		return v
	}
	in, derr := decode.DecodeWord(l.Word, l.Suffix)
	if derr == nil {
		v.Op, v.Class = in.Op.String(), in.Class.String()
	}
	res := l.Result
	switch {
	case res == nil:
		v.Kind, v.Reason = Skipped, "no result"
		return v
	case res.Status == StatusSkip || res.Status == StatusError:
		v.Kind, v.Reason = Skipped, string(res.Status)+": "+res.Why
		return v
	}
	ignoreAddr := false
	if d := divergence(l, &in, derr); d != nil {
		if !d.AddrOnly {
			v.Kind, v.Reason = Skipped, "accepted divergence: "+d.Reason
			return v
		}
		ignoreAddr = true
	}

	m := l.Vector.Machine(le)
	before := m.Regs
	// The harness drops any load reservation before every vector, so each
	// vector starts without one (a larx in an earlier line must not make a
	// later stcx. succeed).
	e.Context().Resv = emulate.Reservation{}
	err := e.StepWord(&m.Regs, m, l.Word, l.Suffix)
	v.Err = err
	st, priv, addr, declined := outcome(err)
	if declined {
		v.Kind, v.Reason = NotEmulated, err.Error()
		return v
	}

	want := res.Status
	if want == StatusLoop {
		want = StatusOK
	}
	var problems []string
	if st != want {
		problems = append(problems, fmt.Sprintf("outcome: want st=%s, got st=%s (%v)", res.Status, st, err))
	} else if st == StatusIll {
		wantPriv := res.Code == 5 || res.Code == 6 // ILL_PRVOPC, ILL_PRVREG
		if wantPriv != priv {
			problems = append(problems, fmt.Sprintf("outcome: want ill code=%d (privileged=%v), got %v", res.Code, wantPriv, err))
		}
	} else if st == StatusSegv && addr != res.Addr && !ignoreAddr {
		problems = append(problems, fmt.Sprintf("fault address: want %#x, got %#x", res.Addr, addr))
	}

	// An enabled FP exception is compared like a completed step: the
	// harness records the state its SIGFPE handler saw (FPSCR, CR, a
	// target written before the interrupt, memory), and the emulator's
	// FPException carries that state (Step leaves the registers alone).
	var fpx *emulate.FPException
	if st == StatusFPE && want == StatusFPE && errors.As(err, &fpx) {
		if m.Regs != before {
			problems = append(problems, "registers changed on a refused step: "+regs.Diff(&before, &m.Regs))
		}
		fpx.Apply(&m.Regs)
	}
	if st == want && (st == StatusOK || fpx != nil) {
		exp := l.Vector.Machine(le)
		for _, a := range res.Regs {
			setReg(&exp.Regs, a.Key, a.Value)
		}
		exp.Regs.NIP = res.NIP
		// Validate has checked that the runs fit.
		for _, p := range res.Mem {
			copy(exp.Scratch[p.Off:], p.Bytes)
		}
		for _, p := range res.CodeW {
			copy(exp.CodePage[p.Off-CodePage:], p.Bytes)
		}
		var mask uint64
		var crMask uint32
		if derr == nil {
			var m32 uint32
			m32, crMask = ignoreMasks(l, &in)
			mask = uint64(m32)
		}
		exp.Regs.CR &^= crMask
		m.Regs.CR &^= crMask
		if l.Format == 1 {
			// Version 1 carries the low word of FPSCR only: a DRN the
			// instruction wrote was invisible to the reference.
			mask |= 0xffffffff00000000
		}
		exp.Regs.FPSCR &^= mask
		m.Regs.FPSCR &^= mask
		problems = append(problems, diffState(exp, m)...)
	} else if st != StatusOK && fpx == nil && m.Regs != before {
		// A refused or faulting step must leave the registers alone.
		problems = append(problems, "registers changed on a refused step: "+regs.Diff(&before, &m.Regs))
	}
	if len(problems) == 0 {
		v.Kind = Agree
		return v
	}
	v.Kind = Disagree
	v.Reason = problems[0]
	if i := strings.IndexByte(v.Reason, '\n'); i >= 0 {
		v.Reason = v.Reason[:i]
	}
	v.Diff = strings.Join(problems, "\n")
	return v
}

// diffState lists the differences between the expected and actual machine:
// NIP, every register the format names, other register-file fields, scratch
// and the code page.
func diffState(exp, got *Machine) []string {
	var out []string
	if exp.Regs.NIP != got.Regs.NIP {
		out = append(out, fmt.Sprintf("nip: want %016x, got %016x", exp.Regs.NIP, got.Regs.NIP))
	}
	er, gr := traceRegs(&exp.Regs), traceRegs(&got.Regs)
	named := false
	for i := range er {
		if er[i].Value != gr[i].Value {
			out = append(out, fmt.Sprintf("%s: want %s, got %s", er[i].Key, er[i].Value, gr[i].Value))
			named = true
		}
	}
	if !named {
		e, g := exp.Regs, got.Regs
		e.NIP, g.NIP = 0, 0
		if e != g {
			out = append(out, "register file (want → got): "+regs.Diff(&e, &g))
		}
	}
	out = append(out, diffBytes("m@", 0, exp.Scratch, got.Scratch)...)
	out = append(out, diffBytes("c@", CodePage, exp.CodePage, got.CodePage)...)
	return out
}

// diffBytes reports differing 8-byte blocks.
func diffBytes(prefix string, base uint64, want, got []byte) []string {
	if bytes.Equal(want, got) {
		return nil
	}
	var out []string
	for i := 0; i < len(want); i += 8 {
		if !bytes.Equal(want[i:i+8], got[i:i+8]) {
			out = append(out, fmt.Sprintf("%s%04x: want %x, got %x", prefix, base+uint64(i), want[i:i+8], got[i:i+8]))
			if len(out) == 8 {
				out = append(out, prefix+"…: more blocks differ")
				break
			}
		}
	}
	return out
}

// Divergence is an accepted difference between QEMU 7.2 and the Power ISA
// or real hardware: vectors it covers are not compared with QEMU; the
// emulator's behaviour for them is tested against the ISA instead.
type Divergence struct {
	Ops    []string // op names it concerns; nil: any op (Match decides)
	Reason string   // why the reference differs (the Skipped verdict's Reason)
	// Match, if set, narrows the divergence to some encodings or states.
	Match func(l *Line, in *decode.Inst) bool
	// AddrOnly: the vector is still compared, all but the fault address.
	AddrOnly bool
	// FPSCRIgnore, if not 0, makes the divergence a mask: the vector is
	// still compared, all but these FPSCR bits.
	FPSCRIgnore uint32
	// CRIgnore, if not 0, makes the divergence a mask as FPSCRIgnore
	// does, for these CR bits.
	CRIgnore uint32
}

// mask reports whether d is a mask divergence (FPSCRIgnore, CRIgnore).
func (d *Divergence) mask() bool { return d.FPSCRIgnore != 0 || d.CRIgnore != 0 }

// Divergences is the one list of accepted divergences from QEMU.
var Divergences = []Divergence{
	{
		Ops:    []string{"mftb"},
		Reason: "the time base is not deterministic (QEMU reads the host clock); the emulator takes it from Config.TimeBase",
	},
	{
		Ops:    []string{"mfspr"},
		Reason: "SPR 268/269 (TB, TBU) read the host clock in QEMU; not deterministic",
		Match:  func(l *Line, in *decode.Inst) bool { return in.NArgs > 1 && (in.Args[1] == 268 || in.Args[1] == 269) },
	},
	{
		Ops: []string{"mfspr"},
		Reason: "QEMU 7.2 user mode lets problem state read SPR 284/285 (the time base) and 287 (PVR, 0x00800200); " +
			"the ISA makes SPR numbers with bit 0x10 set privileged, so the emulator gives the privileged outcome " +
			"(on Linux the kernel then emulates mfspr PVR for the process)",
		Match: func(l *Line, in *decode.Inst) bool {
			return in.NArgs > 1 && (in.Args[1] == 284 || in.Args[1] == 285 || in.Args[1] == 287)
		},
	},
	{
		Reason: "QEMU user mode on an x86-64 host reports si_addr 0 for a data access to an address that is not " +
			"canonical on the host (0x0000800000000000 up to 0xffff7fffffffffff): the host's general-protection " +
			"fault carries no address. Linux on POWER reports the effective address (DAR), as the emulator does; " +
			"the outcome is still compared",
		Match: func(l *Line, in *decode.Inst) bool {
			return l.Result != nil && l.Result.Status == StatusSegv && l.Result.Addr == 0
		},
		AddrOnly: true,
	},
	{
		Ops:    []string{"darn"},
		Reason: "a random number: not deterministic; the emulator takes it from Config.Random",
	},
	{
		Ops:    []string{"hashst", "hashchk", "hashstp", "hashchkp"},
		Reason: "QEMU seeds HASHKEYR randomly per process, so the hash differs per run",
	},
	{
		Ops: []string{"plq", "pstq"},
		Reason: "plq/pstq with RTp = r31 (odd: an invalid form QEMU 7.2 executes) make QEMU use a register past r31 " +
			"(SIGSEGV with si_addr 0 or garbage); the emulator's QEMU profile uses r31 and r0",
		Match: func(l *Line, in *decode.Inst) bool { return in.NArgs > 0 && in.Args[0] == 31 },
	},
	{
		Ops: []string{"lwat", "stwat"},
		Reason: "QEMU 7.2 compares the words unsigned for Fetch/Store Maximum Signed and Minimum Signed (FC 5, 7); " +
			"the ISA compares them signed (emulate/atomic_test.go tests the ISA result)",
		Match: func(l *Line, in *decode.Inst) bool { return in.NArgs > 2 && (in.Args[2] == 5 || in.Args[2] == 7) },
	},
	{
		Ops: []string{"lwat", "ldat"},
		Reason: "QEMU 7.2 returns 0xFFFFFFFF80000000 at the bound of Fetch and Increment Bounded/Equal and Fetch and " +
			"Decrement Bounded (FC 24, 25, 28) where the ISA returns 2^(8s-1) (0x80000000, 0x8000000000000000), and its " +
			"Fetch and Decrement Bounded compares with the operand at EA+s instead of EA-s (emulate/atomic_test.go tests the ISA)",
		Match: func(l *Line, in *decode.Inst) bool {
			return in.NArgs > 2 && (in.Args[2] == 24 || in.Args[2] == 25 || in.Args[2] == 28)
		},
	},
	{
		Ops: []string{"lwat", "ldat", "stwat", "stdat"},
		Reason: "a reserved function code gives SIGSEGV in QEMU 7.2 with si_addr 0 or a stale address; the emulator " +
			"reports the ISA's data storage interrupt at EA (emulate.ErrInvalidFC)",
		Match: func(l *Line, in *decode.Inst) bool {
			if in.NArgs < 3 {
				return false
			}
			switch fc := in.Args[2]; in.Op.String() {
			case "lwat", "ldat":
				return !(fc <= 8 || fc == 16 || fc == 24 || fc == 25 || fc == 28)
			default:
				return !(fc <= 7 || fc == 24)
			}
		},
	},
}

// divergence finds the accepted divergence that covers line l, if any: one
// that names the op (and whose Match, if any, accepts the line), else one
// for any op whose Match accepts it. The list is short; a linear scan keeps
// it correct whatever appends to it (fpdiverge.go does, from init).
func divergence(l *Line, in *decode.Inst, derr error) *Divergence {
	if derr != nil {
		return nil
	}
	name := in.Op.String()
	for i := range Divergences {
		d := &Divergences[i]
		if !d.mask() && slices.Contains(d.Ops, name) && (d.Match == nil || d.Match(l, in)) {
			return d
		}
	}
	for i := range Divergences {
		if d := &Divergences[i]; !d.mask() && d.Ops == nil && d.Match != nil && d.Match(l, in) {
			return d
		}
	}
	return nil
}

// ignoreMasks is the union of the FPSCR and CR bits that the mask
// divergences covering line l exempt from comparison.
func ignoreMasks(l *Line, in *decode.Inst) (fpscr, cr uint32) {
	name := in.Op.String()
	for i := range Divergences {
		d := &Divergences[i]
		if d.mask() && (d.Ops == nil || slices.Contains(d.Ops, name)) && (d.Match == nil || d.Match(l, in)) {
			fpscr |= d.FPSCRIgnore
			cr |= d.CRIgnore
		}
	}
	return fpscr, cr
}
