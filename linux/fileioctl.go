//go:build linux

package linux

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// fileIoctl answers the file requests Linux's do_vfs_ioctl and
// file_ioctl take for any file (fs/ioctl.c) with the host's answer for
// host descriptor fd: FS_IOC_GETFLAGS and FS_IOC_SETFLAGS (lsattr and
// chattr; an unsigned int, though the request's number says long),
// FS_IOC_GETVERSION and FS_IOC_SETVERSION, FS_IOC_FSGETXATTR and
// FS_IOC_FSSETXATTR, FIGETBSZ, FIBMAP, FICLONE and FICLONERANGE (cp
// --reflink), whose source descriptor is the guest's (not open: EBADF).
// A file system without the request says what Linux says (ENOTTY,
// EOPNOTSUPP, EXDEV): the host's file system is the file's. ok is false
// for another request.
func fileIoctl(t *Thread, fd int, req, arg uint64) (errno int, ok bool) {
	host, ok := fileIoctlHost[req]
	if !ok {
		return 0, false
	}
	switch req {
	case abi.FS_IOC_GETFLAGS, abi.FS_IOC_GETVERSION, abi.FIGETBSZ:
		var v uint32
		if e := hostIoctl(t, fd, host, unsafe.Pointer(&v)); e != 0 {
			return e, true
		}
		return t.put32(arg, v), true
	case abi.FS_IOC_SETFLAGS, abi.FS_IOC_SETVERSION, abi.FIBMAP:
		v, e := t.get32(arg)
		if e != 0 {
			// Linux checks some of these (FIBMAP's CAP_SYS_RAWIO,
			// the owner for a generation) before it reads the value:
			// the host, given no value, says which comes first.
			return hostIoctl(t, fd, host, nil), true
		}
		if e := hostIoctl(t, fd, host, unsafe.Pointer(&v)); e != 0 {
			return e, true
		}
		if req == abi.FIBMAP { // the block, written back
			return t.put32(arg, v), true
		}
		return 0, true
	case abi.FS_IOC_FSGETXATTR:
		b := make([]byte, abi.FsxattrLayout.Size())
		if e := hostIoctl(t, fd, host, unsafe.Pointer(&b[0])); e != 0 {
			return e, true
		}
		var x abi.Fsxattr
		abi.FsxattrLayout.Decode(binary.NativeEndian, b, &x)
		return putStruct(t, arg, abi.FsxattrLayout, &x), true
	case abi.FS_IOC_FSSETXATTR:
		x, e := getStruct(t, arg, abi.FsxattrLayout)
		if e != 0 {
			return hostIoctl(t, fd, host, nil), true
		}
		b := abi.FsxattrLayout.Bytes(binary.NativeEndian, &x)
		return hostIoctl(t, fd, host, unsafe.Pointer(&b[0])), true
	case abi.FICLONE:
		// The source is an unsigned int descriptor (fdget).
		src := t.files.get(int(uint32(arg)))
		if src == badFD || isOPath(src) {
			return abi.EBADF, true
		}
		var errno unix.Errno
		t.block(func() { _, _, errno = unix.Syscall(unix.SYS_IOCTL, uintptr(fd), host, uintptr(src)) })
		return int(errno), true
	case abi.FICLONERANGE:
		r, e := getStruct(t, arg, abi.FileCloneRangeLayout)
		if e != 0 {
			return e, true
		}
		src := t.files.get(int(uint32(r.SrcFd)))
		if src == badFD || isOPath(src) {
			return abi.EBADF, true
		}
		h := unix.FileCloneRange{Src_fd: int64(src), Src_offset: r.SrcOffset, Src_length: r.SrcLength, Dest_offset: r.DestOffset}
		return hostIoctl(t, fd, host, unsafe.Pointer(&h)), true
	}
	return 0, false
}

// fileIoctlHost maps the guest's file requests (fileIoctl) to the host's.
var fileIoctlHost = map[uint64]uintptr{
	abi.FS_IOC_GETFLAGS:   unix.FS_IOC_GETFLAGS,
	abi.FS_IOC_SETFLAGS:   unix.FS_IOC_SETFLAGS,
	abi.FS_IOC_GETVERSION: hostFS_IOC_GETVERSION,
	abi.FS_IOC_SETVERSION: hostFS_IOC_SETVERSION,
	abi.FS_IOC_FSGETXATTR: hostFS_IOC_FSGETXATTR,
	abi.FS_IOC_FSSETXATTR: hostFS_IOC_FSSETXATTR,
	abi.FIBMAP:            hostFIBMAP,
	abi.FIGETBSZ:          hostFIGETBSZ,
	abi.FICLONE:           unix.FICLONE,
	abi.FICLONERANGE:      unix.FICLONERANGE,
}

// hostIoctl makes the host's ioctl req on fd with the host buffer p and
// gives its errno.
func hostIoctl(t *Thread, fd int, req uintptr, p unsafe.Pointer) int {
	var errno unix.Errno
	t.block(func() { _, _, errno = unix.Syscall(unix.SYS_IOCTL, uintptr(fd), req, uintptr(p)) })
	return int(errno)
}
