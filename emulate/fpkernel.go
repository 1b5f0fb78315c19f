package emulate

import (
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The binary floating-point glue between the FPRs (double format) and the
// format-parametric soft-float core (internal/softfloat): rounding modes,
// operand unpacking, double-format predicates and FPRF. The FPSCR mapping
// of the core's flags is fpCommit's (fpscr.go).

// sfMode maps FPSCR[RN] to the core's rounding mode.
var sfMode = [4]softfloat.Mode{
	regs.RoundNearest: softfloat.NearestEven,
	regs.RoundZero:    softfloat.TowardZero,
	regs.RoundUp:      softfloat.Up,
	regs.RoundDown:    softfloat.Down,
}

// fpMode is the core's rounding mode for FPSCR[RN].
func fpMode(r *regs.Regs) softfloat.Mode { return sfMode[r.RoundingMode()] }

// Double-format constants.
const (
	fpSignBit = uint64(1) << 63
	fpOne     = uint64(0x3ff0000000000000)
)

// dv unpacks the double x.
func dv(x uint64) softfloat.Value { return softfloat.Binary64.Unpack(softfloat.B(x)) }

func fpClass(x uint64) softfloat.Class { return softfloat.Binary64.Classify(softfloat.B(x)) }

func fpIsNaN(x uint64) bool  { return fpClass(x).IsNaN() }
func fpIsSNaN(x uint64) bool { return fpClass(x) == softfloat.SNaN }
func fpIsZero(x uint64) bool { return fpClass(x) == softfloat.Zero }
func fpNeg(x uint64) bool    { return x&fpSignBit != 0 }

// fpToSingleNaN truncates a (quiet) NaN's payload to single precision, kept
// in double format.
func fpToSingleNaN(x uint64) uint64 { return x &^ (1<<29 - 1) }

// fpFlipSign negates the encoding b of format f.
func fpFlipSign(f softfloat.Format, b softfloat.Bits) softfloat.Bits {
	if f == softfloat.Binary128 {
		b.Hi ^= 1 << 63
	} else {
		b.Lo ^= 1 << uint(f.Width()-1)
	}
	return b
}

// fprfOf is FPSCR[FPRF] for the encoding b of format f (a Binary64
// encoding that holds a single-precision value is classified as a double:
// callers whose result is single precision pass Binary32).
func fprfOf(f softfloat.Format, b softfloat.Bits) uint64 {
	if x := b.Lo; f == softfloat.Binary64 && (x>>52&0x7ff)-1 < 0x7fe {
		return 0x04 << (x >> 63) // a normal double, the common case: +0x04, −0x08
	}
	return fprfAny(f, b)
}

func fprfAny(f softfloat.Format, b softfloat.Bits) uint64 {
	return fprfCode(f.Classify(b), f.SignBit(b))
}

// fprfCode is the FPRF code of a class and sign.
func fprfCode(c softfloat.Class, neg bool) uint64 {
	switch c {
	case softfloat.QNaN, softfloat.SNaN:
		return 0x11
	case softfloat.Inf:
		if neg {
			return 0x09
		}
		return 0x05
	case softfloat.Zero:
		if neg {
			return 0x12
		}
		return 0x02
	case softfloat.Subnormal:
		if neg {
			return 0x18
		}
		return 0x14
	}
	if neg {
		return 0x08
	}
	return 0x04
}
