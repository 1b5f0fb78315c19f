// Command ppc64emu decodes and single-steps powerpc64 instructions with the
// ppc64emu library, replays and produces reference traces, runs powerpc64
// Linux programs in user mode, and runs memory images on an emulated
// machine in system mode (the Microwatt SoC), from the command line.
//
// Usage:
//
//	ppc64emu decode [-be|-le] [-json] [-raw] WORD...
//	ppc64emu decode [-be|-le] [-json] [-raw] -bytes HEX
//	ppc64emu step [-be|-le] [-profile hardware|qemu] [-32] [-user|-super] [-next] [-effects] [-json] INSN [ASSIGN...]
//	ppc64emu check [-json] [-strict] [-why] [-be|-le] [-profile hardware|qemu] [-show N] FILE|DIR...
//	ppc64emu run [-L DIR] [-0 ARGV0] [-cpu power9|power10] [-profile hardware|qemu] [-engine block|cached|step|native] [-strace] [-count] [-cpuprofile FILE] [-perfmap] [-hwcap-mask MASK] [-max-memory SIZE] [-max-tasks N] [-core FILE] [-seed N] [-gdb ADDR [-checkpoints N] [-max-history SIZE] [-stop-at-exit]] PROG [ARGS...]
//	ppc64emu record [-o DIR] [run's flags but -gdb] PROG [ARGS...]
//	ppc64emu replay [-count] [-gdb ADDR [-L DIR]] DIR
//	ppc64emu system -machine microwatt [-m SIZE] [-steps N] [-stats] [-gdb ADDR]
//	                [-ips N | -host-time] IMAGE
//	ppc64emu system -machine microwatt -dtb DTB [flags] VMLINUX
//	ppc64emu binfmt [-interpreter PATH] [-install]
//	ppc64emu oracle [-ops LIST | -all] [-n N] [-seed S] [-orders le,be] [-procs P] [-json] [-strict] [-show N] [-save DIR] [-harness PATH]
//	ppc64emu help [COMMAND]
//
// "ppc64emu help COMMAND" (or "ppc64emu COMMAND -h") explains every flag.
//
// A WORD (or INSN) is an instruction as a number: 8 hex digits with an
// optional 0x, or PREFIX:SUFFIX for an 8-byte prefixed instruction. Numbers
// have no byte order; -be and -le matter for -bytes, whose argument is raw
// bytes in memory order, and for the data accesses of step.
//
// decode prints one line per instruction: the encoding, the instruction as
// objdump -d prints it (extended mnemonics: mr, srdi, trap; -raw for the
// base ones), the op, class, ISA level, flags, the kind of a trap and why an
// encoding is invalid:
//
//	$ ppc64emu decode 7fe00008 7c832008 04000000:e4640000
//	7fe00008           trap          op=tw class=trap level=POWER8 flags=- trap=always to=31
//	7c832008           tweq r3,r4    op=tw class=trap level=POWER8 flags=- trap=conditional to=4
//	04000000:e4640000  pld r3,0(r4)  op=pld class=load level=POWER10 flags=prefixed
//
// step runs one instruction on a register file built from ASSIGNs such as
// r4=5 or m@60000000=0011 (see "ppc64emu step -h" for the defaults: a 64-bit
// little-endian problem-state machine with NIP 0x40080000 and an 8 KiB
// writable scratch region at 0x50000000) and prints the outcome and what
// changed:
//
//	$ ppc64emu step 7c642a14 r4=5 r5=7
//	insn:    7c642a14  add r3,r4,r5
//	outcome: emulated
//	r3: 0x0 → 0xc
//	nip: 0x40080000 → 0x40080004
//
//	$ ppc64emu step -be f8640000 r3=1122334455667788 r4=60000000 m@60000000=aaaaaaaaaaaaaaaa
//	insn:    f8640000  std r3,0(r4)
//	outcome: emulated
//	nip: 0x40080000 → 0x40080004
//	m@0x60000000: aaaaaaaaaaaaaaaa → 1122334455667788
//
//	$ ppc64emu step 7fe00008
//	insn:    7fe00008  trap
//	outcome: trap
//
// check replays reference trace files (QEMU results in the format of
// docs/trace-format.md) on the emulator and prints a summary and a per-op
// table of agreement; it exits 1 if any compared vector disagrees:
//
//	$ ppc64emu check testdata/traces
//
// run runs a ppc64le or ppc64 Linux executable (static or dynamic, Go or C)
// in user mode, as qemu-user does, with -L for the libraries' root, -strace
// for the system calls, -count for the instructions executed and -gdb ADDR
// to debug it with GDB ("target remote ADDR", reverse execution included):
//
//	$ ppc64emu run -L /usr/powerpc64le-linux-gnu ./hello
//
// record runs a program as run does and records every input it gets from
// outside its instructions (system call results and the memory they wrote,
// signal frames, time base and darn values, the thread schedule) into a
// directory; replay reproduces the run from it exactly — the same
// instructions, registers at every system call and output — any number of
// times, on any host, without executing a system call:
//
//	$ ppc64emu record -o /tmp/rec ./threads
//	$ ppc64emu replay /tmp/rec
//
// binfmt prints, and with -install registers, the binfmt_misc entries that
// make the kernel run ppc64le and ppc64 executables through ppc64emu.
//
// oracle runs a live differential campaign: fresh random vectors for every
// emulated op go through QEMU (the reference harness under qemu-user) and the
// emulator, and the same per-op table is printed, with a progress line.
//
// With -json, decode prints one JSON object per instruction, step one
// object for the step, and check one object per op.
//
// Exit status: 0 on success (for step: the instruction was emulated); 1 when
// a word did not decode or the step did not emulate (any refusal, fault or
// trap outcome); 2 for a usage error (bad flag, bad hex, unknown register
// name, …). run exits with the program's status (128+N, after killing
// itself with signal N, for a program killed by a signal; 70 for an
// instruction the emulator cannot execute).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Exit codes.
const (
	exitOK    = 0 // success; for step, the instruction was emulated
	exitFail  = 1 // a word did not decode, or the step did not emulate
	exitUsage = 2 // usage error
)

// command is one subcommand. To add one, write its run function and add a
// row to the table in init below.
type command struct {
	name    string
	summary string // one line for the command list
	// run executes the command with the arguments after its name and
	// returns the exit code. It must handle -h by printing its usage to
	// stdout and returning exitOK.
	run func(args []string, stdout, stderr io.Writer) int
}

// commands is the table of subcommands, in the order "help" lists them.
// It is filled in init because help refers back to it.
var commands []command

func init() {
	commands = []command{
		{name: "decode", summary: "decode instruction words and describe them", run: runDecode},
		{name: "step", summary: "emulate one instruction and show what changed", run: runStep},
		{name: "check", summary: "replay reference trace files and compare with the emulator", run: runCheck},
		{name: "run", summary: "run a ppc64le/ppc64 Linux program in user mode", run: runRun},
		{name: "record", summary: "run a program as run does and record it for replay", run: runRecord},
		{name: "replay", summary: "replay a recorded run exactly, without system calls", run: runReplay},
		{name: "system", summary: "run a memory image on an emulated machine in system mode (Microwatt)", run: runSystem},
		{name: "binfmt", summary: "print or install the binfmt_misc registrations for ppc64le/ppc64", run: runBinfmt},
		{name: "oracle", summary: "live differential campaign against QEMU 7.2 (needs qemu-user)", run: runOracle},
		{name: "help", summary: "show help for ppc64emu or one command", run: runHelp},
	}
}

func lookupCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

const mainUsageHead = `ppc64emu decodes and single-steps powerpc64 instructions and runs powerpc64
Linux programs.

Usage:
	ppc64emu COMMAND [ARGUMENTS]

Commands:
`

const mainUsageTail = `
Run "ppc64emu help COMMAND" or "ppc64emu COMMAND -h" for the details of one.

Instructions are numbers: 8 hex digits (optional 0x), or PREFIX:SUFFIX for
a prefixed instruction, e.g. 7c642a14 or 04000000:e4640000.

Exit status:
	0  success (for step: the instruction was emulated)
	1  a word did not decode, or the step did not emulate (not emulated,
	   must not step, trap, illegal, privileged, fault, FP exception)
	2  usage error
`

func mainUsage(w io.Writer) {
	fmt.Fprint(w, mainUsageHead)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-8s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, mainUsageTail)
}

// run is the whole program: it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		mainUsage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		mainUsage(stdout)
		return exitOK
	}
	c := lookupCommand(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "ppc64emu: unknown command %q\nRun 'ppc64emu help' for usage.\n", args[0])
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		mainUsage(stdout)
		return exitOK
	case len(args) > 1:
		fmt.Fprintln(stderr, "ppc64emu help: too many arguments\nUsage: ppc64emu help [COMMAND]")
		return exitUsage
	}
	c := lookupCommand(args[0])
	switch {
	case c == nil:
		fmt.Fprintf(stderr, "ppc64emu help: unknown command %q\nRun 'ppc64emu help' for usage.\n", args[0])
		return exitUsage
	case c.name == "help":
		fmt.Fprintln(stdout, "Usage: ppc64emu help [COMMAND]\n\nShows the usage of ppc64emu, or of one command.")
		return exitOK
	}
	return c.run([]string{"-h"}, stdout, stderr)
}

// newFlagSet returns a flag set for a subcommand that reports errors
// through parseFlags instead of printing them itself.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("ppc64emu "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args with fs, allowing flags after positional arguments
// (up to a "--"), and returns the positional arguments. done reports that
// the command must return code at once: after -h (usage printed to stdout)
// or a bad flag (error printed to stderr).
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (pos []string, code int, done bool) {
	for {
		err := fs.Parse(args)
		if err == flag.ErrHelp {
			fmt.Fprint(stdout, usage)
			return nil, exitOK, true
		}
		if err != nil {
			return nil, usageError(stderr, fs.Name(), "%v", err), true
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, exitOK, false
		}
		// fs.Parse stops at the first positional argument or after "--".
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), exitOK, false
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError prints a usage error for the named command and returns
// exitUsage.
func usageError(stderr io.Writer, name, format string, a ...any) int {
	fmt.Fprintf(stderr, "%s: %s\nRun '%s -h' for usage.\n", name, fmt.Sprintf(format, a...), name)
	return exitUsage
}

// byteOrderFlags registers -be and -le.
type byteOrderFlags struct{ be, le bool }

func (o *byteOrderFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&o.be, "be", false, "big-endian")
	fs.BoolVar(&o.le, "le", false, "little-endian (the default)")
}

// parse is parseFlags for a command with -be and -le: it also refuses the
// two together (a usage error) and returns the chosen order.
func (o *byteOrderFlags) parse(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (pos []string, be bool, code int, done bool) {
	pos, code, done = parseFlags(fs, args, usage, stdout, stderr)
	if !done && o.be && o.le {
		return nil, false, usageError(stderr, fs.Name(), "-be and -le are mutually exclusive"), true
	}
	return pos, o.be, code, done
}

// twoProcesses says that run may be two processes (run.go): main sets
// it, for the ppc64emu program; tests that call run in their own process,
// whose executable is no ppc64emu, run the guest in it.
var twoProcesses bool

func main() {
	twoProcesses = true
	if strings.HasSuffix(filepath.Base(os.Args[0]), binfmtSuffix) {
		// Run by the kernel through a binfmt_misc registration
		// (binfmt.go).
		args, ok := binfmtArgs(os.Args[1:])
		if !ok {
			fmt.Fprintf(os.Stderr, "ppc64emu: run as %s with %q: not the arguments binfmt_misc gives (PROGRAM ARGV0 ARGS...)\n", os.Args[0], os.Args[1:])
			os.Exit(exitUsage)
		}
		os.Exit(runRun(args, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// hexClean removes an optional 0x or 0X prefix.
func hexClean(s string) string {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		return s[2:]
	}
	return s
}
