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

// signalfdSiginfoSize is the size of a struct signalfd_siginfo
// (abi.SignalfdSiginfo).
var signalfdSiginfoSize = uint64(abi.SignalfdSiginfoLayout.Size())

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

func sysSignalfd4(t *Thread, a *sysArgs) (uint64, int) {
	return signalfd(t, a.Fd(0), a.Ptr(1), a.Size(2), uint64(a.Uint(3)))
}

func sysSignalfd(t *Thread, a *sysArgs) (uint64, int) {
	return signalfd(t, a.Fd(0), a.Ptr(1), a.Size(2), 0)
}

func signalfd(t *Thread, fd int, maskp, size, flags uint64) (uint64, int) {
	if size != 8 || flags&^uint64(sfdCloexec|sfdNonblock) != 0 {
		return 0, abi.EINVAL
	}
	mask, e := t.get64(maskp)
	if e != 0 {
		return 0, e
	}
	mask &^= unblockable
	ft := t.files
	if fd != -1 {
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
		return uint64(fd), 0
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
	g := abi.SignalfdSiginfo{Signo: uint32(sig), Code: int32(info.code)}
	switch {
	case len(info.raw) >= abi.SiginfoLayout.Size():
		// rt_sigqueueinfo's or a timer's siginfo: si_pid, si_uid, si_value.
		var si abi.Siginfo
		abi.SiginfoLayout.Decode(p.order, info.raw, &si)
		g.Pid, g.UID, g.Ptr = uint32(si.Pid), si.UID, si.Value
		// ssi_int is sival_int, the first 4 bytes of the union.
		g.Int = int32(si.Value)
		if p.order == binary.BigEndian {
			g.Int = int32(si.Value >> 32)
		}
	case info.sigpoll:
		// signal-driven I/O's (asyncio.go): ssi_band, ssi_fd.
		g.Band, g.Fd = uint32(info.band), int32(info.fd)
	case info.code > 0 && (sig == abi.SIGSEGV || sig == abi.SIGBUS || sig == abi.SIGILL || sig == abi.SIGTRAP || sig == abi.SIGFPE):
		g.Addr = info.addr
	default:
		g.Pid, g.UID = uint32(info.pid), uint32(info.uid)
	}
	return abi.SignalfdSiginfoLayout.Bytes(p.order, &g)
}
