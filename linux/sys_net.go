//go:build linux

package linux

import (
	"encoding/binary"
	"math"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

func sysEpollCreate1(t *Thread, a *sysArgs) (uint64, int) {
	return t.newFD(unix.EpollCreate1(openFlags(a.Ulong(0))))
}

func sysEpollCreate(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(0) <= 0 {
		return 0, abi.EINVAL
	}
	return t.newFD(unix.EpollCreate1(0))
}

func sysEpollPwait(t *Thread, a *sysArgs) (uint64, int) {
	return epollPwait(t, a, a.Int(3))
}

// sysEpollPwait2 is epoll_pwait2(2): epoll_pwait with a struct
// __kernel_timespec timeout (NULL: no timeout), read and checked (EFAULT,
// EINVAL) before the signal mask, as Linux's epoll_pwait2. The host's wait
// counts whole milliseconds: a timeout is rounded up to the next one.
func sysEpollPwait2(t *Thread, a *sysArgs) (uint64, int) {
	d, e := t.getTimeout(a.Ptr(3))
	if e != 0 {
		return 0, e
	}
	ms := -1
	if d >= 0 {
		m := int64(d / time.Millisecond)
		if d%time.Millisecond != 0 {
			m++
		}
		// A 32-bit host's int holds about 24.8 days of milliseconds.
		ms = int(min(m, int64(math.MaxInt)))
	}
	return epollPwait(t, a, ms)
}

// epollPwait is epoll_pwait and epoll_pwait2's wait with the guest's
// signal mask (arguments 4 and 5) in place; timeout is in milliseconds,
// negative for none.
func epollPwait(t *Thread, a *sysArgs, timeout int) (uint64, int) {
	end, e := t.tempMask(a.Ptr(4), a.Size(5))
	if e != 0 {
		return 0, e
	}
	n, errno := epollWait(t, a, timeout)
	end(errno)
	return n, errno
}

func sysEpollWait(t *Thread, a *sysArgs) (uint64, int) { return epollWait(t, a, a.Int(3)) }

func sysPpoll(t *Thread, a *sysArgs) (uint64, int) {
	d, e := t.getTimeout(a.Ptr(2))
	if e != 0 {
		return 0, e
	}
	end, e := t.tempMask(a.Ptr(3), a.Size(4))
	if e != 0 {
		return 0, e
	}
	start := time.Now()
	n, errno := poll(t, a.Ptr(0), a.Ulong(1), d)
	end(errno)
	if a.Ptr(2) != 0 {
		t.putLeft(a.Ptr(2), d, start)
	}
	return n, selectErrno(errno)
}

// selectErrno is the errno of select, pselect6 and ppoll whose wait
// ended with errno: a signal (EINTR) makes it ERESTARTNOHAND, as Linux's
// core_sys_select and do_sys_poll (fs/select.c), so a signal that runs no
// handler restarts the call, with the time left it wrote back.
func selectErrno(errno int) int {
	if errno == abi.EINTR {
		return errRestartNoHand
	}
	return errno
}

func sysPoll(t *Thread, a *sysArgs) (uint64, int) {
	var deadline time.Time
	if ms := a.Int(2); ms >= 0 {
		deadline = time.Now().Add(time.Duration(ms) * time.Millisecond)
	}
	return pollUntil(t, a.Ptr(0), a.Ulong(1), deadline)
}

// pollUntil is poll(2)'s wait until deadline (none if zero). As Linux's
// sys_poll, a signal ends it with ERESTART_RESTARTBLOCK, timeout or not,
// and a restart block that polls again to the same deadline
// (do_restart_poll).
func pollUntil(t *Thread, addr, nfds uint64, deadline time.Time) (uint64, int) {
	d := time.Duration(-1)
	if !deadline.IsZero() {
		d = max(time.Until(deadline), 0)
	}
	n, e := poll(t, addr, nfds, d)
	if e != abi.EINTR { // (only a signal ends poll's wait with EINTR)
		return n, e
	}
	t.restartFn = func(t *Thread) (uint64, int) { return pollUntil(t, addr, nfds, deadline) }
	return 0, errRestartBlock
}

func sysSocket(t *Thread, a *sysArgs) (uint64, int) {
	return t.newFD(unix.Socket(a.Int(0), a.Int(1), a.Int(2)))
}

func sysSocketpair(t *Thread, a *sysArgs) (uint64, int) {
	fds, err := unix.Socketpair(a.Int(0), a.Int(1), a.Int(2))
	if err != nil {
		return 0, errnoOf(err)
	}
	t.socketpairMade(fds)
	return 0, t.putFDPair(a.Ptr(3), fds)
}

// sysConnect is connect(2), checked in Linux's order (__sys_connect): the
// descriptor (EBADF), the address (move_addr_to_kernel), then whether it
// is a socket (ENOTSOCK).
func sysConnect(t *Thread, a *sysArgs) (uint64, int) {
	if fd := t.fd(a.Fd(0)); fd < 0 || fd == badFD {
		return 0, abi.EBADF
	}
	sa, e := t.sockaddr(a.Ptr(1), a.Int(2))
	if e != 0 {
		return 0, e
	}
	fd, e := t.sockFD(a.Fd(0))
	if e != 0 {
		return 0, e
	}
	// The socket an AF_UNIX path names for the process (its root, its
	// working directory; a link followed).
	if sa, e = t.unixPathIn(sa, lookFollow); e != 0 {
		return 0, e
	}
	t.connecting(fd) // peercred.go
	if e = t.connect(fd, sa); e == 0 {
		t.connected(fd) // peercred.go
	}
	return 0, e
}

// hostSlice is the longest one host call of a blocking socket waits in
// the host kernel (the socket's send or receive timeout while the runner
// makes the call, see sliced).
const hostSlice = 50 * time.Millisecond

// connect connects host socket fd to sa. A blocking socket's connect may
// wait without end (a TCP peer that never answers, a Unix listener whose
// backlog is full), and no guest signal reaches a host call, so it is
// made in slices (sliced) of its send timeout, which bounds Linux's
// connect waits (inet_wait_for_connect, unix_wait_for_peer): a slice ends
// with EINPROGRESS on the first TCP wait, EALREADY on a later one, EAGAIN
// on a Unix one. A repeated connect goes on with the same connection
// attempt, as a connect restarted after a signal does on Linux.
func (t *Thread) connect(fd int, sa []byte) int {
	return t.sliced(fd, unix.SO_SNDTIMEO, func() (e unix.Errno) {
		t.block(func() { _, _, e = unix.Syscall(unix.SYS_CONNECT, uintptr(fd), ptr(sa), uintptr(len(sa))) })
		return e
	}, func(e unix.Errno) bool { return e == unix.EINPROGRESS || e == unix.EALREADY || e == unix.EAGAIN })
}

// sliced makes call, a host call on socket fd that may wait, so that a
// signal for the thread and the run's end reach it. On a blocking socket
// it is made with the socket's timeout opt (SO_SNDTIMEO or SO_RCVTIMEO)
// set to hostSlice, the guest's own put back after it, again while it ends
// by the slice's end (an errno slice says is one, or EINTR: a host
// signal). Between slices a signal for the thread ends it as Linux's
// sock_intr_errno does: errRestart without a guest timeout, else EINTR;
// the guest's own timeout ends it with the errno its first slice ended
// with, as Linux's; the run's end ends it. While it waits, the guest's
// getsockopt of opt on the socket from another thread sees the slice.
func (t *Thread) sliced(fd, opt int, call func() unix.Errno, slice func(unix.Errno) bool) int {
	if streamKind(fd) != streamSock {
		return int(call())
	}
	tv, err := unix.GetsockoptTimeval(fd, unix.SOL_SOCKET, opt)
	if err != nil {
		return int(call())
	}
	timeout := time.Duration(unix.TimevalToNsec(*tv))
	deadline := time.Now().Add(timeout)
	var first unix.Errno
	for {
		d := hostSlice
		if timeout > 0 {
			d = min(d, time.Until(deadline))
		}
		if d <= 0 && first != 0 {
			return int(first)
		}
		st := unix.NsecToTimeval(max(d, time.Millisecond).Nanoseconds())
		if err := unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, opt, &st); err != nil {
			return errnoOf(err)
		}
		e := call()
		_ = unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, opt, tv)
		switch {
		case slice(e):
			if first == 0 {
				first = e
			}
		case e != unix.EINTR:
			return int(e)
		}
		switch {
		case t.gone():
			return errExit
		case t.deliverable() != 0 && timeout > 0:
			return abi.EINTR
		case t.deliverable() != 0:
			return errRestart
		}
	}
}

func sysListen(t *Thread, a *sysArgs) (uint64, int) {
	if err := unix.Listen(t.fd(a.Fd(0)), a.Int(1)); err != nil {
		return 0, errnoOf(err)
	}
	t.listened(t.fd(a.Fd(0)))
	return 0, 0
}

func sysAccept4(t *Thread, a *sysArgs) (uint64, int) {
	r, e := sockaddrOut(t, unix.SYS_ACCEPT4, a, a.Ulong(3))
	if e == 0 {
		t.accepted(t.fd(int(r)))
	}
	return r, e
}

func sysAccept(t *Thread, a *sysArgs) (uint64, int) {
	r, e := sockaddrOut(t, unix.SYS_ACCEPT4, a, 0)
	if e == 0 {
		t.accepted(t.fd(int(r)))
	}
	return r, e
}

func sysGetsockname(t *Thread, a *sysArgs) (uint64, int) {
	return sockaddrOut(t, unix.SYS_GETSOCKNAME, a, 0)
}

func sysGetpeername(t *Thread, a *sysArgs) (uint64, int) {
	return sockaddrOut(t, unix.SYS_GETPEERNAME, a, 0)
}

func sysSetsockopt(t *Thread, a *sysArgs) (uint64, int) {
	val, e := t.read(a.Ptr(3), int(min(a.Ulong(4), 256)))
	if e != 0 {
		return 0, e
	}
	opt := sockopt(a.Ulong(1), a.Ulong(2))
	swapSockopt(a.Ulong(1), opt, val, t.p.order, binary.NativeEndian)
	var p unsafe.Pointer
	if len(val) > 0 {
		p = unsafe.Pointer(&val[0])
	}
	_, _, errno := unix.Syscall6(unix.SYS_SETSOCKOPT, uintptr(t.fd(a.Fd(0))), uintptr(a.Ulong(1)), opt, uintptr(p), uintptr(len(val)), 0)
	return 0, int(errno)
}

func sysGetsockopt(t *Thread, a *sysArgs) (uint64, int) {
	n, e := t.get32(a.Ptr(4))
	if e != 0 {
		return 0, e
	}
	val := make([]byte, min(n, 256)+1)
	ln := uint32(len(val) - 1)
	_, _, errno := unix.Syscall6(unix.SYS_GETSOCKOPT, uintptr(t.fd(a.Fd(0))), uintptr(a.Ulong(1)), sockopt(a.Ulong(1), a.Ulong(2)), uintptr(unsafe.Pointer(&val[0])), uintptr(unsafe.Pointer(&ln)), 0)
	if errno != 0 {
		return 0, int(errno)
	}
	val = val[:ln]
	if a.Ulong(1) == unix.SOL_SOCKET && sockopt(a.Ulong(1), a.Ulong(2)) == unix.SO_PEERCRED && len(val) >= 12 {
		if c, ok := t.peerCredOf(t.fd(a.Fd(0))); ok { // a guest process's (peercred.go)
			abi.UcredLayout.Encode(binary.NativeEndian, val, &abi.Ucred{Pid: c.pid, UID: c.uid, GID: c.gid})
		}
	}
	swapSockopt(a.Ulong(1), sockopt(a.Ulong(1), a.Ulong(2)), val, binary.NativeEndian, t.p.order)
	if e := t.write(a.Ptr(3), val); e != 0 {
		return 0, e
	}
	return 0, t.put32(a.Ptr(4), ln)
}

func sysShutdown(t *Thread, a *sysArgs) (uint64, int) {
	return 0, errnoOf(unix.Shutdown(t.fd(a.Fd(0)), a.Int(1)))
}

func sysSend(t *Thread, a *sysArgs) (uint64, int) {
	b := *a
	b[4], b[5] = 0, 0
	return sysSendto(t, &b)
}

func sysRecv(t *Thread, a *sysArgs) (uint64, int) {
	b := *a
	b[4], b[5] = 0, 0
	return sysRecvfrom(t, &b)
}

func sysSendto(t *Thread, a *sysArgs) (uint64, int) {
	fd, e := t.sockFD(a.Fd(0)) // the descriptor first, as Linux's sockfd_lookup_light
	if e != 0 {
		return 0, e
	}
	var sa []byte
	if a.Ptr(4) != 0 { // the address before the data, as __sys_sendto
		if sa, e = t.sockaddr(a.Ptr(4), a.Int(5)); e != 0 {
			return 0, e
		}
	}
	b, e := t.read(a.Ptr(1), int(min(a.Size(2), 1<<20)))
	if e != 0 {
		return 0, e
	}
	if sa, e = t.unixPathIn(sa, lookFollow); e != 0 {
		return 0, e
	}
	if a.Ulong(3)&unix.MSG_DONTWAIT == 0 && streamKind(fd) == streamSock {
		return t.sendWaiting(fd, b, a.Ulong(3), sa)
	}
	var n uintptr
	var errno unix.Errno
	t.block(func() {
		n, _, errno = unix.Syscall6(unix.SYS_SENDTO, uintptr(fd), ptr(b), uintptr(len(b)), uintptr(a.Ulong(3)), ptr(sa), uintptr(len(sa)))
	})
	return uint64(n), int(errno)
}

// sendWaiting is a send on a blocking socket as Linux makes it under
// signals: the host sends without waiting (MSG_DONTWAIT) and the runner
// waits for room between the host's sends, with the process lock
// released and interruptibly; a signal then ends the call with the count
// sent so far, or, if nothing was sent, with errRestart (EINTR, or a
// restart under SA_RESTART). A datagram goes whole or not at all, so its
// first send ends the call; a stream's goes on until b is sent. A blocking
// host send of more than the socket's buffer waited in the host, where no
// guest signal reached it: CPython's test_socket.test_sendall_interrupted
// (sendall of 16 MiB to a socketpair nobody reads, an alarm after 1 s)
// hung.
func (t *Thread) sendWaiting(fd int, b []byte, flags uint64, sa []byte) (uint64, int) {
	sent := 0
	w := newIOWait(fd, unix.POLLOUT)
	for {
		if e := w.wait(t); e != 0 {
			if sent > 0 && e != errExit {
				return uint64(sent), 0 // a signal or the send timeout (SO_SNDTIMEO)
			}
			return 0, e
		}
		chunk := b[sent:]
		var r uintptr
		var errno unix.Errno
		t.block(func() {
			r, _, errno = unix.Syscall6(unix.SYS_SENDTO, uintptr(fd), ptr(chunk), uintptr(len(chunk)),
				uintptr(flags|unix.MSG_DONTWAIT), ptr(sa), uintptr(len(sa)))
		})
		switch {
		case errno == unix.EAGAIN || errno == unix.EINTR:
			continue
		case errno != 0:
			if sent > 0 {
				return uint64(sent), 0
			}
			return 0, int(errno)
		}
		sent += int(r)
		if sent >= len(b) {
			return uint64(sent), 0
		}
	}
}

func sysRecvfrom(t *Thread, a *sysArgs) (uint64, int) {
	fd, e := t.sockFD(a.Fd(0)) // the descriptor first, as Linux's sockfd_lookup_light
	if e != 0 {
		return 0, e
	}
	if !t.writable(a.Ptr(1), int(min(a.Size(2), 1<<20))) {
		return 0, abi.EFAULT
	}
	b := make([]byte, min(a.Size(2), 1<<20))
	var sa [128]byte
	sl := uint32(len(sa))
	flags := a.Ulong(3)
	n := 0
	w := newIOWait(fd, unix.POLLIN)
	for {
		// MSG_WAITALL on a stream: the host's receives that do not wait
		// give parts, gathered until b is full or the wait ends (a
		// signal, the receive timeout: the count so far, as Linux's).
		rest := b[n:]
		var r uintptr
		e := t.msgWaitingOn(&w, flags, func(flags uint64) (errno unix.Errno) {
			sl = uint32(len(sa))
			r, _, errno = unix.Syscall6(unix.SYS_RECVFROM, uintptr(fd), ptr(rest), uintptr(len(rest)), uintptr(flags), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&sl)))
			return errno
		})
		if e != 0 {
			if n > 0 && e != errExit {
				break
			}
			return 0, e
		}
		n += int(r)
		if r == 0 || n == len(b) || flags&(unix.MSG_WAITALL|unix.MSG_PEEK|unix.MSG_DONTWAIT) != unix.MSG_WAITALL || !streamType(fd) {
			break
		}
	}
	if e := t.write(a.Ptr(1), b[:n]); e != 0 {
		return 0, e
	}
	if a.Ptr(4) != 0 {
		if e := t.putSockaddr(a.Ptr(4), a.Ptr(5), t.p.guestSockaddr(sa[:min(sl, 128)])); e != 0 {
			return 0, e
		}
	}
	return uint64(n), 0
}

// streamType says whether socket fd is a SOCK_STREAM one, whose receives
// with MSG_WAITALL wait for the whole buffer.
func streamType(fd int) bool {
	typ, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TYPE)
	return err == nil && typ == unix.SOCK_STREAM
}

// sockopt translates a guest socket option name to the host's.
func sockopt(level, name uint64) uintptr {
	if level == unix.SOL_SOCKET {
		return uintptr(solSocketOpts.toHost(name))
	}
	return uintptr(name)
}

// swapSockopt converts an option value between byte orders: an int (4
// bytes), SO_PEERCRED's struct ucred (three ints) or SO_RCVTIMEO's and
// SO_SNDTIMEO's struct timeval (two 8-byte fields); other values are byte
// strings. opt is the host option name.
func swapSockopt(level uint64, opt uintptr, v []byte, from, to binary.ByteOrder) {
	switch {
	case len(v) == 4 || len(v) == 12 && level == unix.SOL_SOCKET && opt == unix.SO_PEERCRED:
		for i := 0; i < len(v); i += 4 {
			to.PutUint32(v[i:], from.Uint32(v[i:]))
		}
	case len(v) == 16 && level == unix.SOL_SOCKET && (opt == unix.SO_RCVTIMEO || opt == unix.SO_SNDTIMEO):
		for i := 0; i < len(v); i += 8 {
			to.PutUint64(v[i:], from.Uint64(v[i:]))
		}
	}
}

func ptr(b []byte) uintptr {
	if len(b) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&b[0]))
}

// sockaddr reads a guest sockaddr of n bytes as Linux's
// move_addr_to_kernel: a length outside 0..sizeof(struct
// sockaddr_storage) is EINVAL, 0 reads nothing (nil), an address that
// cannot be read EFAULT. sa_family becomes a native-order u16; the rest
// is in network order already.
func (t *Thread) sockaddr(addr uint64, n int) ([]byte, int) {
	if n < 0 || n > 128 {
		return nil, abi.EINVAL
	}
	if n == 0 {
		return nil, 0
	}
	b, e := t.read(addr, n)
	if e != 0 {
		return nil, e
	}
	if len(b) >= 2 {
		binary.NativeEndian.PutUint16(b, t.p.order.Uint16(b))
	}
	return b, 0
}

// putSockaddr writes a host sockaddr to the guest (truncated to *lenp) and
// stores its full length in *lenp, as Linux's move_addr_to_user: a
// negative *lenp is EINVAL.
func (t *Thread) putSockaddr(addr, lenp uint64, sa []byte) int {
	room, e := t.get32(lenp)
	if e != 0 {
		return e
	}
	if int32(room) < 0 {
		return abi.EINVAL
	}
	out := append([]byte(nil), sa...)
	if len(out) >= 2 {
		t.p.order.PutUint16(out, binary.NativeEndian.Uint16(out))
	}
	if e := t.write(addr, out[:min(uint32(len(out)), room)]); e != 0 {
		return e
	}
	return t.put32(lenp, uint32(len(sa)))
}

// sysBind is bind(2): the socket first (EBADF, ENOTSOCK), then the
// address, as Linux's __sys_bind; an AF_UNIX path is made where it names
// for the process (unixPathIn: in its chroot(2) root, from its working
// directory), and the name the guest gave is what
// getsockname and the peer later see (boundIn).
func sysBind(t *Thread, a *sysArgs) (uint64, int) {
	fd, e := t.sockFD(a.Fd(0))
	if e != 0 {
		return 0, e
	}
	sa, e := t.sockaddr(a.Ptr(1), a.Int(2))
	if e != 0 {
		return 0, e
	}
	guest := sa
	// The name bind makes, in a chroot(2) root (EADDRINUSE if it is there).
	if sa, e = t.unixPathIn(sa, lookParent); e != 0 {
		return 0, e
	}
	var errno unix.Errno
	t.block(func() { _, _, errno = unix.Syscall(unix.SYS_BIND, uintptr(fd), ptr(sa), uintptr(len(sa))) })
	if errno == 0 && len(sa) > 2 && &sa[0] != &guest[0] {
		t.p.boundIn(sa[2:], guest[2:])
	}
	return 0, int(errno)
}

// acceptable checks accept4's flags and socket as Linux's __sys_accept4
// does before it waits: flags other than SOCK_NONBLOCK and SOCK_CLOEXEC are
// EINVAL; a socket that cannot accept is EOPNOTSUPP (datagram) or EINVAL
// (stream, not listening), at once, where waiting for a connection would
// wait forever.
func acceptable(fd int, flags uint64) int {
	if flags&^(unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC) != 0 {
		return abi.EINVAL
	}
	listening, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_ACCEPTCONN)
	if err != nil {
		return errnoOf(err)
	}
	if listening != 0 {
		return 0
	}
	if typ, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TYPE); err == nil && typ != unix.SOCK_STREAM && typ != unix.SOCK_SEQPACKET {
		return int(unix.EOPNOTSUPP)
	}
	return abi.EINVAL
}

func sockaddrOut(t *Thread, nr uintptr, a *sysArgs, flags uint64) (uint64, int) {
	var sa [128]byte
	sl := uint32(len(sa))
	var r uintptr
	var errno unix.Errno
	fd := t.fd(a.Fd(0))
	if nr == unix.SYS_ACCEPT4 {
		if fd < 0 || fd == badFD {
			return 0, abi.EBADF // before the flags, as __sys_accept4
		}
		if e := acceptable(fd, flags); e != 0 {
			return 0, e
		}
		// A blocking accept waits interruptibly, in slices of its
		// receive timeout (Linux's inet_csk_wait_for_connect and
		// skb_recv_datagram wait that long, then EAGAIN), so that one
		// that lost a connection to another accept of the same listener
		// still notices signals.
		errno = unix.Errno(t.sliced(fd, unix.SO_RCVTIMEO, func() (e unix.Errno) {
			t.block(func() {
				r, _, e = unix.Syscall6(nr, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&sl)), uintptr(openFlags(flags)), 0, 0)
			})
			return e
		}, func(e unix.Errno) bool { return e == unix.EAGAIN }))
	} else {
		t.block(func() {
			r, _, errno = unix.Syscall(nr, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&sl)))
		})
	}
	if errno != 0 {
		return 0, int(errno)
	}
	if a.Ptr(1) != 0 {
		if e := t.putSockaddr(a.Ptr(1), a.Ptr(2), t.p.guestSockaddr(sa[:min(sl, 128)])); e != 0 {
			if nr == unix.SYS_ACCEPT4 {
				_ = unix.Close(int(r))
			}
			return 0, e
		}
	}
	if nr == unix.SYS_ACCEPT4 {
		return t.newFD(int(r), nil)
	}
	return uint64(r), 0
}

// The host's epoll_event holds the 64-bit data in two 32-bit halves.
func sysEpollCtl(t *Thread, a *sysArgs) (uint64, int) {
	var ev unix.EpollEvent
	if a.Ptr(3) != 0 && a.Int(1) != unix.EPOLL_CTL_DEL {
		g, e := getStruct(t, a.Ptr(3), abi.EpollEventLayout)
		if e != 0 {
			return 0, e
		}
		ev.Events = g.Events
		ev.Fd, ev.Pad = int32(uint32(g.Data)), int32(uint32(g.Data>>32))
	}
	h := t.fd(a.Fd(2))
	if err := unix.EpollCtl(t.fd(a.Fd(0)), a.Int(1), h, &ev); err != nil {
		return 0, errnoOf(err)
	}
	if op := a.Int(1); (op == unix.EPOLL_CTL_ADD || op == unix.EPOLL_CTL_MOD) && t.p.async != nil {
		// ep_insert and ep_modify poll the file once (pollNoRoom).
		asked := int16(ev.Events & 0xffff)
		t.pollNoRoom(h, asked, pollNow(h, asked))
	}
	return 0, 0
}

// epollWait is epoll_wait and epoll_pwait's wait. maxevents is EINVAL
// outside 1..EP_MAX_EVENTS (INT_MAX over the size of powerpc64's struct
// epoll_event, as Linux's do_epoll_wait). The host's wait gets at most
// nrOpen events (what one runner's descriptors can have ready; a buffer
// of them is kept by the thread), so a caller asking for more than 1024
// (CPython's selectors ask for as many as they watch) gets every ready
// descriptor at once, as on Linux. timeout is in milliseconds, negative
// for none.
func epollWait(t *Thread, a *sysArgs, timeout int) (uint64, int) {
	maxEv := a.Int(2)
	if maxEv <= 0 || maxEv > math.MaxInt32/abi.EpollEventLayout.Size() {
		return 0, abi.EINVAL
	}
	if n := min(maxEv, nrOpen); len(t.epollBuf) < n {
		t.epollBuf = make([]unix.EpollEvent, n)
	}
	evs := t.epollBuf[:min(maxEv, nrOpen)]
	fd := t.fd(a.Fd(0))
	n, errno := pollLoop(t, timeout, func(ms int) (int, error) { return unix.EpollWait(fd, evs, ms) })
	if errno != 0 || n <= 0 {
		return uint64(max(n, 0)), errno
	}
	t.epollNoRoom(fd, evs[:n]) // ep_send_events polls the ready items (asyncio.go)
	g := make([]abi.EpollEvent, n)
	for i := range g {
		g[i] = abi.EpollEvent{Events: evs[i].Events, Data: uint64(uint32(evs[i].Fd)) | uint64(uint32(evs[i].Pad))<<32}
	}
	return uint64(n), putStructs(t, a.Ptr(1), g, abi.EpollEventLayout)
}

// pollLoop runs a host wait with timeout (ms, -1 forever) in slices of at
// most 50 ms without the process lock, so that a signal for the thread or
// the end of the process is noticed. It returns EINTR for a signal and
// errExit once the thread's process ended, whatever the wait gave.
func pollLoop(t *Thread, timeout int, f func(ms int) (int, error)) (int, int) {
	var deadline time.Time
	if timeout >= 0 {
		deadline = time.Now().Add(time.Duration(timeout) * time.Millisecond)
	}
	// Sleeping (/proc's S) for the whole call: not only in each slice's
	// host wait, so that another thread reading its state between two
	// slices (while this one waits for the process lock the reader holds)
	// sees what Linux shows for it.
	t.asleep.Store(true)
	defer t.asleep.Store(false)
	for {
		slice := 50
		if timeout >= 0 {
			left := int(time.Until(deadline).Milliseconds())
			slice = max(min(slice, left), 0)
		}
		var n int
		var err error
		t.block(func() { n, err = f(slice) })
		if t.gone() {
			// Before the events: a thread whose process ended while it
			// waited makes no further host call (its parent may already
			// have reaped the process and used the file, as the event
			// it would act on).
			return 0, errExit
		}
		if err != nil && err != unix.EINTR {
			return 0, errnoOf(err)
		}
		if n > 0 {
			return n, 0
		}
		if t.deliverable() != 0 {
			return 0, abi.EINTR
		}
		if timeout >= 0 && !time.Now().Before(deadline) {
			return 0, 0
		}
	}
}

// poll is poll and ppoll's wait: more descriptors than the guest's
// RLIMIT_NOFILE soft limit is EINVAL, as Linux's do_sys_poll.
func poll(t *Thread, addr, nfds uint64, d time.Duration) (uint64, int) {
	if nfds > uint64(t.files.maxFDs()) {
		return 0, abi.EINVAL
	}
	g, e := getStructs(t, addr, int(nfds), abi.PollfdLayout)
	if e != 0 {
		return 0, e
	}
	fds := make([]unix.PollFd, nfds)
	for i := range fds {
		fds[i].Fd = int32(t.fd(int(g[i].Fd)))
		fds[i].Events = g[i].Events
	}
	ms := -1
	if d >= 0 {
		ms = int(d.Milliseconds())
	}
	n, errno := pollLoop(t, ms, func(ms int) (int, error) { return unix.Poll(fds, ms) })
	if errno != 0 {
		return 0, errno
	}
	for i := range fds {
		t.pollNoRoom(int(fds[i].Fd), fds[i].Events, fds[i].Revents)
		g[i].Revents = fds[i].Revents
		if fds[i].Revents&unix.POLLIN != 0 && t.files.pidfds[int(fds[i].Fd)] != nil {
			// A pidfd's host timerfd says POLLIN; Linux's pidfd_poll
			// says POLLRDNORM too (pidfd.go).
			g[i].Revents |= g[i].Events & abi.POLLRDNORM
		}
	}
	return uint64(n), putStructs(t, addr, g, abi.PollfdLayout)
}

// putLeft writes the time left of a wait of d begun at start to the
// timespec at addr, as Linux's ppoll and pselect6 do.
func (t *Thread) putLeft(addr uint64, d time.Duration, start time.Time) {
	left := max(d-time.Since(start), 0)
	t.putTimespec(addr, timespec(left))
}

// sysPselect6 is pselect6(nfds, readfds, writefds, exceptfds, timeout,
// {sigmask, sigsetsize}).
func sysPselect6(t *Thread, a *sysArgs) (uint64, int) {
	d, e := t.getTimeout(a.Ptr(4))
	if e != 0 {
		return 0, e
	}
	end := func(int) {}
	if a.Ptr(5) != 0 {
		m, e := getStructs(t, a.Ptr(5), 2, abi.Uint64Layout)
		if e != 0 {
			return 0, e
		}
		if end, e = t.tempMask(m[0], m[1]); e != 0 {
			return 0, e
		}
	}
	start := time.Now()
	n, errno := selectFDs(t, a.Int(0), a.Ptr(1), a.Ptr(2), a.Ptr(3), d)
	end(errno)
	if a.Ptr(4) != 0 {
		t.putLeft(a.Ptr(4), d, start)
	}
	return n, selectErrno(errno)
}

// sysSelect is select(nfds, readfds, writefds, exceptfds, struct timeval *).
func sysSelect(t *Thread, a *sysArgs) (uint64, int) {
	d := time.Duration(-1)
	if a.Ptr(4) != 0 {
		tv, e := getStruct(t, a.Ptr(4), abi.TimevalLayout)
		if e != 0 {
			return 0, e
		}
		if tv.Sec < 0 || tv.Usec < 0 || tv.Usec >= 1e6 {
			return 0, abi.EINVAL
		}
		d = time.Duration(tv.Sec)*time.Second + time.Duration(tv.Usec)*time.Microsecond
	}
	start := time.Now()
	n, errno := selectFDs(t, a.Int(0), a.Ptr(1), a.Ptr(2), a.Ptr(3), d)
	if a.Ptr(4) != 0 {
		left := max(d-time.Since(start), 0)
		tv := abi.Timeval{Sec: int64(left / time.Second), Usec: int64(left % time.Second / time.Microsecond)}
		putStruct(t, a.Ptr(4), abi.TimevalLayout, &tv)
	}
	return n, selectErrno(errno)
}

// selectFDs waits on fd_sets (arrays of 64-bit words in guest order, bit i
// of word i/64 for descriptor i) through poll(2), with Linux's readiness
// sets: readable on POLLIN, hang-up or error, writable on POLLOUT or
// error, exceptional on POLLPRI. A signal ends it with EINTR (Linux never
// restarts select). It rewrites the sets and returns how many bits are set.
func selectFDs(t *Thread, nfds int, rd, wr, ex uint64, d time.Duration) (uint64, int) {
	if nfds < 0 || nfds > 4096 {
		return 0, abi.EINVAL
	}
	words := (nfds + 63) / 64
	var sets [3][]uint64
	for k, addr := range []uint64{rd, wr, ex} {
		if addr == 0 || words == 0 {
			continue
		}
		var e int
		if sets[k], e = getStructs(t, addr, words, abi.Uint64Layout); e != 0 {
			return 0, e
		}
	}
	isSet := func(k, fd int) bool { return sets[k] != nil && sets[k][fd/64]&(1<<(fd%64)) != 0 }
	var fds []unix.PollFd
	var guest []int
	for fd := 0; fd < nfds; fd++ {
		var ev int16
		if isSet(0, fd) {
			ev |= unix.POLLIN
		}
		if isSet(1, fd) {
			ev |= unix.POLLOUT
		}
		if isSet(2, fd) {
			ev |= unix.POLLPRI
		}
		if ev != 0 {
			fds = append(fds, unix.PollFd{Fd: int32(t.fd(fd)), Events: ev})
			guest = append(guest, fd)
		}
	}
	ms := -1
	if d >= 0 {
		ms = int(d.Milliseconds())
	}
	_, errno := pollLoop(t, ms, func(ms int) (int, error) {
		n, err := unix.Poll(fds, ms)
		for _, f := range fds {
			if f.Revents&unix.POLLNVAL != 0 {
				return 0, unix.EBADF
			}
		}
		return n, err
	})
	if errno != 0 {
		return 0, errno
	}
	var out [3][]uint64
	for k := range out {
		if sets[k] != nil {
			out[k] = make([]uint64, words)
		}
	}
	n := 0
	for i, f := range fds {
		t.pollNoRoom(int(f.Fd), f.Events, f.Revents)
		fd := guest[i]
		r := f.Revents
		for k, ready := range []bool{
			r&(unix.POLLIN|unix.POLLHUP|unix.POLLERR) != 0,
			r&(unix.POLLOUT|unix.POLLERR) != 0,
			r&unix.POLLPRI != 0,
		} {
			if ready && isSet(k, fd) {
				out[k][fd/64] |= 1 << (fd % 64)
				n++
			}
		}
	}
	for k, addr := range []uint64{rd, wr, ex} {
		if out[k] == nil {
			continue
		}
		if e := putStructs(t, addr, out[k], abi.Uint64Layout); e != 0 {
			return 0, e
		}
	}
	return uint64(n), 0
}

// netdevIoctl answers the requests of a socket that name a network device
// by its index or give the index of a name (SIOCGIFNAME, SIOCGIFINDEX:
// glibc's if_indextoname and if_nametoindex, which CPython's
// socket.if_nametoindex and a getaddrinfo of "ff02::1%lo" use) through
// the host's socket: struct ifreq is the same 40 bytes on the host, its
// ifr_ifindex an int in the guest's byte order. As Linux's sock_ioctl,
// the whole struct is read (EFAULT) and written back, and an unknown
// device is ENODEV. ok is false for another request or a descriptor that
// is not a socket (ENOTTY from the caller, as Linux's vfs_ioctl).
func netdevIoctl(t *Thread, fd int, req, arg uint64) (r uint64, e int, ok bool) {
	if req != abi.SIOCGIFNAME && req != abi.SIOCGIFINDEX {
		return 0, 0, false
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		return 0, 0, false
	}
	b, e := t.read(arg, abi.IfreqSize)
	if e != 0 {
		return 0, e, true
	}
	var ifr [abi.IfreqSize]byte
	copy(ifr[:], b)
	binary.NativeEndian.PutUint32(ifr[abi.IfreqIndex:], t.p.order.Uint32(ifr[abi.IfreqIndex:]))
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(unsafe.Pointer(&ifr[0]))); errno != 0 {
		return 0, int(errno), true
	}
	t.p.order.PutUint32(ifr[abi.IfreqIndex:], binary.NativeEndian.Uint32(ifr[abi.IfreqIndex:]))
	return 0, t.write(arg, ifr[:]), true
}

// socketcalls are socketcall(2)'s calls (include/uapi/linux/net.h's
// SYS_SOCKET = 1 to SYS_SENDMMSG = 20), each the system call it stands for
// and how many unsigned longs of arguments Linux's sys_socketcall copies
// in (net/socket.c's nargs).
var socketcalls = [...]struct{ sys, nargs int }{
	1:  {abi.SYS_SOCKET, 3},
	2:  {abi.SYS_BIND, 3},
	3:  {abi.SYS_CONNECT, 3},
	4:  {abi.SYS_LISTEN, 2},
	5:  {abi.SYS_ACCEPT, 3},
	6:  {abi.SYS_GETSOCKNAME, 3},
	7:  {abi.SYS_GETPEERNAME, 3},
	8:  {abi.SYS_SOCKETPAIR, 4},
	9:  {abi.SYS_SEND, 4},
	10: {abi.SYS_RECV, 4},
	11: {abi.SYS_SENDTO, 6},
	12: {abi.SYS_RECVFROM, 6},
	13: {abi.SYS_SHUTDOWN, 2},
	14: {abi.SYS_SETSOCKOPT, 5},
	15: {abi.SYS_GETSOCKOPT, 5},
	16: {abi.SYS_SENDMSG, 3},
	17: {abi.SYS_RECVMSG, 3},
	18: {abi.SYS_ACCEPT4, 4},
	19: {abi.SYS_RECVMMSG, 5},
	20: {abi.SYS_SENDMMSG, 4},
}

// sysSocketcall is socketcall(2), the multiplexer of powerpc64 Linux
// (__ARCH_WANT_SYS_SOCKETCALL): the call's arguments, unsigned longs in
// guest memory, go to the system call it stands for, as Linux's
// sys_socketcall passes them to the same functions.
func sysSocketcall(t *Thread, a *sysArgs) (uint64, int) {
	call, ptr := a.Int(0), a.Ptr(1)
	if call < 1 || call >= len(socketcalls) {
		return 0, abi.EINVAL
	}
	c := socketcalls[call]
	var b sysArgs
	for i := range c.nargs {
		v, e := t.get64(ptr + 8*uint64(i))
		if e != 0 {
			return 0, e
		}
		b[i] = v
	}
	return handler(uint64(c.sys))(t, &b)
}
