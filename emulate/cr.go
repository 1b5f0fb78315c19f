package emulate

import (
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Compare (cmprb, cmpeqb), CR-result (setb, setbc…, isel, mcrxrx) and
// condition-register instructions (mcrf, CR logical, mfcr/mfocrf,
// mtcrf/mtocrf). The compare family cmp/cmpl/cmpi/cmpli is opCmp in fixed.go.
//
// CR bits are numbered as in the ISA: bit 0 is the most significant bit of
// the 32-bit CR (CR[32] of the 64-bit view), field n is bits 4n..4n+3.

func init() {
	def(opCmprb, ppc64asm.CMPRB)
	def(opCmpeqb, ppc64asm.CMPEQB)
	def(opSetb, ppc64asm.SETB)
	def(opSetbc, ppc64asm.SETBC, ppc64asm.SETBCR, ppc64asm.SETNBC, ppc64asm.SETNBCR)
	def(opIsel, ppc64asm.ISEL)
	def(opMcrxrx, ppc64asm.MCRXRX)
	def(opMcrf, ppc64asm.MCRF)
	def(opCRLogical, ppc64asm.CRAND, ppc64asm.CRANDC, ppc64asm.CREQV, ppc64asm.CRNAND,
		ppc64asm.CRNOR, ppc64asm.CROR, ppc64asm.CRORC, ppc64asm.CRXOR)
	def(opMfcr, ppc64asm.MFCR)
	def(opMfocrf, ppc64asm.MFOCRF)
	def(opMtcrf, ppc64asm.MTCRF)
	def(opMtocrf, ppc64asm.MTOCRF)

	// Which reserved bits QEMU 7.2 ignores for these ops (e.g. bits 0 and
	// 22 of the compares, the FXM field of mfcr) is measured in
	// emulate/testdata/qemu-legality.txt.
}

// cmprb BF,L,RA,RB: is the low byte of RA within the byte range(s) of RB?
// The result sets only the GT bit of field BF.
func opCmprb(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	src := uint8(r.GPR[in.Args[2]&31])
	b := r.GPR[in.Args[3]&31]
	in2 := uint8(b) <= src && src <= uint8(b>>8)
	if in.Args[1]&1 != 0 && uint8(b>>16) <= src && src <= uint8(b>>24) {
		in2 = true
	}
	var c uint32
	if in2 {
		c = 4
	}
	r.SetCRField(int(in.Args[0]), c)
	return nil
}

// cmpeqb BF,RA,RB: does any byte of RB equal the low byte of RA? The result
// sets only the GT bit of field BF.
func opCmpeqb(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	src := r.GPR[in.Args[1]&31] & 0xff
	x := r.GPR[in.Args[2]&31] ^ src*0x0101010101010101
	// A zero byte in x is a match (the classic has-zero-byte test).
	var c uint32
	if (x-0x0101010101010101)&^x&0x8080808080808080 != 0 {
		c = 4
	}
	r.SetCRField(int(in.Args[0]), c)
	return nil
}

// setb RT,BFA: −1 if field BFA has LT, else 1 if it has GT, else 0.
func opSetb(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	f := r.CRField(int(in.Args[1]))
	var v uint64
	switch {
	case f&8 != 0:
		v = ^uint64(0)
	case f&4 != 0:
		v = 1
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// setbc, setbcr, setnbc, setnbcr RT,BI (ISA 3.1).
func opSetbc(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	bit := r.CRBit(int(in.Args[1]))
	var v uint64
	switch in.Op {
	case ppc64asm.SETBC:
		if bit {
			v = 1
		}
	case ppc64asm.SETBCR:
		if !bit {
			v = 1
		}
	case ppc64asm.SETNBC:
		if bit {
			v = ^uint64(0)
		}
	default: // SETNBCR
		if !bit {
			v = ^uint64(0)
		}
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// isel RT,RA,RB,BC: RT = CR[BC] ? (RA|0) : RB.
func opIsel(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var v uint64
	if r.CRBit(int(in.Args[3])) {
		v = gprOr0(r, in.Args[1])
	} else {
		v = r.GPR[in.Args[2]&31]
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// mcrxrx BF: field BF = OV, OV32, CA, CA32.
func opMcrxrx(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var c uint32
	if r.XER&regs.XEROV != 0 {
		c |= 8
	}
	if r.XER&regs.XEROV32 != 0 {
		c |= 4
	}
	if r.XER&regs.XERCA != 0 {
		c |= 2
	}
	if r.XER&regs.XERCA32 != 0 {
		c |= 1
	}
	r.SetCRField(int(in.Args[0]), c)
	return nil
}

// mcrf BF,BFA.
func opMcrf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.SetCRField(int(in.Args[0]), r.CRField(int(in.Args[1])))
	return nil
}

// CR logical ops BT,BA,BB. The XL-form's extended opcode bits 22:25 (ISA
// numbering of the word) are the truth table: the result for inputs a, b is
// ISA bit 25 − (2·a + b), i.e. bit 6 + 2·a + b counting from the least
// significant end (crand, XO 257, has only the a=b=1 entry set).
func opCRLogical(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var idx uint
	if r.CRBit(int(in.Args[1])) {
		idx += 2
	}
	if r.CRBit(int(in.Args[2])) {
		idx++
	}
	res := in.Word>>(6+idx)&1 != 0
	mask := uint32(1) << (31 - uint(in.Args[0]&31))
	if res {
		r.CR |= mask
	} else {
		r.CR &^= mask
	}
	return nil
}

// mfcr RT: RT = 32 zero bits ‖ CR.
func opMfcr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = uint64(r.CR)
	return nil
}

// fxmMasks maps an 8-bit FXM to its 32-bit CR mask (FXM bit 0, the most
// significant, selects CR0).
var fxmMasks = func() (t [256]uint32) {
	for fxm := range t {
		for i := uint(0); i < 8; i++ {
			if fxm&(0x80>>i) != 0 {
				t[fxm] |= 0xf0000000 >> (4 * i)
			}
		}
	}
	return t
}()

func fxmMask(fxm uint32) uint32 { return fxmMasks[fxm&0xff] }

// oneField is the CR field mask of mfocrf's and mtocrf's FXM. FXM should
// select one field; for any other FXM (Difference id) ok is false on the
// QEMU side, which leaves the target unchanged, and the hardware side takes
// the first selected field (CR7 when none is).
func (e *Emulator) oneField(fxm int64, id diffID) (mask uint32, ok bool) {
	f := uint32(fxm) & 0xff
	if bits.OnesCount32(f) != 1 {
		if e.qemuSide(id) {
			return 0, false
		}
		if f == 0 {
			f = 1 // CR7
		}
		f = 0x80 >> bits.LeadingZeros8(uint8(f)) // the first selected field
	}
	return fxmMask(f), true
}

// mfocrf RT,FXM: with one FXM bit set, RT = that CR field in its position
// and zeros elsewhere (both profiles; the ISA leaves the other bits
// undefined). Otherwise see Difference "mfocrf-fxm".
func opMfocrf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if mask, ok := e.oneField(in.Args[1], diffMfocrfFxm); ok {
		r.GPR[in.Args[0]&31] = uint64(r.CR & mask)
	}
	return nil
}

// mtcrf FXM,RS: the CR fields selected by FXM from RS[32:63].
func opMtcrf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	mask := fxmMask(uint32(in.Args[0]) & 0xff)
	r.CR = r.CR&^mask | uint32(r.GPR[in.Args[1]&31])&mask
	return nil
}

// mtocrf FXM,RS: one CR field from RS. FXM not one-hot: Difference
// "mtocrf-fxm".
func opMtocrf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if mask, ok := e.oneField(in.Args[0], diffMtocrfFxm); ok {
		r.CR = r.CR&^mask | uint32(r.GPR[in.Args[1]&31])&mask
	}
	return nil
}
