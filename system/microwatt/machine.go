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
	"time"

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
	// which the syscon reports, and the time base frequency (Microwatt's
	// time base counts clock cycles; Linux's microwatt.dts declares
	// timebase-frequency = 100000000).
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
	// IPS is the nominal instruction rate the time base follows: it
	// advances ClockHz/IPS ticks per instruction. Zero means ClockHz, one
	// tick per instruction (a core that completes one instruction per
	// cycle). A run is deterministic either way.
	IPS uint64
	// Clock, if set, makes the time base follow host time instead
	// (system.TimeBase.Clock): ClockHz ticks per second of it.
	Clock func() time.Duration
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
	c.SetTimeBase(system.TimeBase{Freq: ClockHz, IPS: cfg.IPS, Clock: cfg.Clock})
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
	entry, _, err := m.loadSegments(image)
	if err != nil {
		return err
	}
	m.CPU.Regs.NIP = entry
	m.CPU.Regs.GPR[3] = entry
	return nil
}

// loadSegments copies the PT_LOAD segments of a 64-bit little-endian
// PowerPC ELF image to their physical addresses (p_paddr, which equals
// p_vaddr in an image linked to run untranslated, such as a
// dtbImage.microwatt.elf, and is the load address of a vmlinux linked at
// 0xc000000000000000), zeroing each segment's bytes past its file size.
// It returns the entry point as a physical address (its offset in the
// segment that holds it) and the end of the highest segment.
func (m *Machine) loadSegments(image []byte) (entry, end uint64, err error) {
	f, err := elf.NewFile(bytes.NewReader(image))
	if err != nil {
		return 0, 0, fmt.Errorf("microwatt: %w", err)
	}
	if f.Class != elf.ELFCLASS64 || f.Data != elf.ELFDATA2LSB || f.Machine != elf.EM_PPC64 {
		return 0, 0, fmt.Errorf("microwatt: ELF image is %v %v %v, want a 64-bit little-endian PowerPC one", f.Class, f.Data, f.Machine)
	}
	entry = f.Entry
	size := uint64(len(m.RAM))
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD {
			continue
		}
		if p.Paddr > size || p.Memsz > size-p.Paddr || p.Filesz > p.Memsz {
			return 0, 0, fmt.Errorf("microwatt: ELF segment of %d bytes at %#x is outside the %d bytes of memory", p.Memsz, p.Paddr, size)
		}
		seg := m.RAM[p.Paddr : p.Paddr+p.Memsz]
		if _, err := p.ReadAt(seg[:p.Filesz], 0); err != nil && !errors.Is(err, io.EOF) {
			return 0, 0, fmt.Errorf("microwatt: ELF segment at %#x: %w", p.Paddr, err)
		}
		clear(seg[p.Filesz:])
		if f.Entry-p.Vaddr < p.Memsz {
			entry = f.Entry - p.Vaddr + p.Paddr
		}
		end = max(end, p.Paddr+p.Memsz)
	}
	return entry, end, nil
}

// dtbAlign is the alignment of the device tree LoadLinux places after
// the kernel.
const dtbAlign = 64 << 10

// LoadLinux loads a Linux kernel, its vmlinux ELF file, and a flattened
// device tree (a .dtb) as the kernel's boot wrapper would have left them,
// without running the wrapper (which for Microwatt's dtbImage spends
// about 190 million instructions decompressing the kernel): the kernel's
// segments at their physical addresses, the device tree at the next
// 64 KiB boundary after the kernel's end (the wrapper's own device tree
// lies above the kernel too), and the registers the 64-bit kernel's entry
// (arch/powerpc/kernel/head_64.S __start) expects from a flat-tree boot
// loader: NIP the entry point's physical address, r3 the device tree's
// address, r4 and r5 0 (no Open Firmware; arch/powerpc/boot/main.c calls
// the kernel with (ft_addr, 0, NULL)), external interrupts off as the
// wrapper leaves them. The kernel's command line is the device tree's
// /chosen bootargs, or the kernel's built-in one.
func (m *Machine) LoadLinux(vmlinux, dtb []byte) error {
	if len(dtb) < 8 || !bytes.Equal(dtb[:4], []byte{0xd0, 0x0d, 0xfe, 0xed}) {
		return errors.New("microwatt: device tree: not a flattened device tree (magic 0xd00dfeed)")
	}
	entry, end, err := m.loadSegments(vmlinux)
	if err != nil {
		return err
	}
	at := (end + dtbAlign - 1) &^ (dtbAlign - 1)
	if at > uint64(len(m.RAM)) || uint64(len(dtb)) > uint64(len(m.RAM))-at {
		return fmt.Errorf("microwatt: the %d-byte device tree does not fit after the kernel (%#x) in %d bytes of memory", len(dtb), end, len(m.RAM))
	}
	copy(m.RAM[at:], dtb)
	r := &m.CPU.Regs
	r.NIP = entry
	r.GPR[3], r.GPR[4], r.GPR[5] = at, 0, 0
	r.MSR &^= regs.MSREE | regs.MSRRI
	return nil
}

// Run runs the processor until attn (returns nil), a step that cannot
// go on (its error), or max steps (0: no limit; then
// emulate.ErrStepLimit).
func (m *Machine) Run(max uint64) error {
	const runChunk = 1 << 30
	c := m.CPU
	for left := max; max == 0 || left != 0; {
		n := uint64(runChunk)
		if max != 0 {
			n = min(n, left)
		}
		ran, err := c.Run(n)
		left -= ran
		if err != nil {
			if errors.Is(err, system.ErrAttn) {
				return nil
			}
			return err
		}
	}
	return emulate.ErrStepLimit
}
