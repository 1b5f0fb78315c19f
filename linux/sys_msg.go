//go:build linux

package linux

import (
	"encoding/binary"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// sendmsg, recvmsg, sendmmsg and recvmmsg.
//
// struct msghdr, mmsghdr, iovec and cmsghdr are abi.Msghdr, abi.Mmsghdr,
// abi.Iovec and abi.Cmsghdr; a control message's data follows its header,
// each aligned to 8 bytes. The host is a 64-bit Linux as well, so the
// layouts agree but for the byte order and the descriptor numbers, which
// are translated.
const (
	uioMaxIOV   = 1024  // UIO_MAXIOV
	optmemMax   = 20480 // net.core.optmem_max: the largest control buffer sendmsg takes
	maxMsgBytes = 1 << 20
	scmRights   = 1
	scmCreds    = 2
	solSocket   = 1
)

func sysSendmsg(t *Thread, a *sysArgs) (uint64, int) {
	return sendmsg(t, a.Fd(0), a.Ptr(1), uint64(a.Uint(2)))
}

func sysRecvmsg(t *Thread, a *sysArgs) (uint64, int) {
	return recvmsg(t, a.Fd(0), a.Ptr(1), uint64(a.Uint(2)))
}

// msgIovecs reads a message's iovec array (a negative length or a
// negative total is EINVAL, more than UIO_MAXIOV entries EMSGSIZE).
func (t *Thread) msgIovecs(addr, n uint64) ([]abi.Iovec, int) {
	if n > uioMaxIOV {
		return nil, int(unix.EMSGSIZE)
	}
	v, e := t.iovecs(addr, n)
	if e != 0 {
		return nil, e
	}
	var total uint64
	for i := range v {
		total += v[i].Len
		if int64(v[i].Len) < 0 || int64(total) < 0 {
			return nil, abi.EINVAL
		}
	}
	return v, 0
}

// sockFD is the host descriptor of guest socket g, or EBADF/ENOTSOCK.
func (t *Thread) sockFD(g int) (int, int) {
	fd := t.fd(g)
	if fd < 0 || fd == badFD {
		return 0, abi.EBADF
	}
	if _, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TYPE); err != nil {
		return 0, errnoOf(err)
	}
	return fd, 0
}

// controlIn converts a guest control buffer to the host's: headers to host
// order, SCM_RIGHTS descriptors to host descriptors, SCM_CREDENTIALS to host
// order. Other messages pass unchanged. A cmsg_len below the header or
// beyond the buffer is EINVAL, a descriptor not open EBADF.
func (t *Thread) controlIn(b []byte) ([]byte, int) {
	return convertControl(b, t.p.order, binary.NativeEndian, true, func(g uint32) (uint32, int) {
		h := t.fd(int(int32(g)))
		if h < 0 || h == badFD {
			return 0, abi.EBADF
		}
		return uint32(h), 0
	})
}

// controlOut converts a host control buffer (as recvmsg filled it) to the
// guest's; received descriptors get guest numbers.
func (t *Thread) controlOut(b []byte) []byte {
	out, _ := convertControl(b, binary.NativeEndian, t.p.order, false, func(h uint32) (uint32, int) {
		procFileReceived(int(int32(h)))
		g := uint64(1<<32 - 1)
		if n, e := t.files.addLimited(int(int32(h)), 0); e == 0 {
			g = n
		}
		return uint32(g), 0
	})
	return out
}

// convertControl rewrites the control messages of b from one byte order to
// the other, mapping SCM_RIGHTS descriptors through fd. strict makes a
// malformed header EINVAL (else the walk stops there).
func convertControl(b []byte, from, to binary.ByteOrder, strict bool, fd func(uint32) (uint32, int)) ([]byte, int) {
	out := make([]byte, len(b))
	copy(out, b)
	l := abi.CmsghdrLayout
	for off := 0; len(b)-off >= l.Size(); {
		var h abi.Cmsghdr
		l.Decode(from, b[off:], &h)
		ln := h.Len
		if ln < uint64(l.Size()) || ln > uint64(len(b)-off) {
			if strict {
				return nil, abi.EINVAL
			}
			break
		}
		l.Encode(to, out[off:], &h)
		data := b[off+l.Size() : off+int(ln)]
		od := out[off+l.Size() : off+int(ln)]
		if h.Level == solSocket && (h.Type == scmRights || h.Type == scmCreds) {
			for i := 0; i+4 <= len(data); i += 4 {
				v := from.Uint32(data[i:])
				if h.Type == scmRights {
					var e int
					if v, e = fd(v); e != 0 {
						return nil, e
					}
				}
				to.PutUint32(od[i:], v)
			}
		}
		off += int(ln+7) &^ 7
	}
	return out, 0
}

// msgArgs reads what sendmsg and recvmsg share: the host descriptor of
// guest socket g, the msghdr at msgp and its iovecs.
func (t *Thread) msgArgs(g int, msgp uint64) (fd int, m abi.Msghdr, iov []abi.Iovec, e int) {
	if fd, e = t.sockFD(g); e != 0 {
		return
	}
	if m, e = getStruct(t, msgp, abi.MsghdrLayout); e != 0 {
		return
	}
	iov, e = t.msgIovecs(m.Iov, m.Iovlen)
	return
}

func sendmsg(t *Thread, g int, msgp, flags uint64) (uint64, int) {
	fd, m, iov, e := t.msgArgs(g, msgp)
	if e != 0 {
		return 0, e
	}
	var data []byte
	for _, v := range iov {
		n := min(v.Len, maxMsgBytes-uint64(len(data)))
		b, e := t.read(v.Base, int(n))
		if e != 0 {
			return 0, e
		}
		data = append(data, b...)
	}
	var sa []byte
	if m.Name != 0 {
		if sa, e = t.sockaddr(m.Name, int(m.Namelen)); e != 0 {
			return 0, e
		}
	}
	if sa, e = t.unixPathIn(sa, lookFollow); e != 0 {
		return 0, e
	}
	var ctl []byte
	if m.Controllen > 0 {
		if m.Controllen > optmemMax {
			return 0, int(unix.ENOBUFS)
		}
		b, e := t.read(m.Control, int(m.Controllen))
		if e != 0 {
			return 0, e
		}
		if ctl, e = t.controlIn(b); e != 0 {
			return 0, e
		}
	}
	var n int
	e = t.msgWaiting(fd, flags, unix.POLLOUT, func(flags uint64) unix.Errno {
		var hsa unsafe.Pointer
		if len(sa) > 0 {
			hsa = unsafe.Pointer(&sa[0])
		}
		var err error
		if n, err = rawSendmsg(fd, data, ctl, hsa, len(sa), int(flags)); err != nil {
			return err.(unix.Errno)
		}
		return 0
	})
	if e != 0 {
		return 0, e
	}
	procFilesSent(ctl)
	if n < len(data) && flags&unix.MSG_DONTWAIT == 0 && streamKind(fd) == streamSock && streamType(fd) {
		// A blocking stream send goes on until all is sent (the control
		// messages went with the first part).
		r, _ := t.sendWaiting(fd, data[n:], flags, nil)
		n += int(r)
	}
	return uint64(n), 0
}

// hostMsghdr is the host's msghdr for one buffer of data and the control
// buffer ctl (either may be empty); iov holds the data's iovec.
func hostMsghdr(h *unix.Msghdr, iov *unix.Iovec, data, ctl []byte) {
	if len(data) > 0 {
		iov.Base = &data[0]
		iov.SetLen(len(data))
		h.Iov = iov
		h.SetIovlen(1)
	}
	if len(ctl) > 0 {
		h.Control = &ctl[0]
		h.SetControllen(len(ctl))
	}
}

func rawSendmsg(fd int, data, ctl []byte, sa unsafe.Pointer, salen, flags int) (int, error) {
	var h unix.Msghdr
	var iov unix.Iovec
	hostMsghdr(&h, &iov, data, ctl)
	h.Name = (*byte)(sa)
	h.Namelen = uint32(salen)
	r, _, errno := unix.Syscall(unix.SYS_SENDMSG, uintptr(fd), uintptr(unsafe.Pointer(&h)), uintptr(flags))
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}

func recvmsg(t *Thread, g int, msgp, flags uint64) (uint64, int) {
	fd, m, iov, e := t.msgArgs(g, msgp)
	if e != 0 {
		return 0, e
	}
	var total uint64
	for _, v := range iov {
		n := min(v.Len, maxMsgBytes-total)
		if !t.writable(v.Base, int(n)) {
			return 0, abi.EFAULT
		}
		total += n
	}
	if m.Controllen > 0 && !t.writable(m.Control, int(min(m.Controllen, 1<<16))) {
		return 0, abi.EFAULT
	}
	data := make([]byte, total)
	ctl := make([]byte, min(m.Controllen, 1<<16))
	var sa [128]byte
	var h unix.Msghdr
	if m.Name != 0 {
		h.Name = &sa[0]
		h.Namelen = uint32(len(sa))
	}
	r, e := t.recvmsgWaiting(fd, flags, &h, data, ctl)
	if e != 0 {
		return 0, e
	}
	if e := t.scatter(iov, data[:min(uint64(r), total)]); e != 0 {
		return 0, e
	}
	o := t.p.order
	if m.Name != 0 {
		name := t.p.guestSockaddr(sa[:min(h.Namelen, uint32(len(sa)))])
		h.Namelen = uint32(len(name))
		sl := h.Namelen
		out := append([]byte(nil), name...)
		if len(out) >= 2 {
			o.PutUint16(out, binary.NativeEndian.Uint16(out))
		}
		if e := t.write(m.Name, out[:min(sl, m.Namelen)]); e != 0 {
			return 0, e
		}
		m.Namelen = h.Namelen
	}
	cl := uint64(h.Controllen)
	if cl > 0 {
		if e := t.write(m.Control, t.controlOut(ctl[:cl])); e != 0 {
			return 0, e
		}
	}
	// What recvmsg gives back in the msghdr: msg_namelen (when there is a
	// name), msg_controllen, msg_flags.
	m.Controllen, m.Flags = cl, h.Flags
	if e := putStruct(t, msgp, abi.MsghdrLayout, &m); e != 0 {
		return 0, e
	}
	return uint64(r), 0
}

// recvmsgWaiting is the host's recvmsg on socket fd into h, which holds
// data and ctl, through msgWaiting (nothing waits in the host). With
// MSG_WAITALL on a stream the parts are gathered until data is full, as
// Linux's stream receives do: the end of the stream, a signal or the
// receive timeout end it with the count so far (sock_intr_errno and
// sock_rcvtimeo as in recvfrom); so does a part that comes with control
// messages (unix_stream_read_generic stops after the data that carries
// descriptors, and does not glue data of different senders' credentials
// after the first part's, which the runner cannot look at before it
// takes them: with SO_PASSCRED every part has its credentials, so a
// gather ends after its first part). Those control messages are what the
// call gives back.
func (t *Thread) recvmsgWaiting(fd int, flags uint64, h *unix.Msghdr, data, ctl []byte) (int, int) {
	n := 0
	var iov unix.Iovec
	namelen := h.Namelen
	w := newIOWait(fd, unix.POLLIN)
	for {
		hostMsghdr(h, &iov, data[n:], ctl)
		h.Namelen = namelen
		var r uintptr
		e := t.msgWaitingOn(&w, flags, func(flags uint64) (errno unix.Errno) {
			r, _, errno = unix.Syscall(unix.SYS_RECVMSG, uintptr(fd), uintptr(unsafe.Pointer(h)), uintptr(flags))
			return errno
		})
		if e != 0 {
			if n > 0 && e != errExit {
				h.SetControllen(0) // the first parts had none

				return n, 0
			}
			return 0, e
		}
		n += int(r)
		if r == 0 || n == len(data) || h.Controllen > 0 || h.Flags&unix.MSG_CTRUNC != 0 ||
			flags&(unix.MSG_WAITALL|unix.MSG_PEEK|unix.MSG_DONTWAIT) != unix.MSG_WAITALL || !streamType(fd) {
			return n, 0
		}
	}
}

// The size of a struct mmsghdr and the offset of its msg_len.
var mmsgSize, msgLenOff = uint64(abi.MmsghdrLayout.Size()), uint64(abi.MsghdrLayout.Size())

// sysSendmmsg sends up to vlen messages; it returns how many were sent,
// or the first one's error.
func sysSendmmsg(t *Thread, a *sysArgs) (uint64, int) {
	return t.mmsgs(a, sendmsg, nil)
}

// sysRecvmmsg receives up to vlen messages. MSG_WAITFORONE makes the
// ones after the first non-blocking; a timeout is checked after each
// message, as Linux does.
func sysRecvmmsg(t *Thread, a *sysArgs) (uint64, int) {
	var deadline time.Time
	if a.Ptr(4) != 0 {
		d, e := t.getTimespec(a.Ptr(4))
		if e != 0 {
			return 0, e
		}
		deadline = time.Now().Add(d)
	}
	return t.mmsgs(a, recvmsg, func(flags *uint64) bool {
		if *flags&unix.MSG_WAITFORONE != 0 {
			*flags |= unix.MSG_DONTWAIT
		}
		return a.Ptr(4) == 0 || time.Now().Before(deadline)
	})
}

// mmsgs is sendmmsg's and recvmmsg's loop: one message (sendmsg or
// recvmsg) for each of up to vlen struct mmsghdr at vec, its msg_len
// stored, until one fails or more (if set; it may change the flags) says
// stop after a message. It returns how many messages went, or the first
// one's error.
func (t *Thread) mmsgs(a *sysArgs, one func(t *Thread, g int, msgp, flags uint64) (uint64, int), more func(flags *uint64) bool) (uint64, int) {
	vec, vlen, flags := a.Ptr(1), min(uint64(a.Uint(2)), uioMaxIOV), a.Ulong(3)
	var i uint64
	for i < vlen {
		n, e := one(t, a.Fd(0), vec+i*mmsgSize, flags)
		if e == 0 {
			e = t.put32(vec+i*mmsgSize+msgLenOff, uint32(n))
		}
		if e != 0 {
			if i == 0 {
				return 0, e
			}
			break
		}
		i++
		if more != nil && !more(&flags) {
			break
		}
	}
	return i, 0
}
