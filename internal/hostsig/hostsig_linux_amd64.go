//go:build linux && amd64

package hostsig

import (
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// nsig bounds the signal numbers Watch takes (Linux's _NSIG is 64).
const nsig = 65

var (
	prev   [nsig]uintptr // the handler wrap goes on to, by signal
	kernel [nsig]uint32  // SI_KERNEL arrivals wrap counted, by signal
	taken  [nsig]uint32  // the arrivals Kernel took, by signal
)

// wrap is the wrapping handler (hostsig_linux_amd64.s), entered as the
// kernel enters an SA_SIGINFO handler.
func wrap()

// wrapPC is wrap's entry address.
func wrapPC() uintptr

// sigaction is x86-64 Linux's struct sigaction as rt_sigaction(2) takes it.
type sigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

const (
	saSiginfo = 0x4
	sigIgn    = 1
)

func rtSigaction(sig int, act, old *sigaction) syscall.Errno {
	_, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(act)),
		uintptr(unsafe.Pointer(old)), 8, 0, 0)
	return e
}

// Watch wraps sig's handler, which must be Go's (signal.Notify's), so
// that Kernel can tell its SI_KERNEL arrivals. It says whether it did: not
// for a signal with no SA_SIGINFO handler (default or ignored), nor one
// out of range.
func Watch(sig os.Signal) bool {
	n := signum(sig)
	if n <= 0 || n >= nsig {
		return false
	}
	var old sigaction
	if rtSigaction(n, nil, &old) != 0 {
		return false
	}
	if old.handler == wrapPC() {
		return true
	}
	if old.handler <= sigIgn || old.flags&saSiginfo == 0 {
		return false
	}
	atomic.StoreUintptr(&prev[n], old.handler)
	act := old
	act.handler = wrapPC()
	return rtSigaction(n, &act, nil) == 0
}

// Unwatch gives sig back the handler Watch wrapped, if wrap is still its
// handler.
func Unwatch(sig os.Signal) {
	n := signum(sig)
	if n <= 0 || n >= nsig {
		return
	}
	var cur sigaction
	if rtSigaction(n, nil, &cur) != 0 || cur.handler != wrapPC() {
		return
	}
	cur.handler = atomic.LoadUintptr(&prev[n])
	_ = rtSigaction(n, &cur, nil)
}

// Kernel says whether sig arrived with SI_KERNEL (wrap counted it) since
// the last call that said so, and takes those arrivals. Call it for each
// sig os/signal delivers: wrap counts before Go's handler queues the
// signal, and arrivals that os/signal coalesced into one delivery are
// taken together.
func Kernel(sig os.Signal) bool {
	n := signum(sig)
	if n <= 0 || n >= nsig {
		return false
	}
	for {
		k, t := atomic.LoadUint32(&kernel[n]), atomic.LoadUint32(&taken[n])
		if k == t {
			return false
		}
		if atomic.CompareAndSwapUint32(&taken[n], t, k) {
			return true
		}
	}
}

// signum is sig's number, or 0 for a signal that is not a syscall.Signal.
func signum(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return 0
}
