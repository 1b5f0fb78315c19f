//go:build linux

package linux

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// CPU describes the processor a guest is told it runs on.
type CPU struct {
	Name          string       // AT_PLATFORM, e.g. "power10"
	Level         decode.Level // the newest ISA level the emulator accepts
	HWCap, HWCap2 uint64       // AT_HWCAP and AT_HWCAP2
}

// CPUs are the processors -cpu can name. Their AT_HWCAP/AT_HWCAP2 are the
// values QEMU 7.2 supplies for the same -cpu (linux-user.md): every facility
// of the ISA level, with no SCV bit (the runner executes scv, but glibc then
// switches its system call convention, and staying with sc keeps the
// runner's behaviour identical to qemu-user's).
var CPUs = map[string]CPU{
	"power9": {Name: "power9", Level: decode.LevelPOWER9,
		HWCap:  loader.HWCap64 | loader.HWCapAltivec | loader.HWCapFPU | loader.HWCapDFP | loader.HWCapArch206 | loader.HWCapVSX,
		HWCap2: loader.HWCap2Arch207 | loader.HWCap2ISEL | loader.HWCap2TAR | loader.HWCap2VecCrypto | loader.HWCap2Arch300 | loader.HWCap2IEEE128 | loader.HWCap2DARN},
	"power10": {Name: "power10", Level: decode.LevelPOWER10,
		HWCap:  loader.HWCap64 | loader.HWCapAltivec | loader.HWCapFPU | loader.HWCapDFP | loader.HWCapArch206 | loader.HWCapVSX,
		HWCap2: loader.HWCap2Arch207 | loader.HWCap2ISEL | loader.HWCap2TAR | loader.HWCap2VecCrypto | loader.HWCap2Arch300 | loader.HWCap2IEEE128 | loader.HWCap2DARN | loader.HWCap2Arch31 | loader.HWCap2MMA},
}

// Config configures a guest process.
type Config struct {
	// CPU is a key of CPUs; empty means "power10".
	CPU string
	// Profile is the emulator's implementation profile; the zero value is
	// emulate.Hardware (see the README on why the runner defaults to it).
	Profile emulate.Profile
	// Engine is how the emulator runs the program's instructions
	// (emulate.Engine); the zero value is emulate.EngineBlock. Every
	// engine gives the same results.
	Engine emulate.Engine
	// HWCapMask, if non-zero, is ANDed into AT_HWCAP and AT_HWCAP2 (low and
	// high 32 bits): a way to hide facilities from the guest's library,
	// e.g. vector string functions. The ISA level is unchanged.
	HWCapMask uint64
	// Strace, if set, receives one line per system call; once the
	// caller has gone (Detach), each guest process's lines go to its own
	// descriptor 2 instead, as qemu-user's -strace, whose every guest
	// process is a host process, writes them (guestmsg.go).
	Strace io.Writer
	// Uncaught, if set, gives the line written on a guest process's
	// descriptor 2 (guestmsg.go) when a signal whose default action dumps
	// core kills it, from the signal and the process's soft RLIMIT_CORE
	// then; "" writes nothing. ppc64emu run gives qemu-user's line, which
	// qemu-user's every guest process writes on its own standard error.
	Uncaught func(sig int, coreLimit uint64) string
	// Ending, if set, is called once when the run ends, with its status
	// and the error that ended it, before the guest's descriptors are
	// closed: a
	// message written then reaches a pipe the guest held before its
	// reader sees the pipe's end (ppc64emu run's back process once its
	// front has gone, which holds no copy of its caller's stderr).
	Ending func(ExitStatus, error)
	// Quantum is how many instructions a thread runs before it lets
	// another thread run; zero means DefaultQuantum.
	Quantum int
	// StackSize is the main thread's stack; zero means 8 MiB.
	StackSize uint64
	// Stdin, Stdout and Stderr, if set, are what the guest's descriptors
	// 0, 1 and 2 refer to; nil means the runner's own.
	Stdin, Stdout, Stderr *os.File
	// ExtraFiles, if set, are the guest's descriptors from 3 up when it
	// starts, by number: each a duplicate of the host file (sharing its
	// offset and status flags, close-on-exec clear), as a program
	// inherits its parent's descriptors across execve; the caller may
	// close its own. ppc64emu run passes those it inherited itself (a
	// shell's 3>file, make's jobserver pipes), as qemu-user's guest has
	// them. Numbers below 3 are ignored (Stdin, Stdout and Stderr are
	// those).
	ExtraFiles map[int]*os.File
	// MaxMemory, if not zero, bounds in bytes each guest process's
	// address space (its RLIMIT_AS, which it cannot raise beyond) and
	// the address spaces of all the run's guest processes together: mmap,
	// mremap and brk beyond it fail with ENOMEM, as under RLIMIT_AS, and
	// so do fork and clone without CLONE_VM when the copy would take the
	// sum beyond it (rlimit.go memBudget). The host's RLIMIT_AS bounds
	// each one too. Address space is reserved lazily, so this bounds
	// what the guest can store, not what it costs to reserve.
	MaxMemory uint64
	// MaxTasks, if positive, bounds the guest's threads and processes
	// together (zombies included); zero means 4096. clone, fork and
	// vfork beyond it fail with EAGAIN, as on Linux at RLIMIT_NPROC
	// (which the runner also honours, except for root, as Linux) or
	// pid_max: a fork bomb ends there. A guest thread costs the host
	// about 35 KiB, a guest process about 600 KiB.
	MaxTasks int
	// Debug, if set, starts the program stopped under a debugger
	// (Process.Debugger; see gdbtarget.go).
	Debug *DebugConfig
	// Record, if set, receives a log of the run that package record
	// replays (record.Replay): every input the program gets from outside
	// its instructions. Recording cannot be combined with Debug.
	Record io.Writer
	// Sysroot, if set, is an absolute host directory where the guest's
	// absolute paths — the interpreter, the libraries, what it opens,
	// stats, reads as a link or tests with access — are looked up first
	// (path.go), as qemu-user's -L.
	Sysroot string
	// Core, if set, is the path of the core file written when a signal
	// whose default action dumps core kills the program or any guest
	// process it started (signal(7)): a Linux-format ELF core (core.go)
	// that GDB reads with the executable (gdb PROG CORE).
	// Process.CoreDump reports the initial process's. As in Linux's
	// core_pattern, %p is replaced by the process id, %i the thread's, %s
	// the signal, %e the command name, %t the time ("core.%e.%p" gives
	// core.prog.4321). Setting it raises the initial process's soft
	// RLIMIT_CORE to its hard limit (as `ulimit -c hard` would), and the
	// guest's RLIMIT_CORE then bounds the file as Linux's: below a page no
	// core, a smaller limit than the dump a core cut short (core.go).
	Core string
	// Runner, if set, is the command that runs a powerpc64 program of the
	// other byte order when the guest execs one (the runner has one byte
	// order): the program's argv[0], "-0", its path and its arguments
	// are appended, as to "ppc64emu run -L DIR" (hostexec.go). Nil: such
	// an execve fails with ENOEXEC.
	Runner []string
	// IgnoredSignals are the signals the first guest process starts
	// with ignored (SIG_IGN), as a program inherits ignored signals
	// across execve: nohup's SIGHUP, a shell's SIGINT for a job it
	// started in the background. ppc64emu run gives those it was started
	// with ignored, where Go tells (SIGHUP and SIGINT: its runtime takes
	// the others over at start). SIGKILL and SIGSTOP cannot be ignored.
	IgnoredSignals []int
	// Pid and ParentPid, if not zero, are the initial guest process's
	// process id and its parent's (getpid and getppid); zero means the
	// runner's own (its getpid and getppid). ppc64emu run, which runs the
	// guest in a process of its own that it starts (cmd/ppc64emu), gives
	// its own: the ids the caller knows.
	Pid, ParentPid int
	// Seed, if set, makes the run's random numbers a function of it
	// (seed.go): getrandom's, AT_RANDOM's, reads of /dev/urandom and
	// /dev/random, and the darn instruction's, so that runs with one
	// seed draw the same ones. Nil: the host's.
	Seed *uint64
	// PerfMap, if set, receives a map of the code the emulator generates
	// (EngineNative on linux/amd64) in the format perf reads from
	// /tmp/perf-PID.map (ppc64emu run -perfmap writes that file): a line
	// "START SIZE NAME" per piece of generated code, START and SIZE in
	// hex, NAME the guest address of its first instruction, the function
	// containing it with the offset (from the symbols of the ELF file
	// mapped there, when it has any), the file's name and the number of
	// instructions the code runs, e.g. "7f3a1c0040 1a8 0x7fffa7812340
	// memcpy+0x40 (libc.so.6) 12". So perf report and perf annotate name
	// the samples in generated code by the guest's code. Every guest
	// process of the run (all in the runner's host process) writes to
	// it; lines are written in batches, the last when the run ends.
	PerfMap io.Writer
}

// DefaultQuantum is the default number of instructions between thread
// switches.
const DefaultQuantum = 20000

// Layout of the address space.
const (
	stackTop     = 0x7ffffffff000
	mmapTop      = loader.MmapHi // top-down mmap allocations start below here
	mmapBottom   = loader.MmapLo
	timebaseFreq = 512000000 // Hz, as Linux reports on POWER
)

// ExitStatus is how a guest process ended.
type ExitStatus struct {
	Code   int // exit status, if Signal is 0
	Signal int // the signal that killed it, or 0
}

// StopError stops a program: an instruction the emulator cannot execute, or
// a runner failure.
type StopError struct {
	TID  int    // the thread that stopped
	NIP  uint64 // the address of the instruction
	Word uint32 // the instruction word (the prefix for a prefixed one)
	Op   string // the op name; "?" if the word did not decode, "runner" for a runner failure
	Err  error  // the emulator's refusal or the runner's error
}

func (e *StopError) Error() string {
	return fmt.Sprintf("ppc64emu: thread %d: cannot execute %s (word %#08x) at %#x: %v", e.TID, e.Op, e.Word, e.NIP, e.Err)
}

func (e *StopError) Unwrap() error { return e.Err }

// Process is a running guest program.
type Process struct {
	cfg     Config
	cpu     CPU
	Image   *loader.Image // the loaded executable (entry, segments, initial brk)
	order   binary.ByteOrder
	le      bool
	exe     string   // absolute host path of the executable
	pid     int      // the initial guest process's id (Config.Pid)
	hostPid int      // the runner's own host process id
	perfMap *perfMap // Config.PerfMap's writer, or nil
	quantum int
	// The program's address space, descriptor table, signal handlers and
	// thread group (share.go), as Start made them for its first thread;
	// every thread holds its own, shared or copied at clone.
	resources

	// groups are the guest processes by process id: the initial one
	// (resources.group), its descendants and the zombies (fork.go).
	groups map[int]*threadGroup

	gil gil // the process lock: held by the running thread
	// futexes are the futex wait queues of every guest process.
	futexes map[futexKey]*futexQueue
	// recLocks are the guest processes' fcntl record locks (reclock.go).
	recLocks map[fileID][]recLock
	recWaits map[*threadGroup]recWait // the request each guest process waits on in F_SETLKW, for EDEADLK (reclock.go)
	// leases are the descriptions holding a lease, by file, in the order
	// they took it; leaseWake is closed when one changes, for the opens
	// waiting for a break (lease.go).
	leases    map[fileID][]*fileOwner
	leaseWake chan struct{}
	nextTID   int
	// hostCred is the runner's own credentials, the first guest
	// thread's (cred.go).
	hostCred *cred
	// peerCreds are the credentials of guest processes' Unix sockets
	// (peercred.go), nil until a guest makes one.
	peerCreds *peerCreds
	sigAny    atomic.Bool // some thread may have a deliverable signal
	// async is the poller of signal-driven I/O (asyncio.go), made at the
	// first descriptor given O_ASYNC or native AIO poll left pending
	// (aio.go).
	async *asyncPoller
	// aioNr is the run's /proc/sys/fs/aio-nr: the requests its native
	// AIO contexts asked for (aio.go), under the process lock.
	aioNr uint64
	// fasyncSeen is set once a description gets O_ASYNC through its
	// fasync: F_GETFL then looks for its record (asyncio.go).
	fasyncSeen bool
	// inotifySeen is set once a guest makes an inotify instance: reads
	// only then look for inotify events to byte-swap (inotify.go).
	inotifySeen atomic.Bool
	// queuedN counts the queued real-time signal instances of all
	// threads and thread groups, at most sigpendingRL.Cur.
	queuedN      int
	sigpendingRL unix.Rlimit
	// sigSeq numbers the signals queued, in the order sent (sigInfo.seq).
	sigSeq     uint64
	dbg        *liveDebugger   // the debugger, if any (gdbtarget.go)
	traced     map[int]*tracee // the guest threads guest threads trace, by id (ptrace.go)
	debugger   *Debugger
	rec        *recorder                 // the recorder, if recording (record.go)
	hostUmask  uint32                    // the host's umask, the lock holder's process's (fs.go)
	sysWalk    string                    // the host path lookups in the sysroot go through (path.go's openWalk)
	procDir    string                    // a host directory for the /proc fd and task listings, made on first use (procfs.go)
	darnRand   *randStream               // the darn instruction's numbers in a seeded run (seed.go)
	pidfdWatch map[*threadGroup][]int    // host timerfds to make expire when a guest process ends (pidfd.go)
	ipc        *ipcNamespace             // the guest processes' System V IPC objects, made on first use (sysvipc.go)
	mq         *mqNotifier               // the SIGEV_SIGNAL registrations of mq_notify, made on first use (mqueue.go)
	uts        utsNames                  // the run's host and domain names (uts.go)
	mqWaiting  map[mqWaitKey][]*mqWaiter // the guest threads waiting in mq_timedsend and mq_timedreceive, by queue, in the order they are served (mqueue.go)
	mqBytes    mqAccount                 // the queues the guest created, charged against RLIMIT_MSGQUEUE (mqueue.go)

	done    chan struct{}
	endOnce sync.Once
	status  ExitStatus
	stopErr error

	instructions atomic.Uint64
	started      time.Time

	coreDone bool   // a core dump was due and tried (core.go)
	corePath string // Config.Core with its % specifiers expanded
	coreErr  error  // why it could not be written

	// hostCtty is the runner's own controlling terminal, the first
	// process's at the start, or nil; ttys are the other terminals guest
	// sessions control, by device number (ctty.go).
	hostCtty *ctty
	ttys     map[uint64]*ctty
	noRelay  bool // no executable to start as a terminal relay (ttyrelay.go)
	// hostPgrp is the runner's host process group, the one the first
	// process started in (TerminalSignal).
	hostPgrp int

	// openers are the idle FIFO openers (fifo.go), none after
	// openersDone (the run's end), under openersMu.
	openers     []*opener
	openersDone bool
	openersMu   sync.Mutex

	endRequests int // requests to end the run after the initial process ended (endOrphans)
	// firstExit is closed when the initial process ends while others
	// run (FirstExit); firstStatus is how it ended.
	firstExit   chan struct{}
	firstStatus ExitStatus
	// firstStop gets a value (coalesced) when the initial process stops
	// or continues (FirstStops).
	firstStop chan struct{}
	// firstStops counts the initial process's stops (FirstStops).
	firstStops uint64
	// hostSid is the runner's host session; sessionLeft is closed when
	// no guest process the runner runs is in it any more (SessionLeft).
	hostSid     int
	sessionLeft chan struct{}
	// detached: the caller that waited for the initial process has gone
	// (Detach).
	detached bool

	// unixNames are the guest's names of the AF_UNIX sockets bound under
	// another host name (a chroot(2) root, a relative name from a working
	// directory not the runner's), by the host's (chroot.go boundIn).
	unixNames map[string][]byte
}

// Start loads the executable at path and starts its main thread with args
// (args[0] is the program name the guest sees) and env.
func Start(path string, args, env []string, cfg Config) (*Process, error) {
	cpuName := cfg.CPU
	if cpuName == "" {
		cpuName = "power10"
	}
	cpu, ok := CPUs[cpuName]
	if !ok {
		return nil, fmt.Errorf("linux: unknown cpu %q", cfg.CPU)
	}
	if cfg.HWCapMask != 0 {
		cpu.HWCap &= cfg.HWCapMask & 0xffffffff
		cpu.HWCap2 &= cfg.HWCapMask >> 32
	}
	if cfg.Record != nil && cfg.Debug != nil {
		return nil, ErrRecordDebug
	}
	if r, err := filepath.EvalSymlinks(cfg.Sysroot); err == nil && cfg.Sysroot != "" {
		// Its real path, as the programs' (exePath) and the working
		// directories' (getcwd) are, whose guest names are found below it.
		cfg.Sysroot = r
	}
	m := mem.New()
	m.Limit = cfg.MaxMemory
	img, interp, err := loadProgram(m, path, func(name string) (string, error) { return lookupPath(cfg.Sysroot, name, true), nil })
	if err != nil {
		return nil, err
	}
	exe := exePath(path) // absolute, links resolved, as /proc/PID/exe
	hostPid := os.Getpid()
	pid := hostPid // the guest's process id is the runner's, unless the caller says
	if cfg.Pid > 0 {
		pid = cfg.Pid
	}
	p := &Process{
		cfg: cfg, cpu: cpu, Image: img, order: img.Order,
		le:        img.Order == binary.LittleEndian,
		exe:       exe,
		pid:       pid,
		hostPid:   hostPid,
		firstExit: make(chan struct{}),
		firstStop: make(chan struct{}, 1),

		sessionLeft: make(chan struct{}),
		resources:   newResources(pid, m, img.Brk),
		done:        make(chan struct{}),
		quantum:     cfg.Quantum,
		sysWalk:     openWalk(cfg.Sysroot),
		started:     time.Now(),

		sigpendingRL: hostSigpending(),
	}
	if cfg.PerfMap != nil {
		p.perfMap = newPerfMap(cfg.PerfMap)
	}
	for i, f := range []*os.File{cfg.Stdin, cfg.Stdout, cfg.Stderr} {
		h := i
		if f != nil {
			h = int(f.Fd())
		}
		// A closed host descriptor stays closed for the guest. The
		// host's close-on-exec flag is the guest's (clear: execve keeps
		// them open).
		if d, err := unix.FcntlInt(uintptr(h), unix.F_DUPFD, 3); err == nil {
			p.files.set(i, d)
		} else {
			p.files.set(i, -1)
		}
	}
	for g, f := range cfg.ExtraFiles {
		if g < 3 || f == nil {
			continue
		}
		if d, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD, 3); err == nil {
			p.files.set(g, d)
		}
	}
	for _, sig := range cfg.IgnoredSignals {
		if sig >= 1 && sig <= abi.NSIG && sig != abi.SIGKILL && sig != abi.SIGSTOP {
			p.sighand.actions[sig].handler = abi.SIG_IGN
		}
	}
	p.group.pgid = unix.Getpgrp()
	p.hostPgrp = p.group.pgid
	p.group.setExe(exe)
	p.group.sid, _ = unix.Getsid(0)
	p.hostSid = p.group.sid
	p.hostCtty = runnerCtty(p.group.sid)
	p.group.tty = p.hostCtty
	p.hostUmask = hostUmaskNow()
	p.group.fs.umask = p.hostUmask
	p.groups = map[int]*threadGroup{pid: p.group}
	p.futexes = map[futexKey]*futexQueue{}
	if p.quantum <= 0 {
		p.quantum = DefaultQuantum
	}
	p.initRlimits(cfg.MaxMemory)
	p.group.oom = hostOOMAdj()
	if cfg.MaxMemory != 0 {
		m.Budget = p.memBudget
	}
	p.hostCred = hostCred()
	p.initUTS()
	if d := runnerDumpable(); d >= 0 {
		p.mm.dumpable = d // the runner's own, as its exec left it
	}
	// The first program gets the credentials the runner has: a
	// set-user-ID program run through binfmt_misc with the C flag made
	// the runner's (and its AT_SECURE), as under qemu-user; run by name
	// (ppc64emu run PROG), its bits are not looked at, as qemu-user's.
	p.seedStreams(p.group)
	sp, stack, err := p.setupImage(m, img, interp, path, args, env, p.hostCred, SecureExec(), p.group)
	if err != nil {
		return nil, err
	}
	p.mm.stack = stack
	p.mm.vdso = vdsoAddr // setupImage mapped it
	p.mm.procSetup(p.order, img, sp, stack.hi-stack.min)
	p.mm.nameProgram(img, interp, path, cfg.Sysroot)
	t := p.newThread(p.pid, p.resources)
	t.comm = procComm(path)
	t.cred = p.hostCred
	t.sched = hostSchedAttrs()
	t.personality = hostPersonality()
	t.slack = timerSlack{hostTimerSlack(), hostTimerSlack()}
	p.mm.dumpFilter = hostDumpFilter()
	t.startRegs(img, interp, sp)
	p.nextTID = p.pid + 1
	if cfg.Debug != nil {
		p.dbg = newDebugger(p, cfg.Debug, sp)
		p.debugger = p.dbg.newView(cfg.Debug)
		if cfg.Debug.Checkpoints >= 0 {
			p.rec = newRecorder(p, &p.dbg.log, args)
			p.rec.debug = true
			p.rec.segments(&p.dbg.log, cfg.Debug)
		}
	}
	if cfg.Record != nil {
		p.rec = newRecorder(p, cfg.Record, args)
	}
	go t.run()
	return p, nil
}

// setupImage maps the vDSO into m, where img (and its
// interpreter, if any) were loaded, and builds the initial stack of path
// with args and env (stack.go) for credentials c, secure giving AT_SECURE,
// and AT_RANDOM's bytes from guest process g (seed.go); it returns the
// stack pointer and the stack.
func (p *Process) setupImage(m *mem.Memory, img, interp *loader.Image, path string, args, env []string, c *cred, secure bool, g *threadGroup) (uint64, stackArea, error) {
	cfg, cpu := p.cfg, p.cpu
	if err := p.mapVDSO(m); err != nil {
		return 0, stackArea{}, err
	}
	spec := &loader.StackSpec{
		Top: stackTop - mem.PageSize, Size: cfg.StackSize,
		Args: args, Env: env, ExecFn: path, Platform: cpu.Name,
		HWCap: cpu.HWCap, HWCap2: cpu.HWCap2, DCacheBlock: 128,
		UID: uint64(c.uid.r), EUID: uint64(c.uid.e), GID: uint64(c.gid.r), EGID: uint64(c.gid.e),
		Secure: secure, SysinfoEHDR: vdsoAddr,
	}
	if spec.Size == 0 {
		spec.Size = 8 << 20
	}
	if interp != nil {
		spec.Base = interp.Bias
	}
	g.random(spec.Random[:])
	max := spec.Size
	spec.Size = initialStack(spec, max)
	sp, err := loader.BuildStack(m, img, spec)
	st := stackArea{lo: spec.Top - spec.Size, hi: spec.Top, min: spec.Top - max, perm: img.Stack}
	if st.perm == mem.None {
		st.perm = mem.RW // as BuildStack maps it
	}
	return sp, st, err
}

// startRegs sets t's registers as Linux starts a program: at the entry of
// the interpreter if there is one, else of img, with sp as its stack.
func (t *Thread) startRegs(img, interp *loader.Image, sp uint64) {
	start := img
	if interp != nil {
		start = interp
	}
	t.ctx = emulate.Context{}
	r := &t.ctx.Regs
	r.MSR = regs.MSRLinuxUser
	r.VSCR = regs.VSCRNJ // Linux starts a program with VSCR[NJ] set, as qemu-user does
	if t.p.le {
		r.MSR |= regs.MSRLE
	}
	r.NIP = start.PC
	r.GPR[1] = sp
	r.GPR[2] = start.TOC
	if !start.ABIv1 {
		r.GPR[12] = start.PC
	}
}

// ErrInterpreter wraps the failure to open or load the interpreter a
// dynamically linked program names (PT_INTERP), e.g. when it is neither in
// the sysroot nor on the host.
var ErrInterpreter = errors.New("linux: the program's interpreter")

// loadProgram loads the executable at path and, if it names one, its
// interpreter (at the host path interpHost gives for its name: in the
// sysroot, or only in a chroot(2) root), as Linux's execve does.
func loadProgram(m *mem.Memory, path string, interpHost func(string) (string, error)) (img, interp *loader.Image, err error) {
	lay := loader.DefaultLayout
	lay.Private = privateExec
	f, err := openExec(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if img, err = loader.Load(m, f, lay); err != nil || img.Interp == "" {
		return img, nil, err
	}
	ih, err := interpHost(img.Interp)
	if err != nil {
		return nil, nil, fmt.Errorf("%w %s: %w", ErrInterpreter, img.Interp, err)
	}
	fi, err := openExec(ih)
	if err != nil {
		return nil, nil, fmt.Errorf("%w %s: %w", ErrInterpreter, img.Interp, err)
	}
	defer fi.Close()
	if interp, err = loader.Load(m, fi, lay); err != nil {
		return nil, nil, fmt.Errorf("%w %s: %w", ErrInterpreter, img.Interp, err)
	}
	if interp.Order != img.Order {
		return nil, nil, fmt.Errorf("%w %s: %w: byte order differs from the program's", ErrInterpreter, img.Interp, loader.ErrNotPPC64)
	}
	return img, interp, nil
}

// Wait waits for the process to end. The error is a *StopError if the
// program was stopped by an instruction the emulator cannot execute.
func (p *Process) Wait() (ExitStatus, error) {
	<-p.done
	return p.status, p.stopErr
}

// Done returns a channel closed when the process has ended: Wait then
// returns at once.
func (p *Process) Done() <-chan struct{} { return p.done }

// FirstExit returns a channel closed when the initial guest process ends
// while other guest processes still run (the run goes on until they end:
// Wait), and how it ended. If the initial process is the last to end,
// the channel is never closed: Wait returns instead. ppc64emu run then
// reports the initial process's status to its caller and leaves the rest
// running, as qemu-user's first process exits while its children go on.
func (p *Process) FirstExit() (<-chan struct{}, func() ExitStatus) {
	return p.firstExit, func() ExitStatus {
		p.gil.lock(make(chan struct{}, 1))
		defer p.gil.unlock()
		return p.firstStatus
	}
}

// FirstStops returns a channel that gets a value when the initial guest
// process stops or continues (job control: a stop signal whose action is
// the default, SIGCONT) or another guest process ends or stops
// (FirstAlone),
// several changes in a row possibly as one, and the initial process's
// state now: whether it is stopped, by which signal, and how many times
// it has stopped (which tells a stop already seen from the next). ppc64emu
// run's process its caller started stands for the initial process and
// stops and continues with it, as its caller's wait (WUNTRACED,
// WCONTINUED) would see the initial process do under Linux.
func (p *Process) FirstStops() (<-chan struct{}, func() (stopped bool, sig int, stops uint64)) {
	return p.firstStop, func() (bool, int, uint64) {
		p.gil.lock(make(chan struct{}, 1))
		defer p.gil.unlock()
		g := p.group
		return g.stopped && !g.exiting, g.stopSig, p.firstStops
	}
}

// FirstAlone reports whether the initial process is the only guest
// process that can run: the others ended (reaped or not) or are stopped
// (job control). A runner that runs every guest process in one host
// process can stop that host process with the initial one only then:
// stopped, it would stop the others too, and one of them may be the
// process that is to continue it; a stopped one cannot (a whole job
// stopped by the terminal's SIGTSTP, a stopped child its stopped parent
// waits for), and nothing but a signal from outside the run, which
// reaches the runner, continues any of them.
func (p *Process) FirstAlone() bool {
	p.gil.lock(make(chan struct{}, 1))
	defer p.gil.unlock()
	for _, g := range p.groups {
		if g != p.group && !g.zombie && !g.exiting && !g.stopped {
			return false
		}
	}
	return true
}

// SessionLeft returns a channel closed once no guest process the runner
// runs in its own host process is in the runner's host session any more:
// each has ended or made a session of its own (setsid). Under Linux and
// qemu-user those are then out of reach of a signal to the caller's
// process group or session (a shell's kill of a job, timeout -s KILL, a
// terminal's hangup); ppc64emu run's back process, once its front has
// gone (Detach), then leaves the session too (cmd/ppc64emu).
func (p *Process) SessionLeft() <-chan struct{} { return p.sessionLeft }

// checkSession closes sessionLeft if no guest process run here is in the
// runner's host session (SessionLeft). The process lock is held.
func (p *Process) checkSession() {
	select {
	case <-p.sessionLeft:
		return
	default:
	}
	for _, g := range p.groups {
		if !g.exiting && g.host == nil && g.sid == p.hostSid {
			return
		}
	}
	close(p.sessionLeft)
}

// Detach says that the caller that waited for the initial process has
// gone (ppc64emu run's process its caller started has exited with the
// initial process's status, after FirstExit): no one outside knows the
// initial process's id any more, so a signal sent to the runner (Signal,
// UserSignal, TerminalSignal, GroupSignal) is one its host process group
// got, and goes to every guest process left in that group, as under
// Linux each member of the group gets it; the guest processes that moved
// to groups of their own get nothing. Without Detach, a signal after the
// initial process ended is a request to end the run (its orphans get it,
// a second one kills them): the caller still waits. And Config.Strace's
// lines go from then on to each guest process's own descriptor 2, as
// qemu-user's processes write theirs: the caller's standard error is no
// longer the run's.
func (p *Process) Detach() {
	p.gil.lock(make(chan struct{}, 1))
	p.detached = true
	p.gil.unlock()
}

// Memory returns the program's address space.
func (p *Process) Memory() *mem.Memory { return p.mm.Mem }

// Instructions returns the number of instructions executed so far.
func (p *Process) Instructions() uint64 { return p.instructions.Load() }

// Tasks returns the number of guest threads the run has had so far, every
// thread of every guest process, the initial one and those that ended
// included: 1 for a program that never cloned.
func (p *Process) Tasks() int {
	p.gil.lock(make(chan struct{}, 1))
	n := p.nextTID - p.pid
	p.gil.unlock()
	return n
}

// end finishes the process once.
func (p *Process) end(st ExitStatus, err error) {
	p.endOnce.Do(func() {
		if p.cfg.Ending != nil {
			p.cfg.Ending(st, err)
		}
		for _, g := range p.groups {
			g.fs.release()
			for _, t := range g.threads {
				t.dropFS()
				// The instructions of a thread the end stops mid-quantum
				// (blocked, or waiting for the lock the caller holds).
				t.flushCount()
				t.files.closeAll() // a table shared by several threads: closed once, the rest finds nothing open
			}
			if g != p.group {
				for _, tm := range g.timers {
					tm.disarm()
				}
			}
		}
		p.files.closeAll()
		p.procCleanup()
		p.stopOpeners()
		p.stopTimers()
		if p.rec != nil {
			if rerr := p.rec.end(st); err == nil {
				err = rerr
			}
		}
		if p.perfMap != nil {
			p.perfMap.flush()
		}
		p.status, p.stopErr = st, err
		close(p.done)
	})
}

func (p *Process) exited() bool { return closed(p.done) }

// closed reports whether channel c is closed (a channel that is only
// closed, never sent on).
func closed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// lock and unlock the process lock. A thread that releases the lock leaves
// the processor as on a Linux context switch (emulate.Context.SwitchOut): it
// loses its reservation (see the package documentation) and its copy-paste
// buffer.
func (t *Thread) lock() {
	t.takeLock()
	t.cpuStart()
}

func (t *Thread) unlock() {
	t.cpuStop()
	t.dropLock()
}

// takeLock and dropLock take and release the process lock without the CPU
// accounting's hold on the host thread (rlimit.go), which Thread.block
// keeps.
func (t *Thread) takeLock() {
	t.p.gil.lock(t.gilWake)
	t.mm.e.SetContext(&t.ctx)
	if t.p.rec != nil {
		t.p.rec.locked(t)
	}
	t.p.syncUmask(t.fsOf().umask)
}

func (t *Thread) dropLock() {
	t.ctx.SwitchOut()
	if t.p.rec != nil {
		t.p.rec.unlocking(t)
	}
	t.p.gil.unlock()
}

// yield lets every thread waiting for the process lock run, then takes it
// again: t queues behind them before it hands the lock over (gil.yield),
// so the order does not depend on when its goroutine gets back to lock.
func (t *Thread) yield() {
	t.ctx.SwitchOut()
	if t.p.rec != nil {
		t.p.rec.unlocking(t)
	}
	t.p.gil.yield(t.gilWake)
	t.mm.e.SetContext(&t.ctx)
	if t.p.rec != nil {
		t.p.rec.locked(t)
	}
}

// Signal sends sig to the process from outside (kill(2) by another
// process): it is delivered to a thread that does not block it. Once the
// initial guest process has ended, the runner stands for the orphans that
// still run (groupExit): each of them is sent sig, except that a
// terminating request (SIGTERM, SIGINT, SIGHUP, SIGQUIT) must end the run
// (endOrphans). SIGINT, SIGQUIT and
// SIGWINCH are taken to come from the runner's own terminal when the guest
// has made another of its process groups that terminal's foreground group
// (tcsetpgrp, as an interactive shell does for a job): that group gets
// them, as the terminal would send them (ctty.go). Signal is for a caller
// that cannot tell where sig came from; UserSignal and TerminalSignal are
// for one that can.
func (p *Process) Signal(sig int) { p.signal(sig, true, Sender{}) }

// A Sender is the host process that sent a signal the runner passes on
// (internal/hostsig's SenderID): its pid and real user id, which the
// guest's siginfo gives as si_pid and si_uid, as qemu-user passes on the
// host's siginfo of a kill(2) from outside the run (and as Linux gives a
// sender outside the receiver's pid namespace: its pid there, here the
// host's). The zero Sender is one not known (si_pid and si_uid 0).
type Sender struct{ Pid, UID int }

// info is the siginfo of sig sent by s with kill(2).
func (s Sender) info(sig int) sigInfo {
	return sigInfo{signo: sig, code: abi.SI_USER, pid: s.Pid, uid: s.UID}
}

// UserSignal is Signal for a sig known to come from a process (si_code
// SI_USER: kill(2) of the runner's pid or group), which goes to the
// first guest process (or the orphans) even while the guest has made
// another of its groups the runner's terminal's foreground group.
func (p *Process) UserSignal(sig int) { p.signal(sig, false, Sender{}) }

// UserSignalFrom is UserSignal for a sig from, whose siginfo names it.
func (p *Process) UserSignalFrom(sig int, from Sender) { p.signal(sig, false, from) }

// GroupSignal is Signal for a sig a process sent to the runner's whole
// host process group, kill(2) of 0 or of the group's id (cmd/ppc64emu
// takes it for one when internal/hostsig's GroupSender says so: GNU
// timeout's, after its kill of the runner's pid). Under qemu-user each
// guest process is a host process, and those the guest left in the group
// the first one started in (hostPgrp) are members of that group, each of
// which the signal reaches; so here each of them gets it (SI_USER), a
// handler of it running in each, and the initial process gets it wherever
// it is (the sender signalled the pid it started too, an arrival the host
// may have merged with this one). A guest process run as a host process
// (hostexec.go) of the group has had it from the host. Once the initial
// process has ended it is UserSignal's (endOrphans).
func (p *Process) GroupSignal(sig int) { p.GroupSignalFrom(sig, Sender{}) }

// GroupSignalFrom is GroupSignal for a sig from, whose siginfo names it.
func (p *Process) GroupSignalFrom(sig int, from Sender) {
	if sig < 1 || sig > abi.NSIG {
		return
	}
	p.gil.lock(make(chan struct{}, 1))
	p.groupSignal(sig, from)
	p.gil.unlock()
}

// GroupSignalOthers is GroupSignal for the guest processes other than
// the initial one: ppc64emu run's back process (cmd/ppc64emu), which runs
// the guest while the process its caller started (the front) stands for
// the initial one, takes a signal that reached it through its host
// process group so, the front passing the initial process the one it got
// itself: each guest process of the group gets it once, as each member
// of the group does under Linux.
func (p *Process) GroupSignalOthers(sig int) { p.GroupSignalOthersFrom(sig, Sender{}) }

// GroupSignalOthersFrom is GroupSignalOthers for a sig from, whose
// siginfo names it.
func (p *Process) GroupSignalOthersFrom(sig int, from Sender) {
	if sig < 1 || sig > abi.NSIG {
		return
	}
	p.gil.lock(make(chan struct{}, 1))
	p.signalGroup(sig, false, from)
	p.gil.unlock()
}

// groupSignal is GroupSignal with the process lock held.
func (p *Process) groupSignal(sig int, from Sender) {
	if p.group.exiting && !p.detached {
		p.signalLocked(sig, false, from)
		return
	}
	p.signalGroup(sig, true, from)
}

// signalGroup sends sig to each guest process left in the runner's host
// process group, and to the initial process (wherever it is) if first.
func (p *Process) signalGroup(sig int, first bool, from Sender) {
	for _, g := range p.groups {
		if g.exiting || g.zombie {
			continue
		}
		if g == p.group && first || g != p.group && g.pgid == p.hostPgrp && g.host == nil {
			p.postProcess(g, from.info(sig))
		}
	}
}

// signal is Signal, which takes SIGINT, SIGQUIT and SIGWINCH for the
// terminal's if tty.
func (p *Process) signal(sig int, tty bool, from Sender) {
	if sig < 1 || sig > abi.NSIG {
		return
	}
	p.gil.lock(make(chan struct{}, 1))
	p.signalLocked(sig, tty, from)
	p.gil.unlock()
}

// signalLocked is signal with the process lock held.
func (p *Process) signalLocked(sig int, tty bool, from Sender) {
	if p.detached {
		p.groupSignal(sig, from)
		return
	}
	if c := p.hostCtty; tty && c != nil && !c.follow && c.sid > 0 && c.pgrp != 0 && c.pgrp != p.group.pgid &&
		(sig == abi.SIGINT || sig == abi.SIGQUIT || sig == abi.SIGWINCH) && p.livePgrp(c.pgrp) {
		p.killPgrp(c.pgrp, sig)
	} else if !p.group.exiting {
		p.postProcess(p.group, from.info(sig))
	} else if endRequest(sig) {
		p.endOrphans(sig, from)
	} else {
		for _, g := range p.groups {
			if !g.exiting {
				p.postProcess(g, from.info(sig))
			}
		}
	}
}

// TerminalSignal sends sig to the guest as the runner's own terminal's
// line discipline sent it to the runner's host process group, its
// foreground group (si_code SI_KERNEL: the INTR, QUIT or SUSP character,
// a window size change, a hang-up's SIGHUP; cmd/ppc64emu tells these with
// internal/hostsig).
// Under qemu-user every guest process of that host group gets it, so it
// goes to the guest's foreground group of that terminal: the group the
// guest made it with tcsetpgrp, or else the runner's host group (the
// processes the guest left in the group the first one started in), each
// with SI_KERNEL; a guest with no process in that group gets nothing, as
// Linux's terminal signals an empty group. Once the initial process has
// ended, or where the runner has no controlling terminal, it is
// UserSignal's.
func (p *Process) TerminalSignal(sig int) {
	if sig < 1 || sig > abi.NSIG {
		return
	}
	p.gil.lock(make(chan struct{}, 1))
	c := p.hostCtty
	switch {
	case c == nil || p.group.exiting:
		p.gil.unlock()
		p.signal(sig, false, Sender{})
		return
	case !c.follow && c.sid > 0 && c.pgrp != 0:
		p.killPgrp(c.pgrp, sig)
	case c.follow:
		p.killPgrp(p.hostPgrp, sig)
	}
	p.gil.unlock()
}

// endRequest says whether sig, sent to the runner from outside, asks it
// to end: what a caller (timeout, a shell's kill, a service manager, a
// terminal's hangup or Ctrl-C) sends to the pid it started.
func endRequest(sig int) bool {
	return sig == abi.SIGTERM || sig == abi.SIGINT || sig == abi.SIGHUP || sig == abi.SIGQUIT
}

// endOrphans answers a request to end (endRequest) that reaches the runner
// after the initial guest process has ended. Under qemu-user the pid the
// caller started has exited by then (its orphans are host processes of
// their own that the signal does not reach); here the orphans live in the
// runner, which cannot exit without ending them, and an orphan that
// ignores the signal (a daemon that set SIG_IGN) would keep it running with
// no guest process anyone can signal. So the first such request is given
// to each orphan that does not ignore it (its handler runs, or its default
// action ends it) and ends with SIGKILL each one that ignores it; a second
// request ends every orphan still running with SIGKILL. The run's status
// stays the initial process's (endIfLast), which qemu-user's pid exited
// with.
func (p *Process) endOrphans(sig int, from Sender) {
	p.endRequests++
	for _, g := range p.groups {
		if g.exiting {
			continue
		}
		if p.endRequests > 1 || g.host == nil && g.ignored(sig) {
			p.postProcess(g, sigInfo{signo: abi.SIGKILL, code: abi.SI_KERNEL})
		} else {
			p.postProcess(g, from.info(sig))
		}
	}
}
