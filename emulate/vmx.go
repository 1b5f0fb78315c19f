package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The Vector facility (VMX, Power ISA 3.1B Book I chapter 6): operand fetch
// → an internal/vec kernel → commit. The lane arithmetic lives in
// internal/vec; the files vmx_*.go only register ops and move operands.
// The step path checks MSR[VEC] from decode's facility column before any of
// these functions runs. Elements are numbered from the most significant
// end (ISA numbering) in both byte orders: no function here looks at
// MSR[LE]. Where a kernel takes an element width it comes from decode's
// element-size column (Inst.Elem); vmxElemOps lists the ops that rely on it
// (a test checks the column has it for each).

// vmxQEMUSource names the QEMU evidence of the VMX Differences rows.
const vmxQEMUSource = "QEMU 7.2 -cpu power10 via the harness (golden traces testdata/traces/<op>.*.txt.gz and hand-made probes)"

// vmxWhy names a VMX case whose result the ISA leaves undefined or that is
// not measured on hardware, with its Differences row.
type vmxWhy uint8

const (
	whyVSCR vmxWhy = iota
	whyGnbN
	whyIndex
	whyNJBoundary
	whyNJRound
	whyEstimate
	whyDivide
	numWhy
)

var vmxWhyText = [numWhy]struct {
	id   diffID
	text string
}{
	whyVSCR:       {diffVMXVSCR, "reserved VSCR bits set"},
	whyGnbN:       {diffVMXGnbN, "N < 2"},
	whyIndex:      {diffVMXIndex, "element index past the end of the register"},
	whyNJBoundary: {diffVMXNJUnknown, "non-Java mode result rounding up to 2^-126"},
	whyNJRound:    {diffVMXNJUnknown, "non-Java mode rounding of a denormal toward an infinity"},
	whyEstimate:   {diffVMXEstimate, "estimate (no public algorithm)"},
	whyDivide:     {diffVMXDivide, "an element with an undefined quotient (zero divisor or overflow)"},
}

// vmxUnknown is the answer where the profile's Difference row for why says
// the behaviour is not known (HardwareStep): ErrNotEmulated with the
// reason. It is nil where the profile has a value.
func vmxUnknown(e *Emulator, in *decode.Inst, why vmxWhy) error {
	if e.action(vmxWhyText[why].id) != HardwareStep {
		return nil
	}
	// Shared through the refusal table: allocated the first time an op
	// gives it, never again (TestEveryRefusalAllocs).
	return hardwareUnknown(in.Op, vmxWhyText[why].text, nil)
}

// vr reads vector register n (VSR 32+n).
func vr(r *regs.Regs, n int64) vec.V { return r.VSR[32+n&31] }

// vA, vB and vC read the VR operands in argument positions 1, 2 and 3.
func vA(r *regs.Regs, in *decode.Inst) vec.V { return vr(r, in.Args[1]) }
func vB(r *regs.Regs, in *decode.Inst) vec.V { return vr(r, in.Args[2]) }
func vC(r *regs.Regs, in *decode.Inst) vec.V { return vr(r, in.Args[3]) }

// setVRT writes the target VR (argument 0).
func setVRT(r *regs.Regs, in *decode.Inst, v vec.V) { r.VSR[32+in.Args[0]&31] = v }

// vDone writes the target VR and completes the step: the body of the named
// semantic functions of the VMX ops that glibc's string and memory
// functions run in their loops (opVOr, opVBpermq, …), which call their
// kernel directly instead of through vBin0's or vUn0's func value (one
// indirect call less, and the small kernels inlined).
func vDone(r *regs.Regs, in *decode.Inst, v vec.V) error {
	setVRT(r, in, v)
	return nil
}

// setSAT sets the sticky VSCR[SAT] when a kernel saturated.
func setSAT(r *regs.Regs, sat bool) {
	if sat {
		r.VSCR |= regs.VSCRSAT
	}
}

// setCR6 sets CR field 6 for the record forms (Rc=1) of vector compares.
func setCR6(r *regs.Regs, in *decode.Inst, c uint32) {
	if in.Has(decode.FlagRc) {
		r.SetCRField(6, c)
	}
}

// vmxElemOps are the ops whose semantic function takes the element width
// from Inst.Elem.
var vmxElemOps = map[decode.Op]bool{}

// defElem registers ops whose function reads Inst.Elem.
func defElem(f semFn, ops ...decode.Op) {
	def(f, ops...)
	for _, op := range ops {
		vmxElemOps[op] = true
	}
}

// Kernel shapes. Each returns a semantic function for VMX ops of one
// operand form.

// vBin: VRT,VRA,VRB with the element width.
func vBin(f func(a, b vec.V, w int) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setVRT(r, in, f(vA(r, in), vB(r, in), int(in.Elem)))
		return nil
	}
}

// vBin0: VRT,VRA,VRB without a width.
func vBin0(f func(a, b vec.V) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setVRT(r, in, f(vA(r, in), vB(r, in)))
		return nil
	}
}

// vBinSat: VRT,VRA,VRB setting VSCR[SAT].
func vBinSat(f func(a, b vec.V, w int) (vec.V, bool)) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		v, sat := f(vA(r, in), vB(r, in), int(in.Elem))
		setVRT(r, in, v)
		setSAT(r, sat)
		return nil
	}
}

// vTern0: VRT,VRA,VRB,VRC.
func vTern0(f func(a, b, c vec.V) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setVRT(r, in, f(vA(r, in), vB(r, in), vC(r, in)))
		return nil
	}
}

// vTernSat: VRT,VRA,VRB,VRC setting VSCR[SAT].
func vTernSat(f func(a, b, c vec.V) (vec.V, bool)) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		v, sat := f(vA(r, in), vB(r, in), vC(r, in))
		setVRT(r, in, v)
		setSAT(r, sat)
		return nil
	}
}

// vUn: VRT,VRB with the element width (VRB is argument 1).
func vUn(f func(b vec.V, w int) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setVRT(r, in, f(vr(r, in.Args[1]), int(in.Elem)))
		return nil
	}
}

// vUn0: VRT,VRB (or VRT,VRA) without a width.
func vUn0(f func(b vec.V) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setVRT(r, in, f(vr(r, in.Args[1])))
		return nil
	}
}

// vCmp: VRT,VRA,VRB compares with the CR6 summary of the record forms.
func vCmp(f func(a, b vec.V, w int) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		v := f(vA(r, in), vB(r, in), int(in.Elem))
		setVRT(r, in, v)
		setCR6(r, in, vec.Summary(v))
		return nil
	}
}

// gprRT writes RT (argument 0) for the VMX ops that produce a GPR.
func gprRT(r *regs.Regs, in *decode.Inst, v uint64) { r.GPR[in.Args[0]&31] = v }

// vmxVSCR: mfvscr VRT and mtvscr VRB.
func opMfvscr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.V{Lo: uint64(r.VSCR)})
	return nil
}

func opMtvscr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := vr(r, in.Args[0]).Word(3)
	if v&^regs.VSCRDefined != 0 {
		if err := vmxUnknown(e, in, whyVSCR); err != nil {
			return err
		}
	}
	r.VSCR = v
	return nil
}
