//go:build linux

package linux

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// GDB's host I/O (gdbstub.Files) under run -gdb: GDB reads the debugged
// process's files as the process itself would open them for reading —
// its executable and libraries under the -L sysroot (GDB's default
// sysroot "target:"), its /proc/PID files as the runner answers them for
// the guest (maps, whose [vdso] line gives GDB the vDSO's range; cmdline,
// exe, cwd, ...) — and nothing the process could not open itself. Only
// regular files are served (a directory is EISDIR, a device, FIFO or
// socket EACCES: an open of one may act); /proc/PID/mem and the fd and
// task listings are refused (GDB reads memory with its m packets).

var (
	_ gdbstub.Files   = (*liveDebugger)(nil)
	_ gdbstub.Process = (*liveDebugger)(nil)
)

// Pid implements gdbstub.Process: the debugged process's id, as the
// program sees it.
func (d *liveDebugger) Pid() int { return d.group.tgid }

// OpenFile implements gdbstub.Files for the debugged process (the Server
// checks that pid names it).
func (d *liveDebugger) OpenFile(pid int, path string) (gdbstub.File, error) {
	t := d.group.anyThread()
	if t == nil {
		return nil, fs.ErrNotExist // its end: no files
	}
	fd, e := t.debugOpen(path)
	if e != 0 {
		return nil, gdbErrno(e)
	}
	return regularFile(fd, path)
}

// regularFile is the File of host descriptor fd (named path), if a
// regular file; else it closes fd and returns EISDIR for a directory,
// EACCES for anything else (an open of a device, FIFO or socket may act).
func regularFile(fd int, path string) (gdbstub.File, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, gdbErrno(errnoOf(err))
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
	case unix.S_IFDIR:
		unix.Close(fd)
		return nil, gdbstub.FileEISDIR
	default:
		unix.Close(fd)
		return nil, gdbstub.FileEACCES
	}
	return hostFile{os.NewFile(uintptr(fd), path)}, nil
}

// SysrootFiles is GDB's host I/O (gdbstub.Files) for replay -gdb: the
// regular files under the host directory it names, a recording's sysroot
// (record.Header.Sysroot, or replay's -L), read-only, each absolute path
// looked up in it as the run looked it up there first (lookupPath: ".."
// stops at the sysroot, an absolute link's target starts again there).
// Nothing outside it is served: not the host's files the run fell back
// to (the replay may run elsewhere), nor /proc, /dev or /sys (a replay's
// /proc/PID/maps is record.GDBTarget's). The files are served as the host
// has them now, which the recording does not check.
type SysrootFiles string

var _ gdbstub.Files = SysrootFiles("")

// OpenFile implements gdbstub.Files.
func (root SysrootFiles) OpenFile(pid int, path string) (gdbstub.File, error) {
	host, ok := inSysroot(string(root), path, true)
	if !ok || root == "/" {
		return nil, gdbstub.FileENOENT
	}
	fd, err := unix.Open(host, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, gdbErrno(errnoOf(err))
	}
	return regularFile(fd, host)
}

// ReadLink implements gdbstub.Files: a replay has no links to tell.
func (root SysrootFiles) ReadLink(pid int, path string) (string, error) {
	return "", gdbstub.FileENOENT
}

// ReadLink implements gdbstub.Files: the link's target as the debugged
// process's readlink gives it.
func (d *liveDebugger) ReadLink(pid int, path string) (string, error) {
	t := d.group.anyThread()
	if t == nil {
		return "", fs.ErrNotExist
	}
	target, e := t.readlinkTarget(unix.AT_FDCWD, path)
	if e != 0 {
		return "", gdbErrno(e)
	}
	return target, nil
}

// debugOpen opens path for reading as t's open(path, O_RDONLY) resolves
// it (procLookup, the sysroot, a chroot(2) root), without acting on the
// file: non-blocking, never a controlling terminal. It returns the host
// descriptor, or an errno.
func (t *Thread) debugOpen(raw string) (int, int) {
	const flags = unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NOCTTY | unix.O_NONBLOCK
	dirfd, path := unix.AT_FDCWD, raw
	if ref, host, own := t.procLookup(dirfd, raw); own {
		if host == "" {
			switch ref.entry {
			case "fd", "task", "mem":
				return -1, abi.EACCES
			}
			return t.procOpenFD(ref, unix.O_RDONLY)
		}
		path = host
	} else if path = t.pathOf(raw); t.fsOf().root == "" {
		var e int
		if dirfd, path, e = t.lookupAt(dirfd, path, true); e != 0 {
			return -1, e
		}
	} else if guest, host, in := t.rootPath(dirfd, path); host != "" {
		path = host
	} else if in {
		rootd, e := t.rootDir()
		if e != 0 {
			return -1, e
		}
		fd, err := openInRoot(rootd, guest, flags, 0)
		if err != nil {
			return -1, errnoOf(err)
		}
		return fd, 0
	}
	fd, err := unix.Openat(dirfd, path, flags, 0)
	if err != nil {
		return -1, errnoOf(err)
	}
	return fd, 0
}

// gdbErrnos are GDB's File-I/O errnos of Linux's errnos (the rest are
// EUNKNOWN to GDB).
var gdbErrnos = map[int]gdbstub.FileErrno{
	abi.EPERM: gdbstub.FileEPERM, abi.ENOENT: gdbstub.FileENOENT, abi.EINTR: gdbstub.FileEINTR,
	abi.EBADF: gdbstub.FileEBADF, abi.EACCES: gdbstub.FileEACCES, abi.EFAULT: gdbstub.FileEFAULT,
	abi.EBUSY: gdbstub.FileEBUSY, abi.EEXIST: gdbstub.FileEEXIST, int(unix.ENODEV): gdbstub.FileENODEV,
	abi.ENOTDIR: gdbstub.FileENOTDIR, abi.EISDIR: gdbstub.FileEISDIR, abi.EINVAL: gdbstub.FileEINVAL,
	abi.ENFILE: gdbstub.FileENFILE, abi.EMFILE: gdbstub.FileEMFILE, abi.EFBIG: gdbstub.FileEFBIG,
	abi.ENOSPC: gdbstub.FileENOSPC, abi.ESPIPE: gdbstub.FileESPIPE, abi.EROFS: gdbstub.FileEROFS,
	abi.ENAMETOOLONG: gdbstub.FileENAMETOOLONG,
}

// gdbErrno is Linux's errno e as GDB is told it.
func gdbErrno(e int) error {
	if g, ok := gdbErrnos[e]; ok {
		return g
	}
	return gdbstub.FileEUNKNOWN
}

// hostFile is a File of a host descriptor.
type hostFile struct{ f *os.File }

func (h hostFile) ReadAt(p []byte, off int64) (int, error) { return h.f.ReadAt(p, off) }
func (h hostFile) Close() error                            { return h.f.Close() }

func (h hostFile) Stat() (gdbstub.FileStat, error) {
	var st unix.Stat_t
	if err := unix.Fstat(int(h.f.Fd()), &st); err != nil {
		return gdbstub.FileStat{}, gdbErrno(errnoOf(err))
	}
	return gdbstub.FileStat{
		Dev: uint32(st.Dev), Ino: uint32(st.Ino), Mode: st.Mode, Nlink: uint32(st.Nlink),
		UID: st.Uid, GID: st.Gid, Rdev: uint32(st.Rdev), Size: uint64(st.Size),
		BlockSize: uint64(st.Blksize), Blocks: uint64(st.Blocks),
		Atime: uint32(st.Atim.Sec), Mtime: uint32(st.Mtim.Sec), Ctime: uint32(st.Ctim.Sec),
	}, nil
}
