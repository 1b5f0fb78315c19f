package regs_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/regs"
)

// isa64 converts an ISA bit number of a 64-bit register (0 = most
// significant) to a mask.
func isa64(n uint) uint64 { return 1 << (63 - n) }

// isa64Field converts ISA bits first:last of a 64-bit register to a mask.
func isa64Field(first, last uint) uint64 {
	var m uint64
	for n := first; n <= last; n++ {
		m |= isa64(n)
	}
	return m
}

func TestMSRBits(t *testing.T) {
	// isa: the Power ISA bit number; lsb: the position linux-abi.md (and
	// asm/reg.h) gives, counted from the least significant end.
	tests := []struct {
		name string
		mask uint64
		isa  uint
		lsb  uint
	}{
		{"SF", regs.MSRSF, 0, 63},
		{"HV", regs.MSRHV, 3, 60},
		{"TM", regs.MSRTM, 31, 32},
		{"VEC", regs.MSRVEC, 38, 25},
		{"VSX", regs.MSRVSX, 40, 23},
		{"S", regs.MSRS, 41, 22},
		{"EE", regs.MSREE, 48, 15},
		{"PR", regs.MSRPR, 49, 14},
		{"FP", regs.MSRFP, 50, 13},
		{"ME", regs.MSRME, 51, 12},
		{"FE0", regs.MSRFE0, 52, 11},
		{"SE", regs.MSRSE, 53, 10},
		{"BE", regs.MSRBE, 54, 9},
		{"FE1", regs.MSRFE1, 55, 8},
		{"IR", regs.MSRIR, 58, 5},
		{"DR", regs.MSRDR, 59, 4},
		{"RI", regs.MSRRI, 62, 1},
		{"LE", regs.MSRLE, 63, 0},
	}
	for _, tc := range tests {
		if tc.mask != isa64(tc.isa) {
			t.Errorf("MSR%s = %#x, want ISA bit %d = %#x", tc.name, tc.mask, tc.isa, isa64(tc.isa))
		}
		if tc.mask != 1<<tc.lsb {
			t.Errorf("MSR%s = %#x, want 1<<%d", tc.name, tc.mask, tc.lsb)
		}
	}
	if regs.MSRTS != isa64Field(29, 30) {
		t.Errorf("MSRTS = %#x, want ISA bits 29:30", regs.MSRTS)
	}
	// Values written out by hand from the bit list in linux-abi.md.
	if regs.MSRKernel != 0x9000000000001032 {
		t.Errorf("MSRKernel = %#x", regs.MSRKernel)
	}
	if regs.MSRUser64 != 0x900000000000d032 {
		t.Errorf("MSRUser64 = %#x", regs.MSRUser64)
	}
	if regs.MSRUser64LE != 0x900000000000d033 {
		t.Errorf("MSRUser64LE = %#x", regs.MSRUser64LE)
	}
}

func TestMSRAccessors(t *testing.T) {
	tests := []struct {
		name string
		get  func(*regs.Regs) bool
		isa  uint
	}{
		{"Is64", (*regs.Regs).Is64, 0},
		{"VecAvailable", (*regs.Regs).VecAvailable, 38},
		{"VSXAvailable", (*regs.Regs).VSXAvailable, 40},
		{"ProblemState", (*regs.Regs).ProblemState, 49},
		{"FPAvailable", (*regs.Regs).FPAvailable, 50},
		{"SingleStep", (*regs.Regs).SingleStep, 53},
		{"BranchTrace", (*regs.Regs).BranchTrace, 54},
		{"LittleEndian", (*regs.Regs).LittleEndian, 63},
	}
	for _, tc := range tests {
		r := regs.Regs{MSR: isa64(tc.isa)}
		if !tc.get(&r) {
			t.Errorf("%s() = false with only ISA bit %d set", tc.name, tc.isa)
		}
		r.MSR = ^isa64(tc.isa)
		if tc.get(&r) {
			t.Errorf("%s() = true with every bit but ISA bit %d set", tc.name, tc.isa)
		}
	}
	for _, tc := range []struct {
		msr  uint64
		want int
	}{
		{0, 0},
		{isa64(55), 1}, // FE1
		{isa64(52), 2}, // FE0
		{isa64(52) | isa64(55), 3},
		{^(isa64(52) | isa64(55)), 0},
	} {
		r := regs.Regs{MSR: tc.msr}
		if got := r.FPExceptionMode(); got != tc.want {
			t.Errorf("FPExceptionMode() with MSR %#x = %d, want %d", tc.msr, got, tc.want)
		}
	}
}

func TestXERBits(t *testing.T) {
	tests := []struct {
		name string
		mask uint64
		isa  uint
		get  func(*regs.Regs) bool
		set  func(*regs.Regs, bool)
	}{
		{"SO", regs.XERSO, 32, (*regs.Regs).SO, (*regs.Regs).SetSO},
		{"OV", regs.XEROV, 33, (*regs.Regs).OV, (*regs.Regs).SetOV},
		{"CA", regs.XERCA, 34, (*regs.Regs).CA, (*regs.Regs).SetCA},
		{"OV32", regs.XEROV32, 44, (*regs.Regs).OV32, (*regs.Regs).SetOV32},
		{"CA32", regs.XERCA32, 45, (*regs.Regs).CA32, (*regs.Regs).SetCA32},
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tc := range tests {
		if tc.mask != isa64(tc.isa) {
			t.Errorf("XER%s = %#x, want ISA bit %d", tc.name, tc.mask, tc.isa)
		}
		for range 20 {
			before := randomRegs(rng)
			for _, on := range []bool{false, true} {
				got := before
				tc.set(&got, on)
				want := before
				if on {
					want.XER |= isa64(tc.isa)
				} else {
					want.XER &^= isa64(tc.isa)
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("Set%s(%v) (-want +got):\n%s", tc.name, on, d)
				}
				if tc.get(&got) != on {
					t.Fatalf("%s() after Set%s(%v) = %v", tc.name, tc.name, on, !on)
				}
			}
		}
	}
	if regs.XERByteCount != isa64Field(57, 63) {
		t.Errorf("XERByteCount = %#x, want ISA bits 57:63", regs.XERByteCount)
	}
	r := regs.Regs{XER: 0xffffffffffffff80}
	r.SetByteCount(0x1ff) // only the low 7 bits are kept
	if r.XER != 0xffffffffffffffff || r.ByteCount() != 0x7f {
		t.Errorf("SetByteCount(0x1ff): XER %#x, ByteCount %#x", r.XER, r.ByteCount())
	}
	r.SetByteCount(5)
	if r.XER != 0xffffffffffffff85 || r.ByteCount() != 5 {
		t.Errorf("SetByteCount(5): XER %#x, ByteCount %d", r.XER, r.ByteCount())
	}
}

func TestCRField(t *testing.T) {
	const cr = 0x12345678 // field i holds i+1
	for i := range 8 {
		if got := regs.CRField(cr, i); got != uint32(i+1) {
			t.Errorf("CRField(%#x, %d) = %#x, want %#x", cr, i, got, i+1)
		}
	}
	tests := []struct {
		cr   uint32
		i    int
		v    uint32
		want uint32
	}{
		{0, 0, regs.CRLT, 0x80000000},
		{0, 0, regs.CRGT, 0x40000000},
		{0, 0, regs.CREQ, 0x20000000},
		{0, 0, regs.CRSO, 0x10000000},
		{0, 7, regs.CRSO, 0x00000001},
		{0, 1, 0xf, 0x0f000000},
		{0xffffffff, 6, 0, 0xffffff0f},
		{0x12345678, 3, 0xa, 0x123a5678},
		{0x12345678, 3, 0x1a, 0x123a5678}, // only the low 4 bits of v count
	}
	for _, tc := range tests {
		if got := regs.SetCRField(tc.cr, tc.i, tc.v); got != tc.want {
			t.Errorf("SetCRField(%#x, %d, %#x) = %#08x, want %#08x", tc.cr, tc.i, tc.v, got, tc.want)
		}
		r := regs.Regs{CR: tc.cr}
		r.SetCRField(tc.i, tc.v)
		if r.CR != tc.want || r.CRField(tc.i) != tc.v&0xf {
			t.Errorf("Regs.SetCRField(%d, %#x) on %#x: CR %#08x, want %#08x", tc.i, tc.v, tc.cr, r.CR, tc.want)
		}
	}
}

func TestCRBit(t *testing.T) {
	for bi := range 32 {
		one := uint32(1) << (31 - bi) // ISA bit bi of a 32-bit register
		for bj := range 32 {
			if got := regs.CRBit(one, bj); got != (bi == bj) {
				t.Errorf("CRBit(%#08x, %d) = %v", one, bj, got)
			}
		}
		if got := regs.SetCRBit(0, bi, true); got != one {
			t.Errorf("SetCRBit(0, %d, true) = %#08x, want %#08x", bi, got, one)
		}
		if got := regs.SetCRBit(0xffffffff, bi, false); got != ^one {
			t.Errorf("SetCRBit(~0, %d, false) = %#08x, want %#08x", bi, got, ^one)
		}
		r := regs.Regs{CR: ^one}
		r.SetCRBit(bi, true)
		if r.CR != 0xffffffff || !r.CRBit(bi) {
			t.Errorf("Regs.SetCRBit(%d, true): CR %#08x", bi, r.CR)
		}
	}
	// Bit 4i+j is bit j (LT, GT, EQ, SO) of field i.
	rng := rand.New(rand.NewPCG(1, 1))
	masks := []uint32{regs.CRLT, regs.CRGT, regs.CREQ, regs.CRSO}
	for range 100 {
		cr := rng.Uint32()
		for i := range 8 {
			for j, m := range masks {
				if regs.CRBit(cr, 4*i+j) != (regs.CRField(cr, i)&m != 0) {
					t.Fatalf("CR %#08x: bit %d disagrees with field %d mask %#x", cr, 4*i+j, i, m)
				}
			}
		}
	}
	// Named examples: CR0[EQ] is bit 2, CR1[SO] is bit 7, CR7[LT] is bit 28.
	if !regs.CRBit(0x20000000, 2) || !regs.CRBit(0x01000000, 7) || !regs.CRBit(0x00000008, 28) {
		t.Error("named CR bits misplaced")
	}
}

func TestFPSCRBits(t *testing.T) {
	// isa: ISA bit numbers from the Power ISA FPSCR figure. linux: the
	// 32-bit FPSCR_* values of asm/reg.h for the classic fields (0 where
	// the header has no such name).
	tests := []struct {
		name        string
		mask        uint64
		first, last uint
		linux       uint64
	}{
		{"DRN", regs.FPSCRDRN, 29, 31, 0},
		{"FX", regs.FPSCRFX, 32, 32, 0x80000000},
		{"FEX", regs.FPSCRFEX, 33, 33, 0x40000000},
		{"VX", regs.FPSCRVX, 34, 34, 0x20000000},
		{"OX", regs.FPSCROX, 35, 35, 0x10000000},
		{"UX", regs.FPSCRUX, 36, 36, 0x08000000},
		{"ZX", regs.FPSCRZX, 37, 37, 0x04000000},
		{"XX", regs.FPSCRXX, 38, 38, 0x02000000},
		{"VXSNAN", regs.FPSCRVXSNAN, 39, 39, 0x01000000},
		{"VXISI", regs.FPSCRVXISI, 40, 40, 0x00800000},
		{"VXIDI", regs.FPSCRVXIDI, 41, 41, 0x00400000},
		{"VXZDZ", regs.FPSCRVXZDZ, 42, 42, 0x00200000},
		{"VXIMZ", regs.FPSCRVXIMZ, 43, 43, 0x00100000},
		{"VXVC", regs.FPSCRVXVC, 44, 44, 0x00080000},
		{"FR", regs.FPSCRFR, 45, 45, 0x00040000},
		{"FI", regs.FPSCRFI, 46, 46, 0x00020000},
		{"FPRF", regs.FPSCRFPRF, 47, 51, 0x0001f000},
		{"C", regs.FPSCRC, 47, 47, 0},
		{"FPCC", regs.FPSCRFPCC, 48, 51, 0},
		{"FL", regs.FPSCRFL, 48, 48, 0},
		{"FG", regs.FPSCRFG, 49, 49, 0},
		{"FE", regs.FPSCRFE, 50, 50, 0},
		{"FU", regs.FPSCRFU, 51, 51, 0},
		{"VXSOFT", regs.FPSCRVXSOFT, 53, 53, 0x00000400},
		{"VXSQRT", regs.FPSCRVXSQRT, 54, 54, 0x00000200},
		{"VXCVI", regs.FPSCRVXCVI, 55, 55, 0x00000100},
		{"VE", regs.FPSCRVE, 56, 56, 0x00000080},
		{"OE", regs.FPSCROE, 57, 57, 0x00000040},
		{"UE", regs.FPSCRUE, 58, 58, 0x00000020},
		{"ZE", regs.FPSCRZE, 59, 59, 0x00000010},
		{"XE", regs.FPSCRXE, 60, 60, 0x00000008},
		{"NI", regs.FPSCRNI, 61, 61, 0x00000004},
		{"RN", regs.FPSCRRN, 62, 63, 0x00000003},
	}
	var all uint64
	for _, tc := range tests {
		if want := isa64Field(tc.first, tc.last); tc.mask != want {
			t.Errorf("FPSCR%s = %#x, want ISA bits %d:%d = %#x", tc.name, tc.mask, tc.first, tc.last, want)
		}
		if tc.linux != 0 && tc.mask != tc.linux {
			t.Errorf("FPSCR%s = %#x, Linux FPSCR_%s = %#x", tc.name, tc.mask, tc.name, tc.linux)
		}
		all |= tc.mask
	}
	// Every defined bit is named: only ISA bits 0:28 and 52 are left.
	if want := ^(isa64Field(0, 28) | isa64(52)); all != want {
		t.Errorf("named FPSCR bits = %#x, want %#x", all, want)
	}
	vx := isa64Field(39, 44) | isa64Field(53, 55)
	if regs.FPSCRVXAll != vx {
		t.Errorf("FPSCRVXAll = %#x, want %#x", regs.FPSCRVXAll, vx)
	}
	if regs.FPSCREnables != isa64Field(56, 60) {
		t.Errorf("FPSCREnables = %#x, want ISA bits 56:60", regs.FPSCREnables)
	}
}

func TestFPSCRSummary(t *testing.T) {
	tests := []struct {
		name     string
		in, want uint64
	}{
		{"clear", 0, 0},
		{"stale summaries cleared", regs.FPSCRVX | regs.FPSCRFEX, 0},
		{"FX kept", regs.FPSCRFX, regs.FPSCRFX},
		{"VXSNAN sets VX", regs.FPSCRVXSNAN, regs.FPSCRVXSNAN | regs.FPSCRVX},
		{"VXCVI sets VX", regs.FPSCRVXCVI, regs.FPSCRVXCVI | regs.FPSCRVX},
		{"VX enabled", regs.FPSCRVXIDI | regs.FPSCRVE,
			regs.FPSCRVXIDI | regs.FPSCRVE | regs.FPSCRVX | regs.FPSCRFEX},
		{"OX enabled", regs.FPSCROX | regs.FPSCROE, regs.FPSCROX | regs.FPSCROE | regs.FPSCRFEX},
		{"UX enabled", regs.FPSCRUX | regs.FPSCRUE, regs.FPSCRUX | regs.FPSCRUE | regs.FPSCRFEX},
		{"ZX enabled", regs.FPSCRZX | regs.FPSCRZE, regs.FPSCRZX | regs.FPSCRZE | regs.FPSCRFEX},
		{"XX enabled", regs.FPSCRXX | regs.FPSCRXE, regs.FPSCRXX | regs.FPSCRXE | regs.FPSCRFEX},
		{"ZX with other enables", regs.FPSCRZX | regs.FPSCROE | regs.FPSCRUE | regs.FPSCRXE | regs.FPSCRVE,
			regs.FPSCRZX | regs.FPSCROE | regs.FPSCRUE | regs.FPSCRXE | regs.FPSCRVE},
		{"enables alone", regs.FPSCREnables, regs.FPSCREnables},
		{"rounding and DRN kept", regs.FPSCRDRN | regs.FPSCRRN | regs.FPSCRFPRF,
			regs.FPSCRDRN | regs.FPSCRRN | regs.FPSCRFPRF},
	}
	for _, tc := range tests {
		if got := regs.FPSCRSummary(tc.in); got != tc.want {
			t.Errorf("%s: FPSCRSummary(%#x) = %#x, want %#x", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestFPSCRFields(t *testing.T) {
	r := regs.Regs{FPSCR: ^uint64(0)}
	if r.RoundingMode() != regs.RoundDown || r.DecimalRoundingMode() != 7 || r.FPRF() != 0x1f || r.FPCC() != 0xf {
		t.Fatalf("all-ones FPSCR: RN %d DRN %d FPRF %#x FPCC %#x", r.RoundingMode(), r.DecimalRoundingMode(), r.FPRF(), r.FPCC())
	}
	r.SetRoundingMode(regs.RoundZero)
	if r.FPSCR != ^uint64(0)&^isa64(62) {
		t.Errorf("SetRoundingMode(RoundZero): FPSCR %#x", r.FPSCR)
	}
	r.FPSCR = 0
	r.SetRoundingMode(regs.RoundUp)
	if r.FPSCR != isa64(62) || r.RoundingMode() != regs.RoundUp {
		t.Errorf("SetRoundingMode(RoundUp): FPSCR %#x", r.FPSCR)
	}
	r.FPSCR = 0
	r.SetDecimalRoundingMode(5) // 0b101: ISA bits 29 and 31
	if r.FPSCR != isa64(29)|isa64(31) || r.DecimalRoundingMode() != 5 {
		t.Errorf("SetDecimalRoundingMode(5): FPSCR %#x", r.FPSCR)
	}
	r.SetDecimalRoundingMode(8) // masked to 0
	if r.FPSCR != 0 {
		t.Errorf("SetDecimalRoundingMode(8): FPSCR %#x", r.FPSCR)
	}
	// FPRF 0x11 = C and FU: quiet NaN, ISA bits 47 and 51.
	r.SetFPRF(0x11)
	if r.FPSCR != isa64(47)|isa64(51) || r.FPRF() != 0x11 || r.FPCC() != 1 {
		t.Errorf("SetFPRF(0x11): FPSCR %#x", r.FPSCR)
	}
	r.FPSCR = ^uint64(0)
	r.SetFPRF(0)
	if r.FPSCR != ^isa64Field(47, 51) {
		t.Errorf("SetFPRF(0): FPSCR %#x", r.FPSCR)
	}
}

func TestVSCRBits(t *testing.T) {
	// VSCR is the word at vector bits 96:127: NJ is ISA bit 111, SAT 127.
	isaVSCR := func(n uint) uint32 { return 1 << (127 - n) }
	if regs.VSCRNJ != isaVSCR(111) || regs.VSCRSAT != isaVSCR(127) {
		t.Errorf("VSCRNJ = %#x, VSCRSAT = %#x", regs.VSCRNJ, regs.VSCRSAT)
	}
	var r regs.Regs
	r.SetNJ(true)
	if r.VSCR != 0x00010000 || !r.NJ() || r.SAT() {
		t.Errorf("SetNJ(true): VSCR %#x", r.VSCR)
	}
	r.SetSAT(true)
	if r.VSCR != 0x00010001 || !r.SAT() {
		t.Errorf("SetSAT(true): VSCR %#x", r.VSCR)
	}
	r.SetNJ(false)
	if r.VSCR != 0x00000001 || r.NJ() {
		t.Errorf("SetNJ(false): VSCR %#x", r.VSCR)
	}
	r.SetSAT(false)
	if r.VSCR != 0 {
		t.Errorf("SetSAT(false): VSCR %#x", r.VSCR)
	}
}

// TestMSRLinuxUser pins the Linux user-state MSRs to what a user-mode
// register dump of a little-endian process prints on a POWER host
// (MSR: 900000000280f033 <SF,HV,VEC,VSX,EE,PR,FP,ME,IR,DR,RI,LE>); the
// big-endian one is the same without LE.
func TestMSRLinuxUser(t *testing.T) {
	if regs.MSRLinuxUserLE != 0x900000000280f033 {
		t.Errorf("MSRLinuxUserLE = %#x, want 0x900000000280f033", regs.MSRLinuxUserLE)
	}
	if regs.MSRLinuxUser != 0x900000000280f032 {
		t.Errorf("MSRLinuxUser = %#x, want 0x900000000280f032", regs.MSRLinuxUser)
	}
}
