package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Fixed-point arithmetic and compare instructions (logical ones are in
// logical.go).

func init() {
	defCmp(0, ppc64asm.CMPW, ppc64asm.CMPWI)
	defCmp(cmpDouble, ppc64asm.CMPD, ppc64asm.CMPDI)
	defCmp(cmpLogical, ppc64asm.CMPLW, ppc64asm.CMPLWI)
	defCmp(cmpLogical|cmpDouble, ppc64asm.CMPLD, ppc64asm.CMPLDI)
	defCmp(cmpLOperand, ppc64asm.CMP, ppc64asm.CMPI)
	defCmp(cmpLOperand|cmpLogical, ppc64asm.CMPL, ppc64asm.CMPLI)
}

// gprOr0 is the ISA's (RA|0): register n, or the value 0 for n = 0.
func gprOr0(r *regs.Regs, n int64) uint64 {
	if n == 0 {
		return 0
	}
	return r.GPR[n&31]
}

// crFieldFor returns the LT/GT/EQ/SO nibble for a signed comparison of v
// with zero, with SO copied from XER (after the instruction's own OV update).
func crFieldFor(r *regs.Regs, v uint64) uint32 {
	s := int64(v)
	if !r.Is64() {
		s = int64(int32(v))
	}
	var c uint32
	switch {
	case s < 0:
		c = regs.CRLT
	case s > 0:
		c = regs.CRGT
	default:
		c = regs.CREQ
	}
	if r.SO() {
		c |= regs.CRSO
	}
	return c
}

// setCR0 sets CR field 0 from a record-form result.
func setCR0(r *regs.Regs, v uint64) {
	r.SetCRField(0, crFieldFor(r, v))
}

// setOV sets XER OV and OV32 (and SO if OV) from the signed overflow of the
// sum x + y + carry-in whose result is res.
func setOV(r *regs.Regs, x, y, res uint64) {
	o := (x ^ res) & (y ^ res) // overflow in bit 0 (of the doubleword), OV32 in bit 32
	ov32 := o >> 31 & 1
	if r.MSR&regs.MSRSF == 0 {
		o <<= 32 // 32-bit mode: OV is OV32
	}
	r.XER = r.XER&^(regs.XEROV|regs.XEROV32) | (o>>63)*(regs.XEROV|regs.XERSO) | ov32*regs.XEROV32
}

// addRT writes x + y + c to RT with the OE side effects of in (the ops
// are registered with defRc, which adds the Rc one).
func addRT(r *regs.Regs, in *decode.Inst, x, y, c uint64) {
	res := x + y + c
	if in.Flags&decode.FlagOE != 0 {
		setOV(r, x, y, res)
	}
	r.GPR[in.Args[0]&31] = res
}

// defRc registers f for ops whose record form (Rc=1) sets CR0 from the
// result f writes to Args[0] (RT or RA), after f's XER update, and which
// do nothing else for Rc: f itself leaves CR0 alone. An op whose table
// flags (its base encoding, decoded) lack FlagRc gets f itself, so the
// common forms pay nothing for Rc; the others get f followed by the CR0
// update (recordForm).
func defRc(f semFn, ops ...decode.Op) {
	rec := recordForm(f)
	for _, op := range ops {
		if in, ok := decode.BaseInst(op); ok && !in.Has(decode.FlagRc) {
			def(f, op)
		} else {
			def(rec, op)
		}
	}
}

// recordForm is f followed by the record step of an Rc=1 encoding: CR0
// from the result in Args[0].
func recordForm(f semFn) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		if err := f(e, r, m, in); err != nil {
			return err
		}
		if in.Has(decode.FlagRc) {
			setCR0(r, r.GPR[in.Args[0]&31])
		}
		return nil
	}
}

// The compare family. ppc64asm gives cmpw/cmpd/cmplw/cmpld(i) for L=0/1 and
// cmp/cmpi/cmpl/cmpli (with an explicit L operand) for nothing it decodes
// today; both shapes are handled. With L=0 the low words are compared,
// sign-extended (signed) or zero-extended (logical). cmpForms holds each
// op's shape, so the step does not compare op numbers.
type cmpForm uint8

const (
	cmpLogical  cmpForm = 1 << iota // unsigned: cmpl, cmpli, cmplw, cmpld, …
	cmpDouble                       // L=1 by name: cmpd, cmpdi, cmpld, cmpldi
	cmpLOperand                     // operands BF, L, RA, RB|SI|UI (cmp, cmpi, cmpl, cmpli)
)

var cmpForms [decode.NumOps]cmpForm

// defCmp registers the compare ops of one form.
func defCmp(form cmpForm, ops ...decode.Op) {
	def(opCmp, ops...)
	for _, op := range ops {
		cmpForms[op] = form
	}
}

func opCmp(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	form := cmpForms[in.Op]
	bf := in.Args[0] & 7
	l64 := form&cmpDouble != 0
	logical := form&cmpLogical != 0
	ra, second := 1, 2
	if form&cmpLOperand != 0 {
		l64 = in.Args[1]&1 != 0
		ra, second = 2, 3
	}
	a := r.GPR[in.Args[ra]&31]
	var b uint64
	if in.Kinds[second] == decode.ArgGPR {
		b = r.GPR[in.Args[second]&31]
	} else if logical {
		b = uint64(in.Args[second]) & 0xffff
	} else {
		b = uint64(in.Args[second]) // sign-extended SI
	}
	setCmpField(r, int(bf), a, b, l64, logical)
	return nil
}

// setCmpField sets CR field bf to the comparison of a with b (their low
// words unless l64: sign-extended, or zero-extended when logical), LT, GT
// or EQ, with SO copied from XER.
func setCmpField(r *regs.Regs, bf int, a, b uint64, l64, logical bool) {
	if !l64 {
		if logical {
			a, b = uint64(uint32(a)), uint64(uint32(b))
		} else {
			a, b = uint64(int64(int32(a))), uint64(int64(int32(b)))
		}
	}
	var c uint32
	switch {
	case a == b:
		c = regs.CREQ
	case logical && a < b, !logical && int64(a) < int64(b):
		c = regs.CRLT
	default:
		c = regs.CRGT
	}
	if r.SO() {
		c |= regs.CRSO
	}
	r.SetCRField(bf, c)
}
