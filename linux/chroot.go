//go:build linux

package linux

import (
	"bytes"
	"encoding/binary"
	"strings"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// chroot(2), as Linux 6.1's ksys_chroot: the path is looked up (following
// links, a directory: ENOENT, ENOTDIR, EACCES with the caller's ids), the
// caller needs search permission on it (EACCES), then CAP_SYS_CHROOT in
// its credentials (EPERM). The new root is the thread group's (fsState,
// shared as CLONE_FS shares it, copied at fork, kept across execve); the
// runner keeps it as a host path and a descriptor and resolves every
// later path of the process in it (chrootAt): an absolute path from the
// root, a relative one from a working directory inside the root as that
// directory's name in the root joined with it, ".." stopping at the root
// and symbolic links followed inside it (at most 40: ELOOP), as Linux's
// path walk does. The host's kernel does the walk: openat2 with
// RESOLVE_IN_ROOT from the root's descriptor (openInRoot), which no
// rename racing with it can move outside, and the host's call then gets
// a descriptor of what was found (lookupIn), not a path to look up again;
// an open is one openat2. A host without openat2 (Linux before 5.6:
// ENOSYS) gets the runner's own walk instead (openWalked), one name at a
// time from descriptors, which keeps the same promise
// (TestOpenInRootRenameRace); the walk this replaced, which checked names
// with lstat and then handed the host a path, read the file outside the
// root within 150 rounds of that test. Measured on this x86-64 host
// (Linux 6.18, load 20, BenchmarkLookupInRoot): an open of four names
// through an absolute link takes 13 us with openat2 and 97 us with the
// walk. Nothing outside is reached, not even the sysroot's fallback to
// the host's files (path.go) or the host's /proc, /dev and /sys, unless
// the root has them mounted (a bind mount of the host's: kernelFS); a
// program's interpreter (PT_INTERP, interpHost) and a "#!" script's are
// the root's, and so is the path of an AF_UNIX socket (unixPathIn). A
// working directory left outside the root stays usable for relative
// paths, walked from there as Linux does (execveat from a descriptor
// outside the root too), and getcwd names it "(unreachable)/..." (Linux's
// prepend of that word when the directory is not below the root); the
// working directory does not move (chroot does not chdir). A host program
// the process executes runs chrooted by the runner (execHost), which
// needs the runner to have CAP_SYS_CHROOT.

func sysChroot(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	d, host, e := t.lookupAt(t.cwd(), path, true)
	if e != 0 {
		return 0, e
	}
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
	t.fsOf().setRoot(root, fd)
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

// lookupHow says what a lookup in a chroot(2) root is for (chrootAt).
type lookupHow int

const (
	// lookFollow looks up an existing file, following a symbolic link
	// in the last component.
	lookFollow lookupHow = iota
	// lookNoFollow looks up an existing file, a symbolic link in the
	// last component not followed (lstat, readlink, O_NOFOLLOW).
	lookNoFollow
	// lookParent looks up the directory of a name the call creates,
	// removes or renames, which the host's call then finds itself and
	// never follows (mkdir, unlink, rmdir, rename, symlink, link's new
	// name, mknod).
	lookParent
)

// howOf is lookFollow if follow, else lookNoFollow.
func howOf(follow bool) lookupHow {
	if follow {
		return lookFollow
	}
	return lookNoFollow
}

// chrootAt returns the host directory descriptor and path for a lookup of
// path relative to host directory descriptor dirfd by t's process, which
// has chosen a root with chroot(2), or the error of the lookup: an
// absolute path, or a relative one from a directory inside the root, is
// resolved inside the root (lookupIn); a relative path from a directory
// outside the root is dirfd and path as they are (Linux walks from the
// directory, which the root does not bound). The descriptors the lookup
// opens stay open until the system call returns (Thread.lookups).
func (t *Thread) chrootAt(dirfd int, path string, how lookupHow) (int, string, int) {
	guest, host, in := t.rootPath(dirfd, path)
	switch {
	case host != "":
		return unix.AT_FDCWD, host, 0
	case !in:
		return dirfd, path, 0
	}
	rootd, e := t.rootDir()
	if e != 0 {
		return 0, "", e
	}
	d, name, opened, e := lookupIn(rootd, guest, how)
	if e != 0 {
		return 0, "", e
	}
	if opened >= 0 {
		t.lookups = append(t.lookups, opened)
	}
	return d, name, 0
}

// rootPath returns what path relative to host directory descriptor dirfd
// names for t's process, which has chosen a root: its absolute guest name
// in the root and true; or a host path (host), for the host's /proc, /dev
// and /sys mounted in the root, which the runner answers for as without
// a root (procfs.go); or false for a relative path from a directory
// outside the root (and "" itself).
func (t *Thread) rootPath(dirfd int, path string) (guest, host string, in bool) {
	root := t.fsOf().root
	if path == "" {
		return "", "", false
	}
	if !strings.HasPrefix(path, "/") {
		var dir string
		if dirfd == t.cwd() {
			d, e := t.cwdPath()
			if e != 0 {
				return "", "", false
			}
			dir = d
		} else {
			d, err := fdPath(dirfd)
			if err != nil {
				return "", "", false
			}
			dir = d
		}
		g, ok := guestIn(root, dir)
		if !ok {
			return "", "", false
		}
		path = g + "/" + path
	}
	first, _, _ := strings.Cut(strings.TrimLeft(path, "/"), "/")
	switch first {
	case "proc", "dev", "sys":
		if kernelFS(t.fsOf().walkRoot(), first) {
			return "", resolveLexical(path), false
		}
	}
	return path, "", true
}

// rootDir returns the host descriptor of t's process's root, opening it
// again by its path if the process has none (fsState.copy ran out).
func (t *Thread) rootDir() (int, int) {
	fs := t.fsOf()
	if fs.rootd < 0 {
		d, err := unix.Open(fs.root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return 0, errnoOf(err)
		}
		fs.rootd = d
	}
	return fs.rootd, 0
}

// closeLookups closes the descriptors chrootAt opened for the system call
// that returned.
func (t *Thread) closeLookups() {
	for _, d := range t.lookups {
		_ = unix.Close(d)
	}
	t.lookups = t.lookups[:0]
}

// lookupIn resolves guest path (absolute) in the root at host descriptor
// rootd (whose host path is walk) for a call of kind how, returning the
// host directory descriptor (AT_FDCWD or opened) and path the host's
// call takes and the descriptor it opened for them (-1 for none), or the
// lookup's errno. Every step is openInRoot's, which
// stays in the root whatever renames race with it, and the host's call
// gets a descriptor of what was found, never a path it would look up
// again: a file to look up following links is its descriptor's
// /proc/self/fd entry (a trailing "/" kept, for a link named with one:
// Linux follows it even for lstat); anything else is its directory's
// descriptor and its last name, which the host's call does not follow as
// a link (a name to create, remove or rename: its trailing "/" kept, for
// the host's errors; "." and "..", which the host would look up from the
// directory, become the directory they name and ".").
func lookupIn(rootd int, path string, how lookupHow) (d int, name string, opened int, e int) {
	slash := strings.HasSuffix(path, "/")
	if how == lookNoFollow && slash {
		how = lookFollow
	}
	trimmed := strings.TrimRight(path, "/")
	if trimmed == "" {
		// The root itself.
		if how == lookParent {
			// Nothing to create, remove or rename: the host's "/"
			// gives the error (EEXIST, EBUSY, EISDIR) and is not
			// changed.
			return unix.AT_FDCWD, "/", -1, 0
		}
		d, err := openInRoot(rootd, "/", unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return 0, "", -1, errnoOf(err)
		}
		return d, ".", d, 0
	}
	if how == lookFollow {
		d, err := openInRoot(rootd, path, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			return 0, "", -1, errnoOf(err)
		}
		name := "/proc/self/fd/" + itoa(d)
		if slash {
			name += "/"
		}
		return unix.AT_FDCWD, name, d, 0
	}
	i := strings.LastIndexByte(trimmed, '/')
	dir, last := trimmed[:i+1], trimmed[i+1:]
	if how == lookNoFollow && (last == "." || last == "..") {
		dir, last = trimmed, "."
	}
	d, err := openInRoot(rootd, dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, "", -1, errnoOf(err)
	}
	if how == lookParent && slash {
		last += "/"
	}
	return d, last, d, 0
}

// noOpenat2 is set once the host has said ENOSYS to openat2 (Linux before
// 5.6): lookups in a root then walk it (openWalked). Tests set it to try
// the walk.
var noOpenat2 atomic.Bool

// openInRoot opens guest path (absolute) in the root at host descriptor
// rootd as open(2) with flags and mode would in a chroot: with the host's
// openat2 and RESOLVE_IN_ROOT, which resolves ".." and absolute symbolic
// links against rootd and never leaves it, even while other processes
// rename directories (the kernel retries what a rename may have moved:
// EAGAIN), with Linux's own limit of 40 links (ELOOP), a dangling link
// followed to create its target (O_CREAT), and O_EXCL and O_NOFOLLOW as
// open's. Where the host lacks openat2 it walks the root (walk is its
// host path) instead. flags are the host's; those open(2) ignores and
// openat2 refuses are dropped first, as Linux's build_open_how does.
func openInRoot(rootd int, path string, flags int, mode uint32) (int, error) {
	flags &= validOpenFlags
	if flags&unix.O_PATH != 0 {
		flags &= oPathFlags
	}
	if flags&unix.O_CREAT == 0 && flags&unix.O_TMPFILE != unix.O_TMPFILE {
		mode = 0
	} else {
		mode &= 0o7777
	}
	if !noOpenat2.Load() {
		how := unix.OpenHow{Flags: uint64(flags), Mode: uint64(mode), Resolve: unix.RESOLVE_IN_ROOT}
		for range maxRootRetries {
			fd, err := unix.Openat2(rootd, path, &how)
			switch err {
			case unix.EAGAIN:
				continue
			case unix.ENOSYS:
				noOpenat2.Store(true)
				return openWalked(rootd, path, flags, mode)
			}
			return fd, err
		}
		return -1, unix.EAGAIN
	}
	return openWalked(rootd, path, flags, mode)
}

// maxRootRetries bounds openInRoot's tries of a lookup that renames keep
// disturbing.
const maxRootRetries = 1 << 12

// The open flags Linux's openat passes on (VALID_OPEN_FLAGS) and those it
// keeps with O_PATH (O_PATH_FLAGS), for the host's openat2, which refuses
// the rest.
const (
	validOpenFlags = unix.O_ACCMODE | unix.O_CREAT | unix.O_EXCL | unix.O_NOCTTY | unix.O_TRUNC | unix.O_APPEND |
		unix.O_NONBLOCK | unix.O_DSYNC | unix.O_SYNC | unix.O_ASYNC | unix.O_DIRECT | unix.O_LARGEFILE |
		unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_NOATIME | unix.O_CLOEXEC | unix.O_PATH | unix.O_TMPFILE
	oPathFlags = unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_PATH | unix.O_CLOEXEC
)

// openWalked is openInRoot without openat2: the runner walks the root as
// Linux's walk does, one name at a time from the descriptor of the
// directory before (openat with O_PATH|O_NOFOLLOW), so that nothing is
// looked up again by a path a rename could move: a link is read from its
// own descriptor and its target walked in its turn (an absolute one from
// the root), ".." goes back to the directory the walk came from (not
// above the root), more than 40 links are ELOOP. The last name is opened
// with flags from its directory's descriptor, with O_NOFOLLOW once the
// walk has found it no link (a link made there since is ELOOP, not
// followed out of the root).
func openWalked(rootd int, path string, flags int, mode uint32) (int, error) {
	follow := flags&unix.O_NOFOLLOW == 0 && flags&(unix.O_CREAT|unix.O_EXCL) != unix.O_CREAT|unix.O_EXCL
	if strings.HasSuffix(path, "/") {
		if flags&unix.O_CREAT != 0 {
			return -1, unix.EISDIR // open_last_lookups: a name to create ends in "/"
		}
		follow, flags = true, flags|unix.O_DIRECTORY // Linux follows a link named with a "/"
	}
	dirs := []int{rootd} // the directories walked, rootd first (not closed)
	defer func() {
		for _, d := range dirs[1:] {
			unix.Close(d)
		}
	}()
	rest := strings.Split(path, "/")
	links := 0
	for {
		// The next name, and whether it is the last.
		c := ""
		for len(rest) > 0 && (c == "" || c == ".") {
			c, rest = rest[0], rest[1:]
		}
		last := true
		for _, r := range rest {
			if r != "" && r != "." {
				last = false
			}
		}
		dir := dirs[len(dirs)-1]
		if c == "" || c == "." || c == ".." {
			if c == ".." && len(dirs) > 1 {
				unix.Close(dir)
				dirs = dirs[:len(dirs)-1]
				dir = dirs[len(dirs)-1]
			}
			if last {
				if flags&unix.O_CREAT != 0 {
					return -1, unix.EISDIR
				}
				return unix.Openat(dir, ".", flags&^unix.O_NOFOLLOW, mode)
			}
			continue
		}
		if last && !follow {
			return unix.Openat(dir, c, flags|unix.O_NOFOLLOW, mode)
		}
		d, err := unix.Openat(dir, c, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			if last && err == unix.ENOENT {
				return unix.Openat(dir, c, flags|unix.O_NOFOLLOW, mode) // O_CREAT makes it
			}
			return -1, err
		}
		var st unix.Stat_t
		if err := unix.Fstat(d, &st); err != nil {
			unix.Close(d)
			return -1, err
		}
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFLNK:
			buf := make([]byte, 4096)
			n, err := unix.Readlinkat(d, "", buf)
			unix.Close(d)
			if links++; links > maxSymlinks {
				return -1, unix.ELOOP
			}
			if err != nil {
				return -1, err
			}
			target := string(buf[:n])
			if strings.HasPrefix(target, "/") {
				for _, d := range dirs[1:] {
					unix.Close(d)
				}
				dirs = dirs[:1]
			}
			rest = append(strings.Split(target, "/"), rest...)
		case unix.S_IFDIR:
			if last {
				unix.Close(d)
				return unix.Openat(dir, c, flags|unix.O_NOFOLLOW, mode)
			}
			dirs = append(dirs, d)
		default:
			unix.Close(d)
			if !last {
				return -1, unix.ENOTDIR
			}
			return unix.Openat(dir, c, flags|unix.O_NOFOLLOW, mode)
		}
	}
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
	return t.fsOf().root == "" || kernelFS(t.fsOf().walkRoot(), name)
}

// hostName returns a host path naming what the guest's path names for t's
// process (its root, else the sysroot's lookup), relative to the runner's
// working directory, for host calls that take no directory descriptor,
// or the errno of the lookup in the process's root.
func (t *Thread) hostName(path string, follow bool) (string, int) {
	if t.fsOf().root != "" {
		return t.rootName(path, howOf(follow))
	}
	return t.hostRel(t.p.hostPath(path, follow)), 0
}

// rootName is hostName in t's process's chroot(2) root, for a call of
// kind how.
func (t *Thread) rootName(path string, how lookupHow) (string, int) {
	{
		d, p, e := t.chrootAt(t.cwd(), path, how)
		switch {
		case e != 0:
			return "", e
		case d == unix.AT_FDCWD || strings.HasPrefix(p, "/"):
			return p, 0
		}
		return "/proc/self/fd/" + itoa(d) + "/" + p, 0
	}
}

// unixPathIn returns sockaddr sa (host byte order) with the path of an
// AF_UNIX address as a host path to what it names for t's process: in a
// chroot(2) root, what it names in the root (rootName, for a call of kind
// how); without one, a relative path from the process's working directory
// when that is not the runner's own (hostRel: the host's bind, connect
// and sendto would look it up from the runner's). Other addresses,
// abstract ones, absolute paths of a process without a root and relative
// ones from the runner's working directory are as they are. A host path
// longer than sun_path holds is ENAMETOOLONG (a name near the limit in a
// deep directory or after /proc/self/fd/N/; Linux's own limit is the
// guest's).
func (t *Thread) unixPathIn(sa []byte, how lookupHow) ([]byte, int) {
	if len(sa) <= 2 || binary.NativeEndian.Uint16(sa) != unix.AF_UNIX || sa[2] == 0 {
		return sa, 0
	}
	path := sa[2:]
	if i := bytes.IndexByte(path, 0); i >= 0 {
		path = path[:i]
	}
	var host string
	switch {
	case t.fsOf().root != "":
		var e int
		if host, e = t.rootName(string(path), how); e != 0 {
			return nil, e
		}
	case path[0] != '/' && t.cwd() >= 0:
		host = t.hostRel(string(path))
	default:
		return sa, 0
	}
	if len(host) >= len(unix.RawSockaddrUnix{}.Path) {
		return nil, abi.ENAMETOOLONG
	}
	return append(append(sa[:2:2], host...), 0), 0
}

// boundIn records that a socket was bound to sun_path host for the
// guest's sun_path guest (unixPathIn: in a chroot(2) root, or relative to
// a working directory not the runner's), so that the
// names the host reports for it are the guest's (guestSockaddr). The host
// name is a runner descriptor's /proc/self/fd entry and the last name: a
// later bind through a descriptor of the same number to the same last
// name replaces the entry.
func (p *Process) boundIn(host, guest []byte) {
	if p.unixNames == nil {
		p.unixNames = map[string][]byte{}
	}
	if i := bytes.IndexByte(guest, 0); i >= 0 {
		guest = guest[:i]
	}
	p.unixNames[string(bytes.TrimRight(host, "\x00"))] = append(bytes.Clone(guest), 0)
}

// guestSockaddr returns host sockaddr sa (host byte order) that
// getsockname, getpeername or accept gave, with the guest's name for an
// AF_UNIX socket bound under another host name (boundIn), as Linux keeps
// the name bind was given.
func (p *Process) guestSockaddr(sa []byte) []byte {
	if len(sa) <= 2 || binary.NativeEndian.Uint16(sa) != unix.AF_UNIX {
		return sa
	}
	if g, ok := p.unixNames[string(bytes.TrimRight(sa[2:], "\x00"))]; ok {
		return append(sa[:2:2], g...)
	}
	return sa
}

// rootFor returns the host directory t's process's absolute paths start
// from: its chroot(2) root, else the sysroot, else "/".
func (t *Thread) rootFor() string {
	switch {
	case t.fsOf().root != "":
		return t.fsOf().root
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

// interpHost returns the host path of a program's interpreter
// (PT_INTERP) for t's process: looked up in its chroot(2) root, and only
// there (Linux's open_exec of the name in the new program's root), else
// in the sysroot and then the host (lookupPath).
func (t *Thread) interpHost(name string) (string, error) {
	if t.fsOf().root != "" {
		h, e := t.hostName(name, true)
		if e != 0 {
			return "", unix.Errno(e)
		}
		return h, nil
	}
	return lookupPath(t.p.sysWalk, name, true), nil
}

// realHost returns host path host with the prefix through the root's
// descriptor (fsState.walkRoot) or the sysroot's (Process.sysWalk)
// replaced by the directory's path, for names shown to the guest
// (/proc/PID/exe, /proc/PID/maps) and paths given to other processes.
func (t *Thread) realHost(host string) string {
	fs := t.fsOf()
	for _, d := range t.lookups {
		// A descriptor a lookup in the root opened (chrootAt).
		if w := "/proc/self/fd/" + itoa(d); host == w || strings.HasPrefix(host, w+"/") {
			if p, err := fdPath(d); err == nil && strings.HasPrefix(p, "/") {
				return p + host[len(w):]
			}
		}
	}
	if w := fs.walkRoot(); fs.root != "" && w != fs.root && (host == w || strings.HasPrefix(host, w+"/")) {
		return fs.root + host[len(w):]
	}
	if w, r := t.p.sysWalk, t.p.cfg.Sysroot; r != "" && w != r && (host == w || strings.HasPrefix(host, w+"/")) {
		return r + host[len(w):]
	}
	return host
}
