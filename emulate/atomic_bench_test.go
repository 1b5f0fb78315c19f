package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// BenchmarkStepStdcx is a successful stdcx. r3,r4,r5 on a cached decoded
// instruction (the reservation is re-established directly each time, as
// a preceding ldarx would).
func BenchmarkStepStdcx(b *testing.B) {
	e, m, in := benchMachine(b, xform(ppc64asm.STDCXCC, 3, 4, 5))
	var mem Memory = m.mem
	b.ReportAllocs()
	for b.Loop() {
		m.r.NIP = cia
		e.ctx.Resv = Reservation{Valid: true, Addr: scratchBase + 8, Size: 8}
		if err := e.Step(&m.r, mem, in); err != nil {
			b.Fatal(err)
		}
	}
	if m.r.CR>>28 != 2 {
		b.Fatalf("stdcx. failed: CR %#x", m.r.CR)
	}
}

func BenchmarkStepLdarx(b *testing.B) { benchStep(b, xform(ppc64asm.LDARX, 3, 4, 5)) }
func BenchmarkStepLq(b *testing.B)    { benchStep(b, enc(ppc64asm.LQ, 6, 16, 4)) } // lq r6,16(r4)
func BenchmarkStepLwat(b *testing.B)  { benchStep(b, xform(ppc64asm.LWAT, 6, 4, 0)) }
func BenchmarkStepDcbz(b *testing.B)  { benchStep(b, xform(ppc64asm.DCBZ, 0, 4, 5)) }

// BenchmarkStepPld is a prefixed load (pld r3,8(r4)).
func BenchmarkStepPld(b *testing.B) {
	m := newMachine(true)
	m.r.GPR[4], m.r.GPR[5] = scratchBase, 8
	in, err := decode.DecodeWord(0x04000000, 0xe4640008)
	if err != nil {
		b.Fatal(err)
	}
	benchLoop(b, New(Config{}), m, &in)
}

// TestStorageStepAllocs: the new storage ops step without allocating on
// their normal paths, including a failing stcx. (Faults return a *Fault,
// which allocates, as for every load and store.)
func TestStorageStepAllocs(t *testing.T) {
	for _, tc := range []struct {
		w, s uint32
		le   bool
	}{
		{xform(ppc64asm.LDARX, 3, 4, 5), 0, true},
		{xform(ppc64asm.STDCXCC, 3, 4, 5), 0, true}, // no reservation: fails
		{xform(ppc64asm.LWARX, 3, 4, 0), 0, true},   // r4+0 aligned
		{xform(ppc64asm.LHARX, 3, 4, 5), 0, true},
		{0xe0c40010, 0, true},           // lq
		{0xf8c40012, 0, false},          // stq
		{0x04000000, 0xe4640008, true},  // pld
		{0x04100000, 0xf4600008, false}, // pstd R=1 (code page)
		{0xbb840000, 0, false},          // lmw r28
		{xform(ppc64asm.LSWX, 6, 4, 5), 0, false},
		{xform(ppc64asm.LWAT, 6, 4, 0), 0, true},
		{xform(ppc64asm.STDAT, 6, 4, 24), 0, false},
		{xform(ppc64asm.DCBZ, 0, 4, 5), 0, true},
		{xform(ppc64asm.DCBF, 0, 4, 5), 0, true},
		{0x7c2004ac, 0, true}, // lwsync
	} {
		m := newMachine(tc.le)
		m.r.GPR[4], m.r.GPR[5] = scratchBase, 8
		m.r.XER = 7
		e := New(Config{})
		in, err := decode.DecodeWord(tc.w, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		var mem Memory = m.mem
		allocs := testing.AllocsPerRun(100, func() {
			m.r.NIP = cia
			e.ctx.Resv = Reservation{Valid: true, Addr: scratchBase + 8, Size: 8}
			_ = e.Step(&m.r, mem, &in)
		})
		if allocs != 0 {
			t.Errorf("%08x:%08x (%s): %v allocations per step", tc.w, tc.s, in.Op, allocs)
		}
	}
}
