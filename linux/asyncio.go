//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Signal-driven I/O (O_ASYNC, fcntl F_SETOWN and F_SETSIG): Linux's
// kill_fasync sends a description's owner its signal when the file
// becomes readable or writable (fs/fcntl.c send_sigio). The runner keeps
// owners with guest ids (fowner.go), so the host, which would signal the
// runner's host processes, is not asked to send anything: the runner
// watches the description itself and signals the guest owner.
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
// and dropped by the call that set it (Linux sends nothing then).
//
// The events each file type raises, after Linux 6.1:
//   - a pipe or FIFO: POLL_IN to a read end when data is written or the
//     last writer closes; POLL_OUT to a write end when it has room again
//     (pipe_write, pipe_read, pipe_release);
//   - a socket: POLL_IN when data or a connection arrives, POLL_HUP when
//     the peer hangs up (sock_def_readable, sk_wake_async);
//   - a terminal: POLL_IN on input (n_tty);
//   - an inotify instance: POLL_IN when an event is queued.
//
// Other files have no fasync in Linux (a regular file, an eventfd, a
// timerfd, a signalfd): O_ASYNC is only a flag there and no signal is
// sent. The host's wake-ups stand for Linux's kill_fasync calls: the host
// wakes an epoll waiter of a pipe on every write, as kill_fasync is
// called on every write, but a socket's POLL_OUT (sent by Linux only after
// a writer found no room) is not watched, nor is a pipe's POLL_OUT
// for a read that leaves a pipe that was not full (Linux sends one for
// every read; the host wakes a writer's epoll only when the pipe had been
// full). A terminal that gets O_ASYNC gets an owner too, as Linux's
// tty_fasync gives it: the foreground process group, or the caller. A
// description the guest received over a
// Unix socket shares a watch only once fileOwnerOf found its record.

// asyncWatch is the runner's watch of one description with O_ASYNC set.
type asyncWatch struct {
	p      *Process
	ep     int    // the watch's host epoll instance, holding the description
	fd     int    // the guest descriptor that set O_ASYNC (si_fd, Linux's fa_fd)
	events uint32 // the host epoll events watched (asyncEvents)
	pipe   bool   // a pipe or FIFO: a hang-up is POLL_IN (POLL_OUT), not POLL_HUP
}

// asyncPoller is the runner's poller of the watches (one per runner).
type asyncPoller struct {
	ep      int                // the host epoll instance holding the watches' instances
	stop    int                // an eventfd in ep: written when the runner ends
	watches map[int]*fileOwner // by the watch's epoll instance
	closed  bool               // the runner ended (shut)
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

// asyncEvents returns the host epoll events whose edges signal-driven I/O
// watches on host descriptor h, and whether h is a pipe or FIFO; 0 for a
// file Linux sends nothing for.
func asyncEvents(h int) (uint32, bool) {
	var st unix.Stat_t
	if unix.Fstat(h, &st) != nil {
		return 0, false
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFIFO:
		fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
		if err != nil {
			return 0, false
		}
		var ev uint32
		if fl&unix.O_ACCMODE != unix.O_WRONLY {
			ev |= epollIn
		}
		if fl&unix.O_ACCMODE != unix.O_RDONLY {
			ev |= epollOut
		}
		return ev, true
	case unix.S_IFSOCK:
		return epollIn | epollRdHup, false
	case unix.S_IFCHR:
		if _, err := unix.IoctlGetTermios(h, unix.TCGETS); err == nil {
			return epollIn, false
		}
		return 0, false
	}
	if isInotify(h) {
		return epollIn, false
	}
	return 0, false
}

// syncAsync brings the watch of host descriptor h (guest descriptor g) in
// line with its O_ASYNC flag after a call that may have changed it
// (fcntl F_SETFL, ioctl FIOASYNC): a watch is made when the flag is set
// and the file is one Linux signals for, and dropped when the flag is
// cleared. The caller holds the process lock.
func (t *Thread) syncAsync(g, h int) {
	fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
	if err != nil {
		return
	}
	if fl&unix.O_ASYNC == 0 {
		if t.p.async == nil || len(t.p.async.watches) == 0 {
			return // no watch to end (and F_SETFL of O_NONBLOCK is common)
		}
		if o := t.fileOwnerOf(h, false); o != nil && o.async != nil {
			t.p.dropWatch(o)
		}
		return
	}
	ev, pipe := asyncEvents(h)
	if ev == 0 {
		return
	}
	o := t.fileOwnerOf(h, true)
	if o.async != nil {
		return // already on: Linux's fasync keeps its descriptor
	}
	if pgrp, tty := t.p.ttyForeground(h); tty {
		// tty_fasync: the terminal's foreground process group, or the
		// caller, becomes the owner (the setter's user ids are kept).
		o.FOwnerEx = abi.FOwnerEx{Type: fOwnerPID, Pid: int32(t.group.tgid)}
		if pgrp != 0 {
			o.FOwnerEx = abi.FOwnerEx{Type: fOwnerPGRP, Pid: int32(pgrp)}
		}
	}
	// The host never signals: a terminal's host fasync has made the
	// runner its owner (tty_fasync), and the host would send the runner
	// the F_SETSIG signal (a SIGSEGV would end it). Input between the
	// host's F_SETFL and this is still the host's to signal: a window
	// left open.
	unix.FcntlInt(uintptr(h), unix.F_SETOWN, 0)
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return
	}
	if unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, h, &unix.EpollEvent{Events: ev | unix.EPOLLET}) != nil {
		unix.Close(ep)
		return
	}
	// The edge of a file already ready is not an event Linux signals.
	var evs [4]unix.EpollEvent
	unix.EpollWait(ep, evs[:], 0)
	ap := t.p.poller()
	if ap == nil || unix.EpollCtl(ap.ep, unix.EPOLL_CTL_ADD, ep, &unix.EpollEvent{Events: epollIn, Fd: int32(ep)}) != nil {
		unix.Close(ep)
		return
	}
	o.async = &asyncWatch{p: t.p, ep: ep, fd: g, events: ev, pipe: pipe}
	ap.watches[ep] = o
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
	if p.async != nil && !p.async.closed {
		delete(p.async.watches, o.async.ep)
		unix.EpollCtl(p.async.ep, unix.EPOLL_CTL_DEL, o.async.ep, nil)
	}
	unix.Close(o.async.ep)
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
	ap := &asyncPoller{ep: ep, stop: stop, watches: map[int]*fileOwner{}}
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
			} else if o := ap.watches[int(r.Fd)]; o != nil && !exited {
				p.asyncReady(o)
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
	for _, o := range ap.watches {
		unix.Close(o.async.ep)
		o.async = nil
	}
	ap.watches = nil
	ap.closed = true
	unix.Close(ap.ep)
	unix.Close(ap.stop)
}

// asyncReady reads the events of o's watch and signals o's owner for
// each. The caller holds the process lock.
func (p *Process) asyncReady(o *fileOwner) {
	var evs [4]unix.EpollEvent
	n, err := unix.EpollWait(o.async.ep, evs[:], 0)
	if err != nil {
		return
	}
	var ev uint32
	for _, e := range evs[:n] {
		ev |= e.Events
	}
	switch {
	case o.async.pipe:
		// A read end hears of writes and of the last writer's close, a
		// write end of room and of the last reader's close; a FIFO open
		// for both (on both of Linux's lists) is told of input first.
		if o.async.events&epollIn != 0 && ev&(epollIn|epollHup) != 0 {
			p.sendSigio(o, abi.POLL_IN)
		} else if o.async.events&epollOut != 0 && ev&(epollOut|epollErr) != 0 {
			p.sendSigio(o, abi.POLL_OUT)
		}
	case ev&(epollRdHup|epollHup) != 0:
		p.sendSigio(o, abi.POLL_HUP)
	case ev&epollIn != 0:
		p.sendSigio(o, abi.POLL_IN)
	}
}

// sendSigio sends o's owner the signal of reason (a POLL_* value), as
// Linux's send_sigio: the F_SETSIG signal with si_code reason, si_band
// and si_fd (falling back to SIGIO if it cannot be queued), or, with
// none set, SIGIO as the kernel sends it (SI_KERNEL). A thread owner
// (F_OWNER_TID) gets a thread-directed signal, a process owner a
// process-directed one, a process group owner one for each process of
// the group; each only if sigio_perm lets the owner's setter signal it.
// The caller holds the process lock.
func (p *Process) sendSigio(o *fileOwner, reason int) {
	if o.Pid == 0 {
		return
	}
	plain := sigInfo{signo: abi.SIGIO, code: abi.SI_KERNEL}
	info := plain
	if o.sig != 0 {
		info = sigInfo{signo: o.sig, code: reason, sigpoll: true, band: pollBand[reason-1], fd: o.async.fd}
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
