package emulate

import (
	"encoding/binary"
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

type machine struct {
	r       regs.Regs
	code    []byte
	scratch []byte
	mem     *regions.Regions
}

// newMachine returns a problem-state, 64-bit machine in the given byte order
// (little-endian if le), NIP at the trace format's CIA.
func newMachine(le bool) *machine {
	m := &machine{code: make([]byte, 0x1000), scratch: make([]byte, 0x2000)}
	m.r.MSR = emutest.MSR
	if le {
		m.r.MSR |= regs.MSRLE
	}
	m.r.NIP = cia
	m.mem = &regions.Regions{
		{Addr: cia, Data: m.code, Writable: true},
		{Addr: scratchBase, Data: m.scratch, Writable: true},
	}
	return m
}

func (m *machine) order() binary.ByteOrder {
	if m.r.MSR&regs.MSRLE != 0 {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// step executes the instruction given as words (prefix first) at NIP.
func (m *machine) step(t testing.TB, p Profile, words ...uint32) error {
	t.Helper()
	b := make([]byte, 4*len(words))
	for i, w := range words {
		m.order().PutUint32(b[4*i:], w)
	}
	return New(Config{Profile: p}).StepBytes(&m.r, m.mem, b)
}

func bothOrders(t *testing.T, f func(t *testing.T, le bool)) {
	t.Run("le", func(t *testing.T) { f(t, true) })
	t.Run("be", func(t *testing.T) { f(t, false) })
}

// TestTraceFormatExamples replays the examples of docs/trace-format.md
// (QEMU 7.2 results) under the QEMU profile.
func TestTraceFormatExamples(t *testing.T) {
	type want struct {
		err   error          // outcome sentinel, nil for st=ok/loop
		delta func(*machine) // expected changes for st=ok
		addr  uint64         // fault address for segv
	}
	tests := []struct {
		name  string
		insn  uint32
		setup func(*machine)
		want  want
	}{
		{"add1", 0x7c642a14, func(m *machine) { m.r.GPR[4], m.r.GPR[5] = 5, 7 },
			want{delta: func(m *machine) { m.r.GPR[3] = 0xc; m.r.NIP = cia + 4 }}},
		{"st1", 0xf8640008, func(m *machine) { m.r.GPR[3], m.r.GPR[4] = 8, scratchBase },
			want{delta: func(m *machine) { m.order().PutUint64(m.scratch[8:], 8); m.r.NIP = cia + 4 }}},
		{"bl1", 0x48000011, nil,
			want{delta: func(m *machine) { m.r.LR = cia + 4; m.r.NIP = cia + 0x10 }}},
		{"trap1", 0x7fe00008, nil, want{err: ErrTrap}},
		{"mfmsr", 0x7c6000a6, nil, want{err: ErrPrivileged}},
		{"ldu0", 0xe8600001, nil, want{err: ErrIllegal}},
		{"ldx_unmapped", 0x7c64282a, func(m *machine) { m.r.GPR[4] = 0x60000000 },
			want{err: ErrDataFault, addr: 0x60000000}},
		{"beqloop", 0x48000000, nil, want{delta: func(m *machine) { m.r.NIP = cia }}},
		{"sc1", 0x44000002, nil, want{err: ErrMustNotStep}},
	}
	cases := make([]stepCase, len(tests))
	for i, tt := range tests {
		cases[i] = stepCase{name: tt.name, word: tt.insn, prof: QEMU, setup: tt.setup, want: tt.want.delta, err: tt.want.err}
		if tt.want.addr != 0 {
			cases[i].check = func(t *testing.T, err error) {
				var f *Fault
				if !errors.As(err, &f) || f.Addr != tt.want.addr {
					t.Fatalf("fault = %+v, want address %#x", f, tt.want.addr)
				}
			}
		}
	}
	runCases(t, cases)
}

// TestProfileInvalidForm: ldu r3,0(0) is an invalid form. QEMU raises
// illegal instruction; the hardware profile does not know what POWER9 does
// and asks for a hardware step.
func TestProfileInvalidForm(t *testing.T) {
	for _, tc := range []struct {
		p    Profile
		want error
	}{{QEMU, ErrIllegal}, {Hardware, ErrNotEmulated}} {
		m := newMachine(true)
		before := m.r
		err := m.step(t, tc.p, 0xe8600001)
		if !errors.Is(err, tc.want) || !errors.Is(err, decode.ErrInvalidForm) {
			t.Errorf("%v: err = %v, want %v wrapping ErrInvalidForm", tc.p, err, tc.want)
		}
		if before != m.r {
			t.Errorf("%v: registers changed", tc.p)
		}
	}
}

// TestProfileReservedBits: mfspr with bit 31 (a reserved bit) set. POWER9
// ignores it (power9-behaviour.md); the QEMU profile raises illegal.
func TestProfileReservedBits(t *testing.T) {
	const mflrR4Rc = 0x7c8802a7 // mfspr r4,LR with the reserved bit 31 set
	m := newMachine(true)
	m.r.LR = 0x1234
	if err := m.step(t, Hardware, mflrR4Rc); err != nil {
		t.Fatalf("hardware: %v", err)
	}
	if m.r.GPR[4] != 0x1234 {
		t.Errorf("hardware: r4 = %#x, want 0x1234", m.r.GPR[4])
	}
	m = newMachine(true)
	before := m.r
	if err := m.step(t, QEMU, mflrR4Rc); !errors.Is(err, ErrIllegal) || !errors.Is(err, decode.ErrReservedBits) {
		t.Errorf("qemu: err = %v, want ErrIllegal wrapping ErrReservedBits", err)
	}
	if before != m.r {
		t.Error("qemu: registers changed")
	}
}

func TestNotEmulatedNamesOp(t *testing.T) {
	m := newMachine(true)
	before := m.r
	err := m.step(t, Hardware, enc(ppc64asm.WAIT, 0, 0)) // wait (not emulated: see TestOpAudit)
	var oe *OpError
	if !errors.Is(err, ErrNotEmulated) || !errors.As(err, &oe) || oe.Op.String() != "wait" {
		t.Fatalf("err = %v, want not emulated naming wait", err)
	}
	if before != m.r {
		t.Error("registers changed")
	}
}

func TestUnknownWordIsIllegal(t *testing.T) {
	for _, w := range []uint32{0, 0x00000001, 0x7c0007fe} {
		m := newMachine(true)
		err := m.step(t, Hardware, w)
		if !errors.Is(err, ErrIllegal) || !errors.Is(err, decode.ErrUnknown) {
			t.Errorf("%08x: err = %v, want ErrIllegal wrapping decode.ErrUnknown", w, err)
		}
	}
}

// recordingMemory logs every access and can fail them.
type recordingMemory struct {
	regions.Regions
	calls []string
	fail  bool
}

func (m *recordingMemory) Read(addr uint64, p []byte) error {
	m.calls = append(m.calls, "r"+string(rune('0'+len(p))))
	if m.fail {
		return mem.ErrUnmapped
	}
	return m.Regions.Read(addr, p)
}

func (m *recordingMemory) Write(addr uint64, p []byte) error {
	m.calls = append(m.calls, "w"+string(rune('0'+len(p))))
	if m.fail {
		return mem.ErrUnmapped
	}
	return m.Regions.Write(addr, p)
}

// TestOneAccessPerInstruction: each access reaches Memory as one call of its
// full size.
func TestOneAccessPerInstruction(t *testing.T) {
	for _, tc := range []struct {
		insn uint32
		want []string
	}{
		{0xe8640000, []string{"r8"}}, // ld r3,0(r4)
		{0xf8640000, []string{"w8"}}, // std r3,0(r4)
		{0x80640000, []string{"r4"}}, // lwz r3,0(r4)
		{0x90640000, []string{"w4"}}, // stw r3,0(r4)
		{0xa8640000, []string{"r2"}}, // lha r3,0(r4)
		{0x98640000, []string{"w1"}}, // stb r3,0(r4)
	} {
		m := newMachine(true)
		m.r.GPR[4] = scratchBase + 16
		rm := &recordingMemory{Regions: *m.mem}
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], tc.insn)
		if err := New(Config{}).StepBytes(&m.r, rm, b[:]); err != nil {
			t.Fatalf("%08x: %v", tc.insn, err)
		}
		if d := cmp.Diff(tc.want, rm.calls); d != "" {
			t.Errorf("%08x: calls (-want +got):\n%s", tc.insn, d)
		}
	}
}

// TestFaultLeavesStateUnchanged: a faulting load/store (including update
// forms) changes no register, and a fault reports address and direction.
func TestFaultLeavesStateUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name  string
		insn  uint32
		write bool
	}{
		{"ld", 0xe8640008, false},
		{"ldu", 0xe8640009, false},
		{"lwzu", 0x84640008, false},
		{"lbzux", 0x7c6428ee, false},
		{"std", 0xf8640008, true},
		{"stdu", 0xf8640009, true},
		{"stwux", 0x7c64296e, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(false)
			m.r.GPR[3], m.r.GPR[4], m.r.GPR[5] = 0x1111, 0x70000000, 8
			m.r.CR, m.r.XER = 0x12345678, regs.XERSO
			before := m.r
			rm := &recordingMemory{Regions: *m.mem, fail: true}
			var b [4]byte
			binary.BigEndian.PutUint32(b[:], tc.insn)
			err := New(Config{}).StepBytes(&m.r, rm, b[:])
			var f *Fault
			if !errors.As(err, &f) || !errors.Is(err, ErrDataFault) || !errors.Is(err, mem.ErrUnmapped) {
				t.Fatalf("err = %v, want a *Fault wrapping ErrUnmapped", err)
			}
			if f.Addr != 0x70000008 || f.Write != tc.write {
				t.Errorf("fault = %+v, want addr 0x70000008 write=%v", f, tc.write)
			}
			if d := cmp.Diff(before, m.r); d != "" {
				t.Errorf("registers changed (-before +after):\n%s", d)
			}
		})
	}
}

func TestPrefixedBoundary(t *testing.T) {
	m := newMachine(true)
	m.r.NIP = cia + 60
	before := m.r
	// pld r3,0(r4),0: prefix 0x04000000, suffix 0xe4640000.
	err := m.step(t, Hardware, 0x04000000, 0xe4640000)
	if !errors.Is(err, ErrAlignment) || !errors.Is(err, decode.ErrPrefixBoundary) {
		t.Fatalf("err = %v, want alignment wrapping ErrPrefixBoundary", err)
	}
	if before != m.r {
		t.Error("registers changed")
	}
}

func TestLevel(t *testing.T) {
	m := newMachine(true)
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], 0x7c6001b8) // brd r0,r3 (ISA 3.1)
	err := New(Config{Level: decode.LevelPOWER9}).StepBytes(&m.r, m.mem, b[:])
	if !errors.Is(err, ErrIllegal) || !errors.Is(err, decode.ErrLevel) {
		t.Fatalf("err = %v, want ErrIllegal wrapping ErrLevel", err)
	}
}

func TestFetch(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		m := newMachine(le)
		m.order().PutUint32(m.code, 0x38600005) // li r3,5
		if err := New(Config{}).Fetch(&m.r, m.mem); err != nil {
			t.Fatal(err)
		}
		if m.r.GPR[3] != 5 || m.r.NIP != cia+4 {
			t.Errorf("r3 = %d, nip = %#x", m.r.GPR[3], m.r.NIP)
		}
		m.r.NIP = 0x10
		before := m.r
		err := New(Config{}).Fetch(&m.r, m.mem)
		var f *Fault
		if !errors.As(err, &f) || !f.Fetch || errors.Is(err, ErrDataFault) {
			t.Errorf("fetch from unmapped: err = %v, want an instruction-fetch Fault", err)
		}
		if before != m.r {
			t.Error("registers changed")
		}
	})
}

// TestFaultAddressFromMemory: an access that runs off the end of a region
// faults at the first unmapped byte (as DAR / si_addr report it); EA keeps
// the start of the access.
func TestFaultAddressFromMemory(t *testing.T) {
	m := newMachine(true)
	m.r.GPR[4] = scratchBase + 0x1ffc
	before := m.r
	err := m.step(t, Hardware, enc(ppc64asm.LD, 3, 0, 4)) // ld r3,0(r4)
	var f *Fault
	if !errors.As(err, &f) || f.Addr != scratchBase+0x2000 || f.EA != scratchBase+0x1ffc || f.Size != 8 {
		t.Fatalf("err = %v (%+v), want a fault at %#x with EA %#x", err, f, scratchBase+0x2000, scratchBase+0x1ffc)
	}
	var ae *mem.AccessError
	if !errors.As(err, &ae) || !errors.Is(err, mem.ErrUnmapped) {
		t.Errorf("the Memory's AccessError is not reachable: %v", err)
	}
	if before != m.r {
		t.Error("registers changed")
	}
}
