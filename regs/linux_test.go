package regs_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/regs"
)

// randomRegs fills every field of a register file with random bits.
func randomRegs(rng *rand.Rand) regs.Regs {
	var r regs.Regs
	for i := range r.GPR {
		r.GPR[i] = rng.Uint64()
	}
	r.NIP, r.MSR, r.OrigGPR3 = rng.Uint64(), rng.Uint64(), rng.Uint64()
	r.CTR, r.LR, r.XER = rng.Uint64(), rng.Uint64(), rng.Uint64()
	r.CR = rng.Uint32()
	r.SOFTE, r.TRAP, r.DAR = rng.Uint64(), rng.Uint64(), rng.Uint64()
	r.DSISR, r.RESULT, r.FPSCR = rng.Uint64(), rng.Uint64(), rng.Uint64()
	for i := range r.VSR {
		r.VSR[i] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
	}
	r.VSCR, r.VRSAVE = rng.Uint32(), rng.Uint32()
	r.TAR, r.DSCR, r.PPR = rng.Uint64(), rng.Uint64(), rng.Uint64()
	return r
}

// The copy functions transfer exactly the fields a register set holds.

func copyGP(dst, src *regs.Regs) {
	dst.GPR = src.GPR
	dst.NIP, dst.MSR, dst.OrigGPR3 = src.NIP, src.MSR, src.OrigGPR3
	dst.CTR, dst.LR, dst.XER, dst.CR = src.CTR, src.LR, src.XER, src.CR
	dst.SOFTE, dst.TRAP, dst.DAR = src.SOFTE, src.TRAP, src.DAR
	dst.DSISR, dst.RESULT = src.DSISR, src.RESULT
}

func copyFP(dst, src *regs.Regs) {
	for i := range 32 {
		dst.VSR[i].Hi = src.VSR[i].Hi
	}
	dst.FPSCR = src.FPSCR
}

func copyVMX(dst, src *regs.Regs) {
	copy(dst.VSR[32:], src.VSR[32:])
	dst.VSCR, dst.VRSAVE = src.VSCR, src.VRSAVE
}

func copyVSX(dst, src *regs.Regs) {
	for i := range 32 {
		dst.VSR[i].Lo = src.VSR[i].Lo
	}
}

type regset struct {
	name    string
	note    uint32
	sizes   []int // accepted by the decoder; the first is the encoded size
	append  func([]byte, *regs.Regs, binary.ByteOrder) []byte
	encode  func(*regs.Regs, binary.ByteOrder) []byte
	decode  func(*regs.Regs, []byte, binary.ByteOrder) error
	copyset func(dst, src *regs.Regs)
}

var regsets = []regset{
	{"NT_PRSTATUS", regs.NT_PRSTATUS, []int{384, 352}, regs.AppendGPRegs, regs.EncodeGPRegs, regs.DecodeGPRegs, copyGP},
	{"NT_PRFPREG", regs.NT_PRFPREG, []int{264}, regs.AppendFPRegs, regs.EncodeFPRegs, regs.DecodeFPRegs, copyFP},
	{"NT_PPC_VMX", regs.NT_PPC_VMX, []int{544, 532}, regs.AppendVMXRegs, regs.EncodeVMXRegs, regs.DecodeVMXRegs, copyVMX},
	{"NT_PPC_VSX", regs.NT_PPC_VSX, []int{256}, regs.AppendVSXRegs, regs.EncodeVSXRegs, regs.DecodeVSXRegs, copyVSX},
	{"NT_PPC_TAR", regs.NT_PPC_TAR, []int{8}, nil, nil, nil, func(d, s *regs.Regs) { d.TAR = s.TAR }},
	{"NT_PPC_PPR", regs.NT_PPC_PPR, []int{8}, nil, nil, nil, func(d, s *regs.Regs) { d.PPR = s.PPR }},
	{"NT_PPC_DSCR", regs.NT_PPC_DSCR, []int{8}, nil, nil, nil, func(d, s *regs.Regs) { d.DSCR = s.DSCR }},
}

var orders = []struct {
	name  string
	order binary.ByteOrder
}{
	{"BE", binary.BigEndian},
	{"LE", binary.LittleEndian},
}

// constant is a constant of the package (got) and its value in Linux's
// headers (want).
type constant struct {
	name      string
	got, want int
}

// checkConstants reports each constant whose value differs, printing the
// values with verb.
func checkConstants(t *testing.T, verb string, cs []constant) {
	t.Helper()
	for _, c := range cs {
		if c.got != c.want {
			t.Errorf("%s = "+verb+", want "+verb, c.name, c.got, c.want)
		}
	}
}

func TestSizes(t *testing.T) {
	checkConstants(t, "%d", []constant{
		{"GPRegsSize", regs.GPRegsSize, 384},
		{"GPRegsPtraceSize", regs.GPRegsPtraceSize, 352},
		{"FPRegsSize", regs.FPRegsSize, 264},
		{"VMXRegsSize", regs.VMXRegsSize, 544},
		{"VMXRegsPtraceSize", regs.VMXRegsPtraceSize, 532},
		{"VSXRegsSize", regs.VSXRegsSize, 256},
		{"PT_NIP*8", regs.PT_NIP * 8, 256},
		{"PT_CCR*8", regs.PT_CCR * 8, 304},
		{"PT_RESULT*8", regs.PT_RESULT * 8, 344},
		{"PT_R31", regs.PT_R31, 31},
		{"PT_FPSCR", regs.PT_FPSCR, regs.PT_FPR0 + 32},
		{"PT_VSCR", regs.PT_VSCR, regs.PT_VR0 + 65},
		{"PT_VRSAVE", regs.PT_VRSAVE, regs.PT_VR0 + 66},
		{"PT_VSR31", regs.PT_VSR31, regs.PT_VSR0 + 62},
	})
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(0x5eed, 2026))
	for _, o := range orders {
		for _, rs := range regsets {
			t.Run(o.name+"/"+rs.name, func(t *testing.T) {
				for range 50 {
					src := randomRegs(rng)
					dst := randomRegs(rng)
					want := dst
					rs.copyset(&want, &src)

					img, err := regs.EncodeRegset(&src, rs.note, o.order)
					if err != nil {
						t.Fatal(err)
					}
					if len(img) != rs.sizes[0] {
						t.Fatalf("encoded %d bytes, want %d", len(img), rs.sizes[0])
					}
					if rs.encode != nil {
						if img2 := rs.encode(&src, o.order); !bytes.Equal(img, img2) {
							t.Fatalf("EncodeRegset and the set's own encoder differ")
						}
					}
					for _, n := range rs.sizes {
						got := dst
						if err := regs.DecodeRegset(&got, rs.note, img[:n], o.order); err != nil {
							t.Fatalf("decode %d bytes: %v", n, err)
						}
						if d := cmp.Diff(want, got); d != "" {
							t.Fatalf("decode %d bytes (-want +got):\n%s", n, d)
						}
						if rs.decode != nil {
							got = dst
							if err := rs.decode(&got, img[:n], o.order); err != nil {
								t.Fatal(err)
							}
							if got != want {
								t.Fatalf("the set's own decoder differs from DecodeRegset")
							}
						}
					}
				}
			})
		}
	}
}

// image builds an expected register-set image by hand: size zero bytes with
// the given bytes placed at the given offsets.
type patch struct {
	off int
	b   []byte
}

func image(size int, patches ...patch) []byte {
	img := make([]byte, size)
	for _, p := range patches {
		copy(img[p.off:], p.b)
	}
	return img
}

var (
	be8 = []byte{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08}
	le8 = []byte{0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01}
)

const v8 = 0x0102030405060708

// noise fills every field of r that a register set does not hold (those
// keep copies) with random bits, so an image can show that none leaks in.
func noise(r *regs.Regs, keep func(dst, src *regs.Regs)) {
	n := randomRegs(rand.New(rand.NewPCG(3, 4)))
	keep(&n, r)
	*r = n
}

func TestGPRegsImage(t *testing.T) {
	tests := []struct {
		name   string
		set    func(*regs.Regs)
		off    int
		be, le []byte
	}{
		{"r0", func(r *regs.Regs) { r.GPR[0] = v8 }, 0, be8, le8},
		{"r1", func(r *regs.Regs) { r.GPR[1] = v8 }, 8, be8, le8},
		{"r3", func(r *regs.Regs) { r.GPR[3] = v8 }, 24, be8, le8},
		{"r31", func(r *regs.Regs) { r.GPR[31] = v8 }, 248, be8, le8},
		{"nip", func(r *regs.Regs) { r.NIP = v8 }, 256, be8, le8},
		{"msr", func(r *regs.Regs) { r.MSR = v8 }, 264, be8, le8},
		{"orig_gpr3", func(r *regs.Regs) { r.OrigGPR3 = v8 }, 272, be8, le8},
		{"ctr", func(r *regs.Regs) { r.CTR = v8 }, 280, be8, le8},
		{"link", func(r *regs.Regs) { r.LR = v8 }, 288, be8, le8},
		{"xer", func(r *regs.Regs) { r.XER = v8 }, 296, be8, le8},
		{"ccr", func(r *regs.Regs) { r.CR = 0x89abcdef }, 304,
			[]byte{0, 0, 0, 0, 0x89, 0xab, 0xcd, 0xef},
			[]byte{0xef, 0xcd, 0xab, 0x89, 0, 0, 0, 0}},
		{"softe", func(r *regs.Regs) { r.SOFTE = 1 }, 312,
			[]byte{0, 0, 0, 0, 0, 0, 0, 1}, []byte{1, 0, 0, 0, 0, 0, 0, 0}},
		{"trap", func(r *regs.Regs) { r.TRAP = 0xc01 }, 320,
			[]byte{0, 0, 0, 0, 0, 0, 0x0c, 0x01}, []byte{0x01, 0x0c, 0, 0, 0, 0, 0, 0}},
		{"dar", func(r *regs.Regs) { r.DAR = v8 }, 328, be8, le8},
		{"dsisr", func(r *regs.Regs) { r.DSISR = v8 }, 336, be8, le8},
		{"result", func(r *regs.Regs) { r.RESULT = v8 }, 344, be8, le8},
	}
	for _, tc := range tests {
		var r regs.Regs
		tc.set(&r)
		// Fields outside the set carry noise that must not show up:
		// DSCR in particular is in the user area (index 44) but not in
		// the regset, whose slots 44..47 stay zero.
		noise(&r, copyGP)
		for _, o := range []struct {
			name  string
			order binary.ByteOrder
			b     []byte
		}{{"BE", binary.BigEndian, tc.be}, {"LE", binary.LittleEndian, tc.le}} {
			want := image(384, patch{tc.off, o.b})
			got := regs.EncodeGPRegs(&r, o.order)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s %s (-want +got):\n%s", tc.name, o.name, d)
			}
			var back regs.Regs
			if err := regs.DecodeGPRegs(&back, want[:352], o.order); err != nil {
				t.Fatal(err)
			}
			var wantRegs regs.Regs
			tc.set(&wantRegs)
			if d := cmp.Diff(wantRegs, back); d != "" {
				t.Errorf("decode %s %s (-want +got):\n%s", tc.name, o.name, d)
			}
		}
	}
}

func TestFPRegsImage(t *testing.T) {
	var r regs.Regs
	r.SetFPR(0, v8)
	r.SetFPR(31, 0x1122334455667788)
	r.FPSCR = 0x0000000382004000 // DRN 3, FX, XX, FG
	noise(&r, copyFP)
	for _, o := range []struct {
		name  string
		order binary.ByteOrder
		want  []byte
	}{
		{"BE", binary.BigEndian, image(264,
			patch{0, be8},
			patch{248, []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88}},
			patch{256, []byte{0, 0, 0, 0x03, 0x82, 0x00, 0x40, 0x00}})},
		{"LE", binary.LittleEndian, image(264,
			patch{0, le8},
			patch{248, []byte{0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11}},
			patch{256, []byte{0x00, 0x40, 0x00, 0x82, 0x03, 0, 0, 0}})},
	} {
		if d := cmp.Diff(o.want, regs.EncodeFPRegs(&r, o.order)); d != "" {
			t.Errorf("%s (-want +got):\n%s", o.name, d)
		}
	}
}

func TestVMXRegsImage(t *testing.T) {
	var r regs.Regs
	r.SetVR(0, regs.VSR{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f})
	r.SetVR(31, regs.VSR{Hi: 0xf0f1f2f3f4f5f6f7, Lo: 0xf8f9fafbfcfdfeff})
	r.VSCR = 0x00010001 // NJ and SAT
	r.VRSAVE = 0xdeadbeef
	noise(&r, copyVMX)

	seq := func(from, to byte) []byte { // from, from±1, …, to
		var b []byte
		for v := int(from); ; {
			b = append(b, byte(v))
			if v == int(to) {
				return b
			}
			if to > from {
				v++
			} else {
				v--
			}
		}
	}
	// Big-endian: each vector's bytes in ISA order; VSCR in the last word
	// of quadword 32 (offset 512+12); VRSAVE in the first word of
	// quadword 33 (offset 528).
	wantBE := image(544,
		patch{0, seq(0x00, 0x0f)},
		patch{31 * 16, seq(0xf0, 0xff)},
		patch{512 + 12, []byte{0x00, 0x01, 0x00, 0x01}},
		patch{528, []byte{0xde, 0xad, 0xbe, 0xef}})
	// Little-endian: each quadword is reversed, so VSCR (vector bits
	// 96:127) lands at offset 512+0, little-endian; VRSAVE is a plain
	// little-endian word at offset 528.
	wantLE := image(544,
		patch{0, seq(0x0f, 0x00)},
		patch{31 * 16, seq(0xff, 0xf0)},
		patch{512, []byte{0x01, 0x00, 0x01, 0x00}},
		patch{528, []byte{0xef, 0xbe, 0xad, 0xde}})

	for _, o := range []struct {
		name  string
		order binary.ByteOrder
		want  []byte
	}{{"BE", binary.BigEndian, wantBE}, {"LE", binary.LittleEndian, wantLE}} {
		if d := cmp.Diff(o.want, regs.EncodeVMXRegs(&r, o.order)); d != "" {
			t.Errorf("%s (-want +got):\n%s", o.name, d)
		}
		// Decoding ignores the other bytes of the VSCR and VRSAVE
		// quadwords and accepts the 532-byte ptrace image.
		img := bytes.Clone(o.want[:532])
		for _, off := range []int{512, 516, 520, 524} {
			if img[off] == 0 && img[off+1] == 0 && img[off+2] == 0 && img[off+3] == 0 {
				copy(img[off:], []byte{0xaa, 0xbb, 0xcc, 0xdd})
			}
		}
		var got regs.Regs
		if err := regs.DecodeVMXRegs(&got, img, o.order); err != nil {
			t.Fatal(err)
		}
		var want regs.Regs
		copyVMX(&want, &r)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("decode %s (-want +got):\n%s", o.name, d)
		}
	}
}

func TestVSXRegsImage(t *testing.T) {
	var r regs.Regs
	r.VSR[0].Lo = v8
	r.VSR[31].Lo = 0xa1a2a3a4a5a6a7a8
	noise(&r, copyVSX)
	for _, o := range []struct {
		name  string
		order binary.ByteOrder
		want  []byte
	}{
		{"BE", binary.BigEndian, image(256, patch{0, be8},
			patch{248, []byte{0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8}})},
		{"LE", binary.LittleEndian, image(256, patch{0, le8},
			patch{248, []byte{0xa8, 0xa7, 0xa6, 0xa5, 0xa4, 0xa3, 0xa2, 0xa1}})},
	} {
		if d := cmp.Diff(o.want, regs.EncodeVSXRegs(&r, o.order)); d != "" {
			t.Errorf("%s (-want +got):\n%s", o.name, d)
		}
	}
}

func TestSPRRegsetImage(t *testing.T) {
	r := regs.Regs{TAR: v8, PPR: 0x000c000000000000, DSCR: 0x10}
	for _, tc := range []struct {
		note   uint32
		be, le []byte
	}{
		{regs.NT_PPC_TAR, be8, le8},
		{regs.NT_PPC_PPR, []byte{0, 0x0c, 0, 0, 0, 0, 0, 0}, []byte{0, 0, 0, 0, 0, 0, 0x0c, 0}},
		{regs.NT_PPC_DSCR, []byte{0, 0, 0, 0, 0, 0, 0, 0x10}, []byte{0x10, 0, 0, 0, 0, 0, 0, 0}},
	} {
		for _, o := range []struct {
			order binary.ByteOrder
			want  []byte
		}{{binary.BigEndian, tc.be}, {binary.LittleEndian, tc.le}} {
			got, err := regs.EncodeRegset(&r, tc.note, o.order)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, o.want) {
				t.Errorf("note %#x in %v: % x, want % x", tc.note, o.order, got, o.want)
			}
		}
	}
}

func TestPutVSR(t *testing.T) {
	v := regs.VSR{Hi: 0x0011223344556677, Lo: 0x8899aabbccddeeff}
	be := []byte{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff}
	le := []byte{0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00}
	for _, o := range []struct {
		order binary.ByteOrder
		want  []byte
	}{{binary.BigEndian, be}, {binary.LittleEndian, le}} {
		got := make([]byte, 16)
		regs.PutVSR(got, v, o.order)
		if !bytes.Equal(got, o.want) {
			t.Errorf("PutVSR %v: % x, want % x", o.order, got, o.want)
		}
		if back := regs.VSRFrom(o.want, o.order); back != v {
			t.Errorf("VSRFrom %v = %+v, want %+v", o.order, back, v)
		}
	}
}

func TestDecodeSizeErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, rs := range regsets {
		bad := []int{0, rs.sizes[0] - 1, rs.sizes[0] + 1, rs.sizes[0] + 16}
		if len(rs.sizes) > 1 {
			bad = append(bad, rs.sizes[1]-8, rs.sizes[1]+8)
		}
		for _, o := range orders {
			for _, n := range bad {
				before := randomRegs(rng)
				got := before
				err := regs.DecodeRegset(&got, rs.note, make([]byte, n), o.order)
				if !errors.Is(err, regs.ErrSize) {
					t.Errorf("%s: %d bytes: error %v, want ErrSize", rs.name, n, err)
					continue
				}
				var se *regs.SizeError
				if !errors.As(err, &se) || se.Got != n || se.Set != rs.name {
					t.Errorf("%s: %d bytes: error %#v", rs.name, n, err)
				}
				if got != before {
					t.Errorf("%s: %d bytes: failed decode modified the registers", rs.name, n)
				}
				if rs.decode != nil {
					if err := rs.decode(&got, make([]byte, n), o.order); !errors.Is(err, regs.ErrSize) {
						t.Errorf("%s decoder: %d bytes: error %v", rs.name, n, err)
					}
				}
			}
		}
	}
}

func TestUnknownNote(t *testing.T) {
	var r regs.Regs
	for _, note := range []uint32{0, 3, regs.NT_PPC_SPE, 0x106, 0x200} {
		if _, err := regs.EncodeRegset(&r, note, binary.BigEndian); !errors.Is(err, regs.ErrNote) {
			t.Errorf("EncodeRegset(%#x): %v, want ErrNote", note, err)
		}
		if err := regs.DecodeRegset(&r, note, make([]byte, 8), binary.BigEndian); !errors.Is(err, regs.ErrNote) {
			t.Errorf("DecodeRegset(%#x): %v, want ErrNote", note, err)
		}
	}
}

func TestUserReg(t *testing.T) {
	r := randomRegs(rand.New(rand.NewPCG(5, 6)))
	// The first 44 slots agree with the GP image.
	img := regs.EncodeGPRegs(&r, binary.BigEndian)
	for i := range regs.PT_REGS_COUNT {
		v, ok := r.UserReg(i)
		if !ok || v != binary.BigEndian.Uint64(img[8*i:]) {
			t.Errorf("UserReg(%d) = %#x, %v; image has %#x", i, v, ok, binary.BigEndian.Uint64(img[8*i:]))
		}
	}
	for _, tc := range []struct {
		index int
		want  uint64
	}{
		{regs.PT_R3, r.GPR[3]},
		{regs.PT_LNK, r.LR},
		{regs.PT_CCR, uint64(r.CR)},
		{regs.PT_DSCR, r.DSCR},
		{regs.PT_FPR0, r.VSR[0].Hi},
		{regs.PT_FPR0 + 31, r.VSR[31].Hi},
		{regs.PT_FPSCR, r.FPSCR},
	} {
		if v, ok := r.UserReg(tc.index); !ok || v != tc.want {
			t.Errorf("UserReg(%d) = %#x, %v, want %#x", tc.index, v, ok, tc.want)
		}
	}
	for _, index := range []int{-1, 45, 46, 47, regs.PT_FPSCR + 1, regs.PT_VR0, regs.PT_VSCR, 1000} {
		if v, ok := r.UserReg(index); ok {
			t.Errorf("UserReg(%d) = %#x, true; want false", index, v)
		}
		before := r
		if r.SetUserReg(index, 1) || r != before {
			t.Errorf("SetUserReg(%d) accepted or changed the registers", index)
		}
	}
	// SetUserReg writes exactly one field.
	for _, tc := range []struct {
		index int
		apply func(*regs.Regs)
	}{
		{regs.PT_R0 + 7, func(w *regs.Regs) { w.GPR[7] = 0xfeedface01020304 }},
		{regs.PT_MSR, func(w *regs.Regs) { w.MSR = 0xfeedface01020304 }},
		{regs.PT_CCR, func(w *regs.Regs) { w.CR = 0x01020304 }},
		{regs.PT_SOFTE, func(w *regs.Regs) { w.SOFTE = 0xfeedface01020304 }},
		{regs.PT_DSCR, func(w *regs.Regs) { w.DSCR = 0xfeedface01020304 }},
		{regs.PT_FPR0 + 5, func(w *regs.Regs) { w.VSR[5].Hi = 0xfeedface01020304 }},
		{regs.PT_FPSCR, func(w *regs.Regs) { w.FPSCR = 0xfeedface01020304 }},
	} {
		got := r
		if !got.SetUserReg(tc.index, 0xfeedface01020304) {
			t.Errorf("SetUserReg(%d) refused", tc.index)
		}
		want := r
		tc.apply(&want)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("SetUserReg(%d) (-want +got):\n%s", tc.index, d)
		}
	}
}

func TestAppendKeepsPrefix(t *testing.T) {
	r := randomRegs(rand.New(rand.NewPCG(11, 12)))
	for _, rs := range regsets[:4] {
		for _, o := range orders {
			// Spare capacity full of junk must not leak into the result.
			buf := bytes.Repeat([]byte{0x5a}, 1024)[:3]
			got := rs.append(buf, &r, o.order)
			want := append([]byte{0x5a, 0x5a, 0x5a}, rs.encode(&r, o.order)...)
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: append onto a prefix differs from encode", rs.name, o.name)
			}
		}
	}
}

func TestAppendAllocs(t *testing.T) {
	r := randomRegs(rand.New(rand.NewPCG(13, 14)))
	buf := make([]byte, 0, 4096)
	for _, rs := range regsets[:4] {
		for _, o := range orders {
			n := testing.AllocsPerRun(100, func() {
				buf = rs.append(buf[:0], &r, o.order)
				if err := rs.decode(&r, buf, o.order); err != nil {
					t.Fatal(err)
				}
			})
			if n != 0 {
				t.Errorf("%s %s: %v allocations per append+decode, want 0", rs.name, o.name, n)
			}
		}
	}
}

func TestNoteAndRequestNumbers(t *testing.T) {
	// Values from linux/elf.h and arch/powerpc/include/uapi/asm/ptrace.h.
	checkConstants(t, "%#x", []constant{
		{"NT_PRSTATUS", regs.NT_PRSTATUS, 1},
		{"NT_PRFPREG", regs.NT_PRFPREG, 2},
		{"NT_PPC_VMX", regs.NT_PPC_VMX, 0x100},
		{"NT_PPC_SPE", regs.NT_PPC_SPE, 0x101},
		{"NT_PPC_VSX", regs.NT_PPC_VSX, 0x102},
		{"NT_PPC_TAR", regs.NT_PPC_TAR, 0x103},
		{"NT_PPC_PPR", regs.NT_PPC_PPR, 0x104},
		{"NT_PPC_DSCR", regs.NT_PPC_DSCR, 0x105},
		{"PTRACE_GETREGS", regs.PTRACE_GETREGS, 0xc},
		{"PTRACE_SETREGS", regs.PTRACE_SETREGS, 0xd},
		{"PTRACE_GETFPREGS", regs.PTRACE_GETFPREGS, 0xe},
		{"PTRACE_SETFPREGS", regs.PTRACE_SETFPREGS, 0xf},
		{"PTRACE_GETVRREGS", regs.PTRACE_GETVRREGS, 0x12},
		{"PTRACE_SETVRREGS", regs.PTRACE_SETVRREGS, 0x13},
		{"PTRACE_GETREGS64", regs.PTRACE_GETREGS64, 0x16},
		{"PTRACE_SETREGS64", regs.PTRACE_SETREGS64, 0x17},
		{"PTRACE_GETVSRREGS", regs.PTRACE_GETVSRREGS, 0x1b},
		{"PTRACE_SETVSRREGS", regs.PTRACE_SETVSRREGS, 0x1c},
	})
}
