//go:build linux

package linux

import (
	"encoding/binary"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

func init() {
	def(abi.SYS_EPOLL_CREATE1, func(t *Thread, a *[6]uint64) (uint64, int) {
		return t.newFD(unix.EpollCreate1(openFlags(a[0])))
	})
	def(abi.SYS_EPOLL_CREATE, func(t *Thread, a *[6]uint64) (uint64, int) {
		if int32(a[0]) <= 0 {
			return 0, abi.EINVAL
		}
		return t.newFD(unix.EpollCreate1(0))
	})
	def(abi.SYS_EPOLL_CTL, sysEpollCtl)
	def(abi.SYS_EPOLL_PWAIT, func(t *Thread, a *[6]uint64) (uint64, int) {
		end, e := t.tempMask(a[4], a[5])
		if e != 0 {
			return 0, e
		}
		n, errno := epollWait(t, a)
		end(errno)
		return n, errno
	})
	def(abi.SYS_EPOLL_WAIT, func(t *Thread, a *[6]uint64) (uint64, int) { return epollWait(t, a) })
	def(abi.SYS_PPOLL, func(t *Thread, a *[6]uint64) (uint64, int) {
		d := time.Duration(-1)
		if a[2] != 0 {
			var e int
			if d, e = t.getTimespec(a[2]); e != 0 {
				return 0, e
			}
		}
		end, e := t.tempMask(a[3], a[4])
		if e != 0 {
			return 0, e
		}
		start := time.Now()
		n, errno := poll(t, a[0], a[1], d)
		end(errno)
		if a[2] != 0 {
			t.putLeft(a[2], d, start)
		}
		return n, errno
	})
	def(abi.SYS_POLL, func(t *Thread, a *[6]uint64) (uint64, int) {
		d := time.Duration(int64(int32(a[2]))) * time.Millisecond
		return poll(t, a[0], a[1], d)
	})
	def(abi.SYS_PSELECT6, sysPselect6)
	def(abi.SYS__NEWSELECT, sysSelect)
	def(abi.SYS_SOCKET, func(t *Thread, a *[6]uint64) (uint64, int) {
		return t.newFD(unix.Socket(int(a[0]), int(a[1]), int(a[2])))
	})
	def(abi.SYS_SOCKETPAIR, func(t *Thread, a *[6]uint64) (uint64, int) {
		fds, err := unix.Socketpair(int(a[0]), int(a[1]), int(a[2]))
		if err != nil {
			return 0, errnoOf(err)
		}
		return 0, t.putFDPair(a[3], fds)
	})
	def(abi.SYS_BIND, func(t *Thread, a *[6]uint64) (uint64, int) { return sockaddrIn(t, unix.SYS_BIND, a) })
	def(abi.SYS_CONNECT, func(t *Thread, a *[6]uint64) (uint64, int) { return sockaddrIn(t, unix.SYS_CONNECT, a) })
	def(abi.SYS_LISTEN, func(t *Thread, a *[6]uint64) (uint64, int) {
		return 0, errnoOf(unix.Listen(t.fd(a[0]), int(a[1])))
	})
	def(abi.SYS_ACCEPT4, func(t *Thread, a *[6]uint64) (uint64, int) { return sockaddrOut(t, unix.SYS_ACCEPT4, a, a[3]) })
	def(abi.SYS_ACCEPT, func(t *Thread, a *[6]uint64) (uint64, int) { return sockaddrOut(t, unix.SYS_ACCEPT4, a, 0) })
	def(abi.SYS_GETSOCKNAME, func(t *Thread, a *[6]uint64) (uint64, int) {
		return sockaddrOut(t, unix.SYS_GETSOCKNAME, a, 0)
	})
	def(abi.SYS_GETPEERNAME, func(t *Thread, a *[6]uint64) (uint64, int) {
		return sockaddrOut(t, unix.SYS_GETPEERNAME, a, 0)
	})
	def(abi.SYS_SETSOCKOPT, func(t *Thread, a *[6]uint64) (uint64, int) {
		val, e := t.read(a[3], int(min(a[4], 256)))
		if e != 0 {
			return 0, e
		}
		opt := sockopt(a[1], a[2])
		swapSockopt(a[1], opt, val, t.p.order, binary.NativeEndian)
		var p unsafe.Pointer
		if len(val) > 0 {
			p = unsafe.Pointer(&val[0])
		}
		_, _, errno := unix.Syscall6(unix.SYS_SETSOCKOPT, uintptr(t.fd(a[0])), uintptr(a[1]), opt, uintptr(p), uintptr(len(val)), 0)
		return 0, int(errno)
	})
	def(abi.SYS_GETSOCKOPT, func(t *Thread, a *[6]uint64) (uint64, int) {
		n, e := t.get32(a[4])
		if e != 0 {
			return 0, e
		}
		val := make([]byte, min(n, 256)+1)
		ln := uint32(len(val) - 1)
		_, _, errno := unix.Syscall6(unix.SYS_GETSOCKOPT, uintptr(t.fd(a[0])), uintptr(a[1]), sockopt(a[1], a[2]), uintptr(unsafe.Pointer(&val[0])), uintptr(unsafe.Pointer(&ln)), 0)
		if errno != 0 {
			return 0, int(errno)
		}
		val = val[:ln]
		swapSockopt(a[1], sockopt(a[1], a[2]), val, binary.NativeEndian, t.p.order)
		if e := t.write(a[3], val); e != 0 {
			return 0, e
		}
		return 0, t.put32(a[4], ln)
	})
	def(abi.SYS_SHUTDOWN, func(t *Thread, a *[6]uint64) (uint64, int) {
		return 0, errnoOf(unix.Shutdown(t.fd(a[0]), int(a[1])))
	})
	def(abi.SYS_SEND, func(t *Thread, a *[6]uint64) (uint64, int) {
		b := *a
		b[4], b[5] = 0, 0
		return syscalls[abi.SYS_SENDTO](t, &b)
	})
	def(abi.SYS_RECV, func(t *Thread, a *[6]uint64) (uint64, int) {
		b := *a
		b[4], b[5] = 0, 0
		return syscalls[abi.SYS_RECVFROM](t, &b)
	})
	def(abi.SYS_SENDTO, func(t *Thread, a *[6]uint64) (uint64, int) {
		b, e := t.read(a[1], int(min(a[2], 1<<20)))
		if e != 0 {
			return 0, e
		}
		sa, e := t.sockaddr(a[4], a[5])
		if e != 0 {
			return 0, e
		}
		var n uintptr
		var errno unix.Errno
		fd := t.fd(a[0])
		if a[3]&unix.MSG_DONTWAIT == 0 {
			if e := t.waitWritable(fd); e != 0 {
				return 0, e
			}
		}
		t.block(func() {
			n, _, errno = unix.Syscall6(unix.SYS_SENDTO, uintptr(fd), ptr(b), uintptr(len(b)), uintptr(a[3]), ptr(sa), uintptr(len(sa)))
		})
		return uint64(n), int(errno)
	})
	def(abi.SYS_RECVFROM, func(t *Thread, a *[6]uint64) (uint64, int) {
		if !t.writable(a[1], int(min(a[2], 1<<20))) {
			return 0, abi.EFAULT
		}
		b := make([]byte, min(a[2], 1<<20))
		var sa [128]byte
		sl := uint32(len(sa))
		var n uintptr
		var errno unix.Errno
		fd := t.fd(a[0])
		if a[3]&unix.MSG_DONTWAIT == 0 {
			if e := t.waitReadable(fd); e != 0 {
				return 0, e
			}
		}
		t.block(func() {
			n, _, errno = unix.Syscall6(unix.SYS_RECVFROM, uintptr(fd), ptr(b), uintptr(len(b)), uintptr(a[3]), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&sl)))
		})
		if errno != 0 {
			return 0, int(errno)
		}
		if e := t.write(a[1], b[:n]); e != 0 {
			return 0, e
		}
		if a[4] != 0 {
			if e := t.putSockaddr(a[4], a[5], sa[:min(sl, 128)]); e != 0 {
				return 0, e
			}
		}
		return uint64(n), 0
	})
}

// sockopt translates a guest socket option name to the host's: powerpc
// numbers SOL_SOCKET options 16-21 differently from most architectures
// (asm/socket.h: SO_RCVLOWAT 16, SO_SNDLOWAT 17, SO_RCVTIMEO 18,
// SO_SNDTIMEO 19, SO_PASSCRED 20, SO_PEERCRED 21).
func sockopt(level, name uint64) uintptr {
	if level == unix.SOL_SOCKET {
		switch name {
		case 16:
			return unix.SO_RCVLOWAT
		case 17:
			return unix.SO_SNDLOWAT
		case 18:
			return unix.SO_RCVTIMEO
		case 19:
			return unix.SO_SNDTIMEO
		case 20:
			return unix.SO_PASSCRED
		case 21:
			return unix.SO_PEERCRED
		}
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

// sockaddr reads a guest sockaddr: sa_family is a native-order u16; the
// rest is in network order already.
func (t *Thread) sockaddr(addr, n uint64) ([]byte, int) {
	if addr == 0 {
		return nil, 0
	}
	if n > 128 {
		return nil, abi.EINVAL
	}
	b, e := t.read(addr, int(n))
	if e != 0 {
		return nil, e
	}
	if len(b) >= 2 {
		binary.NativeEndian.PutUint16(b, t.p.order.Uint16(b))
	}
	return b, 0
}

// putSockaddr writes a host sockaddr to the guest (truncated to *lenp) and
// stores its full length in *lenp.
func (t *Thread) putSockaddr(addr, lenp uint64, sa []byte) int {
	room, e := t.get32(lenp)
	if e != 0 {
		return e
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

func sockaddrIn(t *Thread, nr uintptr, a *[6]uint64) (uint64, int) {
	sa, e := t.sockaddr(a[1], a[2])
	if e != 0 {
		return 0, e
	}
	var errno unix.Errno
	fd := t.fd(a[0])
	t.block(func() { _, _, errno = unix.Syscall(nr, uintptr(fd), ptr(sa), uintptr(len(sa))) })
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

func sockaddrOut(t *Thread, nr uintptr, a *[6]uint64, flags uint64) (uint64, int) {
	var sa [128]byte
	sl := uint32(len(sa))
	var r uintptr
	var errno unix.Errno
	fd := t.fd(a[0])
	if nr == unix.SYS_ACCEPT4 {
		if e := acceptable(fd, flags); e != 0 {
			return 0, e
		}
		// A blocking accept waits interruptibly (restarted under
		// SA_RESTART, as Linux's ERESTARTSYS).
		if e := t.waitReadable(fd); e != 0 {
			return 0, e
		}
	}
	t.block(func() {
		if nr == unix.SYS_ACCEPT4 {
			r, _, errno = unix.Syscall6(nr, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&sl)), uintptr(openFlags(flags)), 0, 0)
		} else {
			r, _, errno = unix.Syscall(nr, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&sl)))
		}
	})
	if errno != 0 {
		return 0, int(errno)
	}
	if a[1] != 0 {
		if e := t.putSockaddr(a[1], a[2], sa[:min(sl, 128)]); e != 0 {
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

// epoll_event on powerpc64: u32 events, 4 bytes of padding, u64 data.
func sysEpollCtl(t *Thread, a *[6]uint64) (uint64, int) {
	var ev unix.EpollEvent
	var evp *unix.EpollEvent
	if a[3] != 0 && a[1] != unix.EPOLL_CTL_DEL {
		b, e := t.read(a[3], 16)
		if e != 0 {
			return 0, e
		}
		ev.Events = t.p.order.Uint32(b)
		data := t.p.order.Uint64(b[8:])
		ev.Fd, ev.Pad = int32(uint32(data)), int32(uint32(data>>32))
		evp = &ev
	} else {
		evp = &ev
	}
	return 0, errnoOf(unix.EpollCtl(t.fd(a[0]), int(a[1]), t.fd(a[2]), evp))
}

func epollWait(t *Thread, a *[6]uint64) (uint64, int) {
	maxEv := int(int32(a[2]))
	if maxEv <= 0 || maxEv > 1024 {
		return 0, abi.EINVAL
	}
	timeout := int(int32(a[3]))
	evs := make([]unix.EpollEvent, maxEv)
	fd := t.fd(a[0])
	n, errno := pollLoop(t, timeout, func(ms int) (int, error) { return unix.EpollWait(fd, evs, ms) })
	if errno != 0 || n <= 0 {
		return uint64(max(n, 0)), errno
	}
	b := make([]byte, 16*n)
	for i := 0; i < n; i++ {
		t.p.order.PutUint32(b[16*i:], evs[i].Events)
		t.p.order.PutUint64(b[16*i+8:], uint64(uint32(evs[i].Fd))|uint64(uint32(evs[i].Pad))<<32)
	}
	return uint64(n), t.write(a[1], b)
}

// pollLoop runs a host wait with timeout (ms, -1 forever) in slices of at
// most 50 ms without the process lock, so that a signal for the thread or
// the end of the process is noticed. It returns EINTR for a signal.
func pollLoop(t *Thread, timeout int, f func(ms int) (int, error)) (int, int) {
	var deadline time.Time
	if timeout >= 0 {
		deadline = time.Now().Add(time.Duration(timeout) * time.Millisecond)
	}
	for {
		slice := 50
		if timeout >= 0 {
			left := int(time.Until(deadline).Milliseconds())
			slice = max(min(slice, left), 0)
		}
		var n int
		var err error
		t.block(func() { n, err = f(slice) })
		if err != nil && err != unix.EINTR {
			return 0, errnoOf(err)
		}
		if n > 0 {
			return n, 0
		}
		if t.p.exited() {
			return 0, errExit
		}
		if t.deliverable() != 0 {
			return 0, abi.EINTR
		}
		if timeout >= 0 && !time.Now().Before(deadline) {
			return 0, 0
		}
	}
}

// struct pollfd: int fd; short events; short revents.
func poll(t *Thread, addr, nfds uint64, d time.Duration) (uint64, int) {
	if nfds > 4096 {
		return 0, abi.EINVAL
	}
	b, e := t.read(addr, int(nfds)*8)
	if e != 0 {
		return 0, e
	}
	o := t.p.order
	fds := make([]unix.PollFd, nfds)
	for i := range fds {
		fds[i].Fd = int32(t.fd(uint64(o.Uint32(b[8*i:]))))
		fds[i].Events = int16(o.Uint16(b[8*i+4:]))
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
		o.PutUint16(b[8*i+6:], uint16(fds[i].Revents))
	}
	return uint64(n), t.write(addr, b)
}

// putLeft writes the time left of a wait of d begun at start to the
// timespec at addr, as Linux's ppoll and pselect6 do.
func (t *Thread) putLeft(addr uint64, d time.Duration, start time.Time) {
	left := max(d-time.Since(start), 0)
	t.putTimespec(addr, int64(left/time.Second), int64(left%time.Second))
}

// sysPselect6 is pselect6(nfds, readfds, writefds, exceptfds, timeout,
// {sigmask, sigsetsize}).
func sysPselect6(t *Thread, a *[6]uint64) (uint64, int) {
	d := time.Duration(-1)
	if a[4] != 0 {
		var e int
		if d, e = t.getTimespec(a[4]); e != 0 {
			return 0, e
		}
	}
	end := func(int) {}
	if a[5] != 0 {
		b, e := t.read(a[5], 16)
		if e != 0 {
			return 0, e
		}
		if end, e = t.tempMask(t.p.order.Uint64(b), t.p.order.Uint64(b[8:])); e != 0 {
			return 0, e
		}
	}
	start := time.Now()
	n, errno := selectFDs(t, int(int32(a[0])), a[1], a[2], a[3], d)
	end(errno)
	if a[4] != 0 {
		t.putLeft(a[4], d, start)
	}
	return n, errno
}

// sysSelect is select(nfds, readfds, writefds, exceptfds, struct timeval *).
func sysSelect(t *Thread, a *[6]uint64) (uint64, int) {
	d := time.Duration(-1)
	if a[4] != 0 {
		b, e := t.read(a[4], 16)
		if e != 0 {
			return 0, e
		}
		sec, usec := int64(t.p.order.Uint64(b)), int64(t.p.order.Uint64(b[8:]))
		if sec < 0 || usec < 0 || usec >= 1e6 {
			return 0, abi.EINVAL
		}
		d = time.Duration(sec)*time.Second + time.Duration(usec)*time.Microsecond
	}
	start := time.Now()
	n, errno := selectFDs(t, int(int32(a[0])), a[1], a[2], a[3], d)
	if a[4] != 0 {
		left := max(d-time.Since(start), 0)
		var b [16]byte
		t.p.order.PutUint64(b[:], uint64(left/time.Second))
		t.p.order.PutUint64(b[8:], uint64(left%time.Second/time.Microsecond))
		t.write(a[4], b[:])
	}
	return n, errno
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
	o := t.p.order
	var sets [3][]uint64
	for k, addr := range []uint64{rd, wr, ex} {
		if addr == 0 || words == 0 {
			continue
		}
		b, e := t.read(addr, 8*words)
		if e != 0 {
			return 0, e
		}
		sets[k] = make([]uint64, words)
		for i := range sets[k] {
			sets[k][i] = o.Uint64(b[8*i:])
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
			fds = append(fds, unix.PollFd{Fd: int32(t.fd(uint64(fd))), Events: ev})
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
		b := make([]byte, 8*words)
		for i, w := range out[k] {
			o.PutUint64(b[8*i:], w)
		}
		if e := t.write(addr, b); e != 0 {
			return 0, e
		}
	}
	return uint64(n), 0
}
