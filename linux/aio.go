//go:build linux

package linux

import (
	"encoding/binary"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Linux native AIO (io_setup, io_submit, io_getevents, io_pgetevents,
// io_cancel, io_destroy) as Linux 6.1's fs/aio.c gives it to a powerpc64
// process. A context is its ring: guest memory mapped read-write at the
// context's id, with struct aio_ring's header (id, nr, head, tail, magic,
// features, header length) and the io_event slots after it, in the
// guest's byte order. Completions are written there and io_getevents
// reads them from there, head and tail as the guest may have changed
// them, as Linux's aio_read_events_ring does; libaio's io_getevents reads
// the same header to skip the call when a zero timeout finds the ring
// empty. Reads, writes and syncs run at submission, as Linux's buffered
// I/O on a regular file completes within io_submit, through the runner's
// read, write and sync calls: a pipe's or socket's read waits there as a
// guest wait (a signal fails that request with -EINTR in its event, as
// aio_rw_done), and the positioned calls serve regular files and block
// devices (other files ignore the offset, as their read_iter does). That
// is Linux's own way with them: a pipe's or socket's read_iter waits in
// io_submit, only IOCB_CMD_POLL (and O_DIRECT I/O, which the host
// completes at once here) completes later. IOCB_CMD_POLL completes at
// once when the descriptor is ready; else the runner's poller
// (asyncio.go) watches it and completes it when the file becomes ready,
// whatever the guest does meanwhile (aioReady: the event in the ring,
// which a thread spinning on its tail sees, the eventfd signalled, a
// waiting io_getevents woken), unless io_cancel or io_destroy ends it
// first; one whose descriptor the host's epoll refuses waits for the
// next call on the context. An IOCB_FLAG_RESFD eventfd is signalled (1
// added) for every completion. Contexts are the address space's: fork's
// child has none, though it shares the ring's pages (a MAP_SHARED
// mapping without VM_DONTCOPY, as aio_setup_ring's; the child's calls
// find no context at its id), and execve ends them. The run keeps its
// own aio-nr (Process.aioNr: the requests every guest process's contexts
// asked for), which /proc/sys/fs/aio-nr reads (procsys.go), against
// /proc/sys/fs/aio-max-nr, the host's, as every /proc/sys setting the
// guest reads. Request slots are nr-1 less the events in the ring and
// the pending polls, without Linux's per-CPU batches.

// The iocb opcodes (uapi linux/aio_abi.h) Linux 6.1 knows; IOCB_CMD_NOOP
// (6) is not one of them (EINVAL).
const (
	iocbCmdPread   = 0
	iocbCmdPwrite  = 1
	iocbCmdFsync   = 2
	iocbCmdFdsync  = 3
	iocbCmdPoll    = 5
	iocbCmdPreadv  = 7
	iocbCmdPwritev = 8
)

// iocb aio_flags.
const (
	iocbFlagResfd  = 1 << 0
	iocbFlagIoprio = 1 << 1
)

// Ring layout: struct aio_ring is 32 bytes, as is struct io_event; struct
// iocb is 64.
const (
	aioRingMagic  = 0xa10a10a1
	aioRingHeader = 32
	ioEventSize   = 32
	// aioCompatFeatures is AIO_RING_COMPAT_FEATURES; the incompatible
	// ones are 0.
	aioCompatFeatures = 1
	// aioMaxEvents bounds nr_events after doubling (0x10000000 bytes of
	// events): more is EINVAL.
	aioMaxEvents = 0x10000000 / ioEventSize
)

// aioMaxNr is /proc/sys/fs/aio-max-nr, Linux's default where it cannot be
// read.
var aioMaxNr = sync.OnceValue(func() uint64 {
	if b, err := os.ReadFile("/proc/sys/fs/aio-max-nr"); err == nil {
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil {
			return n
		}
	}
	return 0x10000
})

// aioRingFile owns a ring's pages: the aio file system's inode, which
// /proc/PID/maps names.
type aioRingFile struct{ ino uint64 }

// aioTable is an address space's contexts, by ring id (mm->ioctx_table:
// the lowest free slot).
type aioTable struct {
	ctxs []*aioCtx
}

// aioCtx is one context (struct kioctx).
type aioCtx struct {
	mm      *addressSpace // whose context it is
	id      uint32
	base    uint64 // the ring's address, the context's id for the guest
	size    uint64 // the ring mapping's size
	nr      uint32 // event slots (ctx->nr_events)
	maxReqs uint32 // what io_setup asked for, counted in aio-nr
	tail    uint32 // the next slot to fill (the kernel's own copy)
	pending []*aioPoll
	wake    chan struct{} // closed on a completion
}

// aioPoll is a pending IOCB_CMD_POLL.
type aioPoll struct {
	x         *aioCtx // its context
	obj, data uint64
	fd        int   // a host duplicate of the descriptor (-1 once ended)
	events    int16 // what it waits for, with POLLERR and POLLHUP
	resfd     int   // a host duplicate of the eventfd, or -1
	// watched says the runner's poller watches fd (watchPoll).
	watched bool
}

// aioLookup is lookup_ioctx: the ring id read from the guest's ring at id
// names a context whose ring is at id.
func (t *Thread) aioLookup(id uint64) *aioCtx {
	tb := t.mm.aio
	if tb == nil {
		return nil
	}
	n, e := t.get32(id)
	if e != 0 || uint64(n) >= uint64(len(tb.ctxs)) {
		return nil
	}
	if x := tb.ctxs[n]; x != nil && x.base == id {
		return x
	}
	return nil
}

// ring reads the ring's header as the kernel does, whatever its
// protection (zero if the ring is gone).
func (p *Process) ring(x *aioCtx) abi.AioRing {
	var h abi.AioRing
	b := make([]byte, abi.AioRingLayout.Size())
	if x.mm.Mem.Peek(x.base, b) == nil {
		abi.AioRingLayout.Decode(p.order, b, &h)
	}
	return h
}

// putRing writes the ring's header as the kernel does.
func (p *Process) putRing(x *aioCtx, h abi.AioRing) {
	_ = x.mm.Mem.Poke(x.base, abi.AioRingLayout.Bytes(p.order, &h))
}

// sysIoSetup is io_setup(nr_events, ctxp) in Linux's order: ctxp
// unreadable (EFAULT), a context already there or nr_events 0 (EINVAL),
// then ioctx_alloc: nr_events at least four per possible CPU, doubled,
// beyond aioMaxEvents EINVAL, more than aio-max-nr (or none after
// doubling) EAGAIN, no room for the ring ENOMEM, aio-nr full EAGAIN; the
// ring is the events plus two rounded up to whole pages; a ctxp that
// cannot be written destroys the context (EFAULT).
func sysIoSetup(t *Thread, a *sysArgs) (uint64, int) {
	nr, ctxp := a.Uint(0), a.Ptr(1)
	old, e := t.get64(ctxp)
	if e != 0 {
		return 0, e
	}
	if old != 0 || nr == 0 {
		return 0, abi.EINVAL
	}
	maxReqs := nr
	n := max(nr, nrCPUIDs()*4) * 2
	if n > aioMaxEvents {
		return 0, abi.EINVAL
	}
	if n == 0 || uint64(maxReqs) > aioMaxNr() {
		return 0, abi.EAGAIN
	}
	size := pageUp(aioRingHeader + ioEventSize*(uint64(n)+2))
	base, ok := t.mm.Mem.FindFreeDown(mmapBottom, mmapTop, size)
	if !ok {
		return 0, abi.ENOMEM
	}
	t.mm.unname(base, base+size)
	ring := mem.NewShared(nil)
	ring.Owner = aioRingFile{anonInodes.Add(1)}
	if t.mm.Mem.MapShared(base, size, mem.Read|mem.Write, ring, 0) != nil {
		return 0, abi.ENOMEM
	}
	x := &aioCtx{mm: t.mm, base: base, size: size, nr: uint32((size - aioRingHeader) / ioEventSize),
		maxReqs: maxReqs, wake: make(chan struct{})}
	full := t.p.aioNr+uint64(maxReqs) > aioMaxNr()
	if !full {
		t.p.aioNr += uint64(maxReqs)
	}
	if full {
		_ = t.mm.Mem.Unmap(base, size)
		return 0, abi.EAGAIN
	}
	if t.mm.aio == nil {
		t.mm.aio = &aioTable{}
	}
	tb := t.mm.aio
	x.id = uint32(len(tb.ctxs))
	for i, c := range tb.ctxs {
		if c == nil {
			x.id = uint32(i)
			break
		}
	}
	if int(x.id) == len(tb.ctxs) {
		tb.ctxs = append(tb.ctxs, x)
	} else {
		tb.ctxs[x.id] = x
	}
	t.p.putRing(x, abi.AioRing{ID: x.id, Nr: x.nr, Magic: aioRingMagic, CompatFeatures: aioCompatFeatures,
		HeaderLength: aioRingHeader})
	if t.put64(ctxp, base) != 0 {
		t.aioKill(x)
		return 0, abi.EFAULT
	}
	return 0, 0
}

// aioClose is exit_aio for address space mm as a process leaves it (its
// exit or execve), if no other live guest process has it: every context
// is killed, its requests leaving aio-nr and its pending polls ending (the
// ring goes with the address space).
func (p *Process) aioClose(mm *addressSpace) {
	if mm.aio == nil || p.mmInUse(mm) {
		return
	}
	for _, x := range mm.aio.ctxs {
		if x == nil {
			continue
		}
		for _, q := range x.pending {
			p.endPoll(q)
		}
		x.pending = nil
		p.aioNr -= uint64(x.maxReqs)
	}
	mm.aio = nil
}

// aioKill is kill_ioctx: the context's pending polls end, its ring is
// unmapped (whatever is there now, as vm_munmap) and its requests leave
// aio-nr.
func (t *Thread) aioKill(x *aioCtx) {
	for _, q := range x.pending {
		t.p.endPoll(q)
	}
	x.pending = nil
	t.mm.aio.ctxs[x.id] = nil
	_ = t.mm.Mem.Unmap(x.base, x.size)
	t.mm.unname(x.base, x.base+x.size)
	t.p.aioNr -= uint64(x.maxReqs)
}

// close closes q's host descriptors, once.
func (q *aioPoll) close() {
	if q.fd >= 0 {
		_ = unix.Close(q.fd)
	}
	if q.resfd >= 0 {
		_ = unix.Close(q.resfd)
	}
	q.fd, q.resfd = -1, -1
}

// watchPoll has the runner's poller (asyncio.go) watch pending poll q's
// descriptor, level-triggered, for q's events: when the file becomes
// ready the poller takes the process lock and completes q (aioReady),
// whatever the guest does meanwhile, as aio_poll_wake completes it from
// the file's wake-up. A descriptor the host's epoll refuses leaves q to
// the next call on its context (checkPolls). The caller holds the
// process lock.
func (p *Process) watchPoll(q *aioPoll) {
	ap := p.poller()
	if ap == nil || unix.EpollCtl(ap.ep, unix.EPOLL_CTL_ADD, q.fd,
		&unix.EpollEvent{Events: uint32(uint16(q.events)), Fd: int32(q.fd)}) != nil {
		return
	}
	if ap.aio == nil {
		ap.aio = map[int]*aioPoll{}
	}
	ap.aio[q.fd] = q
	q.watched = true
}

// endPoll ends pending poll q: out of the poller's watch (before its
// descriptor closes: the host's epoll keeps a registration while the
// guest's descriptor holds the file open), its descriptors closed. The
// caller holds the process lock.
func (p *Process) endPoll(q *aioPoll) {
	if ap := p.async; q.watched && ap != nil && !ap.closed {
		_ = unix.EpollCtl(ap.ep, unix.EPOLL_CTL_DEL, q.fd, nil)
		delete(ap.aio, q.fd)
	}
	q.watched = false
	q.close()
}

// aioReady is the poller's completion of pending poll q, whose watch
// reported it ready: if it still is (another reader may have emptied
// the pipe since; then it stays pending and its level-triggered watch
// reports it again), its event goes into the ring, its eventfd is
// signalled and waiters wake (complete), as aio_poll_wake does at the
// file's wake-up. The caller, not a guest thread, holds the process
// lock between two of the guest's Runs: the ring is written through
// mem's Poke as a system call's result is, so a recording logs the
// write at that point of the run (record.go's journal) and a replay
// applies it there.
func (p *Process) aioReady(q *aioPoll) {
	x := q.x
	fds := []unix.PollFd{{Fd: int32(q.fd), Events: q.events | abi.POLLRDNORM | abi.POLLWRNORM}}
	if n, _ := unix.Poll(fds, 0); n <= 0 || fds[0].Revents&q.events == 0 {
		return
	}
	x.pending = slices.DeleteFunc(x.pending, func(o *aioPoll) bool { return o == q })
	p.complete(x, q.data, q.obj, int64(uint16(wakeMask(fds[0].Revents, q.events))), q.resfd)
	p.endPoll(q)
}

// sysIoDestroy is io_destroy(ctx): EINVAL for what is not a context. No
// request is in flight but the polls, which end.
func sysIoDestroy(t *Thread, a *sysArgs) (uint64, int) {
	x := t.aioLookup(a.Ulong(0))
	if x == nil {
		return 0, abi.EINVAL
	}
	t.aioKill(x)
	return 0, 0
}

// inRing is how many events the ring holds, as the guest's head says.
func (p *Process) inRing(x *aioCtx) uint32 {
	head := p.ring(x).Head % x.nr
	return (x.tail + x.nr - head) % x.nr
}

// complete is aio_complete: the event (data, obj, res, res2 0) goes into
// the ring's next slot, the tail moves, the eventfd (a host descriptor,
// or -1) is signalled and waiters wake.
func (p *Process) complete(x *aioCtx, data, obj uint64, res int64, resfd int) {
	ev := abi.IoEvent{Data: data, Obj: obj, Res: res}
	_ = x.mm.Mem.Poke(x.base+aioRingHeader+uint64(x.tail)*ioEventSize, abi.IoEventLayout.Bytes(p.order, &ev))
	x.tail = (x.tail + 1) % x.nr
	h := p.ring(x)
	h.Tail = x.tail
	p.putRing(x, h)
	// eventfd_signal never waits: a count one short of its maximum
	// (the only one a write of 1 would wait at) is left as it is rather
	// than the write block the caller, who holds the process lock.
	if resfd >= 0 {
		fds := []unix.PollFd{{Fd: int32(resfd), Events: unix.POLLOUT}}
		if n, _ := unix.Poll(fds, 0); n > 0 && fds[0].Revents&unix.POLLOUT != 0 {
			var one [8]byte
			binary.NativeEndian.PutUint64(one[:], 1)
			_, _ = unix.Write(resfd, one[:])
		}
	}
	close(x.wake)
	x.wake = make(chan struct{})
}

// checkPolls completes the context's pending polls that are ready.
func (t *Thread) checkPolls(x *aioCtx) {
	if len(x.pending) == 0 {
		return
	}
	fds := make([]unix.PollFd, len(x.pending))
	for i, p := range x.pending {
		fds[i] = unix.PollFd{Fd: int32(p.fd), Events: p.events | abi.POLLRDNORM | abi.POLLWRNORM}
	}
	if n, _ := unix.Poll(fds, 0); n <= 0 {
		return
	}
	var keep []*aioPoll
	for i, q := range x.pending {
		if m := fds[i].Revents & q.events; m != 0 {
			t.p.complete(x, q.data, q.obj, int64(uint16(wakeMask(fds[i].Revents, q.events))), q.resfd)
			t.p.endPoll(q)
			continue
		}
		keep = append(keep, q)
	}
	x.pending = keep
}

// unwatched says some pending poll of x has no watch (watchPoll).
func (x *aioCtx) unwatched() bool {
	return slices.ContainsFunc(x.pending, func(q *aioPoll) bool { return !q.watched })
}

// wakeMask is the result of a poll that waited and completes with host
// revents: aio_poll_wake reports the wake-up's whole key, not only the
// events asked for, and a pipe's or FIFO's reader is woken with EPOLLIN
// and EPOLLRDNORM, its writer with EPOLLOUT and EPOLLWRNORM; the runner
// gives the normal-data bit with its kind.
func wakeMask(revents, events int16) int16 {
	m := revents & events
	if m&unix.POLLIN != 0 {
		m |= revents & abi.POLLRDNORM
	}
	if m&unix.POLLOUT != 0 {
		m |= revents & abi.POLLWRNORM
	}
	return m
}

// sysIoSubmit is io_submit(ctx, nr, iocbpp): nr below 0 or an unknown
// context EINVAL; at most the ring's slots are taken; it stops at the
// first iocb pointer it cannot read (EFAULT) or request it refuses, and
// returns how many went in, or that error if none did.
func sysIoSubmit(t *Thread, a *sysArgs) (uint64, int) {
	nr, pp := a.Long(1), a.Ptr(2)
	if nr < 0 {
		return 0, abi.EINVAL
	}
	x := t.aioLookup(a.Ulong(0))
	if x == nil {
		return 0, abi.EINVAL
	}
	nr = min(nr, int64(x.nr))
	t.checkPolls(x)
	var i int64
	e := 0
	for ; i < nr; i++ {
		p, ge := t.get64(pp + uint64(i)*8)
		if ge != 0 {
			e = abi.EFAULT
			break
		}
		if e = t.submitOne(x, p); e != 0 {
			break
		}
		if t.gone() {
			i++
			break
		}
	}
	if i > 0 {
		return uint64(i), 0
	}
	return 0, e
}

// iocb is a struct iocb as the guest wrote it.
type iocb struct {
	data, buf, nbytes, reserved2 uint64
	key, rwFlags, flags, resfd   uint32
	fildes                       uint32
	opcode                       uint16
	reqprio                      int16
	offset                       int64
}

// submitOne is io_submit_one and __io_submit_one for the iocb at addr.
// A request refused here changes nothing but aio_key (set to 0 once the
// descriptors are checked); one taken completes into the ring, its result
// or -errno in the event.
func (t *Thread) submitOne(x *aioCtx, addr uint64) int {
	raw, e := getStruct(t, addr, abi.IocbLayout)
	if e != 0 {
		return e
	}
	cb := iocb{data: raw.Data, key: uint32(raw.Key), rwFlags: uint32(raw.Key >> 32), opcode: raw.Opcode,
		reqprio: raw.Reqprio, fildes: raw.Fildes, buf: raw.Buf, nbytes: raw.Nbytes, offset: raw.Offset,
		reserved2: raw.Reserved2, flags: raw.Flags, resfd: raw.Resfd}
	if cb.reserved2 != 0 || int64(cb.nbytes) < 0 {
		return abi.EINVAL
	}
	if t.p.inRing(x)+uint32(len(x.pending)) >= x.nr-1 {
		return abi.EAGAIN
	}
	g := int(int32(cb.fildes))
	if cb.fildes > 1<<31-1 {
		g = -1
	}
	fd := t.fd(g)
	if fd < 0 || fd == badFD || isPathFD(fd) {
		return abi.EBADF
	}
	resfd := -1
	if cb.flags&iocbFlagResfd != 0 {
		r := -1
		if cb.resfd <= 1<<31-1 {
			r = t.fd(int(cb.resfd))
		}
		if r < 0 || r == badFD || isPathFD(r) {
			return abi.EBADF
		}
		if !isEventfd(r) {
			return abi.EINVAL
		}
		resfd = r
	}
	raw.Key &^= 0xffffffff // aio_key, KIOCB_KEY
	if putStruct(t, addr, abi.IocbLayout, &raw) != 0 {
		return abi.EFAULT
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return errnoOf(err)
	}
	kind := st.Mode & unix.S_IFMT
	switch cb.opcode {
	case iocbCmdPread, iocbCmdPreadv, iocbCmdPwrite, iocbCmdPwritev:
		res, e := t.aioRW(g, fd, kind, &cb)
		if e != 0 {
			return e
		}
		t.p.complete(x, cb.data, addr, res, resfd)
	case iocbCmdFsync, iocbCmdFdsync:
		if cb.buf != 0 || cb.offset != 0 || cb.nbytes != 0 || cb.rwFlags != 0 {
			return abi.EINVAL
		}
		if kind != unix.S_IFREG && kind != unix.S_IFDIR && kind != unix.S_IFBLK {
			return abi.EINVAL // no fsync in the file's operations
		}
		if e := procFileSync(fd); e != 0 {
			return e
		}
		var err error
		t.block(func() {
			if cb.opcode == iocbCmdFsync {
				err = unix.Fsync(fd)
			} else {
				err = unix.Fdatasync(fd)
			}
		})
		t.p.complete(x, cb.data, addr, -int64(errnoOf(err)), resfd)
	case iocbCmdPoll:
		if uint64(uint16(cb.buf)) != cb.buf || cb.offset != 0 || cb.nbytes != 0 || cb.rwFlags != 0 {
			return abi.EINVAL
		}
		events := int16(cb.buf) | unix.POLLERR | unix.POLLHUP
		fds := []unix.PollFd{{Fd: int32(fd), Events: events}}
		if n, _ := unix.Poll(fds, 0); n > 0 && fds[0].Revents&events != 0 {
			t.p.complete(x, cb.data, addr, int64(uint16(fds[0].Revents&events)), resfd)
			return 0
		}
		q := &aioPoll{x: x, obj: addr, data: cb.data, events: events, resfd: -1}
		var err error
		if q.fd, err = unix.Dup(fd); err != nil {
			return errnoOf(err)
		}
		if resfd >= 0 {
			if q.resfd, err = unix.Dup(resfd); err != nil {
				q.close()
				return errnoOf(err)
			}
		}
		x.pending = append(x.pending, q)
		t.p.watchPoll(q)
	default:
		return abi.EINVAL
	}
	return 0
}

// aioRW is aio_read and aio_write for guest descriptor g (host fd, file
// type kind): aio_prep_rw's I/O priority and RWF_ flags, the descriptor's
// mode (EBADF) and file type (a directory has no read_iter: EINVAL), the
// buffer or iovec array (EINVAL, EFAULT), rw_verify_area's offset
// (EINVAL), all refusing the request; then the transfer, whose result is
// the event's.
//
// The RWF_ flags are applied as kiocb_set_rw_flags applies them: a
// request with any goes through preadv2 or pwritev2 with them (at the
// iocb's offset for a regular file or block device, at none for the
// others), less RWF_HIPRI, which aio_prep_rw drops (no one polls for an
// AIO request's completion). RWF_APPEND writes at the file's end,
// RWF_DSYNC and RWF_SYNC write through as the host does, and RLIMIT_FSIZE
// holds as for any write (fsizeRoom; its EFBIG and SIGXFSZ are the
// event's and the submitter's). RWF_NOWAIT needs the file's FMODE_NOWAIT
// (nowaitRefused: else the request is refused, EOPNOTSUPP); on a file
// that has it the host's kernel decides, and what a read that would wait
// gives (EAGAIN for a regular file's pages not in the page cache) depends
// on the host's page cache and file system, not on anything the guest
// controls: a guest sees Linux's answer for a file it has just written
// (its pages cached: the data).
func (t *Thread) aioRW(g, fd int, kind uint32, cb *iocb) (int64, int) {
	if cb.flags&iocbFlagIoprio != 0 {
		if e := t.ioprioValid(int(cb.reqprio)); e != 0 {
			return 0, e
		}
	}
	if cb.rwFlags&^rwfSupported != 0 {
		return 0, int(unix.EOPNOTSUPP)
	}
	if cb.rwFlags&unix.RWF_NOWAIT != 0 && nowaitRefused(fd) {
		return 0, int(unix.EOPNOTSUPP)
	}
	write := cb.opcode == iocbCmdPwrite || cb.opcode == iocbCmdPwritev
	vec := cb.opcode == iocbCmdPreadv || cb.opcode == iocbCmdPwritev
	ev := int16(unix.POLLIN)
	if write {
		ev = unix.POLLOUT
	}
	if !openFor(fd, ev) {
		return 0, abi.EBADF
	}
	if kind == unix.S_IFDIR {
		return 0, abi.EINVAL
	}
	if f, ok := procFileOf(fd); ok && !f.iter {
		return 0, abi.EINVAL // a /proc file without read_iter or write_iter (procfile.go)
	}
	count := cb.nbytes
	if vec {
		iov, e := t.iovecs(cb.buf, cb.nbytes)
		if e != 0 {
			return 0, e
		}
		count = 0
		for _, v := range iov {
			if int64(v.Len) < 0 {
				return 0, abi.EINVAL
			}
			if v.Base >= taskSize || min(v.Len, maxRW) > taskSize-v.Base {
				return 0, abi.EFAULT
			}
			count = min(count+v.Len, maxRW)
		}
	} else if cb.buf >= taskSize || min(cb.nbytes, maxRW) > taskSize-cb.buf {
		return 0, abi.EFAULT
	}
	count = min(count, maxRW)
	if cb.offset < 0 || int64(uint64(cb.offset)+count) < 0 {
		return 0, abi.EINVAL
	}
	positioned := kind == unix.S_IFREG || kind == unix.S_IFBLK
	if flags := int(cb.rwFlags &^ unix.RWF_HIPRI); flags != 0 {
		return t.aioRWFlags(fd, cb, positioned, write, vec, flags)
	}
	sa := sysArgs{uint64(g), cb.buf, cb.nbytes, uint64(cb.offset)}
	var fn sysFn
	switch {
	case !write && !vec && positioned:
		fn = sysPread
	case !write && !vec:
		fn = sysRead
	case !write && positioned:
		fn = sysPreadv
	case !write:
		fn = sysReadv
	case !vec && positioned:
		fn = sysPwrite
	case !vec:
		fn = sysWrite
	case positioned:
		fn = sysPwritev
	default:
		fn = sysWritev
	}
	return aioResult(fn(t, &sa))
}

// aioRWFlags is aioRW's transfer with RWF_ flags (not RWF_HIPRI): through
// preadv2 or pwritev2, at cb's offset if positioned, else at none.
func (t *Thread) aioRWFlags(fd int, cb *iocb, positioned, write, vec bool, flags int) (int64, int) {
	iov := []abi.Iovec{{Base: cb.buf, Len: cb.nbytes}}
	if vec {
		var e int
		if iov, e = t.iovecs(cb.buf, cb.nbytes); e != 0 {
			return 0, e
		}
	}
	off := int64(-1)
	if positioned {
		off = cb.offset
	}
	if write {
		return aioResult(t.pwritevIov(fd, iov, off, flags, true))
	}
	return aioResult(t.preadvIov(fd, iov, off, flags, true))
}

// aioResult is the event's result of a transfer that returned n or errno
// e: a signal that interrupted it is -EINTR (aio_rw_done: no restart).
func aioResult(n uint64, e int) (int64, int) {
	switch e {
	case 0:
		return int64(n), 0
	case errRestart, errRestartNoHand:
		return -abi.EINTR, 0
	}
	return -int64(e), 0
}

// isEventfd reports whether host descriptor fd is an eventfd.
func isEventfd(fd int) bool {
	var buf [32]byte
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), buf[:])
	return err == nil && string(buf[:n]) == "anon_inode:[eventfd]"
}

// isPathFD reports whether host descriptor fd is an O_PATH one, which
// fget does not give.
func isPathFD(fd int) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_PATH != 0
}

// sysIoCancel is io_cancel(ctx, iocb, result): an iocb whose aio_key
// cannot be read is EFAULT, one whose key is not 0 EINVAL, an unknown
// context EINVAL; a pending poll ends (its event, what is ready now, goes
// into the ring) with EINPROGRESS; any other request has completed:
// EINVAL. result is not used.
func sysIoCancel(t *Thread, a *sysArgs) (uint64, int) {
	obj := a.Ptr(1)
	cb, e := getStruct(t, obj, abi.IocbLayout)
	if e != 0 {
		return 0, e
	}
	if uint32(cb.Key) != 0 {
		return 0, abi.EINVAL
	}
	x := t.aioLookup(a.Ulong(0))
	if x == nil {
		return 0, abi.EINVAL
	}
	t.checkPolls(x)
	for i, q := range x.pending {
		if q.obj != obj {
			continue
		}
		x.pending = append(x.pending[:i], x.pending[i+1:]...)
		fds := []unix.PollFd{{Fd: int32(q.fd), Events: q.events}}
		_, _ = unix.Poll(fds, 0)
		t.p.complete(x, q.data, q.obj, int64(uint16(fds[0].Revents&q.events)), q.resfd)
		t.p.endPoll(q)
		return 0, int(unix.EINPROGRESS)
	}
	return 0, abi.EINVAL
}

// readEvents is aio_read_events_ring: up to n events from the ring (head
// and tail as the guest's ring says, taken modulo its slots) copied to
// addr, the head moved past them; EFAULT, nothing taken, if addr cannot
// hold them.
func (t *Thread) readEvents(x *aioCtx, addr uint64, n int64) (int64, int) {
	h := t.p.ring(x)
	head, tail := h.Head%x.nr, h.Tail%x.nr
	var b []byte
	var k int64
	for k < n && head != tail {
		ev := make([]byte, ioEventSize)
		_ = t.mm.Mem.Peek(x.base+aioRingHeader+uint64(head)*ioEventSize, ev)
		b = append(b, ev...)
		head = (head + 1) % x.nr
		k++
	}
	if k == 0 {
		return 0, 0
	}
	if t.write(addr, b) != 0 {
		return 0, abi.EFAULT
	}
	h = t.p.ring(x)
	h.Head = head
	t.p.putRing(x, h)
	return k, 0
}

// getEvents is do_io_getevents: an unknown context, min_nr below 0 or
// above nr are EINVAL; then events are taken until min_nr are, the
// timeout passes (none for a null pointer; a zero or negative one takes
// what is there) or a signal comes. It returns how many, or EFAULT if
// none and the buffer faulted; intr says a signal ended the wait.
func (t *Thread) getEvents(a *sysArgs) (n int64, intr bool, e int) {
	x := t.aioLookup(a.Ulong(0))
	minNr, nr, addr := a.Long(1), a.Long(2), a.Ptr(3)
	if x == nil || minNr > nr || minNr < 0 {
		return 0, false, abi.EINVAL
	}
	d := time.Duration(-1)
	if a.Ptr(4) != 0 {
		ts, e := getStruct(t, a.Ptr(4), abi.TimespecLayout)
		if e != 0 {
			return 0, false, e
		}
		// timespec64_to_ktime, unchecked: KTIME_MAX from KTIME_SEC_MAX
		// seconds on, else seconds and nanoseconds added (a sum not
		// above 0 takes what is there).
		const ktimeSecMax = math.MaxInt64 / int64(time.Second)
		if ts.Sec < ktimeSecMax {
			d = max(time.Duration(ts.Sec)*time.Second+time.Duration(ts.Nsec), 0)
		}
	}
	deadline := time.Now().Add(d)
	for {
		t.checkPolls(x)
		k, fe := t.readEvents(x, addr+uint64(n)*ioEventSize, nr-n)
		n += k
		if tb := t.mm.aio; tb == nil || int(x.id) >= len(tb.ctxs) || tb.ctxs[x.id] != x {
			return n, false, abi.EINVAL // destroyed meanwhile
		}
		if fe != 0 && n == 0 {
			return 0, false, fe
		}
		if fe != 0 || n >= minNr || d == 0 {
			return n, false, 0
		}
		left := time.Duration(-1)
		if d > 0 {
			if left = time.Until(deadline); left <= 0 {
				return n, false, 0
			}
		}
		if x.unwatched() && (left < 0 || left > hostSlice) {
			left = hostSlice // a poll the poller cannot watch is looked at again after this
		}
		switch t.waitFor(x.wake, left) {
		case waitSignal:
			return n, true, 0
		case waitExit:
			return n, false, errExit
		}
	}
}

// sysIoGetevents is io_getevents(ctx, min_nr, nr, events, timeout): the
// timeout's copy (EFAULT) first; a wait a signal ended with no event is
// EINTR.
func sysIoGetevents(t *Thread, a *sysArgs) (uint64, int) {
	if a.Ptr(4) != 0 {
		if _, e := t.read(a.Ptr(4), 16); e != 0 {
			return 0, e
		}
	}
	n, intr, e := t.getEvents(a)
	if e != 0 {
		return 0, e
	}
	if n == 0 && (intr || t.deliverable() != 0) {
		return 0, abi.EINTR
	}
	return uint64(n), 0
}

// sysIoPgetevents is io_pgetevents(ctx, min_nr, nr, events, timeout,
// usig): io_getevents with the signal mask of usig's struct __aio_sigset
// {sigmask, sigsetsize} for the wait, read after the timeout (EFAULT;
// sigsetsize other than 8 EINVAL); a signal with no event restarts the
// call if no handler runs, else EINTR (ERESTARTNOHAND).
func sysIoPgetevents(t *Thread, a *sysArgs) (uint64, int) {
	if a.Ptr(4) != 0 {
		if _, e := t.read(a.Ptr(4), 16); e != 0 {
			return 0, e
		}
	}
	var mask, size uint64
	if a.Ptr(5) != 0 {
		m, e := getStructs(t, a.Ptr(5), 2, abi.Uint64Layout)
		if e != 0 {
			return 0, e
		}
		mask, size = m[0], m[1]
	}
	end, e := t.tempMask(mask, size)
	if e != 0 {
		return 0, e
	}
	n, intr, e := t.getEvents(a)
	intr = intr || t.deliverable() != 0
	if intr {
		end(abi.EINTR)
	} else {
		end(0)
	}
	if e != 0 {
		return 0, e
	}
	if intr && n == 0 {
		return 0, errRestartNoHand
	}
	return uint64(n), 0
}
