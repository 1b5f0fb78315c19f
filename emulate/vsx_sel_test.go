package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Encodings of the select/classify/test ops (checked against decode in
// TestVSXSelectCases): XT=vs1, XA=vs2, XB=vs3; qp: VRT=v2, VRA=v3, VRB=v4;
// BF=cr6.
var (
	wXsmaxdp    = enc(ppc64asm.XSMAXDP, 1, 2, 3)    // xsmaxdp vs1,vs2,vs3
	wXsmindp    = enc(ppc64asm.XSMINDP, 1, 2, 3)    // xsmindp vs1,vs2,vs3
	wXsmaxcdp   = enc(ppc64asm.XSMAXCDP, 1, 2, 3)   // xsmaxcdp vs1,vs2,vs3
	wXsmincdp   = enc(ppc64asm.XSMINCDP, 1, 2, 3)   // xsmincdp vs1,vs2,vs3
	wXsmaxjdp   = enc(ppc64asm.XSMAXJDP, 1, 2, 3)   // xsmaxjdp vs1,vs2,vs3
	wXsminjdp   = enc(ppc64asm.XSMINJDP, 1, 2, 3)   // xsminjdp vs1,vs2,vs3
	wXvmaxsp    = enc(ppc64asm.XVMAXSP, 1, 2, 3)    // xvmaxsp vs1,vs2,vs3
	wXvmindp    = enc(ppc64asm.XVMINDP, 1, 2, 3)    // xvmindp vs1,vs2,vs3
	wXsmaxcqp   = enc(ppc64asm.XSMAXCQP, 2, 3, 4)   // xsmaxcqp v2,v3,v4
	wXscmpexpdp = enc(ppc64asm.XSCMPEXPDP, 6, 2, 3) // xscmpexpdp cr6,vs2,vs3
	wXscmpexpqp = enc(ppc64asm.XSCMPEXPQP, 6, 3, 4) // xscmpexpqp cr6,v3,v4
	wXststdcdp  = enc(ppc64asm.XSTSTDCDP, 6, 3, 0)  // xststdcdp cr6,vs3,0 (| DCMX<<16)
	wXststdcsp  = enc(ppc64asm.XSTSTDCSP, 6, 3, 0)  // xststdcsp cr6,vs3,0 (| DCMX<<16)
	wXststdcqp  = enc(ppc64asm.XSTSTDCQP, 6, 4, 0)  // xststdcqp cr6,v4,0 (| DCMX<<16)
	wXvtstdcsp2 = enc(ppc64asm.XVTSTDCSP, 1, 3, 2)  // xvtstdcsp vs1,vs3,2 (+denormal)
	wXvtdivdp   = enc(ppc64asm.XVTDIVDP, 6, 2, 3)   // xvtdivdp cr6,vs2,vs3
	wXvtdivsp   = enc(ppc64asm.XVTDIVSP, 6, 2, 3)   // xvtdivsp cr6,vs2,vs3
	wXvtsqrtsp  = enc(ppc64asm.XVTSQRTSP, 6, 3)     // xvtsqrtsp cr6,vs3
	wXsrqpxpRN  = enc(ppc64asm.XSRQPXP, 1, 2, 4, 0) // xsrqpxp 1,v2,v4,0: nearest-even
	wXsrqpxpUp  = enc(ppc64asm.XSRQPXP, 1, 2, 4, 2) // xsrqpxp 1,v2,v4,2: toward +∞
	wXsrqpxpRes = enc(ppc64asm.XSRQPXP, 0, 2, 4, 1) // xsrqpxp 0,v2,v4,1: reserved RMC
	wXgenpcvbm  = enc(ppc64asm.XXGENPCVBM, 1, 4, 0) // xxgenpcvbm vs1,v4,0 (| IMM<<16)
	wXgenpcvwm  = enc(ppc64asm.XXGENPCVWM, 1, 4, 0) // xxgenpcvwm vs1,v4,0 (| IMM<<16)
)

// Binary64, binary32 and binary128 data of the cases.
const (
	d1, d15, d2, dm1 = 0x3ff0000000000000, 0x3ff8000000000000, 0x4000000000000000, 0xbff0000000000000
	dPZ, dNZ         = 0, 1 << 63
	dPInf            = 0x7ff0000000000000
	dQNaN, dSNaN     = 0x7ff8000000000abc, 0x7ff0000000000abc
	dQuieted         = 0x7ff8000000000abc // dSNaN quieted
	dDen, dNDen      = 0x0000000000000001, 0x8000000000000001
	s1, s2, sQNaN    = 0x3f800000, 0x40000000, 0x7fc00001
	sSNaN, sPZ, sNZ  = 0x7f800001, 0, 0x80000000
	qPZ, qNZ         = 0, 1 << 63 // high doublewords (low 0)
	q1               = 0x3fff000000000000
)

var (
	vsxnan   = regs.FPSCRVXSNAN | regs.FPSCRFX | regs.FPSCRVX
	xxExact  = regs.FPSCRFX | regs.FPSCRXX | regs.FPSCRFI
	crFields = func(c uint32) uint32 { return regs.SetCRField(0, 6, c) }
)

// TestVSXSelectCases: ISA 3.1B facts (Book I 7.6, the instruction
// descriptions and their tables) for the max/min, exponent compare, test
// data class, software test, xsrqpxp and xxgenpcv*m ops, whole-state
// compare, both byte orders.
func TestVSXSelectCases(t *testing.T) {
	type vs = map[int]regs.VSR
	cases := []struct {
		name, op string
		word     uint32
		prof     Profile
		in       vs
		fpscr    uint64
		out      vs     // VSRs written
		cr       uint32 // the whole CR after (0: unchanged from 0)
		fpscrOut uint64 // FPSCR after
		err      error  // the refusal, registers unchanged
	}{
		// xsmaxdp/xsmindp: IEEE maxNum/minNum; −0 < +0; dw1 ← 0.
		{name: "xsmaxdp 1,2", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: d1, Lo: 5}, 3: {Hi: d2}, 1: {Lo: 9}}, out: vs{1: {Hi: d2}}},
		{name: "xsmaxdp +0,−0", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dPZ}, 3: {Hi: dNZ}}, out: vs{1: {Hi: dPZ}}},
		{name: "xsmaxdp −0,+0", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dNZ}, 3: {Hi: dPZ}}, out: vs{1: {Hi: dPZ}}},
		{name: "xsmindp +0,−0", op: "xsmindp", word: wXsmindp, in: vs{2: {Hi: dPZ}, 3: {Hi: dNZ}}, out: vs{1: {Hi: dNZ}}},
		{name: "xsmaxdp QNaN,1: the number", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dQNaN}, 3: {Hi: d1}}, out: vs{1: {Hi: d1}}},
		{name: "xsmindp 1,QNaN: the number", op: "xsmindp", word: wXsmindp, in: vs{2: {Hi: d1}, 3: {Hi: dQNaN}}, out: vs{1: {Hi: d1}}},
		{name: "xsmaxdp SNaN,1: the SNaN quieted, VXSNAN", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dSNaN}, 3: {Hi: d1}},
			out: vs{1: {Hi: dQuieted}}, fpscrOut: vsxnan},
		{name: "xsmaxdp 1,SNaN with VE=1: not written, FEX", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: d1}, 3: {Hi: dSNaN}, 1: {Hi: 7}},
			fpscr: regs.FPSCRVE, fpscrOut: regs.FPSCRVE | vsxnan | regs.FPSCRFEX},
		{name: "xsmaxdp SNaN with VXSNAN already set: no FX", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dSNaN}, 3: {Hi: d1}},
			fpscr: regs.FPSCRVXSNAN | regs.FPSCRVX, out: vs{1: {Hi: dQuieted}}, fpscrOut: regs.FPSCRVXSNAN | regs.FPSCRVX},
		{name: "xsmaxdp QNaN,SNaN under hardware", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dQNaN}, 3: {Hi: dSNaN}}, err: ErrNotEmulated},
		{name: "xsmaxdp QNaN,SNaN under QEMU: src1", op: "xsmaxdp", word: wXsmaxdp, prof: QEMU, in: vs{2: {Hi: dQNaN}, 3: {Hi: dSNaN}},
			out: vs{1: {Hi: dQNaN}}, fpscrOut: vsxnan},
		{name: "xsmaxdp SNaN,QNaN: src1 quieted", op: "xsmaxdp", word: wXsmaxdp, in: vs{2: {Hi: dSNaN}, 3: {Hi: dQNaN | 1}},
			out: vs{1: {Hi: dQuieted}}, fpscrOut: vsxnan},
		// c-forms: (a > b) ? a : b, (a < b) ? a : b; a NaN gives b as it is.
		{name: "xsmaxcdp QNaN,1: src2", op: "xsmaxcdp", word: wXsmaxcdp, in: vs{2: {Hi: dQNaN}, 3: {Hi: d1}}, out: vs{1: {Hi: d1}}},
		{name: "xsmaxcdp 1,SNaN: src2 unquieted, VXSNAN", op: "xsmaxcdp", word: wXsmaxcdp, in: vs{2: {Hi: d1}, 3: {Hi: dSNaN}},
			out: vs{1: {Hi: dSNaN}}, fpscrOut: vsxnan},
		{name: "xsmaxcdp +0,−0: src2", op: "xsmaxcdp", word: wXsmaxcdp, in: vs{2: {Hi: dPZ}, 3: {Hi: dNZ}}, out: vs{1: {Hi: dNZ}}},
		{name: "xsmaxcdp −0,+0: src2", op: "xsmaxcdp", word: wXsmaxcdp, in: vs{2: {Hi: dNZ}, 3: {Hi: dPZ}}, out: vs{1: {Hi: dPZ}}},
		{name: "xsmincdp −0,+0: src2", op: "xsmincdp", word: wXsmincdp, in: vs{2: {Hi: dNZ}, 3: {Hi: dPZ}}, out: vs{1: {Hi: dPZ}}},
		{name: "xsmincdp 1,2: src1", op: "xsmincdp", word: wXsmincdp, in: vs{2: {Hi: d1}, 3: {Hi: d2}}, out: vs{1: {Hi: d1}}},
		// j-forms: the first NaN as it is; −0 < +0; VXSNAN for either SNaN.
		{name: "xsmaxjdp SNaN,1: src1 unquieted", op: "xsmaxjdp", word: wXsmaxjdp, in: vs{2: {Hi: dSNaN}, 3: {Hi: d1}},
			out: vs{1: {Hi: dSNaN}}, fpscrOut: vsxnan},
		{name: "xsmaxjdp QNaN,SNaN: src1, VXSNAN", op: "xsmaxjdp", word: wXsmaxjdp, in: vs{2: {Hi: dQNaN}, 3: {Hi: dSNaN}},
			out: vs{1: {Hi: dQNaN}}, fpscrOut: vsxnan},
		{name: "xsmaxjdp 1,QNaN: src2", op: "xsmaxjdp", word: wXsmaxjdp, in: vs{2: {Hi: d1}, 3: {Hi: dQNaN}}, out: vs{1: {Hi: dQNaN}}},
		{name: "xsmaxjdp −0,+0: +0", op: "xsmaxjdp", word: wXsmaxjdp, in: vs{2: {Hi: dNZ}, 3: {Hi: dPZ}}, out: vs{1: {Hi: dPZ}}},
		{name: "xsminjdp +0,−0: −0", op: "xsminjdp", word: wXsminjdp, in: vs{2: {Hi: dPZ}, 3: {Hi: dNZ}}, out: vs{1: {Hi: dNZ}}},
		{name: "xsmaxcqp +0,−0: src2", op: "xsmaxcqp", word: wXsmaxcqp, in: vs{35: {Hi: qPZ}, 36: {Hi: qNZ}}, out: vs{34: {Hi: qNZ}}},
		{name: "xsmaxcqp 1,−0: src1", op: "xsmaxcqp", word: wXsmaxcqp, in: vs{35: {Hi: q1, Lo: 3}, 36: {Hi: qNZ}}, out: vs{34: {Hi: q1, Lo: 3}}},
		// Vector forms, per lane.
		{name: "xvmaxsp lanes", op: "xvmaxsp", word: wXvmaxsp,
			in:  vs{2: {Hi: s1<<32 | sQNaN, Lo: sPZ<<32 | sSNaN}, 3: {Hi: s2<<32 | s2, Lo: sNZ<<32 | s1}},
			out: vs{1: {Hi: s2<<32 | s2, Lo: sPZ<<32 | 0x7fc00001}}, fpscrOut: vsxnan},
		{name: "xvmindp SNaN lane with VE=1: nothing written", op: "xvmindp", word: wXvmindp, in: vs{2: {Hi: d1, Lo: dSNaN}, 3: {Hi: d2, Lo: d1}, 1: {Hi: 5, Lo: 6}},
			fpscr: regs.FPSCRVE, fpscrOut: regs.FPSCRVE | vsxnan | regs.FPSCRFEX},
		// xscmpexp: biased exponents; FU for a NaN; no exception.
		{name: "xscmpexpdp 1,1.5: EQ", op: "xscmpexpdp", word: wXscmpexpdp, in: vs{2: {Hi: d1}, 3: {Hi: d15}}, cr: crFields(2), fpscrOut: regs.FPSCRFE},
		{name: "xscmpexpdp 1,2: LT", op: "xscmpexpdp", word: wXscmpexpdp, in: vs{2: {Hi: d1}, 3: {Hi: d2}}, cr: crFields(8), fpscrOut: regs.FPSCRFL},
		{name: "xscmpexpdp denormal,−0: EQ", op: "xscmpexpdp", word: wXscmpexpdp, in: vs{2: {Hi: dDen}, 3: {Hi: dNZ}}, cr: crFields(2), fpscrOut: regs.FPSCRFE},
		{name: "xscmpexpdp SNaN,1: FU, no VXSNAN", op: "xscmpexpdp", word: wXscmpexpdp, in: vs{2: {Hi: dSNaN}, 3: {Hi: d1}}, cr: crFields(1), fpscrOut: regs.FPSCRFU},
		{name: "xscmpexpqp 2,1: GT", op: "xscmpexpqp", word: wXscmpexpqp, in: vs{35: {Hi: 0x4000000000000000}, 36: {Hi: q1, Lo: 1}}, cr: crFields(4), fpscrOut: regs.FPSCRFG},
		// Test data class: CR and FPCC ← sign ‖ 0 ‖ match ‖ 0.
		{name: "xststdcdp −den, DCMX −den", op: "xststdcdp", word: wXststdcdp | 0x01<<16, in: vs{3: {Hi: dNDen}}, cr: crFields(0xa), fpscrOut: regs.FPSCRFL | regs.FPSCRFE},
		{name: "xststdcdp −den, DCMX +den", op: "xststdcdp", word: wXststdcdp | 0x02<<16, in: vs{3: {Hi: dNDen}}, cr: crFields(8), fpscrOut: regs.FPSCRFL},
		{name: "xststdcdp +∞, DCMX +∞", op: "xststdcdp", word: wXststdcdp | 0x20<<16, in: vs{3: {Hi: dPInf}}, cr: crFields(2), fpscrOut: regs.FPSCRFE},
		{name: "xststdcdp SNaN, DCMX NaN", op: "xststdcdp", word: wXststdcdp | 0x40<<16, in: vs{3: {Hi: dSNaN}}, cr: crFields(2), fpscrOut: regs.FPSCRFE},
		{name: "xststdcdp −1, every DCMX bit: no match", op: "xststdcdp", word: wXststdcdp | 0x7f<<16, in: vs{3: {Hi: dm1}}, cr: crFields(8), fpscrOut: regs.FPSCRFL},
		{name: "xststdcsp 2^-127 (a single denormal), DCMX +den", op: "xststdcsp", word: wXststdcsp | 0x02<<16, in: vs{3: {Hi: 0x3800000000000000}}, cr: crFields(2), fpscrOut: regs.FPSCRFE},
		{name: "xststdcsp 2^-127, DCMX −den: no match (QEMU 7.2 matches)", op: "xststdcsp", word: wXststdcsp | 0x01<<16, in: vs{3: {Hi: 0x3800000000000000}}},
		{name: "xststdcsp 1+2^-52 (not single) under hardware", op: "xststdcsp", word: wXststdcsp, in: vs{3: {Hi: d1 + 1}}, err: ErrNotEmulated},
		{name: "xststdcsp 1+2^-52 under QEMU: bit 3", op: "xststdcsp", word: wXststdcsp, prof: QEMU, in: vs{3: {Hi: d1 + 1}}, cr: crFields(1), fpscrOut: regs.FPSCRFU},
		{name: "xststdcqp −0, DCMX −0", op: "xststdcqp", word: wXststdcqp | 0x04<<16, in: vs{36: {Hi: qNZ}}, cr: crFields(0xa), fpscrOut: regs.FPSCRFL | regs.FPSCRFE},
		{name: "xvtstdcsp +den", op: "xvtstdcsp", word: wXvtstdcsp2, in: vs{3: {Hi: 1<<32 | 0x80000001, Lo: s1 << 32}, 1: {Hi: 3}},
			out: vs{1: {Hi: 0xffffffff00000000}}},
		// Software divide and square-root tests, ORed over the lanes.
		{name: "xvtdivdp normal lanes", op: "xvtdivdp", word: wXvtdivdp, in: vs{2: {Hi: d1, Lo: d2}, 3: {Hi: d2, Lo: d15}}, cr: crFields(8)},
		{name: "xvtdivdp b zero in lane 1", op: "xvtdivdp", word: wXvtdivdp, in: vs{2: {Hi: d1, Lo: d2}, 3: {Hi: d2, Lo: dNZ}}, cr: crFields(0xe)},
		{name: "xvtdivdp e_b = 1021: fe", op: "xvtdivdp", word: wXvtdivdp, in: vs{2: {Hi: d1, Lo: d2}, 3: {Hi: d2, Lo: 0x7fc0000000000000}}, cr: crFields(0xa)},
		{name: "xvtdivdp b denormal: fe, fg", op: "xvtdivdp", word: wXvtdivdp, in: vs{2: {Hi: d1, Lo: d2}, 3: {Hi: dDen, Lo: d1}}, cr: crFields(0xe)},
		{name: "xvtdivsp e_b = 125: fe", op: "xvtdivsp", word: wXvtdivsp, in: vs{2: {Hi: s1<<32 | s1, Lo: s1<<32 | s1}, 3: {Hi: s1<<32 | 0x7e000000, Lo: s1<<32 | s1}}, cr: crFields(0xa)},
		{name: "xvtdivsp e_a − e_b = −124: no fe", op: "xvtdivsp", word: wXvtdivsp, in: vs{2: {Hi: s1<<32 | s1, Lo: s1<<32 | s1}, 3: {Hi: s1<<32 | 0x7d800000, Lo: s1<<32 | s1}}, cr: crFields(8)},
		{name: "xvtsqrtsp e_b = −103: fe", op: "xvtsqrtsp", word: wXvtsqrtsp, in: vs{3: {Hi: s1<<32 | 0x0c000000, Lo: s1<<32 | s1}}, cr: crFields(0xa)},
		{name: "xvtsqrtsp e_b = −102: no fe", op: "xvtsqrtsp", word: wXvtsqrtsp, in: vs{3: {Hi: s1<<32 | 0x0c800000, Lo: s1<<32 | s1}}, cr: crFields(8)},
		{name: "xvtsqrtsp −1: fe", op: "xvtsqrtsp", word: wXvtsqrtsp, in: vs{3: {Hi: s1<<32 | 0xbf800000, Lo: s1<<32 | s1}}, cr: crFields(0xa)},
		// xsrqpxp: 64-bit significand, quad exponent range.
		{name: "xsrqpxp 1+2^-64 nearest-even: tie to 1", op: "xsrqpxp", word: wXsrqpxpRN, in: vs{36: {Hi: q1, Lo: 1 << 48}},
			out: vs{34: {Hi: q1}}, fpscrOut: xxExact | 4<<regs.FPSCRFPRFLSB},
		{name: "xsrqpxp 1+2^-64 up: 1+2^-63, FR", op: "xsrqpxp", word: wXsrqpxpUp, in: vs{36: {Hi: q1, Lo: 1 << 48}},
			out: vs{34: {Hi: q1, Lo: 1 << 49}}, fpscrOut: xxExact | regs.FPSCRFR | 4<<regs.FPSCRFPRFLSB},
		{name: "xsrqpxp 1+2^-63 exact", op: "xsrqpxp", word: wXsrqpxpUp, in: vs{36: {Hi: q1, Lo: 1 << 49}},
			out: vs{34: {Hi: q1, Lo: 1 << 49}}, fpscrOut: 4 << regs.FPSCRFPRFLSB},
		{name: "xsrqpxp reserved RMC under hardware", op: "xsrqpxp", word: wXsrqpxpRes, in: vs{36: {Hi: q1, Lo: 1 << 48}}, err: ErrNotEmulated},
		{name: "xsrqpxp reserved RMC under QEMU: nearest-even", op: "xsrqpxp", word: wXsrqpxpRes, prof: QEMU, in: vs{36: {Hi: q1, Lo: 3 << 47}},
			out: vs{34: {Hi: q1, Lo: 1 << 49}}, fpscrOut: xxExact | regs.FPSCRFR | 4<<regs.FPSCRFPRFLSB},
		// xxgenpcv*m.
		{name: "xxgenpcvbm BE expansion", op: "xxgenpcvbm", word: wXgenpcvbm, in: vs{36: {Hi: 0x0080008000000000}},
			out: vs{1: {Hi: 0x1000120114151617, Lo: 0x18191a1b1c1d1e1f}}},
		{name: "xxgenpcvbm LE expansion", op: "xxgenpcvbm", word: wXgenpcvbm | 2<<16, in: vs{36: {Lo: 0x80}},
			out: vs{1: {Hi: 0x1f1e1d1c1b1a1918, Lo: 0x1716151413121100}}},
		{name: "xxgenpcvwm BE compression", op: "xxgenpcvwm", word: wXgenpcvwm | 1<<16, in: vs{36: {Hi: 0x80000000, Lo: 0x8000000000000000}},
			out: vs{1: {Hi: 0x0405060708090a0b}}},
		{name: "xxgenpcvwm LE compression", op: "xxgenpcvwm", word: wXgenpcvwm | 3<<16, in: vs{36: {Hi: 0x80000000}},
			out: vs{1: {Lo: 0x0b0a0908}}},
		{name: "xxgenpcvbm IMM=4 under hardware", op: "xxgenpcvbm", word: wXgenpcvbm | 4<<16, err: ErrNotEmulated},
		{name: "xxgenpcvbm IMM=4 under QEMU", op: "xxgenpcvbm", word: wXgenpcvbm | 4<<16, prof: QEMU, err: ErrIllegal},
	}
	sc := make([]stepCase, len(cases))
	for i, c := range cases {
		sc[i] = stepCase{name: c.name, op: c.op, word: c.word, prof: c.prof, err: c.err,
			setup: func(m *machine) {
				for n, v := range c.in {
					m.r.VSR[n] = v
				}
				m.r.FPSCR = c.fpscr
			},
			want: func(m *machine) {
				for n, v := range c.out {
					m.r.VSR[n] = v
				}
				m.r.CR, m.r.FPSCR = c.cr, c.fpscrOut
			}}
	}
	runCases(t, sc)
}
