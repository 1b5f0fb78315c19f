//go:build linux

package linux

import (
	"math"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Record locks between guest processes (fcntl F_SETLK, F_SETLKW, F_GETLK).
// A POSIX record lock belongs to a process, and the host's locks of one
// process never conflict with each other: every guest process of the runner
// is the one host process, so without more a child's F_SETLK would succeed
// over its parent's lock (SQLite's locking between processes, CPython's
// test_sqlite3). The runner keeps the guest processes' locks itself, by
// file (device and inode), and checks a request against the other guest
// processes' locks first; the host lock is still taken, for other host
// processes. As on Linux, a process's locks on a file go when it closes any
// descriptor of the file (close) and when it ends, and a forked child
// holds none. The table is read and changed under the process lock.
// Left: OFD locks (F_OFD_*, per open file description) are the host's; a
// guest process's close of a descriptor releases the host's locks of
// every guest process on the file (the runner's other processes keep theirs
// in the table, other host processes no longer see them). A waiting
// F_SETLKW whose wait would close a cycle of processes each waiting for
// the next's lock is EDEADLK, as Linux's posix_locks_deadlock finds it.

// recLock is one guest process's lock on the bytes [start, end) of a file
// (end math.MaxInt64: to the end of the file, however long).
type recLock struct {
	owner      *threadGroup
	typ        int16 // unix.F_RDLCK or unix.F_WRLCK
	start, end int64
}

// lockFile returns the file's identity, for the host descriptor fd.
func lockFile(fd int) (fileID, bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), st.Ino}, true
}

// lockRange is the byte range [start, end) of the struct flock fl on the
// host descriptor fd (l_whence, l_start and a negative, zero or positive
// l_len as Linux's flock_to_posix_lock reads them), or EINVAL.
func lockRange(fd int, fl *unix.Flock_t) (start, end int64, errno int) {
	switch fl.Whence {
	case unix.SEEK_SET:
	case unix.SEEK_CUR:
		off, err := unix.Seek(fd, 0, unix.SEEK_CUR)
		if err != nil {
			return 0, 0, errnoOf(err)
		}
		start = off
	case unix.SEEK_END:
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			return 0, 0, errnoOf(err)
		}
		start = st.Size
	default:
		return 0, 0, abi.EINVAL
	}
	start += fl.Start
	switch {
	case fl.Len > 0:
		end = start + fl.Len
	case fl.Len == 0:
		end = math.MaxInt64
	default:
		end, start = start, start+fl.Len
	}
	if start < 0 || end < start {
		return 0, 0, abi.EINVAL
	}
	return start, end, 0
}

// recConflict returns a lock of another guest process than owner on the
// file that a lock of type typ on [start, end) conflicts with, or nil.
func (p *Process) recConflict(id fileID, owner *threadGroup, typ int16, start, end int64) *recLock {
	for i := range p.recLocks[id] {
		l := &p.recLocks[id][i]
		if l.owner != owner && l.start < end && start < l.end && (typ == unix.F_WRLCK || l.typ == unix.F_WRLCK) {
			return l
		}
	}
	return nil
}

// recSet makes owner's locks on [start, end) of the file typ (F_UNLCK: none
// there), splitting the locks it held across the range's edges.
func (p *Process) recSet(id fileID, owner *threadGroup, typ int16, start, end int64) {
	var kept []recLock
	for _, l := range p.recLocks[id] {
		if l.owner != owner || l.end <= start || end <= l.start {
			kept = append(kept, l)
			continue
		}
		if l.start < start {
			kept = append(kept, recLock{owner, l.typ, l.start, start})
		}
		if end < l.end {
			kept = append(kept, recLock{owner, l.typ, end, l.end})
		}
	}
	if typ != unix.F_UNLCK {
		kept = append(kept, recLock{owner, typ, start, end})
	}
	p.setRecLocks(id, kept)
}

func (p *Process) setRecLocks(id fileID, locks []recLock) {
	if len(locks) == 0 {
		delete(p.recLocks, id)
		return
	}
	if p.recLocks == nil {
		p.recLocks = map[fileID][]recLock{}
	}
	p.recLocks[id] = locks
}

// recRelease drops owner's locks on the file of host descriptor fd (close
// of any descriptor of it), or on every file if fd < 0 (the process ended).
func (p *Process) recRelease(owner *threadGroup, fd int) {
	if len(p.recLocks) == 0 {
		return
	}
	var only fileID
	if fd >= 0 {
		var ok bool
		if only, ok = lockFile(fd); !ok {
			return
		}
	}
	for id, locks := range p.recLocks {
		if fd >= 0 && id != only {
			continue
		}
		var kept []recLock
		for _, l := range locks {
			if l.owner != owner {
				kept = append(kept, l)
			}
		}
		p.setRecLocks(id, kept)
	}
}

// recRelock takes again on the host the other guest processes' locks that
// overlap [start, end) after owner's host unlock there released them.
func (p *Process) recRelock(fd int, id fileID, owner *threadGroup, start, end int64) {
	for _, l := range p.recLocks[id] {
		if l.owner == owner || l.end <= start || end <= l.start {
			continue
		}
		s, e := max(l.start, start), min(l.end, end)
		fl := unix.Flock_t{Type: l.typ, Whence: unix.SEEK_SET, Start: s}
		if e != math.MaxInt64 {
			fl.Len = e - s
		}
		_ = unix.FcntlFlock(uintptr(fd), unix.F_SETLK, &fl) // for other host processes only
	}
}

// recLockStep is one try of a process-owned F_SETLK or F_GETLK (not OFD)
// by t's process on host descriptor fd: the other guest processes' locks
// first, then the host's. done reports a result (errno, and for F_GETLK fl
// filled in); with done false the host has not been asked (fcntlLock
// then uses the host alone).
func (t *Thread) recLockStep(fd, cmd int, fl *unix.Flock_t) (errno int, done bool) {
	if cmd != unix.F_SETLK && cmd != unix.F_GETLK {
		return 0, false
	}
	id, ok := lockFile(fd)
	if !ok {
		return 0, false
	}
	start, end, e := lockRange(fd, fl)
	if e != 0 {
		return e, true
	}
	p, g := t.p, t.group
	if cmd == unix.F_GETLK {
		if fl.Type == unix.F_UNLCK {
			return abi.EINVAL, true
		}
		c := p.recConflict(id, g, fl.Type, start, end)
		if c == nil {
			return 0, false // the host's answer (other host processes)
		}
		*fl = unix.Flock_t{Type: c.typ, Whence: unix.SEEK_SET, Start: c.start, Pid: int32(c.owner.tgid)}
		if c.end != math.MaxInt64 {
			fl.Len = c.end - c.start
		}
		return 0, true
	}
	if fl.Type != unix.F_UNLCK && p.recConflict(id, g, fl.Type, start, end) != nil {
		return abi.EAGAIN, true
	}
	if err := unix.FcntlFlock(uintptr(fd), unix.F_SETLK, fl); err != nil {
		return errnoOf(err), true
	}
	p.recSet(id, g, fl.Type, start, end)
	if fl.Type == unix.F_UNLCK {
		p.recRelock(fd, id, g, start, end)
	}
	return 0, true
}

// maxDeadlockSteps is how far Linux follows a chain of waiting processes
// (fs/locks.c's MAX_DEADLK_ITERATIONS).
const maxDeadlockSteps = 10

// recDeadlock reports whether t's process waiting for the lock fl on host
// descriptor fd would deadlock: the lock's holder waits for a lock whose
// holder waits ... for one of t's process, within maxDeadlockSteps. If
// not, the request is recorded as the one the process waits on
// (recWaits; recWaitDone forgets it).
func (t *Thread) recDeadlock(fd int, fl *unix.Flock_t) bool {
	id, ok := lockFile(fd)
	if !ok {
		return false
	}
	start, end, e := lockRange(fd, fl)
	if e != 0 {
		return false
	}
	p, g := t.p, t.group
	c := p.recConflict(id, g, fl.Type, start, end)
	for i := 0; c != nil && i < maxDeadlockSteps; i++ {
		if c.owner == g {
			return true
		}
		w, waits := p.recWaits[c.owner]
		if !waits {
			break
		}
		c = p.recConflict(w.file, w.owner, w.typ, w.start, w.end)
	}
	if p.recWaits == nil {
		p.recWaits = map[*threadGroup]recWait{}
	}
	p.recWaits[g] = recWait{recLock{g, fl.Type, start, end}, id}
	return false
}

// recWait is the lock a guest process waits for in F_SETLKW, on file.
type recWait struct {
	recLock
	file fileID
}

// recWaitDone forgets the request t's process waited on.
func (t *Thread) recWaitDone() { delete(t.p.recWaits, t.group) }
