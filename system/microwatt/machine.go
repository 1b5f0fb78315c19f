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
	"bytes"
	"debug/elf"
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
	// The I/O space: real addresses 0xc0000000 up to 4 GiB (soc.vhdl
	// decodes addresses with bits 31:30 set as I/O).
	ioBase, ioEnd = 0xc0000000, 0x1_0000_0000

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
	errs := []error{alias}
	// The devices in address order; the I/O space between and after them
	// answers as nothing (soc.vhdl's io_cycle_none: the access is acked,
	// a read gives all ones), so a driver probing a device this machine
	// lacks (the device tree of Linux's microwatt.dts names a LiteEth
	// at 0xc8020000) reads ones instead of taking a machine check.
	at := uint64(ioBase)
	for _, d := range []struct {
		name string
		base uint64
		dev  system.Device
	}{
		{"syscon", SysconBase, m.Syscon},
		{"uart0", UARTBase, m.UART},
		{"xics-icp", ICPBase, m.XICS.ICP()},
		{"xics-ics", ICSBase, m.XICS.ICS()},
	} {
		if d.base > at {
			errs = append(errs, m.Bus.AddDevice("io-none", at, d.base-at, noDevice{}))
		}
		errs = append(errs, m.Bus.AddDevice(d.name, d.base, ioWindow, d.dev))
		at = d.base + ioWindow
	}
	errs = append(errs, m.Bus.AddDevice("io-none", at, ioEnd-at, noDevice{}))
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	m.XICS.Sources[IRQUART0] = m.UART.IRQ
	// Microwatt's data cache lines, which dcbz clears, are 64 bytes
	// (dcache.vhdl LINE_SIZE). Its darn never fails (random.vhdl: err is
	// 0): a pseudo-random sequence here, the same on every run.
	var rng uint64
	c := system.NewCPU(m.Bus, emulate.Config{CacheBlockSize: 64, Random: func(int) (uint64, bool) {
		rng += splitmixGamma
		return splitmix64(rng), true
	}, Estimate: Estimate})
	useCore(c)
	c.HILE, c.HypervisorOnly, c.RCFault, c.Attn = true, true, true, true
	c.External = m.XICS.IRQ
	c.Regs.MSR = regs.MSRSF | regs.MSRHV | regs.MSRLE
	c.SPR.LPCR = system.LPCRUPRT | system.LPCRHR | system.LPCRLD
	c.SPR.PVR = PVR
	c.SPR.CTRL = 1
	// Every DEXCR and HDEXCR aspect is set at reset (common.vhdl
	// aspect_bits_init): the hash instructions act.
	const aspects = system.DEXCRSBHE | system.DEXCRIBRTPD | system.DEXCRSRAPD | system.DEXCRNPHIE | system.DEXCRPHIE
	c.SPR.DEXCR, c.SPR.HDEXCR = aspects<<32|aspects, aspects<<32|aspects
	m.CPU = c
	if cfg.Input != nil {
		m.UART.Start(cfg.Input)
	}
	return m, nil
}

// splitmixGamma is the increment of Steele, Lea and Flood's SplitMix64
// generator, whose output for a state is splitmix64's.
const splitmixGamma = 0x9e3779b97f4a7c15

func splitmix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Load puts an image into memory: an ELF file (the magic number
// "\x7fELF") as Microwatt's boot firmware loads one from its SPI flash
// (litedram/gen-src/sdram_init/main.c: a 64-bit little-endian PowerPC
// ELF, each PT_LOAD segment's file bytes copied to its virtual address,
// then a branch to the entry point with the entry address in r3), any
// other image raw at address 0 (Microwatt's .bin files, run from reset).
func (m *Machine) Load(image []byte) error {
	if bytes.HasPrefix(image, []byte(elf.ELFMAG)) {
		return m.loadELF(image)
	}
	if len(image) > len(m.RAM) {
		return fmt.Errorf("microwatt: image of %d bytes does not fit in %d bytes of memory", len(image), len(m.RAM))
	}
	copy(m.RAM, image)
	return nil
}

func (m *Machine) loadELF(image []byte) error {
	f, err := elf.NewFile(bytes.NewReader(image))
	if err != nil {
		return fmt.Errorf("microwatt: %w", err)
	}
	if f.Class != elf.ELFCLASS64 || f.Data != elf.ELFDATA2LSB || f.Machine != elf.EM_PPC64 {
		return fmt.Errorf("microwatt: ELF image is %v %v %v, want a 64-bit little-endian PowerPC one", f.Class, f.Data, f.Machine)
	}
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD {
			continue
		}
		if p.Vaddr > uint64(len(m.RAM)) || p.Filesz > uint64(len(m.RAM))-p.Vaddr {
			return fmt.Errorf("microwatt: ELF segment of %d bytes at %#x is outside the %d bytes of memory", p.Filesz, p.Vaddr, len(m.RAM))
		}
		if _, err := p.ReadAt(m.RAM[p.Vaddr:p.Vaddr+p.Filesz], 0); err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("microwatt: ELF segment at %#x: %w", p.Vaddr, err)
		}
	}
	m.CPU.Regs.NIP = f.Entry
	m.CPU.Regs.GPR[3] = f.Entry
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
