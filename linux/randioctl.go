//go:build linux

package linux

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The random devices (/dev/random, character device 1:8, and
// /dev/urandom, 1:9: Linux's devices.txt) and their requests (Linux 6.1's
// random_ioctl, drivers/char/random.c).
const (
	memMajor     = 1
	randomMinor  = 8
	urandomMinor = 9
)

// maxRWCount is Linux's MAX_RW_COUNT (INT_MAX rounded down to a page),
// the most one call moves.
const maxRWCount = (1<<31 - 1) &^ (mem.PageSize - 1)

// isRandomDevice reports whether host descriptor fd is /dev/random or
// /dev/urandom.
func isRandomDevice(fd int) bool {
	var st unix.Stat_t
	return unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFCHR &&
		unix.Major(uint64(st.Rdev)) == memMajor && (unix.Minor(uint64(st.Rdev)) == randomMinor || unix.Minor(uint64(st.Rdev)) == urandomMinor)
}

// randomIoctl answers the requests of a random device, host descriptor fd
// (ok false for another file): RNDGETENTCNT is the host's entropy count;
// the others need the guest's CAP_SYS_ADMIN (EPERM, before the argument
// is read) and are answered as Linux answers them once the pool is ready,
// their arguments checked in its order, but without touching the host's
// pool (the runner never lets a guest credit the host's entropy): the
// bytes of RNDADDENTROPY are read, not mixed in. A request nothing else
// answers is EINVAL for a random device, random_ioctl's default
// (sysIoctl).
func randomIoctl(t *Thread, fd int, req, arg uint64) (errno int, ok bool) {
	switch req {
	case abi.RNDGETENTCNT, abi.RNDADDTOENTCNT, abi.RNDADDENTROPY, abi.RNDZAPENTCNT, abi.RNDCLEARPOOL, abi.RNDRESEEDCRNG:
		if !isRandomDevice(fd) {
			return 0, false
		}
	default:
		return 0, false
	}
	switch req {
	case abi.RNDGETENTCNT:
		var v int32
		if e := hostIoctl(t, fd, unix.RNDGETENTCNT, unsafe.Pointer(&v)); e != 0 {
			return e, true
		}
		return t.put32(arg, uint32(v)), true
	default:
		if !t.cred.capable(unix.CAP_SYS_ADMIN) {
			return abi.EPERM, true
		}
	}
	if req != abi.RNDADDTOENTCNT && req != abi.RNDADDENTROPY {
		return 0, true
	}
	n, e := t.get32(arg)
	switch {
	case e != 0:
		return e, true
	case int32(n) < 0:
		return abi.EINVAL, true
	case req == abi.RNDADDTOENTCNT:
		return 0, true
	}
	// RNDADDENTROPY: the length, then its bytes, all readable: a
	// negative length (taken as a size, then clamped) never matches
	// what was written, EFAULT too.
	l, e := t.get32(arg + 4)
	if e != 0 {
		return e, true
	}
	size := min(uint64(int64(int32(l))), maxRWCount)
	if int32(l) < 0 || !t.mm.Mem.Allowed(arg+8, size, mem.Read) && size > 0 {
		return abi.EFAULT, true
	}
	return 0, true
}
