package microwatt

import (
	"math"
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/system"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// The Microwatt core's own choices where the ISA leaves the result to the
// implementation, or where Microwatt departs from the ISA text: the
// machine's implementation profile. Each is a fact read from Microwatt's
// VHDL (fpu.vhdl, loadstore1.vhdl, execute1.vhdl) and checked by its
// tests/ expectations; nothing here changes emulate's profiles, so the
// problem-state behaviour of `ppc64emu run` and the golden traces stay as
// they are.
//
//   - fre, fres, frsqrte, frsqrtes: Microwatt's estimate tables
//     (Estimate).
//   - ftdiv, ftsqrt: CR field bit 0 is 0 where the ISA writes 1
//     (fpu.vhdl sets only the fg and fe bits of its result).
//   - lq (not plq) in little-endian mode at an EA that is not a multiple
//     of 16: alignment interrupt (loadstore1.vhdl refuses it, so that
//     with RA = RT+1 the second doubleword cannot fault after the first
//     overwrote RA); stq and big-endian lq are performed.
//   - A branch with LK = 1 in 32-bit mode sets LR to the 64-bit sum
//     NIP + 4 (0x1_0000_0000 after a bl at 0xfffffffc; the ISA leaves
//     the high bits undefined; tests/modes expects it).
func useCore(c *system.CPU) {
	for _, op := range []decode.Op{ppc64asm.FTDIV, ppc64asm.FTSQRT} {
		c.SetOp(op, opFTest)
	}
	c.SetOp(ppc64asm.LQ, opLQ)
	for _, op := range []decode.Op{ppc64asm.BL, ppc64asm.BLA, ppc64asm.BCL, ppc64asm.BCLA,
		ppc64asm.BCLRL, ppc64asm.BCCTRL, ppc64asm.BCTARL} {
		c.SetOp32(op, opBranchLink)
	}
}

// opFTest is ftdiv and ftsqrt with CR field BF's first bit 0.
func opFTest(c *system.CPU, in *decode.Inst) error {
	if err := c.Exec(in); err != nil {
		return err
	}
	bf := in.Args[0] & 7
	c.Regs.CR &^= 8 << (4 * (7 - bf))
	return nil
}

// opLQ is lq with Microwatt's alignment rule in little-endian mode.
func opLQ(c *system.CPU, in *decode.Inst) error {
	r := &c.Regs
	if r.MSR&regs.MSRLE != 0 {
		ea := uint64(in.Args[1])
		if ra := in.Args[2] & 31; ra != 0 {
			ea += r.GPR[ra]
		}
		if !r.Is64() {
			ea &= 0xffffffff
		}
		if ea&15 != 0 {
			return &emulate.Fault{Addr: ea, EA: ea, Size: 16, Alignment: true}
		}
	}
	return c.Exec(in)
}

// opBranchLink is a branch that writes LR, with LR = NIP + 4 not
// truncated to 32 bits in 32-bit mode.
func opBranchLink(c *system.CPU, in *decode.Inst) error {
	nip := c.Regs.NIP
	if err := c.Exec(in); err != nil {
		return err
	}
	if !c.Regs.Is64() {
		c.Regs.LR = nip + 4
	}
	return nil
}

// Microwatt's estimate tables (fpu.vhdl inverse_table), computed here
// from the rule its comment states and its values follow: an entry is the
// inverse of the centre of its input interval, in 0.19 fixed point
// (values in [0.5, 1), the leading bit included here). The reciprocal
// table covers [1, 2) in 256 intervals and keeps 19 bits (truncated); the
// reciprocal square root table covers [1, 4) in three blocks of 256
// intervals ([1,2), [2,3), [3,4)) and keeps 18 (truncated, then shifted
// to 0.19). TestEstimateTables compares them with the VHDL's table when a
// copy of Microwatt is present.
var recipTable, rsqrtTable = func() (rc [256]uint32, rs [3][256]uint32) {
	for i := range rc {
		// 2^19 / (1 + (2i+1)/512)
		rc[i] = uint32((1 << 28) / (513 + 2*uint64(i)))
	}
	for k := range rs {
		for j := range rs[k] {
			// 2^18 / sqrt((512(k+1) + 2j+1) / 512), as 2 × isqrt(2^45 / n)
			rs[k][j] = 2 * uint32(isqrt((1<<45)/(512*uint64(k+1)+2*uint64(j)+1)))
		}
	}
	return
}()

// isqrt is floor(sqrt(n)).
func isqrt(n uint64) uint64 {
	s := uint64(math.Sqrt(float64(n)))
	for s*s > n {
		s--
	}
	for (s+1)*(s+1) <= n {
		s++
	}
	return s
}

// Estimate is Microwatt's fre/frsqrte estimate (emulate.Config.Estimate)
// of the positive finite non-zero double b: the operand normalized to
// m × 2^e with m in [1, 2), the table entry of m's first eight fraction
// bits (for the square root, of m or 2m in [1, 4) so that the exponent is
// even), scaled by 2^-e (2^(-e/2)). The result is rounded to the target
// format like any result (fpu.vhdl: FRE_1 and RSQRT_1 go to NORMALIZE and
// the usual rounding).
func Estimate(rsqrt bool, b uint64) (sig uint64, exp int) {
	frac, e := b&(1<<52-1), int(b>>52&0x7ff)
	if e == 0 { // subnormal: normalize
		if frac == 0 {
			return 0, 0
		}
		s := bits.LeadingZeros64(frac) - 11
		frac <<= s
		e = 1 - s
	}
	e -= 1023
	frac |= 1 << 52
	var est uint32
	switch {
	case !rsqrt:
		est = recipTable[frac>>44&0xff]
	case e&1 == 0:
		est = rsqrtTable[0][frac>>44&0xff]
	default:
		// 2m in [2, 4): block 2 or 3 by m's first fraction bit.
		est = rsqrtTable[1+frac>>51&1][frac>>43&0xff]
		e--
	}
	if rsqrt {
		e /= 2
	}
	// est / 2^19 × 2^-e = (est << 45) / 2^63 × 2^(-1-e)
	return uint64(est) << 45, -1 - e
}
