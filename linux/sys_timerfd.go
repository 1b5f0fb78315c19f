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

func sysTimerfdCreate(t *Thread, a *sysArgs) (uint64, int) {
	r, _, errno := unix.Syscall(unix.SYS_TIMERFD_CREATE, uintptr(a.Int(0)), uintptr(openFlags(uint64(a.Uint(1)))), 0)
	if errno != 0 {
		return 0, int(errno)
	}
	return t.newFD(int(r), nil)
}

func sysTimerfdSettime(t *Thread, a *sysArgs) (uint64, int) {
	its, e := getStruct(t, a.Ptr(2), abi.ItimerspecLayout)
	if e != 0 {
		return 0, e
	}
	if t.files.pidfds[t.fd(a.Fd(0))] != nil {
		return 0, abi.EINVAL // a pidfd (its host object is a timerfd: pidfd.go)
	}
	var in, old [32]byte
	abi.ItimerspecLayout.Encode(binary.NativeEndian, in[:], &its)
	var oldp unsafe.Pointer
	if a.Ptr(3) != 0 {
		oldp = unsafe.Pointer(&old[0])
	}
	_, _, errno := unix.Syscall6(unix.SYS_TIMERFD_SETTIME, uintptr(t.fd(a.Fd(0))), uintptr(a.Int(1)), uintptr(unsafe.Pointer(&in[0])), uintptr(oldp), 0, 0)
	if errno != 0 {
		return 0, int(errno)
	}
	if a.Ptr(3) != 0 {
		abi.ItimerspecLayout.Decode(binary.NativeEndian, old[:], &its)
		return 0, putStruct(t, a.Ptr(3), abi.ItimerspecLayout, &its)
	}
	return 0, 0
}

func sysTimerfdGettime(t *Thread, a *sysArgs) (uint64, int) {
	if t.files.pidfds[t.fd(a.Fd(0))] != nil {
		return 0, abi.EINVAL // a pidfd (its host object is a timerfd: pidfd.go)
	}
	var cur [32]byte
	_, _, errno := unix.Syscall(unix.SYS_TIMERFD_GETTIME, uintptr(t.fd(a.Fd(0))), uintptr(unsafe.Pointer(&cur[0])), 0)
	if errno != 0 {
		return 0, int(errno)
	}
	var its abi.Itimerspec
	abi.ItimerspecLayout.Decode(binary.NativeEndian, cur[:], &its)
	return 0, putStruct(t, a.Ptr(1), abi.ItimerspecLayout, &its)
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
