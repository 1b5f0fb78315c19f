//go:build linux

package linux

import (
	"iter"
	"math"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The guest's file descriptors are its own numbers, mapped onto host
// descriptors: a guest descriptor is a host descriptor the runner opened
// for it, so that closing one closes only the guest's (the runner's own
// stdin, stdout and stderr stay open for its messages), and new
// descriptors take the lowest free guest number, as Linux gives them
// (close(1) then open() yields 1). Guest 0, 1 and 2 start as duplicates
// of Config's Stdin, Stdout and Stderr (the runner's own by default): they
// share the open file description (offset, O_NONBLOCK), as a child
// process's inherited descriptors do. The table is used with the process
// lock held.
type fdTable struct {
	host []int // guest descriptor → host descriptor, or -1
	// sigfds are the signalfds (sys_signalfd.go), by host descriptor.
	sigfds map[int]*sigfdState
	// memfds are the guest's /proc/self/mem descriptors (procmem.go), by
	// host descriptor: the address space each one reads and writes.
	memfds map[int]*addressSpace
	// procWrites are the guest's descriptors of a /proc entry the runner
	// answers opened for writing (procfs.go: comm, task/TID/comm,
	// oom_score_adj, oom_adj), by host descriptor: which entry of which
	// process a write sets.
	procWrites map[int]procRef
	// procReads are the guest's descriptors of a /proc entry whose read
	// Linux refuses to a reader without permission (proctask.go: io,
	// syscall, timerslack_ns), by host descriptor: whose entry it is.
	procReads map[int]procRef
	// procRoots are the guest's descriptors of /proc itself (procfs.go),
	// by host descriptor: how far the listing of guest processes got.
	procRoots map[int]*procRootDir
	// procDirs are the guest's descriptors of a /proc/PID directory
	// (procfs.go), by host descriptor: the guest process it names (the
	// host descriptor is the runner's own /proc/self).
	procDirs map[int]*threadGroup
	// pidfds are the guest's pidfds of guest processes (pidfd.go), by
	// host descriptor: the process each one refers to.
	pidfds map[int]*threadGroup
	// owners are the fcntl owners of the descriptions (fowner.go), by
	// host descriptor: one record per description.
	owners map[int]*fileOwner
	// ttys are the second descriptions of the guest's terminals
	// (nowait.go), by host descriptor, from its first read or write.
	ttys map[int]*ttyDesc
	// limit is the guest's RLIMIT_NOFILE (rlimit.go); 0: the host's.
	limit int
	// users counts the threads holding the table (CLONE_FILES shares it);
	// the last one to exit closes its descriptors.
	users int
}

// closeHost closes host descriptor h, forgetting it as a signalfd.
func (ft *fdTable) closeHost(h int) error {
	delete(ft.sigfds, h)
	delete(ft.memfds, h)
	delete(ft.procWrites, h)
	delete(ft.procReads, h)
	delete(ft.procRoots, h)
	delete(ft.procDirs, h)
	delete(ft.pidfds, h)
	ft.ttyClosed(h)
	o := ft.owners[h]
	delete(ft.owners, h)
	err := unix.Close(h)
	if o != nil && o.async != nil {
		o.async.p.ownerClosed(o)
	}
	if o != nil && o.lease != nil {
		o.lease.p.leaseClosed(o)
	}
	return err
}

// dupped records host descriptor nh as a duplicate of h.
func (ft *fdTable) dupped(h, nh int) {
	if s := ft.sigfds[h]; s != nil {
		ft.sigfds[nh] = s
	}
	ft.memDupped(h, nh)
	copyEntry(&ft.procWrites, ft.procWrites, h, nh)
	copyEntry(&ft.procReads, ft.procReads, h, nh)
	copyEntry(&ft.procDirs, ft.procDirs, h, nh)
	copyEntry(&ft.pidfds, ft.pidfds, h, nh)
	copyEntry(&ft.owners, ft.owners, h, nh)
	if r := ft.procRoots[h]; r != nil {
		ft.procRoots[nh] = r
	}
}

// badFD is a host descriptor that is never open: a guest descriptor that
// is not open maps to it, so the host call fails with EBADF (POLLNVAL in
// poll).
const badFD = math.MaxInt32

// maxFDs bounds the guest's descriptor numbers as Linux does: the
// guest's RLIMIT_NOFILE soft limit (rlimit.go; without one, the host's),
// at most 1<<20.
func (ft *fdTable) maxFDs() int {
	if ft.limit > 0 {
		return min(ft.limit, nrOpen)
	}
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &rl) != nil || rl.Cur > 1<<20 {
		return 1 << 20
	}
	return int(rl.Cur)
}

// get returns the host descriptor of guest descriptor g. Negative values
// (AT_FDCWD) pass through.
func (ft *fdTable) get(g int) int {
	if g < 0 {
		return g
	}
	if g >= len(ft.host) || ft.host[g] < 0 {
		return badFD
	}
	return ft.host[g]
}

// add gives host descriptor h the lowest free guest number at or above
// min.
func (ft *fdTable) add(h, min int) int {
	g := min
	for g < len(ft.host) && ft.host[g] >= 0 {
		g++
	}
	ft.set(g, h)
	return g
}

// lowestFree is the guest number add would give a new descriptor (min 0).
func (ft *fdTable) lowestFree() int {
	g := 0
	for g < len(ft.host) && ft.host[g] >= 0 {
		g++
	}
	return g
}

func (ft *fdTable) set(g, h int) {
	for len(ft.host) <= g {
		ft.host = append(ft.host, -1)
	}
	ft.host[g] = h
}

// close closes guest descriptor g.
func (ft *fdTable) close(g int) int {
	h := ft.get(g)
	if h < 0 || h == badFD {
		return abi.EBADF
	}
	ft.host[g] = -1
	return errnoOf(ft.closeHost(h))
}

// closeRange is close_range(first, last, flags) on the guest's table:
// CLOSE_RANGE_CLOEXEC (4) marks the descriptors close-on-exec instead of
// closing them; CLOSE_RANGE_UNSHARE (2) has nothing to unshare.
func (ft *fdTable) closeRange(first, last uint32, flags uint64) int {
	const unshare, cloexec = 2, 4
	if flags&^(unshare|cloexec) != 0 || first > last {
		return abi.EINVAL
	}
	for g := int(first); g < len(ft.host) && g <= int(last); g++ {
		h := ft.host[g]
		if h < 0 {
			continue
		}
		if flags&cloexec != 0 {
			fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFD, 0)
			if err == nil {
				_, _ = unix.FcntlInt(uintptr(h), unix.F_SETFD, fl|unix.FD_CLOEXEC)
			}
			continue
		}
		ft.host[g] = -1
		_ = ft.closeHost(h)
	}
	return 0
}

// closeAll closes every guest descriptor (the process has ended).
func (ft *fdTable) closeAll() {
	for g, h := range ft.host {
		if h >= 0 {
			_ = ft.closeHost(h)
			ft.host[g] = -1
		}
	}
}

// newFD registers a host descriptor the guest has just been given (by
// open, socket, accept, …) and returns its guest number. A host error
// passes through.
func (t *Thread) newFD(h int, err error) (uint64, int) {
	if err != nil {
		return 0, errnoOf(err)
	}
	return t.files.addLimited(h, 0)
}

// hostReserve is how many of the runner's own descriptor numbers (the
// highest under its RLIMIT_NOFILE) no guest descriptor may take, so that
// the runner can still open what it needs (its log, a pipe to a host
// program, a FIFO opener, /proc listings) and exit cleanly when the
// guest processes together have filled its table.
const hostReserve = 64

// hostFDCap is the first host descriptor number a guest may not hold: the
// runner's soft RLIMIT_NOFILE (which Go's runtime raised to the hard one
// at start) less hostReserve. Every guest process's descriptors are host
// descriptors of the one runner, so this bounds them all together.
var hostFDCap = sync.OnceValue(func() int {
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &rl) != nil || rl.Cur > nrOpen {
		return nrOpen - hostReserve
	}
	return max(int(rl.Cur)-hostReserve, 3)
})

// hostFull says whether host descriptor h, just made for the guest, is
// beyond hostFDCap: then it is closed, and the call fails with ENFILE, as
// Linux's fails when the system's file table is full (a host descriptor
// is the lowest free number, so h there means every one below it is
// open). The host call that made h has been made (a file O_CREAT
// created stays).
func hostFull(h int) bool {
	if h < hostFDCap() {
		return false
	}
	_ = unix.Close(h)
	return true
}

// addLimited is add, failing with EMFILE (and closing h) when the lowest
// free number is not below RLIMIT_NOFILE, or with ENFILE when h is past
// hostFDCap.
func (ft *fdTable) addLimited(h, min int) (uint64, int) {
	if hostFull(h) {
		return 0, abi.ENFILE
	}
	g := ft.add(h, min)
	if g >= ft.maxFDs() {
		ft.host[g] = -1
		_ = unix.Close(h)
		return 0, abi.EMFILE
	}
	return uint64(g), 0
}

// hostDup duplicates host descriptor h (close-on-exec if cloexec).
func hostDup(h int, cloexec bool) (int, int) {
	cmd := unix.F_DUPFD
	if cloexec {
		cmd = unix.F_DUPFD_CLOEXEC
	}
	nh, err := unix.FcntlInt(uintptr(h), cmd, 0)
	if err == nil && hostFull(nh) {
		return -1, abi.ENFILE
	}
	return nh, errnoOf(err)
}

// dupTo makes guest descriptor g a duplicate of host descriptor h (dup2,
// dup3): the host duplicate is made first, then g's old descriptor, if
// any, is closed, as dup2 does atomically.
func (t *Thread) dupTo(h, g int, cloexec bool) (uint64, int) {
	if g < 0 || g >= t.files.maxFDs() {
		return 0, abi.EBADF
	}
	nh, e := hostDup(h, cloexec)
	if e != 0 {
		return 0, e
	}
	if old := t.files.get(g); old != badFD {
		_ = t.files.closeHost(old)
		t.p.mqClosed(t.group)
	}
	t.files.dupped(h, nh)
	t.files.set(g, nh)
	return uint64(g), 0
}

// dupLowest is dup and F_DUPFD(min): a duplicate at the lowest free guest
// number at or above min.
func (t *Thread) dupLowest(h, min int, cloexec bool) (uint64, int) {
	if min < 0 || min >= t.files.maxFDs() {
		return 0, abi.EINVAL
	}
	nh, e := hostDup(h, cloexec)
	if e != 0 {
		return 0, e
	}
	t.files.dupped(h, nh)
	return t.files.addLimited(nh, min)
}

// copyEntry records in *dst, under host descriptor nh, src's entry for
// host descriptor h if it has one (a dup, or a new process's copy).
func copyEntry[V any](dst *map[int]V, src map[int]V, h, nh int) {
	if v, ok := src[h]; ok {
		if *dst == nil {
			*dst = map[int]V{}
		}
		(*dst)[nh] = v
	}
}

// fdTables yields each descriptor table of p's guest threads once (threads
// and processes made with CLONE_FILES share one); the caller holds the
// process lock.
func (p *Process) fdTables() iter.Seq[*fdTable] {
	return func(yield func(*fdTable) bool) {
		seen := map[*fdTable]bool{}
		for _, g := range p.groups {
			for _, u := range g.threads {
				if seen[u.files] {
					continue
				}
				seen[u.files] = true
				if !yield(u.files) {
					return
				}
			}
		}
	}
}
