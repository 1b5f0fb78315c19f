//go:build linux

package linux

import (
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// The sysroot (Config.Sysroot, ppc64emu run -L DIR), as qemu-user's -L:
// an absolute path the guest opens, executes, stats, reads as a link,
// tests with access or lists is looked up under the sysroot first, and
// used as it is when it names nothing there. Unlike qemu-user, which tries
// DIR+path on the host (so a symbolic link in DIR with an absolute target,
// such as a root file system's /lib64/ld64.so.2 ->
// /lib/powerpc64le-linux-gnu/ld64.so.2, points back out of DIR), the
// runner resolves symbolic links inside the sysroot as a chroot would; and
// it leaves the kernel's file systems /proc, /dev and /sys to the host's
// (the runner answers for the guest's own /proc entries). A relative path
// looked up from a directory inside the sysroot (openat of a descriptor of
// "/", a working directory there) is the directory's guest name joined
// with it, looked up the same way (lookupFrom): qemu-user leaves it to the
// host, so that openat(open("/"), "tmp") found the sysroot's empty /tmp
// where the guest meant the host's. Paths that create, remove or rename
// are not redirected (neither does qemu-user).

// maxSymlinks bounds the links followed in one lookup (Linux: 40, then
// ELOOP).
const maxSymlinks = 40

// hostPath returns the host path for a path the guest looks up: under the
// sysroot if it names something there, else path unchanged. With follow
// false a symbolic link in the last component is not followed (lstat,
// readlink, O_NOFOLLOW).
func (p *Process) hostPath(path string, follow bool) string {
	return lookupPath(p.sysWalk, path, follow)
}

// openWalk opens the sysroot root ("" for none) as an O_PATH directory,
// with the runner's credentials at its start, and returns the descriptor's
// /proc/self/fd entry, through which the runner looks up paths in it: a
// guest that took other ids then reaches the sysroot whatever the
// directories above it let those ids search, as a kernel chroot's walk
// never looks above its root. It returns root itself when it cannot be
// opened (the lookups then fail as before).
func openWalk(root string) string {
	if root == "" {
		return ""
	}
	d, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return root
	}
	if d < 3 {
		// Keep 0-2 free for the runner's own stdio.
		nd, err := unix.FcntlInt(uintptr(d), unix.F_DUPFD_CLOEXEC, 3)
		unix.Close(d)
		if err != nil {
			return root
		}
		d = nd
	}
	return "/proc/self/fd/" + itoa(d)
}

// lookupPath is hostPath for the sysroot root ("" for none).
func lookupPath(root, path string, follow bool) string {
	if in, ok := inSysroot(root, path, follow); ok {
		return in
	}
	return path
}

// inSysroot returns the host path of path in the sysroot root, if it is
// absolute, not under /proc, /dev or /sys (always the host's), and exists
// there (resolveIn); else false.
func inSysroot(root, path string, follow bool) (string, bool) {
	if root == "" || !strings.HasPrefix(path, "/") {
		return "", false
	}
	first, _, _ := strings.Cut(strings.TrimLeft(path, "/"), "/")
	switch first {
	case "proc", "dev", "sys":
		return "", false
	}
	return resolveIn(root, path, follow)
}

// resolveIn resolves the absolute path inside root as if root were "/":
// ".." stops at root and absolute link targets start again at root. It
// returns the host path and whether it exists.
func resolveIn(root, path string, follow bool) (string, bool) {
	host, ok, _ := walkIn(root, path, follow)
	if !ok {
		return "", false
	}
	return host, true
}

// walkIn is resolveIn, returning for a missing component the host path of
// what was resolved so far joined with the rest, and false; and true
// (loop) when the walk met more than maxSymlinks links (Linux's ELOOP).
// For a component it cannot look up, it returns the host path so far with
// the rest, so that the host's call fails there as Linux's would (ENOENT,
// ENOTDIR, EACCES) or creates the last component inside root.
func walkIn(root, path string, follow bool) (host string, ok, loop bool) {
	if root == "/" {
		root = ""
	}
	rest := strings.Split(path, "/")
	var done []string // resolved components below root
	links := 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) > 0 {
				done = done[:len(done)-1]
			}
			continue
		}
		host := root + "/" + strings.Join(append(done, c), "/")
		var st unix.Stat_t
		if unix.Lstat(host, &st) != nil {
			return joinRest(host, rest), false, false
		}
		last := len(rest) == 0 || strings.Trim(strings.Join(rest, "/"), "/") == ""
		if st.Mode&unix.S_IFMT != unix.S_IFLNK || (last && !follow) {
			done = append(done, c)
			continue
		}
		if links++; links > maxSymlinks {
			return "", false, true
		}
		buf := make([]byte, 4096)
		n, err := unix.Readlink(host, buf)
		if err != nil {
			return joinRest(host, rest), false, false
		}
		target := string(buf[:n])
		if strings.HasPrefix(target, "/") {
			done = done[:0]
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	out := filepath.Clean(root + "/" + strings.Join(done, "/"))
	if strings.HasSuffix(path, "/") && out != "/" {
		out += "/"
	}
	return out, true, false
}

// joinRest is host path host with the components rest after it.
func joinRest(host string, rest []string) string {
	if len(rest) == 0 {
		return host
	}
	return host + "/" + strings.Join(rest, "/")
}

// lookupAt returns the host directory descriptor and path for a guest
// lookup of path relative to host descriptor dirfd (AT_FDCWD: the
// runner's working directory): an absolute path as hostPath; a relative
// one as lookupFrom, from the host directory dirfd names; in a chroot(2)
// root as chrootAt, whose errno it returns.
func (t *Thread) lookupAt(dirfd int, path string, follow bool) (int, string, int) {
	if t.fsOf().root != "" {
		return t.chrootAt(dirfd, path, howOf(follow)) // chroot.go
	}
	root := t.p.cfg.Sysroot
	if root == "" || path == "" {
		return dirfd, path, 0
	}
	if strings.HasPrefix(path, "/") {
		return dirfd, t.p.hostPath(path, follow), 0
	}
	var dir string
	if dirfd == unix.AT_FDCWD {
		d, err := unix.Getwd()
		if err != nil {
			return dirfd, path, 0
		}
		dir = d
	} else {
		d, err := fdPath(dirfd)
		if err != nil {
			return dirfd, path, 0
		}
		dir = d
	}
	if host, ok := lookupFrom(root, t.p.sysWalk, dir, path, follow); ok {
		return unix.AT_FDCWD, host, 0
	}
	return dirfd, path, 0
}

// lookupFrom resolves the relative path from host directory dir when dir
// is inside the sysroot root: as the guest's absolute name of dir joined
// with path, through lookupPath, so that a program that walks from "/" one
// component at a time (rsync's receiver opens "/" with O_PATH, then
// openat "tmp", then the next) reaches what the whole path names: the
// sysroot's entry where it has one, else the host's, and ".." stops at
// the sysroot as in a chroot. It returns the host path (absolute) and
// true, or false when dir is outside the sysroot (the path is then looked
// up from dir as it is).
// walk is the host path the lookup goes through (Process.sysWalk: root's
// descriptor's /proc/self/fd entry, or root).
func lookupFrom(root, walk, dir, path string, follow bool) (string, bool) {
	if root == "" || path == "" || strings.HasPrefix(path, "/") || (dir != root && !strings.HasPrefix(dir, root+"/")) {
		return "", false
	}
	return lookupPath(walk, dir[len(root):]+"/"+path, follow), true
}

// fdPath returns the host path the runner's descriptor fd names (its
// /proc/self/fd link).
func fdPath(fd int) (string, error) {
	buf := make([]byte, 4096)
	n, err := unix.Readlink("/proc/self/fd/"+itoa(fd), buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}
