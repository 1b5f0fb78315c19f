package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/bcd"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// The decimal integer (BCD) instructions of the vector facility: operands
// from VRs, the kernels of internal/bcd, the result to VRT and the
// condition to CR6 (every one is a record form).

type bcdKind uint8

const (
	bkAdd bcdKind = iota + 1
	bkSub
	bkCpSgn
	bkSetSgn
	bkCfSQ
	bkCtSQ
	bkCfN
	bkCtN
	bkCfZ
	bkCtZ
	bkS
	bkSR
	bkUS
	bkTrunc
	bkUTrunc
)

// bcdOps is the op of each kind.
var bcdOps = [...]decode.Op{
	bkAdd: ppc64asm.BCDADDCC, bkSub: ppc64asm.BCDSUBCC, bkCpSgn: ppc64asm.BCDCPSGNCC,
	bkSetSgn: ppc64asm.BCDSETSGNCC, bkCfSQ: ppc64asm.BCDCFSQCC, bkCtSQ: ppc64asm.BCDCTSQCC,
	bkCfN: ppc64asm.BCDCFNCC, bkCtN: ppc64asm.BCDCTNCC, bkCfZ: ppc64asm.BCDCFZCC,
	bkCtZ: ppc64asm.BCDCTZCC, bkS: ppc64asm.BCDSCC, bkSR: ppc64asm.BCDSRCC,
	bkUS: ppc64asm.BCDUSCC, bkTrunc: ppc64asm.BCDTRUNCCC, bkUTrunc: ppc64asm.BCDUTRUNCCC,
}

// bcdKinds is the kind of each BCD op, 0 for the others.
var bcdKinds = func() (t [decode.NumOps]bcdKind) {
	for k, op := range bcdOps {
		t[op] = bcdKind(k)
	}
	return t
}()

func init() {
	for op, k := range bcdKinds {
		if k != 0 {
			def(opBCD, decode.Op(op))
		}
	}
}

func vrGet(r *regs.Regs, n int64) bcd.V {
	v := r.VR(int(n) & 31)
	return bcd.V{Hi: v.Hi, Lo: v.Lo}
}

func opBCD(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Invalid&decode.InvalidReservedBits != 0 {
		// Only the QEMU profile gets here (reserved bits QEMU does not
		// refuse): bcd-reserved-vmx.
		if err := bcdReservedQEMU(e, r, m, in); err != errBCDAsBCD {
			return err
		}
	}
	a := func(i int) bcd.V { return vrGet(r, in.Args[i]) }
	ps := func(i int) int {
		if int(in.NArgs) > i {
			return int(in.Args[i]) & 1
		}
		return 0
	}
	var res bcd.Result
	switch k := bcdKinds[in.Op]; k {
	case bkAdd, bkSub:
		res = bcd.Add(a(1), a(2), ps(3), k == bkSub)
	case bkCpSgn:
		res = bcd.CopySign(a(1), a(2))
	case bkSetSgn:
		res = bcd.SetSign(a(1), ps(2))
	case bkCfSQ:
		res = bcd.FromInt128(a(1), ps(2))
	case bkCtSQ:
		res = bcd.ToInt128(a(1))
	case bkCfN:
		res = bcd.FromNational(a(1), ps(2))
	case bkCtN:
		res = bcd.ToNational(a(1))
	case bkCfZ:
		res = bcd.FromZoned(a(1), ps(2))
	case bkCtZ:
		res = bcd.ToZoned(a(1), ps(2))
	case bkS:
		res = bcd.Shift(a(1), a(2), ps(3))
	case bkSR:
		res = bcd.ShiftRound(a(1), a(2), ps(3))
	case bkUS:
		res = bcd.ShiftUnsigned(a(1), a(2))
	case bkTrunc:
		res = bcd.Truncate(a(1), a(2), ps(3))
	case bkUTrunc:
		res = bcd.TruncateUnsigned(a(1), a(2))
	}
	switch res.Status {
	case bcd.Undefined, bcd.Unchanged:
		if e.action(diffBCDInvalid) != Value {
			return refusal(in.Op, ErrNotEmulated, "BCD result undefined (invalid operand, overflow or length)", nil)
		}
		if k := bcdKinds[in.Op]; (k == bkAdd || k == bkSub) && bcd.QEMUEqualOnInvalid(a(1), a(2), k == bkSub) {
			res.V, res.CR = bcd.V{Lo: 0xc | uint64(ps(3))*3}, bcd.EQ
		}
	}
	if res.Status == bcd.Defined {
		bcdHardwareCR(e, in, &res, a(2), ps(3))
	}
	if res.Status != bcd.Unchanged {
		r.SetVR(int(in.Args[0])&31, regs.VSR{Hi: res.V.Hi, Lo: res.V.Lo})
	}
	r.SetCRField(6, res.CR)
	return nil
}

var errBCDAsBCD = &OpError{Kind: ErrNotEmulated, Reason: "bcd op runs as itself"}

// bcdReservedQEMU runs what QEMU 7.2 executes for a BCD op whose reserved
// bit 22 is set (bcd-reserved-vmx): QEMU picks between the VMX op and the
// BCD op of an opcode pair by Rc alone, and bit 22 moves bcdus. onto
// vsubuws's pair and bcdutrunc. onto vsubshs's, whose VMX half QEMU runs
// (Rc ignored: no CR6); bcdctsq.'s pair partner dispatches on VRA as
// bcdctsq.'s own does, so bcdctsq. runs as itself (errBCDAsBCD).
func bcdReservedQEMU(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var want decode.Op
	switch in.Op {
	case ppc64asm.BCDUSCC:
		want = ppc64asm.VSUBUWS
	case ppc64asm.BCDUTRUNCCC:
		want = ppc64asm.VSUBSHS
	default:
		return errBCDAsBCD
	}
	var alt decode.Inst
	if err := decode.DecodeWordTo(&alt, in.Word&^decode.WordRc, 0); err != nil || alt.Op != want {
		return refusal(in.Op, ErrNotEmulated, "reserved bit set: QEMU's VMX op not decoded", nil)
	}
	return semantics[want](e, r, m, &alt)
}

// bcdHardwareCR applies two POWER9 facts to a defined result under the
// hardware profile. bcds., bcdsr. and bcdtrunc. that shift out non-zero
// digits and leave a zero: CR6 is GT or LT from the sign of VRB, with SO,
// where QEMU 7.2 gives EQ|SO (Differences row "bcd-overflow-cr6").
// bcdadd. and bcdsub. with a zero sum of negative operands (−0 + −0): +0
// with the preferred plus sign, where QEMU 7.2 keeps −0
// (Differences row "bcd-negative-zero").
func bcdHardwareCR(e *Emulator, in *decode.Inst, res *bcd.Result, b bcd.V, ps int) {
	switch bcdKinds[in.Op] {
	case bkS, bkSR, bkTrunc:
		if res.CR&(bcd.SO|bcd.EQ) == bcd.SO|bcd.EQ && !e.qemuSide(diffBCDOverflowCR) {
			res.CR = bcd.SO | bcd.GT
			if _, neg, _ := bcd.Signed(b); neg {
				res.CR = bcd.SO | bcd.LT
			}
		}
	case bkAdd, bkSub:
		if res.CR&bcd.EQ != 0 && res.V.Lo&15 == 0xd && !e.qemuSide(diffBCDNegZero) {
			res.V.Lo = res.V.Lo&^15 | 0xc | uint64(ps)*3
		}
	}
}
