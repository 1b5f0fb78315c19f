// Package microwatt is the Microwatt SoC as a system-mode machine: a
// Microwatt-like core (hypervisor-only, little-endian, radix MMU without
// hardware R/C updates, attn stops it) with RAM at 0, the syscon, a 16550
// UART and the XICS interrupt controller at Microwatt's addresses, in
// Microwatt's reset state.
//
// The facts come from Microwatt's public sources (antonblanchard/microwatt:
// soc.vhdl, syscon.vhdl, xics.vhdl, execute1.vhdl, mmu.vhdl,
// include/microwatt_soc.h), read, not copied.
package microwatt

import (
	"errors"
	"fmt"
	"io"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/system"
)

// The SoC's physical memory map (microwatt_soc.h).
const (
	MemoryBase = 0x00000000 // main memory (BRAM), also seen at BRAMBase
	BRAMBase   = 0x80000000
	SysconBase = 0xc0000000
	UARTBase   = 0xc0002000
	ICPBase    = 0xc0004000
	ICSBase    = 0xc0005000

	ioWindow = 0x1000

	// IRQUART0 is the UART's ICS source (interrupt number 16+IRQUART0).
	IRQUART0 = 0

	// PVR is what Microwatt's PVR reads.
	PVR = 0x00630000
	// ClockHz is the clock of Microwatt's simulation (core_tb.vhdl),
	// which the syscon reports; the time base counts one per step here.
	ClockHz = 100_000_000
	// DefaultRAM is the memory of Microwatt's simulation (core_tb.vhdl:
	// 384 KiB of BRAM).
	DefaultRAM = 384 << 10
)

// Config describes a machine.
type Config struct {
	RAMSize uint64    // bytes of memory at 0; zero means DefaultRAM
	Console io.Writer // the UART's output (nil: discarded)
	Input   io.Reader // the UART's input (nil: none)
}

// Machine is a Microwatt SoC with one core.
type Machine struct {
	CPU    *system.CPU
	Bus    *system.Bus
	RAM    []byte
	UART   *UART
	XICS   *XICS
	Syscon *Syscon
}

// New builds a machine in its reset state (Microwatt's execute1.vhdl and
// common.vhdl: MSR = SF|HV|LE, NIP = 0, LPCR = UPRT|HR|LD).
func New(cfg Config) (*Machine, error) {
	size := cfg.RAMSize
	if size == 0 {
		size = DefaultRAM
	}
	if size > BRAMBase {
		return nil, fmt.Errorf("microwatt: %d bytes of memory: at most 2 GiB (the address space below 0x80000000)", size)
	}
	m := &Machine{Bus: &system.Bus{}, UART: &UART{Out: cfg.Console}, XICS: NewXICS(),
		Syscon: &Syscon{RAMSize: size, ClockHz: ClockHz}}
	var err error
	if m.RAM, err = m.Bus.AddRAM("memory", MemoryBase, size); err != nil {
		return nil, err
	}
	var alias error
	if size <= SysconBase-BRAMBase {
		// The memory is seen at BRAMBase too, as Microwatt's BRAM is when
		// it is the main memory; a larger memory would reach the devices.
		alias = m.Bus.AddRAMAlias("bram", BRAMBase, MemoryBase)
	}
	errs := []error{
		alias,
		m.Bus.AddDevice("syscon", SysconBase, ioWindow, m.Syscon),
		m.Bus.AddDevice("uart0", UARTBase, ioWindow, m.UART),
		m.Bus.AddDevice("xics-icp", ICPBase, ioWindow, m.XICS.ICP()),
		m.Bus.AddDevice("xics-ics", ICSBase, ioWindow, m.XICS.ICS()),
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	m.XICS.Sources[IRQUART0] = m.UART.IRQ
	// Microwatt's data cache lines, which dcbz clears, are 64 bytes
	// (dcache.vhdl LINE_SIZE).
	c := system.NewCPU(m.Bus, emulate.Config{CacheBlockSize: 64})
	c.HILE, c.HypervisorOnly, c.RCFault, c.Attn = true, true, true, true
	c.External = m.XICS.IRQ
	c.Regs.MSR = regs.MSRSF | regs.MSRHV | regs.MSRLE
	c.SPR.LPCR = system.LPCRUPRT | system.LPCRHR | system.LPCRLD
	c.SPR.PVR = PVR
	c.SPR.CTRL = 1
	m.CPU = c
	if cfg.Input != nil {
		m.UART.Start(cfg.Input)
	}
	return m, nil
}

// Load copies a raw image (Microwatt's .bin files) into memory at 0.
func (m *Machine) Load(image []byte) error {
	if len(image) > len(m.RAM) {
		return fmt.Errorf("microwatt: image of %d bytes does not fit in %d bytes of memory", len(image), len(m.RAM))
	}
	copy(m.RAM, image)
	return nil
}

// Run runs the processor until attn (returns nil), a step that cannot
// go on (its error), or max steps (0: no limit; then
// emulate.ErrStepLimit).
func (m *Machine) Run(max uint64) error {
	c := m.CPU
	for i := uint64(0); max == 0 || i < max; i++ {
		if _, err := c.Step(); err != nil {
			if errors.Is(err, system.ErrAttn) {
				return nil
			}
			return err
		}
	}
	return emulate.ErrStepLimit
}
