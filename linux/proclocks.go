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
// inclusive or EOF) and a flock lock names the guest process whose flock
// call placed it (Linux's fl_pid: flock_make_lock's caller; a call for
// the type the description already holds leaves the lock as it is, a
// conversion replaces it, one that fails has dropped it), kept with the
// open file description (fileOwner.flockPid) since the host's line does
// not say which description holds it: the file's host lines of one type
// get the pids of the descriptions holding that type, in ascending order
// (flockHolders; the lines are alike but for the pid, and Linux's order
// of them is its per-CPU lists'). A description locked before the run
// keeps the host's pid (the runner's). Lines are numbered again from 1,
// a waiter's "->" line with the number of the lock before it, as Linux's
// locks_show numbers them. OFD locks are the host's lines (pid -1).
// Left: /proc/PID/fdinfo's "lock:" lines are the host's.

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
	fd, e := memFile(p.procLocks(string(host), os.Getpid(), p.flockHolders()))
	if e == 0 {
		procFileMade(fd, procFile{path: "/proc/locks", stat: "/proc/locks", iter: true, pde: true})
	}
	return fd, e
}

// flockHolders are the guest processes holding flock locks: by file and
// type (/proc/locks's "READ" or "WRITE"), the pid of each open file
// description holding one (fileOwner.flockPid), in ascending order.
func (p *Process) flockHolders() map[fileID]map[string][]int {
	seen := map[*fileOwner]bool{}
	out := map[fileID]map[string][]int{}
	for ft := range p.fdTables() {
		for h, o := range ft.owners {
			if o.flockPid == 0 || seen[o] {
				continue
			}
			seen[o] = true
			id, ok := lockFile(h)
			if !ok {
				continue
			}
			typ := "READ"
			if o.flockOp == unix.LOCK_EX {
				typ = "WRITE"
			}
			if out[id] == nil {
				out[id] = map[string][]int{}
			}
			out[id][typ] = append(out[id][typ], o.flockPid)
		}
	}
	for _, byType := range out {
		for _, pids := range byType {
			slices.Sort(pids)
		}
	}
	return out
}

// procLocks is /proc/locks from the host's content host, the runner's
// host pid runner replaced as the package comment says, flocks the
// flockHolders (taken from as their lines are met).
func (p *Process) procLocks(host string, runner int, flocks map[fileID]map[string][]int) []byte {
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
		case f[0] == "FLOCK" && !waiter:
			if pids := flocks[id][f[2]]; len(pids) > 0 {
				rest = strings.Replace(rest, " "+f[3]+" "+f[4], " "+strconv.Itoa(pids[0])+" "+f[4], 1)
				flocks[id][f[2]] = pids[1:]
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

// noteFlock records the outcome e of t's flock(how) on host descriptor
// fd in its description's record, for /proc/locks: a lock placed (a new
// one, or a conversion) names t's process, one of the type already held
// stays as it is (flock_lock_inode), LOCK_UN and a failed conversion
// (which dropped the old lock) leave none.
func (t *Thread) noteFlock(fd, how, e int) {
	op := how &^ unix.LOCK_NB
	if op != unix.LOCK_SH && op != unix.LOCK_EX && op != unix.LOCK_UN {
		return
	}
	o := t.fileOwnerOf(fd, e == 0 && op != unix.LOCK_UN)
	switch {
	case o == nil:
	case e == 0 && op == unix.LOCK_UN:
		o.flockPid = 0
	case e == 0 && (o.flockPid == 0 || op != o.flockOp):
		o.flockPid, o.flockOp = t.group.tgid, op
	case e != 0 && op != o.flockOp:
		o.flockPid = 0
	}
}
