//go:build linux

package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"math"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/internal/hostsig"
	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
)

const runUsage = `Usage: ppc64emu run [-L DIR] [-0 ARGV0] [-cpu power9|power10] [-profile hardware|qemu] [-engine block|cached|step|native] [-strace] [-count] [-cpuprofile FILE] [-perfmap] [-hwcap-mask MASK] [-max-memory SIZE] [-max-tasks N] [-core FILE] [-seed N] [-gdb ADDR [-checkpoints N] [-max-history SIZE] [-stop-at-exit]] PROG [ARGS...]

Runs a powerpc64 Linux executable (ppc64le or ppc64, Go or C, static or
dynamically linked; PROG may also be the dynamic loader ld64.so.2 or
ld64.so.1 given the program as its argument) in user mode, with the host's
stdin, stdout, stderr (and every other descriptor ppc64emu inherited
open, such as a shell's 3>file), environment and working directory, and
exits with the program's status. A program killed by a signal
kills ppc64emu with the same signal. Each guest process killed by a
signal whose default action dumps core writes a line on its stderr where
qemu-user 7.2's does: for SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE
and SIGSEGV with the process's core size limit (ulimit -c) 0 ("ppc64emu:
uncaught target signal 11 (Segmentation fault) - core dumped"; qemu-user
writes its own core file otherwise). An instruction the emulator cannot
execute stops the program with a message naming the op, word, address and
thread (exit status 70).

Flags:
	-L DIR           the sysroot: the program's absolute paths (its interpreter, its
	                 libraries, what it opens, stats, lists or reads as a link) are
	                 looked up under DIR first, as with qemu-user's -L (e.g.
	                 /usr/powerpc64le-linux-gnu, or an unpacked ppc64el root file
	                 system). Default: $PPC64EMU_LD_PREFIX, else $QEMU_LD_PREFIX,
	                 else none (the host's own files, as in a chroot)
	-0 ARGV0         the program's argv[0] (default PROG), as qemu-user's -0
	-cpu NAME        power9 or power10 (default): ISA level, AT_HWCAP/AT_HWCAP2, AT_PLATFORM
	-profile NAME    hardware (default) or qemu: the emulator's implementation profile.
	                 hardware follows the Power ISA and POWER9/10 as Linux runs a
	                 program (e.g. enabled FP exceptions trap only in the mode set by
	                 prctl(PR_SET_FPEXC), as feenableexcept does); where no source shows
	                 POWER9/10's result (the fre/frsqrte estimates, undefined results)
	                 it takes the documented choice of the Differences table (the
	                 Runner column: a value within the ISA's bounds, QEMU 7.2's in
	                 most rows). qemu gives QEMU 7.2's values and traps, as qemu-user does
	-engine NAME     native (default), block, cached or step: how the emulator runs
	                 the program's instructions (cached: each instruction's
	                 decoding checked against memory before it runs; block:
	                 cached for code that has run a few times, basic blocks
	                 decoded once for code that runs often; native: block, with
	                 hot blocks' integer operations, loads and stores (and some
	                 vector ones) run as generated x86-64 code on linux/amd64,
	                 block elsewhere; step: every instruction fetched and stepped).
	                 Results are the same under every engine
	-strace          print every system call to stderr, as qemu-user's -strace
	-count           print to stderr at exit the instructions executed, the wall and
	                 CPU (user+system) time the run took, and both rates: MIPS
	                 per wall-clock second and per CPU-second (the latter does
	                 not drop when other processes load the machine), and, when
	                 the program cloned, how many threads (of every process) it had
	-cpuprofile FILE write a Go CPU profile of the emulator itself to FILE (go tool
	                 pprof reads it): where the runner's time goes, for work on its speed
	-perfmap         write /tmp/perf-PID.map (PID: ppc64emu's process id), the map perf
	                 reads to name code generated at run time: a line per piece of
	                 code the native engine generates, named by the guest address of
	                 its first instruction, the guest function containing it with
	                 the offset (from the symbols of the ELF file mapped there, when
	                 it has any), the file and the number of instructions
	                 ("0x7fffa7812340 memcpy+0x40 (libc.so.6) 12"), so that perf
	                 report shows where in the guest the generated code's time goes
	                 (perf record -g ppc64emu run -perfmap PROG; perf report).
	                 A program of the other byte order the guest execs writes its
	                 own file, under its own runner's process id. A file already at
	                 the name is written only if it is your own regular file with one
	                 link (a symbolic link there is refused, not followed)
	-hwcap-mask MASK AND AT_HWCAP with MASK's low 32 bits and AT_HWCAP2 with its high 32
	                 bits (e.g. 0x0000000048000100 hides the vector facilities from libc)
	-gdb ADDR        stop before the first instruction and wait for GDB on ADDR
	                 ("target remote ADDR" in GDB): a TCP port (:1234 or 1234) on the
	                 loopback address 127.0.0.1, host:port for another address
	                 (0.0.0.0:1234: every interface), or a Unix socket (unix:PATH, or a
	                 PATH containing '/'; created with mode 0600, removed at exit).
	                 The stub has no authentication: whoever connects controls the
	                 program, and through its system calls every file, socket and
	                 process your user can reach. The program runs at the emulator's
	                 speed (breakpoints and watchpoints are hooks) and is recorded in
	                 memory as by ppc64emu record: reverse-continue, reverse-stepi,
	                 reverse-next and reverse-finish work over the whole run, across
	                 mmap, signals and threads, by replaying it from checkpoints (rr's
	                 model; the past is read-only; "monitor when", "monitor goto N").
	                 When forward execution gets back to where the program stopped,
	                 it runs on for real. Use reverse-* directly (GDB's own 'record'
	                 is not needed: it single-steps everything over the link).
	                 GDB reads the program's files through the stub (read-only, as
	                 the program opens them: its libraries under -L, its /proc/PID),
	                 so "set sysroot" is not needed; info proc works
	-checkpoints N   with -gdb, the most checkpoints kept for reverse execution, one
	                 every 2^24 instructions (default 256): beyond them the one
	                 farthest from where GDB is is dropped (going back there replays
	                 from an older point); 0 records nothing (no reverse execution)
	-max-history SIZE with -gdb, bound the recording kept in memory (bytes, or with
	                 K, M, G; default 1G): the run is recorded in segments, each
	                 beginning with the whole state of the program (its non-zero
	                 pages and registers) and 2^27 instructions or SIZE/4 bytes long;
	                 when a segment ends the oldest are dropped while the rest is over
	                 3/4 SIZE, so at most SIZE and one state of the program are kept.
	                 Reverse execution stops at the oldest point kept ("No more
	                 reverse-execution history."); forwards from there is the run
	-stop-at-exit    with -gdb, the end of the program is the end of the history (GDB:
	                 "No more reverse-execution history.", stopped in the exit system
	                 call) and GDB can go back from there, as under ppc64emu replay;
	                 kill or detach ends the session
	-max-memory SIZE bound the memory the guest's processes map, together (bytes,
	                 or with K, M, G, T): each one's RLIMIT_AS, which it cannot
	                 raise, and their sum; mmap, mremap and brk beyond it fail
	                 with ENOMEM, and so does a fork whose copy would go beyond
	                 it (a fork counts the parent's mappings again). Without it,
	                 the runner's own RLIMIT_AS (ulimit -v) is each guest
	                 process's
	-max-tasks N     bound the guest's threads and processes together (default
	                 4096): clone, fork and vfork beyond it fail with EAGAIN, so a
	                 fork bomb stops there. RLIMIT_NPROC is honoured too, except
	                 for root (as Linux)
	-core FILE       when a signal whose default action dumps core (SIGSEGV, SIGABRT,
	                 SIGILL, SIGBUS, SIGFPE, SIGQUIT, SIGTRAP, SIGSYS, …) kills the
	                 program or a process it started, write a Linux-format ELF core file to FILE (threads'
	                 registers, FP/VMX/VSX, auxv, mappings) that gdb reads with the
	                 program: gdb-multiarch PROG FILE. As in Linux's core_pattern,
	                 %p in FILE is the process id, %i the thread's, %s the signal,
	                 %e the command name, %t the time (-core core.%e.%p). The
	                 program's soft RLIMIT_CORE starts at its hard limit (as after
	                 ulimit -c hard) and bounds the file as Linux's; a core cut
	                 short, or none (RLIMIT_CORE below a page), is no dump
	-seed N          make the program's random numbers a function of N (an unsigned
	                 64-bit number): getrandom's, the AT_RANDOM bytes, reads of
	                 /dev/urandom and /dev/random, the darn instruction's. Two runs
	                 with one seed draw the same numbers (mkstemp's names too), so a
	                 program that depends on nothing else (the clock, process ids,
	                 other threads and processes) runs the same instructions. Each
	                 process has its own numbers (a forked child's seeded from its
	                 parent's); a program of the other byte order it execs runs
	                 seeded too. Without -seed: the host's
`

// killSelf is what run does with a guest killed by a signal; main's default
// kills the process with that signal, tests replace it.
var killSelf = func(sig int) {
	// Go's runtime handles SIGABRT, SIGSEGV, … itself (with a traceback),
	// so set the kernel's default action directly, without core dump files,
	// and send the signal to this thread with it unblocked.
	runtime.LockOSThread()
	signal.Reset(syscall.Signal(sig))
	_ = unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{})
	rawSigaction(sig, &[8]uint64{}, nil) // SIG_DFL
	set := uint64(1) << (sig - 1)
	_, _, _ = unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_UNBLOCK, uintptr(unsafe.Pointer(&set)), 0, 8, 0, 0)
	_ = unix.Tgkill(unix.Getpid(), unix.Gettid(), syscall.Signal(sig))
	time.Sleep(time.Second)
}

func runRun(args []string, stdout, stderr io.Writer) int {
	return runProgram("run", runUsage, args, stdout, stderr)
}

// heapFloorSize is the runner's heap floor (heapFloor).
const heapFloorSize = 32 << 20

// heapFloor returns a block of heapFloorSize bytes that a run keeps
// alive and never touches, unless GOGC is set in the environment (then
// nil): Go's collector paces itself on the live heap, which the floor
// raises, so a short guest program (most of the runner's corpus: its
// ELF pages, decoded code and the emulator's tables come to 3-4 MB) ends
// before a first collection, and a long one collects as often as before
// plus once per 32 MiB. The floor's pages are fresh from the OS and never
// written, so they are neither zeroed nor resident. Measured on
// c-exit.le (issue 29 item 3): the collection it saves and its page
// faults were 10% of the run's CPU samples; GOGC=400, to the same end,
// took 1,652 -> 1,364 page faults.
func heapFloor() []byte {
	if _, ok := os.LookupEnv("GOGC"); ok {
		return nil
	}
	return make([]byte, heapFloorSize)
}

// runRecord is record: run with a recording (record.go).
func runRecord(args []string, stdout, stderr io.Writer) int {
	return runProgram("record", recordUsage, args, stdout, stderr)
}

// runProgram is run, or record (name), whose usage is usage.
func runProgram(name, usage string, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet(name)
	var outDir *string
	if name == "record" {
		outDir = fs.String("o", "", "")
	}
	sysroot := fs.String("L", "", "")
	argv0 := fs.String("0", "", "")
	cpu := fs.String("cpu", "power10", "")
	profile := fs.String("profile", "hardware", "")
	engine := fs.String("engine", "native", "")
	strace := fs.Bool("strace", false, "")
	count := fs.Bool("count", false, "")
	var cpuProfile *string
	if name == "run" {
		cpuProfile = fs.String("cpuprofile", "", "")
	}
	perfMap := new(bool)
	if name == "run" {
		perfMap = fs.Bool("perfmap", false, "")
	}
	mask := fs.String("hwcap-mask", "", "")
	gdbAddr := fs.String("gdb", "", "")
	checkpoints := fs.Int("checkpoints", linux.DefaultCheckpoints, "")
	maxHistory := fs.String("max-history", "", "")
	stopAtExit := fs.Bool("stop-at-exit", false, "")
	maxMem := fs.String("max-memory", "", "")
	core := fs.String("core", "", "")
	maxTasks := fs.Int("max-tasks", 0, "")
	seed := fs.String("seed", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
		fmt.Fprintf(stderr, "ppc64emu %s: %v\n%s", name, err, usage)
		return exitUsage
	}
	pos := fs.Args()
	if len(pos) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if outDir != nil && *gdbAddr != "" {
		fmt.Fprintf(stderr, "ppc64emu record: -gdb is for run and replay (a recording is debugged with ppc64emu replay -gdb)\n")
		return exitUsage
	}
	// Before run catches any signal (backLink, forwardSignals).
	ignored := ignoredSignals()
	var link *backInfo
	if twoProcesses {
		var err error
		if link, err = backLink(); err != nil {
			fmt.Fprintf(stderr, "ppc64emu %s: %v\n", name, err)
			return exitFail
		}
	}
	if twoProcesses && link == nil && name == "run" && !*count && *cpuProfile == "" && !*perfMap && !linux.SecureExec() {
		if code, ok := runFront(); ok {
			return code
		}
	}
	var backErr *backStderr
	if link != nil {
		// Its messages go to the caller's stderr when the front has gone
		// (run_late.go).
		backErr = newBackStderr(stderr)
		stderr = backErr
	}
	floor := heapFloor()
	defer runtime.KeepAlive(floor)
	extra := inheritedFiles()
	defer closeFiles(extra)
	cfg := linux.Config{CPU: *cpu, Sysroot: sysrootDir(*sysroot), Core: *core, MaxTasks: *maxTasks, ExtraFiles: extra}
	cfg.IgnoredSignals = ignored
	cfg.Uncaught = uncaughtLine
	if link != nil {
		cfg.Pid, cfg.ParentPid = link.pid, link.ppid
	}
	if exe, err := os.Executable(); err == nil && strings.HasPrefix(filepath.Base(exe), "ppc64emu") {
		// A program of the other byte order, exec'd by the guest, runs
		// under another ppc64emu run with the same settings.
		cfg.Runner = []string{exe, "run", "-cpu", *cpu, "-profile", *profile}
		if cfg.Sysroot != "" {
			cfg.Runner = append(cfg.Runner, "-L", cfg.Sysroot)
		}
		if *perfMap {
			cfg.Runner = append(cfg.Runner, "-perfmap")
		}
	}
	prof, ok := emulate.ParseProfile(*profile)
	if !ok {
		fmt.Fprintf(stderr, "ppc64emu %s: unknown profile %q\n", name, *profile)
		return exitUsage
	}
	cfg.Profile = prof
	eng, ok := emulate.ParseEngine(*engine)
	if !ok {
		fmt.Fprintf(stderr, "ppc64emu run: unknown engine %q\n", *engine)
		return exitUsage
	}
	cfg.Engine = eng
	if backErr != nil {
		// Before the guest's descriptors close, which may end the
		// caller's pipe once the front has gone (run_late.go).
		cfg.Ending = func(_ linux.ExitStatus, err error) {
			if err != nil {
				reportError(backErr, err, prof)
			}
		}
	}
	if *maxMem != "" {
		v, ok := parseSize(*maxMem)
		if !ok {
			fmt.Fprintf(stderr, "ppc64emu %s: bad -max-memory %q\n", name, *maxMem)
			return exitUsage
		}
		cfg.MaxMemory = v
	}
	if *seed != "" {
		v, err := strconv.ParseUint(*seed, 0, 64)
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu %s: bad -seed %q\n", name, *seed)
			return exitUsage
		}
		cfg.Seed = &v
	}
	if *strace {
		cfg.Strace = stderr
	}
	if *mask != "" {
		v, err := strconv.ParseUint(hexClean(*mask), 16, 64)
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu %s: bad -hwcap-mask %q\n", name, *mask)
			return exitUsage
		}
		cfg.HWCapMask = v
	}
	var ln net.Listener
	if *gdbAddr != "" {
		if *checkpoints == 0 {
			*checkpoints = -1
		}
		cfg.Debug = &linux.DebugConfig{Checkpoints: *checkpoints, StopAtExit: *stopAtExit, Messages: stderr}
		if *maxHistory != "" {
			v, ok := parseSize(*maxHistory)
			if !ok || v == 0 || v > math.MaxInt64 {
				fmt.Fprintf(stderr, "ppc64emu run: bad -max-history %q\n", *maxHistory)
				return exitUsage
			}
			cfg.Debug.MaxHistory = int64(v)
		}
		var err error
		if ln, err = gdbListen(*gdbAddr, stderr); err != nil {
			fmt.Fprintf(stderr, "ppc64emu run: -gdb: %v\n", err)
			return exitFail
		}
		defer ln.Close()
	}
	if outDir != nil {
		f, err := createRecording(*outDir, pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu record: %v\n", err)
			return exitFail
		}
		defer func() {
			if err := f.Close(); err != nil {
				fmt.Fprintf(stderr, "ppc64emu record: %v\n", err)
			}
		}()
		cfg.Record = f
		if *outDir == "" {
			fmt.Fprintf(stderr, "ppc64emu record: recording to %s\n", filepath.Dir(f.Name()))
		}
	}
	if cpuProfile != nil && *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu run: -cpuprofile: %v\n", err)
			return exitFail
		}
		defer stop()
	}
	if *perfMap {
		f, err := createPerfMap(perfMapPath(os.Getpid()))
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu run: -perfmap: %v\n", err)
			return exitFail
		}
		defer f.Close()
		cfg.PerfMap = f
	}
	start, startCPU := time.Now(), cpuTime()
	argv := pos
	if *argv0 != "" {
		argv = append([]string{*argv0}, pos[1:]...)
	}
	// Run as one process, the runner catches the signals it passes on
	// before the guest starts: one sent once the guest has said it is
	// ready would otherwise find them not yet caught (the runner killed
	// by its default action) or caught but not yet watched (no sender).
	// One that comes while the guest loads waits for its start.
	var p *linux.Process
	started := make(chan struct{})
	stopSignals := func() {}
	if link == nil {
		caught, deliver := notifiedSignals, deliverSignal
		if ln != nil {
			caught, deliver = frontSignals(), gdbDeliver
		}
		stopSignals = forwardSignals(caught, func(kind byte, sig int, from linux.Sender) {
			if <-started; p != nil {
				deliver(p, kind, sig, from)
			}
		})
	}
	p, err := linux.Start(pos[0], argv, os.Environ(), cfg)
	close(started)
	if err != nil {
		stopSignals()
		if errors.Is(err, loader.ErrNotPPC64) && !errors.Is(err, linux.ErrInterpreter) {
			// The loader's sentence says what the file is, not which.
			fmt.Fprintf(stderr, "ppc64emu %s: %s: %v\n", name, pos[0], err)
			return exitFail
		}
		fmt.Fprintf(stderr, "ppc64emu %s: %v\n", name, err)
		if errors.Is(err, linux.ErrInterpreter) && errors.Is(err, iofs.ErrNotExist) && cfg.Sysroot == "" {
			fmt.Fprintf(stderr, "ppc64emu %s: (a dynamically linked program: give its libraries' root with -L DIR, e.g. -L /usr/powerpc64le-linux-gnu)\n", name)
		}
		return exitFail
	}
	// The guest has its own duplicates: the runner's would keep a pipe's
	// end open after the guest closed it.
	closeFiles(extra)
	if ln != nil {
		if link != nil {
			return runBackGDB(p, link, ln, stderr)
		}
		defer stopSignals()
		return serveGDB(ln, p, stderr, func() {})
	}
	finish := func(st linux.ExitStatus, err error) int {
		if *count {
			fmt.Fprintln(stderr, countReport(p.Instructions(), p.Tasks(), time.Since(start), cpuTime()-startCPU))
		}
		if err != nil {
			if backErr == nil { // else told as the run ended
				reportError(stderr, err, prof)
			}
			return 70
		}
		if st.Signal != 0 {
			reportDeath(p, pos[0], stderr)
			killSelf(st.Signal)
			return 128 + st.Signal
		}
		return st.Code
	}
	if link != nil {
		return runBack(p, link, pos[0], backErr, finish)
	}
	unfollow := followStops(p)
	st, err := p.Wait()
	unfollow()
	stopSignals()
	return finish(st, err)
}

// reportError prints on stderr the error that stopped the run (a
// *linux.StopError: an instruction the emulator cannot execute), with a
// hint where -profile qemu would have executed it.
func reportError(stderr io.Writer, err error, prof emulate.Profile) {
	fmt.Fprintln(stderr, err)
	if prof == emulate.Hardware && errors.Is(err, emulate.ErrNotEmulated) {
		fmt.Fprintln(stderr, "ppc64emu: (-profile qemu gives QEMU 7.2's result for such instructions)")
	}
}

// reportDeath prints on stderr what run says of a program killed by sig
// beside qemu-user's line (uncaughtLine, which the guest process wrote):
// where the core file went (-core).
func reportDeath(p *linux.Process, prog string, stderr io.Writer) {
	if path, err := p.CoreDump(); err != nil {
		fmt.Fprintf(stderr, "ppc64emu: no core file: %v\n", err)
	} else if path != "" {
		fmt.Fprintf(stderr, "ppc64emu: core file %s (gdb %s %s)\n", path, prog, path)
	}
}

// How run passes a signal it received on to the guest (deliverSignal): as
// one for the first guest process (Process.Signal), from a process
// (UserSignal), from its terminal (TerminalSignal), or to its whole
// process group (GroupSignal).
const (
	sigPlain    = 's'
	sigUser     = 'u'
	sigTerminal = 't'
	sigGroup    = 'g'
)

// deliverSignal passes sig, received as kind says (from the host process
// from, for sigUser and sigGroup), to the guest.
func deliverSignal(p *linux.Process, kind byte, sig int, from linux.Sender) {
	switch kind {
	case sigPlain:
		p.Signal(sig)
	case sigUser:
		p.UserSignalFrom(sig, from)
	case sigTerminal:
		p.TerminalSignal(sig)
	case sigGroup:
		p.GroupSignalFrom(sig, from)
	}
}

// signalMsgSize is the size of the front's message to the back for a
// signal it passes on: kind, signal, the sender's pid and uid (32 bits
// each, the host's byte order).
const signalMsgSize = 10

// signalMsg is the front's message for sig, received as kind says, from.
func signalMsg(kind byte, sig int, from linux.Sender) []byte {
	m := []byte{kind, byte(sig)}
	m = binary.NativeEndian.AppendUint32(m, uint32(from.Pid))
	return binary.NativeEndian.AppendUint32(m, uint32(from.UID))
}

// readSignalMsg reads signalMsg's message.
func readSignalMsg(m [signalMsgSize]byte) (kind byte, sig int, from linux.Sender) {
	from.Pid = int(int32(binary.NativeEndian.Uint32(m[2:])))
	from.UID = int(binary.NativeEndian.Uint32(m[6:]))
	return m[0], int(m[1]), from
}

// notifiedSignals are the signals run catches and passes on to the guest;
// the others act on the runner as their default actions do (SIGTSTP
// stops it as a whole, unless it runs in two processes: frontSignals,
// backSignals).
var notifiedSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT,
	syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGWINCH, syscall.SIGALRM, syscall.SIGCONT}

// forwardSignals catches the signals sent to the runner among caught and
// calls deliver for each with how it came, until the returned stop is
// called: signals sent to the runner go to the guest, as the kernel would deliver them to
// it; those its terminal sent its foreground group (SI_KERNEL, which
// internal/hostsig tells where it can) go to the guest's foreground group
// of that terminal, and those a process sent the runner's whole process
// group (hostsig.GroupSender: timeout's) to every guest process of that
// group.
func forwardSignals(caught []os.Signal, deliver func(kind byte, sig int, from linux.Sender)) (stop func()) {
	sigs := make(chan os.Signal, 8)
	// Those Go's runtime handles from its start are watched before they
	// are caught: one that arrived between Notify and Watch would reach
	// deliver without its sender (the -count case of
	// TestRunnerSignalSender). The others (SIGCONT, SIGTSTP, SIGTTIN,
	// SIGTTOU; SIGHUP and SIGINT if ignored at the start) get Go's handler
	// from Notify only, and an arrival before the second Watch has none.
	for _, s := range caught {
		hostsig.Watch(s)
	}
	signal.Notify(sigs, caught...)
	watched := map[syscall.Signal]bool{}
	for _, s := range caught {
		watched[s.(syscall.Signal)] = hostsig.Watch(s)
	}
	leader := syscall.Getpid() == sessionID()
	go func() {
		for s := range sigs {
			n := s.(syscall.Signal)
			kernel := watched[n] && hostsig.Kernel(n)
			var from linux.Sender
			if watched[n] && !kernel {
				from.Pid, from.UID = hostsig.SenderID(n) // the siginfo's si_pid and si_uid
			}
			switch {
			case !watched[n]:
				deliver(sigPlain, int(n), from)
			case kernel && slices.Contains(ttySignals, n) && !(n == syscall.SIGHUP && leader):
				deliver(sigTerminal, int(n), from)
			case !kernel && hostsig.GroupSender(n):
				deliver(sigGroup, int(n), from)
			default:
				deliver(sigUser, int(n), from)
			}
		}
	}()
	return func() {
		for _, s := range caught {
			hostsig.Unwatch(s)
		}
		signal.Stop(sigs)
	}
}

// Run in two processes. The runner's guest processes are goroutines of
// one host process (package linux), but under Linux or qemu-user the
// first one is the process its caller started and waits for: when it
// ends, its caller goes on (a shell's next command, a script's end) while
// the processes it left in the background run on. So run (-gdb
// included: runBackGDB; not with -count, -cpuprofile or -perfmap, which
// are about the whole run, nor when its own start was
// privilege-elevated) is two: the front, the process the
// caller started, starts the back (this program again, runFront) with
// its descriptors, environment and arguments, and passes it the signals
// it gets (forwardSignals) for the first guest process; the back runs the
// guest, its first process with the front's process id and parent
// (linux.Config.Pid), and gives a signal it gets itself, which came
// through the host process group (no one else knows its pid), to the
// group's other guest processes: each gets a kill of the group once, as
// under Linux, where run alone could not tell one from a kill of its
// pid (a terminal's signals, which the front passes to the guest's
// foreground group, excepted). If the run
// ends when the first process does (the usual case), the back exits as
// run always has (the first process's exit status, its signal) and the
// front exits as the back did, its CPU time counted in the front's
// children's. If the first process ends while others run, the back
// tells the front how it ended and the front exits so at once, while the
// back runs on with the rest (linux.Process.Detach), its own standard
// input, output and error now /dev/null so that a pipe the caller reads
// ends when the guest processes still holding it close it (its messages
// still reach the caller's stderr: run_late.go); signals reaching it
// from then on are its host process group's (a kill of the group's id),
// and it leaves the caller's session once no guest process is in it
// (leaveSession). The front stops and continues with the first guest
// process (run_stop.go).

// backEnv is the environment variable by which run's front process
// tells the process it starts that it is the back: "FD:PID:PPID", the
// back's end of their socket, the front's process id and its parent's.
// The back removes it from its environment (the guest's).
const backEnv = "PPC64EMU_RUN_BACK"

// backInfo is what a back process got from its front (backEnv).
type backInfo struct {
	conn      *os.File // its end of the socket to the front
	pid, ppid int      // the front's process id and parent's
	own       chan os.Signal
}

// backLink returns the front's link if this process is a back (backEnv
// is set), nil if not, and an error for a malformed one. It catches the
// signals run catches, so that one reaching the back (through its host
// process group) before the guest has started does not end it: the
// front passes the guest its own.
func backLink() (*backInfo, error) {
	v, ok := os.LookupEnv(backEnv)
	if !ok {
		return nil, nil
	}
	_ = os.Unsetenv(backEnv)
	f := strings.Split(v, ":")
	var n [3]int
	for i := range n {
		if len(f) != 3 {
			break
		}
		n[i], _ = strconv.Atoi(f[i])
	}
	if len(f) != 3 || n[0] < 3 || n[1] <= 0 || n[2] < 0 {
		return nil, fmt.Errorf("bad %s=%q (set by ppc64emu run for itself)", backEnv, v)
	}
	if _, err := unix.FcntlInt(uintptr(n[0]), unix.F_SETFD, unix.FD_CLOEXEC); err != nil {
		return nil, fmt.Errorf("%s=%q: descriptor %d: %v", backEnv, v, n[0], err)
	}
	b := &backInfo{conn: os.NewFile(uintptr(n[0]), "front"), pid: n[1], ppid: n[2], own: make(chan os.Signal, 8)}
	signal.Notify(b.own, backSignals...)
	return b, nil
}

// The messages on the front's socket: the front sends a signal as
// signalMsg (how it came: sigPlain…, its number, its sender), and
// stoppingMsg as it stops for a stopMsg; the back sends stopMsg
// (run_stop.go) and firstEnded, the exit code and the signal number,
// when the first guest process ended while others run. Both ends are
// the same executable (/proc/self/exe), so the messages need no version.
const firstEnded = 'x'

// runFront runs the guest in a back process it starts and exits as the
// first guest process does (the comment above). ok is false if the back
// could not be started (no /proc/self/exe, no socket): run then runs the
// guest itself.
func runFront() (code int, ok bool) {
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return 0, false
	}
	inherited := linux.InheritedFDs()
	n := 3
	for _, fd := range inherited {
		n = max(n, fd+1)
	}
	files := make([]uintptr, n+1)
	for i := range files {
		files[i] = ^uintptr(0) // closed in the back
	}
	for fd := range 3 {
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil {
			files[fd] = uintptr(fd)
		}
	}
	for _, fd := range inherited {
		files[fd] = uintptr(fd)
	}
	files[n] = uintptr(pair[1])
	env := append(os.Environ(), fmt.Sprintf("%s=%d:%d:%d", backEnv, n, os.Getpid(), os.Getppid()))
	pid, err := syscall.ForkExec("/proc/self/exe", os.Args, &syscall.ProcAttr{Env: env, Files: files})
	_ = unix.Close(pair[1])
	if err != nil {
		_ = unix.Close(pair[0])
		return 0, false
	}
	// The back has them: the front's copies would keep a pipe's end open.
	for _, fd := range inherited {
		_ = unix.Close(fd)
	}
	conn := os.NewFile(uintptr(pair[0]), "back")
	// A signal sent to the whole group reaches the back too, which
	// passes it to the guest's other processes: the front's is the first
	// process's alone.
	stop := forwardSignals(frontSignals(), func(kind byte, sig int, from linux.Sender) { frontDeliver(conn, kind, sig, from) })
	var msg [3]byte
	for {
		// The first guest process stopped: the front stops with it
		// (run_stop.go).
		if _, err = io.ReadFull(conn, msg[:]); err != nil || msg[0] != stopMsg {
			break
		}
		_, _ = conn.Write(signalMsg(stoppingMsg, int(msg[1]), linux.Sender{}))
		stopSelf(int(msg[1]))
	}
	stop()
	if err == nil && msg[0] == firstEnded {
		if sig := int(msg[2]); sig != 0 {
			killSelf(sig)
			return 128 + sig, true
		}
		return int(msg[1]), true
	}
	// The back has ended, and with it the run: its status is the run's.
	var ws unix.WaitStatus
	for {
		if _, err := unix.Wait4(pid, &ws, 0, nil); err != unix.EINTR {
			break
		}
	}
	if ws.Signaled() {
		killSelf(int(ws.Signal()))
		return 128 + int(ws.Signal()), true
	}
	return ws.ExitStatus(), true
}

// runBackGDB runs the rest of run -gdb in the back process, once
// linux.Start has started the guest: it serves GDB (serveGDB) and passes
// on the signals the front forwards, which GDB is then told of as of any
// signal the program takes, and follows the front's stops (frontSync,
// jobState's gdb mode: a SIGSTOP of the front's pid is the first guest
// process's, reported to GDB, and the front runs on, as gdbserver's
// caller never sees its inferior stop). It ends when serveGDB does, the
// front exiting as it does: the first guest process's end is not the
// run's under -gdb (GDB may go back from it, or hold other processes).
func runBackGDB(p *linux.Process, b *backInfo, ln net.Listener, stderr io.Writer) int {
	jobs := &frontSync{p: p, front: b.pid, conn: b.conn, jobs: jobState{gdb: true}}
	go func() {
		var m [signalMsgSize]byte
		for {
			if _, err := io.ReadFull(b.conn, m[:]); err != nil {
				break
			}
			kind, sig, from := readSignalMsg(m)
			jobs.fromFront(kind, sig, from, false)
		}
		// The front has gone (a SIGKILL of the program's pid): the
		// program is killed, as gdbserver's inferior would be.
		p.UserSignal(abi.SIGKILL)
	}()
	// As runBack: the back's own signals came through the host process
	// group, for the group's other guest processes.
	stop := forwardSignals(backSignals, func(kind byte, sig int, from linux.Sender) {
		if kind != sigTerminal {
			p.GroupSignalOthersFrom(sig, from)
		}
	})
	defer stop()
	signal.Stop(b.own)
	jobs.start()
	code := serveGDB(ln, p, stderr, jobs.undebug)
	jobs.stop()
	jobs.wake()
	return code
}

// runBack runs the rest of run in the back process, once linux.Start has
// started the guest: it passes on the signals the front forwards; if
// the run ends, it ends as run does (finish); if the first guest process
// ends while others run, it tells the front how, and runs the rest alone
// (its descriptors 0-2 /dev/null, its messages on stderr written as
// run_late.go says).
func runBack(p *linux.Process, b *backInfo, prog string, stderr *backStderr, finish func(linux.ExitStatus, error) int) int {
	var alone atomic.Bool
	jobs := &frontSync{p: p, front: b.pid, conn: b.conn}
	go func() {
		var m [signalMsgSize]byte
		for {
			if _, err := io.ReadFull(b.conn, m[:]); err != nil {
				break
			}
			kind, sig, from := readSignalMsg(m)
			jobs.fromFront(kind, sig, from, alone.Load())
		}
		// The front has gone while the first process runs: a signal it
		// cannot catch (SIGKILL) ended it, the first process's end.
		if !alone.Load() {
			p.UserSignal(abi.SIGKILL)
		}
	}()
	// The back's own signals came through the host process group (no
	// one else knows its pid): those the terminal sent its foreground
	// group the front passes on as such; the others each guest process
	// of the group but the first gets here (the front passes the first
	// its own); once the front has gone, every one of them.
	stop := forwardSignals(backSignals, func(kind byte, sig int, from linux.Sender) {
		switch {
		case alone.Load():
			p.GroupSignalFrom(sig, from)
		case kind != sigTerminal:
			p.GroupSignalOthersFrom(sig, from)
		}
	})
	defer stop()
	signal.Stop(b.own)
	jobs.start()
	first, firstStatus := p.FirstExit()
	select {
	case <-p.Done():
		jobs.stop()
		jobs.wake()
		return finish(p.Wait())
	case <-first:
	}
	jobs.stop()
	select {
	case <-p.Done(): // the others ended too
		jobs.wake()
		return finish(p.Wait())
	default:
	}
	st := firstStatus()
	alone.Store(true)
	p.Detach()
	leaveSession(p)
	if st.Signal != 0 {
		reportDeath(p, prog, stderr)
	}
	stderr.detach(newLateStderr(2))
	_, _ = b.conn.Write([]byte{firstEnded, byte(st.Code), byte(st.Signal)})
	_ = b.conn.Close()
	jobs.wake()
	if null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0); err == nil {
		for fd := range 3 {
			_ = unix.Dup2(int(null.Fd()), fd)
		}
		null.Close()
	}
	_, _ = p.Wait() // an error is told as the run ends (cfg.Ending)
	return 0
}

// ignoredSignals are the signals among those Go's runtime leaves ignored
// when run was started with them ignored (SIGHUP and SIGINT; it takes
// the others over) that still are: the first guest process's ignored
// ones (linux.Config.IgnoredSignals). The back process of a run in two
// inherits them from the front, which catches nothing before it starts
// it.
func ignoredSignals() []int {
	var sigs []int
	for _, s := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT} {
		if signal.Ignored(s) {
			sigs = append(sigs, int(s))
		}
	}
	return sigs
}

// inheritedFiles are the descriptors from 3 up that the runner's process
// inherited open across its execve (those without close-on-exec: the
// runner's own, and the Go runtime's, have it), by number: the guest's
// from the start, as a program run by qemu-user inherits them.
func inheritedFiles() map[int]*os.File {
	files := map[int]*os.File{}
	for _, n := range linux.InheritedFDs() {
		files[n] = os.NewFile(uintptr(n), "fd"+strconv.Itoa(n))
	}
	return files
}

// closeFiles closes the files of m and empties it.
func closeFiles(m map[int]*os.File) {
	for n, f := range m {
		_ = f.Close()
		delete(m, n)
	}
}

// ttySignals are the signals a terminal sends that run passes on: to its
// foreground group the INTR and QUIT characters', a window size
// change's, and a hang-up's SIGHUP, which Linux sends the foreground
// group when the session leader goes (disassociate_ctty) and the session
// leader itself when the terminal hangs up (tty_signal_session_leader:
// only the first guest process gets it where the runner leads its
// session); and the stop signals, which run in two processes catches
// (run_stop.go; in one they stop the runner as a whole): the SUSP
// character's SIGTSTP, and SIGTTIN and SIGTTOU, which a terminal sends a
// background group that reads or writes it.
var ttySignals = []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT, syscall.SIGWINCH, syscall.SIGHUP,
	syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU}

// sessionID is the runner's session id, getsid(0), or -1 if the host
// does not say.
func sessionID() int {
	sid, err := unix.Getsid(0)
	if err != nil {
		return -1
	}
	return sid
}

// uncaughtText is strsignal(3)'s text for each signal, by its powerpc64
// Linux number, whose death qemu-user 7.2 reports (its core_dump_signal:
// not SIGSYS, SIGXCPU or SIGXFSZ, though their default action dumps core
// too).
var uncaughtText = map[int]string{
	abi.SIGQUIT: "Quit", abi.SIGILL: "Illegal instruction", abi.SIGTRAP: "Trace/breakpoint trap",
	abi.SIGABRT: "Aborted", abi.SIGBUS: "Bus error", abi.SIGFPE: "Floating point exception",
	abi.SIGSEGV: "Segmentation fault",
}

// uncaughtLine is linux.Config.Uncaught for run: the line a guest process
// killed by sig, a signal whose default action dumps core, writes on its
// stderr, as under qemu-user 7.2 (each guest process a host process): for
// the signals of uncaughtText when its soft RLIMIT_CORE is 0, when
// qemu-user's own core dump stops at once and counts as done; with any
// other limit qemu-user writes its core file (qemu_PROG_DATE_PID.core)
// and says nothing. Measured with qemu-ppc64le 7.2 (ulimit -c 0,
// unlimited, and a guest's setrlimit of 0, 1, 4096 and 10^7; every
// core-dumping signal) and corelimit.c.
func uncaughtLine(sig int, coreLimit uint64) string {
	text, ok := uncaughtText[sig]
	if !ok || coreLimit != 0 {
		return ""
	}
	return fmt.Sprintf("ppc64emu: uncaught target signal %d (%s) - core dumped", sig, text)
}

// cpuTime is the CPU time (user plus system) the runner's process has
// used so far, all threads together; 0 if the kernel does not say.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// countReport is -count's line: n instructions in wall time and CPU time,
// with the rate over each (a rate is 0 when its time is), and the number
// of guest threads of a run that had more than one.
func countReport(n uint64, tasks int, wall, cpu time.Duration) string {
	rate := func(d time.Duration) float64 {
		if d <= 0 {
			return 0
		}
		return float64(n) / d.Seconds() / 1e6
	}
	s := fmt.Sprintf("ppc64emu: %d instructions in %v wall, %v CPU (%.1f MIPS wall, %.1f MIPS CPU)",
		n, wall.Round(time.Millisecond), cpu.Round(time.Millisecond), rate(wall), rate(cpu))
	if tasks > 1 {
		s += fmt.Sprintf(", %d threads", tasks)
	}
	return s
}

// sysrootDir is the sysroot of a run: -L, else $PPC64EMU_LD_PREFIX, else
// $QEMU_LD_PREFIX (so that a set-up made for qemu-user works unchanged),
// made absolute; "" and "/" mean none, as for qemu-user.
func sysrootDir(flagValue string) string {
	dir := flagValue
	for _, env := range []string{"PPC64EMU_LD_PREFIX", "QEMU_LD_PREFIX"} {
		if dir == "" {
			dir = os.Getenv(env)
		}
	}
	if dir == "" {
		return ""
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if dir == "/" {
		return ""
	}
	return dir
}

// serveGDB debugs p for one GDB connection on ln and returns the exit
// status: the program's, or 0 after a kill or detach by GDB. The signals
// sent to the runner reach the program as without -gdb (gdbSignals), and
// so GDB, as gdbserver's inferior's do. gone is called when GDB has gone
// (a kill, a detach, a lost connection), before serveGDB waits for a
// program that runs on.
func serveGDB(ln net.Listener, p *linux.Process, stderr io.Writer, gone func()) int {
	conn := acceptGDB(ln, "ppc64emu run", stderr)
	if conn == nil {
		return exitFail
	}
	defer conn.Close()
	d := p.Debugger()
	err := gdbstub.NewServer(d).Serve(conn)
	gone()
	if d.Err != nil {
		// The replay of the recording failed (the past GDB was shown
		// ends there).
		fmt.Fprintf(stderr, "ppc64emu run: gdb: reverse execution: %v\n", d.Err)
	}
	switch {
	case errors.Is(err, gdbstub.ErrKilled):
		return exitOK
	case errors.Is(err, gdbstub.ErrDetached):
		// The program runs on.
	case err != nil:
		fmt.Fprintf(stderr, "ppc64emu run: gdb: %v\n", err)
	}
	st, err := p.Wait()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 70
	}
	if st.Signal != 0 {
		return 128 + st.Signal
	}
	return st.Code
}

// gdbNetAddr turns -gdb's ADDR into a network and address for net.Listen:
// a Unix socket for unix:PATH or a path containing '/', else TCP, on the
// loopback address when ADDR names no host (":1234", "1234").
func gdbNetAddr(addr string) (network, address string) {
	if path, ok := strings.CutPrefix(addr, "unix:"); ok {
		return "unix", path
	}
	if strings.Contains(addr, "/") {
		return "unix", addr
	}
	if _, err := strconv.ParseUint(addr, 10, 16); err == nil {
		return "tcp", net.JoinHostPort("127.0.0.1", addr)
	}
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		return "tcp", net.JoinHostPort("127.0.0.1", port)
	}
	return "tcp", addr
}

// acceptGDB announces ln on stderr and accepts the one GDB connection of a
// -gdb session. If Accept fails it prints the error after cmd (the
// command's name for its messages) and returns nil.
func acceptGDB(ln net.Listener, cmd string, stderr io.Writer) net.Conn {
	fmt.Fprintf(stderr, "ppc64emu: waiting for gdb on %s\n", ln.Addr())
	conn, err := ln.Accept()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return nil
	}
	return conn
}

// gdbListen listens for GDB on -gdb's ADDR (gdbNetAddr). A Unix socket is
// created readable and writable by the user alone; a TCP address that is
// not a loopback one draws a warning on stderr, as the stub has no
// authentication.
func gdbListen(addr string, stderr io.Writer) (net.Listener, error) {
	network, address := gdbNetAddr(addr)
	if network == "unix" {
		if address == "" {
			return nil, fmt.Errorf("empty Unix socket path in %q", addr)
		}
		old := syscall.Umask(0o177)
		ln, err := net.Listen(network, address)
		syscall.Umask(old)
		return ln, err
	}
	ln, err := net.Listen(network, address)
	if err != nil {
		return nil, err
	}
	if a, ok := ln.Addr().(*net.TCPAddr); ok && !a.IP.IsLoopback() {
		fmt.Fprintf(stderr, "ppc64emu: warning: the GDB stub on %s accepts connections from other hosts, without authentication; whoever connects controls the program and the files and processes your user can reach\n", ln.Addr())
	}
	return ln, nil
}
