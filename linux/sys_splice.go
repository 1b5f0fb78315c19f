//go:build linux

package linux

import (
	"cmp"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// splice(2) is the host's: the guest's descriptors are host descriptors,
// and the host is Linux, which checks the arguments (EINVAL unless one end
// is a pipe, ESPIPE for an offset of a pipe, EBADF, EINVAL for a file
// opened for appending, ...) as the guest's kernel would. GNU grep 3.8
// drains its input with it when its output is /dev/null (grep -q and -c >
// /dev/null after a pipe) and falls back to read only on EINVAL, so ENOSYS
// made it fail with "(standard input): Function not implemented".
//
// Where the runner stands for the kernel the call is EINVAL, as Linux
// answers for a file without splice_read or splice_write: a signalfd,
// /proc/PID/mem and comm descriptors, any entry of a /proc/PID directory
// as a source (procPidHostFD), and, while the run is recorded, an
// output that is the runner's stdout or stderr (the recording keeps what a
// program writes there from the bytes of its write calls; programs fall
// back to read and write on EINVAL).

// sysSplice is splice(fd_in, off_in, fd_out, off_out, len, flags). The
// host checks the arguments in Linux's order (len 0, flags, EBADF, ESPIPE,
// then the offsets: a guest offset pointer that faults is given to the
// host as an address that faults too).
func sysSplice(t *Thread, a *sysArgs) (uint64, int) {
	in, out := t.files.get(a.Fd(0)), t.files.get(a.Fd(2))
	size, flags := min(a.Size(4), 1<<30), uintptr(a.Uint(5))
	if size != 0 && flags&^spliceFlags == 0 && in >= 0 && out >= 0 &&
		(t.runnerFile(in) || t.runnerFile(out) || procPidHostFD(in) || (t.p.rec != nil && t.p.rec.stream(a.Fd(2), out) != 0)) {
		return 0, abi.EINVAL
	}
	offs := new([2]int64) // on the heap: the host writes through its address
	var ptrs [2]uintptr
	for i, p := range [2]uint64{a.Ptr(1), a.Ptr(3)} {
		if p == 0 {
			continue
		}
		ptrs[i] = 1 // unmapped in the runner: EFAULT where Linux would fault
		if v, e := t.get64(p); e == 0 {
			offs[i] = int64(v)
			ptrs[i] = uintptr(unsafe.Pointer(&offs[i]))
		}
	}
	if size != 0 && flags&^spliceFlags == 0 && in >= 0 && out >= 0 {
		// A terminal's read and write checks (n_tty_read's job control;
		// n_tty_write's tty_check_change with TOSTOP).
		if e := t.ttyJobCheck(in, false); e != 0 {
			return 0, e
		}
		if e := t.ttyJobCheck(out, true); e != 0 {
			return 0, e
		}
	}
	fromPipe := size != 0 && flags&^spliceFlags == 0 && in >= 0 && fileMode(in) == unix.S_IFIFO
	xfsz := false                 // SIGXFSZ is due
	fsize := t.group.rl.fsize.Cur // read under the process lock, which the attempts run without
	call := func(in, out int, fl uintptr) (int64, unix.Errno) {
		n := size
		room, limited := uint64(0), false
		if fromPipe {
			// A regular file's write (iter_file_splice_write) checks
			// RLIMIT_FSIZE once the pipe has data.
			pos := int64(posFile)
			if ptrs[1] == 1 {
				pos = posNone
			} else if ptrs[1] != 0 {
				pos = offPos(offs[1])
			}
			if room, limited = roomUnder(fsize, out, pos, false); limited {
				if room == 0 {
					return pipeAtLimit(in, &xfsz)
				}
				n = min(n, room)
			}
		}
		r, _, e := unix.Syscall6(unix.SYS_SPLICE, uintptr(in), ptrs[0], uintptr(out), ptrs[1], uintptr(n), fl)
		runtime.KeepAlive(offs)
		if limited && e == 0 && uint64(r) == room && size > room && pipeHasData(in) {
			// iter_file_splice_write went on with the pipe's next
			// bytes, at the limit: SIGXFSZ, its EFBIG lost in the
			// count so far.
			xfsz = true
		}
		return int64(r), e
	}
	var n int64
	var err unix.Errno
	var e int
	if ptrs[0] == 0 && ptrs[1] == 0 && size != 0 && flags&^spliceFlags == 0 && in >= 0 && fileMode(in) == unix.S_IFIFO && streamKind(out) == streamSock && streamType(out) {
		n, err, e = t.spliceToSocket(in, out, int(size), flags)
	} else {
		n, err, e = t.pipeCall(in, out, flags, call)
	}
	if e != 0 {
		return 0, e
	}
	if xfsz {
		t.sigXFSZ()
	}
	if err != 0 {
		if err == unix.EINTR {
			return 0, errRestart
		}
		if err == unix.EPIPE {
			t.post(t.selfSigInfo(abi.SIGPIPE))
		}
		return 0, errnoOf(err)
	}
	for i, p := range [2]uint64{a.Ptr(1), a.Ptr(3)} {
		if p != 0 {
			if e := t.put64(p, uint64(offs[i])); e != 0 {
				return 0, e
			}
		}
	}
	return uint64(n), 0
}

// pipeAtLimit is a splice from pipe in to a file at its RLIMIT_FSIZE:
// EFBIG (setting *xfsz, for SIGXFSZ) if the pipe has data, 0 if it is
// empty with no writer left, else EAGAIN (pipeCall waits for data).
func pipeAtLimit(in int, xfsz *bool) (int64, unix.Errno) {
	switch ev := pipePoll(in); {
	case ev&unix.POLLIN != 0:
		*xfsz = true
		return 0, unix.EFBIG
	case ev&unix.POLLHUP != 0:
		return 0, 0
	}
	return 0, unix.EAGAIN
}

// pipeHasData says whether pipe in has bytes to read.
func pipeHasData(in int) bool { return pipePoll(in)&unix.POLLIN != 0 }

// pipePoll is pipe in's poll events now (0 if poll fails).
func pipePoll(in int) int16 { return pollNow(in, unix.POLLIN) }

// pipeCall makes a splice-like host call (splice, tee) from host
// descriptor in to out with the guest's flags without waiting in the
// host: attempts with SPLICE_F_NONBLOCK and interruptible waits (in
// readable, out writable) between them, as read and write do.
// SPLICE_F_NONBLOCK does not keep n_tty or a socket from waiting (a
// socket's splice waits unless its description is O_NONBLOCK, as
// sock_sendpage's and sock_read_iter's MSG_DONTWAIT and tcp_splice_read),
// so a terminal end is given to the attempts as its second description
// (nowaitTTY), and a socket end, or a terminal that cannot be opened
// again, is made O_NONBLOCK for each attempt (nonblockIO). Such a call
// that the guest made non-blocking (SPLICE_F_NONBLOCK, or an O_NONBLOCK
// pipe end, as Linux's do_splice) gets an attempt's EAGAIN only where
// Linux gives it (spliceWouldBlock); otherwise it waits too. A call
// between ends that all honour the flag is the host's own once the guest
// made it non-blocking, with the guest's own descriptors and flags. It
// returns the call's result, or errno e from a wait (a signal, the run's
// end). An attempt that moved a part returns it, where Linux's splice to
// a socket that fills up with bytes still in the pipe waits for room and
// moves more.
func (t *Thread) pipeCall(in, out int, flags uintptr, call func(in, out int, fl uintptr) (int64, unix.Errno)) (n int64, err unix.Errno, e int) {
	hin, hout := in, out
	toggle := -1 // the end made O_NONBLOCK for each attempt
	for _, h := range []*int{&hin, &hout} {
		switch streamKind(*h) {
		case streamFIFO:
			if !isTerminal(*h) {
				break
			}
			tty := t.files.ttyHold(*h)
			defer t.files.ttyRelease(tty)
			if tty.fd >= 0 {
				*h = tty.fd
			} else {
				toggle = *h
			}
		case streamSock:
			toggle = *h
		}
	}
	ignores := toggle >= 0 || hin != in || hout != out // an end waits whatever the flags say
	if flags&unix.SPLICE_F_NONBLOCK != 0 && !ignores {
		t.block(func() { n, err = call(in, out, flags) })
		return n, err, 0
	}
	for {
		attempt := func() { n, err = call(hin, hout, flags|unix.SPLICE_F_NONBLOCK) }
		if toggle < 0 || !nonblockIO(toggle, func() error { attempt(); return err }) {
			t.block(attempt)
		}
		if err != unix.EAGAIN {
			return n, err, 0
		}
		nb := flags&unix.SPLICE_F_NONBLOCK != 0 || nonblocking(in) || nonblocking(out)
		switch {
		case ignores && nb && spliceWouldBlock(in, out):
			return n, err, 0
		case !ignores && nb:
			t.block(func() { n, err = call(in, out, flags) })
			return n, err, 0
		}
		if e := t.waitReadable(in); e != 0 {
			return 0, 0, e
		}
		if e := t.waitWritable(out); e != 0 {
			return 0, 0, e
		}
	}
}

// spliceWouldBlock says whether Linux's non-blocking splice from in to
// out gives EAGAIN rather than wait, where one end is a blocking socket
// or terminal: the pipe end would wait (in empty with writers left, out
// full), or in is a Unix stream socket, whose splice_read honours
// SPLICE_F_NONBLOCK (unix_stream_splice_read). Other sockets' and n_tty's
// splices wait for data or room whatever the flag says.
func spliceWouldBlock(in, out int) bool {
	if fileMode(in) == unix.S_IFIFO && pipePoll(in)&(unix.POLLIN|unix.POLLHUP) == 0 {
		return true
	}
	if fileMode(out) == unix.S_IFIFO && pollNow(out, unix.POLLOUT)&unix.POLLOUT == 0 {
		return true
	}
	return fileMode(in) == unix.S_IFSOCK && streamType(in) && unixSocket(in)
}

// pollNow is host descriptor fd's poll events for events now (0 if
// poll fails).
func pollNow(fd int, events int16) int16 {
	pfd := []unix.PollFd{{Fd: int32(fd), Events: events}}
	if _, err := unix.Poll(pfd, 0); err != nil {
		return 0
	}
	return pfd[0].Revents
}

// spliceToSocket is splice from pipe in to out, a blocking stream socket, whose
// host send waits for room whatever the flags (only the socket's own
// O_NONBLOCK makes it MSG_DONTWAIT): the runner copies the pipe's bytes
// without taking them (tee to a pipe of its own), sends them without
// waiting and then takes from in what was sent, waiting interruptibly
// between attempts for in's data and out's room (ioWait: a signal, the
// socket's SO_SNDTIMEO, the run's end). As Linux's splice_from_pipe it
// returns once in is empty after a part was sent, and a signal then ends
// it with that part; with nothing sent an empty pipe is EAGAIN under
// SPLICE_F_NONBLOCK or O_NONBLOCK, and the end of the pipe's writers 0.
// (A second reader of in that takes bytes between the copy and the
// taking would make the bytes taken differ from those sent.)
func (t *Thread) spliceToSocket(in, out, size int, flags uintptr) (int64, unix.Errno, int) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err != nil {
		return 0, err.(unix.Errno), 0
	}
	defer unix.Close(p[0])
	defer unix.Close(p[1])
	buf := make([]byte, min(size, 64<<10))
	w := newIOWait(out, unix.POLLOUT)
	var sendFlags uintptr = unix.MSG_DONTWAIT | unix.MSG_NOSIGNAL
	if flags&unix.SPLICE_F_MORE != 0 {
		sendFlags |= unix.MSG_MORE
	}
	total := 0
	for total < size {
		want := min(size-total, len(buf))
		var k int
		var errno unix.Errno
		t.block(func() {
			r, _, e := unix.Syscall6(unix.SYS_TEE, uintptr(in), uintptr(p[1]), uintptr(want), unix.SPLICE_F_NONBLOCK, 0, 0)
			k, errno = int(r), e
		})
		switch {
		case errno == unix.EAGAIN && total == 0 && flags&unix.SPLICE_F_NONBLOCK == 0 && !nonblocking(in):
			if e := t.waitReadable(in); e != 0 {
				return 0, 0, e
			}
			continue
		case errno != 0 && total == 0:
			return 0, errno, 0
		case errno != 0 || k == 0:
			return int64(total), 0, 0
		}
		k, _ = unix.Read(p[0], buf[:k])
		var m int
		t.block(func() {
			r, _, e := unix.Syscall6(unix.SYS_SENDTO, uintptr(out), ptr(buf[:max(k, 0)]), uintptr(max(k, 0)), sendFlags, 0, 0)
			m, errno = int(r), e
		})
		if errno == unix.EAGAIN {
			if e := w.wait(t); e != 0 {
				if total > 0 && e != errExit {
					return int64(total), 0, 0
				}
				return 0, 0, e
			}
			continue
		}
		if errno != 0 {
			if total > 0 {
				return int64(total), 0, 0
			}
			return 0, errno, 0
		}
		// Take what was sent from in (it holds at least that).
		for taken := 0; taken < m; {
			r, err, _ := nowaitIO(in, buf[taken:m], false)
			if err != nil || r <= 0 {
				break
			}
			taken += r
		}
		total += m
	}
	return int64(total), 0, 0
}

// nonblocking says whether host descriptor fd's description is
// O_NONBLOCK.
func nonblocking(fd int) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_NONBLOCK != 0
}

// spliceFlags are the flags splice accepts (SPLICE_F_ALL).
const spliceFlags = unix.SPLICE_F_MOVE | unix.SPLICE_F_NONBLOCK | unix.SPLICE_F_MORE | unix.SPLICE_F_GIFT

// runnerFile says whether host descriptor h is one whose file the runner
// emulates (a signalfd, /proc/PID/mem, a comm file, a pidfd of a guest
// process).
func (t *Thread) runnerFile(h int) bool {
	_, sig := t.files.sigfds[h]
	_, mem := t.files.memfds[h]
	_, comm := t.files.procWrites[h]
	_, pidfd := t.files.pidfds[h]
	return sig || mem || comm || pidfd
}

// sysTee is tee(fd_in, fd_out, len, flags): the host's, between two host
// pipes, which checks the arguments as Linux does (EINVAL unless both are
// pipes and distinct, EBADF, flags); a blocking one waits as splice does.
// The runner's own files are EINVAL, as they are not pipes, and so is the
// runner's stdout or stderr while the run is recorded (see above).
func sysTee(t *Thread, a *sysArgs) (uint64, int) {
	in, out := t.files.get(a.Fd(0)), t.files.get(a.Fd(1))
	size, flags := min(a.Size(2), 1<<30), uintptr(a.Uint(3))
	if size != 0 && flags&^spliceFlags == 0 && in >= 0 && out >= 0 &&
		(t.runnerFile(in) || t.runnerFile(out) || (t.p.rec != nil && t.p.rec.stream(a.Fd(1), out) != 0)) {
		return 0, abi.EINVAL
	}
	call := func(in, out int, fl uintptr) (int64, unix.Errno) {
		r, _, e := unix.Syscall6(unix.SYS_TEE, uintptr(in), uintptr(out), uintptr(size), fl, 0, 0)
		return int64(r), e
	}
	n, err, e := t.pipeCall(in, out, flags, call)
	if e != 0 {
		return 0, e
	}
	if err != 0 {
		if err == unix.EINTR {
			return 0, errRestart
		}
		return 0, errnoOf(err)
	}
	return uint64(n), 0
}

// sysVmsplice is vmsplice(fd, iov, nr_segs, flags), the host's on host
// memory that holds the guest's bytes, so that the host checks the
// arguments in Linux's order (flags, the descriptor and its mode, the
// iovec array, then EBADF unless a pipe). Into a pipe (a descriptor open
// for writing) the guest's bytes are copied to a host mapping made for
// the call and unmapped after it: the pipe keeps references to its pages,
// which nothing writes again, so SPLICE_F_GIFT changes nothing the guest
// sees (but the guest's stores to its buffers after the call are not seen
// by the pipe's reader, where Linux's pipe holds the guest's own pages). Out of a pipe the host fills a buffer that is then copied to the
// guest's iovecs. A guest buffer that cannot be read (or written) is
// given to the host as an address that faults, after the part that can,
// so the call moves that part or fails with EFAULT as Linux would. At
// most ioBufCap bytes move in one call (a shorter count, which vmsplice
// may return). The runner's own files, and its stdout and stderr while the
// run is recorded, are EBADF, as for a file that is not a pipe.
func sysVmsplice(t *Thread, a *sysArgs) (uint64, int) {
	h, nseg, flags := t.files.get(a.Fd(0)), a.Ulong(2), uintptr(a.Uint(3))
	host := func(iov []unix.Iovec, fl uintptr) (int64, unix.Errno) {
		p, n := uintptr(1), uintptr(nseg) // unmapped: EFAULT where the guest's array faults
		if iov != nil {
			p, n = uintptr(unsafe.Pointer(unsafe.SliceData(iov))), uintptr(len(iov))
		}
		r, _, e := unix.Syscall6(unix.SYS_VMSPLICE, uintptr(h), p, n, fl, 0, 0)
		runtime.KeepAlive(iov)
		return int64(r), e
	}
	giov, e := t.iovecArray(a.Ptr(1), nseg)
	negative := false
	for _, v := range giov {
		negative = negative || int64(v.Len) < 0
	}
	if e != 0 || h < 0 || negative {
		// The host's answer for the flags, the descriptor, the count, an
		// array that faults and a negative length, in its order.
		var lens []unix.Iovec
		if negative {
			lens = make([]unix.Iovec, len(giov))
			for i, v := range giov {
				lens[i].SetLen(int(v.Len))
			}
		}
		if _, err := host(lens, flags); err != 0 {
			return 0, errnoOf(err)
		}
		return 0, cmp.Or(e, abi.EBADF)
	}
	fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
	write := err == nil && fl&unix.O_ACCMODE != unix.O_RDONLY
	if flags&^spliceFlags == 0 && err == nil && fl&unix.O_PATH == 0 &&
		(t.runnerFile(h) || (write && t.p.rec != nil && t.p.rec.stream(a.Fd(0), h) != 0)) {
		return 0, abi.EBADF
	}
	// The guest's buffers: as many bytes as it may read (write) from the
	// start, at most ioBufCap; short if a part could not.
	perm := mem.Read
	if !write {
		perm = mem.Write
	}
	var ok uint64
	short := false
	for _, v := range giov {
		want := min(v.Len, ioBufCap-ok)
		k := uint64(t.accessible(v.Base, int(want), perm))
		ok += k
		if k < want {
			short = true
		}
		if short || ok == ioBufCap {
			break
		}
	}
	var buf []byte
	if !write {
		buf = t.ioBuf(ok)
	} else if ok > 0 {
		m, err := unix.Mmap(-1, 0, int(ok), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
		if err != nil {
			return 0, abi.ENOMEM
		}
		defer unix.Munmap(m)
		buf = m
		for off, i := 0, 0; off < len(buf); i++ {
			b, e := t.read(giov[i].Base, min(int(giov[i].Len), len(buf)-off))
			if e != 0 {
				return 0, e
			}
			off += copy(buf[off:], b)
		}
	}
	// The host's iovecs: the buffer whole, then a faulting byte for the
	// rest that could not be reached.
	hiov := []unix.Iovec{}
	if len(buf) > 0 {
		v := unix.Iovec{Base: &buf[0]}
		v.SetLen(len(buf))
		hiov = append(hiov, v)
	}
	if short {
		hiov = append(hiov, unix.Iovec{Base: nil, Len: 1}) // address 0: a fault
	}
	// A blocking one waits interruptibly for its pipe between attempts
	// that do not wait (pipeCall: the wait for the other direction, for
	// which h is not open, returns at once).
	n, herr, e := t.pipeCall(h, h, flags, func(_, _ int, fl uintptr) (int64, unix.Errno) { return host(hiov, fl) })
	if e != 0 {
		return 0, e
	}
	if herr != 0 {
		if herr == unix.EINTR {
			return 0, errRestart
		}
		if herr == unix.EPIPE {
			t.post(t.selfSigInfo(abi.SIGPIPE))
		}
		return 0, errnoOf(herr)
	}
	if !write {
		if e := t.scatter(giov, buf[:n]); e != 0 {
			return 0, e
		}
	}
	return uint64(n), 0
}
