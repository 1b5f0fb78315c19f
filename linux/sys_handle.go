//go:build linux

package linux

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// File handles: name_to_handle_at(2) and open_by_handle_at(2), the host's,
// as qemu-user passes them on. A handle is the host file system's, opaque
// to the guest (only the head's two words are in the guest's byte order),
// and its mount ID the host's. open_by_handle_at needs the host's
// CAP_DAC_READ_SEARCH (EPERM without it) and opens what the handle names
// whatever the guest's chroot(2) root, as Linux does.

// maxHandleSize is MAX_HANDLE_SZ, the most bytes a handle may have.
const maxHandleSize = 128

// sysNameToHandleAt is name_to_handle_at(dirfd, path, handle, mount_id,
// flags) in the order of Linux's: the flags, the path's lookup, then the
// handle's head (EFAULT), its size (EINVAL above MAX_HANDLE_SZ) and the
// host's encoding (EOVERFLOW with the size it needs); the mount ID and the
// handle are written back, EFAULT if either cannot be.
func sysNameToHandleAt(t *Thread, a *sysArgs) (uint64, int) {
	flags := a.Int(4)
	if flags&^(unix.AT_SYMLINK_FOLLOW|unix.AT_EMPTY_PATH) != 0 {
		return 0, abi.EINVAL
	}
	raw, e := t.str(a.Ptr(1))
	if e != 0 {
		return 0, e
	}
	d, path := t.fd(a.Fd(0)), ""
	if raw != "" || flags&unix.AT_EMPTY_PATH == 0 {
		if d, path, e = t.atPath(a.Fd(0), a.Ptr(1), howOf(flags&unix.AT_SYMLINK_FOLLOW != 0)); e != 0 {
			return 0, e
		}
	}
	pp, err := unix.BytePtrFromString(path)
	if err != nil {
		return 0, abi.EINVAL
	}
	head := abi.FileHandleLayout.Size()
	buf := make([]byte, head+maxHandleSize)
	hp := unsafe.Pointer(nil) // a fault for the host where the guest's head faults
	gh, ge := getStructs(t, a.Ptr(2), 1, abi.FileHandleLayout)
	if ge == 0 {
		abi.FileHandleLayout.Encode(binary.NativeEndian, buf, &abi.FileHandle{Bytes: gh[0].Bytes})
		hp = unsafe.Pointer(&buf[0])
	}
	var mnt int32
	_, _, errno := unix.Syscall6(unix.SYS_NAME_TO_HANDLE_AT, uintptr(d), uintptr(unsafe.Pointer(pp)), uintptr(hp),
		uintptr(unsafe.Pointer(&mnt)), uintptr(flags), 0)
	if errno != 0 && errno != unix.EOVERFLOW {
		return 0, errnoOf(errno)
	}
	var h abi.FileHandle
	abi.FileHandleLayout.Decode(binary.NativeEndian, buf, &h)
	n := head
	if errno == 0 {
		n += int(h.Bytes)
	}
	out := buf[:n]
	abi.FileHandleLayout.Encode(t.p.order, out, &h)
	if t.put32(a.Ptr(3), uint32(mnt)) != 0 || t.write(a.Ptr(2), out) != 0 {
		return 0, abi.EFAULT
	}
	return 0, errnoOf(errno)
}

// sysOpenByHandleAt is open_by_handle_at(mount_fd, handle, flags): the
// host's, with the guest's handle (its head in the host's byte order) and
// open flags.
func sysOpenByHandleAt(t *Thread, a *sysArgs) (uint64, int) {
	head := abi.FileHandleLayout.Size()
	buf := make([]byte, head+maxHandleSize)
	hp := unsafe.Pointer(nil) // a fault for the host where the guest's handle faults
	if gh, e := getStructs(t, a.Ptr(1), 1, abi.FileHandleLayout); e == 0 {
		abi.FileHandleLayout.Encode(binary.NativeEndian, buf, &gh[0])
		hp = unsafe.Pointer(&buf[0])
		if gh[0].Bytes <= maxHandleSize && gh[0].Bytes > 0 {
			b, e := t.read(a.Ptr(1)+uint64(head), int(gh[0].Bytes))
			if e != 0 {
				hp = nil
			}
			copy(buf[head:], b)
		}
	}
	hflags := openFlags(uint64(a.Uint(2)))
	made := t.leaseOpenFlags(hflags, func(st *unix.Stat_t) error {
		return fstatOpened(st, func(fl int) (int, error) {
			r, _, errno := unix.Syscall(unix.SYS_OPEN_BY_HANDLE_AT, uintptr(t.fd(a.Fd(0))), uintptr(hp), uintptr(fl))
			if errno != 0 {
				return -1, errno
			}
			return int(r), nil
		}, hflags)
	}) // O_TRUNC after a lease break (lease.go)
	r, _, errno := unix.Syscall(unix.SYS_OPEN_BY_HANDLE_AT, uintptr(t.fd(a.Fd(0))), uintptr(hp), uintptr(made))
	if errno != 0 {
		return 0, errnoOf(errno)
	}
	if e := t.leaseOpened(int(r), hflags, made); e != 0 {
		return 0, e
	}
	return t.newFD(int(r), nil)
}
