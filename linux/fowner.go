//go:build linux

package linux

import (
	"math"
	"os"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// fcntl's owner of an open file description (F_SETOWN, F_GETOWN,
// F_SETOWN_EX, F_GETOWN_EX: Linux's f_owner), kept by the runner with
// guest process ids: the host's would name the runner's host processes.
// The host descriptors of one description (dup, fork, exec's copy) share
// one fileOwner; a description the guest reached another way (a
// descriptor received over a Unix socket) is found by kcmp(KCMP_FILE)
// against the descriptors that have one. The F_SETSIG signal is the
// record's too: the host's description never gets one (nor O_ASYNC), so
// the host kernel has nothing to send the runner (asyncio.go).
//
// The guest's process ids share the host's numbers (a host process
// outside the run exists for the guest, as under qemu-user, and F_SETOWN
// may name it, as Linux's f_setown finds it), but the runner never
// signals a host process for a guest: an owner that was not a guest
// process or thread when it was set is never sent anything (as if
// sigio_perm refused), even if a guest later gets its number; a process
// group owner is sent to the group's guest processes only. The signal
// O_ASYNC asks for is the runner's (asyncio.go). F_GETOWNER_UIDS is not
// answered (EINVAL, as a kernel without CONFIG_CHECKPOINT_RESTORE).

// fileOwner is one open file description's owner: a process, a thread or
// a process group (Type, an F_OWNER_* value) and its id (Pid, 0 for
// none), as F_GETOWN_EX gives it, with what signal-driven I/O needs to
// signal it.
type fileOwner struct {
	abi.FOwnerEx
	// uid and euid are the real and effective user ids of the process
	// that last set the owner (Linux's f_owner.uid and euid, which
	// sigio_perm checks).
	uid, euid uint32
	// sig is the description's F_SETSIG signal (0: SIGIO), the host's
	// as it was when the record was made (one set before the run) and as
	// the guest's F_SETSIG sets it since.
	sig int
	// fasync is the description's O_ASYNC as its fasync sets it (Linux's
	// FASYNC with the file on its fasync list), which the host's flags
	// never have (asyncio.go).
	fasync bool
	// foreign is set when the owner (a process or thread) was no guest's
	// when it was set: it is never signalled.
	foreign bool
	// async is the runner's watch of the description while O_ASYNC is
	// set on it (asyncio.go), else nil.
	async *asyncWatch
	// lease is the description's lease (lease.go), or nil.
	lease *fileLease
	// flockPid is the guest process whose flock call placed the
	// description's flock lock (Linux's fl_pid), 0 for none, and flockOp
	// the lock's kind (LOCK_SH or LOCK_EX), for /proc/locks
	// (proclocks.go).
	flockPid, flockOp int
}

// setOwner makes o name owner, set by t (f_setown, which records the
// caller's user ids).
func (o *fileOwner) setOwner(t *Thread, owner abi.FOwnerEx) {
	o.FOwnerEx = owner
	o.uid, o.euid = t.cred.uid.r, t.cred.uid.e
	o.foreign = false
	if owner.Pid != 0 && owner.Type != fOwnerPGRP {
		o.foreign = t.p.groups[int(owner.Pid)] == nil
		for _, g := range t.p.groups {
			if g.threads[int(owner.Pid)] != nil {
				o.foreign = false
			}
		}
	}
}

// f_owner_ex's kinds (uapi asm-generic/fcntl.h). A description nobody set
// an owner for has PIDTYPE_PID's kind, F_OWNER_TID, and pid 0.
const (
	fOwnerTID  = 0
	fOwnerPID  = 1
	fOwnerPGRP = 2
)

// sameFile reports whether host descriptors a and b of the runner refer
// to one open file description (false if the host cannot tell).
func sameFile(a, b int) bool {
	pid := uintptr(os.Getpid())
	r, _, e := unix.Syscall6(unix.SYS_KCMP, pid, pid, kcmpFile, uintptr(a), uintptr(b), 0)
	return e == 0 && r == 0
}

// fileOwnerOf returns the owner record of host descriptor h's description:
// the one its table has, one another descriptor of the same description
// has (recorded for h too), or with create a new one; else nil.
func (t *Thread) fileOwnerOf(h int, create bool) *fileOwner {
	if o := t.files.owners[h]; o != nil {
		return o
	}
	for ft := range t.p.fdTables() {
		for oh, o := range ft.owners {
			if oh != h && sameFile(h, oh) {
				return t.files.recordOwner(h, o)
			}
		}
	}
	if !create {
		return nil
	}
	// A new record, for every descriptor of the description in every
	// table: the description outlives any one of them.
	o := &fileOwner{}
	o.sig, _ = unix.FcntlInt(uintptr(h), unix.F_GETSIG, 0)
	for ft := range t.p.fdTables() {
		for _, oh := range ft.host {
			if oh >= 0 && oh != h && sameFile(h, oh) {
				ft.recordOwner(oh, o)
			}
		}
	}
	return t.files.recordOwner(h, o)
}

// recordOwner records o as host descriptor h's owner record.
func (ft *fdTable) recordOwner(h int, o *fileOwner) *fileOwner {
	if ft.owners == nil {
		ft.owners = map[int]*fileOwner{}
	}
	ft.owners[h] = o
	return o
}

// pidExists reports whether n is a process id Linux's find_vpid would
// find for the guest: a guest process (a zombie too), thread, process
// group or session, or a host process that is none of the runner's
// (which the guest may name, as under qemu-user).
func (p *Process) pidExists(n int) bool {
	if n <= 0 {
		return false
	}
	for id, g := range p.groups {
		if id == n || g.pgid == n || g.sid == n || g.threads[n] != nil {
			return true
		}
	}
	if p.hostTarget(n) != 0 {
		return false
	}
	return unix.Kill(n, 0) != unix.ESRCH
}

// fcntlOwner is fcntl's F_GETOWN, F_SETOWN, F_GETOWN_EX, F_SETOWN_EX,
// F_GETSIG and F_SETSIG on host descriptor h, in Linux 6.1's order
// (fs/fcntl.c): the descriptor first (EBADF, an O_PATH one too, as the
// host's F_GETSIG answers: the host's value is read, never set), then the
// argument.
func fcntlOwner(t *Thread, h, cmd int, arg uint64) (uint64, int) {
	sig, err := unix.FcntlInt(uintptr(h), unix.F_GETSIG, 0)
	if err != nil {
		return 0, errnoOf(err)
	}
	switch cmd {
	case unix.F_GETSIG:
		if o := t.fileOwnerOf(h, false); o != nil {
			sig = o.sig
		}
		return uint64(sig), 0
	case unix.F_SETSIG:
		if arg > abi.NSIG { // valid_signal, on the whole unsigned long
			return 0, abi.EINVAL
		}
		t.fileOwnerOf(h, true).sig = int(arg)
		return 0, 0
	case unix.F_GETOWN:
		var v int32
		if o := t.fileOwnerOf(h, false); o != nil {
			v = o.Pid
			if o.Type == fOwnerPGRP {
				v = -v
			}
		}
		// A process group's negative id is a result, not an errno
		// (force_successful_syscall_return).
		return uint64(int64(v)), 0
	case unix.F_SETOWN:
		who := int32(arg)
		kind := int32(fOwnerPID)
		if who < 0 {
			if who == math.MinInt32 {
				return 0, abi.EINVAL
			}
			kind, who = fOwnerPGRP, -who
		}
		if who != 0 && !t.p.pidExists(int(who)) {
			return 0, abi.ESRCH
		}
		t.fileOwnerOf(h, true).setOwner(t, abi.FOwnerEx{Type: kind, Pid: who})
		return 0, 0
	case unix.F_GETOWN_EX:
		var o abi.FOwnerEx
		if r := t.fileOwnerOf(h, false); r != nil {
			o = r.FOwnerEx
		}
		return 0, putStruct(t, arg, abi.FOwnerExLayout, &o)
	}
	// F_SETOWN_EX.
	o, e := getStruct(t, arg, abi.FOwnerExLayout)
	if e != 0 {
		return 0, e
	}
	if o.Type != fOwnerTID && o.Type != fOwnerPID && o.Type != fOwnerPGRP {
		return 0, abi.EINVAL
	}
	if o.Pid != 0 && !t.p.pidExists(int(o.Pid)) {
		return 0, abi.ESRCH
	}
	t.fileOwnerOf(h, true).setOwner(t, o)
	return 0, 0
}

// ownerIoctl is a socket's FIOSETOWN and SIOCSPGRP, which set the owner
// from an int as fcntl's F_SETOWN does, and FIOGETOWN and SIOCGPGRP, which
// store F_GETOWN's answer (Linux 6.1's sock_ioctl, net/socket.c: the int
// is read before f_setown, EFAULT); ok is false for another request or a
// file that is no socket (ENOTTY: no other file has them).
func ownerIoctl(t *Thread, h int, req, arg uint64) (r uint64, errno int, ok bool) {
	switch req {
	case abi.FIOSETOWN, abi.SIOCSPGRP, abi.FIOGETOWN, abi.SIOCGPGRP:
	default:
		return 0, 0, false
	}
	var st unix.Stat_t
	if unix.Fstat(h, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		return 0, 0, false
	}
	if req == abi.FIOGETOWN || req == abi.SIOCGPGRP {
		v, e := fcntlOwner(t, h, unix.F_GETOWN, 0)
		if e != 0 {
			return 0, e, true
		}
		return 0, t.put32(arg, uint32(v)), true
	}
	v, e := t.get32(arg)
	if e != 0 {
		return 0, e, true
	}
	_, e = fcntlOwner(t, h, unix.F_SETOWN, uint64(int64(int32(v))))
	return 0, e, true
}
