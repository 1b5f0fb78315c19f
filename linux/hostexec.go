//go:build linux

package linux

import (
	"debug/elf"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Programs the emulator does not run. As under qemu-user with binfmt_misc,
// a guest's execve of a program for the host's own architecture runs it
// natively, and a ppc64 program of the other byte order runs under another
// runner (Config.Runner). Either is a host process started with the
// guest's arguments, environment, working directory, umask and open
// descriptors (close-on-exec ones closed), and it stands for the guest
// process that called execve: the guest process keeps its process id for
// its parent, its process group and its place in the process tree, a
// signal sent to it goes to the host process, and when the host process
// ends the guest process ends with the same status (its parent's wait4,
// waitid and SIGCHLD report it, with the host's resource usage). It is
// started through the runner's shim (hostshim.go), which gives it the
// guest thread's signal mask, ignored signals, no_new_privs and, under a
// root runner, its ids, groups, capability sets and securebits, the run's
// host and domain names (its own UTS namespace) and a read-only /proc/sys
// (its own mount namespace); a root runner that cannot confine it refuses
// the execve with EACCES. What a host process still cannot have: the
// guest's pid (getpid in it answers the host's), the run's other virtual
// state (its /proc, its pid numbering, its sysctl answers), and any bound
// on what its own CAP_SYS_ADMIN allows (a root guest that kept it can
// leave the namespaces). A recorded run (Config.Record) refuses such an
// execve with ENOEXEC: the host process's effects could not be replayed.

// hostProc is the host process a guest process became by execve.
type hostProc struct {
	pid int
}

// hostMachine is the ELF machine of the host's architecture, or EM_NONE
// on a host whose programs the runner does not start natively (a powerpc64
// host: every powerpc64 program is emulated).
func hostMachine() elf.Machine {
	switch runtime.GOARCH {
	case "amd64":
		return elf.EM_X86_64
	case "386":
		return elf.EM_386
	case "arm64":
		return elf.EM_AARCH64
	case "arm":
		return elf.EM_ARM
	case "riscv64":
		return elf.EM_RISCV
	case "s390x":
		return elf.EM_S390
	case "loong64":
		return elf.EM_LOONGARCH
	case "mips", "mipsle", "mips64", "mips64le":
		return elf.EM_MIPS
	}
	return elf.EM_NONE
}

// hostProgram reports whether the file at host path is an ELF executable
// for the host's architecture and word size.
func hostProgram(host string) bool {
	m := hostMachine()
	if m == elf.EM_NONE {
		return false
	}
	f, err := openExec(host)
	if err != nil {
		return false
	}
	defer f.Close()
	ef, err := elf.NewFile(f)
	if err != nil {
		return false
	}
	class := elf.ELFCLASS64
	if strconv.IntSize == 32 {
		class = elf.ELFCLASS32
	}
	return ef.Machine == m && ef.Class == class && (ef.Type == elf.ET_EXEC || ef.Type == elf.ET_DYN)
}

// execHost replaces t's process by the host program at host path with
// argv and env (execve's point of no return once it has started): the
// guest process's threads end and it waits for the host process.
func (t *Thread) execHost(host string, argv, env []string) (uint64, int) {
	// A recording (record.go) does not record the host process: it is
	// not a guest process, and what it does is not executed again by a
	// replay. The recorded processes see its effects through their own
	// system calls (a pipe read, waitpid's status), which are recorded;
	// what it writes itself (to the runner's stdout, to files) is not.
	p, g := t.p, t.group
	if t.seccomp != nil {
		return 0, eNOEXEC // its filters could not follow it (seccomp.go)
	}
	// The descriptors the program gets: the guest's, numbered as the
	// guest numbers them, without the close-on-exec ones.
	files := make([]uintptr, 0, len(t.files.host))
	for _, h := range t.files.host {
		fd := ^uintptr(0) // closed in the child
		if h >= 0 {
			if fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFD, 0); err == nil && fl&unix.FD_CLOEXEC == 0 {
				fd = uintptr(h)
			}
		}
		files = append(files, fd)
	}
	for len(files) < 3 {
		files = append(files, ^uintptr(0)) // not the runner's own stdio
	}
	dir, e := t.cwdPath()
	if e != 0 {
		return 0, e
	}
	host = t.realHost(host) // the descriptors it goes through are the runner's
	host = childFDPath(host, files)
	spec := &hostSpec{Path: host, Argv: argv, Env: env, Dir: dir}
	if root := t.fsOf().root; root != "" {
		// The host program runs in the process's chroot(2) root, given
		// by the host (the runner needs CAP_SYS_CHROOT): its path and
		// working directory are named from there (chroot.go).
		name, ok := guestIn(root, host)
		if !ok {
			return 0, abi.ENOENT
		}
		spec.Root, spec.Path = root, name
		if d, ok := guestIn(root, dir); ok {
			spec.Dir = d
		} else {
			spec.Dir = "" // left where it is (outside the root)
		}
	}
	p.syncUmask(t.fsOf().umask) // inherited by the child
	var pid int
	p.startClean(func() { pid, e = t.startHost(spec, files) })
	if e != 0 {
		return 0, e
	}
	// The point of no return: the guest threads end; the process is the
	// host process now.
	for tid, u := range g.threads {
		u.flushCount() // as groupExit: a waiting thread's goroutine may wake after the run's end
		if u == t {
			g.hostUndo, t.semUndo = t.semUndo, nil // execve keeps it, until the process ends
		} else {
			u.exitSem()
		}
		if u.files.users--; u.files.users == 0 {
			u.files.closeAll()
		}
		u.dropFS()
		delete(g.threads, tid)
		g.nthreads.Add(-1)
		u.execed = true
		if u != t {
			u.wakeUp()
		}
	}
	g.host = &hostProc{pid: pid}
	g.cred = t.cred
	g.execed = true
	g.vforkDoneOnce()
	go p.waitHost(g, pid)
	return 0, errExit
}

// childFDPath is host path host as the child started with files sees
// it: a path through one of the guest's descriptors (execveat with
// AT_EMPTY_PATH, or relative to a directory descriptor: /proc/self/fd/H)
// goes through the guest's number for it, which the child has (startClean
// leaves it nothing at the runner's numbers). One the child does not get
// (close-on-exec) is left as it is: the child does not have it either.
func childFDPath(host string, files []uintptr) string {
	const fdDir = "/proc/self/fd/"
	rest, ok := strings.CutPrefix(host, fdDir)
	if !ok {
		return host
	}
	num, tail, _ := strings.Cut(rest, "/")
	h, err := strconv.Atoi(num)
	if err != nil {
		return host
	}
	if i := slices.Index(files, uintptr(h)); i >= 0 {
		if tail != "" {
			tail = "/" + tail
		}
		return fdDir + strconv.Itoa(i) + tail
	}
	return host
}

// startClean runs start, which starts a host process (a host program the
// guest executes, a FIFO opener, the terminal relay), with the host
// descriptor of every guest descriptor of every guest process
// close-on-exec: those are not close-on-exec on the host where the
// guest's are not, and the child would have them all from its fork
// (Go's ForkExec closes none), the ones it is given in its files also
// at their old numbers (dup2 gives it a copy), until its exec, or for
// good (a host program: another process's pipe never reached its end of
// file while it ran). Given files are still its own: dup2's copy is not
// close-on-exec. The lock is held, so no guest thread looks at the flags
// meanwhile; the flags are restored after.
func (p *Process) startClean(start func()) {
	var set []int
	for ft := range p.fdTables() {
		for _, h := range ft.host {
			if h < 0 {
				continue
			}
			if fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFD, 0); err == nil && fl&unix.FD_CLOEXEC == 0 {
				if _, err := unix.FcntlInt(uintptr(h), unix.F_SETFD, unix.FD_CLOEXEC); err == nil {
					set = append(set, h)
				}
			}
		}
	}
	start()
	for _, h := range set {
		_, _ = unix.FcntlInt(uintptr(h), unix.F_SETFD, 0)
	}
}

// waitHost waits for the host process pid that guest process g became and
// ends g with its status.
func (p *Process) waitHost(g *threadGroup, pid int) {
	var ws unix.WaitStatus
	var ru unix.Rusage
	for {
		_, err := unix.Wait4(pid, &ws, 0, &ru)
		if err != unix.EINTR {
			break
		}
	}
	st := ExitStatus{Code: ws.ExitStatus()}
	if ws.Signaled() {
		st = ExitStatus{Signal: int(ws.Signal())}
	}
	p.gil.lock(make(chan struct{}, 1))
	defer p.gil.unlock()
	if p.exited() {
		return
	}
	g.self = childUsage{maxrss: g.self.maxrss} // the guest's before its exec (noteRSS)
	g.self.add(&ru)
	p.groupExit(g, st)
}

// signalHost sends sig to the host process a guest process became.
func (h *hostProc) signal(sig int) bool {
	return unix.Kill(h.pid, unix.Signal(sig)) == nil
}

// childUsage is the resource usage of a guest process's ended, waited-for
// children (getrusage's RUSAGE_CHILDREN) or its own as a host process.
type childUsage struct {
	utime, stime time.Duration
	maxrss       int64
}

func (u *childUsage) add(ru *unix.Rusage) {
	u.utime += time.Duration(ru.Utime.Nano())
	u.stime += time.Duration(ru.Stime.Nano())
	u.maxrss = max(u.maxrss, int64(ru.Maxrss))
}

// noteRSS raises u's maximum resident size (ru_maxrss, in kilobytes) to
// that of address space mm, as Linux's setmax_mm_hiwater_rss does when a
// process execs or exits: the guest's resident pages stand in for its
// high-water mark. Without it a guest child that never ran as a host
// process reported a maxrss of 0 to wait4 and RUSAGE_CHILDREN.
func (u *childUsage) noteRSS(mm *addressSpace) {
	if mm == nil || mm.Mem == nil {
		return
	}
	u.maxrss = max(u.maxrss, int64(mm.Mem.Resident()/1024))
}

func (u *childUsage) merge(o *childUsage) {
	u.utime += o.utime
	u.stime += o.stime
	u.maxrss = max(u.maxrss, o.maxrss)
}

// rusage returns u as the guest's struct rusage.
func (u *childUsage) rusage() abi.Rusage {
	tv := func(d time.Duration) abi.Timeval {
		return abi.Timeval{Sec: int64(d / time.Second), Usec: int64(d % time.Second / time.Microsecond)}
	}
	return abi.Rusage{Utime: tv(u.utime), Stime: tv(u.stime), Maxrss: u.maxrss}
}

// rusage is what wait4 and waitid report of ended child g: its own usage
// and its reaped children's.
func (g *threadGroup) rusage() *abi.Rusage {
	u := g.self
	u.merge(&g.children)
	r := u.rusage()
	return &r
}

// argv0 is the argv[0] a program is given: args[0], or path when args is
// empty.
func argv0(args []string, path string) string {
	if len(args) > 0 {
		return args[0]
	}
	return path
}
