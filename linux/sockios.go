//go:build linux

package linux

import (
	"encoding/binary"
	"runtime"
	"unsafe"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"golang.org/x/sys/unix"
)

// The network interface requests a program reads interfaces with
// (net-tools' ifconfig, socat's procan; SIOCGIFINDEX and SIOCGIFNAME
// are netdevIoctl's): the host's answer for the host descriptor, as Linux
// 6.1's dev_ioctl gives it for the runner's network namespace, the
// guest's as well. A struct ifreq is the same 40 bytes in both (a 64-bit
// host's); its
// numbers and a sockaddr's family are converted between the host's byte
// order and the guest's.

// ifreqField is how the union of a struct ifreq is read by a request: a
// sockaddr (its family a u16 in the byte order of the machine), an int,
// a short, or a struct ifmap.
type ifreqField int

const (
	ifrSockaddr ifreqField = iota
	ifrInt
	ifrShort
	ifrMap
)

// ifreqRequests are the requests passed to the host, with the field of
// the union each reads or answers (SIOCGIFINDEX and SIOCGIFNAME:
// netdevIoctl).
var ifreqRequests = map[uint64]ifreqField{
	abi.SIOCGIFFLAGS:   ifrShort,
	abi.SIOCGIFADDR:    ifrSockaddr,
	abi.SIOCGIFDSTADDR: ifrSockaddr,
	abi.SIOCGIFBRDADDR: ifrSockaddr,
	abi.SIOCGIFNETMASK: ifrSockaddr,
	abi.SIOCGIFHWADDR:  ifrSockaddr,
	abi.SIOCGIFMETRIC:  ifrInt,
	abi.SIOCGIFMTU:     ifrInt,
	abi.SIOCGIFTXQLEN:  ifrInt,
	abi.SIOCGIFMAP:     ifrMap,
}

// convertIfreq rewrites the union of the struct ifreq b from one byte order to another as field f reads it.
func convertIfreq(b []byte, f ifreqField, from, to binary.ByteOrder) {
	var r abi.Ifreq
	abi.IfreqLayout.Decode(from, b, &r)
	u := r.Union[:]
	switch f {
	case ifrSockaddr, ifrShort:
		to.PutUint16(u, from.Uint16(u))
	case ifrInt:
		to.PutUint32(u, from.Uint32(u))
	case ifrMap:
		var m abi.Ifmap
		abi.IfmapLayout.Decode(from, u, &m)
		abi.IfmapLayout.Encode(to, u, &m)
	}
	abi.IfreqLayout.Encode(to, b, &r)
}

// sockiosIoctl answers the interface requests and SIOCATMARK on the host
// descriptor fd; ok is false for any other request.
func sockiosIoctl(t *Thread, fd int, req, arg uint64) (r uint64, e int, ok bool) {
	if req == abi.SIOCATMARK {
		// sockatmark(3): whether the next byte to read is at the
		// urgent mark, an int (the host's answer; a file that is not a
		// socket says ENOTTY).
		var v int32
		if e := hostIoctl(t, fd, unix.SIOCATMARK, unsafe.Pointer(&v)); e != 0 {
			return 0, e, true
		}
		return 0, t.put32(arg, uint32(v)), true
	}
	if unsafe.Sizeof(uintptr(0)) != 8 {
		// A 32-bit host's struct ifreq and ifconf are not the guest's.
		if _, known := ifreqRequests[req]; known || req == abi.SIOCGIFCONF {
			return 0, abi.ENOTTY, true
		}
		return 0, 0, false
	}
	if req == abi.SIOCGIFCONF {
		return 0, t.ifconf(fd, arg), true
	}
	f, ok := ifreqRequests[req]
	if !ok {
		return 0, 0, false
	}
	b, e := t.read(arg, abi.IfreqLayout.Size())
	if e != 0 {
		return 0, e, true
	}
	convertIfreq(b, f, t.p.order, binary.NativeEndian)
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(unsafe.Pointer(&b[0])))
	if errno != 0 {
		return 0, errnoOf(errno), true
	}
	convertIfreq(b, f, binary.NativeEndian, t.p.order)
	return 0, t.write(arg, b), true
}

// hostIfconf is struct ifconf of a 64-bit host, the buffer's address
// held as a number for the call.
type hostIfconf struct {
	Len int32
	_   int32
	Buf uintptr
}

// maxIfconf bounds the host buffer of SIOCGIFCONF: a guest's larger
// ifc_len is given to the host as this much (Linux fills whole entries
// only, and stops where the buffer ends).
const maxIfconf = 1 << 20

// ifconf is SIOCGIFCONF: with no buffer the length every entry needs,
// else the entries that fit in ifc_len bytes (one struct ifreq for each
// IPv4 address: the interface's name and a sockaddr_in) and their length.
func (t *Thread) ifconf(fd int, arg uint64) int {
	b, e := t.read(arg, abi.IfconfLayout.Size())
	if e != 0 {
		return e
	}
	var g abi.Ifconf
	abi.IfconfLayout.Decode(t.p.order, b, &g)
	n, ptr := g.Len, g.Buf
	c := hostIfconf{Len: min(n, maxIfconf)}
	var buf []byte
	if ptr != 0 && c.Len > 0 {
		buf = make([]byte, c.Len)
		c.Buf = uintptr(unsafe.Pointer(&buf[0]))
	} else if ptr != 0 {
		// No room for an entry: a valid address all the same, so that
		// the host fills nothing and answers 0.
		buf = make([]byte, 1)
		c.Buf = uintptr(unsafe.Pointer(&buf[0]))
	}
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), abi.SIOCGIFCONF, uintptr(unsafe.Pointer(&c)))
	runtime.KeepAlive(buf)
	if errno != 0 {
		return errnoOf(errno)
	}
	if ptr != 0 && c.Len > 0 {
		out := buf[:c.Len]
		sz := abi.IfreqLayout.Size()
		for off := 0; off+sz <= len(out); off += sz {
			convertIfreq(out[off:off+sz], ifrSockaddr, binary.NativeEndian, t.p.order)
		}
		if e := t.write(ptr, out); e != 0 {
			return e
		}
	}
	return t.put32(arg, uint32(c.Len))
}
