//go:build linux

package linux

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// /proc/locks lists the system's file locks with the pid of the process
// that holds each. Every guest process is the runner's one host process,
// so the host's list names the runner (the first guest process's pid) for
// the locks of all of them. The runner answers the file itself: the
// host's lines as they are, but for the runner's own locks, where its
// POSIX locks are replaced by the guest processes' record locks
// (reclock.go: one line per lock, a process's adjacent or overlapping
// locks of one type merged as Linux's posix_lock_inode merges them, end
// inclusive or EOF) and a flock lock names the guest process that took
// the lock on the file last (flockOwners). Lines are numbered again from
// 1, a waiter's "->" line with the number of the lock before it, as
// Linux's locks_show numbers them.
// Left: several guest processes' flock locks on one file all name the
// last one to take one; /proc/PID/fdinfo's "lock:" lines are the host's.

// procLocksFile reports whether the guest opens /proc/locks at raw
// relative to dirfd (a host descriptor or AT_FDCWD).
func (t *Thread) procLocksFile(dirfd int, raw string) bool {
	if !t.seesHostFS("proc") {
		return false
	}
	abs := procAbs(dirfd, raw)
	return strings.HasPrefix(abs, "/") && filepath.Clean(abs) == "/proc/locks"
}

// procLocksOpen opens /proc/locks for reading (an open for writing, with
// O_PATH or O_DIRECTORY is the host's): its content now.
func (p *Process) procLocksOpen() (int, int) {
	host, err := os.ReadFile("/proc/locks")
	if err != nil {
		return -1, errnoOf(err)
	}
	return memFile(p.procLocks(string(host), os.Getpid()))
}

// procLocks is /proc/locks from the host's content host, the runner's
// host pid runner replaced as the package comment says.
func (p *Process) procLocks(host string, runner int) []byte {
	var b strings.Builder
	n := 0
	done := map[fileID]bool{}
	posix := func(id fileID, devIno string) {
		done[id] = true
		for _, l := range mergedRecLocks(p.recLocks[id]) {
			n++
			mode, end := "READ", strconv.FormatInt(l.end-1, 10)
			if l.typ == unix.F_WRLCK {
				mode = "WRITE"
			}
			if l.end == math.MaxInt64 {
				end = "EOF"
			}
			fmt.Fprintf(&b, "%d: POSIX  ADVISORY  %s %d %s %d %s\n", n, mode, l.owner.tgid, devIno, l.start, end)
		}
	}
	for _, line := range strings.SplitAfter(host, "\n") {
		num, rest, ok := strings.Cut(line, ": ")
		if _, err := strconv.Atoi(num); !ok || err != nil {
			continue
		}
		f := strings.Fields(rest)
		waiter := len(f) > 0 && f[0] == "->"
		if waiter {
			f = f[1:]
		}
		if len(f) < 5 || f[3] != strconv.Itoa(runner) {
			if !waiter {
				n++
			}
			fmt.Fprintf(&b, "%d: %s", n, rest)
			continue
		}
		id, idOK := devInoID(f[4])
		switch {
		case !idOK:
		case f[0] == "POSIX" && !waiter:
			if !done[id] {
				posix(id, f[4])
			}
			continue
		case f[0] == "FLOCK":
			if owner, ok := p.flockOwners[id]; ok {
				rest = strings.Replace(rest, " "+f[3]+" "+f[4], " "+strconv.Itoa(owner)+" "+f[4], 1)
			}
		}
		if !waiter {
			n++
		}
		fmt.Fprintf(&b, "%d: %s", n, rest)
	}
	// Guest locks whose host lock another guest process's close released
	// (reclock.go, Left) are still the guest's.
	ids := make([]fileID, 0, len(p.recLocks))
	for id := range p.recLocks {
		if !done[id] {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(x, y fileID) int {
		if x.dev != y.dev {
			return cmp.Compare(x.dev, y.dev)
		}
		return cmp.Compare(x.ino, y.ino)
	})
	for _, id := range ids {
		posix(id, fmt.Sprintf("%02x:%02x:%d", unix.Major(id.dev), unix.Minor(id.dev), id.ino))
	}
	return []byte(b.String())
}

// devInoID is the file of /proc/locks's "MAJOR:MINOR:INODE" field (the
// device numbers in hex, the inode in decimal).
func devInoID(s string) (fileID, bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return fileID{}, false
	}
	maj, e1 := strconv.ParseUint(parts[0], 16, 32)
	mnr, e2 := strconv.ParseUint(parts[1], 16, 32)
	ino, e3 := strconv.ParseUint(parts[2], 10, 64)
	if e1 != nil || e2 != nil || e3 != nil {
		return fileID{}, false
	}
	return fileID{unix.Mkdev(uint32(maj), uint32(mnr)), ino}, true
}

// mergedRecLocks are locks (one file's) sorted by owner and start, each
// owner's overlapping or adjacent locks of one type made one.
func mergedRecLocks(locks []recLock) []recLock {
	s := slices.Clone(locks)
	slices.SortStableFunc(s, func(x, y recLock) int {
		if x.owner.tgid != y.owner.tgid {
			return x.owner.tgid - y.owner.tgid
		}
		return cmp.Compare(x.start, y.start)
	})
	var out []recLock
	for _, l := range s {
		if k := len(out) - 1; k >= 0 && out[k].owner == l.owner && out[k].typ == l.typ && l.start <= out[k].end {
			out[k].end = max(out[k].end, l.end)
			continue
		}
		out = append(out, l)
	}
	return out
}

// noteFlock records that t's process took a flock lock (how LOCK_SH or
// LOCK_EX) on the file of host descriptor fd, or let it go (LOCK_UN), for
// /proc/locks.
func (t *Thread) noteFlock(fd, how int) {
	id, ok := lockFile(fd)
	if !ok {
		return
	}
	p := t.p
	if how&^unix.LOCK_NB == unix.LOCK_UN {
		delete(p.flockOwners, id)
		return
	}
	if p.flockOwners == nil {
		p.flockOwners = map[fileID]int{}
	}
	p.flockOwners[id] = t.group.tgid
}
