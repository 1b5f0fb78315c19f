//go:build linux

package linux

import (
	"encoding/binary"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// timerfd_create, timerfd_settime and timerfd_gettime are the host's: a
// guest timerfd is a host timerfd, and struct itimerspec (four 8-byte
// fields: it_interval then it_value, each tv_sec, tv_nsec) is converted
// between the guest's byte order and the host's. The expiration count a
// read returns (and an eventfd's counter) is a native 8-byte integer: for a
// guest of the other byte order readCommon and writeCommon swap it
// (counterFD).
func init() {
	def(abi.SYS_TIMERFD_CREATE, func(t *Thread, a *[6]uint64) (uint64, int) {
		r, _, errno := unix.Syscall(unix.SYS_TIMERFD_CREATE, uintptr(int32(a[0])), uintptr(openFlags(uint64(uint32(a[1])))), 0)
		if errno != 0 {
			return 0, int(errno)
		}
		return t.newFD(int(r), nil)
	})
	def(abi.SYS_TIMERFD_SETTIME, func(t *Thread, a *[6]uint64) (uint64, int) {
		b, e := t.read(a[2], 32)
		if e != 0 {
			return 0, e
		}
		var in, old [32]byte
		swap8s(in[:], b, t.p.order, binary.NativeEndian)
		var oldp unsafe.Pointer
		if a[3] != 0 {
			oldp = unsafe.Pointer(&old[0])
		}
		_, _, errno := unix.Syscall6(unix.SYS_TIMERFD_SETTIME, uintptr(t.fd(a[0])), uintptr(int32(a[1])), uintptr(unsafe.Pointer(&in[0])), uintptr(oldp), 0, 0)
		if errno != 0 {
			return 0, int(errno)
		}
		if a[3] != 0 {
			var out [32]byte
			swap8s(out[:], old[:], binary.NativeEndian, t.p.order)
			return 0, t.write(a[3], out[:])
		}
		return 0, 0
	})
	def(abi.SYS_TIMERFD_GETTIME, func(t *Thread, a *[6]uint64) (uint64, int) {
		var cur, out [32]byte
		_, _, errno := unix.Syscall(unix.SYS_TIMERFD_GETTIME, uintptr(t.fd(a[0])), uintptr(unsafe.Pointer(&cur[0])), 0)
		if errno != 0 {
			return 0, int(errno)
		}
		swap8s(out[:], cur[:], binary.NativeEndian, t.p.order)
		return 0, t.write(a[1], out[:])
	})
}

// swap8s converts a run of 8-byte integers from one byte order to another.
func swap8s(dst, src []byte, from, to binary.ByteOrder) {
	for i := 0; i+8 <= len(src); i += 8 {
		to.PutUint64(dst[i:], from.Uint64(src[i:]))
	}
}

// counterFD reports whether host descriptor fd is a timerfd or an eventfd,
// whose reads (and an eventfd's writes) carry a native 8-byte counter.
func counterFD(fd int) bool {
	var buf [32]byte
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), buf[:])
	if err != nil {
		return false
	}
	s := string(buf[:n])
	return s == "anon_inode:[timerfd]" || s == "anon_inode:[eventfd]"
}

// swapCounter converts an 8-byte timerfd or eventfd counter in b between
// the host's byte order and the guest's (a byte swap, the same both ways)
// when they differ.
func (t *Thread) swapCounter(fd int, b []byte) {
	probe := []byte{1, 0}
	if len(b) != 8 || t.p.order.Uint16(probe) == binary.NativeEndian.Uint16(probe) || !counterFD(fd) {
		return
	}
	t.p.order.PutUint64(b, binary.NativeEndian.Uint64(b))
}
