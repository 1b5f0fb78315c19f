package decimal

import "testing"

// FuzzOps: every operation on any bit patterns and contexts returns without
// panicking, and a finite result fits its format.
func FuzzOps(f *testing.F) {
	f.Add(uint64(0x2238000000000001), uint64(0), uint64(0x2238000000000002), uint64(0), uint8(0), uint8(0))
	f.Add(uint64(0x77fcff3fcff3fcff), uint64(0), uint64(0x0000000000000001), uint64(0), uint8(0x38), uint8(5))
	f.Add(uint64(0x43ffc00000000000), uint64(0x354482e0669d8929), uint64(0x0001a5ca23fc5836), uint64(0x654bb28fe2895f63), uint8(0x3f), uint8(63))
	f.Fuzz(func(t *testing.T, ah, al, bh, bl uint64, mode, k uint8) {
		ctx := Context{Rounding: Rounding(mode & 7), OE: mode&8 != 0, UE: mode&16 != 0}
		rm := Rounding(mode >> 5)
		for _, fm := range []*Format{Long, Extended} {
			a, b := Bits{Hi: ah, Lo: al}, Bits{Hi: bh, Lo: bl}
			if fm == Long {
				a, b = Bits{Lo: al}, Bits{Lo: bl}
			}
			check := func(r Bits) {
				n := fm.Unpack(r)
				if n.Class == Finite && (n.Exp < fm.Qmin() || n.Exp > fm.Qmax()) {
					t.Fatalf("%s: exponent %d out of range", fm.Name, n.Exp)
				}
			}
			r, _ := fm.Add(ctx, a, b, k&1 != 0)
			check(r)
			r, _ = fm.Mul(ctx, a, b)
			check(r)
			r, _ = fm.Div(ctx, a, b)
			check(r)
			fm.Compare(a, b, k&1 != 0, k&2 != 0)
			r, _ = fm.QuantizeRef(rm, a, b)
			check(r)
			r, _ = fm.Quantize(rm, b, int(int8(k<<3))>>3, false)
			check(r)
			r, _ = fm.RoundToInt(rm, b, true)
			check(r)
			r, _ = fm.Reround(rm, int(k&63), b)
			check(r)
			fm.Shift(b, int(k&63)-31)
			fm.ToInt64(rm, b)
			fm.ToInt128(rm, b, false)
			fm.ToInt128(rm, b, true)
			r, _ = fm.FromInt64(ctx, int64(al))
			check(r)
			r, _ = fm.FromInt128(ctx, ah, al)
			check(r)
			fm.DecodeBCD(int(k&3), b)
			fm.EncodeBCD(k&1 != 0, b)
			fm.InsertExponent(int64(ah), b)
			fm.Exponent(b)
			fm.TestSignificance(int(k&63), b)
			fm.TestExponent(a, b)
			fm.DataClass(b)
			fm.DataGroup(b)
		}
		r, _ := Short.Convert(ctx, Long, Bits{Lo: al}, k&1 != 0)
		_ = r
		r, _ = Long.Convert(ctx, Extended, Bits{Hi: ah, Lo: al}, false)
		if n := Long.Unpack(r); n.Class == Finite && (n.Exp < Long.Qmin() || n.Exp > Long.Qmax()) {
			t.Fatalf("drdpq: exponent %d out of range", n.Exp)
		}
		Extended.Convert(ctx, Long, Bits{Lo: al}, false)
		Long.Convert(ctx, Short, Bits{Lo: al & 0xffffffff}, true)
	})
}
