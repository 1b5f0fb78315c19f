package decode_test

// Exhaustive checks of the invalid forms (decode/legality.go) against the
// Power ISA's wording, written here independently of the implementation.

import (
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
)

// Instruction fields, in the ISA's big-endian bit numbering (bit 0 = MSB).
func fld(v uint32, start, end int) uint32 {
	w := end - start + 1
	return (v & (1<<w - 1)) << (31 - end)
}

func dForm(po, rt, ra, d uint32) uint32 {
	return fld(po, 0, 5) | fld(rt, 6, 10) | fld(ra, 11, 15) | fld(d, 16, 31)
}

func xForm(po, rt, ra, rb, xo uint32) uint32 {
	return fld(po, 0, 5) | fld(rt, 6, 10) | fld(ra, 11, 15) | fld(rb, 16, 20) | fld(xo, 21, 30)
}

func mustDecode(t *testing.T, w, s uint32, op ppc64asm.Op) decode.Inst {
	t.Helper()
	in, err := decode.DecodeWord(w, s)
	if err != nil || in.Op != op {
		t.Fatalf("%08x:%08x: Decode = %v, %v; want %v", w, s, in.Op, err, op)
	}
	return in
}

func checkForm(t *testing.T, in *decode.Inst, wantInvalid bool, why string) {
	t.Helper()
	if got := in.Invalid&decode.InvalidForm != 0; got != wantInvalid {
		t.Errorf("%08x:%08x %v (%s): invalid form = %v, want %v", in.Word, in.Suffix, in.String(), why, got, wantInvalid)
	}
}

// TestUpdateForms: "If RA=0, the instruction form is invalid" for every
// load and store with update; for the integer loads also "If RA=RT".
func TestUpdateForms(t *testing.T) {
	type form struct {
		op     ppc64asm.Op
		enc    func(rt, ra uint32) uint32
		intLd  bool // integer load: RA=RT is invalid too
		update bool
	}
	d := func(po uint32) func(rt, ra uint32) uint32 {
		return func(rt, ra uint32) uint32 { return dForm(po, rt, ra, 8) }
	}
	ds := func(po, xo uint32) func(rt, ra uint32) uint32 {
		return func(rt, ra uint32) uint32 { return dForm(po, rt, ra, 8|xo) }
	}
	x := func(xo uint32) func(rt, ra uint32) uint32 {
		return func(rt, ra uint32) uint32 { return xForm(31, rt, ra, 9, xo) }
	}
	forms := []form{
		{ppc64asm.LBZU, d(35), true, true}, {ppc64asm.LHZU, d(41), true, true},
		{ppc64asm.LHAU, d(43), true, true}, {ppc64asm.LWZU, d(33), true, true},
		{ppc64asm.LDU, ds(58, 1), true, true},
		{ppc64asm.LBZUX, x(119), true, true}, {ppc64asm.LHZUX, x(311), true, true},
		{ppc64asm.LHAUX, x(375), true, true}, {ppc64asm.LWZUX, x(55), true, true},
		{ppc64asm.LWAUX, x(373), true, true}, {ppc64asm.LDUX, x(53), true, true},
		{ppc64asm.LFSU, d(49), false, true}, {ppc64asm.LFDU, d(51), false, true},
		{ppc64asm.LFSUX, x(567), false, true}, {ppc64asm.LFDUX, x(631), false, true},
		{ppc64asm.STBU, d(39), false, true}, {ppc64asm.STHU, d(45), false, true},
		{ppc64asm.STWU, d(37), false, true}, {ppc64asm.STDU, ds(62, 1), false, true},
		{ppc64asm.STBUX, x(247), false, true}, {ppc64asm.STHUX, x(439), false, true},
		{ppc64asm.STWUX, x(183), false, true}, {ppc64asm.STDUX, x(181), false, true},
		{ppc64asm.STFSU, d(53), false, true}, {ppc64asm.STFDU, d(55), false, true},
		{ppc64asm.STFSUX, x(695), false, true}, {ppc64asm.STFDUX, x(759), false, true},
		// The same without update: never invalid for these reasons.
		{ppc64asm.LBZ, d(34), false, false}, {ppc64asm.LD, ds(58, 0), false, false},
		{ppc64asm.LBZX, x(87), false, false}, {ppc64asm.STD, ds(62, 0), false, false},
	}
	for _, f := range forms {
		for rt := uint32(0); rt < 32; rt++ {
			for ra := uint32(0); ra < 32; ra++ {
				in := mustDecode(t, f.enc(rt, ra), 0, f.op)
				if in.Has(decode.FlagUpdate) != f.update {
					t.Fatalf("%v: update flag = %v", f.op, !f.update)
				}
				want := f.update && (ra == 0 || f.intLd && ra == rt)
				checkForm(t, &in, want, "update form")
			}
		}
	}
}

// TestLoadMultipleString: lmw and lswi are invalid if RA is among the
// registers loaded (for lswi the registers wrap from r31 to r0; NB=0 means
// 32 bytes).
func TestLoadMultipleString(t *testing.T) {
	for rt := uint32(0); rt < 32; rt++ {
		for ra := uint32(0); ra < 32; ra++ {
			in := mustDecode(t, dForm(46, rt, ra, 0), 0, ppc64asm.LMW)
			checkForm(t, &in, ra >= rt, "lmw RA in RT..r31")
			in = mustDecode(t, dForm(47, rt, ra, 0), 0, ppc64asm.STMW)
			checkForm(t, &in, false, "stmw has no such form")
			for nb := uint32(0); nb < 32; nb++ {
				in := mustDecode(t, xForm(31, rt, ra, nb, 597), 0, ppc64asm.LSWI)
				bytes := nb
				if bytes == 0 {
					bytes = 32
				}
				loaded := map[uint32]bool{}
				for i := uint32(0); i < (bytes+3)/4; i++ {
					loaded[(rt+i)%32] = true
				}
				checkForm(t, &in, loaded[ra], "lswi RA loaded")
				in = mustDecode(t, xForm(31, rt, ra, nb, 725), 0, ppc64asm.STSWI)
				checkForm(t, &in, false, "stswi has no such form")
			}
		}
	}
}

// TestQuadAndPairForms: lq (RTp odd or RTp=RA), lqarx (RTp odd or RTp equal
// to RA or RB), stq, stqcx., plq, pstq and the lfdp family (odd register).
func TestQuadAndPairForms(t *testing.T) {
	for rt := uint32(0); rt < 32; rt++ {
		for ra := uint32(0); ra < 32; ra++ {
			in := mustDecode(t, dForm(56, rt, ra, 16), 0, ppc64asm.LQ)
			checkForm(t, &in, rt%2 == 1 || rt == ra, "lq")
			in = mustDecode(t, xForm(31, rt, ra, 9, 276), 0, ppc64asm.LQARX)
			checkForm(t, &in, rt%2 == 1 || rt == ra || rt == 9, "lqarx")
			in = mustDecode(t, dForm(62, rt, ra, 16|2), 0, ppc64asm.STQ)
			checkForm(t, &in, rt%2 == 1, "stq")
			in = mustDecode(t, xForm(31, rt, ra, 9, 182)|1, 0, ppc64asm.STQCXCC)
			checkForm(t, &in, rt%2 == 1, "stqcx.")
			in = mustDecode(t, 0x04000000, dForm(56, rt, ra, 16), ppc64asm.PLQ)
			checkForm(t, &in, rt%2 == 1, "plq")
			in = mustDecode(t, 0x04000000, dForm(60, rt, ra, 16), ppc64asm.PSTQ)
			checkForm(t, &in, rt%2 == 1, "pstq")
			in = mustDecode(t, dForm(57, rt, ra, 16), 0, ppc64asm.LFDP)
			checkForm(t, &in, rt%2 == 1, "lfdp")
			in = mustDecode(t, xForm(31, rt, ra, 9, 791), 0, ppc64asm.LFDPX)
			checkForm(t, &in, rt%2 == 1, "lfdpx")
			in = mustDecode(t, dForm(61, rt, ra, 16), 0, ppc64asm.STFDP)
			checkForm(t, &in, rt%2 == 1, "stfdp")
			in = mustDecode(t, xForm(31, rt, ra, 9, 919), 0, ppc64asm.STFDPX)
			checkForm(t, &in, rt%2 == 1, "stfdpx")
		}
	}
}

// TestPrefixedPCRel: with R=1 (8LS and MLS prefixes), RA must be 0.
func TestPrefixedPCRel(t *testing.T) {
	for _, c := range []struct {
		prefix, po uint32
		op         ppc64asm.Op
	}{
		{0x04000000, 57, ppc64asm.PLD}, {0x04000000, 61, ppc64asm.PSTD},
		{0x06000000, 32, ppc64asm.PLWZ}, {0x06000000, 14, ppc64asm.PADDI},
		{0x06000000, 50, ppc64asm.PLFD}, {0x04000000, 58, ppc64asm.PLXVP},
	} {
		for r := uint32(0); r < 2; r++ {
			for ra := uint32(0); ra < 32; ra++ {
				in := mustDecode(t, c.prefix|r<<20, dForm(c.po, 4, ra, 0x100), c.op)
				if in.Has(decode.FlagPCRel) != (r == 1) {
					t.Errorf("%v R=%d: pc-relative flag = %v", c.op, r, r == 0)
				}
				checkForm(t, &in, r == 1 && ra != 0, "R=1 with RA≠0")
			}
		}
	}
}

// TestBranchForms: bcctr[l] with BO2=0 (decrement CTR) is invalid; other
// conditional branches are not, and ctr-dec follows BO2.
func TestBranchForms(t *testing.T) {
	for bo := uint32(0); bo < 32; bo++ {
		for _, c := range []struct {
			xo, lk uint32
			op     ppc64asm.Op
		}{{528, 0, ppc64asm.BCCTR}, {528, 1, ppc64asm.BCCTRL}, {16, 0, ppc64asm.BCLR}, {560, 1, ppc64asm.BCTARL}} {
			in := mustDecode(t, xForm(19, bo, 3, 0, c.xo)|c.lk, 0, c.op)
			decr := bo&4 == 0
			checkForm(t, &in, decr && c.xo == 528, "bcctr with BO2=0")
			if in.Has(decode.FlagCTRDec) != decr {
				t.Errorf("%v BO=%d: ctr-dec = %v, want %v", c.op, bo, !decr, decr)
			}
		}
		in := mustDecode(t, fld(16, 0, 5)|fld(bo, 6, 10)|fld(2, 11, 15)|8, 0, ppc64asm.BC)
		checkForm(t, &in, false, "bc")
		if in.Has(decode.FlagCTRDec) != (bo&4 == 0) {
			t.Errorf("bc BO=%d: ctr-dec = %v", bo, in.Has(decode.FlagCTRDec))
		}
	}
}

// TestMMAOverlap: XA (XAp) or XB among the VSRs 4×AT..4×AT+3 of ACC[AT] is
// an invalid form.
func TestMMAOverlap(t *testing.T) {
	xx3 := func(at, xa, xb, xo uint32) uint32 {
		return fld(59, 0, 5) | fld(at, 6, 8) | fld(xa, 11, 15) | fld(xb, 16, 20) | fld(xo, 21, 28) | fld(xa>>5, 29, 29) | fld(xb>>5, 30, 30)
	}
	for at := uint32(0); at < 8; at++ {
		for xa := uint32(0); xa < 64; xa++ {
			for _, xb := range []uint32{xa, 63 - xa, (xa + 4) % 64} {
				in := mustDecode(t, xx3(at, xa, xb, 27), 0, ppc64asm.XVF32GER)
				checkForm(t, &in, xa/4 == at || xb/4 == at, "xvf32ger overlap")
				in = mustDecode(t, 0x07900000, xx3(at, xa, xb, 26), ppc64asm.PMXVF32GERPP)
				checkForm(t, &in, xa/4 == at || xb/4 == at, "pmxvf32gerpp overlap")
				if xa%2 == 0 {
					in = mustDecode(t, xx3(at, xa, xb, 59), 0, ppc64asm.XVF64GER)
					checkForm(t, &in, xa/4 == at || xb/4 == at, "xvf64ger overlap")
				}
			}
		}
	}
}

// TestDFPQuadPairs: quad DFP operands (FRTp, FRAp, FRBp) must be even.
func TestDFPQuadPairs(t *testing.T) {
	x := func(frt, fra, frb, xo uint32) uint32 { return xForm(63, frt, fra, frb, xo) }
	z23 := func(frt, fra, frb, xo uint32) uint32 { // Z23-form: RMC in 21-22, XO in 23-30
		return fld(63, 0, 5) | fld(frt, 6, 10) | fld(fra, 11, 15) | fld(frb, 16, 20) | fld(xo, 23, 30)
	}
	for _, c := range []struct {
		op         ppc64asm.Op
		enc        func(t, a, b uint32) uint32
		pt, pa, pb bool // which of the T, A, B fields are pairs
	}{
		{ppc64asm.DADDQ, func(t, a, b uint32) uint32 { return x(t, a, b, 2) }, true, true, true},
		{ppc64asm.DMULQ, func(t, a, b uint32) uint32 { return x(t, a, b, 34) }, true, true, true},
		{ppc64asm.DCMPUQ, func(t, a, b uint32) uint32 { return x(t&7<<2, a, b, 642) }, false, true, true},
		{ppc64asm.DCTFIXQ, func(t, a, b uint32) uint32 { return x(t, 0, b, 290) }, false, false, true},
		{ppc64asm.DCFFIXQ, func(t, a, b uint32) uint32 { return x(t, 0, b, 802) }, true, false, false},
		{ppc64asm.DRRNDQ, func(t, a, b uint32) uint32 { return z23(t, a, b, 35) }, true, false, true},
		{ppc64asm.DQUAQ, func(t, a, b uint32) uint32 { return z23(t, a, b, 3) }, true, true, true},
		{ppc64asm.DIEXQ, func(t, a, b uint32) uint32 { return x(t, a, b, 866) }, true, false, true},
		{ppc64asm.DADD, func(t, a, b uint32) uint32 { return xForm(59, t, a, b, 2) }, false, false, false},
	} {
		for _, r := range [][3]uint32{{2, 4, 6}, {3, 4, 6}, {2, 5, 6}, {2, 4, 7}, {31, 31, 31}, {0, 0, 0}} {
			w := c.enc(r[0], r[1], r[2])
			in, err := decode.DecodeWord(w, 0)
			if err != nil || in.Op != c.op {
				t.Fatalf("%08x: %v, %v; want %v", w, in.Op, err, c.op)
			}
			want := c.pt && r[0]%2 == 1 || c.pa && r[1]%2 == 1 || c.pb && r[2]%2 == 1
			checkForm(t, &in, want, "DFP quad pair")
		}
	}
}

// TestPrivilegedSPR: mfspr and mtspr of an SPR whose number has bit 0x10 set
// need privilege (Power ISA Book III: spr_0 = 1).
func TestPrivilegedSPR(t *testing.T) {
	checked := 0
	defer func() {
		if checked < 1024 {
			t.Errorf("only %d mfspr/mtspr encodings decoded as mfspr/mtspr", checked)
		}
	}()
	for spr := uint32(0); spr < 1024; spr++ {
		field := fld(spr&31, 11, 15) | fld(spr>>5, 16, 20)
		for _, c := range []struct {
			xo uint32
			op ppc64asm.Op
		}{{339, ppc64asm.MFSPR}, {467, ppc64asm.MTSPR}} {
			w := fld(31, 0, 5) | fld(3, 6, 10) | field | fld(c.xo, 21, 30)
			in, err := decode.DecodeWord(w, 0)
			if err != nil {
				t.Fatalf("%08x: %v", w, err)
			}
			if in.Op != c.op { // some SPR numbers get extended ops (e.g. mflr)
				continue
			}
			checked++
			if got, want := in.Has(decode.FlagPrivileged), spr&0x10 != 0; got != want {
				t.Errorf("%v spr %d: privileged = %v, want %v", c.op, spr, got, want)
			}
		}
	}
}
