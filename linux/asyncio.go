//go:build linux

package linux

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Signal-driven I/O (O_ASYNC, fcntl F_SETOWN and F_SETSIG): Linux's
// kill_fasync sends a description's owner its signal when the file
// becomes readable or writable (fs/fcntl.c send_sigio). The runner keeps
// owners with guest ids (fowner.go), and O_ASYNC and the F_SETSIG signal
// too: the host's description never gets them (fcntl F_SETFL and ioctl
// FIOASYNC change the runner's record only), so the host kernel, which
// would signal the runner itself (a terminal's tty_fasync makes the
// caller the owner; an F_SETSIG of SIGSEGV would end the runner), never
// has a fasync entry to signal. The runner watches the description itself
// and signals the guest owner.
//
// Linux's O_ASYNC is the file's FASYNC flag, which only the file's fasync
// sets and clears (setfl's SETFL_MASK leaves it out): F_SETFL or FIOASYNC
// that would change it calls fasync, a file without one (a regular file,
// an eventfd, a pidfd) keeps its flag (FIOASYNC: ENOTTY). open(2) copies
// O_ASYNC into the flag without calling fasync, so such a description
// shows O_ASYNC, is never signalled, and no F_SETFL or FIOASYNC changes
// it (neither sees a change to make, and clearing finds no entry). The
// host's open does the same, and the runner leaves that flag to the host:
// with no fasync entry the host has nothing to signal. So the guest's
// O_ASYNC is the host's (set at open only) or the record's (fasync).
//
// One poller per runner (asyncPoller) serves every guest process: a
// description with O_ASYNC set gets its own host epoll instance
// (asyncWatch.ep) holding the host descriptor edge-triggered, for the
// events whose kill_fasync the file's type makes; the poller's epoll
// holds those instances. When one is ready the poller takes the process
// lock, reads its events and sends the owner the signal, resolving the
// owner's guest id then: an owner that is gone (reaped, or a zombie) gets
// nothing, as in Linux. Each watch has its own instance so that the edge
// the host reports for a file already ready when O_ASYNC is set is read
// and dropped by the call that set it (Linux sends nothing then). The
// same poller watches the descriptors of pending native AIO polls
// (aio.go watchPoll), each level-triggered in the poller's own epoll.
//
// The events each file type raises, after Linux 6.1:
//   - a pipe or FIFO: POLL_IN to a read end on every write and when the
//     last writer closes; POLL_OUT to a write end at the end of every
//     read (pipe_read's kill_fasync, even one that found the pipe empty
//     and failed with EAGAIN, and once more before each wait of a
//     blocking read; not for a read of 0 bytes), when the last reader
//     closes (pipe_write, pipe_read, pipe_release), and when splice or
//     vmsplice takes whole buffers out of it (wakeup_pipe_writers; not
//     tee, which takes nothing);
//   - a socket: POLL_IN when data or a connection arrives, POLL_HUP when
//     the peer hangs up (sock_def_readable, sk_wake_async), POLL_OUT when
//     room comes after a send found none (sock_def_write_space,
//     sk_stream_write_space, unix_write_space: sk_wake_async's
//     SOCK_WAKE_SPACE, only once SOCKWQ_ASYNC_NOSPACE was set, which it
//     clears), and when a TCP connection is made (connectOut); POLL_ERR
//     for a TCP or UDP socket's error (sock_def_error_report: a
//     connection refused or reset); POLL_IN, not POLL_HUP, when only
//     the peer's direction is shut (unix_shutdown, tcp_fin); nothing for
//     the socket's own shutdown (ownShutdown). Left: a TCP peer's FIN
//     is two POLL_IN in Linux (tcp_data_ready, then tcp_fin's
//     sk_wake_async) and one in the runner (one host wake-up read);
//   - a terminal: POLL_IN on input (n_tty), POLL_OUT when its writer is
//     woken after a write that could not finish (TTY_DO_WRITE_WAKEUP,
//     n_tty_write_wakeup);
//   - an inotify instance: POLL_IN when an event is queued;
//   - /dev/net/tun: POLL_IN for each packet (tun_net_xmit); its fasync
//     makes the caller's process the owner if there is none
//     (tun_chr_fasync).
//
// Other files have no signal: a regular file, a directory, an eventfd, a
// timerfd, a signalfd, an epoll instance, a memfd, a pidfd, /dev/null
// and /dev/zero have no fasync (O_ASYNC cannot be set on them; fanotify,
// userfaultfd and perf events, which have none either or are signalled
// otherwise, are not in the runner), and the random devices' fasync list
// is signalled only when the pool is first ready, at boot. /dev/fuse's
// fasync refuses (EPERM) a description with no connection, which a guest
// cannot make (no FUSE mounts in the runner). Left: other character
// devices with a fasync of their own (an RTC, input devices, sound) are
// taken as having none (FIOASYNC ENOTTY, F_SETFL's O_ASYNC dropped), and
// a hung-up terminal as having none too (Linux's hung_up_tty_fasync makes
// F_SETFL's change of O_ASYNC ENOTTY). The host's wake-ups stand for Linux's kill_fasync calls: the
// host wakes an epoll waiter of a pipe on every write, as kill_fasync is
// called on every write, but a writer's only when the pipe had been full,
// so the runner sends a pipe's POLL_OUT itself for a guest's read
// (pipeReadBegin, pipeReadEnd) and takes the host's wake-up for a read by
// a process outside the run (which Linux would signal for every read:
// only a read of a full pipe is), and for a splice (the host's
// wakeup_pipe_writers wakes the writers exactly when Linux signals them).
// A socket's or terminal's POLL_OUT is armed by a guest's write that
// found no room (asyncAfterCall, noSpace: one that failed with EAGAIN,
// moved less than it was given, or, on a socket, waited; a Unix
// datagram or seqpacket send only if its own send buffer was full, not
// its peer's queue, whose wake-up, unix_dgram_peer_wake_relay, sends no
// signal), and for a socket by a guest's poll, select, epoll_ctl or
// epoll_wait (whose ep_send_events polls the ready items: epollNoRoom)
// that found it not writable (pollNoRoom: tcp_poll, datagram_poll and
// unix_dgram_poll set SOCKWQ_ASYNC_NOSPACE, unix_poll of a stream socket
// does not), and sent, for a socket, at the host's next wake-up of its
// writers with room (the watch's second epoll instance), for a
// pseudo-terminal when a guest reads its other side down to
// TTY_THRESHOLD_UNTHROTTLE bytes (n_tty_check_unthrottle's tty_wakeup of
// the link, ttyRead). A watch's signals are sent before the guest's
// call that woke it returns (flushWatches), one for each datagram, pipe
// write or inotify event as Linux's kill_fasync calls send them (a
// FIFO open for both reading and writing is left to the poller, which
// may fold several into one). Left: a guest's epoll_wait arms only
// the items whose polls returned events, each named by data no other
// item of the instance has (the host polls; the runner sees the events
// returned, named by the guest's data: epollNoRoom), and an epoll
// instance watched by another one arms nothing when that one is polled
// (ep_eventpoll_poll polls the inner items); a datagram sender polled while its peer's queue is full
// of another sender's datagrams is sent POLL_OUT at that peer's read
// (Linux: only at a read of its own datagrams, unix_write_space), and a
// terminal whose other side is read outside the run (the host's own
// terminal, or a pseudo-terminal whose master a host process holds) is
// never sent POLL_OUT. Linux's tty_wakeup would signal its writer
// there; the runner has no way to learn of it that is its own: the host
// description is shared with the processes outside the run, whose
// F_GETFL would show an O_ASYNC set on it, and whose kill_fasync would
// signal the runner (e6b4886, TestAsyncHostSafe: O_ASYNC never reaches
// a host description); the host wakes a terminal's writers after every
// write too, so its EPOLLOUT cannot stand for tty_wakeup; and TIOCINQ
// of the other side, which says when n_tty_check_unthrottle would call
// it, is not the runner's to ask (the master is outside the run).
//
// A terminal that gets O_ASYNC gets an owner too, if it has none, as
// Linux's tty_fasync gives it (__f_setown without force): the foreground
// process group, or the caller. A description the guest received over a Unix
// socket shares a watch only once fileOwnerOf found its record.

// asyncWatch is the runner's watch of one description with O_ASYNC set.
type asyncWatch struct {
	p      *Process
	ep     int     // the watch's host epoll instance, holding the description
	fd     int     // the guest descriptor that set O_ASYNC (si_fd, Linux's fa_fd)
	events uint32  // the host epoll events watched (asyncEvents)
	pipe   bool    // a pipe or FIFO: a hang-up is POLL_IN (POLL_OUT), not POLL_HUP
	key    fileKey // the pipe's inode (pipe only)
	// sock and tty say the file is a socket or a terminal (ttyDev and
	// master as ttyOf gives them), whose POLL_OUT follows a write that
	// found no room (noSpace): nospace is set until room comes. For a
	// socket that is when the host says the description is writable
	// again, which outEp (another host epoll instance holding it for
	// EPOLLOUT, made at the first such write or poll; 0 before) reports; for a
	// pseudo-terminal, when a guest reads its other side (ttyRead).
	// inet says the socket is not a Unix one: its errors are POLL_ERR.
	sock, tty bool
	inet      bool
	ttyDev    uint64
	master    bool
	nospace   bool
	outEp     int
}

// fileKey names a file by its host inode (a pipe's, for pipeReadBegin).
type fileKey struct{ dev, ino uint64 }

// asyncPoller is the runner's poller of the watches (one per runner).
type asyncPoller struct {
	ep      int                // the host epoll instance holding the watches' instances
	stop    int                // an eventfd in ep: written when the runner ends
	watches map[int]*fileOwner // by the watch's epoll instance
	closed  bool               // the runner ended (shut)
	// reading counts the guest reads under way of each pipe that has a
	// watched write end: the host's wake-up of its writers during one is
	// that read's, whose POLL_OUT pipeReadEnd sends.
	reading map[fileKey]int
	// aio are the pending native AIO polls watched (aio.go watchPoll),
	// by their host descriptor, which ep holds.
	aio map[int]*aioPoll
}

// Host epoll bits (the host's numbering; the guest's is in abi).
const (
	epollIn    = unix.EPOLLIN
	epollOut   = unix.EPOLLOUT
	epollErr   = unix.EPOLLERR
	epollHup   = unix.EPOLLHUP
	epollRdHup = unix.EPOLLRDHUP
)

// pollBand is send_sigio's si_band for each reason, POLL_IN first
// (fs/fcntl.c band_table through mangle_poll: powerpc's poll bits are
// asm-generic's, as the host's).
var pollBand = [...]int64{
	unix.EPOLLIN | unix.EPOLLRDNORM,                     // POLL_IN
	unix.EPOLLOUT | unix.EPOLLWRNORM | unix.EPOLLWRBAND, // POLL_OUT
	unix.EPOLLIN | unix.EPOLLRDNORM | unix.EPOLLMSG,     // POLL_MSG
	unix.EPOLLERR,                    // POLL_ERR
	unix.EPOLLPRI | unix.EPOLLRDBAND, // POLL_PRI
	unix.EPOLLHUP | unix.EPOLLERR,    // POLL_HUP
}

// asyncEvents reports whether host descriptor h's file has a fasync
// (ok), the host epoll events whose edges signal-driven I/O watches on it
// (0 for a file whose fasync list is never signalled after boot: the
// random devices), and whether it is a pipe or FIFO (key its inode). A
// socket's and a terminal's POLL_OUT are watched apart (asyncWatch.space).
func asyncEvents(h int) (ev uint32, pipe bool, key fileKey, ok bool) {
	var st unix.Stat_t
	if unix.Fstat(h, &st) != nil {
		return 0, false, key, false
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFIFO:
		fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
		if err != nil {
			return 0, false, key, false
		}
		if fl&unix.O_ACCMODE != unix.O_WRONLY {
			ev |= epollIn
		}
		if fl&unix.O_ACCMODE != unix.O_RDONLY {
			ev |= epollOut
		}
		return ev, true, fileKey{uint64(st.Dev), st.Ino}, true
	case unix.S_IFSOCK:
		return epollIn | epollRdHup, false, key, true
	case unix.S_IFCHR:
		if _, err := unix.IoctlGetTermios(h, unix.TCGETS); err == nil {
			return epollIn, false, key, true
		}
		rdev := uint64(st.Rdev)
		// /dev/random and /dev/urandom (mem devices 8 and 9: random_fasync).
		if unix.Major(rdev) == 1 && (unix.Minor(rdev) == 8 || unix.Minor(rdev) == 9) {
			return 0, false, key, true
		}
		// /dev/net/tun: POLL_IN for each packet (tun_net_xmit).
		if rdev == devTun {
			return epollIn, false, key, true
		}
		return 0, false, key, false
	}
	if isInotify(h) {
		return epollIn, false, key, true
	}
	return 0, false, key, false
}

// Misc character devices with a fasync of their own (Linux's
// include/linux/miscdevice.h minors, misc major 10).
var (
	devTun  = unix.Mkdev(10, 200) // TUN_MINOR: tun_chr_fasync
	devFuse = unix.Mkdev(10, 229) // FUSE_MINOR: fuse_dev_fasync
)

// asyncFlag reports whether the guest sees O_ASYNC on host descriptor h
// whose host file status flags are fl: the host's (set by open, never by
// the runner) or the runner's record of the description's fasync.
func (t *Thread) asyncFlag(h, fl int) bool {
	if fl&unix.O_ASYNC != 0 {
		return true
	}
	if !t.p.fasyncSeen {
		return false // no record has it (and F_GETFL is common)
	}
	o := t.fileOwnerOf(h, false)
	return o != nil && o.fasync
}

// setAsync is Linux's f_op->fasync of host descriptor h (guest descriptor
// g) when fcntl F_SETFL or ioctl FIOASYNC would change the description's
// O_ASYNC to on (setfl, ioctl_fioasync): it is ENOTTY for a file without
// a fasync (FIOASYNC's error; F_SETFL leaves the flag), and the fasync's
// own error if it refuses (/dev/fuse: EPERM, fuse_dev_fasync with no
// connection, which a guest cannot make), changing nothing. Set, the
// record's flag is on and a watch is made if the file is one Linux
// signals for; cleared, the watch is dropped, and a flag open(2) set
// stays (no entry to remove). The caller holds the process lock.
func (t *Thread) setAsync(g, h int, on bool) int {
	fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
	if err != nil {
		return 0
	}
	if t.asyncFlag(h, fl) == on {
		return 0 // no change: fasync is not called
	}
	ev, pipe, key, ok := asyncEvents(h)
	if !ok {
		if isDev(h, devFuse) {
			return abi.EPERM
		}
		return abi.ENOTTY
	}
	if !on {
		if o := t.fileOwnerOf(h, false); o != nil && o.fasync {
			o.fasync = false
			if o.async != nil {
				t.p.dropWatch(o)
			}
		}
		return 0
	}
	o := t.fileOwnerOf(h, true)
	o.fasync = true
	t.p.fasyncSeen = true
	if pgrp, tty := t.p.ttyForeground(h); tty && o.Pid == 0 {
		// tty_fasync: the terminal's foreground process group, or the
		// caller, becomes the owner if there is none (__f_setown without
		// force, which records the caller's user ids).
		owner := abi.FOwnerEx{Type: fOwnerPID, Pid: int32(t.group.tgid)}
		if pgrp != 0 {
			owner = abi.FOwnerEx{Type: fOwnerPGRP, Pid: int32(pgrp)}
		}
		o.setOwner(t, owner)
	} else if o.Pid == 0 && isDev(h, devTun) {
		// tun_chr_fasync: the caller's process, likewise.
		o.setOwner(t, abi.FOwnerEx{Type: fOwnerPID, Pid: int32(t.group.tgid)})
	}
	if ev == 0 {
		return 0
	}
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return 0
	}
	if unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, h, &unix.EpollEvent{Events: ev | unix.EPOLLET}) != nil {
		unix.Close(ep)
		return 0
	}
	// The edge of a file already ready is not an event Linux signals.
	var evs [4]unix.EpollEvent
	unix.EpollWait(ep, evs[:], 0)
	ap := t.p.poller()
	if ap == nil || unix.EpollCtl(ap.ep, unix.EPOLL_CTL_ADD, ep, &unix.EpollEvent{Events: epollIn, Fd: int32(ep)}) != nil {
		unix.Close(ep)
		return 0
	}
	w := &asyncWatch{p: t.p, ep: ep, fd: g, events: ev, pipe: pipe, key: key}
	var st unix.Stat_t
	w.sock = unix.Fstat(h, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFSOCK
	if w.sock {
		d, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_DOMAIN)
		w.inet = err == nil && d != unix.AF_UNIX
	}
	w.ttyDev, w.master, w.tty = t.p.ttyOf(h)
	o.async = w
	ap.watches[ep] = o
	return 0
}

// isDev reports whether host descriptor h is character device dev.
func isDev(h int, dev uint64) bool {
	var st unix.Stat_t
	return unix.Fstat(h, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFCHR && uint64(st.Rdev) == dev
}

// noSpace follows a guest's write to host descriptor h that found no
// room for all it had (a socket's send that failed or waited: Linux's
// sock_alloc_send_pskb and sk_stream_wait_memory set SOCKWQ_ASYNC_NOSPACE;
// a terminal's write that ended or waited with bytes left: n_tty_write
// sets TTY_DO_WRITE_WAKEUP): if h's description has a watch of a socket
// or terminal, its POLL_OUT is armed (armSpace). A Unix datagram or
// seqpacket send is armed only if the socket's own send buffer was full
// (sock_alloc_send_pskb): one that found its peer's queue full waits
// for the peer without the bit (unix_wait_for_peer, or EAGAIN). The
// caller holds the process lock.
func (t *Thread) noSpace(h int) {
	o := t.spaceWatch(h)
	if o == nil {
		return
	}
	if o.async.sock && unixNotStream(h) && !sendBufFull(h) {
		return
	}
	t.p.armSpace(o, h)
}

// pollNoRoom follows a guest's poll, select or epoll_ctl that asked
// host descriptor h for events and found revents: a socket found not
// writable gets SOCKWQ_ASYNC_NOSPACE from its poll in Linux 6.1, as
// a failed send does (pollArms says which), so its next room sends
// POLL_OUT. A terminal's poll sets nothing (n_tty_poll). The caller
// holds the process lock.
func (t *Thread) pollNoRoom(h int, events, revents int16) {
	if h < 0 || revents&(unix.POLLOUT|unix.POLLNVAL) != 0 {
		return
	}
	o := t.spaceWatch(h)
	if o == nil || !o.async.sock || !pollArms(h, events) {
		return
	}
	if events&unix.POLLOUT == 0 && pollNow(h, unix.POLLOUT)&unix.POLLOUT != 0 {
		return // writable: the host was not asked
	}
	t.p.armSpace(o, h)
}

// epollNoRoom follows a guest's epoll_wait on host epoll instance ep
// that returned evs: Linux's ep_send_events polls each ready item again
// (ep_item_poll) to collect its events, so a socket it finds not
// writable is armed as by poll and select (pollNoRoom). The host's wait
// made those polls; the runner sees the events they returned, named by
// the guest's data, and finds the item in the host's record of the
// guest's epoll_ctl calls (epollItems), read only while the watch of a
// socket waits to be armed. An event whose data more than one item has
// arms none (the host's poll of which one returned it cannot be told),
// and an item whose poll found nothing to return is not seen. The
// caller holds the process lock.
func (t *Thread) epollNoRoom(ep int, evs []unix.EpollEvent) {
	if !t.p.async.unarmedSocket() {
		return
	}
	items := epollItems(ep)
	for _, e := range evs {
		data := uint64(uint32(e.Fd)) | uint64(uint32(e.Pad))<<32
		var it epollItem
		n := 0
		for _, x := range items {
			if x.data == data {
				it, n = x, n+1
			}
		}
		if n != 1 {
			continue
		}
		// The item's descriptor is the runner's host descriptor the
		// guest's epoll_ctl named; it must still be that file.
		slot := [3]uint32{uint32(ep), uint32(it.fd), 0}
		if r, e := hostKcmp(kcmpEpollTFD, it.fd, uintptr(unsafe.Pointer(&slot))); e != 0 || r != 0 {
			continue
		}
		t.pollNoRoom(it.fd, int16(it.events), int16(e.Events))
	}
}

// unarmedSocket reports whether the watch of some socket has its
// POLL_OUT not armed yet (nothing to arm otherwise).
func (ap *asyncPoller) unarmedSocket() bool {
	if ap == nil || ap.closed {
		return false
	}
	for _, o := range ap.watches {
		if w := o.async; w != nil && w.sock && !w.nospace {
			return true
		}
	}
	return false
}

// epollItem is an item of a host epoll instance: the descriptor it was
// added with, its events and its data.
type epollItem struct {
	fd     int
	events uint32
	data   uint64
}

// epollItems returns the items of the runner's host epoll instance ep
// from /proc/self/fdinfo (fs/eventpoll.c ep_show_fdinfo's "tfd: N
// events: X data: Y" lines), or nil.
func epollItems(ep int) []epollItem {
	b, err := os.ReadFile("/proc/self/fdinfo/" + itoa(ep))
	if err != nil {
		return nil
	}
	var items []epollItem
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) < 6 || f[0] != "tfd:" || f[2] != "events:" || f[4] != "data:" {
			continue
		}
		fd, err1 := strconv.Atoi(f[1])
		ev, err2 := strconv.ParseUint(f[3], 16, 32)
		data, err3 := strconv.ParseUint(f[5], 16, 64)
		if err1 == nil && err2 == nil && err3 == nil {
			items = append(items, epollItem{fd, uint32(ev), data})
		}
	}
	return items
}

// spaceWatch returns the owner record of host descriptor h if its
// description has a watch of a socket or terminal whose POLL_OUT is
// not armed yet (nil otherwise, or when no watch of either exists). The
// caller holds the process lock.
func (t *Thread) spaceWatch(h int) *fileOwner {
	ap := t.p.async
	if ap == nil || ap.closed || !ap.hasSpace() {
		return nil
	}
	o := t.fileOwnerOf(h, false)
	if o == nil || o.async == nil || !o.async.sock && !o.async.tty || o.async.nospace {
		return nil
	}
	return o
}

// hasSpace reports whether some watch is of a socket or a terminal.
func (ap *asyncPoller) hasSpace() bool {
	for _, o := range ap.watches {
		if w := o.async; w != nil && (w.sock || w.tty) {
			return true
		}
	}
	return false
}

// armSpace arms the POLL_OUT of o's watch (a socket's or terminal's,
// host descriptor h), sent once when room comes (sock_wake_async's
// SOCK_WAKE_SPACE, which clears the bit; n_tty_write_wakeup, likewise):
// for a socket, when the host says the description is writable again
// (the watch's outEp), which it may already be if room came while the
// caller had not the process lock (the host's wake-up then went by
// unarmed): POLL_OUT is sent at once. The caller holds the process lock.
func (p *Process) armSpace(o *fileOwner, h int) {
	ap, w := p.async, o.async
	if w.sock && w.outEp == 0 {
		ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
		if err != nil {
			return
		}
		if unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, h, &unix.EpollEvent{Events: epollOut | unix.EPOLLET}) != nil ||
			unix.EpollCtl(ap.ep, unix.EPOLL_CTL_ADD, ep, &unix.EpollEvent{Events: epollIn, Fd: int32(ep)}) != nil {
			unix.Close(ep)
			return
		}
		w.outEp = ep
		ap.watches[ep] = o
	}
	if w.sock {
		var evs [4]unix.EpollEvent
		unix.EpollWait(w.outEp, evs[:], 0)
		if r := pollNow(h, unix.POLLOUT); r&unix.POLLOUT != 0 && r&unix.POLLERR == 0 {
			p.sendSigio(o, abi.POLL_OUT, o.async.fd)
			return
		}
	}
	w.nospace = true
}

// connectOut follows a guest's connect of host descriptor h that
// succeeded or is under way: a watched TCP socket is sent POLL_OUT when
// its connection is made (tcp_rcv_synsent_state_process's
// sk_wake_async, SOCK_WAKE_IO: whether or not a write found no room),
// at once if it is made already, else at the host's wake-up of its
// writers (armSpace). A Unix socket's connect signals the listener only
// (POLL_IN, which its watch sees). The caller holds the process lock.
func (t *Thread) connectOut(h int) {
	o := t.spaceWatch(h)
	if o == nil || !o.async.sock {
		return
	}
	typ, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_TYPE)
	if err != nil || typ != unix.SOCK_STREAM {
		return
	}
	if d, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_DOMAIN); err != nil || d != unix.AF_INET && d != unix.AF_INET6 {
		return
	}
	t.p.armSpace(o, h)
}

// ownShutdown follows a guest's shutdown of socket h: the host's
// wake-ups of h's own watch that it made (the hang-up it now reports,
// the room a shut sending side shows) are dropped, as Linux's
// unix_shutdown and tcp_shutdown signal only the peer
// (sk_state_change, with no sk_wake_async, for the socket itself). The
// caller holds the process lock.
func (t *Thread) ownShutdown(h int) {
	if ap := t.p.async; ap == nil || ap.closed || len(ap.watches) == 0 {
		return
	}
	o := t.fileOwnerOf(h, false)
	if o == nil || o.async == nil || !o.async.sock {
		return
	}
	var evs [4]unix.EpollEvent
	for _, ep := range []int{o.async.ep, o.async.outEp} {
		if ep != 0 {
			unix.EpollWait(ep, evs[:], 0)
		}
	}
}

// pollArms reports whether the poll of socket h, asked for events, sets
// SOCKWQ_ASYNC_NOSPACE when it finds the socket not writable, as Linux
// 6.1's: unix_dgram_poll (datagram and seqpacket) if a write event was
// asked for, unix_poll (stream) never, tcp_poll and datagram_poll
// whatever was asked, but not for a TCP socket that listens or is still
// connecting (inet_csk_listen_poll; SYN_SENT and SYN_RECV return early).
func pollArms(h int, events int16) bool {
	typ, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_TYPE)
	if err != nil {
		return false
	}
	dom, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_DOMAIN)
	if err != nil {
		return false
	}
	switch {
	case dom == unix.AF_UNIX:
		return typ != unix.SOCK_STREAM && events&int16(unix.EPOLLOUT|unix.EPOLLWRNORM|unix.EPOLLWRBAND) != 0
	case typ == unix.SOCK_STREAM && (dom == unix.AF_INET || dom == unix.AF_INET6):
		info, err := unix.GetsockoptTCPInfo(h, unix.IPPROTO_TCP, unix.TCP_INFO)
		if err != nil {
			return false
		}
		switch info.State {
		case tcpSynSent, tcpSynRecv, tcpListen:
			return false
		}
	}
	return true
}

// TCP states (include/net/tcp_states.h) that tcp_poll leaves unarmed.
const (
	tcpSynSent = 2
	tcpSynRecv = 3
	tcpListen  = 10
)

// sendBufFull reports whether socket h's own send buffer is full
// (SIOCOUTQ, the bytes it has allocated, at least SO_SNDBUF), where
// sock_alloc_send_pskb stops a send.
func sendBufFull(h int) bool {
	q, err := unix.IoctlGetInt(h, unix.SIOCOUTQ)
	if err != nil {
		return false
	}
	b, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_SNDBUF)
	return err == nil && q >= b
}

// unixNotStream reports whether host descriptor h is a Unix datagram
// or seqpacket socket (unix_dgram_sendmsg's and unix_dgram_poll's).
func unixNotStream(h int) bool {
	typ, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_TYPE)
	if err != nil || typ == unix.SOCK_STREAM {
		return false
	}
	d, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_DOMAIN)
	return err == nil && d == unix.AF_UNIX
}

// ttyThresholdUnthrottle is n_tty's TTY_THRESHOLD_UNTHROTTLE: a read of
// a pseudo-terminal that leaves at most this many bytes to read wakes the
// writers of its other side (n_tty_check_unthrottle).
const ttyThresholdUnthrottle = 128

// ttyRead follows a guest's read of host descriptor h that read
// something: if h is a pseudo-terminal whose other side has a watch
// armed by a write that could not finish (noSpace), and the read left at
// most ttyThresholdUnthrottle bytes to read, that side is sent its
// POLL_OUT once (n_tty_check_unthrottle's tty_wakeup of the link, whose
// n_tty_write_wakeup clears TTY_DO_WRITE_WAKEUP). The caller holds the
// process lock.
func (p *Process) ttyRead(h int) {
	ap := p.async
	if ap == nil || ap.closed {
		return
	}
	var armed []*fileOwner
	for _, o := range ap.watches {
		if o.async != nil && o.async.tty && o.async.nospace {
			armed = append(armed, o)
		}
	}
	if len(armed) == 0 {
		return
	}
	dev, master, ok := p.ttyOf(h)
	if !ok {
		return
	}
	if n, err := unix.IoctlGetInt(h, unix.TIOCINQ); err != nil || n > ttyThresholdUnthrottle {
		return
	}
	for _, o := range armed {
		if w := o.async; w != nil && w.nospace && w.ttyDev == dev && w.master != master {
			w.nospace = false
			p.sendSigio(o, abi.POLL_OUT, o.async.fd)
		}
	}
}

// asyncAfterCall follows system call num (arguments a, its result ret
// or errno) for signal-driven I/O: a read of a pseudo-terminal may send
// its other side POLL_OUT (ttyRead), and a call that found no room arms
// the POLL_OUT of the description of guest descriptor a.Fd(0) (the
// output descriptor a.Fd(2) of splice): it failed with EAGAIN, or a
// write or send moved fewer bytes than it was given (a non-blocking one
// that filled the buffer, or one a signal ended). Then the watches the
// call woke send their signals (flushWatches). The caller holds the
// process lock.
func (t *Thread) asyncAfterCall(num uint64, a *sysArgs, ret uint64, errno int) {
	if t.p.async == nil || errno == errExit {
		return
	}
	if errno == 0 || errno == abi.EAGAIN {
		t.asyncNoRoom(num, a, ret, errno)
	}
	if num == abi.SYS_CONNECT && (errno == 0 || errno == int(unix.EINPROGRESS)) {
		t.connectOut(t.fd(a.Fd(0)))
	}
	if num == abi.SYS_SHUTDOWN && errno == 0 {
		t.ownShutdown(t.fd(a.Fd(0)))
	}
	t.p.flushWatches()
}

// asyncNoRoom is asyncAfterCall's read and no-room part.
func (t *Thread) asyncNoRoom(num uint64, a *sysArgs, ret uint64, errno int) {
	switch num {
	case abi.SYS_READ, abi.SYS_READV:
		if errno == 0 && ret > 0 {
			t.p.ttyRead(t.fd(a.Fd(0)))
		}
		return
	case abi.SYS_WRITE, abi.SYS_SEND, abi.SYS_SENDTO:
		if errno == 0 && ret >= a.Size(2) {
			return
		}
	case abi.SYS_WRITEV, abi.SYS_SENDMSG, abi.SYS_SENDMMSG, abi.SYS_SENDFILE:
		if errno == 0 {
			return
		}
	case abi.SYS_SPLICE:
		if errno == 0 {
			return
		}
		t.noSpace(t.fd(a.Fd(2)))
		return
	default:
		return
	}
	t.noSpace(t.fd(a.Fd(0)))
}

// flushWatches sends the signals of the watches whose host descriptions
// the host has woken, before the guest's call returns: Linux's
// kill_fasync runs inside the call that sent a datagram, wrote a pipe,
// queued an inotify event or made room, once for each, and the poller,
// reading a watch's events only later, would fold several into one
// (three datagrams sent in a row, one signal). A pipe's write end (or a
// FIFO open for both) is left to the poller and pipeReadEnd, which tell
// a guest's read's wake-up of the writers from another's. The watches
// are read in the order of their epoll instances. The caller holds the
// process lock.
func (p *Process) flushWatches() {
	ap := p.async
	if ap == nil || ap.closed || len(ap.watches) == 0 {
		return
	}
	var eps []int
	for ep, o := range ap.watches {
		if w := o.async; w != nil && !(w.pipe && w.events&epollOut != 0) {
			eps = append(eps, ep)
		}
	}
	slices.Sort(eps)
	for _, ep := range eps {
		if o := ap.watches[ep]; o != nil && o.async != nil {
			p.asyncReady(o, ep)
		}
	}
}

// pipeRead makes read, one attempt of a guest's read of size bytes from
// host descriptor fd that does not wait in the host, and, if fd is a pipe
// with a watched write end, sends that end the POLL_OUT Linux's pipe_read
// sends at the end of the attempt (a read of 0 bytes sends none): when
// the attempt read, found the pipe empty (EAGAIN, before a wait) or at
// its end. The caller holds the process lock; read may release it.
func (t *Thread) pipeRead(fd, size int, read func() error) error {
	if size == 0 {
		return read()
	}
	key, ok := t.p.pipeReadBegin(fd)
	err := read()
	if ok {
		t.p.pipeReadEnd(key, err == nil || err == unix.EAGAIN)
	}
	return err
}

// pipeReadBegin is called before one attempt of a guest's read of host
// descriptor fd (a host read that does not wait): if fd is a pipe or FIFO
// with a watched write end, the attempt is counted (asyncPoller.reading)
// and ok is true, and pipeReadEnd must follow. The caller holds the
// process lock.
func (p *Process) pipeReadBegin(fd int) (key fileKey, ok bool) {
	ap := p.async
	if ap == nil || ap.closed || len(ap.watches) == 0 {
		return key, false
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return key, false
	}
	key = fileKey{uint64(st.Dev), st.Ino}
	for _, o := range ap.watches {
		if o.async.pipe && o.async.key == key && o.async.events&epollOut != 0 {
			ap.reading[key]++
			return key, true
		}
	}
	return key, false
}

// pipeReadEnd ends the attempt pipeReadBegin counted. If it got as far
// as pipe_read's kill_fasync (signal: it read, found the pipe empty, or
// is about to wait), each watched write end of the pipe is sent its
// POLL_OUT, the host's wake-up of a write-only end by this read dropped
// (the poller ignores those while a read is under way). The caller holds
// the process lock.
func (p *Process) pipeReadEnd(key fileKey, signal bool) {
	ap := p.async
	if ap.closed {
		return
	}
	if ap.reading[key]--; ap.reading[key] <= 0 {
		delete(ap.reading, key)
	}
	for _, o := range ap.watches {
		w := o.async
		if !w.pipe || w.key != key || w.events&epollOut == 0 {
			continue
		}
		if w.events == epollOut {
			var evs [4]unix.EpollEvent
			unix.EpollWait(w.ep, evs[:], 0)
		}
		if signal {
			p.sendSigio(o, abi.POLL_OUT, o.async.fd)
		}
	}
}

// ttyForeground reports whether host descriptor h is a terminal, and its
// foreground process group as the guest knows it (Linux's tty->pgrp; 0
// for none, for a pseudo-terminal master, whose own has none, and for
// the runner's terminal while its foreground group is the host's).
func (p *Process) ttyForeground(h int) (int, bool) {
	dev, master, ok := p.ttyOf(h)
	if !ok {
		return 0, false
	}
	c := p.ttys[dev]
	if p.hostCtty != nil && dev == p.hostCtty.dev {
		c = p.hostCtty
	}
	if master || c == nil || c.follow {
		return 0, true
	}
	return c.pgrp, true
}

// dropWatch ends o's watch. The caller holds the process lock.
func (p *Process) dropWatch(o *fileOwner) {
	w := o.async
	for _, ep := range []int{w.ep, w.outEp} {
		if ep == 0 {
			continue
		}
		if p.async != nil && !p.async.closed {
			delete(p.async.watches, ep)
			unix.EpollCtl(p.async.ep, unix.EPOLL_CTL_DEL, ep, nil)
		}
		unix.Close(ep)
	}
	o.async = nil
}

// ownerClosed drops o's watch once no descriptor of any table has o, the
// description's last one having been closed (Linux's __fput removes the
// fasync entry). The caller holds the process lock.
func (p *Process) ownerClosed(o *fileOwner) {
	if o.async == nil {
		return
	}
	for ft := range p.fdTables() {
		for _, r := range ft.owners {
			if r == o {
				return
			}
		}
	}
	p.dropWatch(o)
}

// poller returns the runner's poller, started at the first watch
// (nil if the host refuses its descriptors). The caller holds the
// process lock.
func (p *Process) poller() *asyncPoller {
	if p.async != nil {
		if p.async.closed {
			return nil
		}
		return p.async
	}
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil
	}
	stop, err := unix.Eventfd(0, unix.EFD_CLOEXEC)
	if err != nil {
		unix.Close(ep)
		return nil
	}
	if unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, stop, &unix.EpollEvent{Events: epollIn, Fd: int32(stop)}) != nil {
		unix.Close(ep)
		unix.Close(stop)
		return nil
	}
	ap := &asyncPoller{ep: ep, stop: stop, watches: map[int]*fileOwner{}, reading: map[fileKey]int{}}
	p.async = ap
	go func() {
		<-p.done
		unix.Write(stop, []byte{1, 0, 0, 0, 0, 0, 0, 0})
	}()
	go p.pollAsync(ap)
	return ap
}

// pollAsync is the poller: it waits for watches with events and sends
// their signals, until the runner ends.
func (p *Process) pollAsync(ap *asyncPoller) {
	var ready [16]unix.EpollEvent
	for {
		n, err := unix.EpollWait(ap.ep, ready[:], -1)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return
		}
		w := make(chan struct{}, 1)
		p.gil.lock(w)
		// The poller ends at the stop event only: the goroutine that
		// writes it must find the eventfd open.
		exited, stop := p.exited(), false
		for _, r := range ready[:n] {
			if int(r.Fd) == ap.stop {
				stop = true
			} else if o := ap.watches[int(r.Fd)]; o != nil && o.async != nil && !exited {
				p.asyncReady(o, int(r.Fd))
			} else if q := ap.aio[int(r.Fd)]; q != nil && !exited {
				p.aioReady(q)
			}
		}
		if stop {
			ap.shut()
		}
		p.gil.unlock()
		if stop {
			return
		}
	}
}

// shut closes the poller and its watches' descriptors when the runner
// ends. The caller holds the process lock.
func (ap *asyncPoller) shut() {
	for ep, o := range ap.watches {
		unix.Close(ep)
		o.async = nil
	}
	ap.watches = nil
	for _, q := range ap.aio {
		q.watched = false
		q.close()
	}
	ap.aio = nil
	ap.closed = true
	unix.Close(ap.ep)
	unix.Close(ap.stop)
}

// asyncReady reads the events of o's watch's epoll instance ep and
// signals o's owner for each. The caller holds the process lock.
func (p *Process) asyncReady(o *fileOwner, ep int) {
	var evs [4]unix.EpollEvent
	n, err := unix.EpollWait(ep, evs[:], 0)
	if err != nil {
		return
	}
	var ev uint32
	for _, e := range evs[:n] {
		ev |= e.Events
	}
	switch {
	case ep == o.async.outEp:
		// Room again for a socket or terminal: POLL_OUT if a write
		// found none since the last one (not for an error, which the
		// main instance reports).
		if ev&epollOut != 0 && ev&epollErr == 0 && o.async.nospace {
			o.async.nospace = false
			p.sendSigio(o, abi.POLL_OUT, o.async.fd)
		}
	case o.async.pipe:
		// A read end hears of writes and of the last writer's close, a
		// write end of room and of the last reader's close; a FIFO open
		// for both (on both of Linux's lists) is told of input first.
		// A wake-up of the writers during a guest's read is that read's
		// (pipeReadEnd signals it).
		if o.async.events&epollIn != 0 && ev&(epollIn|epollHup) != 0 {
			p.sendSigio(o, abi.POLL_IN, o.async.fd)
		} else if o.async.events&epollOut != 0 && ev&(epollOut|epollErr) != 0 && p.async.reading[o.async.key] == 0 {
			p.sendSigio(o, abi.POLL_OUT, o.async.fd)
		}
	case o.async.sock:
		// An error of a TCP or UDP socket (a connection refused or
		// reset) is POLL_ERR (sock_def_error_report); a Unix socket's
		// (ECONNRESET when its peer closed with data unread) only
		// comes with the peer's close, POLL_HUP. A hang-up of both
		// directions is POLL_HUP (unix_release_sock, tcp_fin after
		// this side's shutdown); of the peer's only, input: POLL_IN
		// (unix_shutdown, tcp_fin).
		switch {
		case ev&epollErr != 0 && o.async.inet:
			p.sendSigio(o, abi.POLL_ERR, o.async.fd)
		case ev&epollHup != 0:
			p.sendSigio(o, abi.POLL_HUP, o.async.fd)
		case ev&(epollIn|epollRdHup) != 0:
			p.sendSigio(o, abi.POLL_IN, o.async.fd)
		}
	case ev&(epollRdHup|epollHup) != 0:
		p.sendSigio(o, abi.POLL_HUP, o.async.fd)
	case ev&epollIn != 0:
		p.sendSigio(o, abi.POLL_IN, o.async.fd)
	}
}

// sendSigio sends o's owner the signal of reason (a POLL_* value) for the
// guest descriptor fd, as Linux's send_sigio: the F_SETSIG signal with
// si_code reason, si_band and si_fd fd (falling back to SIGIO if it cannot be queued), or, with
// none set, SIGIO as the kernel sends it (SI_KERNEL). A thread owner
// (F_OWNER_TID) gets a thread-directed signal, a process owner a
// process-directed one, a process group owner one for each process of
// the group; each only if sigio_perm lets the owner's setter signal it.
// The caller holds the process lock.
func (p *Process) sendSigio(o *fileOwner, reason, fd int) {
	if o.Pid == 0 || o.foreign {
		return // no owner, or one outside the run (fowner.go)
	}
	plain := sigInfo{signo: abi.SIGIO, code: abi.SI_KERNEL}
	info := plain
	if o.sig != 0 {
		info = sigInfo{signo: o.sig, code: reason, sigpoll: true, band: pollBand[reason-1], fd: fd}
		if o.sig != abi.SIGIO && sigSpecificCodes(o.sig) {
			info.code = siSigio // POLL_IN would read as one of the signal's own
		}
	}
	switch o.Type {
	case fOwnerTID, fOwnerPID:
		var u *Thread
		for _, g := range p.groups {
			if x := g.threads[int(o.Pid)]; x != nil && !g.zombie {
				u = x
			}
		}
		if u == nil || !o.sigioPerm(u.cred) {
			return
		}
		if o.Type == fOwnerTID {
			if !u.post(info) && o.sig != 0 {
				u.post(plain)
			}
			return
		}
		if !p.postProcess(u.group, info) && o.sig != 0 {
			p.postProcess(u.group, plain)
		}
	case fOwnerPGRP:
		for _, g := range p.groups {
			if g.pgid != int(o.Pid) || g.zombie || !o.sigioPerm(g.creds()) {
				continue
			}
			if !p.postProcess(g, info) && o.sig != 0 {
				p.postProcess(g, plain)
			}
		}
	}
}

// siSigio is si_code SI_SIGIO: send_sigio's code for a signal whose
// own si_codes POLL_IN and the others would be mistaken for.
const siSigio = -5

// sigSpecificCodes reports whether sig has si_codes of its own (Linux's
// sig_specific_sicodes; powerpc has no SIGEMT).
func sigSpecificCodes(sig int) bool {
	switch sig {
	case abi.SIGILL, abi.SIGFPE, abi.SIGSEGV, abi.SIGBUS, abi.SIGTRAP, abi.SIGCHLD, abi.SIGIO, abi.SIGSYS:
		return true
	}
	return false
}

// sigioPerm is Linux's sigio_perm: the owner's setter may signal a task
// whose credentials are c if its effective user id is root or its real
// or effective user id is c's real or saved one.
func (o *fileOwner) sigioPerm(c *cred) bool {
	return o.euid == 0 || o.euid == c.uid.s || o.euid == c.uid.r || o.uid == c.uid.s || o.uid == c.uid.r
}
