//go:build linux

package linux

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
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
// /proc/PID/mem and comm descriptors, and, while the run is recorded, an
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
		(t.runnerFile(in) || t.runnerFile(out) || (t.p.rec != nil && t.p.rec.stream(a.Fd(2), out) != 0)) {
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
	call := func(fl uintptr) (int64, unix.Errno) {
		r, _, e := unix.Syscall6(unix.SYS_SPLICE, uintptr(in), ptrs[0], uintptr(out), ptrs[1], uintptr(size), fl)
		runtime.KeepAlive(offs)
		return int64(r), e
	}
	n, err := call(flags | unix.SPLICE_F_NONBLOCK)
	if err == unix.EAGAIN && flags&unix.SPLICE_F_NONBLOCK == 0 {
		// A blocking splice waits interruptibly for its pipes, as read
		// and write do, then blocks in the host.
		if e := t.waitReadable(in); e != 0 {
			return 0, e
		}
		if e := t.waitWritable(out); e != 0 {
			return 0, e
		}
		t.block(func() { n, err = call(flags) })
	}
	if err != 0 {
		if err == unix.EINTR {
			return 0, errRestart
		}
		if err == unix.EPIPE {
			t.post(sigInfo{signo: abi.SIGPIPE, code: abi.SI_USER, pid: t.p.pid})
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

// spliceFlags are the flags splice accepts (SPLICE_F_ALL).
const spliceFlags = unix.SPLICE_F_MOVE | unix.SPLICE_F_NONBLOCK | unix.SPLICE_F_MORE | unix.SPLICE_F_GIFT

// runnerFile says whether host descriptor h is one whose file the runner
// emulates (a signalfd, /proc/PID/mem, a comm file, a pidfd of a guest
// process).
func (t *Thread) runnerFile(h int) bool {
	_, sig := t.files.sigfds[h]
	_, mem := t.files.memfds[h]
	_, comm := t.files.commfds[h]
	_, pidfd := t.files.pidfds[h]
	return sig || mem || comm || pidfd
}
