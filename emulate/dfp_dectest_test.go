package emulate

import (
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/decimal"
	"github.com/ppc64emu/ppc64emu/internal/decimal/dectest"
	"github.com/ppc64emu/ppc64emu/regs"
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
		base, regs3 := uint32(0xec000000), uint32(1<<21|2<<16|3<<11) // po 59, f1,f2,f3
		if quad {
			base, regs3 = 0xfc000000, 2<<21|4<<16|6<<11 // po 63, f2,f4,f6
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
			w = base | regs3 | 2<<1
		case "subtract":
			w = base | regs3 | 514<<1
		case "multiply":
			w = base | regs3 | 34<<1
		case "divide":
			w = base | regs3 | 546<<1
		case "quantize": // dqua FRT,FRA(reference),FRB(value),RMC=3 (DRN)
			if x, y := c.Format.Unpack(ops[0]), c.Format.Unpack(ops[1]); x.Class >= decimal.QNaN && y.Class >= decimal.QNaN {
				return decimal.Bits{}, "", 0, "two NaN operands: dqua takes FRA (the reference) first, GDA the value"
			}
			load([]decimal.Bits{ops[1], ops[0]})
			w = base | regs3 | 3<<9 | 3<<1
		case "tointegralx": // drintx 0,FRT,FRB,RMC=3 (DRN), FRB = the operand
			load([]decimal.Bits{{}, ops[0]})
			w = base | regs3&^(31<<16) | 3<<9 | 99<<1
		case "shift": // dscli/dscri FRT,FRA,SH
			k, skip := dectest.ShiftCount(c.Format, ops)
			if skip != "" {
				return decimal.Bits{}, "", 0, skip
			}
			xo := uint32(66)
			if k < 0 {
				xo, k = 98, -k
			}
			w = base | regs3&^(31<<11) | uint32(k)<<10 | xo<<1
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
			w = base | regs3&^(31<<11) | 66<<1
		case "compare": // dcmpu cr0,FRA,FRB
			w = base | regs3&^(31<<21) | 642<<1
			if err := step(&r, w); err != nil {
				return decimal.Bits{}, fmt.Sprintf("error: %v", err), 0, ""
			}
			return decimal.Bits{}, dectest.CompareString(r.CRField(0)), fpscrFlags(r.FPSCR), ""
		case "samequantum": // dtstex cr0,FRA,FRB
			w = base | regs3&^(31<<21) | 162<<1
			if err := step(&r, w); err != nil {
				return decimal.Bits{}, fmt.Sprintf("error: %v", err), 0, ""
			}
			if r.CRField(0) == regs.CREQ {
				return decimal.Bits{}, "1", 0, ""
			}
			return decimal.Bits{}, "0", 0, ""
		case "class": // dtstdc cr0,FRA,DCM for each class bit
			for bit := 0; bit < 6; bit++ {
				w = base | 2<<16 | uint32(1<<bit)<<10 | 194<<1
				if quad {
					w = base | 4<<16 | uint32(1<<bit)<<10 | 194<<1
				}
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
