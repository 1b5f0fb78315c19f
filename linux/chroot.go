//go:build linux

package linux

import (
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// chroot(2), as Linux 6.1's ksys_chroot: the path is looked up (following
// links, a directory: ENOENT, ENOTDIR, EACCES with the caller's ids), the
// caller needs search permission on it (EACCES), then CAP_SYS_CHROOT in
// its credentials (EPERM). The new root is the thread group's (fsState,
// shared as CLONE_FS shares it, copied at fork, kept across execve); the
// runner keeps it as a host path and resolves every later path of the
// process in it (chrootAt): an absolute path from the root, a relative
// one from a working directory inside the root as that directory's name
// in the root joined with it, ".." stopping at the root and symbolic links
// followed inside it, as Linux's path walk does. Nothing outside is
// reached, not even the sysroot's fallback to the host's files (path.go)
// or the host's /proc, /dev and /sys, unless the root has them mounted (a
// bind mount of the host's: kernelFS). A working directory left outside
// the root stays usable for relative paths, and getcwd names it
// "(unreachable)/..." (Linux's prepend of that word when the directory is
// not below the root); the working directory does not move (chroot does
// not chdir). A host program the process executes runs chrooted by the
// runner (execHost), which needs the runner to have CAP_SYS_CHROOT.

func sysChroot(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	d, host := t.lookupAt(t.cwd(), path, true)
	fd, err := unix.Openat(d, host, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, errnoOf(err)
	}
	if fd < 3 {
		// Keep 0-2 free for the runner's own stdio.
		nd, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 3)
		unix.Close(fd)
		if err != nil {
			return 0, errnoOf(err)
		}
		fd = nd
	}
	keep := false
	defer func() {
		if !keep {
			unix.Close(fd)
		}
	}()
	if err := t.faccessat(fd, "", unix.X_OK, unix.AT_EMPTY_PATH|unix.AT_EACCESS); err != nil && err != unix.EINVAL {
		return 0, errnoOf(err)
	}
	if !t.cred.capable(unix.CAP_SYS_CHROOT) {
		return 0, abi.EPERM
	}
	root, err := fdPath(fd)
	if err != nil {
		return 0, errnoOf(err)
	}
	if !strings.HasPrefix(root, "/") {
		return 0, abi.ENOENT // not reachable from the runner's root
	}
	t.group.fs.setRoot(root, fd)
	keep = true
	return 0, 0
}

// guestIn returns the name of host path host in the directory tree at
// host directory root ("/" for the host's), and whether host is in it.
func guestIn(root, host string) (string, bool) {
	switch {
	case root == "/":
		return host, true
	case host == root:
		return "/", true
	case strings.HasPrefix(host, root+"/"):
		return host[len(root):], true
	}
	return "", false
}

// chrootAt returns the host directory descriptor and path for a lookup of
// path relative to host directory descriptor dirfd by t's process, which
// has chosen a root with chroot(2): an absolute path, or a relative one
// from a directory inside the root, resolved inside the root (inRoot),
// with follow saying whether a link in the last component is followed. A
// relative path from a directory outside the root is dirfd and path.
func (t *Thread) chrootAt(dirfd int, path string, follow bool) (int, string) {
	root := t.group.fs.root
	if path == "" {
		return dirfd, path
	}
	if !strings.HasPrefix(path, "/") {
		var dir string
		if dirfd == t.cwd() {
			d, e := t.cwdPath()
			if e != 0 {
				return dirfd, path
			}
			dir = d
		} else {
			d, err := fdPath(dirfd)
			if err != nil {
				return dirfd, path
			}
			dir = d
		}
		g, ok := guestIn(root, dir)
		if !ok {
			return dirfd, path
		}
		path = g + "/" + path
	}
	first, _, _ := strings.Cut(strings.TrimLeft(path, "/"), "/")
	switch first {
	case "proc", "dev", "sys":
		if kernelFS(t.group.fs.walkRoot(), first) {
			// The host's, mounted in the root: the runner answers for
			// them as without a root (procfs.go).
			return unix.AT_FDCWD, resolveLexical(path)
		}
	}
	return unix.AT_FDCWD, inRoot(t.group.fs.walkRoot(), path, follow)
}

// resolveLexical is path with "." and ".." removed as names (".." at "/"
// is "/").
func resolveLexical(path string) string {
	var done []string
	for _, c := range strings.Split(path, "/") {
		switch c {
		case "", ".":
		case "..":
			if len(done) > 0 {
				done = done[:len(done)-1]
			}
		default:
			done = append(done, c)
		}
	}
	return "/" + strings.Join(done, "/")
}

// kernelFS reports whether root's directory name ("proc", "dev", "sys")
// is the host's /name, mounted there (the same directory: a bind mount).
func kernelFS(root, name string) bool {
	if root == "/" {
		return true
	}
	var in, host unix.Stat_t
	return unix.Stat(root+"/"+name, &in) == nil && unix.Stat("/"+name, &host) == nil &&
		in.Dev == host.Dev && in.Ino == host.Ino
}

// seesHostFS reports whether the kernel file system name ("proc", "dev")
// is the host's for t's process: without a root of its own, or with the
// host's mounted in its root.
func (t *Thread) seesHostFS(name string) bool {
	return t.group.fs.root == "" || kernelFS(t.group.fs.walkRoot(), name)
}

// hostName returns a host path naming what the guest's path names for t's
// process (its root, else the sysroot's lookup), relative to the runner's
// working directory, for host calls that take no directory descriptor.
func (t *Thread) hostName(path string, follow bool) string {
	if t.group.fs.root != "" {
		d, p := t.chrootAt(t.cwd(), path, follow)
		if d == unix.AT_FDCWD {
			return p
		}
		return t.hostRel(p)
	}
	return t.hostRel(t.p.hostPath(path, follow))
}

// rootFor returns the host directory t's process's absolute paths start
// from: its chroot(2) root, else the sysroot, else "/".
func (t *Thread) rootFor() string {
	switch {
	case t.group.fs.root != "":
		return t.group.fs.root
	case t.p.cfg.Sysroot != "":
		return t.p.cfg.Sysroot
	}
	return "/"
}

// guestPath returns the name t's process gives host path host: its name
// below the process's root, else (Linux's d_path of a path outside the
// root) its name from the sysroot or the host's root.
func (t *Thread) guestPath(host string) string {
	if g, ok := guestIn(t.rootFor(), host); ok {
		return g
	}
	if sys := t.p.cfg.Sysroot; sys != "" {
		if g, ok := guestIn(sys, host); ok {
			return g
		}
	}
	return host
}

// interpRoot is the directory a program's interpreter (PT_INTERP) is
// looked up in: the process's chroot(2) root, else the sysroot ("" for
// none).
func (t *Thread) interpRoot() string {
	if t.group.fs.root != "" {
		return t.group.fs.walkRoot()
	}
	return t.p.sysWalk
}

// realHost returns host path host with the prefix through the root's
// descriptor (fsState.walkRoot) or the sysroot's (Process.sysWalk)
// replaced by the directory's path, for names shown to the guest
// (/proc/PID/exe, /proc/PID/maps) and paths given to other processes.
func (t *Thread) realHost(host string) string {
	fs := &t.group.fs
	if w := fs.walkRoot(); fs.root != "" && w != fs.root && (host == w || strings.HasPrefix(host, w+"/")) {
		return fs.root + host[len(w):]
	}
	if w, r := t.p.sysWalk, t.p.cfg.Sysroot; r != "" && w != r && (host == w || strings.HasPrefix(host, w+"/")) {
		return r + host[len(w):]
	}
	return host
}

// rootName returns the name in t's process's chroot(2) root of what
// host directory descriptor dirfd and relative path name (path "": dirfd's
// own file), and whether that is inside the root; for execveat, whose
// path the runner looks up again as a guest path.
func (t *Thread) rootName(dirfd int, path string) (string, bool) {
	fs := &t.group.fs
	if path != "" {
		d, host := t.chrootAt(dirfd, path, false)
		if d != unix.AT_FDCWD {
			return "", false
		}
		return guestIn(fs.walkRoot(), host)
	}
	dir, err := fdPath(dirfd)
	if err != nil {
		return "", false
	}
	return guestIn(fs.root, dir)
}
