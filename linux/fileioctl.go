//go:build linux

package linux

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// fileIoctl answers the file requests Linux's do_vfs_ioctl and
// file_ioctl take for any file (fs/ioctl.c) with the host's answer for
// host descriptor fd: FS_IOC_GETFLAGS and FS_IOC_SETFLAGS (lsattr and
// chattr; an unsigned int, though the request's number says long),
// FS_IOC_GETVERSION and FS_IOC_SETVERSION, FS_IOC_FSGETXATTR and
// FS_IOC_FSSETXATTR, FIGETBSZ, FIBMAP, FICLONE and FICLONERANGE (cp
// --reflink), whose source descriptor is the guest's (not open: EBADF).
// A file system without the request says what Linux says (ENOTTY,
// EOPNOTSUPP, EXDEV): the host's file system is the file's. Also
// FS_IOC_GETFSLABEL and FS_IOC_SETFSLABEL (the label of the host's file
// system; setting it needs the guest's CAP_SYS_ADMIN too) and
// FIDEDUPERANGE, whose destination descriptors are the guest's; and
// FIFREEZE, FITHAW and FITRIM, refused (fsRefused). ok is false for
// another request.
func fileIoctl(t *Thread, fd int, req, arg uint64) (errno int, ok bool) {
	if e, ok := fsRefused(fd, req); ok {
		return e, true
	}
	host, ok := fileIoctlHost[req]
	if !ok {
		return 0, false
	}
	switch req {
	case abi.FS_IOC_GETFSLABEL:
		var b [abi.FSLABEL_MAX]byte
		if e := hostIoctl(t, fd, host, unsafe.Pointer(&b[0])); e != 0 {
			return e, true
		}
		return t.write(arg, b[:]), true
	case abi.FS_IOC_SETFSLABEL:
		// The file systems with a label check the caller's
		// CAP_SYS_ADMIN before they read it: the guest's is checked
		// here (the host's is the runner's), once the host said its
		// file system has labels at all.
		if !t.cred.capable(unix.CAP_SYS_ADMIN) {
			var b [abi.FSLABEL_MAX]byte
			if e := hostIoctl(t, fd, hostFS_IOC_GETFSLABEL, unsafe.Pointer(&b[0])); e != 0 {
				return e, true
			}
			return abi.EPERM, true
		}
		b, e := t.read(arg, abi.FSLABEL_MAX)
		if e != 0 {
			return hostIoctl(t, fd, host, nil), true
		}
		return hostIoctl(t, fd, host, unsafe.Pointer(&b[0])), true
	case abi.FIDEDUPERANGE:
		return dedupeRange(t, fd, host, arg), true
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
	abi.FS_IOC_GETFSLABEL: hostFS_IOC_GETFSLABEL,
	abi.FS_IOC_SETFSLABEL: hostFS_IOC_SETFSLABEL,
	abi.FIDEDUPERANGE:     unix.FIDEDUPERANGE,
}

// dedupeRange is FIDEDUPERANGE of host descriptor fd (the source) with
// the struct file_dedupe_range at arg, in Linux 6.1's order
// (ioctl_file_dedupe_range, fs/ioctl.c): the destination count (EFAULT),
// the whole structure no larger than a page (ENOMEM), read (EFAULT); the
// host's dedupe, each destination descriptor the guest's as the kernel's
// fdget takes it (an unsigned int; one not open is that destination's
// EBADF status, which the host gives for descriptor -1); then the
// structure written back with each destination's bytes and status.
func dedupeRange(t *Thread, fd int, host uintptr, arg uint64) int {
	hl, il := abi.FileDedupeRangeLayout, abi.FileDedupeRangeInfoLayout
	c, e := t.read(arg+uint64(unsafe.Offsetof(abi.FileDedupeRange{}.DestCount)), 2)
	if e != 0 {
		return e
	}
	count := int(t.p.order.Uint16(c))
	size := hl.Size() + count*il.Size()
	if size > mem.PageSize {
		return abi.ENOMEM
	}
	b, e := t.read(arg, size)
	if e != 0 {
		return e
	}
	// The host's copy: the same fields in the host's order, the
	// destinations the host's descriptors.
	hb := make([]byte, size)
	var r abi.FileDedupeRange
	hl.Decode(t.p.order, b, &r)
	hl.Encode(binary.NativeEndian, hb, &r)
	infos := make([]abi.FileDedupeRangeInfo, count)
	for i := range infos {
		off := hl.Size() + i*il.Size()
		il.Decode(t.p.order, b[off:], &infos[i])
		h := infos[i]
		h.DestFd = -1
		if d := t.files.get(int(uint32(infos[i].DestFd))); d >= 0 && d != badFD {
			h.DestFd = int64(d)
		}
		il.Encode(binary.NativeEndian, hb[off:], &h)
	}
	if e := hostIoctl(t, fd, host, unsafe.Pointer(&hb[0])); e != 0 {
		return e
	}
	for i := range infos {
		off := hl.Size() + i*il.Size()
		var h abi.FileDedupeRangeInfo
		il.Decode(binary.NativeEndian, hb[off:], &h)
		infos[i].BytesDeduped, infos[i].Status = h.BytesDeduped, h.Status
		il.Encode(t.p.order, b[off:], &infos[i])
	}
	return t.write(arg, b)
}

// fsRefused answers FIFREEZE, FITHAW and FITRIM on host descriptor fd
// (ok false for another request). They would freeze, thaw or trim the
// host's file system, which the runner never lets a guest do, even one
// the runner runs as root: the guest is told what Linux tells a
// process without CAP_SYS_ADMIN in the file system's user namespace (an
// unprivileged container's root): EPERM for a freeze or thaw of any
// file's file system (do_vfs_ioctl checks the capability first); EPERM
// for FITRIM on a regular file or directory of a file system that has
// it (ext4, XFS, Btrfs and F2FS check the capability first), else
// ENOTTY as Linux says for a file system without it (tmpfs, a pipe).
func fsRefused(fd int, req uint64) (errno int, ok bool) {
	switch req {
	case abi.FIFREEZE, abi.FITHAW:
		return abi.EPERM, true
	case abi.FITRIM:
		var st unix.Stat_t
		var fs unix.Statfs_t
		if unix.Fstat(fd, &st) != nil || unix.Fstatfs(fd, &fs) != nil {
			return abi.ENOTTY, true
		}
		if m := st.Mode & unix.S_IFMT; m != unix.S_IFREG && m != unix.S_IFDIR {
			return abi.ENOTTY, true
		}
		switch uint32(fs.Type) {
		case unix.EXT4_SUPER_MAGIC, unix.XFS_SUPER_MAGIC, unix.BTRFS_SUPER_MAGIC, unix.F2FS_SUPER_MAGIC:
			return abi.EPERM, true
		}
		return abi.ENOTTY, true
	}
	return 0, false
}

// hostIoctl makes the host's ioctl req on fd with the host buffer p and
// gives its errno.
func hostIoctl(t *Thread, fd int, req uintptr, p unsafe.Pointer) int {
	var errno unix.Errno
	t.block(func() { _, _, errno = unix.Syscall(unix.SYS_IOCTL, uintptr(fd), req, uintptr(p)) })
	return int(errno)
}
