package emulate

import (
	"bytes"
	"errors"
	"fmt"
	"golang.org/x/arch/ppc64/ppc64asm"
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Issue 17 item 9: in 32-bit mode (MSR[SF] = 0) effective addresses are
// computed modulo 2^32 (Power ISA 3.1B Book I 1.10.3), so an access that
// runs past 0xffffffff continues at 0. It used to reach Memory as one call
// at 0xfffffffe of 8 bytes, which faulted at 0x100000000.

// wrapMemory maps the last and the first 256 bytes of the 32-bit address
// space and a reference area at 0x2000. An access that contains poison
// fails with an AccessError naming it (the first failing byte). It records
// every call.
type wrapMemory struct {
	regions.Regions
	poison    uint64
	hasPoison bool
	calls     []string
}

var errWrapPoison = errors.New("poisoned byte")

func newWrapMemory() *wrapMemory {
	hi, lo, ref := make([]byte, 0x100), make([]byte, 0x100), make([]byte, 0x100)
	for i := range hi {
		hi[i], lo[i] = byte(0x10+i), byte(0xa0+i)
	}
	return &wrapMemory{Regions: regions.Regions{
		{Addr: 1<<32 - 0x100, Data: hi, Writable: true},
		{Addr: 0, Data: lo, Writable: true},
		{Addr: 0x2000, Data: ref, Writable: true},
	}}
}

func (m *wrapMemory) check(addr uint64, n int) error {
	if m.hasPoison && m.poison >= addr && m.poison-addr < uint64(n) {
		return &mem.AccessError{Addr: m.poison, Err: errWrapPoison}
	}
	return nil
}

func (m *wrapMemory) Read(addr uint64, p []byte) error {
	m.calls = append(m.calls, fmt.Sprintf("R%x+%d", addr, len(p)))
	if err := m.check(addr, len(p)); err != nil {
		return err
	}
	return m.Regions.Read(addr, p)
}

func (m *wrapMemory) Write(addr uint64, p []byte) error {
	m.calls = append(m.calls, fmt.Sprintf("W%x+%d", addr, len(p)))
	if err := m.check(addr, len(p)); err != nil {
		return err
	}
	return m.Regions.Write(addr, p)
}

func (m *wrapMemory) snapshot() [][]byte {
	var s [][]byte
	for _, r := range m.Regions {
		s = append(s, append([]byte(nil), r.Data...))
	}
	return s
}

// wrapRegs is a 32-bit user-mode register file with every operand the
// cases use set to a distinct pattern.
func wrapRegs(le bool) regs.Regs {
	var r regs.Regs
	r.MSR = (regs.MSRUser64 | regs.MSRFP | regs.MSRVEC | regs.MSRVSX) &^ regs.MSRSF
	if le {
		r.MSR |= regs.MSRLE
	}
	r.NIP = 0x1000
	r.GPR[3] = 0x0102030405060708
	for i := 5; i < 32; i++ {
		r.GPR[i] = 0x1111111111111111 * uint64(i%16)
	}
	r.VSR[3] = regs.VSR{Hi: 0x2122232425262728, Lo: 0x292a2b2c2d2e2f30}
	return r
}

// TestWrap32Examples: ISA results, computed by hand.
func TestWrap32Examples(t *testing.T) {
	// The case: ld r3,0(r4) at 0xfffffffe, bytes 01 00 | 00 00 00
	// 00 00 00, little-endian: r3 = 1.
	m := newWrapMemory()
	m.Regions[0].Data[0xfe], m.Regions[0].Data[0xff] = 1, 0
	clear(m.Regions[1].Data[:6])
	r := wrapRegs(true)
	r.GPR[4] = 0xfffffffe
	if err := New(Config{}).StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0); err != nil || r.GPR[3] != 1 {
		t.Errorf("ld: r3 = %#x, %v; want 1", r.GPR[3], err)
	}
	// stw r3,0(r4) at 0xffffffff, big-endian: 05 | 06 07 08.
	m = newWrapMemory()
	r = wrapRegs(false)
	r.GPR[4] = 0xffffffff
	if err := New(Config{}).StepWord(&r, m, enc(ppc64asm.STW, 3, 0, 4), 0); err != nil {
		t.Fatal(err)
	}
	if got := []byte{m.Regions[0].Data[0xff], m.Regions[1].Data[0], m.Regions[1].Data[1], m.Regions[1].Data[2]}; !bytes.Equal(got, []byte{5, 6, 7, 8}) {
		t.Errorf("stw: % x, want 05 06 07 08", got)
	}
	// The part at 0 faults with a plain error: the fault is at 0.
	m = newWrapMemory()
	m.Regions = m.Regions[:1]
	r = wrapRegs(true)
	r.GPR[4] = 0xfffffffc
	var f *Fault
	if err := New(Config{}).StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0); !errors.As(err, &f) || f.Addr != 0 || f.EA != 0xfffffffc {
		t.Errorf("ld with nothing at 0: %v, want a fault at 0", err)
	}
	// 64-bit mode does not wrap: one access, faulting at 2^32.
	m = newWrapMemory()
	r = wrapRegs(true)
	r.MSR |= regs.MSRSF
	r.GPR[4] = 0xfffffffe
	if err := New(Config{}).StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0); !errors.As(err, &f) || f.Addr != 1<<32 || len(m.calls) != 1 {
		t.Errorf("64-bit ld: %v, calls %v; want one access faulting at 0x100000000", err, m.calls)
	}
}

// TestWrap32FaultAtEveryByte: for loads and stores of every size, at every
// start below 2^32 that wraps, with a fault injected at every byte of the
// access: the fault is at that byte, the registers and memory are
// unchanged. Without a fault, the wrapped access gives what the same
// instruction gives on the same bytes at an address that does not wrap.
func TestWrap32FaultAtEveryByte(t *testing.T) {
	for _, tc := range []struct {
		name  string
		word  uint32
		n     int
		store bool
		be    bool // big-endian only (lmw, stmw and the string ops are illegal in LE)
		align int  // starts that are a multiple of align (0: any)
	}{
		{"lhz", 0xa0640000, 2, false, false, 0},
		{"lwz", 0x80640000, 4, false, false, 0},
		{"lwa", 0xe8640002, 4, false, false, 0},
		{"ld", 0xe8640000, 8, false, false, 0},
		{"ldbrx", 0x7c602428, 8, false, false, 0},
		{"lfd", 0xc8640000, 8, false, false, 0},
		{"lxvd2x", 0x7c602698, 16, false, false, 0},
		{"lmw", 0xbb840000, 16, false, true, 4},
		{"lswi", 0x7ca43caa, 7, false, true, 0},
		{"sth", 0xb0640000, 2, true, false, 0},
		{"stw", 0x90640000, 4, true, false, 0},
		{"std", 0xf8640000, 8, true, false, 0},
		{"stdbrx", 0x7c602528, 8, true, false, 0},
		{"stfd", 0xd8640000, 8, true, false, 0},
		{"stxvd2x", 0x7c602798, 16, true, false, 0},
		{"stmw", 0xbf840000, 16, true, true, 4},
	} {
		for _, le := range []bool{true, false} {
			if le && tc.be {
				continue
			}
			for below := 1; below < tc.n; below++ {
				if tc.align != 0 && below%tc.align != 0 {
					continue // (the hardware profile does not emulate unaligned lmw/stmw)
				}
				ea := uint64(1)<<32 - uint64(below)
				// The reference: the same n bytes at 0x2000.
				m := newWrapMemory()
				copy(m.Regions[2].Data, m.Regions[0].Data[0x100-below:])
				copy(m.Regions[2].Data[below:], m.Regions[1].Data[:tc.n-below])
				ref := wrapRegs(le)
				ref.GPR[4] = 0x2000
				if err := New(Config{}).StepWord(&ref, m, tc.word, 0); err != nil {
					t.Fatalf("%s at 0x2000: %v", tc.name, err)
				}
				refBytes := append([]byte(nil), m.Regions[2].Data[:tc.n]...)

				for poison := -1; poison < tc.n; poison++ {
					m := newWrapMemory()
					if poison >= 0 {
						m.poison, m.hasPoison = (ea+uint64(poison))&0xffffffff, true
					}
					r := wrapRegs(le)
					r.GPR[4] = ea
					before, mem := r, m.snapshot()
					err := New(Config{}).StepWord(&r, m, tc.word, 0)
					where := fmt.Sprintf("%s le=%v at %#x, fault at byte %d", tc.name, le, ea, poison)
					if poison >= 0 {
						var f *Fault
						if !errors.As(err, &f) || !errors.Is(err, errWrapPoison) || f.Addr != m.poison || f.EA != ea || f.Size != tc.n || f.Write != tc.store {
							t.Errorf("%s: %v, want a fault at %#x", where, err, m.poison)
						}
						if r != before {
							t.Errorf("%s: registers changed", where)
						}
						for i, s := range m.snapshot() {
							if !bytes.Equal(s, mem[i]) {
								t.Errorf("%s: memory region %d changed (calls %v)", where, i, m.calls)
							}
						}
						continue
					}
					if err != nil {
						t.Errorf("%s: %v", where, err)
						continue
					}
					got := r
					got.GPR[4] = 0x2000
					if got != ref {
						t.Errorf("%s: registers differ from the same access at 0x2000", where)
					}
					hi, lo := m.Regions[0].Data, m.Regions[1].Data
					if !bytes.Equal(hi[0x100-below:], refBytes[:below]) || !bytes.Equal(lo[:tc.n-below], refBytes[below:]) {
						t.Errorf("%s: memory % x | % x, want % x", where, hi[0x100-below:], lo[:tc.n-below], refBytes)
					}
					// Two accesses, one on each side (a store reads the
					// first part's old bytes first).
					want := []string{fmt.Sprintf("R%x+%d", ea, below), fmt.Sprintf("R0+%d", tc.n-below)}
					if tc.store {
						want = []string{fmt.Sprintf("R%x+%d", ea, below), fmt.Sprintf("W%x+%d", ea, below), fmt.Sprintf("W0+%d", tc.n-below)}
					}
					if fmt.Sprint(m.calls) != fmt.Sprint(want) {
						t.Errorf("%s: Memory calls %v, want %v", where, m.calls, want)
					}
				}
			}
		}
	}
}
