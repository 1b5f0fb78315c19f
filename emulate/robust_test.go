package emulate

import (
	"errors"
	"fmt"
	"golang.org/x/arch/ppc64/ppc64asm"
	"strconv"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Regression tests for issue 17, items 5-8: API edges a hostile caller or
// Memory can reach. Each machine here is built in place (64-bit LE user
// mode, scratch at 0x50000000) so the file depends on no other test file.

const robustScratch = 0x50000000

func robustRegs() regs.Regs {
	var r regs.Regs
	r.MSR = regs.MSRUser64LE | regs.MSRFP | regs.MSRVEC | regs.MSRVSX
	r.NIP = 0x10000000
	return r
}

// callMemory passes accesses to Regions and records their sizes; panicAt,
// if set, makes the next access panic.
type callMemory struct {
	regions.Regions
	sizes   []int
	panicAt bool
	err     error // returned (as is) by every access when set
}

func (m *callMemory) Read(addr uint64, p []byte) error {
	m.sizes = append(m.sizes, len(p))
	if m.panicAt {
		m.panicAt = false
		panic("memory on fire")
	}
	if m.err != nil {
		return m.err
	}
	return m.Regions.Read(addr, p)
}

func (m *callMemory) Write(addr uint64, p []byte) error {
	m.sizes = append(m.sizes, len(p))
	if m.err != nil {
		return m.err
	}
	return m.Regions.Write(addr, p)
}

func newCallMemory() *callMemory {
	return &callMemory{Regions: regions.Regions{{Addr: robustScratch, Data: make([]byte, 0x2000), Writable: true}}}
}

// TestObserverAfterMemoryPanic (item 5): a Memory that panics inside an
// observed step, recovered by the caller, used to leave the observation
// marked active, and the Observer was never called again.
func TestObserverAfterMemoryPanic(t *testing.T) {
	e := New(Config{})
	calls := 0
	e.SetObserver(ObserverFunc(func(*StepRecord) { calls++ }))
	m := newCallMemory()
	r := robustRegs()
	r.GPR[4] = robustScratch
	m.panicAt = true
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the Memory's panic did not reach the caller")
			}
		}()
		e.StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0) // ld r3,0(r4)
	}()
	if calls != 0 {
		t.Errorf("observer called %d times for the panicking step", calls)
	}
	if err := e.StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0); err != nil {
		t.Fatal(err)
	}
	if err := e.StepWord(&r, m, enc(ppc64asm.ADD, 3, 4, 5), 0); err != nil { // add r3,r4,r5
		t.Fatal(err)
	}
	if calls != 2 {
		t.Errorf("observer called %d times for the two steps after the recovered panic, want 2", calls)
	}
}

// TestTypedNilAccessError (item 6): a Memory returning a nil
// *AccessError as its error made Step dereference it. It is a plain error:
// a fault at the access's start, and the registers unchanged.
func TestTypedNilAccessError(t *testing.T) {
	for _, word := range []uint32{0xe8640000, 0xf8640000} { // ld, std r3,0(r4)
		m := newCallMemory()
		m.err = (*mem.AccessError)(nil)
		r := robustRegs()
		r.GPR[3], r.GPR[4] = 7, robustScratch+8
		before := r
		err := New(Config{}).StepWord(&r, m, word, 0)
		var f *Fault
		if !errors.As(err, &f) || !errors.Is(err, ErrDataFault) || f.Addr != robustScratch+8 || f.EA != robustScratch+8 {
			t.Errorf("%08x: %v, want a data fault at %#x", word, err, robustScratch+8)
			continue
		}
		if r != before {
			t.Errorf("%08x: registers changed", word)
		}
		if msg := err.Error(); !strings.Contains(msg, "nil *AccessError") {
			t.Errorf("%08x: message %q", word, msg)
		}
	}
	// A nil *AccessError wrapped in another error is plain too.
	m := newCallMemory()
	m.err = fmt.Errorf("wrapped: %w", (*mem.AccessError)(nil))
	r := robustRegs()
	r.GPR[4] = robustScratch
	if err := New(Config{}).StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0); !errors.Is(err, ErrDataFault) {
		t.Errorf("wrapped: %v", err)
	}
}

// TestConfigValidate (item 7): Validate and NewChecked refuse what New
// cannot honour; New never lets an invalid CacheBlockSize reach Memory (a
// block of 1<<20 used to be one 1 MiB access, 1<<40 ran out of memory).
func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		cfg Config
		ok  bool
	}{
		{Config{}, true},
		{Config{CacheBlockSize: 32}, true},
		{Config{CacheBlockSize: 128, Profile: QEMU, Level: 9}, true},
		{Config{CacheBlockSize: 512}, true},
		{Config{CacheBlockSize: 16}, false},
		{Config{CacheBlockSize: 1024}, false},
		{Config{CacheBlockSize: 96}, false},
		{Config{CacheBlockSize: -128}, false},
		{Config{CacheBlockSize: 1 << 20}, false},
		{Config{CacheBlockSize: 1 << (strconv.IntSize - 2)}, false}, // 1<<62 (1<<30 on 32-bit hosts)
		{Config{Level: 7}, false},
		{Config{Level: 11}, false},
		{Config{Profile: 2}, false},
	} {
		err := tc.cfg.Validate()
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrConfig)) {
			t.Errorf("%+v: Validate = %v, want ok=%v", tc.cfg, err, tc.ok)
		}
		e, err2 := NewChecked(tc.cfg)
		if (e != nil) != tc.ok || (err2 == nil) != tc.ok {
			t.Errorf("%+v: NewChecked = %v, %v", tc.cfg, e, err2)
		}
	}
	for _, bs := range []int{1 << 20, 1 << (strconv.IntSize - 2), 96, 1024} {
		for _, word := range []uint32{0x7c0327ec, 0x7c0327ac} { // dcbz r3,r4; icbi r3,r4
			m := newCallMemory()
			r := robustRegs()
			r.GPR[4] = robustScratch
			before := r
			err := New(Config{CacheBlockSize: bs}).StepWord(&r, m, word, 0)
			if !errors.Is(err, ErrNotEmulated) || !strings.Contains(err.Error(), "CacheBlockSize") || len(m.sizes) != 0 || r != before {
				t.Errorf("block size %d, %08x: %v, Memory calls %v", bs, word, err, m.sizes)
			}
		}
	}
	// The largest valid block is one access and allocates nothing.
	m := newCallMemory()
	r := robustRegs()
	r.GPR[4] = robustScratch
	e := New(Config{CacheBlockSize: MaxCacheBlockSize})
	dcbz := enc(ppc64asm.DCBZ, 3, 4)
	if allocs := testing.AllocsPerRun(10, func() { e.StepWord(&r, m, dcbz, 0) }); allocs != 0 {
		t.Errorf("dcbz of %d bytes: %v allocations", MaxCacheBlockSize, allocs)
	}
	if m.sizes[0] != MaxCacheBlockSize {
		t.Errorf("dcbz accesses %v", m.sizes)
	}
}

// TestFetchFaultSentinel (item 8): an instruction fetch fault matched no
// sentinel and called itself a data access fault.
func TestFetchFaultSentinel(t *testing.T) {
	m := newCallMemory()
	r := robustRegs()
	r.NIP = 0x60000000 // unmapped
	before := r
	err := New(Config{}).Fetch(&r, m)
	var f *Fault
	if !errors.As(err, &f) || !f.Fetch || !errors.Is(err, ErrFetchFault) || errors.Is(err, ErrDataFault) || errors.Is(err, ErrAlignment) {
		t.Errorf("fetch from unmapped memory: %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "instruction fetch fault") {
		t.Errorf("message %q", msg)
	}
	if r != before {
		t.Error("registers changed")
	}
	// A prefixed instruction across a 64-byte boundary: an alignment
	// interrupt on the fetch.
	r.NIP = 0x1000003c
	err = New(Config{}).StepWord(&r, m, 0x04000000, 0xe4640000) // pld r3,0(r4)
	if !errors.Is(err, ErrFetchFault) || !errors.Is(err, ErrAlignment) || errors.Is(err, ErrDataFault) {
		t.Errorf("prefixed across 64 bytes: %v", err)
	}
	// A data fault is no fetch fault.
	r = robustRegs()
	r.GPR[4] = 0x60000000
	if err := New(Config{}).StepWord(&r, m, enc(ppc64asm.LD, 3, 0, 4), 0); !errors.Is(err, ErrDataFault) || errors.Is(err, ErrFetchFault) {
		t.Errorf("ld from unmapped memory: %v", err)
	}
}

// A Config read from outside the program is checked with NewChecked.
func ExampleNewChecked() {
	for _, bs := range []int{128, 1 << 20} {
		_, err := NewChecked(Config{CacheBlockSize: bs})
		fmt.Println(bs, err)
	}
	// Output:
	// 128 <nil>
	// 1048576 emulate: invalid Config: CacheBlockSize 1048576: want 0 or a power of two from 32 to 512
}
