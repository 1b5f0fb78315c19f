//go:build linux && amd64

package hostsig

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// nsig bounds the signal numbers Watch takes (Linux's _NSIG is 64).
const nsig = 65

var (
	prev   [nsig]uintptr // the handler wrap goes on to, by signal
	kernel [nsig]uint32  // SI_KERNEL arrivals wrap counted, by signal
	taken  [nsig]uint32  // the arrivals Kernel took, by signal
	sender [nsig]uint64  // the last SI_USER arrival's sender, by signal: si_pid (low half), si_uid (high)
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

// Supported says whether Watch can watch a signal here: it can on
// linux/amd64.
const Supported = true

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

// Sender is the pid of the process that sent sig's last arrival with
// si_code SIUser (kill(2) of the runner's pid or of its process group,
// which the siginfo does not tell apart), or 0 if none came since Watch.
func Sender(sig os.Signal) int {
	pid, _ := SenderID(sig)
	return pid
}

// SenderID is the pid and the real user id (siginfo's si_pid and si_uid,
// as the host's kill(2) gave them) of the sender of sig's last SI_USER
// arrival (Sender), or 0, 0 if none came since Watch.
func SenderID(sig os.Signal) (pid, uid int) {
	n := signum(sig)
	if n <= 0 || n >= nsig {
		return 0, 0
	}
	v := atomic.LoadUint64(&sender[n])
	return int(int32(v)), int(uint32(v >> 32))
}

// GroupSender says whether sig's last SI_USER arrival (Sender) came, as
// far as the host tells, from kill(2) of the runner's whole process group
// by a member of it: a process of the runner's host group, not the runner,
// that ignores sig. A sender signalling its own group gets the signal
// too, so one that means to go on ignores it first: GNU timeout sets
// SIG_IGN before its kill(0, sig) that follows its kill(child, sig)
// (coreutils' send_sig), where a shell's kill of the runner's pid from
// the same group does not ignore the signal it sends. A sender that has
// gone, or whose state the host does not show, did not, nor one where
// the runner has no process group of its own (getpgrp 0: a process that
// descends from init without one).
func GroupSender(sig os.Signal) bool {
	pid := Sender(sig)
	if pid <= 0 || pid == os.Getpid() {
		return false
	}
	if pg, err := unix.Getpgid(pid); err != nil || pg <= 0 || pg != unix.Getpgrp() {
		return false
	}
	ign, ok := ignored(pid)
	return ok && ign&(1<<(signum(sig)-1)) != 0
}

// ignored is the set of signals process pid ignores (bit n-1 for signal
// n), the SigIgn line of its /proc/PID/status; ok false if unreadable.
func ignored(pid int) (set uint64, ok bool) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, found := strings.CutPrefix(sc.Text(), "SigIgn:"); found {
			set, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return set, err == nil
		}
	}
	return 0, false
}

// signum is sig's number, or 0 for a signal that is not a syscall.Signal.
func signum(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return 0
}
