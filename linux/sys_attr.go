//go:build linux

package linux

import (
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// File attributes, links and locks: the system calls a distribution's
// programs use beside open/stat/read (touch, chown, ln, df, sqlite3's
// locks, ls's statx). Relative paths are resolved against the calling
// process's working directory (fs.go); absolute ones through the sysroot
// for the calls that only look (statx, statfs), as path.go describes.

// atPath reads the path argument at addr for a call relative to guest
// directory descriptor dirfd, returning the host descriptor and the path:
// under a chroot(2) root, resolved in it (chrootAt), a link in the last
// component followed if follow.
func (t *Thread) atPath(dirfd int, addr uint64, how lookupHow) (int, string, int) {
	path, e := t.path(addr)
	if e != 0 {
		return 0, "", e
	}
	d := t.fd(dirfd)
	if t.fsOf().root != "" {
		return t.chrootAt(d, path, how)
	}
	return d, path, 0
}

// utimensat(dirfd, path, times, flags): a NULL path changes dirfd's file,
// as Linux's do_utimes; UTIME_NOW and UTIME_OMIT pass through. In Linux's
// order: the times are read (EFAULT), two UTIME_OMIT are done at once
// (the path is not even read), then do_utimes checks the flags and looks
// the path or descriptor up, and only then vfs_utimes checks each
// tv_nsec (EINVAL): an invalid one goes to the host as -1, which the
// host's vfs_utimes refuses in the same place.
func utimensat(t *Thread, dirfd int, pathAddr, times uint64, flags int) (uint64, int) {
	var ts [2]unix.Timespec
	var tp unsafe.Pointer
	if times != 0 {
		g, e := getStructs(t, times, 2, abi.TimespecLayout)
		if e != 0 {
			return 0, e
		}
		if g[0].Nsec == unix.UTIME_OMIT && g[1].Nsec == unix.UTIME_OMIT {
			return 0, 0
		}
		for i := range ts {
			switch n := g[i].Nsec; {
			case n == unix.UTIME_NOW:
				ts[i] = unix.Timespec{Nsec: unix.UTIME_NOW}
			case n == unix.UTIME_OMIT:
				ts[i] = unix.Timespec{Nsec: unix.UTIME_OMIT}
			case n < 0 || n >= 1e9:
				ts[i] = unix.Timespec{Nsec: -1}
			default:
				ts[i] = unix.NsecToTimespec(g[i].Sec*1e9 + n)
			}
		}
		tp = unsafe.Pointer(&ts[0])
	}
	return setTimes(t, dirfd, pathAddr, tp, flags)
}

// setTimes is do_utimes: the times at tp (nil for now) on the file at
// pathAddr relative to guest directory descriptor dirfd, or on dirfd's own
// file when pathAddr is NULL and dirfd is not AT_FDCWD (a NULL path with
// AT_FDCWD goes to the host as such: EINVAL for bad flags, else EFAULT, as
// Linux looks the NULL name up). Flags other than AT_SYMLINK_NOFOLLOW and
// AT_EMPTY_PATH are EINVAL before the path is read, as do_utimes_path
// checks them before its lookup.
func setTimes(t *Thread, dirfd int, pathAddr uint64, tp unsafe.Pointer, flags int) (uint64, int) {
	var pp *byte
	d := t.fd(dirfd)
	if pathAddr == 0 && dirfd == unix.AT_FDCWD {
		d = unix.AT_FDCWD
	}
	if pathAddr != 0 {
		if flags&^(unix.AT_SYMLINK_NOFOLLOW|unix.AT_EMPTY_PATH) != 0 {
			return 0, abi.EINVAL
		}
		var path string
		var e int
		d, path, e = t.atPath(dirfd, pathAddr, howOf(flags&unix.AT_SYMLINK_NOFOLLOW == 0))
		if e != 0 {
			return 0, e
		}
		b, err := unix.BytePtrFromString(path)
		if err != nil {
			return 0, abi.EINVAL
		}
		pp = b
		if (path != "" || flags&unix.AT_EMPTY_PATH != 0) && procSysAt(d, path, flags&unix.AT_SYMLINK_NOFOLLOW == 0) {
			return 0, abi.EROFS // the read-only /proc/sys (procsys.go)
		}
	} else if d != unix.AT_FDCWD && flags&^unix.AT_SYMLINK_NOFOLLOW == 0 && procSysHostFD(d) {
		return 0, abi.EROFS
	}
	_, _, errno := unix.Syscall6(unix.SYS_UTIMENSAT, uintptr(d), uintptr(unsafe.Pointer(pp)), uintptr(tp), uintptr(flags), 0, 0)
	if errno != 0 {
		return 0, int(errno)
	}
	return 0, 0
}

func sysUtimensat(t *Thread, a *sysArgs) (uint64, int) {
	return utimensat(t, a.Fd(0), a.Ptr(1), a.Ptr(2), a.Int(3))
}

// sysUtime is utime(path, times): NULL times is now. The struct utimbuf
// is read before the path is looked up, as Linux's sys_utime.
func sysUtime(t *Thread, a *sysArgs) (uint64, int) {
	var tp unsafe.Pointer
	if p := a.Ptr(1); p != 0 {
		g, e := getStructs(t, p, 1, abi.UtimbufLayout)
		if e != 0 {
			return 0, e
		}
		tp = unsafe.Pointer(&[2]unix.Timespec{unix.NsecToTimespec(g[0].Actime * 1e9), unix.NsecToTimespec(g[0].Modtime * 1e9)})
	}
	return setTimes(t, unix.AT_FDCWD, a.Ptr(0), tp, 0)
}

// sysUtimes is utimes(path, tv).
func sysUtimes(t *Thread, a *sysArgs) (uint64, int) {
	return futimesat(t, unix.AT_FDCWD, a.Ptr(0), a.Ptr(1))
}

// sysFutimesat is futimesat(dirfd, path, tv).
func sysFutimesat(t *Thread, a *sysArgs) (uint64, int) {
	return futimesat(t, a.Fd(0), a.Ptr(1), a.Ptr(2))
}

// futimesat is Linux's do_futimesat: two struct timevals (NULL for now),
// each tv_usec in [0, 1000000) or EINVAL, checked before the path is
// looked up; a NULL path with a directory descriptor is that file.
func futimesat(t *Thread, dirfd int, pathAddr, tv uint64) (uint64, int) {
	var tp unsafe.Pointer
	if tv != 0 {
		g, e := getStructs(t, tv, 2, abi.TimevalLayout)
		if e != 0 {
			return 0, e
		}
		ts := new([2]unix.Timespec)
		for i := range ts {
			if g[i].Usec < 0 || g[i].Usec >= 1e6 {
				return 0, abi.EINVAL
			}
			ts[i] = unix.NsecToTimespec(g[i].Sec*1e9 + g[i].Usec*1000)
		}
		tp = unsafe.Pointer(ts)
	}
	return setTimes(t, dirfd, pathAddr, tp, 0)
}

func sysFchownat(t *Thread, a *sysArgs) (uint64, int) {
	return chownat(t, a.Fd(0), a.Ptr(1), a.Int(2), a.Int(3), a.Int(4))
}

func sysChown(t *Thread, a *sysArgs) (uint64, int) {
	return chownat(t, unix.AT_FDCWD, a.Ptr(0), a.Int(1), a.Int(2), 0)
}

func sysLchown(t *Thread, a *sysArgs) (uint64, int) {
	return chownat(t, unix.AT_FDCWD, a.Ptr(0), a.Int(1), a.Int(2), unix.AT_SYMLINK_NOFOLLOW)
}

func chownat(t *Thread, dirfd int, addr uint64, uid, gid, flags int) (uint64, int) {
	d, path, e := t.atPath(dirfd, addr, howOf(flags&unix.AT_SYMLINK_NOFOLLOW == 0))
	if e != 0 {
		return 0, e
	}
	if flags&^(unix.AT_SYMLINK_NOFOLLOW|unix.AT_EMPTY_PATH) == 0 && (path != "" || flags&unix.AT_EMPTY_PATH != 0) {
		if err := procSysROErr(d, path, flags&unix.AT_SYMLINK_NOFOLLOW == 0); err != nil {
			return 0, errnoOf(err) // the read-only /proc/sys (procsys.go)
		}
	}
	return 0, errnoOf(unix.Fchownat(d, path, uid, gid, flags))
}

func sysFchown(t *Thread, a *sysArgs) (uint64, int) {
	if procSysHostFD(t.fd(a.Fd(0))) {
		return 0, abi.EROFS // the read-only /proc/sys (procsys.go)
	}
	return 0, errnoOf(unix.Fchown(t.fd(a.Fd(0)), a.Int(1), a.Int(2)))
}

func sysChmod(t *Thread, a *sysArgs) (uint64, int) {
	d, path, e := t.atPath(unix.AT_FDCWD, a.Ptr(0), lookFollow)
	if e != 0 {
		return 0, e
	}
	if err := procSysROErr(d, path, true); err != nil {
		return 0, errnoOf(err) // the read-only /proc/sys (procsys.go)
	}
	return 0, errnoOf(unix.Fchmodat(d, path, a.Uint(1), 0))
}

func sysLinkat(t *Thread, a *sysArgs) (uint64, int) {
	return linkat(t, a.Fd(0), a.Ptr(1), a.Fd(2), a.Ptr(3), a.Int(4))
}

func sysLink(t *Thread, a *sysArgs) (uint64, int) {
	return linkat(t, unix.AT_FDCWD, a.Ptr(0), unix.AT_FDCWD, a.Ptr(1), 0)
}

func linkat(t *Thread, olddir int, oldAddr uint64, newdir int, newAddr uint64, flags int) (uint64, int) {
	od, oldp, e := t.atPath(olddir, oldAddr, howOf(flags&unix.AT_SYMLINK_FOLLOW != 0))
	if e != 0 {
		return 0, e
	}
	nd, newp, e := t.atPath(newdir, newAddr, lookParent)
	if e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Linkat(od, oldp, nd, newp, flags))
}

func sysTruncate(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	host, e := t.hostName(path, true)
	if e != 0 {
		return 0, e
	}
	if a.Long(1) >= 0 {
		if e := procSysTruncateCheck(host); e != 0 {
			return 0, e // the read-only /proc/sys (procsys.go)
		}
	}
	if a.Long(1) >= 0 {
		if e := t.textBusy(unix.AT_FDCWD, host, false); e != 0 {
			return 0, e // a guest's running program (txtbusy.go)
		}
	}
	if e := t.truncateLease(host); e != 0 {
		return 0, e // a lease the truncate breaks (lease.go)
	}
	if e := t.fsizeGrow(-1, host, int64(a.Long(1))); e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Truncate(host, int64(a.Long(1))))
}

func sysMknodat(t *Thread, a *sysArgs) (uint64, int) {
	d, path, e := t.atPath(a.Fd(0), a.Ptr(1), lookParent)
	if e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Mknodat(d, path, a.Uint(2), int(a.Uint(3))))
}

func sysMknod(t *Thread, a *sysArgs) (uint64, int) {
	d, path, e := t.atPath(unix.AT_FDCWD, a.Ptr(0), lookParent)
	if e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Mknodat(d, path, a.Uint(1), int(a.Uint(2))))
}

func sysFaccessat2(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(1))
	if e != 0 {
		return 0, e
	}
	d, path, e := t.lookupAt(t.fd(a.Fd(0)), path, a.Int(3)&unix.AT_SYMLINK_NOFOLLOW == 0)
	if e != 0 {
		return 0, e
	}
	return 0, errnoOf(t.faccessat(d, path, a.Uint(2), a.Int(3)))
}

func sysStatfs(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	host, e := t.hostName(path, true)
	if e != 0 {
		return 0, e
	}
	var st unix.Statfs_t
	if err := unix.Statfs(host, &st); err != nil {
		return 0, errnoOf(err)
	}
	return 0, putStatfs(t, a.Ptr(1), &st)
}

func sysFstatfs(t *Thread, a *sysArgs) (uint64, int) {
	var st unix.Statfs_t
	if err := unix.Fstatfs(t.fd(a.Fd(0)), &st); err != nil {
		return 0, errnoOf(err)
	}
	if f, ok := procFileOf(t.fd(a.Fd(0))); ok {
		if err := unix.Statfs(f.stat, &st); err != nil {
			return 0, errnoOf(err) // a /proc file the runner answers (procfile.go)
		}
	}
	return 0, putStatfs(t, a.Ptr(1), &st)
}

// sysStatfs64 and sysFstatfs64 are statfs64(path, size, buf) and
// fstatfs64(fd, size, buf), what glibc's statfs and fstatfs call on
// powerpc64: struct statfs64 is struct statfs there, and a size other than
// its own is EINVAL (fs/statfs.c).
func sysStatfs64(t *Thread, a *sysArgs) (uint64, int) {
	if a.Size(1) != uint64(abi.StatfsLayout.Size()) {
		return 0, abi.EINVAL
	}
	return sysStatfs(t, &sysArgs{a[0], a[2]})
}

func sysFstatfs64(t *Thread, a *sysArgs) (uint64, int) {
	if a.Size(1) != uint64(abi.StatfsLayout.Size()) {
		return 0, abi.EINVAL
	}
	return sysFstatfs(t, &sysArgs{a[0], a[2]})
}

func putStatfs(t *Thread, addr uint64, st *unix.Statfs_t) int {
	g := abi.Statfs{
		Type: int64(st.Type), Bsize: int64(st.Bsize), Blocks: uint64(st.Blocks), Bfree: uint64(st.Bfree),
		Bavail: uint64(st.Bavail), Files: uint64(st.Files), Ffree: uint64(st.Ffree),
		Fsid:    [2]int32{int32(st.Fsid.Val[0]), int32(st.Fsid.Val[1])},
		Namelen: int64(st.Namelen), Frsize: int64(st.Frsize), Flags: int64(st.Flags),
	}
	return putStruct(t, addr, abi.StatfsLayout, &g)
}

func sysStatx(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(1))
	if e != 0 {
		return 0, e
	}
	flags := a.Int(2)
	d, path, e := t.lookupAt(t.fd(a.Fd(0)), path, flags&unix.AT_SYMLINK_NOFOLLOW == 0)
	if e != 0 {
		return 0, e
	}
	if ref, _, own := t.procLookup(d, path); own && ref.entry == "exe" && flags&unix.AT_SYMLINK_NOFOLLOW == 0 {
		d, path = unix.AT_FDCWD, t.p.exeOf(ref.g)
	}
	var st unix.Statx_t
	if err := unix.Statx(d, path, flags, int(a.Uint(3)), &st); err != nil {
		return 0, errnoOf(err)
	}
	if f, ok := procFileKey(fileKey{unix.Mkdev(st.Dev_major, st.Dev_minor), st.Ino}); ok {
		// A /proc file the runner answers (procfile.go).
		if err := unix.Statx(unix.AT_FDCWD, f.stat, flags&^unix.AT_EMPTY_PATH, int(a.Uint(3)), &st); err != nil {
			return 0, errnoOf(err)
		}
	}
	ts := func(s unix.StatxTimestamp) abi.StatxTimestamp { return abi.StatxTimestamp{Sec: s.Sec, Nsec: s.Nsec} }
	g := abi.Statx{
		Mask: st.Mask, Blksize: st.Blksize, Attributes: st.Attributes, Nlink: st.Nlink, UID: st.Uid, GID: st.Gid,
		Mode: st.Mode, Ino: st.Ino, Size: st.Size, Blocks: st.Blocks, AttributesMask: st.Attributes_mask,
		Atime: ts(st.Atime), Btime: ts(st.Btime), Ctime: ts(st.Ctime), Mtime: ts(st.Mtime),
		RdevMajor: st.Rdev_major, RdevMinor: st.Rdev_minor, DevMajor: st.Dev_major, DevMinor: st.Dev_minor,
		MntID: st.Mnt_id, DioMemAlign: st.Dio_mem_align, DioOffsetAlign: st.Dio_offset_align,
	}
	return 0, putStruct(t, a.Ptr(4), abi.StatxLayout, &g)
}

// sysFlock is flock(2) on the host's descriptor. A waiting lock (no
// LOCK_NB) tries the lock without waiting, then again after a pause that a
// signal interrupts (EINTR, or a restart under SA_RESTART), as Linux's
// flock_lock_inode_wait is interruptible: the host's own wait held the
// thread past its signals, and a SIGTERM to the runner with it.
func sysFlock(t *Thread, a *sysArgs) (uint64, int) {
	fd, how := t.fd(a.Fd(0)), a.Int(1)
	if how&unix.LOCK_NB != 0 || how&^unix.LOCK_NB == unix.LOCK_UN {
		e := errnoOf(unix.Flock(fd, how))
		t.noteFlock(fd, how, e)
		return 0, e
	}
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		e := errnoOf(unix.Flock(fd, how|unix.LOCK_NB))
		t.noteFlock(fd, how, e)
		if e != abi.EAGAIN {
			return 0, e
		}
		switch t.waitFor(nil, pause) {
		case waitExit:
			return 0, errExit
		case waitSignal:
			return 0, errRestart
		}
	}
}
