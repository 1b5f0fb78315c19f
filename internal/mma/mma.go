// Package mma is the arithmetic of the Matrix-Multiply Assist facility
// (Power ISA 3.1B Book I chapter 7.6.1.12, "VSX Vector GER" instructions):
// the rank-k updates of a 4×4 accumulator by the outer product of two
// vectors, on plain values. It holds no register file and no memory; the
// emulator maps accumulators to VSRs and sets FPSCR and VSCR from what
// these functions report.
//
// An accumulator is four 128-bit rows. Elements are numbered as the ISA
// numbers them, from the most significant end: row i, word j is the ISA's
// ACC[AT][i].word[j].
//
// Masks are the prefixed forms' XMSK, YMSK and PMSK fields, with the
// first element at the most significant bit of the field (XMSK bit 0 of
// the ISA, value 8, selects row 0). The non-prefixed forms use all ones.
// Where a row or column is masked off the element becomes 0, for the
// accumulating forms too.
package mma

import (
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Vec is a 128-bit vector, with regs.VSR's lane accessors (elements
// numbered from the most significant end), as in internal/vec.
type Vec = regs.VSR

// Acc is an accumulator: row i is ACC[i].
type Acc [4]Vec

// Masks are the XMSK (rows), YMSK (columns) and PMSK (products) fields.
// X and Y are 4-bit fields (Y is 2 bits for the 64-bit float forms); P
// has as many bits as the rank (8, 4 or 2). All ones (AllMasks) select
// everything.
type Masks struct{ X, Y, P uint8 }

// AllMasks is the masks of the non-prefixed forms.
var AllMasks = Masks{X: 0xf, Y: 0xf, P: 0xff}

// Update says how the products combine with the accumulator.
type Update uint8

// The updates: Set overwrites the accumulator (xv…ger), the others add
// ±product to ±accumulator (pp, pn, np, nn: the first letter is the sign
// of the product, the second that of the accumulator).
const (
	Set Update = iota
	PP
	PN
	NP
	NN
)

func (u Update) negMul() bool { return u == NP || u == NN }
func (u Update) negAcc() bool { return u == PN || u == NN }

// on reports whether element k of an n-bit mask field m is selected (k = 0
// is the field's most significant bit).
func on(m uint8, n, k int) bool { return m>>(n-1-k)&1 != 0 }

// IntKind is the element type of an integer rank-k update.
type IntKind uint8

// The integer kinds.
const (
	I4  IntKind = iota // xvi4ger8: signed 4-bit × signed 4-bit, rank 8
	I8                 // xvi8ger4: signed 8-bit × unsigned 8-bit, rank 4
	I16                // xvi16ger2: signed 16-bit × signed 16-bit, rank 2
)

// Rank is the number of products summed into each element.
func (k IntKind) Rank() int { return [...]int{8, 4, 2}[k] }

// dot is Σ a[k]×b[k] over the k selected by pmsk, of word a and word b.
func (k IntKind) dot(a, b uint32, pmsk uint8) int64 {
	var sum int64
	switch k {
	case I4:
		for e := 0; e < 8; e++ {
			if on(pmsk, 8, e) {
				s := 28 - 4*uint(e)
				x := int64(int32(a<<(28-s)) >> 28)
				y := int64(int32(b<<(28-s)) >> 28)
				sum += x * y
			}
		}
	case I8:
		for e := 0; e < 4; e++ {
			if on(pmsk, 4, e) {
				s := 24 - 8*uint(e)
				sum += int64(int8(a>>s)) * int64(uint8(b>>s))
			}
		}
	default:
		for e := 0; e < 2; e++ {
			if on(pmsk, 2, e) {
				s := 16 - 16*uint(e)
				sum += int64(int16(a>>s)) * int64(int16(b>>s))
			}
		}
	}
	return sum
}

// Int performs an integer rank-k update of acc by a and b: element (i, j)
// becomes Σ a.word[i].elem[k] × b.word[j].elem[k] (plus its old value if
// accumulate), modulo 2^32 or, with saturate, clamped to the signed 32-bit
// range. It reports whether any element saturated.
func Int(acc *Acc, kind IntKind, a, b Vec, m Masks, accumulate, saturate bool) (sat bool) {
	for i := 0; i < 4; i++ {
		row := acc[i]
		for j := 0; j < 4; j++ {
			if !on(m.X, 4, i) || !on(m.Y, 4, j) {
				row = row.WithWord(j, 0)
				continue
			}
			s := kind.dot(a.Word(i), b.Word(j), m.P)
			if accumulate {
				s += int64(int32(row.Word(j)))
			}
			if saturate {
				switch {
				case s > 1<<31-1:
					s, sat = 1<<31-1, true
				case s < -1<<31:
					s, sat = -1<<31, true
				}
			}
			row = row.WithWord(j, uint32(s))
		}
		acc[i] = row
	}
	return sat
}

// FloatKind is the element format of a floating-point rank-k update.
type FloatKind uint8

// The float kinds.
const (
	F16  FloatKind = iota // xvf16ger2: binary16 pairs into binary32, rank 2
	BF16                  // xvbf16ger2: bfloat16 pairs into binary32, rank 2
	F32                   // xvf32ger: binary32 into binary32, rank 1
	F64                   // xvf64ger: binary64 into binary64, rank 1 (4×2 accumulator)
)

// Float performs a floating-point rank-k update of acc in rounding mode
// mode and returns the IEEE exceptions it signalled (the union over the
// elements). For F64, a is the pair XAp (a[0] rows 0-1, a[1] rows 2-3)
// and the accumulator's rows hold two doublewords; for the others only
// a[0] is read.
//
// F32 and F64 compute each element with one fused multiply-add (one
// rounding); the n-forms negate: the Power ISA's −round(XA×XB ∓ ACC), or
// with qemuNeg QEMU 7.2's round(−(XA×XB ∓ ACC)), which differ when the
// sum is inexact and the mode is toward +∞ or −∞. F16 and BF16 round the sum of the two products (each exact)
// once to binary32 and then, for the accumulating forms, add ±ACC in a
// second rounding, as QEMU 7.2 does; twice reports that such a first
// rounding was inexact (where a single rounding of the whole sum could
// differ). NaN operands propagate in the order multiplicand, accumulator,
// multiplier (the FPU's order, QEMU's float_muladd for PowerPC); a NaN is
// never negated.
//
// rb is QEMU 7.2's rebias of enabled overflow and underflow (Rebias); for
// F16 and BF16 it applies to each of the two roundings (the sum of
// products rounded to binary32 range and precision, then the accumulate).
func Float(acc *Acc, kind FloatKind, a [2]Vec, b Vec, m Masks, u Update, mode softfloat.Mode, qemuNeg bool, rb Rebias) (fl softfloat.Flags, twice bool) {
	if kind == F64 {
		for i := 0; i < 4; i++ {
			row := acc[i]
			x := a[i/2].DW(i % 2)
			for j := 0; j < 2; j++ {
				if !on(m.X, 4, i) || !on(m.Y, 2, j) {
					row = row.WithDW(j, 0)
					continue
				}
				r, f := elem1(softfloat.Binary64, x, b.DW(j), row.DW(j), u, mode, qemuNeg, rb)
				fl |= f
				row = row.WithDW(j, r)
			}
			acc[i] = row
		}
		return fl, false
	}
	for i := 0; i < 4; i++ {
		row := acc[i]
		x := a[0].Word(i)
		for j := 0; j < 4; j++ {
			if !on(m.X, 4, i) || !on(m.Y, 4, j) {
				row = row.WithWord(j, 0)
				continue
			}
			var r uint64
			var f softfloat.Flags
			if kind == F32 {
				r, f = elem1(softfloat.Binary32, uint64(x), uint64(b.Word(j)), uint64(row.Word(j)), u, mode, qemuNeg, rb)
			} else {
				var t bool
				r, f, t = elem2(kind, x, b.Word(j), row.Word(j), m.P, u, mode, rb)
				twice = twice || t
			}
			fl |= f
			row = row.WithWord(j, uint32(r))
		}
		acc[i] = row
	}
	return fl, twice
}

// Rebias is QEMU 7.2's handling of an enabled overflow (Overflow: FPSCR
// OE = 1) or underflow (Underflow: UE = 1) in the GER ops: its softfloat
// rebiases the result (rebias_overflow, rebias_underflow), delivering the
// exact value rounded with its exponent lowered (overflow) or raised (any
// tiny result, exact or not) by the format's Adjust (1536 binary64, 192
// binary32), the Overflow or Underflow flag set, Inexact as that rounding
// gives it. The zero value is the IEEE default (no rebias).
type Rebias struct{ Overflow, Underflow bool }

func (rb Rebias) apply(r *softfloat.Result, f softfloat.Format) {
	switch {
	case rb.Overflow && r.Flags&softfloat.Overflow != 0:
		s := r.Scaled(-f.Adjust())
		s.Flags |= softfloat.Overflow
		*r = s
	case rb.Underflow && r.Tiny:
		s := r.Scaled(f.Adjust())
		s.Flags |= softfloat.Underflow
		*r = s
	}
}

// elem1 is one element of a rank-1 update in format f: x×y, or for the
// accumulating forms v = x×y ± c rounded once, negated for the n-forms.
// The Power ISA negates the rounded value (−round(v)); QEMU 7.2
// (qemuNeg) rounds the negated value (round(−v)), which differs in the
// directed rounding modes when v is inexact. Exact results agree.
func elem1(f softfloat.Format, x, y, c uint64, u Update, mode softfloat.Mode, qemuNeg bool, rb Rebias) (uint64, softfloat.Flags) {
	var r softfloat.Result
	a, b := f.Unpack(softfloat.B(x)), f.Unpack(softfloat.B(y))
	if u == Set {
		softfloat.Mul(&r, f, a, b, mode)
		rb.apply(&r, f)
		return r.Bits.Lo, r.Flags
	}
	z := f.Unpack(softfloat.B(c))
	if softfloat.Propagate(&r, f, a, z, b) {
		if isIMZ(&a, &b) {
			r.Flags |= softfloat.InvalidIMZ
		}
		return r.Bits.Lo, r.Flags
	}
	if u.negAcc() != u.negMul() {
		z.Neg = !z.Neg
	}
	softfloat.FMA(&r, f, a, b, z, mode)
	if !u.negMul() || f.Classify(r.Bits).IsNaN() {
		rb.apply(&r, f)
		return r.Bits.Lo, r.Flags
	}
	if qemuNeg && r.Flags&softfloat.Inexact != 0 {
		// round(−v, mode) = −round(v, mode mirrored).
		softfloat.FMA(&r, f, a, b, z, mirror(mode))
	}
	rb.apply(&r, f)
	return r.Bits.Lo ^ 1<<(f.Width()-1), r.Flags
}

// mirror is the rounding mode m becomes under negation.
func mirror(m softfloat.Mode) softfloat.Mode {
	switch m {
	case softfloat.Up:
		return softfloat.Down
	case softfloat.Down:
		return softfloat.Up
	}
	return m
}

func isIMZ(a, b *softfloat.Value) bool {
	return a.Class == softfloat.Inf && b.Class == softfloat.Zero || a.Class == softfloat.Zero && b.Class == softfloat.Inf
}

// elem2 is one element of a 16-bit rank-2 update: the two products (each
// exact in binary64) summed with one rounding to binary32, then, for the
// accumulating forms, ±sum ± c rounded again; rb rebiases each rounding
// (QEMU 7.2 rounds the sum in binary64 with binary32's range and
// precision, which honours the rebias with binary32's adjustment, 192).
func elem2(kind FloatKind, x, y, c uint32, pmsk uint8, u Update, mode softfloat.Mode, rb Rebias) (uint64, softfloat.Flags, bool) {
	hf := softfloat.Binary16
	if kind == BF16 {
		hf = softfloat.BFloat16
	}
	zero := softfloat.Binary64.Unpack(softfloat.B(0))
	var v [4]softfloat.Value // x0, y0, x1, y1
	for k := 0; k < 2; k++ {
		if on(pmsk, 2, k) {
			s := 16 - 16*uint(k)
			v[2*k] = hf.Unpack(softfloat.B(uint64(uint16(x >> s))))
			v[2*k+1] = hf.Unpack(softfloat.B(uint64(uint16(y >> s))))
		} else {
			v[2*k], v[2*k+1] = zero, zero
		}
	}
	var p, r softfloat.Result
	softfloat.Mul(&p, softfloat.Binary64, v[0], v[1], mode) // exact but for NaNs
	fl := p.Flags
	ps := softfloat.Binary64.Unpack(p.Bits)
	if softfloat.Propagate(&r, softfloat.Binary32, v[2], ps, v[3]) {
		if isIMZ(&v[2], &v[3]) {
			r.Flags |= softfloat.InvalidIMZ
		}
	} else {
		softfloat.FMA(&r, softfloat.Binary32, v[2], v[3], ps, mode)
	}
	twice := r.Flags&softfloat.Inexact != 0
	rb.apply(&r, softfloat.Binary32)
	fl |= r.Flags
	if u == Set {
		return r.Bits.Lo, fl, false
	}
	s := softfloat.Binary32.Unpack(r.Bits)
	z := softfloat.Binary32.Unpack(softfloat.B(uint64(c)))
	if u.negMul() && !s.Class.IsNaN() {
		s.Neg = !s.Neg
	}
	if u.negAcc() && !z.Class.IsNaN() {
		z.Neg = !z.Neg
	}
	softfloat.Add(&r, softfloat.Binary32, s, z, mode)
	rb.apply(&r, softfloat.Binary32)
	return r.Bits.Lo, fl | r.Flags, twice
}
