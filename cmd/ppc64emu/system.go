package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ppc64emu/ppc64emu/system/microwatt"
)

const systemUsage = `Usage:
	ppc64emu system -machine microwatt [-m SIZE] [-steps N] [-stats] [-gdb ADDR]
	                [-ips N | -host-time] IMAGE
	ppc64emu system -machine microwatt -dtb DTB [flags] VMLINUX

Runs a memory image on an emulated machine in system mode (a raw image
is loaded at physical address 0 and run from reset; an ELF file's
segments are loaded at their addresses and run from its entry point, as
Microwatt's boot firmware does with a Linux dtbImage.microwatt.elf): supervisor and hypervisor state, interrupts, the
radix MMU and the machine's devices. The machine's console (its UART) is
stdin and stdout. The run ends when the processor executes attn (exit 0),
after -steps instructions, or when it meets an instruction the emulator
cannot execute (exit 1, with the reason on stderr).

With -dtb, the image is a Linux kernel's vmlinux, started as its boot
wrapper would start it, without running the wrapper: its segments at their
physical addresses, the flattened device tree DTB after it, r3 the device
tree's address (the kernel of scripts/linux-boot.sh reaches its shell in
about a third fewer instructions than from its dtbImage.microwatt.elf).

Machines:
	microwatt  the Microwatt SoC: memory at 0 (also at 0x80000000), the
	           syscon at 0xc0000000, a 16550 UART at 0xc0002000, the XICS
	           interrupt controller (ICP 0xc0004000, ICS 0xc0005000); the
	           core starts at 0 in hypervisor, 64-bit, little-endian state

Flags:
	-machine NAME  the machine (microwatt)
	-m SIZE        memory size: bytes, or with a K, M or G suffix
	               (default 384K, Microwatt's simulation)
	-dtb FILE      boot IMAGE as a Linux vmlinux with this device tree
	-ips N         the nominal instruction rate the time base follows:
	               it advances 100000000/N ticks per instruction (default
	               100000000: one tick per instruction); deterministic
	-host-time     the time base follows host time instead (100 MHz, as
	               the machine declares); runs are not repeatable
	-steps N       stop after N steps (0: no limit)
	-step-exact    execute one instruction at a time through the CPU's
	               per-step path instead of running stretches of
	               ordinary instructions through the block engine (the
	               outcome is the same, several times slower; host input
	               is then seen before every instruction)
	-stats         print the number of steps on stderr at the end
	-gdb ADDR      wait for GDB on ADDR (as run -gdb: PORT, HOST:PORT,
	               unix:PATH) before the first instruction; GDB sees one
	               thread, addresses through the current translation
	               (RAM only), breakpoints, single steps and
	               watchpoints (watch, rwatch, awatch on effective
	               addresses of the program's accesses); attn ends
	               the program; "monitor phys ADDR [N]", "monitor
	               translate EA" and "monitor sprs" for physical memory,
	               the MMU and the privileged SPRs
`

func runSystem(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("system")
	machine := fs.String("machine", "", "")
	size := fs.String("m", "", "")
	steps := fs.Uint64("steps", 0, "")
	stats := fs.Bool("stats", false, "")
	gdb := fs.String("gdb", "", "")
	dtbFile := fs.String("dtb", "", "")
	ips := fs.Uint64("ips", 0, "")
	hostTime := fs.Bool("host-time", false, "")
	stepExact := fs.Bool("step-exact", false, "")
	pos, code, done := parseFlags(fs, args, systemUsage, stdout, stderr)
	if done {
		return code
	}
	if *machine != "microwatt" {
		return usageError(stderr, fs.Name(), "-machine: want microwatt, got %q", *machine)
	}
	if len(pos) != 1 {
		return usageError(stderr, fs.Name(), "want one IMAGE")
	}
	var ram uint64
	if *size != "" {
		var ok bool
		if ram, ok = parseSize(*size); !ok {
			return usageError(stderr, fs.Name(), "-m %q: want a positive size such as 384K or 64M", *size)
		}
	}
	image, err := os.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "system: %v\n", err)
		return exitFail
	}
	var dtb []byte
	if *dtbFile != "" {
		if dtb, err = os.ReadFile(*dtbFile); err != nil {
			fmt.Fprintf(stderr, "system: %v\n", err)
			return exitFail
		}
	}
	cfg := microwatt.Config{RAMSize: ram, Console: stdout, Input: os.Stdin, IPS: *ips}
	if *hostTime {
		start := time.Now()
		cfg.Clock = func() time.Duration { return time.Since(start) }
	}
	m, err := microwatt.New(cfg)
	switch {
	case err != nil:
	case dtb != nil:
		err = m.LoadLinux(image, dtb)
	default:
		err = m.Load(image)
	}
	if err != nil {
		fmt.Fprintf(stderr, "system: %v\n", err)
		return exitFail
	}
	m.CPU.StepExact = *stepExact
	if *gdb != "" {
		return serveSystemGDB(*gdb, m.CPU, func() error { return m.Run(*steps) }, stderr)
	}
	err = m.Run(*steps)
	if *stats {
		fmt.Fprintf(stderr, "system: %d steps\n", m.CPU.Steps)
	}
	if err != nil {
		fmt.Fprintf(stderr, "system: %v (NIP %#x)\n", err, m.CPU.Regs.NIP)
		return exitFail
	}
	return exitOK
}
