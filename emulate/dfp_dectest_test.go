package emulate

import (
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/decimal"
	"github.com/ppc64emu/ppc64emu/internal/decimal/dectest"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestDecTestStep runs the General Decimal Arithmetic cases for decimal64
// and decimal128 (an oracle independent of QEMU) through the DFP
// instructions: operands in FPRs (pairs for decimal128), FPSCR[DRN] from
// the case's rounding, one Step, then the result register or CR field and
// the FPSCR exception bits are compared with the case's result and
// conditions.
func TestDecTestStep(t *testing.T) {
	dir := dectest.Dir()
	if dir == "" {
		t.Skip("decTest files absent: install Debian's libpython3.11-testsuite (scripts/install-deps.sh) or set DECTEST_DIR")
	}
	e := New(Config{})
	cache := map[uint32]*decode.Inst{}
	step := func(r *regs.Regs, w uint32) error {
		in := cache[w]
		if in == nil {
			d, err := decode.DecodeWord(w, 0)
			if err != nil {
				return err
			}
			in = &d
			cache[w] = in
		}
		r.NIP = cia
		return e.Step(r, nil, in)
	}
	exec := func(c *dectest.Case, ops []decimal.Bits) (decimal.Bits, string, decimal.Flags, string) {
		quad := c.Format == decimal.Extended
		var r regs.Regs
		r.MSR = regs.MSRSF | regs.MSRFP
		r.FPSCR = uint64(c.Rounding) << regs.FPSCRDRNLSB
		// Long: FRT f1, operands f2, f3; Extended: FRTp f2, operands f4, f6.
		load := func(ops []decimal.Bits) {
			for i, b := range ops {
				if quad {
					r.SetFPR(4+2*i, b.Hi)
					r.SetFPR(5+2*i, b.Lo)
				} else {
					r.SetFPR(2+i, b.Lo)
				}
			}
		}
		load(ops)
		ft, fa, fb := int64(1), int64(2), int64(3)
		if quad {
			ft, fa, fb = 2, 4, 6
		}
		// op picks the Long or the Extended (quad) form.
		op := func(long, ext decode.Op) decode.Op {
			if quad {
				return ext
			}
			return long
		}
		var w uint32
		result := func() (decimal.Bits, string, decimal.Flags, string) {
			if err := step(&r, w); err != nil {
				return decimal.Bits{}, fmt.Sprintf("error: %v", err), 0, ""
			}
			b := decimal.Bits{Lo: r.FPR(1)}
			if quad {
				b = decimal.Bits{Hi: r.FPR(2), Lo: r.FPR(3)}
			}
			return b, "", fpscrFlags(r.FPSCR), ""
		}
		switch c.Op {
		case "add":
			w = enc(op(ppc64asm.DADD, ppc64asm.DADDQ), ft, fa, fb)
		case "subtract":
			w = enc(op(ppc64asm.DSUB, ppc64asm.DSUBQ), ft, fa, fb)
		case "multiply":
			w = enc(op(ppc64asm.DMUL, ppc64asm.DMULQ), ft, fa, fb)
		case "divide":
			w = enc(op(ppc64asm.DDIV, ppc64asm.DDIVQ), ft, fa, fb)
		case "quantize": // dqua FRT,FRA(reference),FRB(value),RMC=3 (DRN)
			if x, y := c.Format.Unpack(ops[0]), c.Format.Unpack(ops[1]); x.Class >= decimal.QNaN && y.Class >= decimal.QNaN {
				return decimal.Bits{}, "", 0, "two NaN operands: dqua takes FRA (the reference) first, GDA the value"
			}
			load([]decimal.Bits{ops[1], ops[0]})
			w = enc(op(ppc64asm.DQUA, ppc64asm.DQUAQ), ft, fa, fb, 3)
		case "tointegralx": // drintx 0,FRT,FRB,RMC=3 (DRN), FRB = the operand
			load([]decimal.Bits{{}, ops[0]})
			w = enc(op(ppc64asm.DRINTX, ppc64asm.DRINTXQ), 0, ft, fb, 3)
		case "shift": // dscli/dscri FRT,FRA,SH
			k, skip := dectest.ShiftCount(c.Format, ops)
			if skip != "" {
				return decimal.Bits{}, "", 0, skip
			}
			shift := op(ppc64asm.DSCLI, ppc64asm.DSCLIQ)
			if k < 0 {
				shift, k = op(ppc64asm.DSCRI, ppc64asm.DSCRIQ), -k
			}
			w = enc(shift, ft, fa, int64(k))
		case "apply", "canonical", "tosci":
			// Decoding and canonical re-encoding: dscli FRT,FRA,0.
			if len(c.Operands[0]) == 0 || c.Operands[0][0] != '#' {
				if c.Op != "apply" {
					return decimal.Bits{}, "", 0, "string conversion (no DFP instruction)"
				}
			}
			if c.Format.Unpack(ops[0]).Class != decimal.Finite {
				return decimal.Bits{}, "", 0, "special value: no DFP instruction re-encodes it unchanged"
			}
			w = enc(op(ppc64asm.DSCLI, ppc64asm.DSCLIQ), ft, fa, 0)
		case "compare": // dcmpu cr0,FRA,FRB
			w = enc(op(ppc64asm.DCMPU, ppc64asm.DCMPUQ), 0, fa, fb)
			if err := step(&r, w); err != nil {
				return decimal.Bits{}, fmt.Sprintf("error: %v", err), 0, ""
			}
			return decimal.Bits{}, dectest.CompareString(r.CRField(0)), fpscrFlags(r.FPSCR), ""
		case "samequantum": // dtstex cr0,FRA,FRB
			w = enc(op(ppc64asm.DTSTEX, ppc64asm.DTSTEXQ), 0, fa, fb)
			if err := step(&r, w); err != nil {
				return decimal.Bits{}, fmt.Sprintf("error: %v", err), 0, ""
			}
			if r.CRField(0) == regs.CREQ {
				return decimal.Bits{}, "1", 0, ""
			}
			return decimal.Bits{}, "0", 0, ""
		case "class": // dtstdc cr0,FRA,DCM for each class bit
			for bit := 0; bit < 6; bit++ {
				w = enc(op(ppc64asm.DTSTDC, ppc64asm.DTSTDCQ), 0, fa, 1<<bit)
				if err := step(&r, w); err != nil {
					return decimal.Bits{}, fmt.Sprintf("error: %v", err), 0, ""
				}
				if cr := r.CRField(0); cr&regs.CREQ != 0 {
					return decimal.Bits{}, dectest.ClassName(1<<bit, cr&regs.CRLT != 0), 0, ""
				}
			}
			return decimal.Bits{}, "no class", 0, ""
		default:
			return decimal.Bits{}, "", 0, "operation " + c.Op + " has no DFP instruction"
		}
		return result()
	}
	st := dectest.Run(dir, exec, t.Errorf)
	t.Logf("decTest through Step: %s", st.Summary())
	if st.Ran == 0 {
		t.Error("no case ran")
	}
}

// fpscrFlags reads the exception bits of FPSCR as decimal flags (every
// invalid cause as decimal.Invalid).
func fpscrFlags(fs uint64) decimal.Flags {
	var fl decimal.Flags
	if fs&regs.FPSCRVXAll != 0 {
		fl |= decimal.Invalid
	}
	if fs&regs.FPSCROX != 0 {
		fl |= decimal.OX
	}
	if fs&regs.FPSCRUX != 0 {
		fl |= decimal.UX
	}
	if fs&regs.FPSCRZX != 0 {
		fl |= decimal.ZX
	}
	if fs&regs.FPSCRXX != 0 {
		fl |= decimal.XX
	}
	return fl
}
