//go:build linux

package linux

import (
	"encoding/binary"
	"strconv"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// inotify(7): a guest's inotify instance is a host one (as qemu-user
// gives it), so its events, queue limits, poll, FIONREAD and fdinfo are
// the host kernel's. The runner resolves a watch's path as it resolves
// every other (the sysroot, a chroot(2) root: hostName), checks what
// Linux checks before the lookup itself (fs/notify/inotify/inotify_user.c),
// and byte-swaps the events' four header words for a big-endian guest.
// The IN_* mask bits are the same on every architecture; IN_NONBLOCK and
// IN_CLOEXEC are O_NONBLOCK and O_CLOEXEC, which powerpc numbers as the
// host does (openFlagMap passes them unchanged).

// Inotify mask bits the runner checks itself (include/uapi/linux/inotify.h).
const (
	inDontFollow = 0x02000000 // IN_DONT_FOLLOW
	inMaskCreate = 0x10000000 // IN_MASK_CREATE
	inMaskAdd    = 0x20000000 // IN_MASK_ADD
	// inAllBits is Linux's ALL_INOTIFY_BITS: the events (IN_ALL_EVENTS),
	// IN_UNMOUNT, IN_Q_OVERFLOW, IN_IGNORED and the watch flags.
	inAllBits = 0x00000fff | 0x00002000 | 0x00004000 | 0x00008000 |
		0x01000000 | inDontFollow | 0x04000000 | inMaskCreate | inMaskAdd | 0x40000000 | 0x80000000
	// inEventHeader is the size of struct inotify_event without its name.
	inEventHeader = 16
)

// inotifyLink is what /proc/PID/fd/N of an inotify instance reads.
const inotifyLink = "anon_inode:inotify"

func sysInotifyInit(t *Thread, a *sysArgs) (uint64, int) {
	return inotifyInit(t, 0)
}

func sysInotifyInit1(t *Thread, a *sysArgs) (uint64, int) {
	return inotifyInit(t, a.Int(0))
}

// inotifyInit makes a host inotify instance with guest flags fl (only
// IN_NONBLOCK and IN_CLOEXEC; any other bit is EINVAL).
func inotifyInit(t *Thread, fl int) (uint64, int) {
	if fl&^(unix.O_NONBLOCK|unix.O_CLOEXEC) != 0 {
		return 0, abi.EINVAL
	}
	t.p.inotifySeen.Store(true)
	return t.newFD(unix.InotifyInit1(openFlags(uint64(fl))))
}

// inotifyFD checks guest descriptor g as Linux's inotify_add_watch and
// inotify_rm_watch do (fdget, then the file's operations), with between
// the two add_watch's check that mask has not both IN_MASK_ADD and
// IN_MASK_CREATE (rm_watch passes 0): its host descriptor, EBADF if it
// is not open (or is an O_PATH one), EINVAL if it is not an inotify
// instance or for such a mask.
func (t *Thread) inotifyFD(g int, mask uint32) (int, int) {
	h := t.files.get(g)
	if h < 0 || h == badFD {
		return 0, abi.EBADF
	}
	fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_PATH != 0 {
		return 0, abi.EBADF
	}
	if mask&inMaskAdd != 0 && mask&inMaskCreate != 0 || !isInotify(h) {
		return 0, abi.EINVAL
	}
	return h, 0
}

// isInotify reports whether host descriptor h is an inotify instance.
func isInotify(h int) bool {
	var buf [32]byte
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(h), buf[:])
	return err == nil && string(buf[:n]) == inotifyLink
}

// sysInotifyAddWatch is inotify_add_watch(fd, path, mask): Linux checks
// the mask (a bit that is none of ALL_INOTIFY_BITS, or none of them:
// EINVAL), the descriptor (inotifyFD), and only then looks the path up
// (following a final symbolic link unless IN_DONT_FOLLOW); the host
// checks the rest (IN_ONLYDIR's ENOTDIR, read permission,
// IN_MASK_CREATE's EEXIST).
func sysInotifyAddWatch(t *Thread, a *sysArgs) (uint64, int) {
	mask := a.Uint(2)
	if mask&^inAllBits != 0 || mask == 0 {
		return 0, abi.EINVAL
	}
	h, e := t.inotifyFD(a.Int(0), mask)
	if e != 0 {
		return 0, e
	}
	path, e := t.path(a.Ptr(1))
	if e != 0 {
		return 0, e
	}
	host, e := t.hostName(path, mask&inDontFollow == 0)
	if e != 0 {
		return 0, e
	}
	wd, err := unix.InotifyAddWatch(h, host, mask)
	if err != nil {
		return 0, errnoOf(err)
	}
	return uint64(wd), 0
}

// sysInotifyRmWatch is inotify_rm_watch(fd, wd): the host's checks (EBADF,
// EINVAL for another kind of descriptor or an unknown watch) are Linux's.
func sysInotifyRmWatch(t *Thread, a *sysArgs) (uint64, int) {
	h := t.files.get(a.Int(0))
	if h < 0 {
		h = badFD
	}
	_, err := unix.InotifyRmWatch(h, uint32(a.Int(1)))
	return 0, errnoOf(err)
}

// swapInotify converts the inotify events a read of host descriptor h
// gave in b to the guest's byte order where it is not the host's: the four 32-bit words
// of each struct inotify_event (wd, mask, cookie, len); the name after
// them is bytes. Nothing is done when the orders agree, or before the
// guest made an inotify instance.
func (t *Thread) swapInotify(h int, b []byte) {
	probe := []byte{1, 0}
	if t.p.order.Uint16(probe) == binary.NativeEndian.Uint16(probe) || len(b) < inEventHeader || !t.p.inotifySeen.Load() || !isInotify(h) {
		return
	}
	for len(b) >= inEventHeader {
		n := binary.NativeEndian.Uint32(b[12:])
		for i := 0; i < inEventHeader; i += 4 {
			t.p.order.PutUint32(b[i:], binary.NativeEndian.Uint32(b[i:]))
		}
		if uint64(n) > uint64(len(b)-inEventHeader) {
			return
		}
		b = b[inEventHeader+int(n):]
	}
}
