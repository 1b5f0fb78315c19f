package emulate

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Expected values are worked by hand from the Power ISA 3.1B (Book II 4.5
// and 4.6.2) or come from the Linux kernel's test_emulate_step.c vectors.

// stepWith executes the instruction words at NIP with emulator e.
func (m *machine) stepWith(e *Emulator, words ...uint32) error {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		m.order().PutUint32(b[4*i:], w)
	}
	return e.StepBytes(&m.r, m.mem, b)
}

// wordInst decodes a 4-byte instruction word.
func wordInst(t *testing.T, w uint32) *decode.Inst {
	t.Helper()
	in, err := decode.DecodeWord(w, 0)
	if err != nil {
		t.Fatal(err)
	}
	return &in
}

// xform builds a word of the X-form op with raw fields: the op's fixed bits
// | RT<<21 | RA<<16 | RB<<11 (RT standing for whatever field is at bits
// 6-10: TH, L, …), for tests that set fields Encode would refuse.
func xform(op decode.Op, rt, ra, rb int) uint32 {
	return opWord(op) | uint32(rt)<<21 | uint32(ra)<<16 | uint32(rb)<<11
}

const crOthers = 0x0fffffff

// TestKernelLdarxStdcx is test 8 of the kernel's load/store vectors:
// ldarx r5,r3,r4 (7ca320a8) loads 0x1234 and reserves; stdcx. r5,r3,r4
// (7ca321ad) with r5 = 0x9ABC then stores it and sets CR0[EQ].
func TestKernelLdarxStdcx(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		for _, p := range []Profile{Hardware, QEMU} {
			e := New(Config{Profile: p})
			m := newMachine(le)
			m.order().PutUint64(m.scratch[0x100:], 0x1234)
			m.r.GPR[3], m.r.GPR[4], m.r.GPR[5] = scratchBase+0x100, 0, 0x5678
			if err := m.stepWith(e, enc(ppc64asm.LDARX, 5, 3, 4, 0)); err != nil {
				t.Fatal(err)
			}
			if m.r.GPR[5] != 0x1234 {
				t.Fatalf("%v: ldarx: r5 = %#x, want 0x1234", p, m.r.GPR[5])
			}
			if rv := e.Context().Resv; rv != (Reservation{Valid: true, Addr: scratchBase + 0x100, Size: 8}) {
				t.Fatalf("%v: reservation = %+v", p, rv)
			}
			m.r.GPR[5] = 0x9abc
			m.r.NIP = cia
			if err := m.stepWith(e, enc(ppc64asm.STDCXCC, 5, 3, 4)); err != nil {
				t.Fatal(err)
			}
			if got := m.order().Uint64(m.scratch[0x100:]); got != 0x9abc {
				t.Errorf("%v: stdcx.: memory = %#x, want 0x9abc", p, got)
			}
			if m.r.CR != crEQ {
				t.Errorf("%v: stdcx.: CR = %#x, want %#x", p, m.r.CR, crEQ)
			}
			if e.Context().Resv.Valid {
				t.Errorf("%v: stdcx. left the reservation", p)
			}
		}
	})
}

// TestReservationModel: stcx. succeeds iff its bytes lie within the
// reserved ones; it always clears the reservation; CR0 = 0b00‖n‖SO.
func TestReservationModel(t *testing.T) {
	const x = scratchBase + 0x200
	type step struct {
		word    uint32
		ea      uint64 // value of r4 (RA = r4, RB = r0 → EA = r4)
		success bool   // for stcx.
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"lwarx-stwcx", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x, false}, {xform(ppc64asm.STWCXCC, 6, 4, 0), x, true}}},
		{"stwcx-alone", []step{{xform(ppc64asm.STWCXCC, 6, 4, 0), x, false}}},
		{"second-stwcx-fails", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x, false}, {xform(ppc64asm.STWCXCC, 6, 4, 0), x, true}, {xform(ppc64asm.STWCXCC, 6, 4, 0), x, false}}},
		{"stbcx-inside", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x, false}, {xform(ppc64asm.STBCXCC, 6, 4, 0), x + 3, true}}},
		{"stbcx-after", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x, false}, {xform(ppc64asm.STBCXCC, 6, 4, 0), x + 4, false}}},
		{"stbcx-before", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x + 4, false}, {xform(ppc64asm.STBCXCC, 6, 4, 0), x + 3, false}}},
		{"stwcx-upper-half", []step{{xform(ppc64asm.LDARX, 5, 4, 0), x, false}, {xform(ppc64asm.STWCXCC, 6, 4, 0), x + 4, true}}},
		{"stdcx-wider", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x, false}, {xform(ppc64asm.STDCXCC, 6, 4, 0), x, false}}},
		{"last-larx-wins", []step{{xform(ppc64asm.LWARX, 5, 4, 0), x, false}, {xform(ppc64asm.LWARX, 5, 4, 0), x + 8, false}, {xform(ppc64asm.STWCXCC, 6, 4, 0), x, false}}},
		{"lharx-sthcx", []step{{xform(ppc64asm.LHARX, 5, 4, 0), x + 6, false}, {xform(ppc64asm.STHCXCC, 6, 4, 0), x + 6, true}}},
		{"lbarx-stbcx", []step{{xform(ppc64asm.LBARX, 5, 4, 0), x + 7, false}, {xform(ppc64asm.STBCXCC, 6, 4, 0), x + 7, true}}},
		{"lqarx-stqcx", []step{{xform(ppc64asm.LQARX, 8, 4, 0), x, false}, {xform(ppc64asm.STQCXCC, 6, 4, 0), x, true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bothOrders(t, func(t *testing.T, le bool) {
				e := New(Config{})
				m := newMachine(le)
				for i := range m.scratch {
					m.scratch[i] = byte(i)
				}
				m.r.GPR[6], m.r.GPR[7] = 0xa1a2a3a4a5a6a7a8, 0xb1b2b3b4b5b6b7b8
				m.r.XER = xSO
				m.r.CR = 0xf0000000 | 0x01234567
				for i, s := range tt.steps {
					m.r.NIP = cia
					m.r.GPR[4] = s.ea
					exp := newMachine(le)
					exp.r, exp.scratch = m.r, append([]byte(nil), m.scratch...)
					in := wordInst(t, s.word)
					isStcx := in.Has(decode.FlagStoreCond)
					if err := m.stepWith(e, s.word); err != nil {
						t.Fatalf("step %d: %v", i, err)
					}
					if !isStcx {
						continue
					}
					cr0 := uint32(crSO)
					if s.success {
						cr0 |= crEQ
						n := int(in.Size)
						off := s.ea - scratchBase
						b := exp.scratch[off : off+uint64(n)]
						if n == 16 {
							putQuad(&exp.r, b, exp.r.GPR[6], exp.r.GPR[7])
						} else {
							putN(exp.order(), b, exp.r.GPR[6])
						}
					}
					exp.r.CR = exp.r.CR&crOthers | cr0
					exp.r.NIP = cia + 4
					if d := cmp.Diff(exp.r, m.r); d != "" {
						t.Errorf("step %d: registers (-want +got):\n%s", i, d)
					}
					if d := cmp.Diff(exp.scratch, m.scratch); d != "" {
						t.Errorf("step %d: scratch (-want +got):\n%s", i, d)
					}
					if e.Context().Resv.Valid {
						t.Errorf("step %d: reservation survived a stcx.", i)
					}
				}
			})
		})
	}
}

// TestReservationHooks: Context.SwitchOut drops the reservation; plain
// stores by the emulator (even to the reserved bytes) and faults keep it.
func TestReservationHooks(t *testing.T) {
	const x = scratchBase + 0x300
	e := New(Config{})
	m := newMachine(true)
	m.r.GPR[4] = x
	if e.Context().Resv.Valid {
		t.Fatal("a new emulator has a reservation")
	}
	run := func(w uint32) error { m.r.NIP = cia; return m.stepWith(e, w) }
	if err := run(xform(ppc64asm.LDARX, 5, 4, 0)); err != nil {
		t.Fatal(err)
	}
	if err := run(0xf8c40000); err != nil { // std r6,0(r4): same bytes
		t.Fatal(err)
	}
	if rv := e.Context().Resv; rv != (Reservation{Valid: true, Addr: x, Size: 8}) {
		t.Fatalf("after std: reservation = %+v, want %#x 8 true", rv, uint64(x))
	}
	// A faulting larx leaves the reservation alone.
	m.r.GPR[9] = 0x60000000
	if err := run(xform(ppc64asm.LWARX, 5, 9, 0)); !errors.Is(err, ErrDataFault) {
		t.Fatalf("lwarx unmapped: %v", err)
	}
	if rv := e.Context().Resv; !rv.Valid || rv.Addr != x {
		t.Fatal("a faulting larx changed the reservation")
	}
	e.Context().SwitchOut()
	if e.Context().Resv.Valid {
		t.Fatal("SwitchOut kept it")
	}
	m.r.CR = 0
	if err := run(xform(ppc64asm.STDCXCC, 6, 4, 0)); err != nil || m.r.CR != 0 {
		t.Fatalf("stdcx. after SwitchOut: err %v, CR %#x; want failure (CR 0)", err, m.r.CR)
	}
}

// TestStcxFaultKeepsState: a stcx. whose store faults changes nothing,
// not even the reservation or CR0.
func TestStcxFaultKeepsState(t *testing.T) {
	const ro = 0x60000000
	e := New(Config{})
	m := newMachine(false)
	*m.mem = append(*m.mem, &regions.Region{Addr: ro, Data: make([]byte, 64)}) // read-only
	m.r.GPR[4] = ro + 8
	if err := m.stepWith(e, xform(ppc64asm.LDARX, 5, 4, 0)); err != nil {
		t.Fatal(err)
	}
	m.r.NIP = cia
	before := m.r
	err := m.stepWith(e, xform(ppc64asm.STDCXCC, 6, 4, 0))
	var f *Fault
	if !errors.As(err, &f) || !f.Write || f.Alignment || f.Addr != ro+8 {
		t.Fatalf("err = %v, want a write fault at %#x", err, ro+8)
	}
	if before != m.r {
		t.Error("registers changed")
	}
	if !e.Context().Resv.Valid {
		t.Error("the reservation was lost")
	}
}

// TestLarxStcxAlignment: an unaligned larx is an alignment interrupt on
// both profiles; an unaligned stcx. on hardware, while QEMU 7.2 just fails.
func TestLarxStcxAlignment(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		for _, tc := range []struct {
			word uint32
			off  uint64
		}{
			{xform(ppc64asm.LHARX, 5, 4, 0), 1}, {xform(ppc64asm.LWARX, 5, 4, 0), 2}, {xform(ppc64asm.LDARX, 5, 4, 0), 4},
			{xform(ppc64asm.LQARX, 6, 4, 0), 8},
		} {
			for _, p := range []Profile{Hardware, QEMU} {
				m := newMachine(le)
				m.r.GPR[4] = scratchBase + tc.off
				before := m.r
				err := m.stepWith(New(Config{Profile: p}), tc.word)
				var f *Fault
				if !errors.As(err, &f) || !f.Alignment || !errors.Is(err, ErrAlignment) || f.Addr != scratchBase+tc.off {
					t.Errorf("%08x %v: err = %v, want alignment fault at EA", tc.word, p, err)
				}
				if before != m.r {
					t.Errorf("%08x %v: registers changed", tc.word, p)
				}
			}
		}
		for _, w := range []uint32{xform(ppc64asm.STHCXCC, 6, 4, 0), xform(ppc64asm.STWCXCC, 6, 4, 0), xform(ppc64asm.STDCXCC, 6, 4, 0), xform(ppc64asm.STQCXCC, 6, 4, 0)} {
			m := newMachine(le)
			m.r.GPR[4] = scratchBase + 1
			m.r.XER = xSO
			err := m.stepWith(New(Config{}), w)
			if !errors.Is(err, ErrAlignment) {
				t.Errorf("%08x hardware: err = %v, want alignment", w, err)
			}
			m.r.NIP = cia
			if err := m.stepWith(New(Config{Profile: QEMU}), w); err != nil || m.r.CR != crSO {
				t.Errorf("%08x qemu: err = %v, CR = %#x; want failure with CR0 = SO", w, err, m.r.CR)
			}
		}
	})
}

// TestLqarxStqcxOrder: lqarx/stqcx. place the quadword as lq/stq do: in
// LE the even register holds the byte-reversed doubleword at EA+8.
func TestLqarxStqcxOrder(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		e := New(Config{})
		m := newMachine(le)
		for i := 0; i < 16; i++ {
			m.scratch[0x40+i] = byte(i)
		}
		m.r.GPR[4] = scratchBase + 0x40
		if err := m.stepWith(e, xform(ppc64asm.LQARX, 6, 4, 0)); err != nil {
			t.Fatal(err)
		}
		hi, lo := uint64(0x0001020304050607), uint64(0x08090a0b0c0d0e0f)
		if le {
			hi, lo = 0x0f0e0d0c0b0a0908, 0x0706050403020100
		}
		if m.r.GPR[6] != hi || m.r.GPR[7] != lo {
			t.Fatalf("lqarx: r6,r7 = %#x,%#x, want %#x,%#x", m.r.GPR[6], m.r.GPR[7], hi, lo)
		}
		m.r.GPR[6], m.r.GPR[7] = m.r.GPR[7], m.r.GPR[6] // swap the halves
		m.r.NIP = cia
		if err := m.stepWith(e, xform(ppc64asm.STQCXCC, 6, 4, 0)); err != nil {
			t.Fatal(err)
		}
		want := []byte{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7}
		if d := cmp.Diff(want, m.scratch[0x40:0x50]); d != "" || m.r.CR != crEQ {
			t.Errorf("stqcx.: CR %#x, memory (-want +got):\n%s", m.r.CR, d)
		}
	})
}

// TestLarx32Bit: in 32-bit mode the EA is truncated (and so is the
// reserved address).
func TestLarx32Bit(t *testing.T) {
	e := New(Config{})
	m := newMachine(false)
	m.r.MSR &^= 1 << 63 // SF
	m.order().PutUint32(m.scratch[0x10:], 0xcafef00d)
	m.r.GPR[4], m.r.GPR[5] = 0xffffffff00000000|scratchBase, 0x10
	if err := m.stepWith(e, xform(ppc64asm.LWARX, 3, 4, 5)); err != nil {
		t.Fatal(err)
	}
	if m.r.GPR[3] != 0xcafef00d {
		t.Errorf("r3 = %#x", m.r.GPR[3])
	}
	if a := e.Context().Resv.Addr; a != scratchBase+0x10 {
		t.Errorf("reserved %#x", a)
	}
}

func TestAtomicMemoryOperations(t *testing.T) {
	lw := func(fc int) uint32 { return xform(ppc64asm.LWAT, 5, 4, fc) }
	ld := func(fc int) uint32 { return xform(ppc64asm.LDAT, 5, 4, fc) }
	sw := func(fc int) uint32 { return xform(ppc64asm.STWAT, 5, 4, fc) }
	sd := func(fc int) uint32 { return xform(ppc64asm.STDAT, 5, 4, fc) }
	const neg16w, neg16d = 0xfffffff0, 0xfffffffffffffff0
	tests := []struct {
		name    string
		word    uint32
		s       int
		mem     []uint64 // operands from EA-s (for FC 28) or EA, s bytes each
		at      int      // index of the operand at EA in mem
		rt1     uint64   // RT+1 (r6) or RS (r5) for stores
		rt2     uint64   // RT+2 (r7)
		wantRT  uint64   // load atomics only
		wantMem []uint64
	}{
		{"lwat add", lw(0), 4, []uint64{neg16w}, 0, 0xffffffff00000003, 0, neg16w, []uint64{0xfffffff3}},
		{"lwat xor", lw(1), 4, []uint64{0xf0f0f0f0}, 0, 0xffff, 0, 0xf0f0f0f0, []uint64{0xf0f00f0f}},
		{"lwat or", lw(2), 4, []uint64{0xf0f0f0f0}, 0, 0xffff, 0, 0xf0f0f0f0, []uint64{0xf0f0ffff}},
		{"lwat and", lw(3), 4, []uint64{0xf0f0f0f0}, 0, 0xffff, 0, 0xf0f0f0f0, []uint64{0xf0f0}},
		{"lwat maxu", lw(4), 4, []uint64{neg16w}, 0, 3, 0, neg16w, []uint64{neg16w}},
		{"lwat maxs", lw(5), 4, []uint64{neg16w}, 0, 3, 0, neg16w, []uint64{3}},
		{"lwat minu", lw(6), 4, []uint64{neg16w}, 0, 3, 0, neg16w, []uint64{3}},
		{"lwat mins", lw(7), 4, []uint64{neg16w}, 0, 3, 0, neg16w, []uint64{neg16w}},
		{"lwat mins high bits ignored", lw(7), 4, []uint64{5}, 0, 0x7fffffff_fffffff0, 0, 5, []uint64{neg16w}},
		{"lwat swap", lw(8), 4, []uint64{7}, 0, 0xaaaaaaaa_12345678, 0, 7, []uint64{0x12345678}},
		{"lwat csne differ", lw(16), 4, []uint64{7}, 0, 8, 0x99, 7, []uint64{0x99}},
		{"lwat csne equal", lw(16), 4, []uint64{7}, 0, 0xffffffff_00000007, 0x99, 7, []uint64{7}},
		{"lwat inc bounded", lw(24), 4, []uint64{3, 5}, 0, 0, 0, 3, []uint64{4, 5}},
		{"lwat inc bounded at bound", lw(24), 4, []uint64{5, 5}, 0, 0, 0, 0x80000000, []uint64{5, 5}},
		{"lwat inc equal", lw(25), 4, []uint64{5, 5}, 0, 0, 0, 5, []uint64{6, 5}},
		{"lwat inc equal differ", lw(25), 4, []uint64{3, 5}, 0, 0, 0, 0x80000000, []uint64{3, 5}},
		{"lwat dec bounded", lw(28), 4, []uint64{3, 5}, 1, 0, 0, 5, []uint64{3, 4}},
		{"lwat dec bounded at bound", lw(28), 4, []uint64{3, 3}, 1, 0, 0, 0x80000000, []uint64{3, 3}},
		{"lwat inc wraps", lw(24), 4, []uint64{0xffffffff, 5}, 0, 0, 0, 0xffffffff, []uint64{0, 5}},
		{"ldat add", ld(0), 8, []uint64{neg16d}, 0, 0x20, 0, neg16d, []uint64{0x10}},
		{"ldat maxs", ld(5), 8, []uint64{neg16d}, 0, 3, 0, neg16d, []uint64{3}},
		{"ldat minu", ld(6), 8, []uint64{neg16d}, 0, 3, 0, neg16d, []uint64{3}},
		{"ldat inc bounded at bound", ld(24), 8, []uint64{9, 9}, 0, 0, 0, 0x8000000000000000, []uint64{9, 9}},
		{"ldat dec bounded", ld(28), 8, []uint64{1, 1 << 40}, 1, 0, 0, 1 << 40, []uint64{1, 1<<40 - 1}},
		{"stwat add", sw(0), 4, []uint64{neg16w}, 0, 0xffffffff00000003, 0, 0, []uint64{0xfffffff3}},
		{"stwat maxs", sw(5), 4, []uint64{neg16w}, 0, 3, 0, 0, []uint64{3}},
		{"stwat mins", sw(7), 4, []uint64{neg16w}, 0, 3, 0, 0, []uint64{neg16w}},
		{"stwat maxu", sw(4), 4, []uint64{3}, 0, 0xffffffff_fffffff0, 0, 0, []uint64{neg16w}},
		{"stwat twin equal", sw(24), 4, []uint64{5, 5}, 0, 0x11_00000077, 0, 0, []uint64{0x77, 0x77}},
		{"stwat twin differ", sw(24), 4, []uint64{5, 6}, 0, 0x77, 0, 0, []uint64{5, 6}},
		{"stdat and", sd(3), 8, []uint64{0xff00ff00ff00ff00}, 0, 0x0ff00ff00ff00ff0, 0, 0, []uint64{0x0f000f000f000f00}},
		{"stdat twin equal", sd(24), 8, []uint64{5, 5}, 0, 0x77, 0, 0, []uint64{0x77, 0x77}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bothOrders(t, func(t *testing.T, le bool) {
				m := newMachine(le)
				const at = 0x100
				lo := at - tt.at*tt.s
				for i, v := range tt.mem {
					putN(m.order(), m.scratch[lo+i*tt.s:lo+(i+1)*tt.s], v)
				}
				m.r.GPR[4] = scratchBase + at
				load := tt.word&0x7fe == opWord(ppc64asm.LWAT)&0x7fe || tt.word&0x7fe == opWord(ppc64asm.LDAT)&0x7fe
				if load {
					m.r.GPR[6], m.r.GPR[7] = tt.rt1, tt.rt2
				} else {
					m.r.GPR[5] = tt.rt1
				}
				exp := newMachine(le)
				exp.r, exp.scratch = m.r, append([]byte(nil), m.scratch...)
				for i, v := range tt.wantMem {
					putN(exp.order(), exp.scratch[lo+i*tt.s:lo+(i+1)*tt.s], v)
				}
				if load {
					exp.r.GPR[5] = tt.wantRT
				}
				exp.r.NIP = cia + 4
				// Both profiles follow the ISA here (QEMU's divergences
				// are accepted in trace/replay.go).
				for _, p := range []Profile{Hardware, QEMU} {
					mm := newMachine(le)
					mm.r, mm.scratch = m.r, append([]byte(nil), m.scratch...)
					(*mm.mem)[1].Data = mm.scratch
					if err := mm.stepWith(New(Config{Profile: p}), tt.word); err != nil {
						t.Fatalf("%v: %v", p, err)
					}
					if d := cmp.Diff(exp.r, mm.r); d != "" {
						t.Errorf("%v: registers (-want +got):\n%s", p, d)
					}
					if d := cmp.Diff(exp.scratch[at-16:at+16], mm.scratch[at-16:at+16]); d != "" {
						t.Errorf("%v: memory around EA (-want +got):\n%s", p, d)
					}
				}
			})
		})
	}
}

// TestAtomicMemoryOperationFaults: a reserved function code is a data
// storage interrupt (ErrInvalidFC); an unaligned EA an alignment
// interrupt; RT+1 wraps from r31 to r0.
func TestAtomicMemoryOperationFaults(t *testing.T) {
	for _, tc := range []struct {
		word  uint32
		ea    uint64
		align bool
	}{
		{xform(ppc64asm.LWAT, 5, 4, 9), scratchBase + 8, false},
		{xform(ppc64asm.LDAT, 5, 4, 17), scratchBase + 8, false},
		{xform(ppc64asm.STWAT, 5, 4, 8), scratchBase + 8, false},
		{xform(ppc64asm.STDAT, 5, 4, 25), scratchBase + 8, false},
		{xform(ppc64asm.LWAT, 5, 4, 0), scratchBase + 2, true},
		{xform(ppc64asm.LDAT, 5, 4, 24), scratchBase + 4, true},
		{xform(ppc64asm.STWAT, 5, 4, 0), scratchBase + 1, true},
		{xform(ppc64asm.STDAT, 5, 4, 24), scratchBase + 12, true},
	} {
		m := newMachine(true)
		m.r.GPR[4] = tc.ea
		before := m.r
		snap := append([]byte(nil), m.scratch...)
		err := m.stepWith(New(Config{}), tc.word)
		var f *Fault
		if !errors.As(err, &f) || f.Alignment != tc.align || f.Addr != tc.ea || (!tc.align && !errors.Is(err, ErrInvalidFC)) {
			t.Errorf("%08x: err = %v, want alignment=%v fault at %#x", tc.word, err, tc.align, tc.ea)
		}
		if before != m.r || string(snap) != string(m.scratch) {
			t.Errorf("%08x: state changed", tc.word)
		}
	}
	m := newMachine(false)
	m.r.GPR[4], m.r.GPR[0] = scratchBase+8, 1
	m.order().PutUint32(m.scratch[8:], 41)
	if err := m.stepWith(New(Config{}), xform(ppc64asm.LWAT, 31, 4, 0)); err != nil || m.r.GPR[31] != 41 || m.order().Uint32(m.scratch[8:]) != 42 {
		t.Errorf("lwat r31 (RT+1 = r0): err %v, r31 %d, mem %d", err, m.r.GPR[31], m.order().Uint32(m.scratch[8:]))
	}
}
