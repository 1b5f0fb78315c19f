//go:build linux

package linux

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Process file descriptors: pidfd_open, pidfd_send_signal and
// pidfd_getfd (waitid's P_PIDFD is fork.go's).
//
// A pidfd of a guest process is a host timerfd, never armed until the
// process ends, so that poll, epoll, select, close and dup work on it
// across guest processes: Linux 6.1's pidfd_poll reports EPOLLIN and
// EPOLLRDNORM once the thread group has exited and nothing before (no
// EPOLLOUT, no EPOLLHUP), which is what a timerfd reports before and
// after it expires (an eventfd is always writable). A timerfd is an
// anonymous inode file, as a 6.1 pidfd is (the same inode: fstat and
// fdinfo's ino and mnt_id agree), with O_RDWR and O_NONBLOCK as its
// status flags. The table fdTable.pidfds maps the host timerfd to the
// process; what would show the timerfd is answered as a pidfd's: read,
// readv, write and writev are EINVAL, pread, preadv and lseek ESPIPE,
// splice and sendfile EINVAL, timerfd_settime and gettime EINVAL,
// /proc/PID/fd names it "anon_inode:[pidfd]" and /proc/PID/fdinfo gives
// its Pid and NSpid (pidfdInfo). A pid that is not a guest process is the
// host's: pidfd_open asks the host for a pidfd of it, and
// pidfd_send_signal on such a descriptor is the host's.

// pidfdNonblock is PIDFD_NONBLOCK (O_NONBLOCK).
const pidfdNonblock = 0o4000

func sysPidfdOpen(t *Thread, a *sysArgs) (uint64, int) {
	pid, flags := a.Int(0), a.Uint(1)
	if flags&^pidfdNonblock != 0 || pid <= 0 {
		return 0, abi.EINVAL
	}
	p := t.p
	g := p.groups[pid]
	if g == nil {
		for _, o := range p.groups {
			if o.threads[pid] != nil {
				return 0, abi.EINVAL // a thread, not a thread group (PIDTYPE_TGID)
			}
		}
		if e := p.hostTarget(pid); e != 0 {
			return 0, e
		}
		h, err := unix.PidfdOpen(pid, int(flags))
		if err != nil {
			return 0, errnoOf(err)
		}
		return t.files.addLimited(h, 0)
	}
	return t.newPidfd(g, flags&pidfdNonblock)
}

// newPidfd gives t a pidfd of guest process g (close-on-exec, O_NONBLOCK
// if nonblock says so).
func (t *Thread) newPidfd(g *threadGroup, nonblock uint32) (uint64, int) {
	p := t.p
	fl := unix.TFD_CLOEXEC
	if nonblock != 0 {
		fl |= unix.TFD_NONBLOCK
	}
	h, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, fl)
	if err != nil {
		return 0, errnoOf(err)
	}
	n, err := unix.FcntlInt(uintptr(h), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		_ = unix.Close(h)
		return 0, errnoOf(err)
	}
	fd, e := t.files.addLimited(h, 0)
	if e != 0 {
		_ = unix.Close(n)
		return 0, e
	}
	if t.files.pidfds == nil {
		t.files.pidfds = map[int]*threadGroup{}
	}
	t.files.pidfds[h] = g
	if g.exiting || g.zombie {
		pidfdNotify(n)
	} else {
		if p.pidfdWatch == nil {
			p.pidfdWatch = map[*threadGroup][]int{}
		}
		p.pidfdWatch[g] = append(p.pidfdWatch[g], n)
	}
	return fd, 0
}

// pidfdNotify makes the timerfd behind host descriptor n readable and
// closes n (the guest's descriptors keep the timerfd). The timer is set
// to expire at an absolute time long past, and pidfdNotify waits for the
// host to see it expired, so that the pidfd is readable as soon as the
// process has ended (a wait that reaps it, then a poll, sees it readable).
func pidfdNotify(n int) {
	past := unix.ItimerSpec{Value: unix.Timespec{Nsec: 1}}
	if unix.TimerfdSettime(n, unix.TFD_TIMER_ABSTIME, &past, nil) == nil {
		pfd := []unix.PollFd{{Fd: int32(n), Events: unix.POLLIN}}
		for {
			if _, err := unix.Poll(pfd, -1); err != unix.EINTR {
				break
			}
		}
	}
	_ = unix.Close(n)
}

// pidfdExit makes the pidfds of guest process g readable as it ends.
func (p *Process) pidfdExit(g *threadGroup) {
	for _, n := range p.pidfdWatch[g] {
		pidfdNotify(n)
	}
	delete(p.pidfdWatch, g)
}

// pidfdGroup is the guest process pidfd (a host descriptor) refers to,
// or nil.
func (t *Thread) pidfdGroup(h int) *threadGroup { return t.files.pidfds[h] }

// pidfdLink is the target of a pidfd's /proc/PID/fd link (Linux's
// anon_inode_getfile name).
const pidfdLink = "anon_inode:[pidfd]"

// procPidfd is the pidfd of a guest process that ref names as
// /proc/PID/fd/N or /proc/PID/fdinfo/N: its host descriptor and the
// process it refers to, or nil if N is not one.
func procPidfd(ref procRef) (int, *threadGroup) {
	name, num, _ := strings.Cut(ref.entry, "/")
	if name != "fd" && name != "fdinfo" || ref.g == nil {
		return -1, nil
	}
	u := ref.g.anyThread()
	n, err := strconv.Atoi(num)
	if u == nil || err != nil || n < 0 || num != strconv.Itoa(n) {
		return -1, nil
	}
	h := u.files.get(n)
	return h, u.files.pidfds[h]
}

// pidfdOf is the process of the pidfd ref names (procPidfd), or nil.
func pidfdOf(ref procRef) *threadGroup {
	_, g := procPidfd(ref)
	return g
}

// pidfdInfo is /proc/PID/fdinfo/N of pidfd h, referring to g: the host's
// lines for every file (pos, flags, mnt_id, ino: of the host timerfd,
// whose flags and anonymous inode are a pidfd's) and Linux 6.1's
// pidfd_show_fdinfo lines, Pid and NSpid (one pid namespace): g's process
// id, -1 once it has been reaped.
func (p *Process) pidfdInfo(h int, g *threadGroup) ([]byte, int) {
	host, err := os.ReadFile("/proc/self/fdinfo/" + strconv.Itoa(h))
	if err != nil {
		return nil, errnoOf(err)
	}
	var b bytes.Buffer
	for _, line := range strings.SplitAfter(string(host), "\n") {
		k, _, _ := strings.Cut(line, ":")
		switch k {
		case "pos", "flags", "mnt_id", "ino":
			b.WriteString(line)
		}
	}
	pid := -1
	if p.groups[g.tgid] == g {
		pid = g.tgid
	}
	b.WriteString("Pid:\t" + strconv.Itoa(pid) + "\nNSpid:\t" + strconv.Itoa(pid) + "\n")
	return b.Bytes(), 0
}

// pidfdInfoOpen opens /proc/PID/fdinfo/N of pidfd h for the guest
// (read-only, as its mode 0400 allows the owner).
func (p *Process) pidfdInfoOpen(h int, g *threadGroup, flags int) (int, int) {
	if flags&unix.O_ACCMODE != unix.O_RDONLY {
		return -1, abi.EACCES
	}
	content, e := p.pidfdInfo(h, g)
	if e != 0 {
		return -1, e
	}
	return memFileNamed(procPidMemName, content) // an fdinfo entry: no splice_read either
}

func sysPidfdSendSignal(t *Thread, a *sysArgs) (uint64, int) {
	fd, sig, info, flags := a.Fd(0), a.Int(1), a.Ptr(2), a.Uint(3)
	if flags != 0 {
		return 0, abi.EINVAL
	}
	h := t.fd(fd)
	if h < 0 || h == badFD {
		return 0, abi.EBADF
	}
	g := t.pidfdGroup(h)
	if g == nil {
		// A descriptor of a /proc/PID directory serves as a pidfd here
		// (Linux 6.1's pidfd_to_pid: tgid_pidfd_to_pid); psmisc's
		// killall signals through one. Its host descriptor is the
		// runner's own /proc directory, which the host would take for
		// the runner: the guest process it names is signalled.
		g = t.files.procDirs[h]
	}
	if g == nil {
		// A host pidfd, or not a pidfd at all (EBADF from the host).
		_, _, errno := unix.Syscall6(unix.SYS_PIDFD_SEND_SIGNAL, uintptr(h), uintptr(sig), 0, 0, 0, 0)
		if info != 0 && errno == 0 {
			return 0, abi.EINVAL // the runner does not translate a siginfo for a host process
		}
		return 0, int(errno)
	}
	if sig < 0 || sig > abi.NSIG {
		return 0, abi.EINVAL
	}
	if t.p.groups[g.tgid] != g {
		return 0, abi.ESRCH // reaped
	}
	if info != 0 {
		signo, e := t.get32(info)
		if e != 0 {
			return 0, e
		}
		if int(int32(signo)) != sig {
			return 0, abi.EINVAL
		}
		return sigqueueinfo(t, g.tgid, 0, sig, info)
	}
	return t.p.kill(t, g.tgid, sig)
}

// capSysPtrace is CAP_SYS_PTRACE (uapi linux/capability.h).
const capSysPtrace = 19

// mayAttach is Linux's ptrace_may_access with PTRACE_MODE_ATTACH_REALCREDS
// (kernel/ptrace.c), without an LSM's (Yama's) rules: t's own process, or
// one whose real, effective and saved user and group ids are all t's real
// ones and that is dumpable; CAP_SYS_PTRACE passes both tests.
func (t *Thread) mayAttach(g *threadGroup, u *Thread) bool {
	return t.mayAccess(g, u.cred, u.mm)
}

// mayAccess is mayAttach of a task of thread group g with credentials tc
// and address space mm (nil for a zombie, which has none: no dumpable
// test). PTRACE_MODE_READ_REALCREDS asks the same without Yama.
func (t *Thread) mayAccess(g *threadGroup, tc *cred, mm *addressSpace) bool {
	return t.mayAccessAs(g, tc, mm, t.cred.uid.r, t.cred.gid.r)
}

// mayAccessFS is mayAccess with PTRACE_MODE_FSCREDS: t's file-system
// user and group ids stand for its real ones.
func (t *Thread) mayAccessFS(g *threadGroup, tc *cred, mm *addressSpace) bool {
	return t.mayAccessAs(g, tc, mm, t.cred.uid.fs, t.cred.gid.fs)
}

// mayAccessAs is mayAccess with uid and gid as the caller's ids.
func (t *Thread) mayAccessAs(g *threadGroup, tc *cred, mm *addressSpace, uid, gid uint32) bool {
	if g == t.group {
		return true
	}
	c := t.cred
	same := tc.uid.r == uid && tc.uid.e == uid && tc.uid.s == uid &&
		tc.gid.r == gid && tc.gid.e == gid && tc.gid.s == gid
	if !same && !c.capable(capSysPtrace) {
		return false
	}
	return mm == nil || mm.dumpable == 1 || c.capable(capSysPtrace) // SUID_DUMP_USER
}

// sysPidfdGetfd duplicates descriptor targetfd of the pidfd's process into
// the caller's table, close-on-exec, as Linux 6.1's pidfd_getfd: flags
// EINVAL, not a pidfd EBADF, a reaped process ESRCH, no ptrace access
// EPERM, no such descriptor (or an ended process's) EBADF. A host
// process's pidfd is the host's call.
func sysPidfdGetfd(t *Thread, a *sysArgs) (uint64, int) {
	fd, target, flags := a.Fd(0), a.Int(1), a.Uint(2)
	if flags != 0 {
		return 0, abi.EINVAL
	}
	h := t.fd(fd)
	if h < 0 || h == badFD {
		return 0, abi.EBADF
	}
	g := t.pidfdGroup(h)
	if g == nil {
		r, _, errno := unix.Syscall(unix.SYS_PIDFD_GETFD, uintptr(h), uintptr(target), 0)
		if errno != 0 {
			return 0, int(errno)
		}
		return t.files.addLimited(int(r), 0)
	}
	if t.p.groups[g.tgid] != g {
		return 0, abi.ESRCH
	}
	u := g.threads[g.tgid]
	if u == nil {
		for _, x := range g.threads {
			u = x
			break
		}
	}
	if u == nil || g.exiting {
		return 0, abi.EBADF // its descriptors are gone
	}
	if !t.mayAttach(g, u) {
		return 0, abi.EPERM
	}
	src := u.files
	th := src.get(target)
	if target < 0 || th < 0 || th == badFD {
		return 0, abi.EBADF
	}
	nh, err := unix.FcntlInt(uintptr(th), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return 0, errnoOf(err)
	}
	ft := t.files
	if s := src.sigfds[th]; s != nil {
		if ft.sigfds == nil {
			ft.sigfds = map[int]*sigfdState{}
		}
		ft.sigfds[nh] = s
	}
	src.memCopied(ft, th, nh)
	copyEntry(&ft.procWrites, src.procWrites, th, nh)
	copyEntry(&ft.procReads, src.procReads, th, nh)
	copyEntry(&ft.procDirs, src.procDirs, th, nh)
	copyEntry(&ft.pidfds, src.pidfds, th, nh)
	return ft.addLimited(nh, 0)
}
