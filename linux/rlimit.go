//go:build linux

package linux

import (
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Resource limits the runner keeps for each guest process (a thread
// group; fork copies its parent's, as Linux's copy_signal does), all
// sixteen, starting from the host's. RLIMIT_RSS and RLIMIT_LOCKS are
// only kept (what setrlimit set, getrlimit reads, and a host program the
// guest executes gets); Linux 6.1 itself enforces neither (getrlimit(2):
// they had effect in Linux 2.4 only). RLIMIT_CORE decides whether a
// process killed by a core-dumping signal dumps its core (its parent's
// WCOREDUMP and CLD_DUMPED) and bounds the file Config.Core asks for
// (core.go, dumpCore). RLIMIT_STACK bounds the main stack's growth
// (growStack); RLIMIT_MSGQUEUE the bytes of the message queues a guest
// user creates (mq_open's EMFILE; mqueue.go, mqCharge); and
// RLIMIT_SIGPENDING (signal.go) and
//
//   - RLIMIT_AS: the bytes the guest may map (mem.Memory.Limit; mmap,
//     mremap and brk beyond it fail as Linux's may_expand_vm: ENOMEM),
//     further bounded by Config.MaxMemory;
//   - RLIMIT_DATA: private writable memory (mmap ENOMEM) and the break
//     with the data segment (brk fails, Linux's check_data_rlimit);
//   - RLIMIT_NOFILE: the guest's descriptor numbers (EMFILE at the limit),
//     at most 1<<20 (Linux's nr_open);
//   - RLIMIT_CPU: the process's CPU time, the sum over its threads of the
//     host thread's CPU time while the thread held the process lock (ran
//     guest code or a system call; see cpuStart), checked at the end of
//     every quantum and whenever the thread gives up the lock: past the
//     soft limit the process gets SIGXCPU and the soft limit grows by a
//     second, at the hard limit SIGKILL (kernel/time/posix-cpu-timers.c,
//     check_process_timers; nothing while the soft limit is infinite);
//   - RLIMIT_RTTIME: a thread's CPU time under SCHED_FIFO or SCHED_RR
//     since it last slept (Thread.rtRun, charged as RLIMIT_CPU's time and
//     checked with it, in microseconds): past the soft limit the process
//     gets SIGXCPU and the soft limit grows by a second, at the hard
//     limit SIGKILL (check_thread_timers); a wait (Thread.waitFor) or a
//     host call that may wait (Thread.block) starts the count again, as
//     a wake-up does Linux's p->rt.timeout;
//   - RLIMIT_NICE and RLIMIT_RTPRIO: how far a process without
//     CAP_SYS_NICE may lower its nice value and raise its real-time
//     priority (sys_prio.go, sys_sched.go);
//   - RLIMIT_MEMLOCK: the pages mlock and mlockall may lock without
//     CAP_IPC_LOCK (sys_mlock.go);
//   - RLIMIT_NPROC: clone, fork and vfork fail with EAGAIN when the
//     guest's threads and processes (zombies included, as Linux counts a
//     task until it is reaped) reach it, unless the runner runs as root,
//     as Linux exempts root (copy_process); Config.MaxTasks bounds them
//     for every user (maxTasks);
//   - RLIMIT_FSIZE: how large the guest's writes may make a regular file
//     (fsizeRoom, fsizeGrow), checked by the runner before the host call,
//     never set on the runner's own host process, which writes files of
//     its own (records, cores).
const (
	rlimitCPU        = abi.RLIMIT_CPU
	rlimitFsize      = abi.RLIMIT_FSIZE
	rlimitData       = abi.RLIMIT_DATA
	rlimitNproc      = abi.RLIMIT_NPROC
	rlimitNofile     = abi.RLIMIT_NOFILE
	rlimitMemlock    = abi.RLIMIT_MEMLOCK
	rlimitAS         = abi.RLIMIT_AS
	rlimitSigpending = abi.RLIMIT_SIGPENDING // bounds the queued real-time signals (signal.go)
	rlimitNice       = abi.RLIMIT_NICE
	rlimitRtprio     = abi.RLIMIT_RTPRIO
	nrOpen           = 1 << 20
)

// hostResource is the host's number for guest resource res (the MIPS
// family numbers RLIMIT_NOFILE, RLIMIT_NPROC, RLIMIT_AS, RLIMIT_RSS and
// RLIMIT_MEMLOCK otherwise), or -1 for a number no resource has.
func hostResource(res int) int {
	switch res {
	case abi.RLIMIT_CPU:
		return unix.RLIMIT_CPU
	case abi.RLIMIT_FSIZE:
		return unix.RLIMIT_FSIZE
	case abi.RLIMIT_DATA:
		return unix.RLIMIT_DATA
	case abi.RLIMIT_STACK:
		return unix.RLIMIT_STACK
	case abi.RLIMIT_CORE:
		return unix.RLIMIT_CORE
	case abi.RLIMIT_RSS:
		return unix.RLIMIT_RSS
	case abi.RLIMIT_NPROC:
		return unix.RLIMIT_NPROC
	case abi.RLIMIT_NOFILE:
		return unix.RLIMIT_NOFILE
	case abi.RLIMIT_MEMLOCK:
		return unix.RLIMIT_MEMLOCK
	case abi.RLIMIT_AS:
		return unix.RLIMIT_AS
	case abi.RLIMIT_LOCKS:
		return unix.RLIMIT_LOCKS
	case abi.RLIMIT_SIGPENDING:
		return unix.RLIMIT_SIGPENDING
	case abi.RLIMIT_MSGQUEUE:
		return unix.RLIMIT_MSGQUEUE
	case abi.RLIMIT_NICE:
		return unix.RLIMIT_NICE
	case abi.RLIMIT_RTPRIO:
		return unix.RLIMIT_RTPRIO
	case abi.RLIMIT_RTTIME:
		return unix.RLIMIT_RTTIME
	}
	return -1
}

// hostRlimit is the host's limit of guest resource res as the runner was
// started with it (startNofile: not the soft RLIMIT_NOFILE Go's runtime
// raised), RLIM_INFINITY for both when the host does not say.
func hostRlimit(res int) unix.Rlimit {
	var rl unix.Rlimit
	if h := hostResource(res); h < 0 || unix.Getrlimit(h, &rl) != nil {
		return unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}
	}
	if res == abi.RLIMIT_NOFILE {
		rl.Cur = min(startNofile(rl), rl.Max)
	}
	return rl
}

// startNofile returns the soft RLIMIT_NOFILE the runner's process was
// started with, rl being its limit now. Go's runtime raises its own soft
// limit to the hard one less one at start (package syscall's init) and
// gives the original back only to the programs it starts, so a guest
// would see the raised one (a shell's `ulimit -n` 1048575 where the user
// set 1024). The runner asks such a program: a copy of its own executable
// started under PTRACE_TRACEME stops at its execve, before any of its
// code runs, with the limit Go's fork gave it, which prlimit reads before
// the copy is killed. Without a raise (rl.Cur is not rl.Max-1) or when
// the probe fails (ptrace refused), rl.Cur. Asked once per runner.
func startNofile(rl unix.Rlimit) uint64 {
	if rl.Max == unix.RLIM_INFINITY || rl.Cur != rl.Max-1 {
		return rl.Cur
	}
	startNofileOnce.Do(func() { startNofileCur = probeNofile() })
	if startNofileCur == 0 || startNofileCur > rl.Max {
		return rl.Cur
	}
	return startNofileCur
}

var (
	startNofileOnce sync.Once
	startNofileCur  uint64 // 0: unknown
)

func probeNofile() uint64 {
	runtime.LockOSThread() // the tracer is this thread
	defer runtime.UnlockOSThread()
	null, err := unix.Open(os.DevNull, unix.O_RDWR|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	defer unix.Close(null)
	pid, err := syscall.ForkExec("/proc/self/exe", []string{"ppc64emu-nofile-probe"}, &syscall.ProcAttr{
		Env:   []string{},
		Files: []uintptr{uintptr(null), uintptr(null), uintptr(null)},
		Sys:   &syscall.SysProcAttr{Ptrace: true, Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		return 0
	}
	defer func() {
		_ = unix.Kill(pid, unix.SIGKILL)
		var ws unix.WaitStatus
		for {
			if _, err := unix.Wait4(pid, &ws, 0, nil); err != unix.EINTR {
				return
			}
		}
	}()
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(pid, &ws, 0, nil)
		if err == nil {
			break
		}
		if err != unix.EINTR {
			return 0
		}
	}
	if !ws.Stopped() {
		return 0
	}
	var rl unix.Rlimit
	if unix.Prlimit(pid, unix.RLIMIT_NOFILE, nil, &rl) != nil {
		return 0
	}
	return rl.Cur
}

// guestRlimits are the limits the runner keeps for one guest process, and
// its CPU time so far.
type guestRlimits struct {
	cpu, data, nproc, nofile, as unix.Rlimit
	nice, rtprio, memlock, fsize unix.Rlimit
	rest                         [abi.RLIM_NLIMITS]unix.Rlimit // the others, by resource number
	cpuUsed                      time.Duration
}

// hostRlimits are t's process's limits as a host program it executes
// starts with them (hostshim.go): those the runner keeps, by the host's
// resource numbers. The CPU time the process has used counts against its
// RLIMIT_CPU after an execve on Linux, so the host program's is what is
// left of it (at least a second).
func (t *Thread) hostRlimits() []hostSpecRlimit {
	var out []hostSpecRlimit
	used := uint64(t.group.rl.cpuUsed / time.Second)
	for res := range abi.RLIM_NLIMITS {
		k := t.kept(res)
		h := hostResource(res)
		if k == nil || h < 0 {
			continue
		}
		rl := *k
		if res == rlimitCPU {
			for _, v := range []*uint64{&rl.Cur, &rl.Max} {
				if *v != unix.RLIM_INFINITY {
					*v = max(*v-min(used, *v), 1)
				}
			}
		}
		out = append(out, hostSpecRlimit{Res: h, Cur: rl.Cur, Max: rl.Max})
	}
	return out
}

// initRlimits takes the host's limits, RLIMIT_AS bounded by max (Config.
// MaxMemory) if not zero, and applies them to the initial process.
func (p *Process) initRlimits(max uint64) {
	get := hostRlimit
	rl := &p.group.rl
	rl.cpu, rl.data, rl.nproc, rl.nofile, rl.as = get(rlimitCPU), get(rlimitData), get(rlimitNproc), get(rlimitNofile), get(rlimitAS)
	rl.nice, rl.rtprio, rl.memlock = get(rlimitNice), get(rlimitRtprio), get(rlimitMemlock)
	rl.fsize = get(rlimitFsize)
	for _, res := range []int{abi.RLIMIT_STACK, abi.RLIMIT_CORE, abi.RLIMIT_RSS, abi.RLIMIT_LOCKS, abi.RLIMIT_MSGQUEUE, abi.RLIMIT_RTTIME} {
		rl.rest[res] = get(res)
	}
	if p.cfg.Core != "" {
		// Asking for a core file is asking for the core: as if the
		// user had run `ulimit -c hard` before the program.
		rl.rest[abi.RLIMIT_CORE].Cur = rl.rest[abi.RLIMIT_CORE].Max
	}
	rl.nofile.Cur = min(rl.nofile.Cur, nrOpen)
	rl.nofile.Max = min(rl.nofile.Max, nrOpen)
	if max != 0 {
		rl.as.Cur, rl.as.Max = min(rl.as.Cur, max), min(rl.as.Max, max)
	}
	p.applyRlimits(p.resources)
}

// applyRlimits applies r's process's memory and descriptor limits to its
// address space and descriptor table.
func (p *Process) applyRlimits(r resources) {
	rl := &r.group.rl
	r.mm.Mem.Limit = 0
	if rl.as.Cur != unix.RLIM_INFINITY {
		r.mm.Mem.Limit = max(rl.as.Cur&^(mem.PageSize-1), 1) // 0 would mean no limit
	}
	if m := p.cfg.MaxMemory; m != 0 && (r.mm.Mem.Limit == 0 || r.mm.Mem.Limit > m) {
		r.mm.Mem.Limit = m // even for a guest allowed to raise its RLIMIT_AS
	}
	r.files.limit = int(rl.nofile.Cur)
}

// memBudget is every guest address space's mem.Memory.Budget when
// Config.MaxMemory is set: the bytes mapped by all the run's guest
// processes together stay within it (mapped), so that a map, a break or
// a stack that would take them beyond fails as RLIMIT_AS would (ENOMEM;
// a stack fault SIGSEGV), and so does a fork whose copy would (cloneFits).
func (p *Process) memBudget(m *mem.Memory, grow uint64) bool {
	return p.mapped(m)+grow <= p.cfg.MaxMemory
}

// cloneFits says whether a copy of m (fork, clone without CLONE_VM)
// stays within Config.MaxMemory with the run's other address spaces.
func (p *Process) cloneFits(m *mem.Memory) bool {
	return p.cfg.MaxMemory == 0 || p.mapped(nil)+m.Size() <= p.cfg.MaxMemory
}

// mapped is the bytes the address spaces of the live guest processes map
// together, each counted once (threads and vfork children share theirs),
// m's too if it is not yet any thread's (execve's new one). A page shared
// copy-on-write after a fork counts in both processes, as Linux's strict
// overcommit accounting counts a fork's private pages.
func (p *Process) mapped(m *mem.Memory) uint64 {
	seen := map[*mem.Memory]bool{}
	var n uint64
	add := func(x *mem.Memory) {
		if x != nil && !seen[x] {
			seen[x] = true
			n += x.Size()
		}
	}
	add(m)
	for _, g := range p.groups {
		if g.zombie {
			continue
		}
		for _, t := range g.threads {
			add(t.mm.Mem)
		}
	}
	return n
}

// threadCPU is the CPU time of the calling host thread, in nanoseconds (0
// if the clock cannot be read).
func threadCPU() int64 {
	var ts unix.Timespec
	if _, _, e := unix.RawSyscall(unix.SYS_CLOCK_GETTIME, unix.CLOCK_THREAD_CPUTIME_ID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}

// cpuStart starts charging t's process for the CPU time of t's goroutine:
// called when t takes the process lock. The goroutine stays on its host
// thread until cpuStop, so that thread's CPU clock counts t alone (a
// goroutine that moved to another thread, or shared one with another
// goroutine, would make the clock's difference meaningless).
func (t *Thread) cpuStart() {
	runtime.LockOSThread()
	t.cpuMark = threadCPU()
}

// cpuCharge adds the CPU time since the last mark to t's process and
// enforces its RLIMIT_CPU and t's RLIMIT_RTTIME.
func (t *Thread) cpuCharge() {
	t.cpuAccount()
	g := t.group
	if g.cpuTimers != [2]cpuItimer{} && !g.exiting {
		g.fireCPUTimers(t.p)
	}
	t.rtCheck()
	rl := &g.rl.cpu
	if rl.Cur == unix.RLIM_INFINITY || g.exiting || t.p.exited() {
		return
	}
	used := uint64(g.rl.cpuUsed / time.Second) // whole seconds: used >= limit iff the nanoseconds are
	switch {
	case rl.Max != unix.RLIM_INFINITY && used >= rl.Max:
		t.p.postProcess(g, sigInfo{signo: abi.SIGKILL, code: abi.SI_KERNEL})
	case used >= rl.Cur:
		t.p.postProcess(g, sigInfo{signo: abi.SIGXCPU, code: abi.SI_KERNEL})
		rl.Cur++ // the next SIGXCPU a second later
	}
}

// cpuQuantum ends a quantum of t's run: t charges its CPU time
// (cpuCharge) when something watches it on the way — a CPU-time timer,
// a finite RLIMIT_CPU, RLIMIT_RTTIME under a real-time policy — and
// otherwise leaves the time since its mark to be charged later (cpuLate),
// when t gives up the lock, waits, or makes its next system call. Nobody
// else can read t's time while t holds the lock, and the mark stays, so
// the later charge is the same sum: what the quantum saves is a read of
// the thread's CPU clock, a host system call (CLOCK_THREAD_CPUTIME_ID has
// no vDSO path) that was 5.4% of the CPU samples of a Python loop raising
// and catching exceptions.
func (t *Thread) cpuQuantum() {
	g := t.group
	if g.cpuTimers != [2]cpuItimer{} || g.rl.cpu.Cur != unix.RLIM_INFINITY ||
		(t.sched.policy == schedFIFO || t.sched.policy == schedRR) && g.rl.rest[abi.RLIMIT_RTTIME].Cur != unix.RLIM_INFINITY {
		t.cpuCharge()
		return
	}
	t.cpuLate = true
}

// cpuAccount adds the CPU time since the last mark to t and its process
// (no timer fires, no limit is checked): what other threads and processes
// read of t's time (their clocks of it, /proc, RUSAGE_CHILDREN) is what
// was charged, so t accounts before it lets them run while it waits
// (Thread.block), not only at the end of a quantum.
func (t *Thread) cpuAccount() {
	t.cpuLate = false
	now := threadCPU()
	if now > t.cpuMark && t.cpuMark != 0 {
		d := time.Duration(now - t.cpuMark)
		t.group.rl.cpuUsed += d
		t.group.self.utime += d // what wait4 and the parent's RUSAGE_CHILDREN will report
		t.utime += d
		if (t.sched.policy == schedFIFO || t.sched.policy == schedRR) && t.group.rl.rest[abi.RLIMIT_RTTIME].Cur != unix.RLIM_INFINITY {
			t.rtRun += d // Linux's watchdog counts ticks only while the soft limit is finite
		}
	}
	t.cpuMark = now
}

// rtSlept ends t's run without sleeping (RLIMIT_RTTIME): Linux's
// enqueue_task_rt zeroes p->rt.timeout when the task wakes from a sleep.
// Called after a wait (Thread.waitFor) and after a host call that may
// wait (Thread.block), whether or not it waited.
func (t *Thread) rtSlept() { t.rtRun = 0 }

// rtCheck enforces t's process's RLIMIT_RTTIME on t's run without
// sleeping under a real-time policy, as Linux's check_thread_timers does
// (kernel/time/posix-cpu-timers.c; the limits are microseconds): at the
// hard limit the process gets SIGKILL; past the soft limit SIGXCPU, and
// the soft limit grows by a second (what getrlimit then reads), so that
// a thread that goes on running gets SIGXCPU every second.
func (t *Thread) rtCheck() {
	g := t.group
	rl := &g.rl.rest[abi.RLIMIT_RTTIME]
	if t.rtRun == 0 || rl.Cur == unix.RLIM_INFINITY || g.exiting || t.p.exited() {
		return
	}
	used := uint64(t.rtRun / time.Microsecond)
	switch {
	case rl.Max != unix.RLIM_INFINITY && used >= rl.Max:
		t.p.postProcess(g, sigInfo{signo: abi.SIGKILL, code: abi.SI_KERNEL})
	case used >= rl.Cur:
		t.p.postProcess(g, sigInfo{signo: abi.SIGXCPU, code: abi.SI_KERNEL})
		rl.Cur += uint64(time.Second / time.Microsecond)
	}
}

// cpuTimes returns the CPU time of t and of its process so far,
// counting the time since the last charge (t holds the process lock),
// without charging it.
func (t *Thread) cpuTimes() (thread, process time.Duration) {
	var d time.Duration
	if now := threadCPU(); now > t.cpuMark && t.cpuMark != 0 {
		d = time.Duration(now - t.cpuMark)
	}
	return t.utime + d, t.group.rl.cpuUsed + d
}

// cpuStop charges t's process and ends cpuStart's hold on the host
// thread: called when t gives up the process lock.
func (t *Thread) cpuStop() {
	t.cpuCharge()
	runtime.UnlockOSThread()
}

// defaultMaxTasks is Config.MaxTasks's default: 4096 guest processes cost
// the host about 2.4 GB (a fork bomb of 1000 children, forkbomb.c: 590 MB
// resident), more threads than glibc programs usually make.
const defaultMaxTasks = 4096

// taskLimit is EAGAIN if t may not create another thread or process: the
// guest's tasks are at Config.MaxTasks, or at t's RLIMIT_NPROC and the
// runner is not root (copy_process: root is exempt). Linux counts all the
// user's tasks on the host against RLIMIT_NPROC; the runner counts the
// guest's.
func (t *Thread) taskLimit() int {
	p := t.p
	n := 0
	for _, g := range p.groups {
		n += max(len(g.threads), 1) // a zombie is one task until reaped
	}
	limit := p.cfg.MaxTasks
	if limit <= 0 {
		limit = defaultMaxTasks
	}
	if n >= limit {
		return abi.EAGAIN
	}
	if nproc := t.group.rl.nproc.Cur; nproc != unix.RLIM_INFINITY && uint64(n) >= nproc &&
		t.cred.uid.r != 0 && !t.cred.capable(unix.CAP_SYS_RESOURCE) && !t.cred.capable(unix.CAP_SYS_ADMIN) {
		return abi.EAGAIN
	}
	return 0
}

// kept returns t's process's limit of resource res, if the runner keeps
// it.
func (t *Thread) kept(res int) *unix.Rlimit {
	rl := &t.group.rl
	switch res {
	case rlimitCPU:
		return &rl.cpu
	case rlimitData:
		return &rl.data
	case rlimitNproc:
		return &rl.nproc
	case rlimitNofile:
		return &rl.nofile
	case rlimitAS:
		return &rl.as
	case rlimitNice:
		return &rl.nice
	case rlimitRtprio:
		return &rl.rtprio
	case rlimitMemlock:
		return &rl.memlock
	case rlimitFsize:
		return &rl.fsize
	case rlimitSigpending:
		return &t.p.sigpendingRL
	}
	if res >= 0 && res < len(rl.rest) {
		return &rl.rest[res]
	}
	return nil
}

// setKept sets a kept limit of t's process for a caller of credentials c
// with Linux's checks (do_prlimit: cur ≤ max, EINVAL; raising max needs
// privilege, EPERM; RLIMIT_NOFILE above nr_open, EPERM).
func (t *Thread) setKept(res int, rl unix.Rlimit, c *cred) int {
	cur := t.kept(res)
	if rl.Max > cur.Max && !c.capable(unix.CAP_SYS_RESOURCE) {
		return abi.EPERM
	}
	if res == rlimitNofile && rl.Max > nrOpen {
		return abi.EPERM
	}
	*cur = rl
	t.p.applyRlimits(t.resources)
	return 0
}

// dataOK reports whether grow more bytes of private writable memory stay
// within t's RLIMIT_DATA (Linux's data_vm: private writable mappings but
// the stack).
func (t *Thread) dataOK(grow uint64) bool {
	lim := t.group.rl.data.Cur
	if lim == unix.RLIM_INFINITY {
		return true
	}
	var used uint64
	t.mm.Mem.Regions(func(s, e uint64, pr mem.Perm) {
		if pr&mem.Write != 0 {
			used += e - s
			// The stack is not data (VM_STACK).
			if lo, hi := max(s, t.mm.proc.stackLo), min(e, t.mm.proc.stackHi); lo < hi {
				used -= hi - lo
			}
		}
	})
	return used+grow <= lim && grow <= lim
}

// brkOK is Linux's check_data_rlimit for a break moved to brk: the heap
// plus the data segment within t's RLIMIT_DATA.
func (t *Thread) brkOK(brk uint64) bool {
	lim := t.group.rl.data.Cur
	if lim == unix.RLIM_INFINITY || brk <= t.mm.brkBase {
		return true
	}
	var data uint64
	for _, s := range t.p.Image.Segments {
		if s.Perm&mem.Write != 0 {
			data += s.MemSize
		}
	}
	return brk-t.mm.brkBase <= lim && brk-t.mm.brkBase+data <= lim
}

// posFile and posEnd are fsizeRoom's positions other than an offset: the
// description's file offset, and the file's end (pwritev2's RWF_APPEND);
// posNone is an offset the host refuses (negative: EINVAL), not checked.
const (
	posFile = -1
	posEnd  = -2
	posNone = -3
)

// offPos is fsizeRoom's position for a guest's offset off.
func offPos(off int64) int64 {
	if off < 0 {
		return posNone
	}
	return off
}

// fsizeRoom is how many bytes a write at pos (an offset, posFile or
// posEnd) to the file of host descriptor fd may add under t's process's
// RLIMIT_FSIZE, as Linux's generic_write_check_limits measures it: the
// limit less the position, where an O_APPEND description writes at the
// file's end (generic_write_checks). limited is false where no limit
// applies: an infinite one, a file that is not a regular one (pipes,
// sockets, terminals, /dev/null), a description not open for writing or
// opened O_PATH (the host's EBADF comes first), a negative offset (the
// host's EINVAL), and an O_APPEND description when appendOK is false
// (sendfile and splice refuse it first, EINVAL).
func (t *Thread) fsizeRoom(fd int, pos int64, appendOK bool) (room uint64, limited bool) {
	return roomUnder(t.group.rl.fsize.Cur, fd, pos, appendOK)
}

// roomUnder is fsizeRoom for a limit lim read before, by a caller that no
// longer holds the process lock (splice's attempts).
func roomUnder(lim uint64, fd int, pos int64, appendOK bool) (room uint64, limited bool) {
	if lim == unix.RLIM_INFINITY || fd < 0 || fd == badFD || pos <= posNone {
		return 0, false
	}
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_PATH != 0 || fl&unix.O_ACCMODE == unix.O_RDONLY {
		return 0, false
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return 0, false
	}
	if fl&unix.O_APPEND != 0 {
		if !appendOK {
			return 0, false
		}
		pos = posEnd
	}
	switch pos {
	case posEnd:
		pos = st.Size
	case posFile:
		if pos, err = unix.Seek(fd, 0, unix.SEEK_CUR); err != nil {
			return 0, false
		}
	}
	if uint64(pos) >= lim {
		return 0, true
	}
	return lim - uint64(pos), true
}

// fsizeWrite is Linux's generic_write_checks for a write of count bytes
// at pos to host descriptor fd (fsizeRoom): count shortened to the room
// the limit leaves, or, at or past the limit, SIGXFSZ and EFBIG. A write
// of nothing is not checked.
func (t *Thread) fsizeWrite(fd int, pos int64, count uint64) (uint64, int) {
	if count == 0 {
		return 0, 0
	}
	room, limited := t.fsizeRoom(fd, pos, true)
	if !limited {
		return count, 0
	}
	if room == 0 {
		return 0, t.fsizeExceeded()
	}
	return min(count, room), 0
}

// fsizeExceeded sends t SIGXFSZ (sigXFSZ) and returns EFBIG.
func (t *Thread) fsizeExceeded() int {
	t.sigXFSZ()
	return abi.EFBIG
}

// sigXFSZ sends t SIGXFSZ, as Linux's send_sig to the current task
// (thread-directed, SI_USER from the process itself).
func (t *Thread) sigXFSZ() { t.post(t.selfSigInfo(abi.SIGXFSZ)) }

// selfSigInfo is the siginfo of a signal the kernel sends the calling
// thread for its own call with send_sig (SIGPIPE, SIGXFSZ): SI_USER with
// the process's own id and real user id.
func (t *Thread) selfSigInfo(sig int) sigInfo {
	return sigInfo{signo: sig, code: abi.SI_USER, pid: t.group.tgid, uid: int(t.cred.uid.r)}
}

// fsizeGrow is Linux's inode_newsize_ok for a change of the size of the
// regular file of host descriptor fd (a host path if fd is -1) to size:
// growing it past t's process's RLIMIT_FSIZE sends SIGXFSZ and is EFBIG;
// shrinking it, or growing it to the limit, is allowed. Files the host
// would refuse first (not a regular one, or not writable by t: fd's
// description not open for writing, the path not writable) are left to
// the host.
func (t *Thread) fsizeGrow(fd int, path string, size int64) int {
	lim := t.group.rl.fsize.Cur
	if lim == unix.RLIM_INFINITY || size < 0 || uint64(size) <= lim {
		return 0
	}
	var st unix.Stat_t
	if fd >= 0 {
		fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil || fl&unix.O_PATH != 0 || fl&unix.O_ACCMODE == unix.O_RDONLY || unix.Fstat(fd, &st) != nil {
			return 0
		}
	} else if unix.Stat(path, &st) != nil || unix.Faccessat(unix.AT_FDCWD, path, unix.W_OK, unix.AT_EACCESS) != nil {
		return 0
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG || size <= st.Size {
		return 0
	}
	return t.fsizeExceeded()
}
