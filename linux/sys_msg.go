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
// On powerpc64 (both byte orders) struct msghdr is 56 bytes: msg_name
// (pointer) at 0, msg_namelen (u32) at 8, msg_iov (pointer) at 16,
// msg_iovlen (u64) at 24, msg_control (pointer) at 32, msg_controllen
// (u64) at 40, msg_flags (int) at 48. struct iovec is a pointer and a u64
// length. struct mmsghdr is a msghdr and a u32 msg_len (64 bytes with its
// padding). A control message (struct cmsghdr) is cmsg_len (u64),
// cmsg_level (int), cmsg_type (int), then its data, each aligned to 8
// bytes. The host is a 64-bit Linux as well, so the layouts agree but for
// the byte order and the descriptor numbers, which are translated.
const (
	msghdrSize  = 56
	mmsghdrSize = 64
	cmsgHdrSize = 16
	uioMaxIOV   = 1024  // UIO_MAXIOV
	optmemMax   = 20480 // net.core.optmem_max: the largest control buffer sendmsg takes
	maxMsgBytes = 1 << 20
	scmRights   = 1
	scmCreds    = 2
	solSocket   = 1
)

func init() {
	def(abi.SYS_SENDMSG, func(t *Thread, a *[6]uint64) (uint64, int) { return sendmsg(t, a[0], a[1], a[2]) })
	def(abi.SYS_RECVMSG, func(t *Thread, a *[6]uint64) (uint64, int) { return recvmsg(t, a[0], a[1], a[2]) })
	def(abi.SYS_SENDMMSG, sysSendmmsg)
	def(abi.SYS_RECVMMSG, sysRecvmmsg)
}

// guestMsghdr is a guest struct msghdr read from memory.
type guestMsghdr struct {
	name, iov, control uint64
	namelen            uint32
	iovlen, controllen uint64
}

func (t *Thread) msghdr(addr uint64) (guestMsghdr, int) {
	b, e := t.read(addr, msghdrSize)
	if e != 0 {
		return guestMsghdr{}, e
	}
	o := t.p.order
	return guestMsghdr{
		name: o.Uint64(b[0:]), namelen: o.Uint32(b[8:]), iov: o.Uint64(b[16:]), iovlen: o.Uint64(b[24:]),
		control: o.Uint64(b[32:]), controllen: o.Uint64(b[40:]),
	}, 0
}

// msgIovecs reads a message's iovec array (a negative length or a
// negative total is EINVAL, more than UIO_MAXIOV entries EMSGSIZE).
func (t *Thread) msgIovecs(addr, n uint64) ([][2]uint64, int) {
	if n > uioMaxIOV {
		return nil, int(unix.EMSGSIZE)
	}
	v, e := t.iovecs(addr, n)
	if e != 0 {
		return nil, e
	}
	var total uint64
	for i := range v {
		total += v[i][1]
		if int64(v[i][1]) < 0 || int64(total) < 0 {
			return nil, abi.EINVAL
		}
	}
	return v, 0
}

// sockFD is the host descriptor of guest socket g, or EBADF/ENOTSOCK.
func (t *Thread) sockFD(g uint64) (int, int) {
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
		h := t.fd(uint64(g))
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
	for off := 0; len(b)-off >= cmsgHdrSize; {
		ln := from.Uint64(b[off:])
		if ln < cmsgHdrSize || ln > uint64(len(b)-off) {
			if strict {
				return nil, abi.EINVAL
			}
			break
		}
		level, typ := from.Uint32(b[off+8:]), from.Uint32(b[off+12:])
		to.PutUint64(out[off:], ln)
		to.PutUint32(out[off+8:], level)
		to.PutUint32(out[off+12:], typ)
		data := b[off+cmsgHdrSize : off+int(ln)]
		od := out[off+cmsgHdrSize : off+int(ln)]
		if level == solSocket && (typ == scmRights || typ == scmCreds) {
			for i := 0; i+4 <= len(data); i += 4 {
				v := from.Uint32(data[i:])
				if typ == scmRights {
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
func (t *Thread) msgArgs(g, msgp uint64) (fd int, m guestMsghdr, iov [][2]uint64, e int) {
	if fd, e = t.sockFD(g); e != 0 {
		return
	}
	if m, e = t.msghdr(msgp); e != 0 {
		return
	}
	iov, e = t.msgIovecs(m.iov, m.iovlen)
	return
}

func sendmsg(t *Thread, g, msgp, flags uint64) (uint64, int) {
	fd, m, iov, e := t.msgArgs(g, msgp)
	if e != 0 {
		return 0, e
	}
	var data []byte
	for _, v := range iov {
		n := min(v[1], maxMsgBytes-uint64(len(data)))
		b, e := t.read(v[0], int(n))
		if e != 0 {
			return 0, e
		}
		data = append(data, b...)
	}
	sa, e := t.sockaddr(m.name, uint64(m.namelen))
	if e != 0 {
		return 0, e
	}
	var ctl []byte
	if m.controllen > 0 {
		if m.controllen > optmemMax {
			return 0, int(unix.ENOBUFS)
		}
		b, e := t.read(m.control, int(m.controllen))
		if e != 0 {
			return 0, e
		}
		if ctl, e = t.controlIn(b); e != 0 {
			return 0, e
		}
	}
	if flags&unix.MSG_DONTWAIT == 0 {
		if e := t.waitWritable(fd); e != 0 {
			return 0, e
		}
	}
	var n int
	var err error
	t.block(func() {
		var hsa unsafe.Pointer
		if len(sa) > 0 {
			hsa = unsafe.Pointer(&sa[0])
		}
		n, err = rawSendmsg(fd, data, ctl, hsa, len(sa), int(flags))
	})
	if err != nil {
		return 0, errnoOf(err)
	}
	return uint64(n), 0
}

func rawSendmsg(fd int, data, ctl []byte, sa unsafe.Pointer, salen, flags int) (int, error) {
	var h unix.Msghdr
	var iov unix.Iovec
	if len(data) > 0 {
		iov.Base = &data[0]
		iov.SetLen(len(data))
		h.Iov = &iov
		h.SetIovlen(1)
	}
	if len(ctl) > 0 {
		h.Control = &ctl[0]
		h.SetControllen(len(ctl))
	}
	h.Name = (*byte)(sa)
	h.Namelen = uint32(salen)
	r, _, errno := unix.Syscall(unix.SYS_SENDMSG, uintptr(fd), uintptr(unsafe.Pointer(&h)), uintptr(flags))
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}

func recvmsg(t *Thread, g, msgp, flags uint64) (uint64, int) {
	fd, m, iov, e := t.msgArgs(g, msgp)
	if e != 0 {
		return 0, e
	}
	var total uint64
	for _, v := range iov {
		n := min(v[1], maxMsgBytes-total)
		if !t.writable(v[0], int(n)) {
			return 0, abi.EFAULT
		}
		total += n
	}
	if m.controllen > 0 && !t.writable(m.control, int(min(m.controllen, 1<<16))) {
		return 0, abi.EFAULT
	}
	if flags&unix.MSG_DONTWAIT == 0 {
		if e := t.waitReadable(fd); e != 0 {
			return 0, e
		}
	}
	data := make([]byte, total)
	ctl := make([]byte, min(m.controllen, 1<<16))
	var sa [128]byte
	var h unix.Msghdr
	var hiov unix.Iovec
	if len(data) > 0 {
		hiov.Base = &data[0]
		hiov.SetLen(len(data))
		h.Iov = &hiov
		h.SetIovlen(1)
	}
	if len(ctl) > 0 {
		h.Control = &ctl[0]
		h.SetControllen(len(ctl))
	}
	if m.name != 0 {
		h.Name = &sa[0]
		h.Namelen = uint32(len(sa))
	}
	var r uintptr
	var errno unix.Errno
	t.block(func() {
		r, _, errno = unix.Syscall(unix.SYS_RECVMSG, uintptr(fd), uintptr(unsafe.Pointer(&h)), uintptr(flags))
	})
	if errno != 0 {
		return 0, int(errno)
	}
	got := data[:min(uint64(r), total)]
	for _, v := range iov {
		if len(got) == 0 {
			break
		}
		n := min(uint64(len(got)), v[1])
		if e := t.write(v[0], got[:n]); e != 0 {
			return 0, e
		}
		got = got[n:]
	}
	o := t.p.order
	if m.name != 0 {
		sl := min(h.Namelen, uint32(len(sa)))
		out := append([]byte(nil), sa[:sl]...)
		if len(out) >= 2 {
			o.PutUint16(out, binary.NativeEndian.Uint16(out))
		}
		if e := t.write(m.name, out[:min(sl, m.namelen)]); e != 0 {
			return 0, e
		}
		if e := t.put32(msgp+8, h.Namelen); e != 0 {
			return 0, e
		}
	}
	cl := uint64(h.Controllen)
	if cl > 0 {
		if e := t.write(m.control, t.controlOut(ctl[:cl])); e != 0 {
			return 0, e
		}
	}
	if e := t.put64(msgp+40, cl); e != 0 {
		return 0, e
	}
	if e := t.put32(msgp+48, uint32(h.Flags)); e != 0 {
		return 0, e
	}
	return uint64(r), 0
}

// sysSendmmsg sends up to vlen messages; it returns how many were sent,
// or the first one's error.
func sysSendmmsg(t *Thread, a *[6]uint64) (uint64, int) {
	vec, vlen, flags := a[1], min(uint64(uint32(a[2])), uioMaxIOV), a[3]
	var i uint64
	for ; i < vlen; i++ {
		n, e := sendmsg(t, a[0], vec+i*mmsghdrSize, flags)
		if e == 0 {
			e = t.put32(vec+i*mmsghdrSize+msghdrSize, uint32(n))
		}
		if e != 0 {
			if i == 0 {
				return 0, e
			}
			break
		}
	}
	return i, 0
}

// sysRecvmmsg receives up to vlen messages. MSG_WAITFORONE makes the
// ones after the first non-blocking; a timeout is checked after each
// message, as Linux does.
func sysRecvmmsg(t *Thread, a *[6]uint64) (uint64, int) {
	vec, vlen, flags := a[1], min(uint64(uint32(a[2])), uioMaxIOV), a[3]
	var deadline time.Time
	if a[4] != 0 {
		d, e := t.getTimespec(a[4])
		if e != 0 {
			return 0, e
		}
		deadline = time.Now().Add(d)
	}
	var i uint64
	for ; i < vlen; i++ {
		n, e := recvmsg(t, a[0], vec+i*mmsghdrSize, flags)
		if e == 0 {
			e = t.put32(vec+i*mmsghdrSize+msghdrSize, uint32(n))
		}
		if e != 0 {
			if i == 0 {
				return 0, e
			}
			break
		}
		if flags&unix.MSG_WAITFORONE != 0 {
			flags |= unix.MSG_DONTWAIT
		}
		if a[4] != 0 && !time.Now().Before(deadline) {
			i++
			break
		}
	}
	return i, 0
}
