package system

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Instruction-level tests of interrupt delivery. The expected values are
// the Power ISA 3.1B Book III's rules, section named in each case: 7.4
// (vector locations, LPCR[AIL]/[HAIL]), 7.5 (each interrupt's SRR0, SRR1
// and the "MSR setting due to interrupt" figure: SF = 1, HV set only by
// hypervisor interrupts, ME kept, RI = 0 for SRR-saving interrupts, LE =
// LPCR[ILE] (HILE into hypervisor state), the rest 0; SRR1 bits 33:36 and
// 42:47 the interrupt's, the others the old MSR's).

const testRAM = 1 << 20

// newTestCPU is a CPU on 1 MiB of RAM at 0, not yet started.
func newTestCPU(t *testing.T) (*CPU, []byte) {
	t.Helper()
	bus := &Bus{}
	ram, err := bus.AddRAM("ram", 0, testRAM)
	if err != nil {
		t.Fatal(err)
	}
	return NewCPU(bus, emulate.Config{}), ram
}

func enc(t *testing.T, op decode.Op, args ...int64) uint32 {
	t.Helper()
	w, _, err := decode.Encode(op, args...)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// put writes instruction word w at ram[addr] in the byte order of msr.
func put(ram []byte, addr uint64, w uint32, msr uint64) {
	if msr&regs.MSRLE != 0 {
		binary.LittleEndian.PutUint32(ram[addr:], w)
	} else {
		binary.BigEndian.PutUint32(ram[addr:], w)
	}
}

const (
	sf, hv, ee, pr, fp, me = regs.MSRSF, regs.MSRHV, regs.MSREE, regs.MSRPR, regs.MSRFP, regs.MSRME
	ri, le, ir, dr         = regs.MSRRI, regs.MSRLE, regs.MSRIR, regs.MSRDR
)

type irqCase struct {
	name  string
	word  func(t *testing.T) uint32
	msr   uint64
	setup func(c *CPU)
	want  Vector
	nip   uint64 // expected NIP after the step
	save0 uint64 // expected SRR0 (HSRR0 for hypervisor interrupts)
	save1 uint64 // expected SRR1 (HSRR1)
	msrTo uint64 // expected MSR after the step
	check func(t *testing.T, c *CPU)
}

const at = 0x1000 // where each case's instruction is

func TestInterrupts(t *testing.T) {
	w := func(op decode.Op, args ...int64) func(t *testing.T) uint32 {
		return func(t *testing.T) uint32 { return enc(t, op, args...) }
	}
	user := sf | ee | pr | fp | me | ri // a big-endian problem-state MSR in real mode
	cases := []irqCase{
		{
			// 7.5.14 System Call: SRR0 the next instruction, SRR1 bits
			// 33:36, 42:47 zero; LE from LPCR[ILE]; HV unchanged (0).
			name: "sc", word: w(ppc64asm.SC, 0), msr: user,
			setup: func(c *CPU) { c.SPR.LPCR = LPCRILE },
			want:  VecSystemCall, nip: 0xc00, save0: at + 4, save1: user, msrTo: sf | me | le,
		},
		{
			// 7.5.14: sc LEV=1 is a hypervisor call: HV set, SRR0/1
			// saved, RI kept 0, LE from HILE (0 here).
			name: "sc 1", word: w(ppc64asm.SC, 1), msr: sf | me | ri,
			setup: func(c *CPU) { c.SPR.LPCR = LPCRILE },
			want:  VecSystemCall, nip: 0xc00, save0: at + 4, save1: sf | me | ri, msrTo: sf | hv | me,
		},
		{
			// 7.5.16 System Call Vectored: LR the next instruction, CTR
			// the MSR, SRR0/1 untouched, EE and RI kept, vector 0x17000
			// + LEV×0x20.
			name: "scv", word: w(ppc64asm.SCV, 2), msr: user,
			setup: func(c *CPU) { c.SPR.FSCR = fscrSCV; c.SPR.SRR0 = 0x1234 },
			want:  VecSystemCallVectored + 0x40, nip: 0x17040, save0: 0x1234, save1: 0, msrTo: sf | ee | me | ri,
			check: func(t *testing.T, c *CPU) {
				if c.Regs.LR != at+4 || c.Regs.CTR != user {
					t.Errorf("LR %#x CTR %#x, want %#x %#x", c.Regs.LR, c.Regs.CTR, at+4, user)
				}
			},
		},
		{
			// 7.5.9 Program, privileged instruction: SRR0 the
			// instruction, SRR1 bit 45.
			name: "program privileged", word: w(ppc64asm.MFMSR, 3), msr: user,
			want: VecProgram, nip: 0x700, save0: at, save1: user | 1<<(63-45), msrTo: sf | me,
		},
		{
			// 7.5.9 Program, trap: SRR1 bit 46.
			name: "program trap", word: w(ppc64asm.TW, 31, 0, 0), msr: user,
			want: VecProgram, nip: 0x700, save0: at, save1: user | 1<<(63-46), msrTo: sf | me,
		},
		{
			// 7.5.18 Hypervisor Emulation Assistance for an illegal
			// instruction: HSRR0/HSRR1, HV set, RI kept, HEIR the word.
			name: "illegal", word: func(*testing.T) uint32 { return 0 }, msr: user,
			want: VecHEmulation, nip: 0xe40, save0: at, save1: user, msrTo: sf | hv | me | ri,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.HEIR != 0 {
					t.Errorf("HEIR %#x, want 0 (the word)", c.SPR.HEIR)
				}
			},
		},
		{
			// 7.5.10 Floating-Point Unavailable.
			name: "fp unavailable", word: w(ppc64asm.FADD, 1, 2, 3), msr: user &^ fp,
			want: VecFPUnavailable, nip: 0x800, save0: at, save1: user &^ fp, msrTo: sf | me,
		},
		{
			// 7.5.21 Vector Unavailable.
			name: "vmx unavailable", word: w(ppc64asm.VADDUBM, 1, 2, 3), msr: user,
			want: VecVMXUnavailable, nip: 0xf20, save0: at, save1: user, msrTo: sf | me,
		},
		{
			// 7.5.22 VSX Unavailable.
			name: "vsx unavailable", word: w(ppc64asm.XXLOR, 1, 2, 3), msr: user,
			want: VecVSXUnavailable, nip: 0xf40, save0: at, save1: user, msrTo: sf | me,
		},
		{
			// 7.5.8 Alignment: lwarx at an EA that is not a multiple
			// of 4 (Book II 4.4.2: alignment interrupt); DAR the EA.
			name: "alignment", word: w(ppc64asm.LWARX, 3, 0, 4, 0), msr: user,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x2002 },
			want:  VecAlignment, nip: 0x600, save0: at, save1: user, msrTo: sf | me,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.DAR != 0x2002 {
					t.Errorf("DAR %#x, want 0x2002", c.SPR.DAR)
				}
			},
		},
		{
			// 7.5.11 Decrementer: taken before the instruction when
			// MSR[EE] = 1 and DEC bit 32 (LPCR[LD] = 0) is 1; SRR0 the
			// instruction not executed.
			name: "decrementer", word: w(ppc64asm.ADDI, 3, 0, 1), msr: sf | ee | me | ri,
			setup: func(c *CPU) { c.SPR.DEC = 0xffffffff },
			want:  VecDecrementer, nip: 0x900, save0: at, save1: sf | ee | me | ri, msrTo: sf | me,
			check: func(t *testing.T, c *CPU) {
				if c.Regs.GPR[3] != 0 {
					t.Errorf("r3 %d: the instruction ran", c.Regs.GPR[3])
				}
			},
		},
		{
			// Decrementer with MSR[EE] = 0: no interrupt, the
			// instruction runs.
			name: "decrementer masked", word: w(ppc64asm.ADDI, 3, 0, 1), msr: sf | me | ri,
			setup: func(c *CPU) { c.SPR.DEC = 0xffffffff },
			want:  0, nip: at + 4, msrTo: sf | me | ri,
			check: func(t *testing.T, c *CPU) {
				if c.Regs.GPR[3] != 1 {
					t.Errorf("r3 %d, want 1", c.Regs.GPR[3])
				}
			},
		},
		{
			// 7.5.12 Hypervisor Decrementer: with LPCR[HDICE] = 1 and
			// HDEC bit 0 set, taken in non-hypervisor state whatever
			// MSR[EE]; HSRR0/1, HV set, RI kept.
			name: "hypervisor decrementer", word: w(ppc64asm.ADDI, 3, 0, 1), msr: sf | me | ri,
			setup: func(c *CPU) { c.SPR.LPCR = LPCRHDICE; c.SPR.HDEC = 1 << 63 },
			want:  VecHDecrementer, nip: 0x980, save0: at, save1: sf | me | ri, msrTo: sf | hv | me | ri,
		},
		{
			// 7.5.7 External with LPCR[LPES] = 1: to the OS, SRR0/1.
			name: "external to os", word: w(ppc64asm.ADDI, 3, 0, 1), msr: sf | ee | me | ri,
			setup: func(c *CPU) { c.SPR.LPCR = LPCRLPES; c.External = func() bool { return true } },
			want:  VecExternal, nip: 0x500, save0: at, save1: sf | ee | me | ri, msrTo: sf | me,
		},
		{
			// 7.5.7 External with LPCR[LPES] = 0: a hypervisor
			// interrupt, HSRR0/1, HV set, RI kept.
			name: "external to hypervisor", word: w(ppc64asm.ADDI, 3, 0, 1), msr: sf | ee | me | ri,
			setup: func(c *CPU) { c.External = func() bool { return true } },
			want:  VecExternal, nip: 0x500, save0: at, save1: sf | ee | me | ri, msrTo: sf | hv | me | ri,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.SRR0 != 0 {
					t.Errorf("SRR0 %#x written by a hypervisor interrupt", c.SPR.SRR0)
				}
			},
		},
		{
			// 7.5.15 Trace, single-step (MSR[SE]): after the
			// instruction completes; SRR0 the next instruction, SRR1 bit
			// 33 (the value Microwatt's tests/trace expect), SE cleared.
			name: "single-step", word: w(ppc64asm.ADDI, 3, 0, 1), msr: sf | me | ri | regs.MSRSE,
			want: VecTrace, nip: 0xd00, save0: at + 4, save1: sf | me | ri | regs.MSRSE | 1<<(63-33), msrTo: sf | me,
			check: func(t *testing.T, c *CPU) {
				if c.Regs.GPR[3] != 1 || c.SPR.SIAR != at {
					t.Errorf("r3 %d SIAR %#x: want 1, %#x", c.Regs.GPR[3], c.SPR.SIAR, at)
				}
			},
		},
		{
			// 7.5.15 Trace, branch trace (MSR[BE]) after a taken
			// branch: SRR0 the target.
			name: "branch trace", word: w(ppc64asm.B, 0x100), msr: sf | me | ri | regs.MSRBE,
			want: VecTrace, nip: 0xd00, save0: at + 0x100, save1: sf | me | ri | regs.MSRBE | 1<<(63-33), msrTo: sf | me,
		},
		{
			// 3.3.1 rfid: MSR from SRR1, PR = 1 sets EE, IR, DR; HV
			// cleared (MSR[HV] & SRR1[HV]); NIP = SRR0 with bits 62:63
			// cleared.
			name: "rfid", word: w(ppc64asm.RFID), msr: sf | hv | me,
			setup: func(c *CPU) { c.SPR.SRR0, c.SPR.SRR1 = 0x2003, sf|pr|me|le },
			want:  0, nip: 0x2000, msrTo: sf | pr | me | le | ee | ir | dr,
		},
		{
			// 3.3.1 rfid copies SRR1 bits 0:2, 4:28, 32, 37:41, 49:50,
			// 52:57 and 60:63 (48, 58, 59 with PR's rule): the
			// interrupt-specific bits 33:36 and 42:47 (here 33 and 46,
			// what a trap's program interrupt left in SRR1) do not
			// reach the MSR. Linux returns from its kprobe trap with
			// the saved SRR1.
			name: "rfid interrupt-specific bits", word: w(ppc64asm.RFID), msr: sf | hv | me,
			setup: func(c *CPU) { c.SPR.SRR0, c.SPR.SRR1 = 0x2000, sf|hv|me|ri|le|1<<(63-33)|1<<(63-46) },
			want:  0, nip: 0x2000, msrTo: sf | hv | me | ri | le,
		},
		{
			// The data stream instructions (dssall 0x7e00066c, dst
			// 0x7c2012ac: dst 0,2,1) execute as no-ops on a
			// processor with VMX, as QEMU's and POWER9's (Linux's
			// switch_mm runs dssall there).
			name: "dssall", word: func(*testing.T) uint32 { return 0x7e00066c }, msr: sf | hv | me | regs.MSRVEC,
			want: 0, nip: at + 4, msrTo: sf | hv | me | regs.MSRVEC,
		},
		{
			name: "dst", word: func(*testing.T) uint32 { return 0x7c2012ac }, msr: user,
			want: 0, nip: at + 4, msrTo: user,
		},
		{
			// 5.4.4 mfspr of a privileged SPR (SRR0, 26) in problem
			// state: program interrupt, privileged (SRR1 bit 45).
			name: "mfspr srr0 in problem state", word: w(ppc64asm.MFSPR, 3, 26), msr: user,
			want: VecProgram, nip: 0x700, save0: at, save1: user | 1<<(63-45), msrTo: sf | me,
		},
		{
			// 5.4.4 mtspr of a hypervisor-privileged SPR (LPCR, 318) in
			// privileged non-hypervisor state: hypervisor emulation
			// assistance.
			name: "mtspr lpcr as supervisor", word: w(ppc64asm.MTSPR, 318, 3), msr: sf | me | ri,
			want: VecHEmulation, nip: 0xe40, save0: at, save1: sf | me | ri, msrTo: sf | hv | me | ri,
		},
		{
			// 9.3 with LPCR[LD] = 0 the decrementer is 32 bits: mtspr
			// DEC keeps RS bits 32:63, mfspr DEC sign-extends them.
			name: "dec 32-bit", word: w(ppc64asm.MTSPR, 22, 3), msr: sf | hv | me,
			setup: func(c *CPU) { c.Regs.GPR[3] = 0x12345678_9abcdef0 },
			want:  0, nip: at + 4, msrTo: sf | hv | me,
			check: func(t *testing.T, c *CPU) {
				if got := c.decRead(c.SPR.DEC + 1); got != 0xffffffff_9abcdef0 { // +1: the step's tick
					t.Errorf("DEC reads %#x, want 0xffffffff9abcdef0", got)
				}
			},
		},
		{
			// 3.3.1 rfscv: as rfid from LR and CTR.
			name: "rfscv", word: w(ppc64asm.RFSCV), msr: sf | hv | me,
			setup: func(c *CPU) { c.Regs.LR, c.Regs.CTR = 0x2004, sf|pr|me|le },
			want:  0, nip: 0x2004, msrTo: sf | pr | me | le | ee | ir | dr,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			tc.run(t, c, ram)
		})
	}
}

// run places the case's instruction at at, steps once, and checks the
// interrupt taken, NIP, MSR, the save registers (HSRR0/1 for an interrupt
// into hypervisor state other than sc 1) and the case's own check.
func (tc *irqCase) run(t *testing.T, c *CPU, ram []byte) {
	t.Helper()
	c.Regs.NIP, c.Regs.MSR = at, tc.msr
	if tc.setup != nil {
		tc.setup(c)
	}
	put(ram, at, tc.word(t), tc.msr)
	got, err := c.Step()
	if err != nil {
		t.Fatalf("Step: %v", err)
	}
	if got != tc.want || c.Taken != tc.want {
		t.Fatalf("took %v (Taken %v), want %v", got, c.Taken, tc.want)
	}
	if c.Regs.NIP != tc.nip || c.Regs.MSR != tc.msrTo {
		t.Errorf("NIP %#x MSR %#x, want %#x %#x", c.Regs.NIP, c.Regs.MSR, tc.nip, tc.msrTo)
	}
	if tc.want != 0 {
		s0, s1 := c.SPR.SRR0, c.SPR.SRR1
		if tc.want.Hypervisor() || tc.msrTo&hv != 0 && tc.msr&hv == 0 && tc.want != VecSystemCall {
			s0, s1 = c.SPR.HSRR0, c.SPR.HSRR1
		}
		if s0 != tc.save0 || s1 != tc.save1 {
			t.Errorf("save registers %#x %#x, want %#x %#x", s0, s1, tc.save0, tc.save1)
		}
	}
	if tc.check != nil {
		tc.check(t, c)
	}
}
