package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VMX logical, select, permute, merge, splat, pack/unpack, shift and rotate
// ops (Power ISA 3.1B Book I 6.8, 6.9.2, 6.9.4); kernels in
// internal/vec/logical.go, permute.go and shift.go.

func init() {
	def(opVXor, p.VXOR)
	def(opVAnd, p.VAND)
	def(opVAndc, p.VANDC)
	def(opVOr, p.VOR)
	def(vBin0(vec.OrC), p.VORC)
	def(vBin0(vec.Nor), p.VNOR)
	def(vBin0(vec.Nand), p.VNAND)
	def(vBin0(vec.Eqv), p.VEQV)
	def(opVSel, p.VSEL)

	def(opVPerm, p.VPERM)
	def(vTern0(vec.PermuteRight), p.VPERMR)
	def(opVPermxor, p.VPERMXOR)
	defElem(vBin(vec.MergeHigh), p.VMRGHB, p.VMRGHH, p.VMRGHW)
	defElem(vBin(vec.MergeLow), p.VMRGLB, p.VMRGLH, p.VMRGLW)
	def(vBin0(vec.MergeEvenWord), p.VMRGEW)
	def(vBin0(vec.MergeOddWord), p.VMRGOW)
	defElem(opVSplat, p.VSPLTB, p.VSPLTH, p.VSPLTW)
	defElem(opVSplatImm, p.VSPLTISB, p.VSPLTISH, p.VSPLTISW)
	def(opVShiftDouble, p.VSLDOI, p.VSLDBI, p.VSRDBI)
	def(vBin0(vec.ShiftLeft), p.VSL)
	def(vBin0(vec.ShiftRight), p.VSR)
	def(vBin0(vec.ShiftLeftOctet), p.VSLO)
	def(vBin0(vec.ShiftRightOctet), p.VSRO)
	def(vBin0(vec.ShiftLeftVariable), p.VSLV)
	def(vBin0(vec.ShiftRightVariable), p.VSRV)

	defElem(vBin(vec.PackModulo), p.VPKUHUM, p.VPKUWUM, p.VPKUDUM)
	pack := func(srcSigned, dstSigned bool) semFn {
		return vBinSat(func(a, b vec.V, w int) (vec.V, bool) { return vec.PackSaturate(a, b, w, srcSigned, dstSigned) })
	}
	defElem(pack(true, true), p.VPKSHSS, p.VPKSWSS, p.VPKSDSS)
	defElem(pack(true, false), p.VPKSHUS, p.VPKSWUS, p.VPKSDUS)
	defElem(pack(false, false), p.VPKUHUS, p.VPKUWUS, p.VPKUDUS)
	def(vBin0(vec.PackPixel), p.VPKPX)
	defElem(vUn(func(b vec.V, w int) vec.V { return vec.UnpackSigned(b, w, false) }), p.VUPKHSB, p.VUPKHSH, p.VUPKHSW)
	defElem(vUn(func(b vec.V, w int) vec.V { return vec.UnpackSigned(b, w, true) }), p.VUPKLSB, p.VUPKLSH, p.VUPKLSW)
	def(vUn0(func(b vec.V) vec.V { return vec.UnpackPixel(b, false) }), p.VUPKHPX)
	def(vUn0(func(b vec.V) vec.V { return vec.UnpackPixel(b, true) }), p.VUPKLPX)

	defElem(vBin(vec.ShiftLeftElem), p.VSLB, p.VSLH, p.VSLW, p.VSLD)
	defElem(vBin(vec.ShiftRightElem), p.VSRB, p.VSRH, p.VSRW, p.VSRD)
	defElem(vBin(vec.ShiftRightAlgebraicElem), p.VSRAB, p.VSRAH, p.VSRAW, p.VSRAD)
	defElem(vBin(vec.RotateElem), p.VRLB, p.VRLH, p.VRLW, p.VRLD)
	defElem(opVRotateMask, p.VRLWMI, p.VRLWNM, p.VRLDMI, p.VRLDNM)
	def(opVRotateMaskQuad, p.VRLQMI, p.VRLQNM)
	def(vBin0(vec.RotateQuad), p.VRLQ)
	def(vBin0(vec.ShiftLeftQuad), p.VSLQ)
	def(vBin0(vec.ShiftRightQuad), p.VSRQ)
	def(vBin0(vec.ShiftRightAlgebraicQuad), p.VSRAQ)
}

func opVXor(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.Xor(vA(r, in), vB(r, in)))
	return nil
}

// vand, vandc, vor and vpermxor: named, not vBin0/vTern0 closures (vDone).
func opVAnd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return vDone(r, in, vec.And(vA(r, in), vB(r, in)))
}

func opVAndc(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return vDone(r, in, vec.AndC(vA(r, in), vB(r, in)))
}

func opVOr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return vDone(r, in, vec.Or(vA(r, in), vB(r, in)))
}

func opVPermxor(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return vDone(r, in, vec.PermuteXor(vA(r, in), vB(r, in), vC(r, in)))
}

func opVSel(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.Select(vA(r, in), vB(r, in), vC(r, in)))
	return nil
}

func opVPerm(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.Permute(vA(r, in), vB(r, in), vC(r, in)))
	return nil
}

// opVSplat: vspltb/h/w VRT,VRB,UIM.
func opVSplat(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.SplatElement(vr(r, in.Args[1]), int(in.Args[2]), int(in.Elem)))
	return nil
}

// opVSplatImm: vspltisb/h/w VRT,SIM.
func opVSplatImm(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.SplatImmediate(in.Args[1], int(in.Elem)))
	return nil
}

// opVShiftDouble: vsldoi VRT,VRA,VRB,SHB and vsldbi/vsrdbi VRT,VRA,VRB,SH.
func opVShiftDouble(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b, sh := vA(r, in), vB(r, in), in.Args[3]
	var v vec.V
	switch in.Op {
	case p.VSLDOI:
		v = vec.ShiftLeftDouble(a, b, int(sh))
	case p.VSLDBI:
		v = vec.ShiftLeftDoubleBits(a, b, uint(sh))
	default:
		v = vec.ShiftRightDoubleBits(a, b, uint(sh))
	}
	setVRT(r, in, v)
	return nil
}

// opVRotateMask: vrlwmi, vrlwnm, vrldmi, vrldnm (the insert forms read VRT).
func opVRotateMask(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	insert := in.Op == p.VRLWMI || in.Op == p.VRLDMI
	setVRT(r, in, vec.RotateMask(vA(r, in), vB(r, in), vr(r, in.Args[0]), int(in.Elem), insert))
	return nil
}

func opVRotateMaskQuad(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.RotateMaskQuad(vA(r, in), vB(r, in), vr(r, in.Args[0]), in.Op == p.VRLQMI))
	return nil
}
