//go:build linux

package linux

import (
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// fsState is what CLONE_FS shares (Linux's fs_struct): a process's working
// directory and umask. Every guest process has its own, copied at fork, so
// a child's chdir or umask does not move its parent's. The host process
// has one working directory, shared by all, so the runner never changes
// it: a guest working directory other than the runner's is a host
// descriptor (O_PATH) that relative paths are resolved against — AT_FDCWD
// given by the guest becomes that descriptor (Thread.fd), and the system
// calls without a directory argument use their *at forms with it. The
// umask is applied by the host, which has one too: the process lock's
// holder sets the host's umask to its own when it differs (Thread.lock),
// and the runner holds the lock while a host call creates a file.
type fsState struct {
	cwd   int    // a host O_PATH descriptor of the directory, or AT_FDCWD: the runner's own
	umask uint32 // the file mode creation mask
	root  string // the host path of the root chroot(2) chose (chroot.go), "" for none
	rootd int    // with root, a host O_PATH descriptor of it, through which paths are resolved
	users int    // a thread's own (Thread.ownFS): the threads holding it
}

// copy returns a copy of fs with a descriptor of its own (fork,
// unshare(CLONE_FS)), held by no thread yet.
func (fs *fsState) copy() fsState {
	c := *fs
	c.users = 0
	if fs.cwd >= 0 {
		if d, err := unix.FcntlInt(uintptr(fs.cwd), unix.F_DUPFD_CLOEXEC, 3); err == nil {
			c.cwd = d
		} else {
			c.cwd = unix.AT_FDCWD // out of descriptors: the runner's directory
		}
	}
	if fs.root != "" {
		if d, err := unix.FcntlInt(uintptr(fs.rootd), unix.F_DUPFD_CLOEXEC, 3); err == nil {
			c.rootd = d
		} else {
			c.rootd = -1 // out of descriptors: the root is reached by its path
		}
	}
	return c
}

// release closes fs's descriptors (the process ended).
func (fs *fsState) release() {
	fs.releaseCwd()
	fs.setRoot("", -1)
}

// releaseCwd closes fs's working directory descriptor.
func (fs *fsState) releaseCwd() {
	if fs.cwd >= 0 {
		_ = unix.Close(fs.cwd)
		fs.cwd = unix.AT_FDCWD
	}
}

// setCwd makes the directory at host descriptor d, which it takes, the
// working directory.
func (fs *fsState) setCwd(d int) {
	fs.releaseCwd()
	fs.cwd = d
}

// setRoot makes the directory at host path root, whose O_PATH descriptor
// d it takes, the root ("" and -1: none).
func (fs *fsState) setRoot(root string, d int) {
	if fs.root != "" && fs.rootd >= 0 {
		_ = unix.Close(fs.rootd)
	}
	fs.root, fs.rootd = root, d
}

// walkRoot is the host path through which paths in fs's root are
// resolved: its descriptor's /proc/self/fd entry, which reaches it
// whatever the directories above it let the guest's ids search (as the
// kernel's walk from a root never looks above it), or its path.
func (fs *fsState) walkRoot() string {
	if fs.rootd >= 0 {
		return "/proc/self/fd/" + strconv.Itoa(fs.rootd)
	}
	return fs.root
}

// cwd returns the host descriptor relative paths of t's process are
// resolved against (AT_FDCWD for the runner's own working directory).
func (t *Thread) cwd() int { return t.fsOf().cwd }

// fsOf is t's fs_struct: its own after unshare(CLONE_FS) in a process of
// several threads (shared with the threads it then creates), else its
// process's.
func (t *Thread) fsOf() *fsState {
	if t.ownFS != nil {
		return t.ownFS
	}
	return &t.group.fs
}

// unshareFS gives t an fs_struct of its own, a copy of the one it shares
// (Linux's unshare_fs; nothing when no other thread holds it).
func (t *Thread) unshareFS() {
	if t.ownFS != nil && t.ownFS.users == 1 || t.ownFS == nil && len(t.group.threads) == 1 {
		return
	}
	c := t.fsOf().copy()
	t.dropFS()
	c.users = 1
	t.ownFS = &c
}

// dropFS ends t's hold of its own fs_struct, if it has one (the thread
// ends or unshares it): the last thread holding it closes its
// descriptors.
func (t *Thread) dropFS() {
	if t.ownFS == nil {
		return
	}
	if t.ownFS.users--; t.ownFS.users == 0 {
		t.ownFS.release()
	}
	t.ownFS = nil
}

// leaderFS is the fs_struct of g's leader (/proc/PID/cwd and root), or
// g's own when the leader has ended.
func (g *threadGroup) leaderFS() *fsState {
	if u := g.threads[g.tgid]; u != nil {
		return u.fsOf()
	}
	return &g.fs
}

// fs is the fs_struct ref's /proc entries give: its thread's, or its
// process leader's.
func (ref procRef) fs() *fsState {
	if ref.u != nil {
		return ref.u.fsOf()
	}
	return ref.g.leaderFS()
}

// hostRel returns a host path naming what the guest's path names relative
// to its working directory, for host calls that take no directory
// descriptor: a relative path goes through the directory descriptor's
// /proc/self/fd entry.
func (t *Thread) hostRel(path string) string {
	if d := t.cwd(); d >= 0 && !strings.HasPrefix(path, "/") {
		return "/proc/self/fd/" + strconv.Itoa(d) + "/" + path
	}
	return path
}

// cwdPath returns the absolute host path of t's working directory.
func (t *Thread) cwdPath() (string, int) {
	d := t.cwd()
	if d < 0 {
		buf := make([]byte, 4096)
		n, err := unix.Getcwd(buf)
		if err != nil {
			return "", errnoOf(err)
		}
		return string(buf[:n-1]), 0 // Getcwd counts the NUL
	}
	buf := make([]byte, 4096)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(d), buf)
	if err != nil {
		return "", errnoOf(err)
	}
	dir := string(buf[:n])
	if !strings.HasPrefix(dir, "/") {
		return "", abi.ENOENT
	}
	if strings.HasSuffix(dir, " (deleted)") {
		var st unix.Stat_t
		if unix.Fstat(d, &st) == nil && st.Nlink == 0 {
			return "", abi.ENOENT // Linux's getcwd of a removed directory
		}
	}
	return dir, 0
}

// chdirTo makes the directory at host path (relative to dirfd) t's
// process's working directory: ENOTDIR for what is not a directory,
// EACCES without search permission, as chdir(2).
func (t *Thread) chdirTo(dirfd int, path string, flags int) int {
	d, err := unix.Openat(dirfd, path, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC|flags, 0)
	if err != nil {
		return errnoOf(err)
	}
	if err := t.faccessat(d, "", unix.X_OK, unix.AT_EMPTY_PATH|unix.AT_EACCESS); err != nil && err != unix.EINVAL {
		unix.Close(d)
		return errnoOf(err)
	}
	if d < 3 {
		// Keep 0-2 free for the runner's own stdio.
		nd, err := unix.FcntlInt(uintptr(d), unix.F_DUPFD_CLOEXEC, 3)
		unix.Close(d)
		if err != nil {
			return errnoOf(err)
		}
		d = nd
	}
	t.fsOf().setCwd(d)
	return 0
}

func sysChdir(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	d, host, e := t.lookupAt(t.cwd(), path, true)
	if e != 0 {
		return 0, e
	}
	return 0, t.chdirTo(d, host, 0)
}

func sysFchdir(t *Thread, a *sysArgs) (uint64, int) {
	h := t.files.get(a.Fd(0))
	if h < 0 {
		return 0, abi.EBADF
	}
	return 0, t.chdirTo(h, ".", 0)
}

func sysGetcwd(t *Thread, a *sysArgs) (uint64, int) {
	dir, e := t.cwdPath()
	if e != 0 {
		return 0, e
	}
	if root := t.fsOf().root; root != "" {
		// Below a chroot(2) root its name there, else Linux's
		// "(unreachable)" before the name from the real root (chroot.go).
		if g, ok := guestIn(root, dir); ok {
			dir = g
		} else {
			dir = "(unreachable)" + t.guestPath(dir)
		}
	} else if root := t.p.cfg.Sysroot; root != "" && (dir == root || strings.HasPrefix(dir, root+"/")) {
		// Inside the sysroot the guest sees its own names, as in a chroot.
		dir = "/" + strings.TrimLeft(dir[len(root):], "/")
	}
	b := append([]byte(dir), 0)
	if uint64(len(b)) > a.Size(1) {
		return 0, abi.ERANGE
	}
	return uint64(len(b)), t.write(a.Ptr(0), b)
}

func sysUmask(t *Thread, a *sysArgs) (uint64, int) {
	old := t.fsOf().umask
	t.fsOf().umask = a.Uint(0) & 0o777
	t.p.syncUmask(t.fsOf().umask)
	return uint64(old), 0
}

// syncUmask sets the host's umask to m if it is not that already (the
// process lock is held).
func (p *Process) syncUmask(m uint32) {
	if p.hostUmask != m {
		unix.Umask(int(m))
		p.hostUmask = m
	}
}

// hostUmaskNow reads the host's umask (without changing it).
func hostUmaskNow() uint32 {
	m := unix.Umask(0o22)
	unix.Umask(m)
	return uint32(m)
}

// exe returns the host path of t's process's program (/proc/self/exe).
func (t *Thread) exe() string { return t.p.exeOf(t.group) }

// exePath is the absolute host path of the program at host path, with
// symbolic links resolved, as /proc/PID/exe names it.
func exePath(host string) string {
	if r, err := filepath.EvalSymlinks(host); err == nil {
		host = r
	}
	if a, err := filepath.Abs(host); err == nil {
		host = a
	}
	return host
}
