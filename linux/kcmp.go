//go:build linux

package linux

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// kcmp(2) between guest processes, as Linux 6.1's kernel/kcmp.c (qemu-user
// 7.2 has no kcmp: ENOSYS). Both ids are any guest thread's, a zombie
// process's too (ESRCH if either is neither: host processes are never
// looked at); the caller needs ptrace read access to both (mayAccess,
// EPERM); then an unknown type is EINVAL. The answer is Linux's: 0 for
// the same object, else 1 or 2 by an order of the objects that is fixed
// for the run but says nothing else (Linux orders pointers it obfuscates
// with a random key; the runner orders the addresses of its own objects
// so). The objects, as far as the runner has them:
//
//   - KCMP_FILE: the open file descriptions, compared by the host's kcmp
//     of the runner's host descriptors (a guest descriptor is a host one;
//     dup and fork share the host's description); a descriptor that is
//     not open EBADF, a zombie has none.
//   - KCMP_VM, KCMP_FILES, KCMP_SIGHAND: the address space, descriptor
//     table and signal handlers the runner shares as clone asks
//     (CLONE_VM, CLONE_FILES, CLONE_SIGHAND); a zombie has no address
//     space or descriptor table, and signal handlers of its own.
//   - KCMP_FS: the working directory, root and umask, which the runner
//     keeps per process (a thread group), or per thread after
//     unshare(CLONE_FS): CLONE_FS without CLONE_THREAD does not share
//     them here.
//   - KCMP_IO: always 0: the runner keeps no I/O contexts, as Linux has
//     none (NULL) until an I/O scheduler or ioprio_set makes one, which
//     the runner's guests cannot.
//   - KCMP_SYSVSEM: the thread's System V semaphore undo list, none
//     until its first SEM_UNDO operation or clone with CLONE_SYSVSEM,
//     none after unshare(CLONE_SYSVSEM) or once it ended (sysvipc.go
//     semUndoList).
//   - KCMP_EPOLL_TFD: idx2 points at struct kcmp_epoll_slot (EFAULT); the
//     first process's descriptor idx1 (EBADF) against the target the
//     second process's epoll descriptor efd (EBADF) holds for descriptor
//     tfd at offset toff, by the host's kcmp: tfd is taken through the
//     second process's current table, so a descriptor closed since
//     epoll_ctl is ENOENT.

// kcmp types (uapi linux/kcmp.h); KCMP_FILE asks whether two descriptors
// refer to one open file description.
const (
	kcmpFile = iota
	kcmpVM
	kcmpFiles
	kcmpFS
	kcmpSighand
	kcmpIO
	kcmpSysvsem
	kcmpEpollTFD
)

// kcmpTask is a task kcmp found: a live guest thread, or the zombie
// process g (u nil).
type kcmpTask struct {
	g *threadGroup
	u *Thread
}

// kcmpFind is the task whose id is id: a live thread or a zombie process.
func (p *Process) kcmpFind(id int) (kcmpTask, bool) {
	if u := p.guestTask(id); u != nil {
		return kcmpTask{u.group, u}, true
	}
	if g := p.groups[id]; g != nil && g.zombie && g.host == nil {
		return kcmpTask{g: g}, true
	}
	return kcmpTask{}, false
}

// kcmpMay reports whether t may read k (PTRACE_MODE_READ_REALCREDS).
func (t *Thread) kcmpMay(k kcmpTask) bool {
	if k.u != nil {
		return t.mayAttach(k.g, k.u)
	}
	return k.g.cred == nil || t.mayAccess(k.g, k.g.cred, nil)
}

// object is k's shared object of kcmp type typ (nil: none).
func (k kcmpTask) object(p *Process, typ int) unsafe.Pointer {
	switch typ {
	case kcmpVM:
		if k.u != nil {
			return unsafe.Pointer(k.u.mm)
		}
	case kcmpFiles:
		if k.u != nil {
			return unsafe.Pointer(k.u.files)
		}
	case kcmpFS:
		if k.u != nil {
			return unsafe.Pointer(k.u.fsOf())
		}
	case kcmpSighand:
		if k.u != nil {
			return unsafe.Pointer(k.u.sighand)
		}
		return unsafe.Pointer(k.g) // a zombie's own, until it is reaped
	case kcmpSysvsem:
		if k.u != nil {
			return unsafe.Pointer(k.u.semUndo)
		}
	}
	return nil
}

// kcmpOrder is kcmp_ptr's answer for two objects: 0 if the same, else 1
// if a orders before b, 2 after.
func kcmpOrder(a, b uintptr) uint64 {
	switch {
	case a == b:
		return 0
	case a < b:
		return 1
	}
	return 2
}

func sysKcmp(t *Thread, a *sysArgs) (uint64, int) {
	k1, ok1 := t.p.kcmpFind(a.Int(0))
	k2, ok2 := t.p.kcmpFind(a.Int(1))
	if !ok1 || !ok2 {
		return 0, abi.ESRCH
	}
	if !t.kcmpMay(k1) || !t.kcmpMay(k2) {
		return 0, abi.EPERM
	}
	typ, idx1, idx2 := a.Int(2), a.Ulong(3), a.Ulong(4)
	switch typ {
	case kcmpFile:
		h1, h2 := k1.fd(idx1), k2.fd(idx2)
		if h1 < 0 || h2 < 0 {
			return 0, abi.EBADF
		}
		return hostKcmp(kcmpFile, h1, uintptr(h2))
	case kcmpVM, kcmpFiles, kcmpFS, kcmpSighand, kcmpSysvsem:
		return kcmpOrder(uintptr(k1.object(t.p, typ)), uintptr(k2.object(t.p, typ))), 0
	case kcmpIO:
		return 0, 0
	case kcmpEpollTFD:
		b, e := t.read(idx2, 12) // struct kcmp_epoll_slot: efd, tfd, toff
		if e != 0 {
			return 0, e
		}
		efd, tfd, toff := t.p.order.Uint32(b), t.p.order.Uint32(b[4:]), t.p.order.Uint32(b[8:])
		h1 := k1.fd(idx1)
		if h1 < 0 {
			return 0, abi.EBADF
		}
		he := k2.fd(uint64(efd))
		if he < 0 {
			return 0, abi.EBADF
		}
		ht := k2.fd(uint64(tfd))
		if ht < 0 {
			if !isEpoll(he) {
				return 0, abi.EINVAL
			}
			return 0, abi.ENOENT
		}
		slot := [3]uint32{uint32(he), uint32(ht), toff}
		return hostKcmp(kcmpEpollTFD, h1, uintptr(unsafe.Pointer(&slot)))
	}
	return 0, abi.EINVAL
}

// fd is k's host descriptor for guest descriptor n, or -1.
func (k kcmpTask) fd(n uint64) int {
	n = uint64(uint32(n)) // get_file_raw_ptr takes an unsigned int
	if k.u == nil || n > 1<<31-1 {
		return -1
	}
	h := k.u.files.get(int(n))
	if h < 0 || h == badFD {
		return -1
	}
	return h
}

// hostKcmp is the host's kcmp of the runner's own host descriptor h1
// and idx2.
func hostKcmp(typ int, h1 int, idx2 uintptr) (uint64, int) {
	pid := uintptr(unix.Getpid())
	r, _, errno := unix.Syscall6(unix.SYS_KCMP, pid, pid, uintptr(typ), uintptr(h1), idx2, 0)
	if errno != 0 {
		return 0, int(errno)
	}
	return uint64(r), 0
}

// isEpoll reports whether host descriptor h is an epoll instance.
func isEpoll(h int) bool {
	link, err := os.Readlink("/proc/self/fd/" + itoa(h))
	return err == nil && link == "anon_inode:[eventpoll]"
}
