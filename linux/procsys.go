//go:build linux

package linux

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The guest's /proc/sys is read-only, as a container's read-only mount of
// it: a guest run as root would otherwise change the host's kernel
// settings (sysctl -w, echo 1 >/proc/sys/vm/drop_caches) and the host's
// names (kernel/hostname). Reads are the host's, except kernel/hostname
// and kernel/domainname, which are the run's names (uts.go), and
// fs/aio-nr, the run's native AIO requests (aio.go; fs/aio-max-nr, the
// limit they count against, is the host's). What is
// refused is told by where the host resolves the guest's path, not by its
// text, so every way of naming a file there is caught alike: a relative
// path after chdir("/proc/sys"), a directory descriptor of it, a symbolic
// link, /proc/self/root/..., a sysroot's or chroot(2) root's /proc (the
// host's mounted there). The errors are Linux 6.1's for a read-only mount
// (fs/namei.c, fs/open.c), in its order:
//
//   - open: the lookup's errors (ENOENT, ENOTDIR, EACCES of a directory,
//     ELOOP) first, as the host gives them (a name that does not exist is
//     ENOENT, O_CREAT or not: proc_sys_lookup answers so before the
//     creation is looked at); for one that exists, EEXIST for O_CREAT|O_EXCL, EISDIR for O_CREAT of a directory,
//     ENOTDIR for O_DIRECTORY of a file, then O_TRUNC of a regular file
//     is EROFS (mnt_want_write before may_open), then may_open's ELOOP
//     (O_NOFOLLOW of a link), EISDIR (a directory for writing) and EACCES
//     (sysctlPerm, with the guest's credentials; for reading too), then EROFS for writing
//     (do_dentry_open); O_TMPFILE in a directory there is EROFS. Reading
//     (O_RDONLY, with O_CREAT of an existing file too) is allowed.
//   - chmod, chown, utimes and the xattr calls that change (by path or
//     descriptor), unlink, rmdir and rename in a directory there, and
//     access(W_OK): EROFS after the lookup (and for access after the
//     permission check), as mnt_want_write answers; a rename between
//     /proc/sys and elsewhere is EXDEV (another mount). Making a name
//     there needs nothing: proc's lookup answers ENOENT or EEXIST first.
//   - truncate: a length below 0 is EINVAL; then the lookup's errors,
//     EISDIR, EINVAL for what is not a regular file, EROFS (vfs_truncate:
//     Linux 6.1 asks for a writable mount before it checks permissions;
//     later Linux checks them first).
//
// A refused call changes nothing: the host never opens such a file for
// writing, and a descriptor the host did open for writing there (a rename
// racing with the checks) is closed and EROFS.

// procSysEntry reports whether host descriptor fd (O_PATH will do) is on a
// proc file system and names its sys directory or something below it,
// and its path below it ("" for the directory, "kernel/hostname", ...).
func procSysEntry(fd int) (string, bool) {
	var fs unix.Statfs_t
	if unix.Fstatfs(fd, &fs) != nil || fs.Type != unix.PROC_SUPER_MAGIC {
		return "", false
	}
	b := make([]byte, 4096)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), b)
	if err != nil || n == len(b) {
		return "", false
	}
	path := string(b[:n])
	// The mount point of the proc file system is the part before a
	// "/sys" that is the root of a proc file system: /proc on most
	// hosts, another directory for one mounted there too.
	for i := 0; i < len(path); {
		j := strings.Index(path[i:], "/sys")
		if j < 0 {
			break
		}
		j += i
		rest := path[j+len("/sys"):]
		if (rest == "" || rest[0] == '/') && procFSRoot(path[:j]) {
			return strings.TrimPrefix(rest, "/"), true
		}
		i = j + 1
	}
	return "", false
}

// procFSRoot reports whether host directory dir ("" for "/") is the root
// of a proc file system.
func procFSRoot(dir string) bool {
	if dir == "" {
		dir = "/"
	}
	var fs unix.Statfs_t
	var st unix.Stat_t
	return unix.Statfs(dir, &fs) == nil && fs.Type == unix.PROC_SUPER_MAGIC &&
		unix.Stat(dir, &st) == nil && st.Ino == procRootIno
}

// hostOpenPath opens path (relative to dirfd, or in the chroot(2) root
// rootd when that is not -1, as openat does) with O_PATH and the
// O_NOFOLLOW and O_DIRECTORY of flags.
func hostOpenPath(dirfd, rootd int, path string, flags int) (int, error) {
	flags = flags&(unix.O_NOFOLLOW|unix.O_DIRECTORY) | unix.O_PATH | unix.O_CLOEXEC
	if rootd >= 0 {
		return openInRoot(rootd, path, flags, 0)
	}
	return unix.Openat(dirfd, path, flags, 0)
}

// openModifies reports whether an open with host flags asks to change the
// file or make one (what a read-only mount refuses).
func openModifies(flags int) bool {
	return flags&unix.O_ACCMODE != unix.O_RDONLY || flags&(unix.O_TRUNC|unix.O_CREAT) != 0
}

// procSysOpenCheck is the read-only /proc/sys's answer to an open of path
// with host flags (dirfd, rootd as hostOpenPath's), before the host's: an
// errno, or 0 to let the host open it (what it does not decide is the
// lookup's, which the host's open gives the same).
func (t *Thread) procSysOpenCheck(dirfd, rootd int, path string, flags int) int {
	if !openModifies(flags) {
		return 0
	}
	if flags&unix.O_TMPFILE == unix.O_TMPFILE {
		if flags&unix.O_ACCMODE == unix.O_RDONLY {
			return 0 // EINVAL, the host's, before any lookup
		}
		d, err := hostOpenPath(dirfd, rootd, path, unix.O_DIRECTORY)
		if err != nil {
			return 0
		}
		defer unix.Close(d)
		if _, in := procSysEntry(d); in {
			return abi.EROFS
		}
		return 0
	}
	excl := flags&(unix.O_CREAT|unix.O_EXCL) == unix.O_CREAT|unix.O_EXCL
	pflags := flags & unix.O_NOFOLLOW
	if excl {
		pflags = unix.O_NOFOLLOW // O_EXCL never follows the last link
	}
	fd, err := hostOpenPath(dirfd, rootd, path, pflags)
	if err != nil {
		return 0
	}
	defer unix.Close(fd)
	entry, in := procSysEntry(fd)
	if !in {
		return 0
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return 0
	}
	typ := st.Mode & unix.S_IFMT
	write := flags&unix.O_ACCMODE != unix.O_RDONLY
	var mode uint32
	if flags&unix.O_ACCMODE != unix.O_WRONLY {
		mode |= unix.R_OK
	}
	if write || flags&unix.O_TRUNC != 0 {
		mode |= unix.W_OK
	}
	switch {
	case excl:
		return abi.EEXIST
	case flags&unix.O_CREAT != 0 && typ == unix.S_IFDIR:
		return abi.EISDIR
	case flags&unix.O_DIRECTORY != 0 && typ != unix.S_IFDIR:
		return abi.ENOTDIR
	case flags&unix.O_TRUNC != 0 && typ == unix.S_IFREG:
		return abi.EROFS
	case typ == unix.S_IFLNK:
		return abi.ELOOP
	case typ == unix.S_IFDIR && write:
		return abi.EISDIR
	case !sysctlPerm(t.cred, &st, entry, mode):
		return abi.EACCES
	case write:
		return abi.EROFS
	}
	return 0
}

// sysctlPerm reports whether credentials c may open the entry of
// /proc/sys below it that st describes with access(2)'s mode bits, as
// Linux's proc_sys_permission and test_perm decide: by the effective
// user id 0 (the owner's bits) or group id 0 (the group's), else the
// others' bits, with no capability overriding them (a setting that is
// not writable is not, for root too), except that CAP_NET_ADMIN gives
// the owner's bits to all for net/ (net_ctl_permissions).
func sysctlPerm(c *cred, st *unix.Stat_t, entry string, mode uint32) bool {
	m := st.Mode & 0o777
	if strings.HasPrefix(entry, "net/") && c.capable(unix.CAP_NET_ADMIN) {
		o := m >> 6 & 7
		m = o<<6 | o<<3 | o
	}
	switch {
	case c.uid.e == 0:
		m >>= 6
	case c.gid.e == 0 || slices.Contains(c.groups, 0):
		m >>= 3
	}
	return mode&(unix.R_OK|unix.W_OK|unix.X_OK)&^m == 0
}

// procSysOpened checks a descriptor the host opened for the guest with
// host flags: one on /proc/sys opened to change it is closed and EROFS
// (what procSysOpenCheck missed, a rename racing with it); one on
// kernel/hostname or kernel/domainname is replaced by a descriptor of the
// run's name ("NAME\n", as Linux's proc_do_uts_string reads it), one on
// fs/aio-nr by one of the run's count of native AIO requests (aio.go).
// Others are returned as they are.
func (t *Thread) procSysOpened(fd, flags int) (int, int) {
	entry, in := procSysEntry(fd)
	if !in {
		return fd, 0
	}
	if flags&unix.O_ACCMODE != unix.O_RDONLY || flags&unix.O_TRUNC != 0 {
		unix.Close(fd)
		return -1, abi.EROFS
	}
	// The host checked the runner's effective ids, not the guest's.
	var st unix.Stat_t
	if flags&unix.O_PATH == 0 && (unix.Fstat(fd, &st) != nil || !sysctlPerm(t.cred, &st, entry, unix.R_OK)) {
		unix.Close(fd)
		return -1, abi.EACCES
	}
	var text string
	switch {
	case flags&unix.O_PATH != 0:
		return fd, 0
	case entry == "kernel/hostname":
		text = t.p.uts.name(utsNode)
	case entry == "kernel/domainname":
		text = t.p.uts.name(utsDomain)
	case entry == "fs/aio-nr":
		// The run's native AIO requests (aio.go), as
		// proc_doulongvec_minmax prints Linux's aio_nr.
		text = strconv.FormatUint(t.p.aioNr, 10)
	default:
		return fd, 0
	}
	unix.Close(fd)
	nfd, e := memFileNamed(procSysMemName, []byte(text+"\n"))
	if e != 0 {
		return -1, e
	}
	if flags&unix.O_CLOEXEC == 0 {
		_, _ = unix.FcntlInt(uintptr(nfd), unix.F_SETFD, 0)
	}
	host := "/proc/sys/" + entry
	procFileMade(nfd, procFile{path: host, stat: host, seek: seekSize, iter: true})
	return nfd, 0
}

// procSysTruncateCheck is the read-only /proc/sys's answer to truncate(2)
// of host path host (the length already checked): EISDIR, EINVAL or
// EROFS for a file there, 0 for the host to answer.
func procSysTruncateCheck(host string) int {
	fd, err := unix.Open(host, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	defer unix.Close(fd)
	_, in := procSysEntry(fd)
	if !in {
		return 0
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return 0
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		return abi.EISDIR
	case unix.S_IFREG:
		return abi.EROFS
	}
	return abi.EINVAL
}

// procSysMemName is the name of the memory file that stands for the
// run's kernel/hostname or kernel/domainname (procSysOpened).
const procSysMemName = "ppc64emu-procsys"

// procSysHostFD reports whether host descriptor h is on /proc/sys, or
// stands for a file there (the run's names).
func procSysHostFD(h int) bool {
	if _, in := procSysEntry(h); in {
		return true
	}
	return procSysFile(h)
}

// procSysAt reports whether host path (relative to host descriptor d, or
// AT_FDCWD) names something in /proc/sys, following a last link if follow;
// "" is d's own file. A path that does not resolve is not: the host's
// call then gives the lookup's error.
func procSysAt(d int, path string, follow bool) bool {
	if path == "" {
		return procSysHostFD(d)
	}
	flags := unix.O_NOFOLLOW
	if follow {
		flags = 0
	}
	fd, err := hostOpenPath(d, -1, path, flags)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	return procSysHostFD(fd)
}

// procSysParent reports whether the directory in which the name at host
// path (relative to d) would be removed or renamed is in /proc/sys. A
// last component "." or ".." is not decided here (Linux's EISDIR, EBUSY,
// EINVAL or ENOTEMPTY for it come first).
func procSysParent(d int, path string) bool {
	path = strings.TrimRight(path, "/")
	last := path[strings.LastIndexByte(path, '/')+1:]
	if last == "" || last == "." || last == ".." {
		return false
	}
	dir := path[:len(path)-len(last)]
	if dir == "" {
		dir = "."
	}
	return procSysAt(d, dir, true)
}

// procSysROErr is what a call that changes the file at host path
// (relative to d, following a last link if follow) gets in place of the
// host's: EROFS in /proc/sys (after the lookup: mnt_want_write), else nil.
func procSysROErr(d int, path string, follow bool) error {
	if procSysAt(d, path, follow) {
		return unix.EROFS
	}
	return nil
}
