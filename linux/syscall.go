//go:build linux

package linux

import (
	"fmt"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// sysFn is a system call handler. It returns the result or an errno (>0).
// Handlers run with the process lock held; blocking ones release it through
// Thread.block.
type sysFn func(t *Thread, a *[6]uint64) (uint64, int)

// Internal errno values (never seen by the guest).
const (
	errRestart  = 512 // interrupted: restart if the signal's handler says SA_RESTART, else EINTR
	errNoResult = 513 // the handler set the registers itself (rt_sigreturn, exit)
	errExit     = 514 // the thread has ended
)

var syscalls = map[uint64]sysFn{}

func def(num uint64, f sysFn) { syscalls[num] = f }

// syscall performs the system call at NIP (sc, or scv when scv is set).
// It reports whether the thread is finished.
func (t *Thread) syscall(scv bool) bool {
	r := &t.ctx.Regs
	if d := t.p.dbg; d != nil {
		d.sysEnter(t)
		defer d.sysExit(t)
	}
	num := r.GPR[0]
	a := [6]uint64{r.GPR[3], r.GPR[4], r.GPR[5], r.GPR[6], r.GPR[7], r.GPR[8]}
	r.OrigGPR3 = r.GPR[3]
	r.NIP += 4
	r.TRAP = 0xc00
	if scv {
		r.TRAP = 0x3000
	}
	var ret uint64
	var errno int
	if h := syscalls[num]; h != nil {
		ret, errno = h(t, &a)
	} else {
		errno = abi.ENOSYS
	}
	if t.p.cfg.Strace != nil && errno != errExit {
		t.strace(num, &a, ret, errno)
	}
	switch errno {
	case errExit:
		return true
	case errNoResult:
		return false
	case errRestart:
		if sig := t.deliverable(); sig != 0 {
			act := &t.sighand.actions[sig]
			if act.handler > abi.SIG_IGN && act.flags&abi.SA_RESTART == 0 {
				errno = abi.EINTR
				break
			}
		}
		// Restart: back to the sc with the original r3.
		r.NIP -= 4
		r.GPR[3] = r.OrigGPR3
		return false
	}
	if scv {
		if errno != 0 {
			ret = uint64(-int64(errno))
		}
		r.GPR[3] = ret
		return false
	}
	const so = 1 << 28 // CR0[SO]
	if errno != 0 {
		r.GPR[3] = uint64(errno)
		r.CR |= so
	} else {
		r.GPR[3] = ret
		r.CR &^= so
	}
	return false
}

// block runs f without the process lock (f must not touch guest memory or
// process state). It returns false if the process ended meanwhile.
func (t *Thread) block(f func()) {
	t.unlock()
	f()
	t.lock()
}

func (t *Thread) strace(num uint64, a *[6]uint64, ret uint64, errno int) {
	name := abi.SyscallNames[num]
	if name == "" {
		name = fmt.Sprintf("syscall_%d", num)
	}
	var args []string
	for _, v := range a[:nargs(num)] {
		args = append(args, fmt.Sprintf("%#x", v))
	}
	res := fmt.Sprintf("%#x", ret)
	switch {
	case errno == errNoResult:
		res = "?"
	case errno == errRestart:
		res = "? (restarted)"
	case errno > 0:
		res = fmt.Sprintf("-1 errno=%d (%s)", errno, unix.ErrnoName(unix.Errno(errno)))
	case syscalls[num] == nil:
	}
	if syscalls[num] == nil {
		res += " (unknown to the runner)"
	}
	fmt.Fprintf(t.p.cfg.Strace, "%d %s(%s) = %s\n", t.tid, name, strings.Join(args, ","), res)
}

// nargs is how many arguments strace shows.
func nargs(num uint64) int {
	switch num {
	case abi.SYS_EXIT, abi.SYS_EXIT_GROUP, abi.SYS_CLOSE, abi.SYS_BRK, abi.SYS_SET_TID_ADDRESS, abi.SYS_UNAME, abi.SYS_SYSINFO:
		return 1
	case abi.SYS_GETPID, abi.SYS_GETTID, abi.SYS_SCHED_YIELD, abi.SYS_RT_SIGRETURN, abi.SYS_GETUID, abi.SYS_GETGID, abi.SYS_GETEUID, abi.SYS_GETEGID, abi.SYS_GETPPID:
		return 0
	case abi.SYS_MUNMAP, abi.SYS_CLOCK_GETTIME, abi.SYS_NANOSLEEP, abi.SYS_SIGALTSTACK, abi.SYS_KILL, abi.SYS_TKILL, abi.SYS_FSTAT:
		return 2
	case abi.SYS_READ, abi.SYS_WRITE, abi.SYS_MPROTECT, abi.SYS_TGKILL, abi.SYS_IOCTL, abi.SYS_FCNTL, abi.SYS_MADVISE, abi.SYS_LSEEK, abi.SYS_GETRANDOM:
		return 3
	case abi.SYS_RT_SIGACTION, abi.SYS_RT_SIGPROCMASK, abi.SYS_OPENAT, abi.SYS_NEWFSTATAT, abi.SYS_PRLIMIT64:
		return 4
	}
	return 6
}
