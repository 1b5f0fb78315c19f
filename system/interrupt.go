package system

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/regs"
)

// Vector is an interrupt's vector offset, as the Power ISA 3.1B Book III
// 7.5 names them (Figure "Effective address of interrupt vector by
// interrupt type"). The zero Vector means no interrupt.
type Vector uint32

// The interrupt vectors (Power ISA 3.1B Book III 7.5.1 to 7.5.25).
const (
	VecSystemReset         Vector = 0x100
	VecMachineCheck        Vector = 0x200
	VecDSI                 Vector = 0x300 // data storage
	VecDSegI               Vector = 0x380 // data segment
	VecISI                 Vector = 0x400 // instruction storage
	VecISegI               Vector = 0x480 // instruction segment
	VecExternal            Vector = 0x500
	VecAlignment           Vector = 0x600
	VecProgram             Vector = 0x700
	VecFPUnavailable       Vector = 0x800
	VecDecrementer         Vector = 0x900
	VecHDecrementer        Vector = 0x980 // hypervisor decrementer
	VecDoorbell            Vector = 0xa00 // directed privileged doorbell
	VecSystemCall          Vector = 0xc00
	VecTrace               Vector = 0xd00
	VecHDSI                Vector = 0xe00 // hypervisor data storage
	VecHISI                Vector = 0xe20 // hypervisor instruction storage
	VecHEmulation          Vector = 0xe40 // hypervisor emulation assistance
	VecHMaintenance        Vector = 0xe60 // hypervisor maintenance
	VecHDoorbell           Vector = 0xe80 // directed hypervisor doorbell
	VecHVirtualization     Vector = 0xea0 // hypervisor virtualization
	VecPerfMonitor         Vector = 0xf00
	VecVMXUnavailable      Vector = 0xf20
	VecVSXUnavailable      Vector = 0xf40
	VecFacilityUnavailable Vector = 0xf60
	VecHFacilityUnavail    Vector = 0xf80 // hypervisor facility unavailable
	// VecSystemCallVectored is the base of the scv vectors: scv LEV
	// enters at 0x17000 + LEV×0x20 (or, relocated by LPCR[AIL]=3,
	// 0xc000_0000_0000_3000 + LEV×0x20).
	VecSystemCallVectored Vector = 0x17000
)

var vectorNames = map[Vector]string{
	VecSystemReset: "system reset", VecMachineCheck: "machine check", VecDSI: "data storage",
	VecDSegI: "data segment", VecISI: "instruction storage", VecISegI: "instruction segment",
	VecExternal: "external", VecAlignment: "alignment", VecProgram: "program",
	VecFPUnavailable: "floating-point unavailable", VecDecrementer: "decrementer",
	VecHDecrementer: "hypervisor decrementer", VecDoorbell: "directed privileged doorbell",
	VecSystemCall: "system call", VecTrace: "trace", VecHDSI: "hypervisor data storage",
	VecHISI: "hypervisor instruction storage", VecHEmulation: "hypervisor emulation assistance",
	VecHMaintenance: "hypervisor maintenance", VecHDoorbell: "directed hypervisor doorbell",
	VecHVirtualization: "hypervisor virtualization", VecPerfMonitor: "performance monitor",
	VecVMXUnavailable: "vector unavailable", VecVSXUnavailable: "VSX unavailable",
	VecFacilityUnavailable: "facility unavailable", VecHFacilityUnavail: "hypervisor facility unavailable",
	VecSystemCallVectored: "system call vectored",
}

// String names the interrupt ("program (0x700)").
func (v Vector) String() string {
	if n, ok := vectorNames[v]; ok {
		return fmt.Sprintf("%s (%#x)", n, uint32(v))
	}
	if v > VecSystemCallVectored && v < VecSystemCallVectored+0x1000 {
		return fmt.Sprintf("system call vectored (%#x)", uint32(v))
	}
	return fmt.Sprintf("interrupt %#x", uint32(v))
}

// Hypervisor reports whether the interrupt is one of the hypervisor
// interrupts, which save state in HSRR0/HSRR1 and set MSR[HV] (Power ISA
// 3.1B Book III 7.5: 0x980, 0xe00-0xea0, 0xf80; the external interrupt is
// one too when LPCR[LPES] = 0, which Deliver's caller decides).
func (v Vector) Hypervisor() bool {
	switch v {
	case VecHDecrementer, VecHDSI, VecHISI, VecHEmulation, VecHMaintenance, VecHDoorbell,
		VecHVirtualization, VecHFacilityUnavail:
		return true
	}
	return false
}

// SRR1 bits set by interrupts (Power ISA 3.1B Book III 7.5; bits 33:36 and
// 42:47 are interrupt-specific, the rest of SRR1 is copied from the MSR).
const (
	// srr1Specific is SRR1 bits 33:36 and 42:47: not copied from the MSR.
	srr1Specific = 0x783f0000

	SRR1ISINotFound   = 1 << 30 // bit 33: ISI, no translation
	SRR1Trace         = 1 << 30 // bit 33: trace interrupt
	SRR1TraceLoad     = 1 << 28 // bit 35: trace after a load
	SRR1TraceStore    = 1 << 27 // bit 36: trace after a store
	SRR1TraceCIABR    = 1 << 20 // bit 43: trace for a CIABR match
	SRR1Prefixed      = 1 << 29 // bit 34: the instruction is prefixed (ISA 3.1)
	SRR1ISINoExec     = 1 << 28 // bit 35: ISI, fetch from no-execute or guarded storage
	SRR1ISIProtection = 1 << 27 // bit 36: ISI, protection
	SRR1ProgFP        = 1 << 20 // bit 43: program, floating-point enabled exception
	SRR1ProgIllegal   = 1 << 19 // bit 44: program, illegal instruction
	SRR1ProgPriv      = 1 << 18 // bit 45: program, privileged instruction
	SRR1ProgTrap      = 1 << 17 // bit 46: program, trap
	SRR1ProgNext      = 1 << 16 // bit 47: program, SRR0 holds a later instruction's address
	SRR1ISIBadRadix   = 1 << 19 // bit 44: ISI, radix tree or table configuration error
	SRR1ISIRC         = 1 << 18 // bit 45: ISI, reference bit needs setting (when the MMU does not set it)
)

// LPCR fields used by interrupt delivery (Power ISA 3.1B Book III 2.2,
// Logical Partitioning Control Register).
const (
	LPCRHAIL  = 1 << 26 // bit 37: hypervisor alternate interrupt location
	LPCRILE   = 1 << 25 // bit 38: interrupt little-endian
	lpcrAIL   = 3 << 23 // bits 39:40: alternate interrupt location
	LPCRUPRT  = 1 << 22 // bit 41: use process table
	LPCRHR    = 1 << 20 // bit 43: host radix
	LPCRLD    = 1 << 17 // bit 46: large decrementer
	LPCRHEIC  = 1 << 4  // bit 59: hypervisor external interrupt control
	LPCRLPES  = 1 << 3  // bit 60: logical partitioning environment selector
	LPCRHDICE = 1 << 0  // bit 63: hypervisor decrementer interrupt conditionally enable
)

// altBase is the alternate interrupt location for LPCR[AIL] = 3 and
// LPCR[HAIL] = 1 (Power ISA 3.1B Book III 7.4).
const altBase = 0xc000_0000_0000_4000

// deliver takes interrupt v: saves the return address srr0 and the MSR
// (with the interrupt-specific bits of srr1) in SRR0/SRR1, or in
// HSRR0/HSRR1 for a hypervisor interrupt (hv), sets the new MSR and jumps
// to the vector, relocated as LPCR[AIL] or LPCR[HAIL] say. The rules are
// Power ISA 3.1B Book III 7.4 (interrupt vector location, AIL/HAIL) and
// 7.5 (Figure "MSR setting due to interrupt"): SF = 1; HV = 1 for a
// hypervisor interrupt, else unchanged; TS, TM, S and ME unchanged; RI = 0
// unless the interrupt is a hypervisor one; LE = LPCR[ILE], or the
// hypervisor's HILE for an interrupt taken into hypervisor state; IR and DR
// = 0 unless AIL/HAIL relocates; every other bit 0.
func (c *CPU) deliver(v Vector, srr0, srr1 uint64, hv bool) {
	c.deliverTo(v, srr0, srr1, hv, hv)
}

// deliverTo is deliver with the save registers (HSRR0/1 when hsrr) and
// the setting of MSR[HV] (setHV) chosen apart: a system call with LEV = 1
// sets HV but saves in SRR0/1.
func (c *CPU) deliverTo(v Vector, srr0, srr1 uint64, hsrr, setHV bool) {
	hv := hsrr
	r := &c.Regs
	msr := r.MSR
	saved := msr&^srr1Specific | srr1&srr1Specific
	if hv {
		c.SPR.HSRR0, c.SPR.HSRR1 = srr0, saved
	} else {
		c.SPR.SRR0, c.SPR.SRR1 = srr0, saved
	}
	keep := regs.MSRHV | regs.MSRME | regs.MSRS | regs.MSRTS | regs.MSRTM
	if hv {
		keep |= regs.MSRRI
	}
	nm := msr&keep | regs.MSRSF
	if setHV {
		nm |= regs.MSRHV
	}
	toHV := nm&regs.MSRHV != 0
	if toHV && c.HILE || !toHV && c.SPR.LPCR&LPCRILE != 0 {
		nm |= regs.MSRLE
	}
	addr := uint64(v)
	relocOK := msr&(regs.MSRIR|regs.MSRDR) == regs.MSRIR|regs.MSRDR &&
		v != VecSystemReset && v != VecMachineCheck
	switch {
	case !relocOK:
	case toHV && msr&regs.MSRHV != 0:
		// An interrupt taken from hypervisor state into it: HAIL.
		if c.SPR.LPCR&LPCRHAIL != 0 {
			addr += altBase
			nm |= regs.MSRIR | regs.MSRDR
		}
	case !toHV:
		switch (c.SPR.LPCR & lpcrAIL) >> 23 {
		case 2:
			addr += 0x18000
			nm |= regs.MSRIR | regs.MSRDR
		case 3:
			addr += altBase
			nm |= regs.MSRIR | regs.MSRDR
		}
	}
	r.MSR = nm
	r.NIP = addr
	c.Taken = v
}
