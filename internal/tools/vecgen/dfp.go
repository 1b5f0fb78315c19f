package vecgen

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/decimal"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Decimal-shaped operands for the DFP and BCD ops (class dfp): FPRs hold
// DFP Long values (or an Extended value across an even-odd pair) biased to
// zeros, infinities, NaNs with payloads, the extremes and random
// coefficients and exponents; integer operands (dcffix's FRB, diex's and
// drrnd's FRA) are edge-case integers part of the time; VRs hold signed
// BCD, zoned or national decimal strings, sometimes with invalid digits or
// sign codes.

// dfpNumber returns a random finite DFP value of format f.
func (g *gen) dfpNumber(f *decimal.Format) decimal.Bits {
	r := g.rng
	nd := 1 + r.IntN(f.Precision)
	var s string
	for i := 0; i < nd; i++ {
		s += fmt.Sprint(r.IntN(10))
	}
	var exp int
	switch r.IntN(4) {
	case 0:
		exp = f.Qmin() + r.IntN(4)
	case 1:
		exp = f.Qmax() - r.IntN(4)
	default:
		exp = r.IntN(21) - 10
	}
	return decimal.ParseFinite(f, r.IntN(2) == 0, s, exp)
}

// dfpSpecial returns a special or extreme value of format f.
func (g *gen) dfpSpecial(f *decimal.Format) decimal.Bits {
	r := g.rng
	n := decimal.Number{Neg: r.IntN(2) == 0}
	switch r.IntN(7) {
	case 0:
		n.Exp = r.IntN(5) - 2 // ±0
	case 1:
		n.Class = decimal.Infinity
	case 2:
		n.Class = decimal.QNaN
	case 3:
		n.Class = decimal.SNaN
	case 4:
		return decimal.ParseFinite(f, n.Neg, "9999999999999999999999999999999999"[:f.Precision], f.Qmax())
	case 5:
		return decimal.ParseFinite(f, n.Neg, "1", f.Qmin())
	default:
		return decimal.ParseFinite(f, n.Neg, "1", 0)
	}
	b := f.Pack(n)
	if n.Class >= decimal.QNaN && r.IntN(2) == 0 {
		b.Lo |= uint64(r.IntN(0x400)) // a payload declet
	}
	return b
}

// dfpValue returns an encoded value of format f.
func (g *gen) dfpValue(f *decimal.Format) decimal.Bits {
	switch g.rng.IntN(8) {
	case 0, 1, 2:
		return g.dfpSpecial(f)
	case 7: // any bit pattern, non-canonical declets included
		b := decimal.Bits{Lo: g.rng.Uint64()}
		switch f {
		case decimal.Extended:
			b.Hi = g.rng.Uint64()
		case decimal.Short:
			b.Lo &= 0xffffffff
		}
		return b
	}
	return g.dfpNumber(f)
}

// dfpInt returns an integer operand (dcffix, diex, drrnd, dtstsf).
func (g *gen) dfpInt() uint64 {
	r := g.rng
	switch r.IntN(4) {
	case 0:
		return uint64(r.IntN(70)) // a significance or small exponent
	case 1:
		return []uint64{0, 1, 1<<63 - 1, 1 << 63, ^uint64(0), ^uint64(1), ^uint64(2), 398, 369 + 398, 6176, 6111 + 6176, 12287, 767, 768}[r.IntN(14)]
	case 2:
		return uint64(int64(r.Uint32()) - 1<<31)
	}
	return r.Uint64()
}

// bcdValue returns a 128-bit VR value for the BCD ops.
func (g *gen) bcdValue() (hi, lo uint64) {
	r := g.rng
	nd := r.IntN(32)
	var v [32]byte // nibbles, most significant first
	for i := 31 - nd; i < 31; i++ {
		v[i] = byte(r.IntN(10))
	}
	v[31] = []byte{0xc, 0xd, 0xf, 0xa, 0xb, 0xe}[r.IntN(6)]
	if r.IntN(12) == 0 {
		v[r.IntN(32)] = byte(10 + r.IntN(6)) // invalid digit or sign
	}
	for i := 0; i < 16; i++ {
		hi = hi<<4 | uint64(v[i])
		lo = lo<<4 | uint64(v[16+i])
	}
	switch r.IntN(8) {
	case 0: // zoned: 0x3d or 0xfd bytes, sign in the last zone
		hi, lo = 0, 0
		for i := 0; i < 16; i++ {
			z := uint64(0x30)
			if r.IntN(2) == 0 {
				z = 0xf0
			}
			b := z | uint64(r.IntN(10))
			if i < 8 {
				hi = hi<<8 | b
			} else {
				lo = lo<<8 | b
			}
		}
		if r.IntN(2) == 0 {
			lo = lo&^0xf0 | uint64([]int{0xc0, 0xd0, 0xb0, 0x70}[r.IntN(4)])
		}
	case 1: // national: 0x003d halfwords, sign 0x002b or 0x002d last
		hi, lo = 0, 0
		for i := 0; i < 8; i++ {
			h := 0x30 | uint64(r.IntN(10))
			if i < 4 {
				hi = hi<<16 | h
			} else {
				lo = lo<<16 | h
			}
		}
		lo = lo&^0xffff | []uint64{0x2b, 0x2d, 0x2c, 0x39}[r.IntN(4)]
	case 2:
		hi, lo = edges[r.IntN(len(edges))], edges[r.IntN(len(edges))]
	}
	return hi, lo
}

// dfpIntArg reports whether FPR operand i of op is an integer, not a DFP value.
func dfpIntArg(op decode.Op, i int) bool {
	switch op {
	case ppc64asm.DCFFIX, ppc64asm.DCFFIXCC, ppc64asm.DCFFIXQ, ppc64asm.DCFFIXQCC:
		return i == 1
	case ppc64asm.DIEX, ppc64asm.DIEXCC, ppc64asm.DIEXQ, ppc64asm.DIEXQCC,
		ppc64asm.DRRND, ppc64asm.DRRNDCC, ppc64asm.DRRNDQ, ppc64asm.DRRNDQCC,
		ppc64asm.DTSTSF, ppc64asm.DTSTSFQ:
		return i == 1
	case ppc64asm.DCTDP, ppc64asm.DCTDPCC:
		return false
	}
	return false
}

// dfpOperands sets the FPR and VR operands of a class-dfp op; it reports
// whether any VR was set.
func (g *gen) dfpOperands(in *decode.Inst) (hasVR bool) {
	for i := 0; i < int(in.NArgs); i++ {
		a := int(in.Args[i])
		switch in.Kinds[i] {
		case decode.ArgGPR:
			if g.rng.IntN(2) == 0 {
				g.putGPR(a, g.gprValue())
			} else {
				hi, lo := g.bcdValue()
				g.putGPR(a, []uint64{hi, lo, lo & 0x000fffff000fffff}[g.rng.IntN(3)])
			}
		case decode.ArgFPR:
			pair := in.Pairs&(1<<i) != 0 // an Extended value in FRTp/FRBp (decode's Pairs)
			switch {
			case i == 2 && (in.Op == ppc64asm.DENBCD || in.Op == ppc64asm.DENBCDCC || in.Op == ppc64asm.DENBCDQ || in.Op == ppc64asm.DENBCDQCC):
				hi, lo := g.bcdDigits(pair)
				g.put(fmt.Sprintf("vs%d", a), fmt.Sprintf("%016x%016x", hi, g.rng.Uint64()))
				if pair {
					g.put(fmt.Sprintf("vs%d", (a+1)&31), fmt.Sprintf("%016x%016x", lo, g.rng.Uint64()))
				}
			case dfpIntArg(in.Op, i):
				g.put(fmt.Sprintf("vs%d", a), fmt.Sprintf("%016x%016x", g.dfpInt(), g.rng.Uint64()))
			case pair:
				v := g.dfpValue(decimal.Extended)
				g.put(fmt.Sprintf("vs%d", a), fmt.Sprintf("%016x%016x", v.Hi, g.rng.Uint64()))
				g.put(fmt.Sprintf("vs%d", (a+1)&31), fmt.Sprintf("%016x%016x", v.Lo, g.rng.Uint64()))
			default:
				var v decimal.Bits
				if in.Op == ppc64asm.DCTDP || in.Op == ppc64asm.DCTDPCC {
					v = g.dfpValue(decimal.Short)
				} else {
					v = g.dfpValue(decimal.Long)
				}
				g.put(fmt.Sprintf("vs%d", a), fmt.Sprintf("%016x%016x", v.Lo, g.rng.Uint64()))
			}
		case decode.ArgVR:
			hi, lo := g.bcdValue()
			if in.Op == ppc64asm.DCFFIXQQ && g.rng.IntN(2) == 0 {
				hi, lo = uint64(int64(g.dfpInt())>>63), g.dfpInt()
			}
			g.put(fmt.Sprintf("vs%d", 32+a), fmt.Sprintf("%016x%016x", hi, lo))
			hasVR = true
		}
	}
	return hasVR
}

// dfpFPSCR sets, a quarter of the time, one exception enable bit (VE, OE,
// UE, ZE or XE) in f, so the DFP ops' enabled-exception paths get vectors.
func (g *gen) dfpFPSCR(f uint64) uint64 {
	if g.rng.IntN(4) == 0 {
		f = withFEX(f | fpEnableBits[g.rng.IntN(len(fpEnableBits))])
	}
	return f
}

// bcdDigits returns a BCD string for denbcd: 16 (Long, in hi) or 32
// (Extended, hi:lo) nibbles, digits with a sign code in the last nibble
// half the time, now and then a non-digit nibble.
func (g *gen) bcdDigits(quad bool) (hi, lo uint64) {
	r := g.rng
	n := 16
	if quad {
		n = 32
	}
	nd := r.IntN(n + 1)
	var v [32]uint64
	for i := n - nd; i < n; i++ {
		v[i] = uint64(r.IntN(10))
	}
	if r.IntN(2) == 0 {
		v[n-1] = []uint64{0xc, 0xd, 0xf, 0xa, 0xb, 0xe}[r.IntN(6)]
	}
	if r.IntN(8) == 0 {
		v[r.IntN(n)] = uint64(10 + r.IntN(6))
	}
	for i := 0; i < n; i++ {
		if i < 16 {
			hi = hi<<4 | v[i]
		} else {
			lo = lo<<4 | v[i]
		}
	}
	if !quad {
		return hi, 0
	}
	return hi, lo
}
