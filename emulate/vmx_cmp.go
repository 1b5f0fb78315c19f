package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VMX integer compares and bit counting/gathering (Power ISA 3.1B Book I
// 6.9.3, 6.9.5-6.9.6); kernels in internal/vec/compare.go and bits.go.

func init() {
	defElem(opVCmpEqual, p.VCMPEQUB, p.VCMPEQUBCC, p.VCMPEQUH, p.VCMPEQUHCC, p.VCMPEQUW, p.VCMPEQUWCC,
		p.VCMPEQUD, p.VCMPEQUDCC, p.VCMPEQUQ, p.VCMPEQUQCC)
	gt := func(s bool) semFn {
		return vCmp(func(a, b vec.V, w int) vec.V { return vec.CompareGreater(a, b, w, s) })
	}
	defElem(gt(true), p.VCMPGTSB, p.VCMPGTSBCC, p.VCMPGTSH, p.VCMPGTSHCC, p.VCMPGTSW, p.VCMPGTSWCC,
		p.VCMPGTSD, p.VCMPGTSDCC, p.VCMPGTSQ, p.VCMPGTSQCC)
	defElem(gt(false), p.VCMPGTUB, p.VCMPGTUBCC, p.VCMPGTUH, p.VCMPGTUHCC, p.VCMPGTUW, p.VCMPGTUWCC,
		p.VCMPGTUD, p.VCMPGTUDCC, p.VCMPGTUQ, p.VCMPGTUQCC)
	defElem(opVCmpNotEqual, p.VCMPNEB, p.VCMPNEBCC, p.VCMPNEH, p.VCMPNEHCC, p.VCMPNEW, p.VCMPNEWCC)
	defElem(vCmp(vec.CompareNotEqualOrZero), p.VCMPNEZB, p.VCMPNEZBCC, p.VCMPNEZH, p.VCMPNEZHCC, p.VCMPNEZW, p.VCMPNEZWCC)
	def(opVCmpQuad, p.VCMPSQ, p.VCMPUQ)

	defElem(vUn(vec.CountLeadingZeros), p.VCLZB, p.VCLZH, p.VCLZW, p.VCLZD)
	defElem(vUn(vec.CountTrailingZeros), p.VCTZB, p.VCTZH, p.VCTZW, p.VCTZD)
	defElem(vUn(vec.PopCount), p.VPOPCNTB, p.VPOPCNTH, p.VPOPCNTW, p.VPOPCNTD)
	// The parity ops name two sizes (byte, and the element), so the op
	// table's column is empty for them.
	def(vUn0(func(b vec.V) vec.V { return vec.Parity(b, 4) }), p.VPRTYBW)
	def(vUn0(func(b vec.V) vec.V { return vec.Parity(b, 8) }), p.VPRTYBD)
	def(vUn0(func(b vec.V) vec.V { return vec.Parity(b, 16) }), p.VPRTYBQ)
	def(opVBpermq, p.VBPERMQ)
	def(vBin0(vec.BitPermuteDouble), p.VBPERMD)
	def(opVGbbd, p.VGBBD)
	def(vBin0(vec.Centrifuge), p.VCFUGED)
	def(vBin0(vec.Deposit), p.VPDEPD)
	def(vBin0(vec.Extract), p.VPEXTD)
	def(vBin0(vec.CountLeadingZerosMasked), p.VCLZDM)
	def(vBin0(vec.CountTrailingZerosMasked), p.VCTZDM)
	def(opVGnb, p.VGNB)
	def(opVCountLSBB, p.VCLZLSBB, p.VCTZLSBB)
}

// opVCmpEqual is vcmpequ[bhwdq][.], kept free of closures (vcmpequb. is in
// every Go program's bytes search).
func opVCmpEqual(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := vec.CompareEqual(vA(r, in), vB(r, in), int(in.Elem))
	setVRT(r, in, v)
	setCR6(r, in, vec.Summary(v))
	return nil
}

// opVCmpNotEqual is vcmpne[bhw][.], named as opVCmpEqual (vcmpneb. is in
// glibc's POWER10 memcmp).
func opVCmpNotEqual(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := vec.CompareNotEqual(vA(r, in), vB(r, in), int(in.Elem))
	setVRT(r, in, v)
	setCR6(r, in, vec.Summary(v))
	return nil
}

// vbpermq and vgbbd (glibc's POWER8 strspn, strcspn, strchrnul): named,
// not vBin0/vUn0 closures (vDone).
func opVBpermq(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return vDone(r, in, vec.BitPermuteQuad(vA(r, in), vB(r, in)))
}

func opVGbbd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return vDone(r, in, vec.GatherBitsByBytes(vr(r, in.Args[1])))
}

// opVCmpQuad: vcmpsq/vcmpuq BF,VRA,VRB.
func opVCmpQuad(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	c := vec.CompareQuad(vA(r, in), vB(r, in), in.Op == p.VCMPSQ)
	r.SetCRField(int(in.Args[0]&7), c)
	return nil
}

// opVGnb: vgnb RT,VRB,N.
func opVGnb(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Args[2] < 2 {
		// N < 2 is outside the ISA's range 2-7 (Difference vmx-vgnb-n).
		return vmxUnknown(e, in, whyGnbN)
	}
	gprRT(r, in, vec.GatherEveryNth(vr(r, in.Args[1]), int(in.Args[2])))
	return nil
}

// opVCountLSBB: vclzlsbb/vctzlsbb RT,VRB.
func opVCountLSBB(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	b := vr(r, in.Args[1])
	if in.Op == p.VCLZLSBB {
		gprRT(r, in, vec.CountLeadingZeroLSBBytes(b))
	} else {
		gprRT(r, in, vec.CountTrailingZeroLSBBytes(b))
	}
	return nil
}
