//go:build linux

package linux

import (
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// File leases (fcntl F_SETLEASE and F_GETLEASE, Linux's fs/locks.c), kept
// by the runner per open file description in its owner record
// (fowner.go), and by file in Process.leases: the host's description
// never holds one, since a lease broken by an open would signal the
// runner's host process and hold the opener (another guest process, or
// the runner) until the lease-break time. Every guest process is a
// goroutine of the runner's one host process, so the table is the guest
// processes' shared state, read and changed under the process lock.
//
// A request is checked as Linux 6.1 checks it: the descriptor (an O_PATH
// one is EBADF), the type (EINVAL), the caller's file-system user id
// against the file's owner unless it has CAP_LEASE (EACCES), a regular
// file (EINVAL); leases whose break time has passed are then given up
// (time_out_leases), and the host makes its own check of the file's other
// opens (check_conflicting_open: EAGAIN for a read lease on a file open
// for writing, a write lease on a file open anywhere else) by taking the
// lease on the runner's descriptor and giving it back at once; then
// another description's lease makes a write lease EAGAIN, and one being
// broken for a writer (FL_UNLOCK_PENDING) any lease. A description's
// second request changes its lease (lease_modify). A lease taken makes
// the caller the description's owner (F_GETOWN) if it had none, as
// Linux's lease_setup does. Releasing a description's lease (F_UNLCK)
// when it has none is EAGAIN; releasing one (or its break time passing,
// or the description's last descriptor closing) clears the description's
// owner and its F_SETSIG signal, as lease_modify does.
//
// A lease is broken as __break_lease breaks it, by an open (openat and
// its kin: any access mode breaks a write lease, writing breaks a read
// lease too; O_TRUNC does not make an open for reading a writer), by
// execve's open of the program and of its interpreter (do_open_execat
// and open_exec open for reading) and by truncate(2) (as an open for
// writing), not by unlink, rename or chmod (Linux 6.1 breaks only NFS
// delegations there): each lease
// the open conflicts with and that is not being broken that way already
// is marked (F_GETLEASE then answers the type it must become: F_UNLCK
// for a writer, F_RDLCK for a reader) with its break time, now plus
// /proc/sys/fs/lease-break-time seconds (the host's, which the guest
// reads; 0: none), and its owner is sent its signal for the guest
// descriptor the lease was taken with (sendSigio, POLL_MSG: SIGIO as the
// kernel sends it, or the F_SETSIG signal with si_code POLL_MSG, si_band
// and si_fd, as lease_break_callback's kill_fasync). An O_NONBLOCK open
// is then EWOULDBLOCK; another waits, interruptibly (a signal ends it
// with -ERESTARTSYS: EINTR, or a restart under SA_RESTART, which sends
// nothing again), until no lease conflicts: the holder releases or
// downgrades it (F_SETLEASE), closes its description, or the break time
// passes (the lease is then downgraded or released for it). The open is
// the host's, made before the break (so its errors come first, as Linux
// checks the open before do_dentry_open breaks leases), with O_TRUNC
// applied only after the wait (do_open's handle_truncate comes after
// vfs_open's break): for writing, the host's open checks what O_TRUNC
// would; for reading, it is made without O_TRUNC only when the path
// names a regular file with a lease, and O_TRUNC's checks (a read-only
// mount, write permission) are made before the break, its truncation's
// errors (ETXTBSY) after it; an append-only file is EPERM before the
// break either way.
//
// Left: leases held by host processes outside the run are the host's
// (the runner's open waits for them in the host, as any host process's
// would), and a guest's lease is not seen by them; while an opener
// waits, the host counts its open (Linux counts a writer's, not yet a
// reader's), so the holder's new write lease then is EAGAIN; a lease
// taken through a descriptor received over a Unix socket goes when the
// last descriptor of the description the runner knows of closes; the
// open's lookup is made twice for an O_RDONLY|O_TRUNC open while a lease
// exists (an O_PATH open finds whether the file has a lease), so a file
// with a lease that a rename puts at the path between the two is
// truncated before its break.

// fileLease is a description's lease (a file_lock of FL_LEASE).
type fileLease struct {
	typ int    // F_RDLCK or F_WRLCK
	fd  int    // the guest descriptor of the last F_SETLEASE (its fasync's fa_fd): si_fd
	id  fileID // the file
	// unlocking and downgrading are FL_UNLOCK_PENDING and
	// FL_DOWNGRADE_PENDING: an open for writing (reading) is breaking
	// the lease; breakAt and downgradeAt are fl_break_time and
	// fl_downgrade_time (zero: none), which stay set as Linux keeps them.
	unlocking, downgrading bool
	breakAt, downgradeAt   time.Time
	p                      *Process
}

// target is the type the lease is becoming, as target_leasetype gives
// it to F_GETLEASE.
func (l *fileLease) target() int {
	switch {
	case l.unlocking:
		return unix.F_UNLCK
	case l.downgrading:
		return unix.F_RDLCK
	}
	return l.typ
}

// fcntlLease is F_GETLEASE and F_SETLEASE (cmd) on guest descriptor fd,
// host descriptor h.
func fcntlLease(t *Thread, fd, h, cmd int, arg uint64) (uint64, int) {
	if _, err := unix.FcntlInt(uintptr(h), unix.F_GETLEASE, 0); err != nil {
		return 0, errnoOf(err)
	}
	p := t.p
	if cmd == unix.F_GETLEASE {
		if o := t.fileOwnerOf(h, false); o != nil && o.lease != nil {
			p.timeOutLeases(o.lease.id)
			if o.lease != nil {
				return uint64(o.lease.target()), 0
			}
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
		if o == nil || o.lease == nil {
			return 0, abi.EAGAIN
		}
		p.leaseModify(o, unix.F_UNLCK)
		return 0, 0
	}
	id := fileID{uint64(st.Dev), st.Ino}
	p.timeOutLeases(id)
	var err error
	t.asRunner(func() {
		if _, err = unix.FcntlInt(uintptr(h), unix.F_SETLEASE, typ); err == nil {
			_, _ = unix.FcntlInt(uintptr(h), unix.F_SETLEASE, unix.F_UNLCK)
		}
	})
	if err != nil {
		return 0, errnoOf(err)
	}
	for _, x := range p.leases[id] {
		if x != o && (typ == unix.F_WRLCK || x.lease.unlocking) {
			return 0, abi.EAGAIN
		}
	}
	o = t.fileOwnerOf(h, true)
	if o.lease != nil {
		p.leaseModify(o, typ)
	} else {
		o.lease = &fileLease{typ: typ, id: id, p: p}
		if p.leases == nil {
			p.leases = map[fileID][]*fileOwner{}
		}
		p.leases[id] = append(p.leases[id], o)
	}
	o.lease.fd = fd
	if o.Pid == 0 {
		o.setOwner(t, abi.FOwnerEx{Type: fOwnerPID, Pid: int32(t.group.tgid)})
	}
	return 0, 0
}

// leaseModify makes o's lease typ (lease_modify): its pending break of
// that kind is done, the openers waiting are woken to look again, and
// F_UNLCK removes it, with the description's owner and F_SETSIG signal.
// Only a change wakes the openers (a lease timed out again is none).
// The caller holds the process lock.
func (p *Process) leaseModify(o *fileOwner, typ int) {
	l := o.lease
	was := *l
	switch typ {
	case unix.F_UNLCK:
		l.unlocking = false
		fallthrough
	case unix.F_RDLCK:
		l.downgrading = false
	}
	if typ != unix.F_UNLCK {
		l.typ = typ
		if *l != was {
			p.leaseWakeAll()
		}
		return
	}
	p.leaseWakeAll()
	o.lease = nil
	ls := p.leases[l.id]
	for i, x := range ls {
		if x == o {
			ls = append(ls[:i:i], ls[i+1:]...)
			break
		}
	}
	if len(ls) == 0 {
		delete(p.leases, l.id)
	} else {
		p.leases[l.id] = ls
	}
	o.FOwnerEx = abi.FOwnerEx{Type: fOwnerPID} // f_delown
	o.foreign = false
	o.sig = 0
}

// leaseWakeAll wakes the openers waiting for a lease to change.
func (p *Process) leaseWakeAll() {
	if p.leaseWake != nil {
		close(p.leaseWake)
		p.leaseWake = nil
	}
}

// timeOutLeases downgrades or releases the leases of file id whose break
// time has passed (time_out_leases). The caller holds the process lock.
func (p *Process) timeOutLeases(id fileID) {
	now := time.Now()
	for _, o := range append([]*fileOwner(nil), p.leases[id]...) {
		l := o.lease
		if !l.downgradeAt.IsZero() && !now.Before(l.downgradeAt) {
			p.leaseModify(o, unix.F_RDLCK)
		}
		if !l.breakAt.IsZero() && !now.Before(l.breakAt) {
			p.leaseModify(o, unix.F_UNLCK)
		}
	}
}

// leaseClosed removes o's lease once no descriptor of any table has o,
// the description's last one having been closed (Linux's
// locks_remove_file). The caller holds the process lock.
func (p *Process) leaseClosed(o *fileOwner) {
	for ft := range p.fdTables() {
		for _, r := range ft.owners {
			if r == o {
				return
			}
		}
	}
	p.leaseModify(o, unix.F_UNLCK)
}

// leaseBreakTime is /proc/sys/fs/lease-break-time, the time a lease
// holder is given (0: no limit); a variable for the tests.
var leaseBreakTime = func() time.Duration {
	b, err := os.ReadFile("/proc/sys/fs/lease-break-time")
	if err != nil {
		return 45 * time.Second // Linux's default
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n < 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// breakLease breaks the leases an open of host descriptor h with the
// guest's open flags conflicts with, and waits, as __break_lease (the
// package comment above): 0 once none conflicts, EWOULDBLOCK for an
// O_NONBLOCK open, errRestart for a signal, errExit at the run's end.
// The caller holds the process lock.
func (t *Thread) breakLease(h, flags int) int {
	p := t.p
	if len(p.leases) == 0 || flags&unix.O_PATH != 0 {
		return 0 // an O_PATH open breaks none (do_dentry_open)
	}
	id, ok := lockFile(h)
	if !ok || len(p.leases[id]) == 0 {
		return 0
	}
	write := flags&unix.O_ACCMODE != unix.O_RDONLY
	conflicts := func() bool {
		p.timeOutLeases(id)
		for _, o := range p.leases[id] {
			if write || o.lease.typ == unix.F_WRLCK {
				return true
			}
		}
		return false
	}
	if !conflicts() {
		return 0
	}
	var at time.Time
	if d := leaseBreakTime(); d > 0 {
		at = time.Now().Add(d)
	}
	for _, o := range append([]*fileOwner(nil), p.leases[id]...) {
		l := o.lease
		switch {
		case l == nil, !write && l.typ != unix.F_WRLCK:
			continue
		case write:
			if l.unlocking {
				continue
			}
			l.unlocking, l.breakAt = true, at
		default:
			if l.unlocking || l.downgrading {
				continue
			}
			l.downgrading, l.downgradeAt = true, at
		}
		p.sendSigio(o, abi.POLL_MSG, l.fd)
	}
	if flags&unix.O_NONBLOCK != 0 {
		return abi.EAGAIN // EWOULDBLOCK
	}
	for conflicts() {
		d := time.Duration(-1)
		for _, o := range p.leases[id] {
			for _, at := range []time.Time{o.lease.breakAt, o.lease.downgradeAt} {
				if left := time.Until(at); left > 0 && (d < 0 || left < d) {
					d = left // the next break time to come (timeOutLeases)
				}
			}
		}
		if p.leaseWake == nil {
			p.leaseWake = make(chan struct{})
		}
		switch t.waitFor(p.leaseWake, d) {
		case waitExit:
			return errExit
		case waitSignal:
			return errRestart
		}
	}
	return 0
}

// leaseOpenFlags returns the host flags the host's open is made with for
// an open with host flags hflags: without O_TRUNC while a lease exists,
// for writing (the open checks the same permissions without it), or for
// reading when stat (the host's lookup of the open's path, as an O_PATH
// open makes it) finds a regular file with a lease (leaseOpened checks
// what the open for reading does not, before the break); leaseOpened
// truncates after the break, as Linux's do_open comes to handle_truncate
// only after vfs_open's break_lease.
func (t *Thread) leaseOpenFlags(hflags int, stat func(*unix.Stat_t) error) int {
	if hflags&unix.O_TRUNC == 0 || hflags&unix.O_PATH != 0 || len(t.p.leases) == 0 {
		return hflags
	}
	if hflags&unix.O_ACCMODE == unix.O_RDONLY {
		var st unix.Stat_t
		if stat(&st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || len(t.p.leases[fileID{uint64(st.Dev), st.Ino}]) == 0 {
			return hflags
		}
	}
	return hflags &^ unix.O_TRUNC
}

// fstatOpened is the stat of leaseOpenFlags: the file an open with
// host flags hflags would open, found by an O_PATH open made with open
// (following a last symbolic link as the open would).
func fstatOpened(st *unix.Stat_t, open func(flags int) (int, error), hflags int) error {
	fd, err := open(unix.O_PATH | unix.O_CLOEXEC | hflags&unix.O_NOFOLLOW)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	return unix.Fstat(fd, st)
}

// leaseOpened follows the host's open of fd, made with the host flags
// made for an open with hflags (leaseOpenFlags): it breaks the leases the
// open conflicts with (breakLease), then truncates a regular file if
// the open asked for O_TRUNC and the host's did not, having checked first
// what Linux checks for O_TRUNC before the break (truncateCheck). An
// open for reading is truncated as handle_truncate does, by the path of
// its descriptor (its errors, ETXTBSY among them, come after the break).
// It returns an errno having closed fd, or 0. The caller holds the
// process lock.
func (t *Thread) leaseOpened(fd, hflags, made int) int {
	trunc := hflags&^made&unix.O_TRUNC != 0
	reading := hflags&unix.O_ACCMODE == unix.O_RDONLY
	var st unix.Stat_t
	if trunc && (unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG) {
		trunc = false // O_TRUNC truncates only a regular file
	}
	var e int
	if trunc {
		e = t.truncateCheck(fd, reading)
	}
	if e == 0 {
		e = t.breakLease(fd, hflags)
	}
	if e == 0 && trunc {
		if reading {
			e = errnoOf(unix.Truncate("/proc/self/fd/"+strconv.Itoa(fd), 0))
		} else {
			e = errnoOf(unix.Ftruncate(fd, 0))
		}
	}
	if e != 0 {
		unix.Close(fd)
	}
	return e
}

// truncateCheck is what Linux's open of regular file fd with O_TRUNC
// checks before it breaks leases, beyond what the host's open without
// O_TRUNC checked: for reading, a read-only mount (do_open's
// mnt_want_write: EROFS), then write permission (may_open's MAY_WRITE:
// EACCES, or EPERM for an immutable file); then an append-only file
// (may_open: EPERM with O_TRUNC, O_APPEND or not).
func (t *Thread) truncateCheck(fd int, reading bool) int {
	if reading {
		var fs unix.Statfs_t
		if unix.Fstatfs(fd, &fs) == nil && fs.Flags&unix.ST_RDONLY != 0 {
			return abi.EROFS
		}
		if err := t.faccessat(fd, "", unix.W_OK, unix.AT_EACCESS|unix.AT_EMPTY_PATH); err != nil {
			return errnoOf(err)
		}
	}
	var sx unix.Statx_t
	if unix.Statx(fd, "", unix.AT_EMPTY_PATH, 0, &sx) == nil && sx.Attributes&unix.STATX_ATTR_APPEND != 0 {
		return abi.EPERM
	}
	return 0
}

// truncateLease breaks the leases of the regular file at host path name
// as truncate(2) does (vfs_truncate's break_lease, as an open for
// writing, after the checks of write access: a file the host does not
// open for writing is left to the host's truncate to refuse). The
// caller holds the process lock.
func (t *Thread) truncateLease(name string) int {
	return t.breakLeaseOf(name, unix.O_WRONLY, unix.O_WRONLY)
}

// execLease breaks the leases of the program file at host path name as
// execve's open does (do_open_execat opens it for reading, and
// do_dentry_open breaks a write lease as any open for reading does, and
// waits), after the check of execute permission. The caller holds the
// process lock.
func (t *Thread) execLease(name string) int {
	return t.breakLeaseOf(name, unix.O_PATH, unix.O_RDONLY)
}

// breakLeaseOf breaks the leases of the leased file at host path name
// (opened with how, leasedFile) for an open with flags (breakLease); 0
// if it has none.
func (t *Thread) breakLeaseOf(name string, how, flags int) int {
	fd := t.leasedFile(name, how)
	if fd < 0 {
		return 0
	}
	defer unix.Close(fd)
	return t.breakLease(fd, flags)
}

// leasedFile opens the file at host path name with flags if it is a
// regular file with a lease, or returns -1.
func (t *Thread) leasedFile(name string, flags int) int {
	if len(t.p.leases) == 0 {
		return -1
	}
	var st unix.Stat_t
	if unix.Stat(name, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || len(t.p.leases[fileID{uint64(st.Dev), st.Ino}]) == 0 {
		return -1
	}
	fd, err := unix.Open(name, flags|unix.O_CLOEXEC|unix.O_NOCTTY, 0)
	if err != nil {
		return -1
	}
	return fd
}
