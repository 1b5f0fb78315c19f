//go:build linux

package linux

import (
	"encoding/binary"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// signalfd and signalfd4. A guest signalfd reads the guest's pending
// signals (the runner's, never the host's): it is a host eventfd, so that
// poll, epoll, select, close and dup work on it, made readable when a
// signal of its mask is posted (post) and emptied when a read finds no
// more; reads are served by signalfdRead. The table fdTable.sigfds maps
// the host eventfd to the mask.

// signalfd_siginfo (128 bytes): ssi_signo u32 at 0, ssi_errno 4, ssi_code
// 8, ssi_pid 12, ssi_uid 16, ssi_fd 20, ssi_tid 24, ssi_band 28,
// ssi_overrun 32, ssi_trapno 36, ssi_status 40, ssi_int 44, ssi_ptr u64 at
// 48, ssi_utime 56, ssi_stime 64, ssi_addr 72.
const signalfdSiginfoSize = 128

// signalfd4 flags on powerpc (O_CLOEXEC, O_NONBLOCK).
const (
	sfdCloexec  = 0o2000000
	sfdNonblock = 0o4000
)

// sigfdState is one signalfd: its mask, and whether its eventfd holds a
// count (is readable).
type sigfdState struct {
	mask  uint64
	ready bool
}

func init() {
	def(abi.SYS_SIGNALFD4, func(t *Thread, a *[6]uint64) (uint64, int) { return signalfd(t, a[0], a[1], a[2], a[3]) })
	def(abi.SYS_SIGNALFD, func(t *Thread, a *[6]uint64) (uint64, int) { return signalfd(t, a[0], a[1], a[2], 0) })
}

func signalfd(t *Thread, fd, maskp, size, flags uint64) (uint64, int) {
	if size != 8 || flags&^uint64(sfdCloexec|sfdNonblock) != 0 {
		return 0, abi.EINVAL
	}
	mask, e := t.get64(maskp)
	if e != 0 {
		return 0, e
	}
	mask &^= unblockable
	ft := t.files
	if int32(fd) != -1 {
		h := t.fd(fd)
		if h < 0 || h == badFD {
			return 0, abi.EBADF
		}
		s := ft.sigfds[h]
		if s == nil {
			return 0, abi.EINVAL
		}
		s.mask = mask
		t.signalfdUpdate(h, s)
		return fd, 0
	}
	h, err := unix.Eventfd(0, openFlags(flags))
	if err != nil {
		return 0, errnoOf(err)
	}
	g, e := ft.addLimited(h, 0)
	if e != 0 {
		return 0, e
	}
	if ft.sigfds == nil {
		ft.sigfds = map[int]*sigfdState{}
	}
	s := &sigfdState{mask: mask}
	ft.sigfds[h] = s
	t.signalfdUpdate(h, s)
	return g, 0
}

// signalfdUpdate makes the eventfd h readable exactly when a signal of the
// mask is there for t to read.
func (t *Thread) signalfdUpdate(h int, s *sigfdState) {
	_, sig := t.next(s.mask)
	want := sig != 0
	if want == s.ready {
		return
	}
	var b [8]byte
	if want {
		binary.NativeEndian.PutUint64(b[:], 1)
		_, _ = unix.Write(h, b[:])
	} else {
		_, _ = unix.Read(h, b[:])
	}
	s.ready = want
}

// signalsPosted makes the signalfds whose mask holds sig readable.
func (ft *fdTable) signalPosted(sig int) {
	for h, s := range ft.sigfds {
		if s.mask&sigBit(sig) != 0 && !s.ready {
			var b [8]byte
			binary.NativeEndian.PutUint64(b[:], 1)
			_, _ = unix.Write(h, b[:])
			s.ready = true
		}
	}
}

// signalfdRead is read(2) of a signalfd: as many signalfd_siginfo records
// as fit, taken from the thread's pending signals of the mask (the lowest
// signal first), then from the process-directed ones (Thread.next). With none pending it fails with EAGAIN (O_NONBLOCK) or
// waits, interruptibly.
func signalfdRead(t *Thread, h int, s *sigfdState, addr, n uint64) (uint64, int) {
	if n < signalfdSiginfoSize {
		return 0, abi.EINVAL
	}
	if !t.writable(addr, int(min(n, 1<<20))) {
		return 0, abi.EFAULT
	}
	for {
		var out []byte
		for uint64(len(out))+signalfdSiginfoSize <= n {
			sig, info := t.take(s.mask)
			if sig == 0 {
				break
			}
			out = append(out, t.p.signalfdSiginfo(sig, &info)...)
		}
		if len(out) > 0 {
			t.p.sigAny.Store(true)
			t.signalfdUpdate(h, s)
			return uint64(len(out)), t.write(addr, out)
		}
		t.signalfdUpdate(h, s)
		fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
		if err != nil {
			return 0, errnoOf(err)
		}
		if fl&unix.O_NONBLOCK != 0 {
			return 0, abi.EAGAIN
		}
		if t.deliverable() != 0 {
			return 0, errRestart
		}
		old := t.mask
		t.mask &^= s.mask
		res := t.waitFor(nil, -1)
		t.mask = old
		if res == waitExit {
			return 0, errExit
		}
	}
}

// signalfdSiginfo encodes one signalfd_siginfo record.
func (p *Process) signalfdSiginfo(sig int, info *sigInfo) []byte {
	o := p.order
	b := make([]byte, signalfdSiginfoSize)
	o.PutUint32(b[0:], uint32(sig))
	o.PutUint32(b[8:], uint32(int32(info.code)))
	if info.raw != nil && len(info.raw) >= 32 {
		// rt_sigqueueinfo's siginfo: si_pid, si_uid, si_value.
		o.PutUint32(b[12:], o.Uint32(info.raw[16:]))
		o.PutUint32(b[16:], o.Uint32(info.raw[20:]))
		v := o.Uint64(info.raw[24:])
		o.PutUint64(b[48:], v)
		// ssi_int is sival_int, the first 4 bytes of the union.
		copy(b[44:48], info.raw[24:28])
		return b
	}
	switch sig {
	case abi.SIGSEGV, abi.SIGBUS, abi.SIGILL, abi.SIGTRAP, abi.SIGFPE:
		if info.code > 0 {
			o.PutUint64(b[72:], info.addr)
			return b
		}
	}
	o.PutUint32(b[12:], uint32(info.pid))
	o.PutUint32(b[16:], uint32(info.uid))
	return b
}
