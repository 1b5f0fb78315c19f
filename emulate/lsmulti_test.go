package emulate

import (
	"errors"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Quadword, prefixed, multiple and string loads and stores. Expected
// values are worked by hand from the Power ISA 3.1B Book I 3.3, or are the
// Linux kernel's load/store test vectors.

// lsCase runs words on a machine prepared by setup and compares the whole
// register file and scratch with the expectation built by want.
type lsCase struct {
	name  string
	p     Profile
	words []uint32
	setup func(m *machine)
	want  func(m *machine) // expected changes (NIP is set by the runner)
	err   error            // expected outcome, nil for success
}

// stepCase is the expectation ls stands for in byte order le, on a
// scratch whose byte i holds i.
func (ls lsCase) stepCase(le bool) stepCase {
	c := stepCase{name: ls.name, word: ls.words[0], prof: ls.p, orders: onlyBE, want: ls.want, err: ls.err,
		setup: func(m *machine) {
			for i := range m.scratch {
				m.scratch[i] = byte(i)
			}
			if ls.setup != nil {
				ls.setup(m)
			}
		}}
	if le {
		c.orders = onlyLE
	}
	if len(ls.words) > 1 {
		c.suffix = ls.words[1]
	}
	return c
}

func runLS(t *testing.T, le bool, tests []lsCase) {
	t.Helper()
	runCases(t, stepCases(tests, func(ls lsCase) stepCase { return ls.stepCase(le) }))
}

func TestQuadword(t *testing.T) {
	const (
		lq4  = 0xe0830000 // lq r4,0(r3)
		stq4 = 0xf8830002 // stq r4,0(r3)
		plqP = 0x04000000 // plq r4,0(r3): prefix
		plqS = 0xe0830000 // suffix
	)
	bothOrders(t, func(t *testing.T, le bool) {
		// Bytes 0x20..0x2f hold 0x20, 0x21, …, 0x2f.
		hi, lo := uint64(0x2021222324252627), uint64(0x28292a2b2c2d2e2f)
		if le {
			hi, lo = 0x2f2e2d2c2b2a2928, 0x2726252423222120
		}
		tests := []lsCase{
			{name: "lq", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x20 }, words: []uint32{lq4},
				want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = hi, lo }},
			{name: "lq r30", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x20 }, words: []uint32{enc(ppc64asm.LQ, 30, 0, 3)},
				want: func(m *machine) { m.r.GPR[30], m.r.GPR[31] = hi, lo }},
			{name: "stq", setup: func(m *machine) { m.r.GPR[3], m.r.GPR[4], m.r.GPR[5] = scratchBase+0x40, hi, lo },
				words: []uint32{stq4}, want: func(m *machine) {
					for i := 0; i < 16; i++ {
						m.scratch[0x40+i] = byte(0x20 + i)
					}
				}},
			{name: "lq unaligned hw", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x28 }, words: []uint32{lq4}, err: ErrAlignment},
			{name: "stq unaligned hw", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x24 }, words: []uint32{stq4}, err: ErrAlignment},
			{name: "lq unaligned qemu", p: QEMU, setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x18 }, words: []uint32{lq4},
				want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = getQuad(&m.r, m.scratch[0x18:]) }},
			{name: "lq unmapped", setup: func(m *machine) { m.r.GPR[3] = 0x60000000 }, words: []uint32{lq4}, err: ErrDataFault},
			{name: "lq odd RTp (invalid form)", setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{0xe0a30000}, err: ErrNotEmulated},
			{name: "lq odd RTp qemu", p: QEMU, setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{0xe0a30000}, err: ErrIllegal},
			{name: "pstq R=1 (CIA+0x10, code page)", p: QEMU, setup: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = 1, 2 },
				// RS at EA, RS+1 at EA+8 in either byte order (row plq-le:
				// ISA 3.1; golden pstq-le-0000 stores r0 = 1 as 01 00 … at EA).
				words: []uint32{0x04100000, 0xf0800010}, want: func(m *machine) {
					m.order().PutUint64(m.code[0x10:], 1)
					m.order().PutUint64(m.code[0x18:], 2)
				}},
			{name: "plq R=1 RA≠0", p: QEMU, setup: func(m *machine) {}, words: []uint32{0x04100000, 0xe0830010}, err: ErrIllegal},
			{name: "plq RTp=RA", p: QEMU, setup: func(m *machine) { m.r.GPR[4] = scratchBase }, words: []uint32{0x04000000, 0xe0840000}, err: ErrIllegal},
			{name: "plq RTp=RA hw", setup: func(m *machine) { m.r.GPR[4] = scratchBase }, words: []uint32{0x04000000, 0xe0840000}, err: ErrNotEmulated},
		}
		if le {
			tests = append(tests,
				// plq-le: ISA 3.1, RTp ← the doubleword at EA, RTp+1 ← EA+8, in both profiles.
				lsCase{name: "plq LE hw", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x20 }, words: []uint32{plqP, plqS},
					want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = lo, hi }},
				lsCase{name: "plq LE qemu", p: QEMU, setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x20 }, words: []uint32{plqP, plqS},
					want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = lo, hi }})
		} else {
			tests = append(tests,
				lsCase{name: "plq BE", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x20 }, words: []uint32{plqP, plqS},
					want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = hi, lo }},
				lsCase{name: "plq d34", setup: func(m *machine) { m.r.GPR[3] = scratchBase - 0x10000 + 0x20 }, words: []uint32{0x04000001, plqS},
					want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = hi, lo }})
		}
		runLS(t, le, tests)
	})
}

// TestPrefixedKernelVectors: the kernel's pld, plwz and pstd tests.
func TestPrefixedKernelVectors(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		runLS(t, le, []lsCase{
			{name: "pld", setup: func(m *machine) { m.order().PutUint64(m.scratch[0x80:], 0x23); m.r.GPR[3] = scratchBase + 0x80 },
				words: []uint32{0x04000000, 0xe4a30000}, want: func(m *machine) { m.r.GPR[5] = 0x23 }},
			{name: "plwz", setup: func(m *machine) { m.order().PutUint32(m.scratch[0x80:], 0x4545); m.r.GPR[3] = scratchBase + 0x80 },
				words: []uint32{0x06000000, 0x80a30000}, want: func(m *machine) { m.r.GPR[5] = 0x4545 }},
			{name: "pstd", setup: func(m *machine) {
				m.order().PutUint64(m.scratch[0x80:], 0x1234)
				m.r.GPR[3], m.r.GPR[5] = scratchBase+0x80, 0x5678
			}, words: []uint32{0x04000000, 0xf4a30000}, want: func(m *machine) { m.order().PutUint64(m.scratch[0x80:], 0x5678) }},
		})
	})
}

// TestPrefixedPCRelative: R=1 makes EA = CIA + d34 (RA must be 0);
// plha and plwa sign-extend; 32-bit mode truncates the EA.
func TestPrefixedPCRelative(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		m := newMachine(le)
		// pld r4, 0x10 (R=1): the doubleword at CIA+0x10, in the code page.
		m.order().PutUint64(m.code[0x10:], 0x1122334455667788)
		if err := m.stepWith(New(Config{}), 0x04100000, 0xe4800010); err != nil || m.r.GPR[4] != 0x1122334455667788 {
			t.Errorf("pld R=1: err %v, r4 %#x", err, m.r.GPR[4])
		}
		// plha r4, 0x10 (R=1) sign-extends; a negative d34 reaches below CIA.
		m = newMachine(le)
		*m.mem = append(*m.mem, &regions.Region{Addr: cia - 0x1000, Data: make([]byte, 0x1000)})
		m.order().PutUint16((*m.mem)[2].Data[0xff0:], 0x8001)
		if err := m.stepWith(New(Config{}), 0x0613ffff, 0xa880fff0); err != nil || m.r.GPR[4] != 0xffffffffffff8001 {
			t.Errorf("plha R=1 d=-16: err %v, r4 %#x", err, m.r.GPR[4])
		}
		// pstw r4, 0x20 (R=1) stores into the code page.
		m = newMachine(le)
		m.r.GPR[4] = 0xaabbccdd
		if err := m.stepWith(New(Config{}), 0x06100000, 0x90800020); err != nil || m.order().Uint32(m.code[0x20:]) != 0xaabbccdd {
			t.Errorf("pstw R=1: err %v", err)
		}
		// plwa r4,0(r3) in 32-bit mode: the EA wraps to 32 bits.
		m = newMachine(le)
		m.r.MSR &^= regs.MSRSF
		m.order().PutUint32(m.scratch[0x10:], 0xfffffffe)
		m.r.GPR[3] = 0x1_0000_0000 | scratchBase
		if err := m.stepWith(New(Config{}), 0x04000000, 0xa4830010); err != nil || m.r.GPR[4] != 0xfffffffffffffffe {
			t.Errorf("plwa 32-bit: err %v, r4 %#x", err, m.r.GPR[4])
		}
		// R=1 with RA≠0 is an invalid form.
		m = newMachine(le)
		if err := m.stepWith(New(Config{Profile: QEMU}), 0x04100000, 0xe4830010); !errors.Is(err, ErrIllegal) {
			t.Errorf("pld R=1 RA=3 (qemu): %v, want illegal", err)
		}
	})
}

func TestLoadStoreMultiple(t *testing.T) {
	// Big-endian mode: bytes 0x00.. of scratch hold 0x00, 0x01, ….
	runLS(t, false, []lsCase{
		{name: "lmw r28", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x10; m.r.GPR[28] = ^uint64(0) }, words: []uint32{enc(ppc64asm.LMW, 28, 0, 3)},
			want: func(m *machine) {
				m.r.GPR[28], m.r.GPR[29], m.r.GPR[30], m.r.GPR[31] = 0x10111213, 0x14151617, 0x18191a1b, 0x1c1d1e1f
			}},
		{name: "lmw r31 d=-4", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x14 }, words: []uint32{enc(ppc64asm.LMW, 31, -4, 3)},
			want: func(m *machine) { m.r.GPR[31] = 0x10111213 }},
		{name: "lmw RA in range", setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{0xb8430000}, err: ErrNotEmulated},
		{name: "lmw unaligned hw", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 2 }, words: []uint32{enc(ppc64asm.LMW, 28, 0, 3)}, err: ErrNotEmulated},
		{name: "lmw unaligned qemu", p: QEMU, setup: func(m *machine) { m.r.GPR[3] = scratchBase + 2 }, words: []uint32{0xbfc30000 - 0x04000000},
			want: func(m *machine) { m.r.GPR[30], m.r.GPR[31] = 0x02030405, 0x06070809 }},
		{name: "lmw unmapped", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x1ff8 }, words: []uint32{enc(ppc64asm.LMW, 28, 0, 3)}, err: ErrDataFault},
		{name: "stmw r29", setup: func(m *machine) {
			m.r.GPR[3] = scratchBase + 0x40
			m.r.GPR[29], m.r.GPR[30], m.r.GPR[31] = 0xffffffff_a1a2a3a4, 0xb1b2b3b4, 0xc1c2c3c4
		}, words: []uint32{enc(ppc64asm.STMW, 29, 0, 3)}, want: func(m *machine) {
			copy(m.scratch[0x40:], []byte{0xa1, 0xa2, 0xa3, 0xa4, 0xb1, 0xb2, 0xb3, 0xb4, 0xc1, 0xc2, 0xc3, 0xc4})
		}},
	})
	// Little-endian mode: an alignment interrupt, nothing accessed.
	runLS(t, true, []lsCase{
		{name: "lmw LE", setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{enc(ppc64asm.LMW, 28, 0, 3)}, err: ErrAlignment},
		{name: "stmw LE", p: QEMU, setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{enc(ppc64asm.STMW, 28, 0, 3)}, err: ErrAlignment},
		{name: "lswi LE", setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{xform(ppc64asm.LSWI, 4, 3, 5)}, err: ErrAlignment},
		{name: "lswx LE", p: QEMU, setup: func(m *machine) { m.r.GPR[3] = scratchBase; m.r.XER = 5 }, words: []uint32{xform(ppc64asm.LSWX, 4, 3, 0)}, err: ErrAlignment},
		{name: "stswi LE", setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{xform(ppc64asm.STSWI, 4, 3, 5)}, err: ErrAlignment},
		{name: "stswx LE", setup: func(m *machine) { m.r.GPR[3] = scratchBase; m.r.XER = 5 }, words: []uint32{xform(ppc64asm.STSWX, 4, 3, 0)}, err: ErrAlignment},
	})
}

func TestLoadStoreString(t *testing.T) {
	const (
		lswi  = ppc64asm.LSWI
		lswx  = ppc64asm.LSWX
		stswi = ppc64asm.STSWI
		stswx = ppc64asm.STSWX
	)
	runLS(t, false, []lsCase{
		{name: "lswi 7 bytes", setup: func(m *machine) { m.r.GPR[3] = scratchBase + 0x21; m.r.GPR[4], m.r.GPR[5] = ^uint64(0), ^uint64(0) },
			words: []uint32{xform(lswi, 4, 3, 7)}, want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = 0x21222324, 0x25262700 }},
		{name: "lswi NB=0 is 32 bytes, wrapping to r0", setup: func(m *machine) { m.r.GPR[10] = scratchBase + 0x40 },
			words: []uint32{xform(lswi, 28, 10, 0)}, want: func(m *machine) {
				for i := 0; i < 8; i++ {
					m.r.GPR[(28+i)%32] = uint64(m.order().Uint32(m.scratch[0x40+4*i:]))
				}
			}},
		{name: "lswi RA=0", setup: func(m *machine) { *m.mem = append(*m.mem, &regions.Region{Addr: 0, Data: []byte{9, 8, 7, 6, 5}}) },
			words: []uint32{xform(lswi, 4, 0, 5)}, want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = 0x09080706, 0x05000000 }},
		{name: "lswx 5 bytes", setup: func(m *machine) { m.r.GPR[3], m.r.GPR[2], m.r.XER = scratchBase, 0x30, 0xe0000005 },
			words: []uint32{xform(lswx, 4, 3, 2)}, want: func(m *machine) { m.r.GPR[4], m.r.GPR[5] = 0x30313233, 0x34000000 }},
		{name: "lswx n=0 hw", setup: func(m *machine) { m.r.GPR[3] = scratchBase }, words: []uint32{xform(lswx, 4, 3, 2)}, err: ErrNotEmulated},
		{name: "lswx n=0 qemu", p: QEMU, setup: func(m *machine) { m.r.GPR[3], m.r.GPR[4] = 0x60000000, 7 }, words: []uint32{xform(lswx, 4, 3, 2)}},
		{name: "lswx RB in range", p: QEMU, setup: func(m *machine) { m.r.GPR[3], m.r.XER = scratchBase, 5 }, words: []uint32{xform(lswx, 4, 3, 5)}, err: ErrIllegal},
		{name: "lswx RB in range hw", setup: func(m *machine) { m.r.GPR[3], m.r.XER = scratchBase, 5 }, words: []uint32{xform(lswx, 4, 3, 5)}, err: ErrNotEmulated},
		{name: "lswx RA in range", p: QEMU, setup: func(m *machine) { m.r.GPR[3], m.r.XER = scratchBase, 1 }, words: []uint32{xform(lswx, 3, 3, 5)}, err: ErrIllegal},
		{name: "lswx RB just past range", p: QEMU, setup: func(m *machine) { m.r.GPR[3], m.r.GPR[5], m.r.XER = scratchBase, 0, 4 },
			words: []uint32{xform(lswx, 4, 3, 5)}, want: func(m *machine) { m.r.GPR[4] = 0x00010203 }},
		{name: "lswx RT=RA=0 hw", setup: func(m *machine) { m.r.GPR[5], m.r.XER = scratchBase, 3 }, words: []uint32{xform(lswx, 0, 0, 5)}, err: ErrNotEmulated},
		{name: "lswx RT=RA=0 qemu", p: QEMU, setup: func(m *machine) { m.r.GPR[5], m.r.XER = scratchBase, 3 },
			words: []uint32{xform(lswx, 0, 0, 5)}, want: func(m *machine) { m.r.GPR[0] = 0x00010200 }},
		{name: "stswi 6 bytes", setup: func(m *machine) {
			m.r.GPR[3], m.r.GPR[30], m.r.GPR[31] = scratchBase+0x61, 0xffffffff_a1a2a3a4, 0xb1b2b3b4
		}, words: []uint32{xform(stswi, 30, 3, 6)}, want: func(m *machine) {
			copy(m.scratch[0x61:], []byte{0xa1, 0xa2, 0xa3, 0xa4, 0xb1, 0xb2})
		}},
		{name: "stswx wraps", setup: func(m *machine) {
			m.r.GPR[3], m.r.GPR[4], m.r.XER = scratchBase+0x70, 0, 9
			m.r.GPR[31], m.r.GPR[0], m.r.GPR[1] = 0x11223344, 0x55667788, 0x99aabbcc
		}, words: []uint32{xform(stswx, 31, 3, 4)}, want: func(m *machine) {
			copy(m.scratch[0x70:], []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99})
		}},
		{name: "stswx n=0 unmapped", setup: func(m *machine) { m.r.GPR[3] = 0x60000000 }, words: []uint32{xform(stswx, 4, 3, 0)}},
		{name: "stswx unmapped", setup: func(m *machine) { m.r.GPR[3], m.r.XER = scratchBase+0x1ffe, 4 }, words: []uint32{xform(stswx, 4, 3, 0)}, err: ErrDataFault},
	})
}
