//go:build linux

package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// A blocking read or write of a pipe, socket or character device must not
// wait in the host kernel, where neither a guest signal nor the run's end
// reaches it: a poll that said readable does not keep the data for the
// caller (another guest reader of the same pipe may take it first), nor
// room for a writer. So the host moves the data without waiting
// (nowaitIO: RWF_NOWAIT; MSG_DONTWAIT for the socket calls) and the runner
// waits between attempts (ioWait), interruptibly, without changing the
// descriptor's O_NONBLOCK, which the guest and other processes sharing
// the file see.

// ioWait is the wait of one blocking read (events POLLIN) or write
// (POLLOUT) of fd: for a socket, at most its receive or send timeout
// (SO_RCVTIMEO, SO_SNDTIMEO), as Linux's sock_rcvtimeo and sock_sndtimeo.
// The timeout is read at the call's first wait (a call that does not wait
// costs nothing more) and runs from then.
type ioWait struct {
	fd       int
	events   int16
	started  bool
	deadline time.Time // zero: no timeout
}

// newIOWait is the wait of a read or write of fd.
func newIOWait(fd int, events int16) ioWait { return ioWait{fd: fd, events: events} }

// start reads the socket's timeout.
func (w *ioWait) start() {
	w.started = true
	opt := unix.SO_RCVTIMEO
	if w.events&unix.POLLOUT != 0 {
		opt = unix.SO_SNDTIMEO
	}
	if streamKind(w.fd) != streamSock {
		return
	}
	if tv, err := unix.GetsockoptTimeval(w.fd, unix.SOL_SOCKET, opt); err == nil {
		if d := time.Duration(unix.TimevalToNsec(*tv)); d > 0 {
			w.deadline = time.Now().Add(d)
		}
	}
}

// wait waits until fd has one of w's events (or an error or hang-up). A
// signal for the thread ends it with errRestart, or EINTR for a socket
// with a timeout (Linux's sock_intr_errno: such a call is not restarted);
// the timeout with EAGAIN; the run's end with errExit.
func (w *ioWait) wait(t *Thread) int {
	if !w.started {
		w.start()
	}
	ms := -1
	if !w.deadline.IsZero() {
		left := time.Until(w.deadline)
		if left <= 0 {
			return abi.EAGAIN
		}
		ms = int((left + time.Millisecond - 1) / time.Millisecond)
	}
	fds := []unix.PollFd{{Fd: int32(w.fd), Events: w.events}}
	if w.events&unix.POLLOUT != 0 && t.p.async != nil && streamKind(w.fd) == streamSock {
		// A send that waits for room: its socket's POLL_OUT follows
		// (sk_stream_wait_memory, sock_alloc_send_pskb).
		if n, _ := unix.Poll(fds, 0); n == 0 {
			t.noSpace(w.fd)
		}
	}
	n, e := pollLoop(t, ms, func(ms int) (int, error) { return unix.Poll(fds, ms) })
	switch {
	case e == abi.EINTR && w.deadline.IsZero():
		return errRestart
	case e != 0:
		return e
	case n == 0:
		return abi.EAGAIN
	}
	return 0
}

// nowaitIO reads (write false) or writes b at fd's file position without
// waiting (RWF_NOWAIT). ok is false when the host's file cannot be asked
// not to wait (a terminal: EOPNOTSUPP; a kernel before preadv2: ENOSYS).
func nowaitIO(fd int, b []byte, write bool) (n int, err error, ok bool) {
	if write {
		n, err = unix.Pwritev2(fd, [][]byte{b}, -1, unix.RWF_NOWAIT)
	} else {
		n, err = unix.Preadv2(fd, [][]byte{b}, -1, unix.RWF_NOWAIT)
	}
	if err == unix.EOPNOTSUPP || err == unix.ENOSYS {
		return 0, nil, false
	}
	return n, err, true
}

// streamRead is a read of fd, a blocking pipe, socket or character
// device, into b: attempts that do not wait, and interruptible waits
// between them (ioWait). A terminal is read through its second
// description (nowaitTTY); one that cannot be opened again is waited for
// and then read, as before.
func (t *Thread) streamRead(fd int, b []byte) (int, int) {
	w := newIOWait(fd, unix.POLLIN)
	var tty *ttyDesc // the terminal's description without waiting, once needed
	defer func() {
		if tty != nil {
			t.files.ttyRelease(tty)
		}
	}()
	for {
		var n int
		var err error
		var ok bool
		t.pipeRead(fd, len(b), func() error {
			t.block(func() { n, err, ok = nowaitIO(fd, b, false) })
			return err
		})
		if !ok {
			if tty == nil {
				tty = t.files.ttyHold(fd)
			}
			var e int
			if n, err, ok, e = t.ttyIO(fd, tty.fd, b, false, &w); e != 0 {
				return 0, e
			}
		}
		switch {
		case err == unix.EAGAIN && ok:
			if e := w.wait(t); e != 0 {
				return 0, e
			}
			continue
		case err == unix.EINTR:
			return 0, errRestart
		case err != nil:
			return 0, errnoOf(err)
		}
		return n, 0
	}
}

// msgWaiting makes call, a host send or receive on socket fd, with
// MSG_DONTWAIT added to the guest's flags, and, unless the guest's flags
// or the socket say not to wait, waits for events between attempts
// (ioWait: a signal, the socket's timeout or the run's end ends it). A
// receive from the error queue (MSG_ERRQUEUE) never waits on Linux
// (sock_recv_errqueue: EAGAIN when it is empty).
func (t *Thread) msgWaiting(fd int, flags uint64, events int16, call func(flags uint64) unix.Errno) int {
	w := newIOWait(fd, events)
	return t.msgWaitingOn(&w, flags, call)
}

// msgWaitingOn is msgWaiting with wait w, which the parts of one call
// share (MSG_WAITALL's: the receive timeout runs from the call's first
// wait, as Linux's timeo does).
func (t *Thread) msgWaitingOn(w *ioWait, flags uint64, call func(flags uint64) unix.Errno) int {
	waits := flags&(unix.MSG_DONTWAIT|unix.MSG_ERRQUEUE) == 0 && streamKind(w.fd) == streamSock
	for {
		var e unix.Errno
		t.block(func() { e = call(flags | unix.MSG_DONTWAIT) })
		if e != unix.EAGAIN || !waits {
			return int(e)
		}
		if e := w.wait(t); e != 0 {
			return e
		}
	}
}

// A terminal cannot be asked not to wait for one call (RWF_NOWAIT is
// EOPNOTSUPP, and SPLICE_F_NONBLOCK leaves n_tty's wait alone), and its
// description's O_NONBLOCK is the guest's. So the runner opens the
// terminal again, a second description of the same tty with O_NONBLOCK
// (and O_NOCTTY), reads and writes through it, and waits between
// attempts (ioWait): n_tty's read and write through it move what they
// can and answer EAGAIN where they would wait.

// ttyDesc is the second description (nowaitTTY) of a guest's terminal
// descriptor, kept from its first read or write until the descriptor is
// closed (fdTable.ttys), so that a read or write costs no open (opening
// it again for each call took seven host calls more). fd is -1 when the
// terminal cannot be opened again. users counts
// the calls using it, which may be in the host without the process lock:
// a close of the guest's descriptor meanwhile leaves closing it to the
// last of them (closed).
type ttyDesc struct {
	fd, users int
	closed    bool
}

// ttyHold returns host descriptor h's second description, opening it at
// the first need, and counts the caller as its user until ttyRelease.
// The caller holds the process lock.
func (ft *fdTable) ttyHold(h int) *ttyDesc {
	d := ft.ttys[h]
	if d == nil {
		d = &ttyDesc{fd: nowaitTTY(h)}
		if ft.ttys == nil {
			ft.ttys = map[int]*ttyDesc{}
		}
		ft.ttys[h] = d
	}
	d.users++
	return d
}

// ttyRelease ends a use of d from ttyHold, closing it if its guest
// descriptor was closed meanwhile. The caller holds the process lock.
func (ft *fdTable) ttyRelease(d *ttyDesc) {
	d.users--
	if d.closed && d.users == 0 && d.fd >= 0 {
		_ = unix.Close(d.fd)
		d.fd = -1
	}
}

// ttyClosed forgets host descriptor h's second description as h is
// closed: closed now, or by its last user.
func (ft *fdTable) ttyClosed(h int) {
	d := ft.ttys[h]
	if d == nil {
		return
	}
	delete(ft.ttys, h)
	d.closed = true
	d.users++
	ft.ttyRelease(d)
}

// nowaitTTY returns a second description of terminal fd, open as fd is
// (read, write or both) with O_NONBLOCK, for ttyHold to keep; -1
// when fd is not a terminal or it cannot be opened again as the same
// one: a pseudo-terminal master (opening /dev/ptmx again makes a new
// pair), /dev/console, a /dev/tty whose terminal is not a pseudo-terminal
// slave (/dev/tty opens the runner's controlling terminal, which need not
// be fd's: a pseudo-terminal slave's own name, from TIOCGDEV, is opened
// instead), a locked or exclusive terminal, one the runner may no longer
// open. Then the caller makes fd itself O_NONBLOCK for each attempt
// (nonblockIO).
func nowaitTTY(fd int) int {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR {
		return -1
	}
	if _, err := unix.IoctlGetTermios(fd, hostTCGETS); err != nil {
		return -1
	}
	if _, err := unix.IoctlGetUint32(fd, unix.TIOCGPTN); err == nil {
		return -1 // a master (/dev/ptmx, /dev/pts/ptmx)
	}
	path, dev := "/proc/self/fd/"+itoa(fd), uint64(st.Rdev)
	if unix.Major(dev) == 5 { // /dev/tty, /dev/console
		d, err := unix.IoctlGetUint32(fd, unix.TIOCGDEV)
		maj, mnr := unix.Major(uint64(d)), unix.Minor(uint64(d))
		if err != nil || unix.Minor(dev) != 0 || maj < ptsMajor || maj >= ptsMajor+8 {
			return -1
		}
		path, dev = "/dev/pts/"+itoa(int((maj-ptsMajor)<<8|mnr)), unix.Mkdev(maj, mnr)
	}
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		return -1
	}
	nfd, err := unix.Open(path, fl&unix.O_ACCMODE|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	var nst unix.Stat_t
	if unix.Fstat(nfd, &nst) != nil || uint64(nst.Rdev) != dev {
		_ = unix.Close(nfd)
		return -1
	}
	return nfd
}

// ttyIO reads (write false) or writes b through nfd, a description of a
// terminal from nowaitTTY, or, when nfd is -1 (a terminal that cannot be
// opened again), through fd itself with its description made O_NONBLOCK
// for the call (nonblockIO). Either does not wait: ok says so, and EAGAIN
// then asks the caller to wait (w) and try again. When fd's flags cannot
// be set either, it waits for fd (w) and makes the call, which may wait in
// the host (ok false); e is the errno that ended that wait.
func (t *Thread) ttyIO(fd, nfd int, b []byte, write bool, w *ioWait) (n int, err error, ok bool, e int) {
	call := func(fd int) {
		if write {
			n, err = unix.Write(fd, b)
		} else {
			n, err = unix.Read(fd, b)
		}
	}
	if nfd >= 0 {
		t.block(func() { call(nfd) })
		return n, err, true, 0
	}
	if nonblockIO(fd, func() error { call(fd); return err }) {
		return n, err, true, 0
	}
	if e := w.wait(t); e != 0 {
		return 0, nil, false, e
	}
	t.block(func() { call(fd) })
	return n, err, false, 0
}

// A pseudo-terminal master, a /dev/tty or /dev/console whose terminal is
// not a pseudo-terminal slave, an eventfd, timerfd, inotify or fanotify
// instance and a datagram or seqpacket socket's splice cannot be opened
// again nor asked not to wait for one call, so nonblockIO sets O_NONBLOCK
// on their host description for the call's length. The caller holds the
// process lock over it (no block), so no guest thread sees the flag: every
// guest F_GETFL and host call on the description waits for the lock. A
// host process that shares the description (one a guest started with a
// host exec, holding the same descriptor) could see it for that call.

// nonblockIO makes call, a host call on fd that does not wait once fd's
// description is O_NONBLOCK, with O_NONBLOCK set on it and cleared after
// (when the guest's own flags had it clear). It reports false, without
// making the call, when fd's flags cannot be read or set. The caller holds
// the process lock.
func nonblockIO(fd int, call func() error) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		return false
	}
	if fl&unix.O_NONBLOCK != 0 {
		_ = call()
		return true
	}
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFL, fl|unix.O_NONBLOCK); err != nil {
		return false
	}
	_ = call()
	_, _ = unix.FcntlInt(uintptr(fd), unix.F_SETFL, fl)
	return true
}

// isTerminal says whether host descriptor fd is a terminal (TCGETS
// answers).
func isTerminal(fd int) bool {
	_, err := unix.IoctlGetTermios(fd, hostTCGETS)
	return err == nil
}
