package emulate_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Encodings from Power ISA 3.1B.
var (
	wLi3   = enc(ppc64asm.LI, 3, 0)      // addi r3,0,0
	wAddi3 = enc(ppc64asm.ADDI, 3, 3, 1) // addi r3,r3,1
	wBack4 = enc(ppc64asm.B, -4)         // b .-4
	wSc    = enc(ppc64asm.SC, 0)         // sc
	wLd    = enc(ppc64asm.LD, 3, 0, 4)   // ld r3,0(r4)
)

// paddi r3,0,7,0: prefix and suffix.
var wPaddiP, wPaddiS, _ = decode.Encode(ppc64asm.PADDI, 3, 0, 7, 0)

const codeBase = 0x10000

// code maps words at addr in the byte order of msr.
func code(t testing.TB, msr, addr uint64, perm mem.Perm, words ...uint32) *mem.Memory {
	t.Helper()
	m := mem.New()
	if err := m.Map(addr&^(mem.PageSize-1), mem.PageSize, perm); err != nil {
		t.Fatal(err)
	}
	poke(t, m, msr, addr, words...)
	return m
}

func poke(t testing.TB, m *mem.Memory, msr, addr uint64, words ...uint32) {
	t.Helper()
	var order binary.ByteOrder = binary.BigEndian
	if msr&regs.MSRLE != 0 {
		order = binary.LittleEndian
	}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		order.PutUint32(b[4*i:], w)
	}
	if err := m.Poke(addr, b); err != nil {
		t.Fatal(err)
	}
}

func TestFetchInst(t *testing.T) {
	e := emulate.New(emulate.Config{})
	for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
		m := code(t, msr, codeBase, mem.RX, wLd, wPaddiP, wPaddiS)
		r := regs.Regs{MSR: msr, NIP: codeBase}
		before := r
		in, err := e.FetchInst(&r, m)
		if err != nil || in.Op != ppc64asm.LD || in.Word != wLd || in.Len != 4 {
			t.Fatalf("MSR %#x: FetchInst = %v, %v; want ld %#x", msr, in, err, wLd)
		}
		if r != before {
			t.Errorf("FetchInst changed the registers")
		}
		r.NIP = codeBase + 4
		in, err = e.FetchInst(&r, m)
		if err != nil || in.Op != ppc64asm.PADDI || in.Word != wPaddiP || in.Suffix != wPaddiS || in.Len != 8 {
			t.Fatalf("MSR %#x: prefixed FetchInst = %v, %v", msr, in, err)
		}
	}
}

// TestFetchInstWrap32: in 32-bit mode the suffix of a prefix at 0xfffffffc
// is at 0 (effective addresses modulo 2^32).
func TestFetchInstWrap32(t *testing.T) {
	msr := regs.MSRLinuxUserLE &^ regs.MSRSF
	m := code(t, msr, 0xfffffffc, mem.RX, wPaddiP)
	if err := m.Map(0, mem.PageSize, mem.RX); err != nil {
		t.Fatal(err)
	}
	poke(t, m, msr, 0, wPaddiS)
	r := regs.Regs{MSR: msr, NIP: 0xfffffffc}
	in, err := emulate.New(emulate.Config{}).FetchInst(&r, m)
	if err != nil || in.Op != ppc64asm.PADDI || in.Suffix != wPaddiS {
		t.Fatalf("FetchInst = %v, %v; want paddi with suffix %#x from address 0", in, err, wPaddiS)
	}
}

func TestFetchInstFaults(t *testing.T) {
	e := emulate.New(emulate.Config{})
	msr := regs.MSRLinuxUserLE
	tests := []struct {
		name string
		m    emulate.Memory
		nip  uint64
		want []error
		addr uint64
	}{
		{"unmapped", mem.New(), codeBase, []error{emulate.ErrFetchFault, mem.ErrUnmapped}, codeBase},
		{"no-exec", code(t, msr, codeBase, mem.RW, wLi3), codeBase, []error{emulate.ErrFetchFault, mem.ErrPermission}, codeBase},
		{"suffix-unmapped", code(t, msr, codeBase+mem.PageSize-4, mem.RX, wPaddiP), codeBase + mem.PageSize - 4,
			[]error{emulate.ErrFetchFault, mem.ErrUnmapped}, codeBase + mem.PageSize},
		{"nil-memory", nil, codeBase, []error{emulate.ErrFetchFault, emulate.ErrNoMemory}, codeBase},
		{"misaligned", code(t, msr, codeBase, mem.RX, wLi3, wLi3), codeBase + 2,
			[]error{emulate.ErrFetchFault, emulate.ErrAlignment, emulate.ErrMisalignedNIP}, codeBase + 2},
		{"undecodable", code(t, msr, codeBase, mem.RX, 0), codeBase, []error{emulate.ErrIllegal}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := regs.Regs{MSR: msr, NIP: tt.nip}
			before := r
			in, err := e.FetchInst(&r, tt.m)
			if in != nil {
				t.Errorf("FetchInst gave %v", in)
			}
			for _, w := range tt.want {
				if !errors.Is(err, w) {
					t.Errorf("FetchInst = %v, want it to match %v", err, w)
				}
			}
			var f *emulate.Fault
			if errors.As(err, &f) && f.Addr != tt.addr {
				t.Errorf("fault address %#x, want %#x", f.Addr, tt.addr)
			}
			// Fetch and Run give the same outcome and leave r alone.
			if err2 := e.Fetch(&r, tt.m); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("Fetch = %v, FetchInst = %v", err2, err)
			}
			if n, err3 := e.Run(&r, tt.m, emulate.RunOptions{}); n != 0 || err3 == nil || err3.Error() != err.Error() {
				t.Errorf("Run = %d, %v; FetchInst = %v", n, err3, err)
			}
			if r != before {
				t.Errorf("registers changed")
			}
		})
	}
}

// TestStepMisalignedNIP: Step refuses a NIP with its low bits set, and a
// nil Memory gives a data fault naming ErrNoMemory, not a panic.
func TestStepMisalignedNIPAndNilMemory(t *testing.T) {
	e := emulate.New(emulate.Config{})
	r := regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: codeBase + 1}
	before := r
	if err := e.StepWord(&r, nil, wAddi3, 0); !errors.Is(err, emulate.ErrMisalignedNIP) || r != before {
		t.Errorf("misaligned: %v, registers unchanged %v", err, r == before)
	}
	r.NIP = codeBase
	before = r
	if err := e.StepWord(&r, nil, wLd, 0); !errors.Is(err, emulate.ErrDataFault) || !errors.Is(err, emulate.ErrNoMemory) || r != before {
		t.Errorf("ld with nil Memory: %v", err)
	}
	if err := e.StepWord(&r, nil, wAddi3, 0); err != nil || r.GPR[3] != 1 {
		t.Errorf("addi with nil Memory: %v, r3 %d", err, r.GPR[3])
	}
}

func TestRun(t *testing.T) {
	e := emulate.New(emulate.Config{})
	msr := regs.MSRLinuxUserLE
	// li r3,0; loop: addi r3,r3,1; b loop
	m := code(t, msr, codeBase, mem.RX, wLi3, wAddi3, wBack4, wSc)
	run := func(opts emulate.RunOptions) (uint64, error, regs.Regs) {
		r := regs.Regs{MSR: msr, NIP: codeBase}
		n, err := e.Run(&r, m, opts)
		return n, err, r
	}
	n, err, r := run(emulate.RunOptions{MaxSteps: 11})
	if n != 11 || err != emulate.ErrStepLimit || r.GPR[3] != 5 || r.NIP != codeBase+4 {
		t.Errorf("MaxSteps 11: %d, %v, r3 %d, nip %#x; want 11, ErrStepLimit, 5, %#x", n, err, r.GPR[3], r.NIP, codeBase+4)
	}
	n, err, r = run(emulate.RunOptions{Until: []uint64{codeBase + 12, codeBase + 8}, MaxSteps: 100})
	if n != 2 || err != nil || r.NIP != codeBase+8 {
		t.Errorf("Until: %d, %v, nip %#x; want 2, nil, %#x", n, err, r.NIP, codeBase+8)
	}
	n, err, _ = run(emulate.RunOptions{Until: []uint64{codeBase}})
	if n != 0 || err != nil {
		t.Errorf("Until the start: %d, %v; want 0, nil", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err, _ = run(emulate.RunOptions{Context: ctx})
	if n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %d, %v", n, err)
	}
	// Cancelled while running: seen at the next check.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	cm := &cancelAt{m: m, n: 5000, cancel: cancel}
	r = regs.Regs{MSR: msr, NIP: codeBase}
	n, err = e.Run(&r, cm, emulate.RunOptions{Context: ctx})
	if n != 2*emulate.RunCheckInterval || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during: %d, %v; want %d, context.Canceled", n, err, 2*emulate.RunCheckInterval)
	}
	// A failing step stops the run at the instruction.
	m2 := code(t, msr, codeBase, mem.RX, wLi3, wAddi3, wSc)
	r = regs.Regs{MSR: msr, NIP: codeBase}
	n, err = e.Run(&r, m2, emulate.RunOptions{})
	var oe *emulate.OpError
	if n != 2 || !errors.As(err, &oe) || oe.Op != ppc64asm.SC || r.NIP != codeBase+8 || r.GPR[3] != 1 {
		t.Errorf("sc: %d, %v, nip %#x", n, err, r.NIP)
	}
}

// cancelAt cancels a context at its n-th instruction fetch. It holds the
// memory in a named field: embedding *mem.Memory would make it a
// PagedMemory, whose pages Run uses without calling Fetch.
type cancelAt struct {
	m      *mem.Memory
	n      int
	cancel func()
}

func (c *cancelAt) Read(addr uint64, p []byte) error  { return c.m.Read(addr, p) }
func (c *cancelAt) Write(addr uint64, p []byte) error { return c.m.Write(addr, p) }

func (c *cancelAt) Fetch(addr uint64, p []byte) error {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.m.Fetch(addr, p)
}

func TestRunAllocs(t *testing.T) {
	e := emulate.New(emulate.Config{})
	msr := regs.MSRLinuxUserLE
	var m emulate.Memory = code(t, msr, codeBase, mem.RX, wLi3, wAddi3, wBack4)
	r := new(regs.Regs)
	ctx := context.Background()
	opts := emulate.RunOptions{MaxSteps: 1000, Until: []uint64{0x4000}, Context: ctx}
	allocs := testing.AllocsPerRun(20, func() {
		r.MSR, r.NIP = msr, codeBase
		if n, err := e.Run(r, m, opts); n != 1000 || err != emulate.ErrStepLimit {
			t.Fatal(n, err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per 1000-step Run", allocs)
	}
}

func BenchmarkRun(b *testing.B) {
	e := emulate.New(emulate.Config{})
	msr := regs.MSRLinuxUserLE
	var m emulate.Memory = code(b, msr, codeBase, mem.RX, wLi3, wAddi3, wBack4)
	r := regs.Regs{MSR: msr, NIP: codeBase}
	b.ReportAllocs()
	b.ResetTimer()
	n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: uint64(b.N)})
	if err != emulate.ErrStepLimit || n != uint64(b.N) {
		b.Fatal(n, err)
	}
}

// ExampleEmulator_Run runs a loop until an address, then until a step
// limit, as Unicorn's emu_start(begin, until, timeout, count) would.
func ExampleEmulator_Run() {
	m := mem.New()
	_ = m.Map(0x10000, mem.PageSize, mem.RX)
	// li r3,0; addi r3,r3,1; b .-4   (little-endian bytes)
	_ = m.Poke(0x10000, []byte{0, 0, 0x60, 0x38, 1, 0, 0x63, 0x38, 0xfc, 0xff, 0xff, 0x4b})

	e := emulate.New(emulate.Config{})
	r := regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: 0x10000}
	n, err := e.Run(&r, m, emulate.RunOptions{Until: []uint64{0x10008}})
	fmt.Printf("%d steps, %v, nip %#x\n", n, err, r.NIP)

	n, err = e.Run(&r, m, emulate.RunOptions{MaxSteps: 100})
	fmt.Printf("%d steps, %v, r3 %d\n", n, err, r.GPR[3])

	in, _ := e.FetchInst(&r, m) // look at the next instruction without executing it
	fmt.Println("next:", in.Syntax(r.NIP, nil))
	// Output:
	// 2 steps, <nil>, nip 0x10008
	// 100 steps, emulate: step limit reached, r3 51
	// next: b 0x10004
}

// TestEmulates: the per-instruction, per-Config answer (encodings from
// Power ISA 3.1B).
func TestEmulates(t *testing.T) {
	plain := emulate.New(emulate.Config{})
	hooks := emulate.New(emulate.Config{TimeBase: func() uint64 { return 1 }, Random: func(int) (uint64, bool) { return 1, true }})
	p9 := emulate.New(emulate.Config{Level: decode.LevelPOWER9})
	tests := []struct {
		name string
		word uint32
		e    *emulate.Emulator
		want error // nil: emulated
	}{
		{"add", 0x7c642a14, plain, nil},
		{"mftb-no-hook", 0x7c6c42a6, plain, emulate.ErrNotEmulated},
		{"mftb-hook", 0x7c6c42a6, hooks, nil},
		{"mfspr-lr", 0x7c6802a6, plain, nil},
		{"darn-no-hook", 0x7c6105e6, plain, emulate.ErrNotEmulated},
		{"darn-hook", 0x7c6105e6, hooks, nil},
		{"sc", 0x44000002, hooks, emulate.ErrMustNotStep},
		{"rfid", 0x4c000024, hooks, emulate.ErrMustNotStep},
		{"brh-on-power9", 0x7c6301b6, p9, emulate.ErrIllegal}, // brh r3,r3 (ISA 3.1)
	}
	for _, tt := range tests {
		in, err := decode.DecodeWord(tt.word, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := tt.e.Emulates(&in)
		if tt.want == nil && got != nil || tt.want != nil && !errors.Is(got, tt.want) {
			t.Errorf("%s: Emulates = %v, want %v", tt.name, got, tt.want)
		}
		if !emulate.Emulated(in.Op) && got == nil {
			t.Errorf("%s: Emulates nil for an op without semantics", tt.name)
		}
	}
}
