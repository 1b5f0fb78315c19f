package abi

// The structures of the system calls of Linux 5.6 to 6.1 that qemu-user
// 7.2 does not know (openat2, futex_waitv).

// FutexWaitv is struct futex_waitv (uapi linux/futex.h): one futex of a
// futex_waitv call.
type FutexWaitv struct {
	Val      uint64
	Uaddr    uint64
	Flags    uint32
	Reserved uint32
}

// OpenHow is struct open_how (uapi linux/openat2.h) as Linux 6.1 knows it
// (OPEN_HOW_SIZE_VER0, 24 bytes).
type OpenHow struct {
	Flags   uint64
	Mode    uint64
	Resolve uint64
}

// Layouts of the structures above.
var (
	FutexWaitvLayout = NewLayout[FutexWaitv]()
	OpenHowLayout    = NewLayout[OpenHow]()
)

// futex_waitv(2) (uapi linux/futex.h, kernel/futex/futex.h).
const (
	FUTEX_32        = 2   // a 32-bit futex, the one size Linux 6.1 has
	FUTEX_WAITV_MAX = 128 // the most futexes one call waits for
)

// openat2(2)'s resolve flags (uapi linux/openat2.h).
const (
	RESOLVE_NO_XDEV       = 0x01
	RESOLVE_NO_MAGICLINKS = 0x02
	RESOLVE_NO_SYMLINKS   = 0x04
	RESOLVE_BENEATH       = 0x08
	RESOLVE_IN_ROOT       = 0x10
	RESOLVE_CACHED        = 0x20
	OPEN_HOW_SIZE_VER0    = 24 // the first struct open_how's size
)
