//go:build linux

package linux

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The host's file-to-file calls: sendfile, copy_file_range, preadv,
// pwritev (and their v2 forms), fadvise64 and memfd_create. The guest's
// descriptors are host descriptors and the host is Linux, which checks
// the arguments as the guest's kernel would; the runner reads and writes
// the guest's offsets and buffers. Where the runner stands for the kernel
// (a signalfd, /proc/PID/mem or comm descriptor, or while a run is
// recorded an output that is the runner's stdout or stderr) sendfile is
// EINVAL, as splice (sys_splice.go), and so is sendfile from any entry
// of a /proc/PID directory: Linux's answer for a file without the
// operation, and programs fall back to read and write. copy_file_range
// checks its files as Linux's does (copyRunnerFile: EXDEV from a /proc
// file to another file system's). CPython's os.sendfile, os.copy_file_range, os.preadv,
// os.pwritev, os.posix_fadvise and os.memfd_create (test_os, test_posix,
// shutil's copies) use them.

// maxRW is Linux's MAX_RW_COUNT, the most one read or write transfers
// (INT_MAX rounded down to a page); the runner moves at most 1 GiB.
const maxRW = 1 << 30

// sysSendfile is sendfile(out_fd, in_fd, offset, count).
func sysSendfile(t *Thread, a *sysArgs) (uint64, int) {
	in, out := t.files.get(a.Fd(1)), t.files.get(a.Fd(0))
	if e := t.copyRefused(a.Fd(0), in, out); e != 0 {
		return 0, e
	}
	if in >= 0 && out >= 0 && procPidHostFD(in) {
		return 0, abi.EINVAL // do_splice_direct: no splice_read
	}
	if e := t.ttyJobCheck(out, true); e != 0 {
		return 0, e // a terminal's write with TOSTOP (n_tty_write)
	}
	var off *int64
	if p := a.Ptr(2); p != 0 {
		v, e := t.get64(p)
		if e != 0 {
			return 0, e
		}
		off = new(int64)
		*off = int64(v)
	}
	count := int(min(a.Size(3), maxRW))
	kind := streamKind(out)
	inMode := fileMode(in)
	if kind != 0 && (inMode == unix.S_IFREG || inMode == unix.S_IFBLK) {
		n, e := t.sendfileStream(in, out, kind, off, count)
		if e == 0 && off != nil {
			e = t.put64(a.Ptr(2), uint64(*off))
		}
		return n, e
	}
	if kind == streamFIFO && fileMode(out) == unix.S_IFIFO && inMode != unix.S_IFIFO && inMode != 0 {
		n, e := t.sendfilePipe(in, out, off, count)
		if e == 0 && off != nil {
			e = t.put64(a.Ptr(2), uint64(*off))
		}
		return n, e
	}
	room, limited := t.fsizeRoom(out, posFile, false)
	want := count
	if limited && count > 0 {
		// A regular file's write (iter_file_splice_write) checks the
		// limit once the input gave data: an input at its end is 0.
		if room == 0 && !atEnd(in, off) {
			return 0, t.fsizeExceeded()
		}
		count = int(min(uint64(count), room))
	}
	var n int
	var err error
	t.block(func() { n, err = unix.Sendfile(out, in, off, count) })
	if limited && err == nil && uint64(n) == room && want > count && !atEnd(in, off) {
		// iter_file_splice_write went on with the input's next bytes,
		// at the limit: SIGXFSZ, its EFBIG lost in the count so far.
		t.sigXFSZ()
	}
	if err == unix.EAGAIN && kind != 0 {
		// A blocking output waits interruptibly, then the host blocks.
		if e := t.waitWritable(out); e != 0 {
			return 0, e
		}
		t.block(func() { n, err = unix.Sendfile(out, in, off, count) })
	}
	if err != nil {
		return 0, t.hostWriteErr(err)
	}
	if off != nil {
		if e := t.put64(a.Ptr(2), uint64(*off)); e != 0 {
			return 0, e
		}
	}
	return uint64(n), 0
}

// sendfileStream is sendfile from a regular file (or a block device) to a blocking pipe,
// socket or character device: the runner reads the file (at *off, or at
// its offset) and writes with writeStream, which waits for room with the
// process lock released and interruptibly. The host's sendfile waited in
// the host with the lock held: a guest thread of the same process that
// would have read the other end never ran (CPython's test_socket
// SendfileUsingSendfileTest.testOffset hung, and SIGTERM did not end the
// runner). A zero-count host sendfile checks the descriptors first, as
// Linux would. A signal ends the call with the count sent, or errRestart
// when nothing was; the file's offset then counts only what was sent.
func (t *Thread) sendfileStream(in, out, kind int, off *int64, count int) (uint64, int) {
	var probe int64
	if off != nil {
		probe = *off
	}
	probeOff := &probe
	if off == nil {
		probeOff = nil
	}
	if _, err := unix.Sendfile(out, in, probeOff, 0); err != nil {
		return 0, t.hostWriteErr(err)
	}
	buf := make([]byte, min(count, 64<<10))
	total := 0
	for total < count {
		chunk := buf[:min(len(buf), count-total)]
		var n int
		var err error
		if off != nil {
			n, err = unix.Pread(in, chunk, *off)
		} else {
			n, err = unix.Read(in, chunk)
		}
		if err != nil || n == 0 {
			if total == 0 && err != nil {
				return 0, errnoOf(err)
			}
			break
		}
		w, e := t.writeStream(out, kind, chunk[:n], uint64(total))
		if off != nil {
			*off += int64(w)
		} else if int(w) < n {
			_, _ = unix.Seek(in, int64(w)-int64(n), unix.SEEK_CUR)
		}
		total += int(w)
		if e != 0 {
			if total > 0 {
				break
			}
			return 0, e
		}
		if int(w) < n {
			break
		}
	}
	return uint64(total), 0
}

// sendfilePipe is sendfile from a file that is neither a regular file, a
// block device nor a pipe (a socket, a character device) to a blocking
// pipe: what Linux's do_sendfile does for a pipe (splice_file_to_pipe,
// non-blocking when in is O_NONBLOCK) made by splice(2) through pipeCall,
// which waits interruptibly for in and out and never in the host. A
// zero-count host sendfile checks the descriptors and offset first.
func (t *Thread) sendfilePipe(in, out int, off *int64, count int) (uint64, int) {
	if _, err := unix.Sendfile(out, in, off, 0); err != nil {
		return 0, t.hostWriteErr(err)
	}
	var fl uintptr
	if nonblocking(in) {
		fl = unix.SPLICE_F_NONBLOCK
	}
	pos := new(int64) // on the heap: the host writes through its address
	var offp uintptr
	if off != nil {
		*pos, offp = *off, uintptr(unsafe.Pointer(pos))
	}
	n, err, e := t.pipeCall(in, out, fl, func(in, out int, fl uintptr) (int64, unix.Errno) {
		r, _, e := unix.Syscall6(unix.SYS_SPLICE, uintptr(in), offp, uintptr(out), 0, uintptr(count), fl)
		runtime.KeepAlive(pos)
		return int64(r), e
	})
	if e != 0 {
		return 0, e
	}
	if err != 0 {
		return 0, t.hostWriteErr(err)
	}
	if off != nil {
		*off = *pos
	}
	return uint64(n), 0
}

// atEnd says whether host descriptor fd is a regular file with nothing to
// read at *off (nil: at its offset).
func atEnd(fd int, off *int64) bool {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return false
	}
	pos, err := int64(0), error(nil)
	if off != nil {
		pos = *off
	} else if pos, err = unix.Seek(fd, 0, unix.SEEK_CUR); err != nil {
		return false
	}
	return pos >= st.Size
}

// readableFile says whether host descriptor fd is a regular file open for
// reading.
func readableFile(fd int) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_PATH == 0 && fl&unix.O_ACCMODE != unix.O_WRONLY && fileMode(fd) == unix.S_IFREG
}

// fileMode is host descriptor fd's file type (S_IFREG, S_IFIFO, ...), 0
// if fstat fails.
func fileMode(fd int) uint32 {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return 0
	}
	return st.Mode & unix.S_IFMT
}

// sysCopyFileRange is copy_file_range(fd_in, off_in, fd_out, off_out,
// len, flags). The offsets are read (EFAULT) before the flags are
// checked (EINVAL), as Linux's system call does; a copy from or to a
// file the runner answers is copyRunnerFile's.
func sysCopyFileRange(t *Thread, a *sysArgs) (uint64, int) {
	in, out := t.files.get(a.Fd(0)), t.files.get(a.Fd(2))
	var offs [2]*int64
	for i, p := range [2]uint64{a.Ptr(1), a.Ptr(3)} {
		if p == 0 {
			continue
		}
		v, e := t.get64(p)
		if e != 0 {
			return 0, e
		}
		offs[i] = new(int64)
		*offs[i] = int64(v)
	}
	size := min(a.Size(4), maxRW)
	if n, e, ok := t.copyRunnerFile(in, out, offs, a.Size(4), a.Uint(5)); ok {
		return n, e
	}
	if e := t.copyRefused(a.Fd(2), in, out); e != 0 {
		return 0, e
	}
	if a.Uint(5) == 0 && in >= 0 && readableFile(in) {
		// generic_copy_file_checks: the limit at the output's position,
		// whatever the input has left.
		pos := int64(posFile)
		if offs[1] != nil {
			pos = offPos(*offs[1])
		}
		if room, limited := t.fsizeRoom(out, pos, false); limited {
			if room == 0 {
				return 0, t.fsizeExceeded()
			}
			size = min(size, room)
		}
	}
	var n int
	var err error
	t.block(func() {
		n, err = unix.CopyFileRange(in, offs[0], out, offs[1], int(size), int(a.Uint(5)))
	})
	if err != nil {
		return 0, t.hostWriteErr(err)
	}
	for i, p := range [2]uint64{a.Ptr(1), a.Ptr(3)} {
		if offs[i] != nil {
			if e := t.put64(p, uint64(*offs[i])); e != 0 {
				return 0, e
			}
		}
	}
	return uint64(n), 0
}

// cfrEnd is what copy_file_range's checks (generic_copy_file_checks)
// see of one of its files.
type cfrEnd struct {
	mode        uint32 // S_IFMT; 0 for an anonymous inode (signalfd, 6.1's pidfd)
	read, write bool   // FMODE_READ, FMODE_WRITE
	appendMode  bool   // O_APPEND
	proc        bool   // on procfs (one file system: the same super block)
	unsigned    bool   // FMODE_UNSIGNED_OFFSET (/proc/PID/mem)
}

// cfrEndOf is cfrEnd of host descriptor h.
func (t *Thread) cfrEndOf(h int) cfrEnd {
	ft := t.files
	if _, ok := ft.sigfds[h]; ok || ft.pidfds[h] != nil {
		return cfrEnd{}
	}
	var c cfrEnd
	fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
	if err == nil && fl&unix.O_PATH == 0 {
		c.read = fl&unix.O_ACCMODE != unix.O_WRONLY
		c.write = fl&unix.O_ACCMODE != unix.O_RDONLY
		c.appendMode = fl&unix.O_APPEND != 0
	}
	c.mode = fileMode(h)
	if ft.memfds[h] != nil {
		c.proc, c.unsigned = true, true
		return c
	}
	if _, ok := ft.procWrites[h]; ok {
		c.proc, c.write = true, true // the host's is read-only (procWritableOpen)
		return c
	}
	if procMemfd(h) {
		c.proc = true
		return c
	}
	var fs unix.Statfs_t
	c.proc = unix.Fstatfs(h, &fs) == nil && fs.Type == unix.PROC_SUPER_MAGIC
	return c
}

// copyRunnerFile is copy_file_range from host descriptor in at offs[0]
// to out at offs[1] (nil: at the file's offset), of size bytes with
// flags, when one of them is a file the runner answers (ok false
// otherwise), by Linux 6.1's vfs_copy_file_range: flags EINVAL; a
// directory EISDIR; a file not regular (signalfd, pidfd) EINVAL; an
// input not open for reading, an output not for writing or appending
// EBADF; files of two file systems EXDEV (a /proc file and any other).
// Between two /proc files, whose size is 0, the copy is shortened to
// nothing (but from /proc/PID/mem at a negative offset, which then
// fails in do_splice_direct: no splice_read, EINVAL): offsets that wrap
// EOVERFLOW, an output at RLIMIT_FSIZE EFBIG and SIGXFSZ, a negative
// offset of a file without unsigned offsets EINVAL (rw_verify_area),
// else 0.
func (t *Thread) copyRunnerFile(in, out int, offs [2]*int64, size uint64, flags uint32) (uint64, int, bool) {
	if in < 0 || out < 0 || in == badFD || out == badFD {
		return 0, 0, false
	}
	if !t.runnerFile(in) && !t.runnerFile(out) && !procMemfd(in) && !procMemfd(out) {
		return 0, 0, false
	}
	ci, co := t.cfrEndOf(in), t.cfrEndOf(out)
	switch {
	case flags != 0:
		return 0, abi.EINVAL, true
	case ci.mode == unix.S_IFDIR || co.mode == unix.S_IFDIR:
		return 0, abi.EISDIR, true
	case ci.mode != unix.S_IFREG || co.mode != unix.S_IFREG:
		return 0, abi.EINVAL, true
	case !ci.read || !co.write || co.appendMode:
		return 0, abi.EBADF, true
	case !ci.proc || !co.proc:
		return 0, abi.EXDEV, true
	}
	var pos [2]int64
	for i, h := range [2]int{in, out} {
		if offs[i] != nil {
			pos[i] = *offs[i]
		} else if p, err := unix.Seek(h, 0, unix.SEEK_CUR); err == nil {
			pos[i] = p
		}
	}
	if uint64(pos[0])+size < uint64(pos[0]) || uint64(pos[1])+size < uint64(pos[1]) {
		return 0, int(unix.EOVERFLOW), true
	}
	count := uint64(0)
	if pos[0] < 0 {
		count = min(size, -uint64(pos[0])) // what is left "before" size 0
	}
	if lim := t.group.rl.fsize.Cur; lim != unix.RLIM_INFINITY && pos[1] >= 0 && uint64(pos[1]) >= lim {
		return 0, t.fsizeExceeded(), true
	}
	for i, c := range [2]cfrEnd{ci, co} {
		if pos[i] < 0 && !c.unsigned || pos[i] >= 0 && int64(uint64(pos[i])+count) < 0 && !c.unsigned {
			return 0, abi.EINVAL, true
		}
	}
	if count > 0 {
		return 0, abi.EINVAL, true
	}
	return 0, 0, true
}

// copyRefused refuses (EINVAL) a transfer between host descriptors in and
// out (guest descriptor gout) that the host cannot make alone: one of
// them is a file the runner emulates, or out is the runner's stdout or
// stderr in a recorded run. A bad descriptor is left to the host (EBADF).
func (t *Thread) copyRefused(gout, in, out int) int {
	if in < 0 || out < 0 || in == badFD || out == badFD {
		return 0
	}
	if t.runnerFile(in) || t.runnerFile(out) || (t.p.rec != nil && t.p.rec.stream(gout, out) != 0) {
		return abi.EINVAL
	}
	return 0
}

// hostWriteErr is the guest's errno for a host write's error: EINTR
// restarts, and EPIPE also sends SIGPIPE, as Linux's writes do.
func (t *Thread) hostWriteErr(err error) int {
	if err == unix.EINTR {
		return errRestart
	}
	if err == unix.EPIPE {
		t.post(t.selfSigInfo(abi.SIGPIPE))
	}
	return errnoOf(err)
}

// rwfSupported are the RWF_ flags of preadv2 and pwritev2 Linux 6.1
// knows (RWF_SUPPORTED: HIPRI, DSYNC, SYNC, NOWAIT, APPEND): another is
// EOPNOTSUPP (kiocb_set_rw_flags), checked by the runner since a newer
// host knows more (RWF_DONTCACHE, 6.14). A transfer of nothing returns 0
// before the flags are looked at.
const rwfSupported = 0x1f

// rwfAppend is RWF_APPEND: pwritev2 at the file's end.
const rwfAppend = 0x10

// nowaitRefused says RWF_NOWAIT is refused (EOPNOTSUPP: kiocb_set_rw_flags
// wants the file's FMODE_NOWAIT) on host descriptor fd's file: Linux
// 6.1's pipes and FIFOs (6.4 gave it them) and sockets (6.5) do not have
// it, a newer host's do. Other files have it as the host's kernel gives
// it.
func nowaitRefused(fd int) bool {
	m := fileMode(fd)
	return m == unix.S_IFIFO || m == unix.S_IFSOCK
}

// sysPreadv is preadv(fd, iov, iovcnt, pos_l, pos_h): on 64-bit powerpc
// pos_l is the whole offset.
func sysPreadv(t *Thread, a *sysArgs) (uint64, int) { return preadv(t, a, false) }

// sysPreadv2 is preadv2(fd, iov, iovcnt, pos_l, pos_h, flags): offset -1
// reads at the file position.
func sysPreadv2(t *Thread, a *sysArgs) (uint64, int) { return preadv(t, a, true) }

func preadv(t *Thread, a *sysArgs, v2 bool) (uint64, int) {
	fd := t.fd(a.Fd(0))
	if mm := t.files.memfds[fd]; mm != nil {
		return procMemVec(t, a, mm, v2, false)
	}
	if _, entry := t.files.procWrites[fd]; t.runnerFile(fd) && !entry {
		// The runner's other files have no positioned reads; a /proc
		// entry's (seq_file or simple_read_from_buffer) reads at the
		// offset, as its memory file does (EBADF opened write-only),
		// and /proc/PID/mem's is procMemVec above.
		return 0, abi.ESPIPE
	}
	iov, e := t.iovecs(a.Ptr(1), a.Ulong(2))
	if e != 0 {
		return 0, e
	}
	flags := 0
	if v2 {
		flags = int(a.Int(5))
	}
	if off := int64(a.Long(3)); off >= 0 || v2 && off == -1 {
		if e := t.procReadCheck(fd, off); e != 0 {
			return 0, e
		}
	}
	return t.preadvIov(fd, iov, int64(a.Long(3)), flags, v2)
}

// procMemVec is preadv, preadv2 (v2), pwritev or pwritev2 (write) of a
// /proc/self/mem descriptor reaching mm (procMemRWv): a negative offset
// is EINVAL before anything else (do_preadv, do_pwritev), but preadv2's
// and pwritev2's -1, which is the descriptor's offset.
func procMemVec(t *Thread, a *sysArgs, mm *addressSpace, v2, write bool) (uint64, int) {
	off, flags := int64(a.Long(3)), 0
	if v2 {
		flags = int(a.Int(5))
	}
	if off < 0 && !(v2 && off == -1) {
		return 0, abi.EINVAL
	}
	iov, e := t.iovecs(a.Ptr(1), a.Ulong(2))
	if e != 0 {
		return 0, e
	}
	return t.procMemRWv(mm, a.Fd(0), iov, write, off, flags)
}

// preadvIov is preadv (preadv2 if v2, with RWF_ flags) of host
// descriptor fd into the guest buffers iov at offset off.
func (t *Thread) preadvIov(fd int, iov []abi.Iovec, off int64, flags int, v2 bool) (uint64, int) {
	var total uint64
	for _, v := range iov {
		total += v.Len
	}
	b := make([]byte, min(total, 1<<20))
	if v2 && flags&^rwfSupported != 0 && total > 0 {
		return 0, abi.EOPNOTSUPP
	}
	if v2 && flags&unix.RWF_NOWAIT != 0 && total > 0 && off == -1 && openFor(fd, unix.POLLIN) && nowaitRefused(fd) {
		return 0, abi.EOPNOTSUPP // after ESPIPE and EBADF, which the host gives
	}
	if off >= 0 || v2 && off == -1 {
		if b, ok := t.seededRead(fd, total); ok {
			return uint64(len(b)), t.scatter(iov, b) // a random device in a seeded run (seed.go)
		}
	}
	var n int
	var err error
	f := vecAt(off, flags, v2, false)
	if v2 && off == -1 && total > 0 {
		// At the file position: read's job-control check, and read's
		// wait for a stream when no flag asks for something else.
		if e := t.ttyJobCheck(fd, false); e != 0 {
			return 0, e
		}
		if flags == 0 && streamKind(fd) != 0 && openFor(fd, unix.POLLIN) {
			var e int
			if n, e = t.streamRead(fd, b); e != 0 {
				return 0, e
			}
			goto done
		}
		if flags&unix.RWF_NOWAIT == 0 {
			if e := t.waitReadable(fd); e != 0 {
				return 0, e
			}
		}
	}
	err = t.pipeRead(fd, len(b), func() (err error) {
		n, err = t.hostIO(fd, b, f)
		return err
	})
	if err != nil {
		if err == unix.EINTR {
			return 0, errRestart
		}
		return 0, errnoOf(err)
	}
done:
	t.swapRead(fd, b[:n])
	if e := t.scatter(iov, b[:n]); e != 0 {
		return 0, e
	}
	return t.iovRest(fd, iov, min(total, maxRW), uint64(n), false, f), 0
}

// vecAt returns the host call of a preadv (write false) or pwritev of one
// buffer at offset off (-1: at the file position, preadv2's and
// pwritev2's), with preadv2's or pwritev2's flags if v2; the offset
// advances by what each call moves (iovRest's later parts).
func vecAt(off int64, flags int, v2, write bool) func(int, []byte) (int, error) {
	return func(fd int, b []byte) (n int, err error) {
		switch {
		case v2 && write:
			n, err = unix.Pwritev2(fd, [][]byte{b}, off, flags)
		case v2:
			n, err = unix.Preadv2(fd, [][]byte{b}, off, flags)
		case write:
			n, err = unix.Pwritev(fd, [][]byte{b}, off)
		default:
			n, err = unix.Preadv(fd, [][]byte{b}, off)
		}
		if off != -1 {
			off += int64(max(n, 0))
		}
		return n, err
	}
}

// sysPwritev is pwritev(fd, iov, iovcnt, pos_l, pos_h).
func sysPwritev(t *Thread, a *sysArgs) (uint64, int) { return pwritev(t, a, false) }

// sysPwritev2 is pwritev2(fd, iov, iovcnt, pos_l, pos_h, flags).
func sysPwritev2(t *Thread, a *sysArgs) (uint64, int) { return pwritev(t, a, true) }

func pwritev(t *Thread, a *sysArgs, v2 bool) (uint64, int) {
	fd := t.fd(a.Fd(0))
	if mm := t.files.memfds[fd]; mm != nil {
		return procMemVec(t, a, mm, v2, true)
	}
	ref, entry := t.files.procWrites[fd]
	if t.runnerFile(fd) && !entry {
		return 0, abi.ESPIPE
	}
	iov, e := t.iovecs(a.Ptr(1), a.Ulong(2))
	if e != 0 {
		return 0, e
	}
	flags := 0
	if v2 {
		flags = int(a.Int(5))
	}
	if entry {
		// A /proc entry the runner answers (procWritev): pwritev2's
		// offset -1 is writev's file position; another is checked as
		// pwrite's (procPwriteCheck); an RWF_ flag but RWF_HIPRI is
		// EOPNOTSUPP (do_loop_readv_writev).
		if off := int64(a.Long(3)); !(v2 && off == -1) {
			if e := procPwriteCheck(ref, off); e != 0 {
				return 0, e
			}
		}
		if flags&^unix.RWF_HIPRI != 0 {
			return 0, abi.EOPNOTSUPP
		}
		return procWritev(t, a.Fd(0), ref, iov)
	}
	return t.pwritevIov(fd, iov, int64(a.Long(3)), flags, v2)
}

// pwritevIov is pwritev (pwritev2 if v2, with RWF_ flags) of the guest
// buffers iov to host descriptor fd at offset off.
func (t *Thread) pwritevIov(fd int, iov []abi.Iovec, off int64, flags int, v2 bool) (uint64, int) {
	var total uint64
	for _, v := range iov {
		total += v.Len
	}
	if v2 && flags&^rwfSupported != 0 && total > 0 {
		return 0, abi.EOPNOTSUPP
	}
	if v2 && flags&unix.RWF_NOWAIT != 0 && total > 0 && off == -1 && openFor(fd, unix.POLLOUT) && nowaitRefused(fd) {
		return 0, abi.EOPNOTSUPP // after ESPIPE and EBADF, which the host gives
	}
	pos := offPos(off)
	switch {
	case v2 && flags&rwfAppend != 0:
		pos = posEnd
	case v2 && off == -1:
		pos = posFile
	}
	all, size, e := t.gatherWrite(fd, pos, iov)
	if e != 0 {
		return 0, e
	}
	if v2 && off == -1 && len(all) > 0 {
		// At the file position: write's job-control check, and write's
		// way with a stream when no flag asks for something else.
		if e := t.ttyJobCheck(fd, true); e != 0 {
			return 0, e
		}
		if kind := streamKind(fd); kind != 0 && flags == 0 {
			n, e := t.writeStream(fd, kind, all, 0)
			if e != 0 || n < uint64(len(all)) {
				return n, e
			}
			return t.streamRest(fd, kind, iov, size, n), 0
		}
		if flags&unix.RWF_NOWAIT == 0 {
			if e := t.waitWritable(fd); e != 0 {
				return 0, e
			}
		}
	}
	f := vecAt(off, flags, v2, true)
	n, err := t.hostIO(fd, all, f)
	if err != nil {
		return 0, t.hostWriteErr(err)
	}
	return t.iovRest(fd, iov, size, uint64(n), true, f), 0
}

// sysFadvise64 is fadvise64(fd, offset, len, advice): the advice values
// are the generic ones on powerpc64 and on the host. The runner's own
// files (a signalfd, a pidfd, /proc/PID/mem, a write-opened /proc entry)
// are Linux's anonymous or /proc inodes, with a mapping on the no-op
// backing device: generic_fadvise says 0 for any valid advice, EINVAL
// for a negative length or another advice (only a FIFO is ESPIPE).
func sysFadvise64(t *Thread, a *sysArgs) (uint64, int) {
	fd := t.fd(a.Fd(0))
	if t.runnerFile(fd) {
		if a.Long(2) < 0 || a.Uint(3) > 5 { // above POSIX_FADV_NOREUSE, the last advice
			return 0, abi.EINVAL
		}
		return 0, 0
	}
	return 0, errnoOf(unix.Fadvise(fd, int64(a.Long(1)), int64(a.Long(2)), int(a.Int(3))))
}

// memfd_create's flags in Linux 6.1 (MFD_ALL_FLAGS: MFD_CLOEXEC,
// MFD_ALLOW_SEALING, MFD_HUGETLB; with MFD_HUGETLB, a huge page size
// in bits 26-31). A newer host knows more (MFD_NOEXEC_SEAL, MFD_EXEC:
// 6.3), so the runner checks them.
const (
	mfdAllFlags = unix.MFD_CLOEXEC | unix.MFD_ALLOW_SEALING | unix.MFD_HUGETLB
	mfdHugeBits = 0x3f << 26
)

// sysMemfdCreate is memfd_create(name, flags): the host's memory file
// (MFD_CLOEXEC gives it its close-on-exec flag, which the runner's exec
// honours). The flags are checked (EINVAL) before the name is read
// (EFAULT), as mm/memfd.c does; the host checks the name's length.
func sysMemfdCreate(t *Thread, a *sysArgs) (uint64, int) {
	flags := a.Uint(1)
	allowed := uint32(mfdAllFlags)
	if flags&unix.MFD_HUGETLB != 0 {
		allowed |= mfdHugeBits
	}
	if flags&^allowed != 0 {
		return 0, abi.EINVAL
	}
	name, e := t.str(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	return t.newFD(unix.MemfdCreate(name, int(flags)))
}
