//go:build linux

package linux

import (
	"encoding/binary"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

func sysOpen(t *Thread, a *sysArgs) (uint64, int) {
	return openat(t, t.cwd(), a.Ptr(0), a.Ulong(1), a.Ulong(2))
}

// sysCreat is creat(path, mode): open with O_CREAT|O_WRONLY|O_TRUNC.
func sysCreat(t *Thread, a *sysArgs) (uint64, int) {
	return openat(t, t.cwd(), a.Ptr(0), abi.O_CREAT|abi.O_WRONLY|abi.O_TRUNC, a.Ulong(1))
}

func sysOpenat(t *Thread, a *sysArgs) (uint64, int) {
	return openat(t, t.fd(a.Fd(0)), a.Ptr(1), a.Ulong(2), a.Ulong(3))
}

func sysClose(t *Thread, a *sysArgs) (uint64, int) {
	if h := t.files.get(a.Int(0)); h >= 0 && h != badFD {
		t.p.recRelease(t.group, h) // its record locks on the file (reclock.go)
	}
	e := t.files.close(a.Int(0))
	t.p.mqClosed(t.group)
	return 0, e
}

func sysCloseRange(t *Thread, a *sysArgs) (uint64, int) {
	e := t.files.closeRange(a.Uint(0), a.Uint(1), a.Ulong(2))
	t.p.mqClosed(t.group)
	return 0, e
}

func sysLlseek(t *Thread, a *sysArgs) (uint64, int) {
	// _llseek(fd, offset_high, offset_low, loff_t *result, whence), what
	// glibc's lseek64 calls on powerpc (e.g. in fdopen and dprintf).
	off, e := t.seek(a.Fd(0), int64(a.Size(1)<<32|a.Size(2)&0xffffffff), a.Int(4))
	if e != 0 {
		return 0, e
	}
	return 0, t.put64(a.Ptr(3), uint64(off))
}

func sysLseek(t *Thread, a *sysArgs) (uint64, int) {
	off, e := t.seek(a.Fd(0), int64(a.Long(1)), a.Int(2))
	return uint64(off), e
}

// seek is lseek and _llseek of guest descriptor fd.
func (t *Thread) seek(fd int, off int64, whence int) (int64, int) {
	h := t.fd(fd)
	if t.files.memfds[h] != nil && whence != unix.SEEK_SET && whence != unix.SEEK_CUR {
		return 0, abi.EINVAL // /proc/self/mem (procmem.go): Linux's mem_lseek
	}
	if t.files.pidfds[h] != nil {
		return 0, abi.ESPIPE // a pidfd has no llseek (its host timerfd's is noop_llseek)
	}
	if whence != unix.SEEK_SET && whence != unix.SEEK_CUR {
		if f, ok := procFileOf(h); ok && f.seek != seekMem {
			return procFileSeek(f, h, off, whence)
		}
	}
	off, err := unix.Seek(h, off, whence)
	return off, errnoOf(err)
}

func sysFstat(t *Thread, a *sysArgs) (uint64, int) {
	var st unix.Stat_t
	if err := unix.Fstat(t.fd(a.Fd(0)), &st); err != nil {
		return 0, errnoOf(err)
	}
	return 0, t.putStat(a.Ptr(1), &st)
}

func sysStat(t *Thread, a *sysArgs) (uint64, int) {
	return fstatat(t, t.cwd(), a.Ptr(0), a.Ptr(1), 0)
}

func sysLstat(t *Thread, a *sysArgs) (uint64, int) {
	return fstatat(t, t.cwd(), a.Ptr(0), a.Ptr(1), unix.AT_SYMLINK_NOFOLLOW)
}

func sysNewfstatat(t *Thread, a *sysArgs) (uint64, int) {
	return fstatat(t, t.fd(a.Fd(0)), a.Ptr(1), a.Ptr(2), a.Int(3))
}

func sysReadlink(t *Thread, a *sysArgs) (uint64, int) {
	return readlinkat(t, t.cwd(), a.Ptr(0), a.Ptr(1), a.Ulong(2))
}

func sysReadlinkat(t *Thread, a *sysArgs) (uint64, int) {
	return readlinkat(t, t.fd(a.Fd(0)), a.Ptr(1), a.Ptr(2), a.Ulong(3))
}

func sysFcntl(t *Thread, a *sysArgs) (uint64, int) {
	cmd := a.Int(1)
	switch cmd {
	case unix.F_DUPFD, unix.F_DUPFD_CLOEXEC:
		return t.dupLowest(t.fd(a.Fd(0)), a.Int(2), cmd == unix.F_DUPFD_CLOEXEC)
	case unix.F_GETFD, unix.F_SETFD, unix.F_GETFL, unix.F_SETFL, unix.F_GETPIPE_SZ, unix.F_SETPIPE_SZ, unix.F_ADD_SEALS, unix.F_GET_SEALS:
		h := t.fd(a.Fd(0))
		if cmd == unix.F_ADD_SEALS || cmd == unix.F_GET_SEALS {
			if _, ok := procFileOf(h); ok {
				return 0, abi.EINVAL // memfd_fcntl: not a shmem file
			}
		}
		arg := a.Int(2)
		old := -1
		if cmd == unix.F_SETFL {
			// O_ASYNC is the runner's (asyncio.go): the host's flag
			// (open's) is never set, and the host's fasync of a clear
			// finds no entry.
			arg = openFlags(a.Ulong(2)) &^ unix.O_ASYNC
			old, _ = unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
		}
		v, err := unix.FcntlInt(uintptr(h), cmd, arg)
		if err == nil && cmd == unix.F_GETFL {
			if _, ok := t.files.procWrites[h]; ok && v&unix.O_ACCMODE == unix.O_RDONLY {
				v |= unix.O_RDWR // read and written: the host's is read-only (procWritableOpen)
			}
			if t.asyncFlag(h, v) {
				v |= unix.O_ASYNC
			}
			v = guestOpenFlags(v)
		}
		if err == nil && cmd == unix.F_SETFL {
			// setfl calls the fasync before it changes the flags: one
			// that refuses leaves them (a file without one: ENOTTY,
			// the flag only is left).
			if e := t.setAsync(a.Fd(0), h, openFlags(a.Ulong(2))&unix.O_ASYNC != 0); e != 0 && e != abi.ENOTTY {
				if old >= 0 {
					_, _ = unix.FcntlInt(uintptr(h), unix.F_SETFL, old)
				}
				return 0, e
			}
		}
		return uint64(v), errnoOf(err)
	case unix.F_GETLK, unix.F_SETLK, unix.F_SETLKW, unix.F_OFD_GETLK, unix.F_OFD_SETLK, unix.F_OFD_SETLKW:
		return 0, fcntlLock(t, t.fd(a.Fd(0)), cmd, a.Ptr(2))
	case unix.F_NOTIFY:
		return 0, dirNotify(t.fd(a.Fd(0)), uint32(a.Ulong(2)))
	case unix.F_GETOWN, unix.F_SETOWN, unix.F_GETOWN_EX, unix.F_SETOWN_EX, unix.F_GETSIG, unix.F_SETSIG:
		return fcntlOwner(t, t.fd(a.Fd(0)), cmd, a.Ulong(2))
	case unix.F_GETLEASE, unix.F_SETLEASE:
		return fcntlLease(t, a.Fd(0), t.fd(a.Fd(0)), cmd, a.Ulong(2))
	}
	return 0, abi.EINVAL
}

// dnMultishot is F_NOTIFY's DN_MULTISHOT, the flag that keeps a watch.
const dnMultishot = 0x80000000

// dirNotify is fcntl's F_NOTIFY (dnotify) on the host's descriptor fd,
// with Linux's unsigned int argument: a mask of no events (DN_MULTISHOT
// alone, or 0) removes the caller's watch and is 0, and a watch on a
// descriptor that is not a directory is ENOTDIR, as the host answers
// them (fcntl_dirnotify; CPython's test_fcntl passes DN_MULTISHOT). A
// watch on a directory is EINVAL, Linux's answer when dnotify is off
// (fs.dir-notify-enable 0): its SIGIO would go to the runner's host
// process, not to the guest, so the runner sets none (a guest watch is
// not kept either, so there is none to remove).
func dirNotify(fd int, arg uint32) int {
	if arg&^dnMultishot != 0 {
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			return errnoOf(err)
		}
		if st.Mode&unix.S_IFMT == unix.S_IFDIR {
			return abi.EINVAL
		}
	}
	_, err := unix.FcntlInt(uintptr(fd), unix.F_NOTIFY, int(arg))
	return errnoOf(err)
}

// fcntlLock is fcntl's record locks, on the host's descriptor fd with the
// guest's struct flock at addr (Linux's order: the descriptor, EBADF, then
// the structure, EFAULT; the host checks the lock). A waiting F_SETLKW or
// F_OFD_SETLKW tries the lock without waiting, then again after a pause
// that a signal interrupts (EINTR, or a restart under SA_RESTART), as
// Linux's wait is interruptible; the host's own wait would hold the
// thread past its signals.
func fcntlLock(t *Thread, fd, cmd int, addr uint64) int {
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err != nil {
		return errnoOf(err)
	}
	gl, e := getStruct(t, addr, abi.FlockLayout)
	if e != 0 {
		return e
	}
	fl := unix.Flock_t{Type: gl.Type, Whence: gl.Whence, Start: gl.Start, Len: gl.Len, Pid: gl.Pid}
	wait := cmd == unix.F_SETLKW || cmd == unix.F_OFD_SETLKW
	switch cmd {
	case unix.F_SETLKW:
		cmd = unix.F_SETLK
	case unix.F_OFD_SETLKW:
		cmd = unix.F_OFD_SETLK
	}
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		e, done := t.recLockStep(fd, cmd, &fl) // between guest processes (reclock.go)
		if !done {
			e = errnoOf(unix.FcntlFlock(uintptr(fd), cmd, &fl))
		}
		if !wait || (e != abi.EAGAIN && e != abi.EACCES) {
			if e != 0 {
				return e
			}
			break
		}
		if cmd == unix.F_SETLK && done {
			// A process-owned lock another guest process holds.
			if t.recDeadlock(fd, &fl) {
				t.recWaitDone()
				return int(unix.EDEADLK) // 35 on powerpc too (asm-generic)
			}
			defer t.recWaitDone()
		}
		switch t.waitFor(nil, pause) {
		case waitExit:
			return errExit
		case waitSignal:
			return errRestart
		}
	}
	if cmd == unix.F_GETLK || cmd == unix.F_OFD_GETLK {
		gl = abi.Flock{Type: fl.Type, Whence: fl.Whence, Start: fl.Start, Len: fl.Len, Pid: fl.Pid}
		return putStruct(t, addr, abi.FlockLayout, &gl)
	}
	return 0
}

func sysDup(t *Thread, a *sysArgs) (uint64, int) { return t.dupLowest(t.fd(a.Fd(0)), 0, false) }

func sysDup2(t *Thread, a *sysArgs) (uint64, int) {
	old := t.fd(a.Fd(0))
	if old == badFD || old < 0 {
		return 0, abi.EBADF
	}
	if a.Fd(0) == a.Fd(1) {
		return uint64(a.Fd(1)), 0
	}
	return t.dupTo(old, a.Int(1), false)
}

func sysDup3(t *Thread, a *sysArgs) (uint64, int) {
	old := t.fd(a.Fd(0))
	if old == badFD || old < 0 {
		return 0, abi.EBADF
	}
	if a.Fd(0) == a.Fd(1) || a.Ulong(2)&^unix.O_CLOEXEC != 0 {
		return 0, abi.EINVAL
	}
	return t.dupTo(old, a.Int(1), a.Ulong(2)&unix.O_CLOEXEC != 0)
}

func sysPipe2(t *Thread, a *sysArgs) (uint64, int) { return pipe2(t, a.Ptr(0), a.Ulong(1)) }

func sysPipe(t *Thread, a *sysArgs) (uint64, int) { return pipe2(t, a.Ptr(0), 0) }

func sysMkdirat(t *Thread, a *sysArgs) (uint64, int) {
	return withPathAt(t, a.Fd(0), a.Ptr(1), lookParent, func(d int, path string) error { return unix.Mkdirat(d, path, a.Uint(2)) })
}

func sysMkdir(t *Thread, a *sysArgs) (uint64, int) {
	return withPathAt(t, unix.AT_FDCWD, a.Ptr(0), lookParent, func(d int, path string) error { return unix.Mkdirat(d, path, a.Uint(1)) })
}

func sysUnlinkat(t *Thread, a *sysArgs) (uint64, int) {
	return withPathAt(t, a.Fd(0), a.Ptr(1), lookParent, func(d int, path string) error {
		if a.Int(2)&^unix.AT_REMOVEDIR == 0 && procSysParent(d, path) {
			return unix.EROFS // the read-only /proc/sys (procsys.go)
		}
		return unix.Unlinkat(d, path, a.Int(2))
	})
}

func sysUnlink(t *Thread, a *sysArgs) (uint64, int) {
	return withPathAt(t, unix.AT_FDCWD, a.Ptr(0), lookParent, func(d int, path string) error {
		if procSysParent(d, path) {
			return unix.EROFS // the read-only /proc/sys (procsys.go)
		}
		return unix.Unlinkat(d, path, 0)
	})
}

func sysRmdir(t *Thread, a *sysArgs) (uint64, int) {
	return withPathAt(t, unix.AT_FDCWD, a.Ptr(0), lookParent, func(d int, path string) error {
		if procSysParent(d, path) {
			return unix.EROFS // the read-only /proc/sys (procsys.go)
		}
		return unix.Unlinkat(d, path, unix.AT_REMOVEDIR)
	})
}

func sysRenameat(t *Thread, a *sysArgs) (uint64, int) {
	return renameat(t, a.Fd(0), a.Ptr(1), a.Fd(2), a.Ptr(3), 0)
}

func sysRenameat2(t *Thread, a *sysArgs) (uint64, int) {
	return renameat(t, a.Fd(0), a.Ptr(1), a.Fd(2), a.Ptr(3), uint(a.Uint(4)))
}

func sysRename(t *Thread, a *sysArgs) (uint64, int) {
	return renameat(t, unix.AT_FDCWD, a.Ptr(0), unix.AT_FDCWD, a.Ptr(1), 0) // AT_FDCWD: the guest's (renameat translates)
}

func sysSymlinkat(t *Thread, a *sysArgs) (uint64, int) {
	target, e := t.str(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	return withPathAt(t, a.Fd(1), a.Ptr(2), lookParent, func(d int, path string) error { return unix.Symlinkat(target, d, path) })
}

func sysSymlink(t *Thread, a *sysArgs) (uint64, int) {
	target, e := t.str(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	return withPathAt(t, unix.AT_FDCWD, a.Ptr(1), lookParent, func(d int, path string) error { return unix.Symlinkat(target, d, path) })
}

func sysFchmodat(t *Thread, a *sysArgs) (uint64, int) {
	return withPathAt(t, a.Fd(0), a.Ptr(1), lookFollow, func(d int, path string) error {
		if err := procSysROErr(d, path, true); err != nil {
			return err // the read-only /proc/sys (procsys.go)
		}
		return unix.Fchmodat(d, path, a.Uint(2), 0)
	})
}

func sysFchmod(t *Thread, a *sysArgs) (uint64, int) {
	if procSysHostFD(t.fd(a.Fd(0))) {
		return 0, abi.EROFS // the read-only /proc/sys (procsys.go)
	}
	if f, ok := procFileOf(t.fd(a.Fd(0))); ok && (!f.pde || !t.cred.capable(unix.CAP_FOWNER)) {
		// proc_nochmod_setattr, or not the owner (root) of a global
		// entry; the owner's chmod is not made (procfile.go).
		return 0, abi.EPERM
	} else if ok {
		return 0, 0
	}
	return 0, errnoOf(unix.Fchmod(t.fd(a.Fd(0)), a.Uint(1)))
}

func sysFtruncate(t *Thread, a *sysArgs) (uint64, int) {
	if e, ok := t.procFileTruncate(t.fd(a.Fd(0)), int64(a.Long(1))); ok {
		return 0, e
	}
	if e := t.fsizeGrow(t.fd(a.Fd(0)), "", int64(a.Long(1))); e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Ftruncate(t.fd(a.Fd(0)), int64(a.Long(1))))
}

func sysFsync(t *Thread, a *sysArgs) (uint64, int) {
	if e := procFileSync(t.fd(a.Fd(0))); e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Fsync(t.fd(a.Fd(0))))
}

func sysFdatasync(t *Thread, a *sysArgs) (uint64, int) {
	if e := procFileSync(t.fd(a.Fd(0))); e != 0 {
		return 0, e
	}
	return 0, errnoOf(unix.Fdatasync(t.fd(a.Fd(0))))
}

// sysSync is sync(2): the host's, which any process may ask for; it
// always succeeds, as Linux's.
func sysSync(t *Thread, a *sysArgs) (uint64, int) {
	unix.Sync()
	return 0, 0
}

func sysSyncfs(t *Thread, a *sysArgs) (uint64, int) { return 0, errnoOf(unix.Syncfs(t.fd(a.Fd(0)))) }

// sysSyncFileRange2 is powerpc64's sync_file_range2(fd, flags, offset,
// nbytes) (the flags second, so that the 64-bit offsets are aligned
// register pairs on 32-bit powerpc): the host's sync_file_range, whose
// checks (the descriptor, then the flags, then the range, then ESPIPE for
// what is not a file, a directory, a link or a block device) are
// ksys_sync_file_range's on every architecture.
func sysSyncFileRange2(t *Thread, a *sysArgs) (uint64, int) {
	return 0, errnoOf(unix.SyncFileRange(t.fd(a.Fd(0)), a.Long(2), a.Long(3), int(a.Uint(1))))
}

// sysReadahead is readahead(2) as Linux 6.1's ksys_readahead: EBADF for
// a descriptor not open for reading (an O_PATH one too), EINVAL for what
// is not a regular file, then the host's POSIX_FADV_WILLNEED (what
// readahead does, and a call every host architecture has without
// readahead's register pairs).
func sysReadahead(t *Thread, a *sysArgs) (uint64, int) {
	h := t.fd(a.Fd(0))
	if h < 0 || h == badFD {
		return 0, abi.EBADF
	}
	fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_PATH != 0 || fl&unix.O_ACCMODE == unix.O_WRONLY {
		return 0, abi.EBADF
	}
	var st unix.Stat_t
	if unix.Fstat(h, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return 0, abi.EINVAL
	}
	return 0, errnoOf(unix.Fadvise(h, a.Long(1), int64(a.Size(2)), unix.FADV_WILLNEED))
}

// sysGetcpu is getcpu(2): the guest runs on CPU guestCPU of node 0 (the
// third argument, a cache, has been unused since Linux 2.6.24). Both
// words are written when asked for; either failing is EFAULT.
func sysGetcpu(t *Thread, a *sysArgs) (uint64, int) {
	cpu, node := a.Ptr(0), a.Ptr(1)
	e := 0
	if cpu != 0 {
		e |= t.put32(cpu, guestCPU)
	}
	if node != 0 {
		e |= t.put32(node, 0)
	}
	if e != 0 {
		return 0, abi.EFAULT
	}
	return 0, 0
}

func sysFaccessat(t *Thread, a *sysArgs) (uint64, int) {
	return withPath(t, a.Ptr(1), func(path string) error {
		d, p, e := t.lookupAt(t.fd(a.Fd(0)), path, true)
		if e != 0 {
			return unix.Errno(e)
		}
		return t.faccessat(d, p, a.Uint(2), 0)
	})
}

func sysAccess(t *Thread, a *sysArgs) (uint64, int) {
	return withPath(t, a.Ptr(0), func(path string) error {
		d, p, e := t.lookupAt(t.cwd(), path, true)
		if e != 0 {
			return unix.Errno(e)
		}
		return t.faccessat(d, p, a.Uint(1), 0)
	})
}

// sysEventfd is eventfd(count): eventfd2 without flags.
func sysEventfd(t *Thread, a *sysArgs) (uint64, int) {
	return t.newFD(unix.Eventfd(uint(a.Uint(0)), 0))
}

func sysEventfd2(t *Thread, a *sysArgs) (uint64, int) {
	return t.newFD(unix.Eventfd(uint(a.Ulong(0)), openFlags(a.Ulong(1))))
}

// accessible returns how many of the n bytes at addr the guest may access
// with perm: all of them, or those before the first page it may not.
func (t *Thread) accessible(addr uint64, n int, perm mem.Perm) int {
	k := 0
	for k < n {
		a := addr + uint64(k)
		step := int(min(uint64(n-k), mem.PageSize-a%mem.PageSize))
		if !t.mm.Mem.Allowed(a, uint64(step), perm) {
			break
		}
		k += step
	}
	return k
}

// ioBufCap is the most ioBuf gives: one host read or write moves at
// most this much (ioRest moves the rest of a regular file's).
const ioBufCap = 1 << 20

// ioBuf returns the thread's scratch buffer of n bytes (capped at ioBufCap).
func (t *Thread) ioBuf(n uint64) []byte {
	n = min(n, ioBufCap)
	if uint64(cap(t.buf)) < n {
		t.buf = make([]byte, n)
	}
	return t.buf[:n]
}

func sysRead(t *Thread, a *sysArgs) (uint64, int) {
	if mm := t.files.memfds[t.fd(a.Fd(0))]; mm != nil {
		return t.procMemRW(mm, a, false, -1)
	}
	if e := t.procReadCheck(t.fd(a.Fd(0)), -1); e != 0 {
		return 0, e
	}
	return readCommon(t, a, true, func(fd int, b []byte) (int, error) { return unix.Read(fd, b) })
}

func sysPread(t *Thread, a *sysArgs) (uint64, int) {
	off := int64(a.Long(3))
	if mm := t.files.memfds[t.fd(a.Fd(0))]; mm != nil {
		if off < 0 {
			return 0, abi.EINVAL // ksys_pread64, before the descriptor
		}
		return t.procMemRW(mm, a, false, off)
	}
	if e := t.procReadCheck(t.fd(a.Fd(0)), off); e != 0 {
		return 0, e
	}
	return readCommon(t, a, false, func(fd int, b []byte) (int, error) {
		n, err := unix.Pread(fd, b, off)
		off += int64(max(n, 0)) // the next part of a read of more than ioBuf's cap
		return n, err
	})
}

// readCommon is read (stream: a pipe, socket or character device that may
// wait goes through streamRead) and pread.
func readCommon(t *Thread, a *sysArgs, stream bool, f func(int, []byte) (int, error)) (uint64, int) {
	fd := t.fd(a.Fd(0))
	if s := t.files.sigfds[fd]; s != nil {
		return signalfdRead(t, fd, s, a.Ptr(1), a.Size(2))
	}
	if t.files.pidfds[fd] != nil {
		return 0, abi.EINVAL // a pidfd has no read
	}
	if !t.writable(a.Ptr(1), int(min(a.Size(2), 1<<20))) {
		return 0, abi.EFAULT
	}
	if a.Size(2) == 0 {
		// A read of nothing does not wait (it still checks fd).
		_, err := unix.Read(fd, nil)
		return 0, errnoOf(err)
	}
	if b, ok := t.seededRead(fd, a.Size(2)); ok {
		return uint64(len(b)), t.write(a.Ptr(1), b) // a random device in a seeded run (seed.go)
	}
	if e := t.ttyJobCheck(fd, false); e != 0 {
		return 0, e
	}
	b := t.ioBuf(a.Size(2))
	n, e := 0, 0
	if stream && streamKind(fd) != 0 && openFor(fd, unix.POLLIN) {
		n, e = t.streamRead(fd, b)
	} else if stream && waitingAnon(fd, len(b), false) {
		n, e = t.anonIO(fd, b, false, f)
	} else if e = t.waitReadable(fd); e == 0 {
		err := t.pipeRead(fd, len(b), func() (err error) {
			n, err = t.hostIO(fd, b, f)
			return err
		})
		if err == unix.EINTR {
			e = errRestart
		} else if err != nil {
			e = errnoOf(err)
		}
	}
	if e != 0 {
		return 0, e
	}
	t.swapRead(fd, b[:n])
	if e := t.write(a.Ptr(1), b[:n]); e != 0 {
		return uint64(n), e
	}
	return t.ioRest(fd, a.Ptr(1), a.Size(2), uint64(n), false, f), 0
}

// swapRead converts what a read of host descriptor fd gave in b to the
// guest's byte order where the file's records have one (an eventfd's or
// timerfd's counter, inotify's event headers): read, readv, preadv and
// preadv2 alike.
func (t *Thread) swapRead(fd int, b []byte) {
	t.swapCounter(fd, b)
	t.swapInotify(fd, b)
}

// ioRest goes on with a read (write false) or write of size bytes at addr
// on fd after its first done bytes were moved: iovRest with one buffer.
func (t *Thread) ioRest(fd int, addr, size, done uint64, write bool, f func(int, []byte) (int, error)) uint64 {
	return t.iovRest(fd, []abi.Iovec{{Base: addr, Len: size}}, size, done, write, f)
}

// iovRest goes on with a read (write false) or write of the guest buffers
// iov on fd, size bytes in all, after its first done bytes, ioBuf's cap,
// were moved: Linux moves a regular file's data in one call (up to
// MAX_RW_COUNT; the runner's maxRW), so a program may read a whole file
// with one read or readv, where a pipe or socket gives what it has. It
// moves the rest in parts of that cap (so the runner's memory for one
// call stays bounded), and stops at the first part the host moves short
// or refuses, or whose guest memory faults, with the count so far (as
// Linux returns a partial count rather than a later error). f is the
// host call, advancing its own offset.
func (t *Thread) iovRest(fd int, iov []abi.Iovec, size, done uint64, write bool, f func(int, []byte) (int, error)) uint64 {
	if done != min(size, ioBufCap) || done == size || fileMode(fd) != unix.S_IFREG {
		return done
	}
	perm := mem.Write
	if write {
		perm = mem.Read
	}
	for done < size && done < maxRW {
		part, k, whole := t.iovPart(iov, done, min(size-done, maxRW-done, ioBufCap), perm)
		b := t.ioBuf(k)
		if k == 0 || write && t.gather(part, b) != 0 {
			break
		}
		n, err := t.hostIO(fd, b, f)
		if n <= 0 || err != nil {
			break
		}
		if !write && t.scatter(part, b[:n]) != 0 {
			break
		}
		done += uint64(n)
		if uint64(n) < k || !whole {
			break // a short move, or the guest's buffers go on in a page they may not access
		}
	}
	return done
}

// iovPart returns the guest ranges of bytes skip to skip+want of the
// buffers iov as far as the guest may access them with perm, and their
// length, k; whole is false when a page it may not access cut them short.
func (t *Thread) iovPart(iov []abi.Iovec, skip, want uint64, perm mem.Perm) (part []abi.Iovec, k uint64, whole bool) {
	for _, v := range iov {
		if want == 0 {
			break
		}
		if skip >= v.Len {
			skip -= v.Len
			continue
		}
		n := min(v.Len-skip, want)
		ok := uint64(t.accessible(v.Base+skip, int(n), perm))
		if ok > 0 {
			part = append(part, abi.Iovec{Base: v.Base + skip, Len: ok})
			k += ok
		}
		if ok < n {
			return part, k, false
		}
		skip, want = 0, want-n
	}
	return part, k, true
}

// gather reads the guest buffers iov into b, as long as they are together.
func (t *Thread) gather(iov []abi.Iovec, b []byte) int {
	for _, v := range iov {
		if t.mm.Mem.Read(v.Base, b[:v.Len]) != nil {
			return abi.EFAULT
		}
		b = b[v.Len:]
	}
	return 0
}

func sysWrite(t *Thread, a *sysArgs) (uint64, int) {
	if mm := t.files.memfds[t.fd(a.Fd(0))]; mm != nil {
		return t.procMemRW(mm, a, true, -1)
	}
	if ref, ok := t.files.procWrites[t.fd(a.Fd(0))]; ok {
		return procWrite(t, ref, a)
	}
	if t.files.pidfds[t.fd(a.Fd(0))] != nil {
		return 0, abi.EINVAL // a pidfd has no write
	}
	return writeCommon(t, a, posFile, func(fd int, b []byte) (int, error) { return unix.Write(fd, b) })
}

func sysPwrite(t *Thread, a *sysArgs) (uint64, int) {
	off := int64(a.Long(3))
	if mm := t.files.memfds[t.fd(a.Fd(0))]; mm != nil {
		if off < 0 {
			return 0, abi.EINVAL // ksys_pwrite64, before the descriptor
		}
		return t.procMemRW(mm, a, true, off)
	}
	if ref, ok := t.files.procWrites[t.fd(a.Fd(0))]; ok {
		if e := procPwriteCheck(ref, off); e != 0 {
			return 0, e
		}
		return procWrite(t, ref, a)
	}
	return writeCommon(t, a, offPos(off), func(fd int, b []byte) (int, error) {
		n, err := unix.Pwrite(fd, b, off)
		off += int64(max(n, 0)) // the next part of a write of more than ioBuf's cap
		return n, err
	})
}

// procWrite is write and pwrite of a /proc descriptor the runner
// answers (procWritableOpen; the entries of proctask.go: procTaskWrite):
// a[1] is the buffer, a[2] its size, of which
// Linux reads at most 15 bytes for a comm file (TASK_COMM_LEN - 1) and 12
// for oom_score_adj and oom_adj (PROC_NUMBUF - 1). A comm write takes
// the whole size, an oom one the bytes it read (oom_score_adj_write's
// count).
func procWrite(t *Thread, ref procRef, a *sysArgs) (uint64, int) {
	n := commLen - 1
	switch ref.entry {
	case "comm":
	case "oom_score_adj", "oom_adj":
		n = procNumBuf - 1
	default:
		return procTaskWrite(t, ref, a)
	}
	b, e := t.read(a.Ptr(1), int(min(a.Size(2), uint64(n))))
	if e != 0 {
		return 0, e
	}
	if ref.entry == "comm" {
		if e := t.procCommWrite(ref, b); e != 0 {
			return 0, e
		}
		return a.Size(2), 0
	}
	if e := t.procOOMWrite(ref, b); e != 0 {
		return 0, e
	}
	return uint64(len(b)), 0
}

// hostIO runs the host read or write f on fd and b with the process lock
// released (block).
func (t *Thread) hostIO(fd int, b []byte, f func(int, []byte) (int, error)) (n int, err error) {
	t.block(func() { n, err = f(fd, b) })
	return n, err
}

// writeCommon is write (pos posFile: pipes and sockets go through
// writeStream) and pwrite (pos its offset, offPos). RLIMIT_FSIZE is
// checked before the guest's buffer is read, as Linux's
// generic_write_checks comes before the copy.
func writeCommon(t *Thread, a *sysArgs, pos int64, f func(int, []byte) (int, error)) (uint64, int) {
	fd := t.fd(a.Fd(0))
	stream := pos == posFile
	size, e := t.fsizeWrite(fd, pos, a.Size(2))
	if e != 0 {
		return 0, e
	}
	b := t.ioBuf(size)
	if len(b) > 0 && t.mm.Mem.Read(a.Ptr(1), b) != nil {
		return 0, abi.EFAULT
	}
	t.swapCounter(fd, b)
	if e := t.ttyJobCheck(fd, true); e != 0 {
		return 0, e
	}
	if len(b) > 0 && stream {
		if kind := streamKind(fd); kind != 0 {
			return t.writeStream(fd, kind, b, 0)
		}
		if waitingAnon(fd, len(b), true) {
			n, e := t.anonIO(fd, b, true, f)
			return uint64(n), e
		}
	}
	n, err := t.hostIO(fd, b, f)
	if err != nil {
		if err == unix.EINTR {
			return 0, errRestart
		}
		if err == unix.EPIPE {
			t.post(t.selfSigInfo(abi.SIGPIPE))
		}
		return 0, errnoOf(err)
	}
	return t.ioRest(fd, a.Ptr(1), size, uint64(n), true, f), 0
}

// iovecs reads an iovec array, as Linux's import_iovec does for every
// call that takes one: more than UIO_MAXIOV elements, or a length that
// does not fit in ssize_t, is EINVAL (copy_iovec_from_user) before
// anything moves.
func (t *Thread) iovecs(addr, cnt uint64) ([]abi.Iovec, int) {
	iov, e := t.iovecArray(addr, cnt)
	if e != 0 {
		return nil, e
	}
	for _, v := range iov {
		if int64(v.Len) < 0 {
			return nil, abi.EINVAL
		}
	}
	return iov, 0
}

// iovecArray reads an iovec array of at most UIO_MAXIOV elements, lengths
// unchecked (vmsplice asks the host for its errors' order).
func (t *Thread) iovecArray(addr, cnt uint64) ([]abi.Iovec, int) {
	if cnt > 1024 {
		return nil, abi.EINVAL
	}
	return getStructs(t, addr, int(cnt), abi.IovecLayout)
}

// iovecArgs reads readv's or writev's iovec array (Ptr(1), Ulong(2)); for a
// /proc/pid/mem descriptor it makes the whole transfer (procMemRWv) and
// says done, with the call's result in n, e.
func (t *Thread) iovecArgs(a *sysArgs, write bool) (iov []abi.Iovec, done bool, n uint64, e int) {
	iov, e = t.iovecs(a.Ptr(1), a.Ulong(2))
	if e != 0 {
		return nil, true, 0, e
	}
	if mm := t.files.memfds[t.fd(a.Fd(0))]; mm != nil {
		n, e = t.procMemRWv(mm, a.Fd(0), iov, write, -1, 0)
		return nil, true, n, e
	}
	if t.files.pidfds[t.fd(a.Fd(0))] != nil {
		return nil, true, 0, abi.EINVAL // a pidfd has neither read nor write
	}
	if ref, ok := t.files.procWrites[t.fd(a.Fd(0))]; ok && write {
		n, e = procWritev(t, a.Fd(0), ref, iov)
		return nil, true, n, e
	}
	return iov, false, 0, 0
}

// procSeqEntries are the writable /proc entries the runner answers that
// Linux opens with single_open: seq_open clears their FMODE_PWRITE, so
// a positioned write is ESPIPE (pread stays).
var procSeqEntries = map[string]bool{"comm": true, "timerslack_ns": true, "sched": true}

// procPwriteCheck is pwrite64's and pwritev's check of a positioned
// write at off to a /proc entry the runner answers (ksys_pwrite64,
// do_pwritev): a negative offset EINVAL, then ESPIPE without
// FMODE_PWRITE (procSeqEntries).
func procPwriteCheck(ref procRef, off int64) int {
	switch {
	case off < 0:
		return abi.EINVAL
	case procSeqEntries[ref.entry]:
		return abi.ESPIPE
	}
	return 0
}

// procWritev is writev, pwritev and pwritev2 (without an RWF_ flag but
// RWF_HIPRI) of guest descriptor fd, a /proc entry the runner answers
// (procWrite): the entries have a write, no write_iter, so Linux's
// do_loop_readv_writev writes each buffer as a write(2) of its own
// (a writev of "3" and "7" to oom_score_adj sets 7), the first even if
// empty (the iterator then skips empty ones), until one fails (its error
// if it was the first) or takes less than its size; the offset is not
// theirs.
func procWritev(t *Thread, fd int, ref procRef, iov []abi.Iovec) (uint64, int) {
	var left, done uint64
	for _, v := range iov {
		left += v.Len
	}
	for i := 0; left > 0 && i < len(iov); {
		v := iov[i]
		n, e := procWrite(t, ref, &sysArgs{uint64(fd), v.Base, v.Len})
		if e != 0 {
			if done == 0 {
				return 0, e
			}
			break
		}
		done += n
		if n != v.Len {
			break
		}
		left -= n
		i++
		for i < len(iov) && iov[i].Len == 0 {
			i++
		}
	}
	return done, 0
}

func sysWritev(t *Thread, a *sysArgs) (uint64, int) {
	iov, done, res, e := t.iovecArgs(a, true)
	if done {
		return res, e
	}
	fd := t.fd(a.Fd(0))
	all, size, e := t.gatherWrite(fd, posFile, iov)
	if e != 0 {
		return 0, e
	}
	if e := t.ttyJobCheck(fd, true); e != 0 {
		return 0, e
	}
	if kind := streamKind(fd); kind != 0 && len(all) > 0 {
		n, e := t.writeStream(fd, kind, all, 0)
		if e != 0 || n < uint64(len(all)) {
			return n, e
		}
		return t.streamRest(fd, kind, iov, size, n), 0
	}
	f := func(fd int, b []byte) (int, error) { return unix.Write(fd, b) }
	n, err := t.hostIO(fd, all, f)
	if err != nil {
		if err == unix.EPIPE {
			t.post(t.selfSigInfo(abi.SIGPIPE))
		}
		return 0, errnoOf(err)
	}
	return t.iovRest(fd, iov, size, uint64(n), true, f), 0
}

// gatherWrite reads the guest buffers of iov for writev, pwritev or
// pwritev2 to host descriptor fd at pos (fsizeRoom): after the
// RLIMIT_FSIZE check, and only as far as its room goes. size is what the
// call may write in all (Linux's MAX_RW_COUNT at most); all holds the
// first ioBufCap bytes of it (iovRest writes the rest of a regular
// file's, streamRest of a pipe's or stream socket's), so that the
// runner's memory for one call stays bounded, but for a datagram socket
// (SOCK_DGRAM, SOCK_SEQPACKET, SOCK_RAW, SOCK_RDM), whose message goes in
// one send, all of it: one larger than any such socket takes (maxDatagram)
// is EMSGSIZE, as the socket says before it reads the buffers.
func (t *Thread) gatherWrite(fd int, pos int64, iov []abi.Iovec) (all []byte, size uint64, e int) {
	for _, v := range iov {
		size = min(size+min(v.Len, maxRW), maxRW)
	}
	if size, e = t.fsizeWrite(fd, pos, size); e != 0 {
		return nil, 0, e
	}
	total := min(size, ioBufCap)
	bound, dgram := maxDatagram(fd)
	if dgram {
		if size > bound {
			return nil, 0, abi.EMSGSIZE
		}
		total = size
	}
	part, k, whole := t.iovPart(iov, 0, total, mem.Read)
	switch {
	case whole:
	case k > 0 && fileMode(fd) == unix.S_IFREG:
		// A file's write stops at the page it may not read, with
		// what came before it (generic_perform_write).
		size = k
	default:
		// Nothing before the fault; or a pipe's, which copies whole
		// pages (a part of one before the fault is not written) or a
		// socket's, which copies in pieces of its own: EFAULT, as
		// Linux for a fault in the first page.
		return nil, 0, abi.EFAULT
	}
	all = make([]byte, k)
	if e := t.gather(part, all); e != 0 {
		return nil, 0, e
	}
	return all, size, 0
}

// maxDatagram says whether host descriptor fd is a socket whose every
// send is one message (SOCK_DGRAM, SOCK_SEQPACKET, SOCK_RAW, SOCK_RDM),
// and a bound past which every such socket refuses a message with
// EMSGSIZE before it reads it: its send buffer's size or 64 KiB, whichever
// is larger (a Unix or netlink socket refuses more than sk_sndbuf - 32
// bytes; UDP and raw IP more than 65535, whatever the buffer).
func maxDatagram(fd int) (uint64, bool) {
	typ, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TYPE)
	if err != nil || typ == unix.SOCK_STREAM {
		return 0, false
	}
	buf, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_SNDBUF)
	if err != nil {
		return 0, false
	}
	return max(uint64(max(buf, 0)), 1<<16), true
}

// streamRest goes on with a writev (or pwritev2 at the file position) of the guest buffers iov (size bytes in
// all) to fd, a blocking pipe, stream socket or terminal of kind (streamKind),
// after its first done bytes, gatherWrite's part, were written whole: the
// rest in parts of ioBufCap, as Linux's pipe_write and stream sendmsg move
// a whole blocking write (waiting for room), so that a writev of many MiB
// neither comes back short after the first part nor gathers it all into
// the runner's memory. A part written short (a signal, the socket's send
// timeout), an error, or guest memory that faults ends it with the count
// so far (up to the byte before the fault, where Linux's pipe_write stops
// at the last whole page it copied: the same where the fault is at a page
// of the pipe's).
func (t *Thread) streamRest(fd, kind int, iov []abi.Iovec, size, done uint64) uint64 {
	for done < size {
		part, k, _ := t.iovPart(iov, done, min(size-done, ioBufCap), mem.Read)
		b := t.ioBuf(k)
		if k == 0 || t.gather(part, b) != 0 {
			break
		}
		n, e := t.writeStream(fd, kind, b, done)
		done += n
		if e != 0 || n < k {
			break
		}
	}
	return done
}

func sysReadv(t *Thread, a *sysArgs) (uint64, int) {
	iov, done, res, e := t.iovecArgs(a, false)
	if done {
		return res, e
	}
	if e := t.procReadCheck(t.fd(a.Fd(0)), -1); e != 0 {
		return 0, e
	}
	var total uint64
	for _, v := range iov {
		total += v.Len
	}
	fd := t.fd(a.Fd(0))
	if b, ok := t.seededRead(fd, total); ok {
		return uint64(len(b)), t.scatter(iov, b) // a random device in a seeded run (seed.go)
	}
	b := make([]byte, min(total, 1<<20))
	if e := t.ttyJobCheck(fd, false); e != 0 {
		return 0, e
	}
	var n int
	if streamKind(fd) != 0 && openFor(fd, unix.POLLIN) {
		var e int
		if n, e = t.streamRead(fd, b); e != 0 {
			return 0, e
		}
	} else if waitingAnon(fd, len(b), false) {
		var e int
		if n, e = t.anonIO(fd, b, false, func(fd int, b []byte) (int, error) { return unix.Read(fd, b) }); e != 0 {
			return 0, e
		}
	} else {
		err := t.pipeRead(fd, len(b), func() (err error) {
			t.block(func() { n, err = unix.Read(fd, b) })
			return err
		})
		if err != nil {
			return 0, errnoOf(err)
		}
	}
	t.swapRead(fd, b[:n])
	if e := t.scatter(iov, b[:n]); e != 0 {
		return 0, e
	}
	return t.iovRest(fd, iov, min(total, maxRW), uint64(n), false, func(fd int, b []byte) (int, error) { return unix.Read(fd, b) }), 0
}

// scatter writes b to the guest buffers of iov in order, as far as b
// goes (readv, preadv, recvmsg).
func (t *Thread) scatter(iov []abi.Iovec, b []byte) int {
	for _, v := range iov {
		if len(b) == 0 {
			break
		}
		k := min(uint64(len(b)), v.Len)
		if e := t.write(v.Base, b[:k]); e != 0 {
			return e
		}
		b = b[k:]
	}
	return 0
}

func openat(t *Thread, dirfd int, pathAddr, flags, mode uint64) (uint64, int) {
	raw, e := t.str(pathAddr)
	if e != 0 {
		return 0, e
	}
	var path string
	var dir *threadGroup // a /proc/PID directory opened (procDirs)
	rootd := -1          // the chroot(2) root's descriptor, for a path opened in it
	if name := t.sysvipcProcFile(dirfd, raw); name != "" && sysvipcOpenFlags(openFlags(flags)) {
		fd, e := t.p.sysvipcOpen(name) // the runner's IPC objects (procsysvipc.go)
		if e != 0 {
			return 0, e
		}
		return t.newFD(fd, nil)
	}
	if t.procLocksFile(dirfd, raw) && openFlags(flags)&(unix.O_ACCMODE|unix.O_PATH|unix.O_DIRECTORY) == unix.O_RDONLY {
		fd, e := t.p.procLocksOpen() // the guest processes' locks (proclocks.go)
		if e != 0 {
			return 0, e
		}
		return t.newFD(fd, nil)
	}
	if ref, host, own := t.procLookup(dirfd, raw); own {
		if h, g := procPidfd(ref); g != nil && strings.HasPrefix(ref.entry, "fdinfo/") {
			fd, e := t.p.pidfdInfoOpen(h, g, openFlags(flags))
			if e != 0 {
				return 0, e
			}
			procInfoMade(fd, ref, "/proc/self/fdinfo/"+strconv.Itoa(h))
			return t.newFD(fd, nil)
		}
		if text, ok := procFileInfo(ref, host); ok && openFlags(flags)&(unix.O_ACCMODE|unix.O_PATH) == unix.O_RDONLY {
			// The fdinfo of a /proc file the runner answers (procfile.go).
			fd, e := memFileNamed(procPidMemName, text)
			if e != 0 {
				return 0, e
			}
			procInfoMade(fd, ref, host)
			return t.newFD(fd, nil)
		}
		if host == "" {
			return t.newFD(t.procOpenErr(ref, openFlags(flags)))
		}
		if e := procAttrOpen(ref, int(flags)); e != 0 {
			return 0, e
		}
		if ref.entry == "" {
			dir = ref.g
		}
		path = host
	} else if path, e = t.path(pathAddr); e != 0 {
		return 0, e
	} else if t.fsOf().root == "" {
		if dirfd, path, e = t.lookupAt(dirfd, path, flags&abi.O_NOFOLLOW == 0); e != 0 {
			return 0, e
		}
	} else if guest, host, in := t.rootPath(dirfd, path); host != "" {
		dirfd, path = unix.AT_FDCWD, host
	} else if in {
		// In the chroot(2) root the whole open is openInRoot's
		// (chroot.go): the host's kernel resolves the path in the root.
		path = guest
		if rootd, e = t.rootDir(); e != 0 {
			return 0, e
		}
	}
	var fd int
	var err error
	// The host never makes a terminal the runner's controlling terminal:
	// the guest's are emulated (ctty.go).
	hflags := openFlags(flags)
	made := hflags // the host's open's flags
	if e := t.procSysOpenCheck(dirfd, rootd, path, hflags); e != 0 {
		return 0, e // the read-only /proc/sys (procsys.go)
	}
	if rootd < 0 && hflags&unix.O_PATH == 0 && (hflags&unix.O_ACCMODE != unix.O_RDONLY || hflags&unix.O_TRUNC != 0) &&
		hflags&(unix.O_CREAT|unix.O_EXCL) != unix.O_CREAT|unix.O_EXCL {
		if e := t.textBusy(dirfd, path, hflags&unix.O_NOFOLLOW != 0); e != 0 {
			return 0, e // a guest's running program (txtbusy.go)
		}
	}
	if dir == nil && hflags&unix.O_PATH == 0 && t.openIsDevTTY(dirfd, rootd, path) {
		// (An O_PATH descriptor names /dev/tty's node itself: Linux
		// calls no tty_open for it, so it needs no controlling terminal.)
		fd, err = t.openDevTTY(hflags, uint32(mode))
	} else {
		done := false
		if rootd >= 0 {
			// A FIFO in the root: its O_PATH descriptor stands for the
			// path (fifo.go reopens it).
			if pfd := fifoInRoot(rootd, path, hflags); pfd >= 0 {
				defer unix.Close(pfd)
				var e int
				if fd, e, done = t.openFIFO(pfd, "", hflags&^unix.O_NOFOLLOW, uint32(mode)); done && e != 0 {
					return 0, e
				}
			}
		} else if fifoWaits(dirfd, path, hflags) {
			// The FIFO's O_PATH descriptor stands for the path here too:
			// the opener process would resolve a path through /proc/self
			// (a guest's /dev/fd/N: bash's <(...)) as its own.
			pfd, err := unix.Openat(dirfd, path, unix.O_PATH|unix.O_CLOEXEC|hflags&unix.O_NOFOLLOW, 0)
			if err != nil {
				return 0, errnoOf(err)
			}
			defer unix.Close(pfd)
			var e int
			if fd, e, done = t.openFIFO(pfd, "", hflags&^unix.O_NOFOLLOW, uint32(mode)); done && e != 0 {
				return 0, e
			}
		}
		if !done {
			made = t.leaseOpenFlags(hflags, func(st *unix.Stat_t) error {
				return fstatOpened(st, func(fl int) (int, error) {
					if rootd >= 0 {
						return openInRoot(rootd, path, fl, 0)
					}
					return unix.Openat(dirfd, path, fl, 0)
				}, hflags)
			}) // O_TRUNC after a lease break (lease.go)
			t.block(func() {
				if rootd >= 0 {
					fd, err = openInRoot(rootd, path, made|unix.O_NOCTTY, uint32(mode))
				} else {
					fd, err = unix.Openat(dirfd, path, made|unix.O_NOCTTY, uint32(mode))
				}
			})
		}
		if err == nil {
			t.openCtty(fd, hflags)
		}
	}
	if err == nil {
		var e int
		if fd, e = t.procSysOpened(fd, hflags); e != 0 {
			return 0, e
		}
		// Through a symbolic link into the runner's own /proc directory.
		if ref, own := t.procLanded(fd); own && procHostPath(ref) == "" {
			unix.Close(fd)
			return t.newFD(t.procOpenErr(ref, openFlags(flags)))
		}
		if e := t.leaseOpened(fd, hflags, made); e != 0 {
			return 0, e // a lease the open breaks (lease.go)
		}
		if dir != nil {
			if t.files.procDirs == nil {
				t.files.procDirs = map[int]*threadGroup{}
			}
			t.files.procDirs[fd] = dir
		}
	}
	return t.newFD(fd, err)
}

func fstatat(t *Thread, dirfd int, pathAddr, buf uint64, flags int) (uint64, int) {
	raw, e := t.str(pathAddr)
	if e != 0 {
		return 0, e
	}
	var path string
	if ref, host, own := t.procLookup(dirfd, raw); own {
		path = host
		switch {
		case ref.entry == "exe" && flags&unix.AT_SYMLINK_NOFOLLOW == 0:
			path = t.p.exeOf(ref.g)
		case host == "":
			// The host's entry of the same name describes the same kind
			// of file (its contents are the runner's answer).
			path = "/proc/self/" + ref.entry
		}
	} else if path, e = t.path(pathAddr); e != 0 {
		return 0, e
	} else {
		if dirfd, path, e = t.lookupAt(dirfd, path, flags&unix.AT_SYMLINK_NOFOLLOW == 0); e != 0 {
			return 0, e
		}
	}
	var st unix.Stat_t
	if err := unix.Fstatat(dirfd, path, &st, flags); err != nil {
		return 0, errnoOf(err)
	}
	return 0, t.putStat(buf, &st)
}

// putStat writes the host's stat as a powerpc64 struct stat.
func (t *Thread) putStat(addr uint64, st *unix.Stat_t) int {
	if f, ok := procFileStat(st); ok {
		// A /proc file the runner answers: the host's entry of the same
		// kind (procfile.go).
		var host unix.Stat_t
		if unix.Stat(f.stat, &host) == nil {
			st = &host
		}
	}
	g := abi.Stat{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Nlink: uint64(st.Nlink), Mode: st.Mode, UID: st.Uid, GID: st.Gid,
		Rdev: uint64(st.Rdev), Size: int64(st.Size), Blksize: uint64(st.Blksize), Blocks: uint64(st.Blocks),
		Atime: abi.Timespec{Sec: int64(st.Atim.Sec), Nsec: int64(st.Atim.Nsec)},
		Mtime: abi.Timespec{Sec: int64(st.Mtim.Sec), Nsec: int64(st.Mtim.Nsec)},
		Ctime: abi.Timespec{Sec: int64(st.Ctim.Sec), Nsec: int64(st.Ctim.Nsec)},
	}
	return putStruct(t, addr, abi.StatLayout, &g)
}

func readlinkat(t *Thread, dirfd int, pathAddr, buf, size uint64) (uint64, int) {
	if int32(size) <= 0 { // bufsiz is an int (do_readlinkat)
		return 0, abi.EINVAL
	}
	raw, e := t.str(pathAddr)
	if e != 0 {
		return 0, e
	}
	target, e := t.readlinkTarget(dirfd, raw)
	if e != 0 {
		return 0, e
	}
	n := min(uint64(len(target)), uint64(int32(size)))
	return n, t.write(buf, []byte(target[:n]))
}

// readlinkTarget is the target of the link raw names relative to host
// descriptor dirfd, as t reads it.
func (t *Thread) readlinkTarget(dirfd int, raw string) (string, int) {
	var path, target string
	var e int
	if link, ok := t.procLink(dirfd, raw); ok {
		target = link
	} else if ref, host, own := t.procLookup(dirfd, raw); own {
		switch {
		case ref.entry == "exe":
			// Its name below the reader's root (d_path): a program
			// in the sysroot or a chroot(2) root by its guest name.
			target = t.guestPath(t.p.exeOf(ref.g))
		case strings.HasPrefix(ref.entry, "fd/") && pidfdOf(ref) != nil:
			target = pidfdLink
		case ref.entry == "root" && ref.g == nil:
			target = "/" // a host init's (procLookup)
		case ref.entry == "root":
			// Its root as the caller names it (chroot.go).
			root := ref.fs().root
			if root == "" {
				root = t.p.cfg.Sysroot
			}
			target = "/"
			if root != "" {
				target = t.guestPath(root)
			}
		case host == "":
			return "", abi.EINVAL // not a link
		default:
			path = host
			if link, ok := procFileLink(host); ok {
				target = link // a /proc file the runner answers (procfile.go)
			}
		}
	} else {
		path = t.pathOf(raw)
		if dirfd, path, e = t.lookupAt(dirfd, path, false); e != 0 {
			return "", e
		}
	}
	if target == "" {
		b := make([]byte, 4096)
		n, err := unix.Readlinkat(dirfd, path, b)
		if err != nil {
			return "", errnoOf(err)
		}
		target = t.p.procListingName(string(b[:n]))
	}
	return target, 0
}

func renameat(t *Thread, olddir int, oldAddr uint64, newdir int, newAddr uint64, flags uint) (uint64, int) {
	oldp, e := t.str(oldAddr)
	if e != 0 {
		return 0, e
	}
	newp, e := t.str(newAddr)
	if e != 0 {
		return 0, e
	}
	od, nd := t.fd(olddir), t.fd(newdir)
	if t.fsOf().root != "" {
		if od, oldp, e = t.chrootAt(od, oldp, lookParent); e != 0 {
			return 0, e
		}
		if nd, newp, e = t.chrootAt(nd, newp, lookParent); e != 0 {
			return 0, e
		}
	}
	if flags&^7 == 0 && flags&3 != 3 { // valid RENAME_* flags: checked first
		if in, newIn := procSysParent(od, oldp), procSysParent(nd, newp); in != newIn {
			return 0, abi.EXDEV // the read-only /proc/sys is another mount (procsys.go)
		} else if in {
			return 0, abi.EROFS
		}
	}
	return 0, errnoOf(unix.Renameat2(od, oldp, nd, newp, flags))
}

func pipe2(t *Thread, addr, flags uint64) (uint64, int) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], openFlags(flags)); err != nil {
		return 0, errnoOf(err)
	}
	return 0, t.putFDPair(addr, fds)
}

func sysGetdents64(t *Thread, a *sysArgs) (uint64, int) {
	return getdents(t, a, false)
}

// sysGetdents is the old getdents(fd, dirp, count): struct linux_dirent is
// linux_dirent64 with d_type moved from before the name to the record's
// last byte. Both records are the same size (the name's offset, its NUL and
// d_type, rounded to 8), so the host's getdents64 fills the guest's count
// exactly as Linux's filldir would, and each record is rewritten in place.
func sysGetdents(t *Thread, a *sysArgs) (uint64, int) {
	return getdents(t, a, true)
}

// getdents is getdents64, or the old getdents if old.
func getdents(t *Thread, a *sysArgs, old bool) (uint64, int) {
	fd := t.fd(a.Fd(0))
	b := make([]byte, min(a.Ulong(2), 1<<16))
	// A buffer the guest cannot write is EFAULT before the host reads
	// (and so consumes) any entry, as Linux's filldir64 fails before it
	// moves the directory's position.
	if !t.writable(a.Ptr(1), len(b)) {
		var st unix.Stat_t
		switch err := unix.Fstat(fd, &st); {
		case err != nil:
			return 0, errnoOf(err)
		case st.Mode&unix.S_IFMT != unix.S_IFDIR:
			return 0, abi.ENOTDIR
		}
		return 0, abi.EFAULT
	}
	var n int
	var err error
	listing := t.p.isProcListing(fd)
	if listing {
		t.procRefill(fd)
	}
	if procRoot(fd) {
		n, err = t.procRootDents(fd, b)
	} else {
		n, err = unix.Getdents(fd, b)
	}
	if err != nil {
		return 0, errnoOf(err)
	}
	b = b[:n]
	if listing {
		sortDents(b)
	}
	if t.p.order != binary.NativeEndian || old {
		var d abi.Dirent64
		name := abi.Dirent64Layout.Size() - len(d.Name) // the name's offset
		for off := 0; off+abi.Dirent64Layout.Size() <= len(b); {
			abi.Dirent64Layout.Decode(binary.NativeEndian, b[off:], &d)
			abi.Dirent64Layout.Encode(t.p.order, b[off:], &d)
			r := int(d.Reclen)
			if r == 0 || off+r > len(b) {
				break
			}
			if old {
				// The name and its NUL one byte earlier, over d_type,
				// which goes last.
				copy(b[off+name-1:off+r-1], b[off+name:off+r])
				b[off+r-1] = d.Type
			}
			off += r
		}
	}
	return uint64(n), t.write(a.Ptr(1), b)
}

func sysIoctl(t *Thread, a *sysArgs) (uint64, int) {
	// Linux looks the descriptor up before the request (ksys_ioctl's
	// fdget): one that is not open is EBADF, before the terminal code
	// below would find no terminal and say ENOTTY. AT_FDCWD is no
	// descriptor here.
	// An O_PATH descriptor is EBADF too (fdget skips FMODE_PATH files),
	// before the requests the runner answers itself.
	fd := t.files.get(a.Fd(0))
	if fd < 0 || fd == badFD || isOPath(fd) {
		return 0, abi.EBADF
	}
	if r, e, ok := t.cttyIoctl(fd, a.Ulong(1), a.Ulong(2)); ok {
		return r, e
	}
	if r, e, ok := termiosIoctl(t, fd, a.Ulong(1), a.Ulong(2)); ok {
		return r, e
	}
	if r, e, ok := netdevIoctl(t, fd, a.Ulong(1), a.Ulong(2)); ok {
		return r, e
	}
	if r, e, ok := sockiosIoctl(t, fd, a.Ulong(1), a.Ulong(2)); ok {
		return r, e
	}
	if e, ok := fileIoctl(t, fd, a.Ulong(1), a.Ulong(2)); ok {
		return 0, e
	}
	if e, ok := randomIoctl(t, fd, a.Ulong(1), a.Ulong(2)); ok {
		return 0, e
	}
	if r, e, ok := ownerIoctl(t, fd, a.Ulong(1), a.Ulong(2)); ok {
		return r, e
	}
	switch a.Ulong(1) {
	case abi.TIOCGWINSZ:
		ws, err := unix.IoctlGetWinsize(fd, unix.TIOCGWINSZ)
		if err != nil {
			return 0, errnoOf(err)
		}
		g := abi.Winsize{Row: ws.Row, Col: ws.Col, Xpixel: ws.Xpixel, Ypixel: ws.Ypixel}
		return 0, putStruct(t, a.Ptr(2), abi.WinsizeLayout, &g)
	case abi.FIONREAD:
		v, err := unix.IoctlGetInt(fd, unix.TIOCINQ)
		if err != nil {
			return 0, errnoOf(err)
		}
		return 0, t.put32(a.Ptr(2), uint32(v))
	case abi.FIONBIO:
		v, e := t.get32(a.Ptr(2))
		if e != 0 {
			return 0, e
		}
		return 0, errnoOf(unix.SetNonblock(fd, v != 0))
	case abi.FIOCLEX, abi.FIONCLEX:
		// Close-on-exec is the host descriptor's (fdtab.go), its only
		// descriptor flag.
		fl := 0
		if a.Ulong(1) == abi.FIOCLEX {
			fl = unix.FD_CLOEXEC
		}
		_, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, fl)
		return 0, errnoOf(err)
	case abi.FIOASYNC:
		// O_ASYNC on or off, as fcntl's F_SETFL sets it, through the
		// file's fasync, the runner's (setAsync, asyncio.go): a file
		// without one (a regular file, a pidfd) is ENOTTY when the
		// flag would change, as Linux's ioctl_fioasync, and a fasync
		// that refuses gives its error. The host's flag is never set.
		v, e := t.get32(a.Ptr(2))
		if e != 0 {
			return 0, e
		}
		return 0, t.setAsync(a.Fd(0), fd, v != 0)
	case abi.FIOQSIZE:
		// The bytes a regular file, directory or symbolic link takes
		// (the host's answer: Linux's do_vfs_ioctl), ENOTTY for another
		// file.
		var n int64
		_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), hostFIOQSIZE, uintptr(unsafe.Pointer(&n)))
		if errno != 0 {
			return 0, int(errno)
		}
		return 0, t.put64(a.Ptr(2), uint64(n))
	case abi.FS_IOC_FIEMAP:
		return 0, fiemapIoctl(t, fd, a.Ptr(2))
	}
	if isRandomDevice(fd) {
		return 0, abi.EINVAL // random_ioctl's default (randioctl.go)
	}
	return 0, abi.ENOTTY
}

// isOPath says whether host descriptor fd was opened with O_PATH.
func isOPath(fd int) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_PATH != 0
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// fd maps a guest file descriptor to the host's (fdtab.go).
func (t *Thread) fd(g int) int {
	if g == unix.AT_FDCWD {
		return t.cwd() // the guest process's working directory (fs.go)
	}
	return t.files.get(g)
}

// putFDPair gives the two new host descriptors of pipe or socketpair guest
// numbers and stores those at addr; on a fault both are closed.
func (t *Thread) putFDPair(addr uint64, h [2]int) int {
	g0, e := t.newFD(h[0], nil)
	if e != 0 {
		_ = unix.Close(h[1])
		return e
	}
	g1, e := t.newFD(h[1], nil)
	if e != 0 {
		t.files.close(int(g0))
		return e
	}
	e = t.put32(addr, uint32(g0))
	if e == 0 {
		e = t.put32(addr+4, uint32(g1))
	}
	if e != 0 {
		t.files.close(int(g0))
		t.files.close(int(g1))
	}
	return e
}

// withPath reads the path at addr and runs f with it.
// withPathAt reads the path at addr for a call relative to guest
// directory descriptor dirfd and calls f with the host descriptor and path
// to use: under a chroot(2) root the path resolved in it (chrootAt) for a
// call of kind how.
func withPathAt(t *Thread, dirfd int, addr uint64, how lookupHow, f func(d int, path string) error) (uint64, int) {
	d, path, e := t.atPath(dirfd, addr, how)
	if e != 0 {
		return 0, e
	}
	return 0, errnoOf(f(d, path))
}

func withPath(t *Thread, addr uint64, f func(path string) error) (uint64, int) {
	path, e := t.path(addr)
	if e != 0 {
		return 0, e
	}
	return 0, errnoOf(f(path))
}

// waitReadable waits, interruptibly, until a blocking read of a pipe,
// socket or terminal would not block, so that a signal for the thread can
// interrupt the read (EINTR, or a restart under SA_RESTART) as in Linux. A
// regular file or a non-blocking descriptor returns at once.
func (t *Thread) waitReadable(fd int) int { return t.waitFD(fd, unix.POLLIN) }

// waitWritable is waitReadable for a write (a full pipe or socket buffer).
func (t *Thread) waitWritable(fd int) int { return t.waitFD(fd, unix.POLLOUT) }

// waitMsg is waitFD for a send (events POLLOUT) or a receive (POLLIN) on
// fd, unless its flags say MSG_DONTWAIT.
func (t *Thread) waitMsg(fd int, flags uint64, events int16) int {
	if flags&unix.MSG_DONTWAIT != 0 {
		return 0
	}
	return t.waitFD(fd, events)
}

// waitFD waits until fd, a blocking pipe, socket or character device, has
// one of events (or an error or hang-up), with the process lock released
// and a signal for the thread ending the wait with errRestart.
func (t *Thread) waitFD(fd int, events int16) int {
	if streamKind(fd) == 0 || !openFor(fd, events) {
		return 0 // the host's call answers at once (EBADF for the wrong end)
	}
	return t.pollFD(fd, events)
}

// waitingAnon says whether a read (write false) or write of n bytes of
// host descriptor fd, a blocking eventfd, timerfd, inotify or fanotify
// instance (files without a type, which streamKind leaves out), may wait:
// their reads wait for a count, an expiry or an event, after the length
// check of eventfd_read and timerfd_read (EINVAL under 8 bytes, at once),
// and an eventfd's write of 8 bytes or more waits while the count would
// overflow (eventfd_write; the others have no write). Such a call goes
// through anonIO.
func waitingAnon(fd, n int, write bool) bool {
	var st unix.Stat_t
	if n == 0 || unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != 0 || nonblocking(fd) {
		return false // a read of nothing returns 0 at once
	}
	var link [64]byte
	k, err := unix.Readlink("/proc/self/fd/"+itoa(fd), link[:])
	if err != nil {
		return false
	}
	switch string(link[:k]) {
	case "anon_inode:[eventfd]":
		return n >= 8
	case "anon_inode:[timerfd]":
		return n >= 8 && !write
	case "anon_inode:inotify", "anon_inode:[fanotify]":
		return !write
	}
	return false
}

// anonIO reads (write false) or writes b on fd, for which waitingAnon
// said yes, without waiting in the host: attempts with fd's description
// O_NONBLOCK (nonblockIO; another guest reader may have taken the count or
// event that poll saw) and, between them, interruptible waits (pollFD: a
// signal ends the call with errRestart, as their -ERESTARTSYS). When fd's
// flags cannot be set, it waits and then makes the call, as before.
func (t *Thread) anonIO(fd int, b []byte, write bool, f func(int, []byte) (int, error)) (int, int) {
	events := int16(unix.POLLIN)
	if write {
		events = unix.POLLOUT
	}
	for {
		var n int
		var err error
		if !nonblockIO(fd, func() error { n, err = f(fd, b); return err }) {
			if e := t.pollFD(fd, events); e != 0 {
				return 0, e
			}
			n, err = t.hostIO(fd, b, f)
		}
		switch {
		case err == unix.EAGAIN:
			if e := t.pollFD(fd, events); e != 0 {
				return 0, e
			}
			continue
		case err == unix.EINTR:
			return 0, errRestart
		case err != nil:
			return 0, errnoOf(err)
		}
		return n, 0
	}
}

// openFor says whether host descriptor fd is open for what events ask
// (POLLOUT: writing, else reading). A write to a pipe's read end, or a
// read of its write end, is EBADF at once on Linux (ksys_write and
// ksys_read check FMODE_WRITE and FMODE_READ before the file), where a
// wait for the end to become writable would never end: CPython's
// test_signal writes to a blocking pipe's read end to see that error.
func openFor(fd int, events int16) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_PATH != 0 {
		return false
	}
	if events&unix.POLLOUT != 0 {
		return fl&unix.O_ACCMODE != unix.O_RDONLY
	}
	return fl&unix.O_ACCMODE != unix.O_WRONLY
}

// Kinds of descriptors for streamKind.
const (
	streamFIFO = 1 + iota // a blocking pipe or character device
	streamSock            // a blocking socket
)

// streamKind says whether fd is a blocking pipe, character device or
// socket, whose reads and writes may wait; 0 for anything else.
func streamKind(fd int) int {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_NONBLOCK != 0 {
		return 0
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return 0
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFIFO, unix.S_IFCHR:
		return streamFIFO
	case unix.S_IFSOCK:
		return streamSock
	}
	return 0
}

// pollFD waits, interruptibly, until fd has one of events (or an error or
// hang-up); a signal for the thread ends the wait with errRestart.
func (t *Thread) pollFD(fd int, events int16) int {
	fds := []unix.PollFd{{Fd: int32(fd), Events: events}}
	_, e := pollLoop(t, -1, func(ms int) (int, error) { return unix.Poll(fds, ms) })
	if e == abi.EINTR {
		return errRestart
	}
	return e
}

// pipeChunk is what a pipe that polls writable takes without blocking
// (one free buffer page, PIPE_BUF).
const pipeChunk = 4096

// writeStream writes b to a blocking pipe, character device or socket the
// way Linux's pipe and stream writes behave under signals: it waits, with
// the process lock released and interruptibly, whenever there is no room,
// and a signal then ends the call with the count written so far, or, if
// nothing was written, with errRestart (EINTR, or a restart under
// SA_RESTART). Pipes take chunks of PIPE_BUF bytes after a poll (so a
// write of at most PIPE_BUF stays atomic), sockets non-blocking sends.
// sent is what the same call moved before b (a writev's earlier parts):
// a pipe without readers raises SIGPIPE whatever was written before
// (pipe_write), a socket only when the whole call sent nothing
// (sk_stream_error, unix_stream_sendmsg).
func (t *Thread) writeStream(fd, kind int, b []byte, sent uint64) (uint64, int) {
	if !openFor(fd, unix.POLLOUT) {
		return 0, abi.EBADF
	}
	written := 0
	w := newIOWait(fd, unix.POLLOUT)
	var tty *ttyDesc // the terminal's description without waiting, once needed
	defer func() {
		if tty != nil {
			t.files.ttyRelease(tty)
		}
	}()
	for written < len(b) {
		if e := w.wait(t); e != 0 {
			if written > 0 && e != errExit {
				break // a signal or the socket's send timeout: what was written
			}
			return 0, e
		}
		var n int
		var err error
		if kind == streamSock {
			chunk := b[written:]
			var r uintptr
			var errno unix.Errno
			t.block(func() {
				r, _, errno = unix.Syscall6(unix.SYS_SENDTO, uintptr(fd), ptr(chunk), uintptr(len(chunk)),
					unix.MSG_DONTWAIT|unix.MSG_NOSIGNAL, 0, 0)
			})
			if n, err = int(r), nil; errno != 0 {
				n, err = 0, errno
			}
		} else {
			chunk := b[written:min(len(b), written+pipeChunk)]
			var ok bool
			t.block(func() { n, err, ok = nowaitIO(fd, chunk, true) })
			if !ok { // a terminal
				if tty == nil {
					tty = t.files.ttyHold(fd)
				}
				var e int
				if n, err, _, e = t.ttyIO(fd, tty.fd, chunk, true, &w); e != 0 {
					if written > 0 && e != errExit {
						break
					}
					return 0, e
				}
			}
		}
		switch {
		case err == unix.EAGAIN || err == unix.EINTR:
			continue
		case err != nil:
			if err == unix.EPIPE && (kind != streamSock || sent+uint64(written) == 0) {
				t.post(t.selfSigInfo(abi.SIGPIPE))
			}
			if written > 0 {
				return uint64(written), 0
			}
			return 0, errnoOf(err)
		}
		written += n
	}
	return uint64(written), 0
}

// path reads a path name the guest passes to a file system call. The names
// of its own descriptors — /proc/self/fd/N, /proc/PID/fd/N, /dev/fd/N,
// /dev/stdin, /dev/stdout, /dev/stderr — become the host descriptor's
// /proc/self/fd entry, so that they name what the guest's descriptor N is
// (the descriptor table renumbers them); a descriptor the guest has not
// open names nothing (ENOENT).
func (t *Thread) path(addr uint64) (string, int) {
	path, e := t.str(addr)
	if e != 0 {
		return "", e
	}
	return t.pathOf(path), 0
}

// pathOf is path for a name read already.
func (t *Thread) pathOf(path string) string {
	if t.fsOf().root != "" && strings.HasPrefix(path, "/") {
		if first, _, _ := strings.Cut(path[1:], "/"); (first == "dev" || first == "proc") && !t.seesHostFS(first) {
			return path // a chroot(2) root without the host's (chroot.go)
		}
	}
	var rest string
	switch {
	case path == "/dev/stdin":
		rest = "0"
	case path == "/dev/stdout":
		rest = "1"
	case path == "/dev/stderr":
		rest = "2"
	case strings.HasPrefix(path, "/dev/fd/"):
		rest = path[len("/dev/fd/"):]
	case strings.HasPrefix(path, "/proc/self/fd/"):
		rest = path[len("/proc/self/fd/"):]
	case strings.HasPrefix(path, "/proc/"+itoa(t.p.pid)+"/fd/"):
		rest = path[len("/proc/"+itoa(t.p.pid)+"/fd/"):]
	default:
		return path
	}
	num, tail, _ := strings.Cut(rest, "/")
	g, err := strconv.Atoi(num)
	if err != nil || g < 0 || num != strconv.Itoa(g) {
		return path
	}
	h := t.files.get(g)
	if h == badFD {
		return "/proc/self/fd/-1" // no such entry
	}
	if tail != "" {
		return "/proc/self/fd/" + strconv.Itoa(h) + "/" + tail
	}
	return "/proc/self/fd/" + strconv.Itoa(h)
}
