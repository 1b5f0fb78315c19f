//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// File leases (fcntl F_SETLEASE and F_GETLEASE, Linux's fs/locks.c), kept
// by the runner per open file description in its owner record
// (fowner.go): the host's description never holds one, since a lease
// broken by an open would signal the runner's host process and hold the
// opener (another guest process, or the runner) until the lease-break
// time. A request is checked as Linux 6.1 checks it: the descriptor (an
// O_PATH one is EBADF), the type (EINVAL), the caller's file-system user
// id against the file's owner unless it has CAP_LEASE (EACCES), a regular
// file (EINVAL), then the host's own check of the file's other opens
// (check_conflicting_open: EAGAIN for a read lease on a file open for
// writing, a write lease on a file open anywhere else), which the host
// makes by taking the lease on the runner's descriptor and giving it back
// at once. A lease taken makes the caller the description's owner
// (F_GETOWN), as Linux's lease_setup does. Releasing a description's
// lease (F_UNLCK) when it has none is EAGAIN. Left: a lease is never
// broken, so an open that conflicts with it neither waits nor signals
// the lease holder.

// fcntlLease is F_GETLEASE and F_SETLEASE (cmd) on host descriptor h.
func fcntlLease(t *Thread, h, cmd int, arg uint64) (uint64, int) {
	if _, err := unix.FcntlInt(uintptr(h), unix.F_GETLEASE, 0); err != nil {
		return 0, errnoOf(err)
	}
	if cmd == unix.F_GETLEASE {
		if o := t.fileOwnerOf(h, false); o != nil && o.leased {
			return uint64(o.lease), 0
		}
		return unix.F_UNLCK, 0
	}
	typ := int(int32(arg)) // fcntl_setlease takes an int
	if typ != unix.F_RDLCK && typ != unix.F_WRLCK && typ != unix.F_UNLCK {
		return 0, abi.EINVAL
	}
	var st unix.Stat_t
	if err := unix.Fstat(h, &st); err != nil {
		return 0, errnoOf(err)
	}
	if st.Uid != t.cred.uid.fs && !t.cred.capable(unix.CAP_LEASE) {
		return 0, abi.EACCES
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return 0, abi.EINVAL
	}
	o := t.fileOwnerOf(h, false)
	if typ == unix.F_UNLCK {
		if o == nil || !o.leased {
			return 0, abi.EAGAIN
		}
		o.leased = false
		return 0, 0
	}
	var err error
	t.asRunner(func() {
		if _, err = unix.FcntlInt(uintptr(h), unix.F_SETLEASE, typ); err == nil {
			_, _ = unix.FcntlInt(uintptr(h), unix.F_SETLEASE, unix.F_UNLCK)
		}
	})
	if err != nil {
		return 0, errnoOf(err)
	}
	o = t.fileOwnerOf(h, true)
	o.leased, o.lease = true, typ
	o.setOwner(t, abi.FOwnerEx{Type: fOwnerPID, Pid: int32(t.group.tgid)})
	return 0, 0
}
