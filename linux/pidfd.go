//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Process file descriptors: pidfd_open and pidfd_send_signal.
//
// A pidfd of a guest process is a host eventfd, so that poll, epoll,
// select, close and dup work on it, made readable when the process ends
// (Linux's pidfd_poll: readable once the thread group has exited); the
// table fdTable.pidfds maps the host eventfd to the process. Read and
// write are EINVAL, as on a Linux pidfd. A pid that is not a guest
// process is the host's: pidfd_open asks the host for a pidfd of it,
// and pidfd_send_signal on such a descriptor is the host's.

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
	h, err := unix.Eventfd(0, unix.EFD_CLOEXEC|int(flags&pidfdNonblock))
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

// pidfdNotify makes the eventfd behind host descriptor n readable and
// closes n (the guest's descriptors keep the eventfd).
func pidfdNotify(n int) {
	var one [8]byte
	one[0] = 1 // any non-zero count; the host's byte order does not matter
	_, _ = unix.Write(n, one[:])
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
