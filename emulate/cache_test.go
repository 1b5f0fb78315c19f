package emulate

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestDcbz: the aligned block of CacheBlockSize bytes is zeroed with one
// write; the EA is (RA|0)+RB, truncated in 32-bit mode.
func TestDcbz(t *testing.T) {
	for _, tc := range []struct {
		bs     int
		ra, rb uint64
		raReg  int
		block  uint64 // scratch offset of the block
	}{
		{0, scratchBase, 0x105, 3, 0x100},
		{128, scratchBase + 0x100, 0x7f, 3, 0x100},
		{32, scratchBase, 0x45, 3, 0x40},
		{256, scratchBase + 0x1ff, 0, 3, 0x100},
		{128, 0, scratchBase + 0x281, 0, 0x280},
		{512, scratchBase + 0x1234, 0, 3, 0x1200},
	} {
		m := newMachine(true)
		for i := range m.scratch {
			m.scratch[i] = 0xaa
		}
		want := append([]byte(nil), m.scratch...)
		bs := tc.bs
		if bs == 0 {
			bs = 128
		}
		clear(want[tc.block : tc.block+uint64(bs)])
		m.r.GPR[3], m.r.GPR[4] = tc.ra, tc.rb
		rec := &recordingMemory{Regions: *m.mem}
		b := make([]byte, 4)
		m.order().PutUint32(b, xform(ppc64asm.DCBZ, 0, tc.raReg, 4))
		if err := New(Config{CacheBlockSize: tc.bs}).StepBytes(&m.r, rec, b); err != nil {
			t.Fatalf("bs %d: %v", bs, err)
		}
		if d := cmp.Diff(want, m.scratch); d != "" {
			t.Errorf("bs %d: scratch (-want +got):\n%s", bs, d)
		}
		if len(rec.calls) != 1 {
			t.Errorf("bs %d: accesses %v, want one write", bs, rec.calls)
		}
	}
	m := newMachine(false)
	m.r.GPR[3] = scratchBase
	if err := m.stepWith(New(Config{CacheBlockSize: 96}), xform(ppc64asm.DCBZ, 0, 3, 4)); !errors.Is(err, ErrNotEmulated) {
		t.Errorf("block size 96: %v, want not emulated", err)
	}
	// Unmapped: a write fault at the block's start (QEMU 7.2 reports it too).
	m.r.GPR[3], m.r.GPR[4] = 0x60000000, 0x105
	var f *Fault
	if err := m.stepWith(New(Config{}), xform(ppc64asm.DCBZ, 0, 3, 4)); !errors.As(err, &f) || !f.Write || f.Addr != 0x60000100 || f.Size != 128 {
		t.Errorf("unmapped: %v", err)
	}
}

// TestCacheProbes: dcbst, dcbf and icbi fault on storage that cannot be
// read; dcbt, dcbtst and the barriers never fault and change nothing.
func TestCacheProbes(t *testing.T) {
	for _, tc := range []struct {
		word  uint32
		fault bool
		addr  uint64
	}{
		{xform(ppc64asm.DCBST, 0, 3, 4), true, 0x60000105},
		{xform(ppc64asm.DCBF, 0, 3, 4), true, 0x60000105},
		{xform(ppc64asm.DCBF, 1, 3, 4), true, 0x60000105}, // dcbfl
		{xform(ppc64asm.ICBI, 0, 3, 4), true, 0x60000100},
		{xform(ppc64asm.DCBT, 0, 3, 4), false, 0},
		{xform(ppc64asm.DCBT, 16, 3, 4), false, 0},
		{xform(ppc64asm.DCBTST, 0, 3, 4), false, 0},
		{0x7c0004ac, false, 0}, // sync
		{0x7c2004ac, false, 0}, // lwsync
		{0x7c4004ac, false, 0}, // ptesync
		{0x7c8004ac, false, 0}, // sync L=4 (hardware profile: a barrier)
		{0x7c0006ac, false, 0}, // eieio
		{0x4c00012c, false, 0}, // isync
	} {
		for _, mapped := range []bool{false, true} {
			m := newMachine(true)
			m.r.GPR[3], m.r.GPR[4] = 0x60000000, 0x105
			if mapped {
				m.r.GPR[3] = scratchBase
			}
			exp := *m
			exp.r.NIP = cia + 4
			snap := append([]byte(nil), m.scratch...)
			err := m.stepWith(New(Config{}), tc.word)
			var f *Fault
			switch {
			case tc.fault && !mapped:
				if !errors.As(err, &f) || f.Write || f.Alignment || f.Addr != tc.addr {
					t.Errorf("%08x unmapped: err = %v, want a read fault at %#x", tc.word, err, tc.addr)
				}
				exp.r.NIP = cia
			case err != nil:
				t.Errorf("%08x mapped=%v: %v", tc.word, mapped, err)
			}
			if d := cmp.Diff(exp.r, m.r); d != "" {
				t.Errorf("%08x mapped=%v: registers (-want +got):\n%s", tc.word, mapped, d)
			}
			if string(snap) != string(m.scratch) {
				t.Errorf("%08x: scratch changed", tc.word)
			}
		}
	}
}

// TestCacheProfileDifferences: QEMU 7.2 makes sync with L ≥ 4 or SC ≠ 0,
// dcbf with L ≥ 2 and icbt illegal; the hardware profile does not.
func TestCacheProfileDifferences(t *testing.T) {
	for _, tc := range []struct {
		word   uint32
		hw, qe error
	}{
		{0x7c8004ac, nil, ErrIllegal},                    // sync L=4
		{0x7c0104ac, nil, ErrIllegal},                    // sync SC=1
		{0x7c6004ac, nil, nil},                           // sync L=3
		{xform(ppc64asm.DCBF, 3, 3, 4), nil, ErrIllegal}, // dcbflp
		{xform(ppc64asm.DCBF, 2, 3, 4), nil, ErrIllegal}, // reserved L: a plain dcbf (dcbf-l; Valgrind 3b1a1279)
		{xform(ppc64asm.DCBF, 5, 3, 4), nil, ErrIllegal}, // reserved L
		{xform(ppc64asm.DCBF, 7, 3, 4), nil, ErrIllegal}, // reserved L
		{0x7c00068c, nil, nil},                           // cpabort (empty buffer: nothing changes)
		{0x7c23260c, nil, ErrIllegal},                    // copy (loads the buffer only)
		{0x7c23270d, nil, ErrIllegal},                    // paste. with an empty buffer: CR0 = 0 (was 0)
		{xform(ppc64asm.ICBT, 0, 3, 4), nil, ErrIllegal}, // icbt: a no-op on POWER9 (power9-behaviour.md)
	} {
		for _, p := range []Profile{Hardware, QEMU} {
			want := tc.hw
			if p == QEMU {
				want = tc.qe
			}
			m := newMachine(false)
			m.r.GPR[3] = scratchBase
			before := m.r
			err := m.stepWith(New(Config{Profile: p}), tc.word)
			if (want == nil) != (err == nil) || (want != nil && !errors.Is(err, want)) {
				t.Errorf("%08x %v: err = %v, want %v", tc.word, p, err, want)
			}
			if err == nil {
				before.NIP += 4 // none of these changes anything else
			}
			if d := cmp.Diff(before, m.r); d != "" {
				t.Errorf("%08x %v: registers (-want +got):\n%s", tc.word, p, d)
			}
		}
	}
}

// TestCopyPasteRefused: at POWER9, and for an EA that is not a multiple
// of 128, the hardware profile refuses with a reason (no source says what
// the CPU does), registers and the copy buffer unchanged.
func TestCopyPasteRefused(t *testing.T) {
	for _, c := range []struct {
		w     uint32
		level decode.Level
		ea    uint64
	}{
		{0x7c23260c, decode.LevelPOWER9, scratchBase}, {0x7c23270d, decode.LevelPOWER9, scratchBase},
		{0x7c00068c, decode.LevelPOWER9, scratchBase},
		{0x7c23260c, decode.LevelPOWER10, scratchBase + 8}, {0x7c23270d, decode.LevelPOWER10, scratchBase + 64},
		{0x7c03270d, decode.LevelPOWER10, scratchBase}, // paste. with L=0
	} {
		m := newMachine(true)
		m.r.GPR[3] = c.ea
		before := m.r
		err := m.stepWith(New(Config{Level: c.level}), c.w)
		var oe *OpError
		if !errors.As(err, &oe) || oe.Kind != ErrNotEmulated || oe.Reason == "" || m.r != before {
			t.Errorf("%08x %v EA %#x: err = %v, want not emulated with a reason", c.w, c.level, c.ea, err)
		}
		in, _ := decode.DecodeWord(c.w, 0)
		if in.Class != decode.ClassCopyPaste {
			t.Errorf("%08x: class %v", c.w, in.Class)
		}
	}
}

// TestCopyPaste: POWER10's copy-paste facility on ordinary storage
// (power9-behaviour.md, copy/paste row: Valgrind's test_copy_paste on
// POWER10 — the 128 bytes arrive, success is a non-zero CR0, a paste. with
// no copy before it gives CR0 = 0; Linux's vas_paste callers take CR0 EQ,
// SO masked, as success). The source's buffers: src[i] = 10+i, dst[i] = i.
func TestCopyPaste(t *testing.T) {
	var (
		wCopy    = enc(ppc64asm.COPY, 3, 4)       // copy r3,r4
		wPaste   = enc(ppc64asm.PASTECC, 5, 4, 1) // paste. r5,r4,1
		wCpabort = enc(ppc64asm.CPABORT)
	)
	for _, le := range []bool{false, true} {
		m := newMachine(le)
		src, dst := m.scratch[0:128], m.scratch[128:256]
		for i := range src {
			src[i], dst[i] = byte(10+i), byte(i)
		}
		m.r.GPR[3], m.r.GPR[4], m.r.GPR[5] = scratchBase, 0, scratchBase+128
		m.r.CR = 0xf0000000
		e := New(Config{Level: decode.LevelPOWER10})
		if err := m.stepWith(e, wCopy); err != nil {
			t.Fatal(err)
		}
		if b := e.Context().Copy; !b.Valid || b.Data[0] != 10 || b.Data[127] != 137 {
			t.Fatalf("copy buffer %v %x…%x", b.Valid, b.Data[0], b.Data[127])
		}
		if err := m.stepWith(e, wPaste); err != nil {
			t.Fatal(err)
		}
		for i := range dst {
			if dst[i] != byte(10+i) {
				t.Fatalf("le=%v: dst[%d] = %d after paste., want %d", le, i, dst[i], 10+i)
			}
		}
		if m.r.CRField(0) != regs.CREQ {
			t.Errorf("le=%v: CR0 after a copy-paste sequence = %#b, want EQ", le, m.r.CRField(0))
		}
		// Out of order: a second paste. has no copy before it.
		for i := range dst {
			dst[i] = byte(i)
		}
		m.r.XER |= regs.XERSO
		if err := m.stepWith(e, wPaste); err != nil {
			t.Fatal(err)
		}
		if m.r.CRField(0) != regs.CRSO || dst[5] != 5 {
			t.Errorf("le=%v: paste. without copy: CR0 %#b dst[5] %d, want SO alone and no store", le, m.r.CRField(0), dst[5])
		}
		// cpabort empties the buffer; so does Context.SwitchOut.
		for _, clear := range []func(){func() { _ = m.stepWith(e, wCpabort) }, e.Context().SwitchOut} {
			if err := m.stepWith(e, wCopy); err != nil {
				t.Fatal(err)
			}
			clear()
			if e.Context().Copy.Valid {
				t.Errorf("copy buffer still valid after cpabort/SwitchOut")
			}
		}
	}
}

// TestStorage32Bit: in 32-bit mode dcbz, lmw and lswx truncate the EA to
// 32 bits before aligning or accessing.
func TestStorage32Bit(t *testing.T) {
	m := newMachine(false)
	m.r.MSR &^= 1 << 63 // SF
	for i := range m.scratch {
		m.scratch[i] = 0x55
	}
	m.r.GPR[3], m.r.GPR[4] = 0xdead_0000_0000_0000|scratchBase, 0x1_0000_0085
	if err := m.stepWith(New(Config{}), xform(ppc64asm.DCBZ, 0, 3, 4)); err != nil {
		t.Fatal(err)
	}
	for i, b := range m.scratch[0x70:0x110] {
		if want := byte(0x55); i >= 0x10 && i < 0x90 {
			want = 0
			if b != want {
				t.Fatalf("dcbz 32-bit: byte %#x = %#x", 0x70+i, b)
			}
		} else if b != want {
			t.Fatalf("dcbz 32-bit: byte %#x = %#x", 0x70+i, b)
		}
	}
	m.r.NIP = cia
	m.r.GPR[3] = 0xffffffff_00000000 | (scratchBase + 0x100)
	if err := m.stepWith(New(Config{}), enc(ppc64asm.LMW, 30, 0, 3)); err != nil { // lmw r30,0(r3)
		t.Fatal(err)
	}
	if m.r.GPR[30] != 0x55555555 || m.r.GPR[31] != 0x55555555 {
		t.Errorf("lmw 32-bit: r30 %#x r31 %#x", m.r.GPR[30], m.r.GPR[31])
	}
}
