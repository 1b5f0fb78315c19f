//go:build linux

package linux

import (
	"slices"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// A thread's resources are four values, each shared with the thread that
// created it or copied from it as clone's flags say (Linux's mm_struct,
// files_struct, sighand_struct and signal_struct):
//
//	addressSpace  CLONE_VM       memory, program break
//	fdTable       CLONE_FILES    the descriptor table (fdtab.go)
//	sigHandlers   CLONE_SIGHAND  the signal actions
//	threadGroup   CLONE_THREAD   the threads, process-directed pending signals, POSIX timers
//
// The working directory, root and umask (CLONE_FS) are the thread
// group's (fs.go): a process's threads share them, a new process gets a
// copy, and a thread that unshares them (unshare(CLONE_FS)) gets its own,
// which the threads it then creates share (Thread.ownFS). The System V
// semaphore undo list (CLONE_SYSVSEM) is a thread's too (Thread.semUndo,
// sysvipc.go semUndoList). All are used with the process lock held.

// addressSpace is what CLONE_VM shares: the guest memory and the program
// break. It is also what a private futex's key names (futexKey).
type addressSpace struct {
	Mem     *mem.Memory
	brkBase uint64     // the initial break, the end of the loaded image
	brk     uint64     // the current break
	stack   stackArea  // the main thread's stack, which grows on faults (stack.go)
	proc    procState  // what /proc/PID reports of it from the program's start (procfs.go)
	names   []fileName // the files its private file mappings map, by range (procmaps.go)
	// e steps every thread of the address space, the one holding the
	// process lock (Thread.lock sets its Context), so that they share its
	// decoded instructions and page caches: a thread costs its Context
	// and goroutine, not a copy of the program's decoded code.
	e *emulate.Emulator
	// locked are the pages mlock and mlockall locked, by address
	// (sys_mlock.go); fork's copy has none.
	locked map[uint64]struct{}
	// dumpable is prctl's PR_GET_DUMPABLE (0, SUID_DUMP_USER 1, or 2),
	// Linux's mm flag (cred.go): copied by fork, set by execve and by a
	// change of credentials.
	dumpable int
	// membarrier is the membarrier(2) commands registered (membarrier.go):
	// copied by fork.
	membarrier uint32
	// policies are the memory policies mbind gave ranges of it
	// (mempolicy.go): copied by fork.
	policies []polRange
	// aio is its native AIO contexts (aio.go): none in fork's copy.
	aio *aioTable
	// dumpFilter is /proc/PID/coredump_filter (proctask.go), Linux's mm
	// flags: copied by fork, kept by execve.
	dumpFilter uint32
	// vdso is where the vDSO is mapped, 0 once it is not: Linux's
	// mm->context.vdso, the mapping /proc/PID/maps names [vdso] and
	// signal handlers return through (vdso.go). execve maps it, fork
	// copies it, mremap moves it, and an unmapping of its page (munmap,
	// a MAP_FIXED mapping over it) ends it.
	vdso uint64
}

func newAddressSpace(m *mem.Memory, brk uint64) *addressSpace {
	return &addressSpace{Mem: m, brkBase: brk, brk: brk, dumpable: suidDumpUser, dumpFilter: dumpFilterDefault}
}

// copy returns a new address space with the same mappings, permissions and
// bytes (what fork gives the child: mem.Clone, pages shared copy-on-write)
// and the same break. Futex waiters are not copied: they wait in the
// original (on its private futexes; shared memory stays shared, mem.Clone).
func (mm *addressSpace) copy() (*addressSpace, error) {
	m := mm.Mem.Clone()
	c := newAddressSpace(m, mm.brkBase)
	c.brk = mm.brk
	c.dumpable = mm.dumpable
	c.dumpFilter = mm.dumpFilter
	c.vdso = mm.vdso
	c.membarrier = mm.membarrier
	c.stack = mm.stack
	c.proc = mm.proc
	c.names = slices.Clone(mm.names)
	c.policies = slices.Clone(mm.policies)
	return c, nil
}

// sigHandlers is what CLONE_SIGHAND shares: the action of every signal.
type sigHandlers struct {
	actions [abi.NSIG + 1]sigAction
}

type sigAction struct {
	handler, flags, restorer, mask uint64
}

// copy returns a copy of the actions, as fork gives the child.
func (h *sigHandlers) copy() *sigHandlers {
	c := *h
	return &c
}

// threadGroup is what CLONE_THREAD shares: the threads of one process, the
// signals sent to the process as a whole (pending until one of its threads
// takes them, signal.go) and the process's POSIX timers (sys_timer.go).
type threadGroup struct {
	tgid     int // the thread group id: its first thread's id, getpid's answer
	threads  map[int]*Thread
	nthreads atomic.Int32
	shared   sigQueue
	// POSIX timers by id, and the next id to give.
	timers    map[int]*posixTimer
	nextTimer int
	// Its parent, process group and end, as a guest process (fork.go).
	childState
	jobState // whether it is stopped (jobctl.go)
	// exitLeft counts the threads whose part in its end (exitGroup) is
	// still to come, the end's status exitSt (Linux's group_exit_code).
	exitLeft int
	exitSt   ExitStatus
	rl       guestRlimits // its resource limits and CPU time (rlimit.go)
	// cred is the credentials it ended with (a zombie's, a host
	// program's: cred.go).
	cred *cred
	// Its working directory, root and umask (fs.go): CLONE_FS is shared
	// by a process's threads only, so they belong to the thread group,
	// but for a thread's own after unshare(CLONE_FS) (Thread.ownFS).
	fs fsState
	// Its session (pgrp.go) and whether it has called execve (setpgid
	// refuses to move such a child).
	sid    int
	execed bool
	// execs counts its execve calls (Linux's self_exec_id): an
	// mq_notify signal goes only to the program that registered
	// (mqueue.go).
	execs uint64
	// tty is its controlling terminal (ctty.go), or nil: inherited at
	// fork, dropped by setsid.
	tty *ctty
	// oom is its OOM killer adjustment (procoom.go): copied at fork.
	oom oomAdj
	// cpuTimers are its ITIMER_VIRTUAL and ITIMER_PROF (sys_itimer.go):
	// not copied at fork, kept by execve.
	cpuTimers [2]cpuItimer
	// host is the host process it became by execve of a program the
	// emulator does not run (hostexec.go), or nil.
	host *hostProc
	// hostUndo is the System V semaphore undo list the thread that
	// became host held (Thread.semUndo), let go of when it ends.
	hostUndo *semUndoList
	// exe is the absolute host path of its program, symbolic links
	// resolved (/proc/self/exe): the first process's, copied at fork,
	// replaced by execve.
	exe string
	// exeID is exe's file (exeOK: known), which no one may open for
	// writing while a process runs it (txtbusy.go).
	exeID fileID
	exeOK bool
	// started is when it was created (/proc/PID/stat's starttime).
	started time.Time
	// rand is its stream of random numbers in a seeded run (seed.go), nil
	// in another.
	rand *randStream
	// self is its threads' time under the process lock (the CPU time the
	// runner spent on it) or a host process's usage; children is that of
	// its reaped children and their descendants (RUSAGE_CHILDREN).
	self, children childUsage
	// ioDead is the I/O accounting of its ended threads and reaped
	// children (Linux's signal->ioac: proctask.go).
	ioDead ioAcct
}

// newThreadGroup returns an empty thread group whose first thread will be
// tgid.
func newThreadGroup(tgid int) *threadGroup {
	g := &threadGroup{tgid: tgid, threads: map[int]*Thread{}, fs: fsState{cwd: unix.AT_FDCWD}, started: time.Now()}
	g.init()
	return g
}

// copy returns a new descriptor table with a duplicate of each descriptor
// at the same number, sharing the open file description (offset, status
// flags) as fork's child does, with its own close-on-exec flag; signalfds
// stay signalfds. On an error (EMFILE) nothing is left open.
func (ft *fdTable) copy() (*fdTable, error) {
	c := &fdTable{host: make([]int, len(ft.host)), limit: ft.limit}
	for g, h := range ft.host {
		c.host[g] = -1
		if h < 0 {
			continue
		}
		fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFD, 0)
		var nh int
		if err == nil {
			nh, err = unix.FcntlInt(uintptr(h), unix.F_DUPFD_CLOEXEC, 0)
			if err == nil && hostFull(nh) {
				err = unix.ENOMEM // the runner's table is full (fdtab.go)
			}
		}
		if err == nil && fl&unix.FD_CLOEXEC == 0 {
			_, err = unix.FcntlInt(uintptr(nh), unix.F_SETFD, fl)
		}
		if err != nil {
			c.closeAll()
			return nil, err
		}
		c.host[g] = nh
		if s := ft.sigfds[h]; s != nil {
			if c.sigfds == nil {
				c.sigfds = map[int]*sigfdState{}
			}
			c.sigfds[nh] = s // one eventfd, one readiness (as dupped)
		}
		ft.memCopied(c, h, nh)
		copyEntry(&c.procWrites, ft.procWrites, h, nh)
		copyEntry(&c.procReads, ft.procReads, h, nh)
		copyEntry(&c.procDirs, ft.procDirs, h, nh)
		copyEntry(&c.pidfds, ft.pidfds, h, nh)
		copyEntry(&c.owners, ft.owners, h, nh)
	}
	return c, nil
}

// resources are the four shared or copied parts of a thread.
type resources struct {
	mm      *addressSpace
	files   *fdTable
	sighand *sigHandlers
	group   *threadGroup
}

// newResources returns the resources of a program's first thread, tid:
// memory m with its break at brk, no descriptors, every action SIG_DFL, a
// thread group with no thread yet.
func newResources(tid int, m *mem.Memory, brk uint64) resources {
	return resources{mm: newAddressSpace(m, brk), files: &fdTable{}, sighand: &sigHandlers{}, group: newThreadGroup(tid)}
}

// cloneCheck refuses with EINVAL the flag combinations Linux refuses
// (kernel/fork.c, copy_process): CLONE_THREAD without CLONE_SIGHAND,
// CLONE_SIGHAND without CLONE_VM, CLONE_FS with CLONE_NEWNS or
// CLONE_NEWUSER.
func cloneCheck(flags uint64) int {
	switch {
	case flags&abi.CLONE_THREAD != 0 && flags&abi.CLONE_SIGHAND == 0,
		flags&abi.CLONE_SIGHAND != 0 && flags&abi.CLONE_VM == 0,
		flags&abi.CLONE_FS != 0 && flags&(abi.CLONE_NEWNS|abi.CLONE_NEWUSER) != 0:
		return abi.EINVAL
	}
	return 0
}

// cloneResources returns the resources of thread tid that t creates with
// clone's flags (cloneCheck's EINVAL first): each part shared with t or a
// copy of t's, a new thread group led by tid without CLONE_THREAD. A copy
// that fails (no memory, EMFILE) fails with its errno.
func (t *Thread) cloneResources(flags uint64, tid int) (resources, int) {
	if e := cloneCheck(flags); e != 0 {
		return resources{}, e
	}
	r := resources{mm: t.mm, files: t.files, sighand: t.sighand, group: t.group}
	if flags&abi.CLONE_THREAD == 0 {
		r.group = newThreadGroup(tid)
		r.group.rl = t.group.rl // the parent's limits; no CPU time yet
		r.group.rl.cpuUsed = 0
		r.group.oom = t.group.oom // as Linux's copy_signal
		r.group.fs = t.fsOf().copy()
		r.group.exe, r.group.exeID, r.group.exeOK = t.group.exe, t.group.exeID, t.group.exeOK
		t.group.forkStream(r.group)
	}
	if flags&abi.CLONE_SIGHAND == 0 {
		r.sighand = t.sighand.copy()
	}
	if flags&abi.CLONE_FILES == 0 {
		f, err := t.files.copy()
		if err != nil {
			return resources{}, errnoOf(err)
		}
		r.files = f
	}
	if flags&abi.CLONE_VM == 0 {
		var mm *addressSpace
		var err error = mem.ErrLimit
		if t.p.cloneFits(t.mm.Mem) {
			mm, err = t.mm.copy()
		}
		if err != nil {
			if r.files != t.files {
				r.files.closeAll()
			}
			return resources{}, abi.ENOMEM
		}
		r.mm = mm
		t.p.shmOpen(mm, t.group.tgid)
	}
	return r, 0
}
