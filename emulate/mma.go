package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/mma"
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// The Matrix-Multiply Assist facility (Power ISA 3.1B Book I 7.2.1.2 and
// 7.6.1.12; POWER10 only, so decode's level column makes every op illegal
// at Config.Level POWER9, and its facility column requires MSR[VSX]).
//
// Accumulator ACC[i] is VSRs 4i…4i+3, row k in VSR 4i+k (regs.Regs
// documents the view). The emulator keeps one copy of the state, in the
// VSRs, as QEMU 7.2 does: xxmtacc and xxmfacc move nothing and xxsetaccz
// zeroes the four VSRs (Difference "mma-acc-vsr"). The arithmetic is
// internal/mma; this file maps registers, masks, FPSCR and VSCR.

// mmaSpec describes one rank-k update op.
type mmaSpec struct {
	float bool
	ik    mma.IntKind
	fk    mma.FloatKind
	upd   mma.Update // for the integer ops Set or PP
	sat   bool       // integer saturating forms
}

var mmaSpecs [decode.NumOps]mmaSpec

func init() {
	type pair struct{ op, pm decode.Op }
	ints := []struct {
		ops  pair
		kind mma.IntKind
		upd  mma.Update
		sat  bool
	}{
		{pair{p.XVI4GER8, p.PMXVI4GER8}, mma.I4, mma.Set, false},
		{pair{p.XVI4GER8PP, p.PMXVI4GER8PP}, mma.I4, mma.PP, false},
		{pair{p.XVI8GER4, p.PMXVI8GER4}, mma.I8, mma.Set, false},
		{pair{p.XVI8GER4PP, p.PMXVI8GER4PP}, mma.I8, mma.PP, false},
		{pair{p.XVI8GER4SPP, p.PMXVI8GER4SPP}, mma.I8, mma.PP, true},
		{pair{p.XVI16GER2, p.PMXVI16GER2}, mma.I16, mma.Set, false},
		{pair{p.XVI16GER2PP, p.PMXVI16GER2PP}, mma.I16, mma.PP, false},
		{pair{p.XVI16GER2S, p.PMXVI16GER2S}, mma.I16, mma.Set, true},
		{pair{p.XVI16GER2SPP, p.PMXVI16GER2SPP}, mma.I16, mma.PP, true},
	}
	for _, x := range ints {
		s := mmaSpec{ik: x.kind, upd: x.upd, sat: x.sat}
		mmaSpecs[x.ops.op], mmaSpecs[x.ops.pm] = s, s
		def(opGER, x.ops.op, x.ops.pm)
	}
	floats := []struct {
		kind mma.FloatKind
		ops  [5]pair // Set, PP, PN, NP, NN
	}{
		{mma.F16, [5]pair{{p.XVF16GER2, p.PMXVF16GER2}, {p.XVF16GER2PP, p.PMXVF16GER2PP},
			{p.XVF16GER2PN, p.PMXVF16GER2PN}, {p.XVF16GER2NP, p.PMXVF16GER2NP}, {p.XVF16GER2NN, p.PMXVF16GER2NN}}},
		{mma.BF16, [5]pair{{p.XVBF16GER2, p.PMXVBF16GER2}, {p.XVBF16GER2PP, p.PMXVBF16GER2PP},
			{p.XVBF16GER2PN, p.PMXVBF16GER2PN}, {p.XVBF16GER2NP, p.PMXVBF16GER2NP}, {p.XVBF16GER2NN, p.PMXVBF16GER2NN}}},
		{mma.F32, [5]pair{{p.XVF32GER, p.PMXVF32GER}, {p.XVF32GERPP, p.PMXVF32GERPP},
			{p.XVF32GERPN, p.PMXVF32GERPN}, {p.XVF32GERNP, p.PMXVF32GERNP}, {p.XVF32GERNN, p.PMXVF32GERNN}}},
		{mma.F64, [5]pair{{p.XVF64GER, p.PMXVF64GER}, {p.XVF64GERPP, p.PMXVF64GERPP},
			{p.XVF64GERPN, p.PMXVF64GERPN}, {p.XVF64GERNP, p.PMXVF64GERNP}, {p.XVF64GERNN, p.PMXVF64GERNN}}},
	}
	for _, x := range floats {
		for u, ops := range x.ops {
			s := mmaSpec{float: true, fk: x.kind, upd: mma.Update(u)}
			mmaSpecs[ops.op], mmaSpecs[ops.pm] = s, s
			def(opGER, ops.op, ops.pm)
		}
	}
	def(opXXSetAccZ, p.XXSETACCZ)
	def(opXXMAcc, p.XXMTACC, p.XXMFACC)
}

// opXXSetAccZ: xxsetaccz AT: ACC[AT] = 0 (its four VSRs), primed.
func opXXSetAccZ(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	at := 4 * int(in.Args[0]&7)
	for k := 0; k < 4; k++ {
		r.VSR[at+k] = regs.VSR{}
	}
	e.ctx.Primed |= 1 << (in.Args[0] & 7)
	return nil
}

// opXXMAcc: xxmtacc AS and xxmfacc AS copy between ACC[AS] and VSRs
// 4AS…4AS+3 and prime or deprime ACC[AS]. The emulator keeps the
// accumulator in those VSRs, so both leave every register as it is: what
// QEMU 7.2 does, and the values a program reads after xxmfacc on hardware
// ("mma-acc-vsr"); only the primed state changes (Context.Primed).
func opXXMAcc(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	bit := uint8(1) << (in.Args[0] & 7)
	if in.Op == p.XXMFACC {
		e.ctx.Primed &^= bit
	} else {
		e.ctx.Primed |= bit
	}
	return nil
}

// primedAccess refuses, under the hardware profile, an instruction that
// names a VSR of a primed accumulator (mma-primed-vsr): FPR n is VSR n,
// a VSR operand is one register or the even one of a pair (both in the
// same accumulator), a VR is VSR 32+n (never in an accumulator).
// xxmtacc, xxmfacc and xxsetaccz name the accumulator itself, and a GER
// op's AT too (its XA and XB are checked like any VSR operand).
func (e *Emulator) primedAccess(in *decode.Inst) error {
	for i := 0; i < int(in.NArgs); i++ {
		switch in.Kinds[i] {
		case decode.ArgFPR, decode.ArgVSR:
			if n := in.Args[i]; n < 32 && e.ctx.Primed&(1<<(n>>2)) != 0 {
				return e.unknown(in, diffMMAPrimedVSR, "VSR of a primed MMA accumulator: hardware result unknown")
			}
		}
	}
	return nil
}

// gerMasks are the XMSK, YMSK and PMSK fields of a prefixed form, or all
// ones for the non-prefixed forms (whose operands stop at XB).
func gerMasks(in *decode.Inst) mma.Masks {
	if in.Len != 8 {
		return mma.AllMasks
	}
	ms := mma.Masks{X: uint8(in.Args[3]), Y: uint8(in.Args[4]), P: 0xff}
	if in.NArgs > 5 {
		ms.P = uint8(in.Args[5])
	}
	return ms
}

// opGER: the rank-k updates, AT,XA,XB (XAp for the 64-bit float forms)
// and, for the pm… forms, XMSK,YMSK[,PMSK]; ACC[AT] is primed after. decode marks an XA or XB
// inside ACC[AT] as an invalid form (Step refuses it before this runs).
func opGER(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := &mmaSpecs[in.Op]
	at := 4 * int(in.Args[0]&7)
	var acc mma.Acc
	for k := range acc {
		acc[k] = r.VSR[at+k]
	}
	xa := int(in.Args[1] & 63)
	a := [2]mma.Vec{r.VSR[xa], r.VSR[(xa+1)&63]}
	b := r.VSR[in.Args[2]&63]
	ms := gerMasks(in)
	if !s.float {
		if mma.Int(&acc, s.ik, a[0], b, ms, s.upd != mma.Set, s.sat) {
			r.VSCR |= regs.VSCRSAT
		}
		for k := range acc {
			r.VSR[at+k] = acc[k]
		}
		e.ctx.Primed |= 1 << (in.Args[0] & 7)
		return nil
	}
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	qemu := e.qemuSide(diffMMANegRound)
	var rb mma.Rebias
	if e.qemuSide(diffMMAEnabled) {
		// mma-fp-enabled: QEMU's softfloat rebiases an enabled
		// overflow or underflow result.
		rb = mma.Rebias{Overflow: r.FPSCR&regs.FPSCROE != 0, Underflow: r.FPSCR&regs.FPSCRUE != 0}
	}
	fl, twice := mma.Float(&acc, s.fk, a, b, ms, s.upd, fpMode(r), qemu, rb)
	if twice {
		if err := e.unknown(in, diffMMAF16Round, "16-bit GER: sum of products rounded before the accumulate: hardware result unknown"); err != nil {
			return err
		}
	}
	fs, enabled := e.gerFPSCR(r.FPSCR, fl)
	if e.qemuSide(diffMMAEnabled) {
		// QEMU raises the interrupt for any enabled sticky exception
		// after the update (FEX), new or not.
		enabled = fs&regs.FPSCRFEX != 0
	}
	if enabled && e.fpTrapMode(r) {
		if err := e.unknown(in, diffMMAEnabled, "GER enabled exception: hardware result unknown"); err != nil {
			return err
		}
		x := &FPException{Op: in.Op, FPSCR: fs, CR: r.CR, Target: -1, ACC: at, ACCRows: 4}
		for k := range acc {
			x.ACCValue[k] = acc[k]
		}
		return x
	}
	r.FPSCR = fs
	for k := range acc {
		r.VSR[at+k] = acc[k]
	}
	e.ctx.Primed |= 1 << (in.Args[0] & 7)
	return nil
}

// gerFPSCR is FPSCR after a floating-point rank-k update that signalled
// fl (the union over its elements): the exception bits (VXSNAN, VXIMZ,
// VXISI, OX, UX, XX) and their summaries; FR, FI and FPRF are not changed.
// The exceptions of every element are recorded together, as if disabled,
// and every element is written (QEMU 7.2, golden traces), so this is not
// one result's outcome (fpOutcomeOf, where an invalid operation hides the
// other exceptions and an enabled one changes the result). enabled
// reports an exception whose enable bit is set.
func (e *Emulator) gerFPSCR(old uint64, fl softfloat.Flags) (fs uint64, enabled bool) {
	ex := fpVX(fl)
	switch {
	case fl&softfloat.Overflow != 0:
		ex |= regs.FPSCROX
	case fl&softfloat.Underflow != 0:
		ex |= regs.FPSCRUX
	}
	if fl&(softfloat.Inexact|softfloat.Overflow) != 0 {
		ex |= regs.FPSCRXX
	}
	fs = old
	fs |= e.fpFX(old, ex)
	fs = regs.FPSCRSummary(fs | ex)
	en := ex & (regs.FPSCROX | regs.FPSCRUX | regs.FPSCRXX)
	enabled = en&regs.FPSCROX != 0 && old&regs.FPSCROE != 0 ||
		en&regs.FPSCRUX != 0 && old&regs.FPSCRUE != 0 ||
		en&regs.FPSCRXX != 0 && old&regs.FPSCRXE != 0 ||
		ex&regs.FPSCRVXAll != 0 && old&regs.FPSCRVE != 0
	return fs, enabled
}
