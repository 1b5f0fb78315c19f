//go:build linux

package linux

import (
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// openat2(2) (Linux 5.6; qemu-user 7.2 answers ENOSYS): openat with a
// struct open_how whose every field is checked (fs/open.c,
// build_open_flags) and resolve flags that restrict the lookup. Without
// resolve flags it is openat (sys_file.go), with the runner's path
// resolution (-L sysroot, chroot(2) root, the guest's /proc). With them
// the lookup is the host's openat2 (Linux 5.6 and later; ENOSYS on an
// older host) on the host's descriptor, where it is exact: a scoped
// lookup (RESOLVE_BENEATH, RESOLVE_IN_ROOT) never leaves the host
// directory the guest's descriptor names; an unscoped one in a chroot(2)
// root is made in the root with RESOLVE_IN_ROOT added (the chroot's own
// rules for "/" and ".."), and under -L on the host path the sysroot
// gives, as openat's. A path into a guest process's /proc directory is
// checked against the host's /proc, which has the same links (but the
// runner's own descriptors under fd/), then opened as openat opens it; so
// are a FIFO whose open waits for its other end and /dev/tty.

// openHowStrip is what build_open_flags strips before its checks:
// __FMODE_NONOTIFY (kept out of user flags) and O_CLOEXEC (the
// descriptor's, not the file's).
const openHowStrip = 0x4000000 | unix.O_CLOEXEC

// resolveFlags are Linux 6.1's RESOLVE_* flags (VALID_RESOLVE_FLAGS).
const resolveFlags = abi.RESOLVE_NO_XDEV | abi.RESOLVE_NO_MAGICLINKS | abi.RESOLVE_NO_SYMLINKS |
	abi.RESOLVE_BENEATH | abi.RESOLVE_IN_ROOT | abi.RESOLVE_CACHED

func sysOpenat2(t *Thread, a *sysArgs) (uint64, int) {
	how, e := t.openHow(a.Ptr(2), a.Size(3))
	if e != 0 {
		return 0, e
	}
	if e := checkOpenHow(how); e != 0 {
		return 0, e
	}
	if how.Resolve == 0 {
		return openat(t, t.fd(a.Fd(0)), a.Ptr(1), how.Flags, how.Mode)
	}
	return openResolved(t, a.Fd(0), a.Ptr(1), how)
}

// openHow reads openat2's struct open_how of usize bytes as Linux's
// copy_struct_from_user does: below OPEN_HOW_SIZE_VER0 EINVAL; bytes past
// the struct Linux 6.1 knows must be zero (E2BIG), read (EFAULT) before
// the struct is.
func (t *Thread) openHow(addr, usize uint64) (abi.OpenHow, int) {
	if usize < abi.OPEN_HOW_SIZE_VER0 {
		return abi.OpenHow{}, abi.EINVAL
	}
	if ksize := uint64(abi.OpenHowLayout.Size()); usize > ksize {
		if e := t.zeroed(addr+ksize, usize-ksize); e != 0 {
			return abi.OpenHow{}, e
		}
	}
	return getStruct(t, addr, abi.OpenHowLayout)
}

// zeroed checks that the n guest bytes at addr are zero, as Linux's
// check_zeroed_user: EFAULT for a range beyond the user address space or
// a byte that cannot be read before a non-zero one, E2BIG for a non-zero
// byte. It reads a page at a time.
func (t *Thread) zeroed(addr, n uint64) int {
	if addr+n < addr || addr+n > taskSize {
		return abi.EFAULT
	}
	for n > 0 {
		chunk := min(n, 4096-addr%4096)
		b, e := t.read(addr, int(chunk))
		if e != 0 {
			return e
		}
		for _, c := range b {
			if c != 0 {
				return abi.E2BIG
			}
		}
		addr, n = addr+chunk, n-chunk
	}
	return 0
}

// checkOpenHow makes build_open_flags' checks of how (powerpc's open
// flags): flags outside VALID_OPEN_FLAGS and unknown resolve flags
// EINVAL; RESOLVE_BENEATH with RESOLVE_IN_ROOT EINVAL; a mode beyond
// S_IALLUGO, or any mode without O_CREAT or O_TMPFILE, EINVAL; O_TMPFILE
// without O_DIRECTORY or without write access EINVAL; O_PATH with flags
// other than O_PATH_FLAGS EINVAL; RESOLVE_CACHED with O_TRUNC, O_CREAT or
// a bit of O_TMPFILE (O_DIRECTORY too) EAGAIN.
func checkOpenHow(how abi.OpenHow) int {
	g := func(h int) uint64 { return uint64(guestOpenFlags(h)) }
	valid := g(validOpenFlags) | abi.O_LARGEFILE
	tmpfile, tmpfileBit := g(unix.O_TMPFILE), g(unix.O_TMPFILE)&^abi.O_DIRECTORY
	flags := how.Flags &^ g(openHowStrip)
	switch {
	case flags&^valid != 0, how.Resolve&^resolveFlags != 0:
		return abi.EINVAL
	case how.Resolve&abi.RESOLVE_BENEATH != 0 && how.Resolve&abi.RESOLVE_IN_ROOT != 0:
		return abi.EINVAL
	}
	if flags&(abi.O_CREAT|tmpfileBit) != 0 {
		if how.Mode&^0o7777 != 0 {
			return abi.EINVAL
		}
	} else if how.Mode != 0 {
		return abi.EINVAL
	}
	if flags&tmpfileBit != 0 && (flags&(tmpfile|abi.O_CREAT) != tmpfile || flags&unix.O_ACCMODE == unix.O_RDONLY) {
		return abi.EINVAL
	}
	if flags&g(unix.O_PATH) != 0 && flags&^g(oPathFlags) != 0 {
		return abi.EINVAL
	}
	if how.Resolve&abi.RESOLVE_CACHED != 0 && flags&(abi.O_TRUNC|abi.O_CREAT|tmpfile) != 0 {
		return abi.EAGAIN
	}
	return 0
}

// openResolved is openat2 with resolve flags (see above).
func openResolved(t *Thread, gdirfd int, pathAddr uint64, how abi.OpenHow) (uint64, int) {
	raw, e := t.str(pathAddr)
	if e != 0 {
		return 0, e
	}
	if strings.HasPrefix(raw, "/") && how.Resolve&abi.RESOLVE_BENEATH != 0 {
		return 0, abi.EXDEV // path_init, before the descriptor
	}
	dirfd := t.fd(gdirfd)
	hflags := openFlags(how.Flags)
	if hflags&unix.O_PATH == 0 {
		hflags |= unix.O_NOCTTY
	}
	host := unix.OpenHow{Flags: uint64(hflags), Mode: how.Mode, Resolve: how.Resolve}
	procPath := raw
	if how.Resolve&abi.RESOLVE_IN_ROOT != 0 {
		procPath = "./" + strings.TrimLeft(raw, "/")
	}
	if _, hostp, own := t.procLookup(dirfd, procPath); own || t.sysvipcProcFile(dirfd, procPath) != "" || t.procLocksFile(dirfd, procPath) {
		return checkedOpen(t, dirfd, raw, hostp, dirfd, pathAddr, how, host)
	}
	orig, path, rootd := dirfd, raw, -1
	switch {
	case how.Resolve&(abi.RESOLVE_BENEATH|abi.RESOLVE_IN_ROOT) != 0:
	case t.group.fs.root != "":
		if guest, hpath, in := t.rootPath(dirfd, raw); hpath != "" {
			dirfd, path = unix.AT_FDCWD, hpath
		} else if in {
			if e := xdevJump(dirfd, raw, hflags, how.Resolve); e != 0 {
				return 0, e
			}
			if rootd, e = t.rootDir(); e != 0 {
				return 0, e
			}
			dirfd, path = rootd, guest
			host.Resolve |= abi.RESOLVE_IN_ROOT
		}
	case t.p.cfg.Sysroot != "":
		if dirfd, path, e = t.lookupAt(dirfd, raw, hflags&unix.O_NOFOLLOW == 0); e != 0 {
			return 0, e
		}
	}
	if fifoWaits(dirfd, path, hflags) || isDevTTY(dirfd, path) {
		return checkedOpen(t, dirfd, path, "", orig, pathAddr, how, host)
	}
	if e := t.procSysOpenCheck(dirfd, rootd, path, hflags); e != 0 {
		return 0, e // the read-only /proc/sys (procsys.go)
	}
	var fd int
	var err error
	made := t.leaseOpenFlags(hflags, func(st *unix.Stat_t) error {
		return fstatOpened(st, func(fl int) (int, error) {
			return unix.Openat2(dirfd, path, &unix.OpenHow{Flags: uint64(fl), Resolve: host.Resolve})
		}, hflags)
	}) // O_TRUNC after a lease break (lease.go)
	host.Flags &^= uint64(hflags &^ made)
	t.block(func() { fd, err = unix.Openat2(dirfd, path, &host) })
	if err != nil {
		return 0, errnoOf(err)
	}
	t.openCtty(fd, hflags)
	if fd, e = t.procSysOpened(fd, hflags); e != 0 {
		return 0, e
	}
	if ref, own := t.procLanded(fd); own && procHostPath(ref) == "" {
		unix.Close(fd)
		return t.newFD(t.procOpenErr(ref, hflags))
	}
	if e := t.leaseOpened(fd, hflags, made); e != 0 {
		return 0, e // a lease the open breaks (lease.go)
	}
	return t.newFD(fd, nil)
}

// xdevJump is the answer of Linux's nd_jump_root to a relative lookup
// under RESOLVE_NO_XDEV that meets an absolute symbolic link before the
// lookup has a root (EXDEV, whichever mount the link names), which the
// lookup of the guest's absolute path in a chroot(2) root does not give:
// the host's lookup from dirfd, with O_PATH, says whether it comes to
// that; 0 otherwise. (A ".." above the root that crosses a host mount
// makes that lookup EXDEV too, where the guest's stays at its root.)
func xdevJump(dirfd int, raw string, hflags int, resolve uint64) int {
	if resolve&abi.RESOLVE_NO_XDEV == 0 || strings.HasPrefix(raw, "/") {
		return 0
	}
	check := unix.OpenHow{Flags: uint64(unix.O_PATH | unix.O_CLOEXEC | hflags&unix.O_NOFOLLOW), Resolve: abi.RESOLVE_NO_XDEV}
	fd, err := unix.Openat2(dirfd, raw, &check)
	if err == nil {
		unix.Close(fd)
	}
	if err == unix.EXDEV {
		return abi.EXDEV
	}
	return 0
}

// checkedOpen checks that the host's openat2 resolves path (relative to
// host descriptor dirfd) under how's resolve flags, with O_PATH, then
// opens the guest's path (at pathAddr, relative to host descriptor orig)
// as openat does. A path into a guest process's /proc directory that the
// host does not find (fd/N: the runner's descriptor N) is checked again
// as alt, the host path procLookup gives (fd/N of the host's descriptor),
// for an unscoped lookup: the links before it were the same.
func checkedOpen(t *Thread, dirfd int, path, alt string, orig int, pathAddr uint64, how abi.OpenHow, host unix.OpenHow) (uint64, int) {
	check := unix.OpenHow{
		Flags:   uint64(unix.O_PATH|unix.O_CLOEXEC) | host.Flags&(unix.O_NOFOLLOW|unix.O_DIRECTORY),
		Resolve: host.Resolve &^ abi.RESOLVE_CACHED,
	}
	fd, err := unix.Openat2(dirfd, path, &check)
	if err == unix.ENOENT && alt != "" && alt != path && how.Resolve&(abi.RESOLVE_BENEATH|abi.RESOLVE_IN_ROOT) == 0 {
		fd, err = unix.Openat2(dirfd, alt, &check)
	}
	if err != nil {
		return 0, errnoOf(err)
	}
	unix.Close(fd)
	return openat(t, orig, pathAddr, how.Flags, how.Mode)
}
