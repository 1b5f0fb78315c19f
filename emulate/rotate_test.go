package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Tests of the rotate and shift ops. Expected values are worked by hand from
// the ISA pseudo-code: ROTL32 rotates the low word duplicated into both
// halves; MASK(mb, me) is ones from bit mb to bit me (bit 0 the most
// significant), wrapping when mb > me. RA = r3, RS = r4, RB = r5.

const caBoth = regs.XERCA | regs.XERCA32

// rotSet sets RA (r3), RS (r4) and RB (r5).
func rotSet(ra, rs, rb uint64) func(r *regs.Regs) {
	return func(r *regs.Regs) { r.GPR[3], r.GPR[4], r.GPR[5] = ra, rs, rb }
}

func TestRotateWord(t *testing.T) {
	runLg(t, []lgCase{
		// ROTL32(0x12345678, 8) = 0x3456781234567812; MASK(32, 55).
		lgc("rlwinm", "slwi 8", lg("rlwinm", 8, 0, 23), false, rotSet(0, 0xffffffff12345678, 0), rt(0x34567800)),
		lgc("rlwinm", "rotlwi 4", lg("rlwinm", 4, 0, 31), false, rotSet(0, 0x12345678, 0), rt(0x23456781)),
		lgc("rlwinm", "clrlwi 16", lg("rlwinm", 0, 16, 31), false, rotSet(0, ulongMax, 0), rt(0xffff)),
		// mb=31 > me=0: MASK(63, 32) is bits 0..32 and 63, so the copy of
		// the word in the high half shows.
		lgc("rlwinm", "wrapping mask", lg("rlwinm", 0, 31, 0), false, rotSet(0, 0xffffffff, 0), rt(0xffffffff80000001)),
		lgc("rlwinm", "wrapping mask rotated", lg("rlwinm", 16, 24, 7), false, rotSet(0, 0x11223344, 0), rt(0x3344112233000022)),
		lgc("rlwinm.", "64-bit mode GT", lg("rlwinm.", 0, 0, 31), false, rotSet(0, 0x80000000, 0), rtc(0x80000000, 0x40000000)),
		lgc("rlwinm.", "32-bit mode LT", lg("rlwinm.", 0, 0, 31), true, rotSet(0, 0x80000000, 0), rtc(0x80000000, 0x80000000)),
		lgc("rlwinm.", "zero with SO", lg("rlwinm.", 0, 0, 15), false,
			func(r *regs.Regs) { r.GPR[4], r.XER = 0xffff, regs.XERSO }, rtc(0, 0x30000000)),
		// Only RB[59:63] counts: 0xe4 → 4.
		lgc("rlwnm", "count from low 5 bits", lg("rlwnm", 5, 0, 31), false, rotSet(0, 0x12345678, 0xffffffffffffffe4), rt(0x23456781)),
		lgc("rlwnm", "count 0", lg("rlwnm", 5, 0, 31), false, rotSet(0, 0xffffffff87654321, 32), rt(0x87654321)),
		lgc("rlwnm.", "", lg("rlwnm.", 5, 24, 31), false, rotSet(0, 0x12345678, 8), rtc(0x12, 0x40000000)),
		// ROTL32(0x12345678, 8) & MASK(48, 55) = 0x7800, the rest from RA.
		lgc("rlwimi", "insert", lg("rlwimi", 8, 16, 23), false,
			rotSet(0xaaaaaaaaaaaaaaaa, 0x12345678, 0), rt(0xaaaaaaaaaaaa78aa)),
		// MASK(56, 39) = 0xffffffffff0000ff.
		lgc("rlwimi", "wrapping mask", lg("rlwimi", 0, 24, 7), false,
			rotSet(0xaaaaaaaaaaaaaaaa, 0x11223344, 0), rt(0x1122334411aaaa44)),
		lgc("rlwimi.", "", lg("rlwimi.", 0, 0, 0), true,
			rotSet(0x7fffffff, 0x80000000, 0), rtc(0xffffffff, 0x80000000)),
	})
}

func TestRotateDoubleword(t *testing.T) {
	runLg(t, []lgCase{
		lgc("rldicl", "clrldi 32", lg("rldicl", 0, 32), false, rotSet(0, ulongMax, 0), rt(0xffffffff)),
		lgc("rldicl", "rotldi 8", lg("rldicl", 8, 0), false, rotSet(0, 0x0123456789abcdef, 0), rt(0x23456789abcdef01)),
		lgc("rldicl", "srdi 1", lg("rldicl", 63, 1), false, rotSet(0, 0x8000000000000001, 0), rt(0x4000000000000000)),
		lgc("rldicl", "sh 32", lg("rldicl", 32, 0), false, rotSet(0, 0x0123456789abcdef, 0), rt(0x89abcdef01234567)),
		lgc("rldicl.", "extract the top bit", lg("rldicl.", 1, 63), false, rotSet(0, longMin, 0), rtc(1, 0x40000000)),
		lgc("rldicr", "sldi 4", lg("rldicr", 4, 59), false, rotSet(0, 0xf000000000000001, 0), rt(0x10)),
		lgc("rldicr.", "keep the top bit", lg("rldicr.", 0, 0), false, rotSet(0, ulongMax, 0), rtc(longMin, 0x80000000)),
		lgc("rldicr.", "32-bit mode zero low word", lg("rldicr.", 0, 31), true, rotSet(0, 0x1_0000_0000, 0), rtc(0x1_0000_0000, 0x20000000)),
		lgc("rldicr", "me 63 sh 63", lg("rldicr", 63, 63), false, rotSet(0, 0x0123456789abcdef, 0), rt(0x8091a2b3c4d5e6f7)),
		// MASK(48, 63-8=55).
		lgc("rldic", "", lg("rldic", 8, 48), false, rotSet(0, 0x123456789abcdeff, 0), rt(0xff00)),
		// mb=8 > 63-60=3: MASK(8, 3) = 0xf0ffffffffffffff.
		lgc("rldic", "wrapping mask", lg("rldic", 60, 8), false, rotSet(0, 0x123456789abcdeff, 0), rt(0xf023456789abcdef)),
		lgc("rldic.", "", lg("rldic.", 32, 0), false, rotSet(0, 0x80000000, 0), rtc(longMin, 0x80000000)),
		// MASK(32, 47).
		lgc("rldimi", "insrdi", lg("rldimi", 16, 32), false, rotSet(ulongMax, 0x1234, 0), rt(0xffffffff1234ffff)),
		lgc("rldimi", "full mask", lg("rldimi", 0, 0), false, rotSet(ulongMax, 0x1234, 0), rt(0x1234)),
		// mb=60 > 63-8=55: MASK(60, 55) = 0xffffffffffffff0f.
		lgc("rldimi", "wrapping mask", lg("rldimi", 8, 60), false, rotSet(ulongMax, 0x0123456789abcdef, 0), rt(0x23456789abcdeff1)),
		lgc("rldimi.", "", lg("rldimi.", 0, 63), false, rotSet(2, 1, 0), rtc(3, 0x40000000)),
		// Only RB[58:63] counts: 0xc8 → 8.
		lgc("rldcl", "rotld", lg("rldcl", 5, 0), false, rotSet(0, 0x0123456789abcdef, 0xffffffffffffffc8), rt(0x23456789abcdef01)),
		lgc("rldcl", "mb 56", lg("rldcl", 5, 56), false, rotSet(0, 0x0123456789abcdef, 4), rt(0xf0)),
		lgc("rldcl.", "mb 33", lg("rldcl.", 5, 33), false, rotSet(0, ulongMax, 64), rtc(0x7fffffff, 0x40000000)),
		lgc("rldcr", "", lg("rldcr", 5, 7), false, rotSet(0, 0x0123456789abcdef, 8), rt(0x2300000000000000)),
		lgc("rldcr.", "me 32", lg("rldcr.", 5, 32), false, rotSet(0, ulongMax, 63), rtc(0xffffffff80000000, 0x80000000)),
	})
}

func TestShift(t *testing.T) {
	const w = 0xffffffff80000001 // low word 0x80000001
	runLg(t, []lgCase{
		lgc("slw", "1", lgX("slw"), false, rr(w, 1), rt(2)),
		lgc("slw", "31", lgX("slw"), false, rr(w, 31), rt(0x80000000)),
		lgc("slw", "32", lgX("slw"), false, rr(w, 32), rt(0)),
		lgc("slw", "63", lgX("slw"), false, rr(w, 63), rt(0)),
		lgc("slw", "64 is count 0", lgX("slw"), false, rr(w, 64), rt(0x80000001)),
		lgc("slw", "0x21", lgX("slw"), false, rr(w, 0x21), rt(0)),
		lgc("slw.", "64-bit mode GT", lgX("slw."), false, rr(w, 31), rtc(0x80000000, 0x40000000)),
		lgc("slw.", "32-bit mode LT", lgX("slw."), true, rr(w, 31), rtc(0x80000000, 0x80000000)),
		lgc("srw", "0 zero-extends", lgX("srw"), false, rr(0xffffffff80000000, 0), rt(0x80000000)),
		lgc("srw", "31", lgX("srw"), false, rr(0xffffffff80000000, 31), rt(1)),
		lgc("srw", "32", lgX("srw"), false, rr(0xffffffff80000000, 32), rt(0)),
		lgc("srw", "96 (RB[58]=1)", lgX("srw"), false, rr(0xffffffff80000000, 96), rt(0)),
		lgc("srw", "64 is count 0", lgX("srw"), false, rr(0xffffffff80000000, 64), rt(0x80000000)),
		lgc("srw.", "", lgX("srw."), false, rr(0xffffffff80000000, 32), rtc(0, 0x20000000)),
		lgc("sld", "1", lgX("sld"), false, rr(0x8000000000000001, 1), rt(2)),
		lgc("sld", "63", lgX("sld"), false, rr(0x8000000000000001, 63), rt(longMin)),
		lgc("sld", "64", lgX("sld"), false, rr(0x8000000000000001, 64), rt(0)),
		lgc("sld", "127", lgX("sld"), false, rr(0x8000000000000001, 127), rt(0)),
		lgc("sld", "128 is count 0", lgX("sld"), false, rr(0x8000000000000001, 128), rt(0x8000000000000001)),
		lgc("sld.", "", lgX("sld."), false, rr(1, 63), rtc(longMin, 0x80000000)),
		lgc("srd", "63", lgX("srd"), false, rr(0x8000000000000001, 63), rt(1)),
		lgc("srd", "64", lgX("srd"), false, rr(0x8000000000000001, 64), rt(0)),
		lgc("srd", "127", lgX("srd"), false, rr(ulongMax, 127), rt(0)),
		lgc("srd", "128 is count 0", lgX("srd"), false, rr(0x8000000000000001, 128), rt(0x8000000000000001)),
		lgc("srd.", "32-bit mode", lgX("srd."), true, rr(0x0000000100000000, 1), rtc(0x80000000, 0x80000000)),

		// int32(0x80000001) >> 1 = 0xc0000000, a one shifted out: CA.
		lgc("sraw", "1 loses a one", lgX("sraw"), false, rr(0x80000001, 1), rtx(0xffffffffc0000000, caBoth)),
		lgc("sraw", "0 clears CA", lgX("sraw"), false, rrx(0x80000001, 0, caBoth), rtx(0xffffffff80000001, 0)),
		lgc("sraw", "32 gives the sign", lgX("sraw"), false, rr(0x80000001, 32), rtx(ulongMax, caBoth)),
		lgc("sraw", "63 gives the sign", lgX("sraw"), false, rr(0x80000000, 63), rtx(ulongMax, caBoth)),
		lgc("sraw", "64 is count 0", lgX("sraw"), false, rrx(0x80000001, 64, caBoth), rtx(0xffffffff80000001, 0)),
		lgc("sraw", "positive 33", lgX("sraw"), false, rrx(0xffffffff7fffffff, 33, caBoth), rtx(0, 0)),
		lgc("sraw", "negative, only zeros lost", lgX("sraw"), false, rrx(0x80000000, 4, caBoth), rtx(0xfffffffff8000000, 0)),
		lgc("sraw", "high word ignored", lgX("sraw"), false, rr(0x8000000000000010, 4), rtx(1, 0)),
		lgc("sraw.", "SO and CA kept apart", lgX("sraw."), false,
			func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.XER = 0xfffffffe, 1, regs.XERSO },
			func(r *regs.Regs) { r.GPR[3] = ulongMax; r.CR = 0x90000000 }),
		lgc("srawi", "0", lg("srawi", 0), false, rrx(0x80000000, 0, caBoth), rtx(0xffffffff80000000, 0)),
		lgc("srawi", "31 loses a one", lg("srawi", 31), false, rr(0xfffffffe, 0), rtx(ulongMax, caBoth)),
		lgc("srawi", "1 positive", lg("srawi", 1), false, rrx(0x1_0000_0003, 0, caBoth), rtx(1, 0)),
		lgc("srawi.", "32-bit mode", lg("srawi.", 4), true, rr(0x0000000080000000, 0), rtc(0xfffffffff8000000, 0x80000000)),

		lgc("srad", "1 loses a one", lgX("srad"), false, rr(0x8000000000000001, 1), rtx(0xc000000000000000, caBoth)),
		lgc("srad", "63", lgX("srad"), false, rr(0x8000000000000001, 63), rtx(ulongMax, caBoth)),
		lgc("srad", "63 only zeros lost", lgX("srad"), false, rrx(longMin, 63, caBoth), rtx(ulongMax, 0)),
		lgc("srad", "64 gives the sign", lgX("srad"), false, rr(0x8000000000000001, 64), rtx(ulongMax, caBoth)),
		lgc("srad", "127 gives the sign", lgX("srad"), false, rr(longMin, 127), rtx(ulongMax, caBoth)),
		lgc("srad", "128 is count 0", lgX("srad"), false, rrx(0x8000000000000001, 128, caBoth), rtx(0x8000000000000001, 0)),
		lgc("srad", "positive 64", lgX("srad"), false, rrx(longMax, 64, caBoth), rtx(0, 0)),
		lgc("srad.", "", lgX("srad."), false, rr(0x100, 8), rtc(1, 0x40000000)),
		lgc("sradi", "4 only zeros lost", lg("sradi", 4), false, rrx(0xfffffffffffffff0, 0, caBoth), rtx(ulongMax, 0)),
		lgc("sradi", "5 loses a one", lg("sradi", 5), false, rr(0xfffffffffffffff0, 0), rtx(ulongMax, caBoth)),
		lgc("sradi", "32", lg("sradi", 32), false, rr(0xffffffff00000001, 0), rtx(ulongMax, caBoth)),
		lgc("sradi", "63", lg("sradi", 63), false, rr(longMin, 0), rtx(ulongMax, 0)),
		lgc("sradi", "0", lg("sradi", 0), false, rrx(longMin, 0, caBoth), rtx(longMin, 0)),
		lgc("sradi.", "32-bit mode", lg("sradi.", 1), true,
			rr(0x0000000100000000, 0), func(r *regs.Regs) { r.GPR[3] = 0x80000000; r.CR = 0x80000000 }),
		lgc("sradi.", "64-bit mode", lg("sradi.", 1), false,
			rr(0x0000000100000000, 0), func(r *regs.Regs) { r.GPR[3] = 0x80000000; r.CR = 0x40000000 }),

		lgc("extswsli", "1", lg("extswsli", 1), false, rr(0x80000001, 0), rt(0xffffffff00000002)),
		lgc("extswsli", "32", lg("extswsli", 32), false, rr(0x80000001, 0), rt(0x8000000100000000)),
		lgc("extswsli", "63 keeps CA", lg("extswsli", 63), false, rrx(0xffffffff80000001, 0, caBoth), rt(longMin)),
		lgc("extswsli", "0 is extsw", lg("extswsli", 0), false, rr(0x12345678fffffffe, 0), rt(0xfffffffffffffffe)),
		lgc("extswsli.", "", lg("extswsli.", 4), false, rr(0x08000000, 0), rtc(0x80000000, 0x40000000)),
		lgc("extswsli.", "32-bit mode", lg("extswsli.", 4), true, rr(0x08000000, 0), rtc(0x80000000, 0x80000000)),
	})
}

// BenchmarkStepRlwinm is Step on a cached rlwinm r3,r4,8,0,23.
func BenchmarkStepRlwinm(b *testing.B) { benchStep(b, lg("rlwinm", 8, 0, 23)) }

// BenchmarkStepSradi is Step on a cached sradi r3,r4,35.
func BenchmarkStepSradi(b *testing.B) { benchStep(b, lg("sradi", 35)) }

// TestLogicalRotateAllocs: the ops of logical.go and rotate.go step without
// allocating.
func TestLogicalRotateAllocs(t *testing.T) {
	for _, w := range []uint32{
		lgX("and."),
		lgX("cfuged"),
		lgX("bpermd"),
		lg("rlwinm.", 8, 0, 23),
		lg("rldimi.", 16, 32),
		lgX("sraw."),
		lg("sradi", 35),
		lg("popcntb"),
	} {
		m := newMachine(true)
		m.r.GPR[4], m.r.GPR[5] = 0x8000000000000081, 0xff00
		in, err := decode.DecodeWord(w, 0)
		if err != nil {
			t.Fatal(err)
		}
		e := New(Config{})
		var mem Memory = m.mem
		if n := testing.AllocsPerRun(100, func() {
			m.r.NIP = cia
			if err := e.Step(&m.r, mem, &in); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%v: %v allocations per step", in.Op, n)
		}
	}
}
