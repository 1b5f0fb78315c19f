//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Extended attributes: the getxattr, listxattr, setxattr and removexattr
// families, each on a path (following a last symbolic link or, the l
// variants, not) or a descriptor (the f variants), answered by the host's
// file system as qemu-user does. Calls that only look take the sysroot's
// file first (path.go); setxattr and removexattr change the file the guest
// path names. Names and sizes are checked as fs/xattr.c checks them.

// Limits of fs/xattr.c (uapi linux/limits.h).
const (
	xattrNameMax = 255   // XATTR_NAME_MAX
	xattrSizeMax = 65536 // XATTR_SIZE_MAX, XATTR_LIST_MAX
)

// xattrOn is what an *xattr call acts on: the path (already a host path)
// or, for the f variants, the host descriptor.
type xattrOn struct {
	path   string
	fd     int
	byFD   bool
	follow bool
}

// xattrFile reads the file argument 0 of an *xattr call: a descriptor
// (byFD), else a path, taken from the sysroot first if the call only
// looks.
func (t *Thread) xattrFile(a *sysArgs, byFD, follow, looks bool) (xattrOn, int) {
	if byFD {
		return xattrOn{fd: t.fd(a.Fd(0)), byFD: true}, 0
	}
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return xattrOn{}, e
	}
	if looks || t.fsOf().root != "" {
		host, e := t.hostName(path, follow)
		return xattrOn{path: host, follow: follow}, e
	}
	return xattrOn{path: t.hostRel(path), follow: follow}, 0
}

// procSys reports whether the file is in /proc/sys, whose files a guest
// cannot change (procsys.go).
func (f xattrOn) procSys() bool {
	if f.byFD {
		return procSysHostFD(f.fd)
	}
	return procSysAt(unix.AT_FDCWD, f.path, f.follow)
}

// xattrNamed reads the file (as xattrFile) and the attribute name of an
// *xattr call that takes one (argument 1): ERANGE for a name that is empty
// or longer than XATTR_NAME_MAX.
func (t *Thread) xattrNamed(a *sysArgs, byFD, follow, looks bool) (xattrOn, string, int) {
	f, e := t.xattrFile(a, byFD, follow, looks)
	if e != 0 {
		return f, "", e
	}
	name, e := t.str(a.Ptr(1))
	if e != 0 {
		return f, "", e
	}
	if name == "" || len(name) > xattrNameMax {
		return f, "", abi.ERANGE
	}
	return f, name, 0
}

// xattrOut runs a call that fills a buffer of the guest's size (at most
// XATTR_SIZE_MAX; 0 asks for the size needed) and copies the result to
// the guest's buffer at addr.
func (t *Thread) xattrOut(addr, size uint64, call func([]byte) (int, error)) (uint64, int) {
	buf := make([]byte, min(size, xattrSizeMax))
	n, err := call(buf)
	if err != nil {
		return 0, errnoOf(err)
	}
	if size > 0 {
		if e := t.write(addr, buf[:n]); e != 0 {
			return 0, e
		}
	}
	return uint64(n), 0
}

func sysGetxattr(t *Thread, a *sysArgs) (uint64, int)  { return getxattr(t, a, false, true) }
func sysLgetxattr(t *Thread, a *sysArgs) (uint64, int) { return getxattr(t, a, false, false) }
func sysFgetxattr(t *Thread, a *sysArgs) (uint64, int) { return getxattr(t, a, true, true) }

// getxattr is getxattr(file, name, value, size) and its l and f variants.
func getxattr(t *Thread, a *sysArgs, byFD, follow bool) (uint64, int) {
	f, name, e := t.xattrNamed(a, byFD, follow, true)
	if e != 0 {
		return 0, e
	}
	return t.xattrOut(a.Ptr(2), a.Size(3), func(b []byte) (int, error) {
		switch {
		case f.byFD:
			return unix.Fgetxattr(f.fd, name, b)
		case f.follow:
			return unix.Getxattr(f.path, name, b)
		}
		return unix.Lgetxattr(f.path, name, b)
	})
}

func sysListxattr(t *Thread, a *sysArgs) (uint64, int)  { return listxattr(t, a, false, true) }
func sysLlistxattr(t *Thread, a *sysArgs) (uint64, int) { return listxattr(t, a, false, false) }
func sysFlistxattr(t *Thread, a *sysArgs) (uint64, int) { return listxattr(t, a, true, true) }

// listxattr is listxattr(file, list, size) and its l and f variants.
func listxattr(t *Thread, a *sysArgs, byFD, follow bool) (uint64, int) {
	f, e := t.xattrFile(a, byFD, follow, true)
	if e != 0 {
		return 0, e
	}
	return t.xattrOut(a.Ptr(1), a.Size(2), func(b []byte) (int, error) {
		switch {
		case f.byFD:
			return unix.Flistxattr(f.fd, b)
		case f.follow:
			return unix.Listxattr(f.path, b)
		}
		return unix.Llistxattr(f.path, b)
	})
}

func sysSetxattr(t *Thread, a *sysArgs) (uint64, int)  { return setxattr(t, a, false, true) }
func sysLsetxattr(t *Thread, a *sysArgs) (uint64, int) { return setxattr(t, a, false, false) }
func sysFsetxattr(t *Thread, a *sysArgs) (uint64, int) { return setxattr(t, a, true, true) }

// setxattr is setxattr(file, name, value, size, flags) and its l and f
// variants: E2BIG for a value over XATTR_SIZE_MAX.
func setxattr(t *Thread, a *sysArgs, byFD, follow bool) (uint64, int) {
	f, name, e := t.xattrNamed(a, byFD, follow, false)
	if e != 0 {
		return 0, e
	}
	if a.Size(3) > xattrSizeMax {
		return 0, abi.E2BIG
	}
	val, e := t.read(a.Ptr(2), int(a.Size(3)))
	if e != 0 {
		return 0, e
	}
	if f.procSys() {
		return 0, abi.EROFS // the read-only /proc/sys (procsys.go)
	}
	var err error
	switch flags := a.Int(4); {
	case f.byFD:
		err = unix.Fsetxattr(f.fd, name, val, flags)
	case f.follow:
		err = unix.Setxattr(f.path, name, val, flags)
	default:
		err = unix.Lsetxattr(f.path, name, val, flags)
	}
	return 0, errnoOf(err)
}

func sysRemovexattr(t *Thread, a *sysArgs) (uint64, int)  { return removexattr(t, a, false, true) }
func sysLremovexattr(t *Thread, a *sysArgs) (uint64, int) { return removexattr(t, a, false, false) }
func sysFremovexattr(t *Thread, a *sysArgs) (uint64, int) { return removexattr(t, a, true, true) }

// removexattr is removexattr(file, name) and its l and f variants.
func removexattr(t *Thread, a *sysArgs, byFD, follow bool) (uint64, int) {
	f, name, e := t.xattrNamed(a, byFD, follow, false)
	if e != 0 {
		return 0, e
	}
	if f.procSys() {
		return 0, abi.EROFS // the read-only /proc/sys (procsys.go)
	}
	var err error
	switch {
	case f.byFD:
		err = unix.Fremovexattr(f.fd, name)
	case f.follow:
		err = unix.Removexattr(f.path, name)
	default:
		err = unix.Lremovexattr(f.path, name)
	}
	return 0, errnoOf(err)
}
