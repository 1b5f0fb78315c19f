//go:build linux

package linux

import (
	"crypto/rand"
	"encoding/binary"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/regs"
)

var monoStart = time.Now()

// timeBase is the emulated time base (mftb): a 512 MHz counter.
func timeBase() uint64 {
	d := time.Since(monoStart)
	return uint64(d.Seconds()*timebaseFreq) + 1
}

// darn supplies random numbers for the darn instruction.
func darn(l int) (uint64, bool) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, false
	}
	v := binary.LittleEndian.Uint64(b[:])
	if l == 0 {
		v &= 0xffffffff
	}
	return v, true
}

func init() {
	def(abi.SYS_GETPID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(t.p.pid), 0 })
	def(abi.SYS_GETTID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(t.tid), 0 })
	def(abi.SYS_GETPPID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(unix.Getppid()), 0 })
	def(abi.SYS_GETUID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(unix.Getuid()), 0 })
	def(abi.SYS_GETEUID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(unix.Geteuid()), 0 })
	def(abi.SYS_GETGID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(unix.Getgid()), 0 })
	def(abi.SYS_GETEGID, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(unix.Getegid()), 0 })
	def(abi.SYS_GETPGRP, func(t *Thread, a *[6]uint64) (uint64, int) { return uint64(unix.Getpgrp()), 0 })
	def(abi.SYS_SETSID, func(t *Thread, a *[6]uint64) (uint64, int) { return 0, abi.EPERM })
	def(abi.SYS_SET_ROBUST_LIST, sysSetRobustList)
	def(abi.SYS_GET_ROBUST_LIST, sysGetRobustList)
	def(abi.SYS_RSEQ, sysRseq)
	def(abi.SYS_PRCTL, sysPrctl)
	// The runner has no child processes (fork is not supported), so
	// wait4 and waitid fail at once, as Linux's do without children.
	def(abi.SYS_WAIT4, func(t *Thread, a *[6]uint64) (uint64, int) { return 0, abi.ECHILD })
	def(abi.SYS_WAITID, func(t *Thread, a *[6]uint64) (uint64, int) { return 0, abi.ECHILD })
	def(abi.SYS_SCHED_YIELD, func(t *Thread, a *[6]uint64) (uint64, int) {
		// Let every thread waiting for the process lock run first.
		t.unlock()
		t.lock()
		return 0, 0
	})
	def(abi.SYS_SCHED_GETAFFINITY, func(t *Thread, a *[6]uint64) (uint64, int) {
		var set unix.CPUSet
		if err := unix.SchedGetaffinity(0, &set); err != nil {
			return 0, errnoOf(err)
		}
		n := min(a[1], 128) &^ 7
		if n == 0 {
			return 0, abi.EINVAL
		}
		b := make([]byte, n)
		for i := 0; i < int(n/8) && i < len(set); i++ {
			t.p.order.PutUint64(b[8*i:], uint64(set[i]))
		}
		return n, t.write(a[2], b)
	})
	def(abi.SYS_UNAME, func(t *Thread, a *[6]uint64) (uint64, int) {
		var u unix.Utsname
		if err := unix.Uname(&u); err != nil {
			return 0, errnoOf(err)
		}
		machine := "ppc64"
		if t.p.le {
			machine = "ppc64le"
		}
		b := make([]byte, 6*65)
		copy(b[0:64], u.Sysname[:])
		copy(b[65:129], u.Nodename[:])
		copy(b[130:194], u.Release[:])
		copy(b[195:259], u.Version[:])
		copy(b[260:324], machine)
		copy(b[325:389], u.Domainname[:])
		return 0, t.write(a[0], b)
	})
	def(abi.SYS_SYSINFO, func(t *Thread, a *[6]uint64) (uint64, int) {
		var si unix.Sysinfo_t
		if err := unix.Sysinfo(&si); err != nil {
			return 0, errnoOf(err)
		}
		o := t.p.order
		b := make([]byte, 112)
		o.PutUint64(b[0:], uint64(si.Uptime))
		for i := range 3 {
			o.PutUint64(b[8+8*i:], uint64(si.Loads[i]))
		}
		o.PutUint64(b[32:], uint64(si.Totalram))
		o.PutUint64(b[40:], uint64(si.Freeram))
		o.PutUint64(b[48:], uint64(si.Sharedram))
		o.PutUint64(b[56:], uint64(si.Bufferram))
		o.PutUint64(b[64:], uint64(si.Totalswap))
		o.PutUint64(b[72:], uint64(si.Freeswap))
		o.PutUint16(b[80:], si.Procs)
		o.PutUint64(b[88:], uint64(si.Totalhigh))
		o.PutUint64(b[96:], uint64(si.Freehigh))
		o.PutUint32(b[104:], si.Unit)
		return 0, t.write(a[0], b)
	})
	def(abi.SYS_PRLIMIT64, func(t *Thread, a *[6]uint64) (uint64, int) {
		if a[0] != 0 && int(a[0]) != t.p.pid {
			return 0, abi.ESRCH
		}
		var old [16]byte
		if a[3] != 0 {
			if e := getrlimit(t, int(a[1]), old[:]); e != 0 {
				return 0, e
			}
		}
		if a[2] != 0 {
			if e := setrlimit(t, int(a[1]), a[2]); e != 0 {
				return 0, e
			}
		}
		if a[3] != 0 {
			return 0, t.write(a[3], old[:])
		}
		return 0, 0
	})
	def(abi.SYS_UGETRLIMIT, func(t *Thread, a *[6]uint64) (uint64, int) { return getrlimitTo(t, int(a[0]), a[1]) })
	def(abi.SYS_GETRLIMIT, func(t *Thread, a *[6]uint64) (uint64, int) { return getrlimitTo(t, int(a[0]), a[1]) })
	def(abi.SYS_SETRLIMIT, func(t *Thread, a *[6]uint64) (uint64, int) { return 0, setrlimit(t, int(a[0]), a[1]) })
	def(abi.SYS_GETRANDOM, func(t *Thread, a *[6]uint64) (uint64, int) {
		b := make([]byte, min(a[1], 1<<20))
		_, _ = rand.Read(b)
		return uint64(len(b)), t.write(a[0], b)
	})
	def(abi.SYS_CLOCK_GETTIME, func(t *Thread, a *[6]uint64) (uint64, int) {
		var ts unix.Timespec
		if err := unix.ClockGettime(int32(a[0]), &ts); err != nil {
			return 0, errnoOf(err)
		}
		return 0, t.putTimespec(a[1], int64(ts.Sec), int64(ts.Nsec))
	})
	def(abi.SYS_CLOCK_GETRES, func(t *Thread, a *[6]uint64) (uint64, int) {
		// The clock is checked first (EINVAL), as Linux's clock_getres.
		var ts unix.Timespec
		if err := unix.ClockGetres(int32(a[0]), &ts); err != nil {
			return 0, errnoOf(err)
		}
		if a[1] == 0 {
			return 0, 0
		}
		return 0, t.putTimespec(a[1], ts.Sec, ts.Nsec)
	})
	def(abi.SYS_GETTIMEOFDAY, func(t *Thread, a *[6]uint64) (uint64, int) {
		now := time.Now()
		if a[0] == 0 {
			return 0, 0
		}
		return 0, t.putTimespec(a[0], now.Unix(), int64(now.Nanosecond()/1000))
	})
	def(abi.SYS_TIME, func(t *Thread, a *[6]uint64) (uint64, int) {
		now := uint64(time.Now().Unix())
		if a[0] != 0 {
			if e := t.put64(a[0], now); e != 0 {
				return 0, e
			}
		}
		return now, 0
	})
	def(abi.SYS_NANOSLEEP, func(t *Thread, a *[6]uint64) (uint64, int) { return sleep(t, a[0], a[1], false, unix.CLOCK_MONOTONIC) })
	def(abi.SYS_CLOCK_NANOSLEEP, func(t *Thread, a *[6]uint64) (uint64, int) {
		return sleep(t, a[2], a[3], a[1]&1 != 0, int32(a[0]))
	})
	def(abi.SYS_TIMES, sysTimes)
	def(abi.SYS_GETRUSAGE, func(t *Thread, a *[6]uint64) (uint64, int) {
		var ru unix.Rusage
		if err := unix.Getrusage(int(int32(a[0])), &ru); err != nil {
			return 0, errnoOf(err)
		}
		b := make([]byte, 144)
		o := t.p.order
		o.PutUint64(b[0:], uint64(ru.Utime.Sec))
		o.PutUint64(b[8:], uint64(ru.Utime.Usec))
		o.PutUint64(b[16:], uint64(ru.Stime.Sec))
		o.PutUint64(b[24:], uint64(ru.Stime.Usec))
		o.PutUint64(b[32:], uint64(ru.Maxrss))
		return 0, t.write(a[1], b)
	})
}

// sysTimes is times(2): the runner's CPU times (its threads run the guest's)
// in clock ticks into struct tms (four longs), if the pointer is not NULL
// (else EFAULT if it cannot be written), and the ticks since an arbitrary
// point as the result.
func sysTimes(t *Thread, a *[6]uint64) (uint64, int) {
	var tms unix.Tms
	ticks, err := unix.Times(&tms)
	if err != nil {
		return 0, errnoOf(err)
	}
	if a[0] != 0 {
		var b [32]byte
		o := t.p.order
		o.PutUint64(b[0:], uint64(tms.Utime))
		o.PutUint64(b[8:], uint64(tms.Stime))
		o.PutUint64(b[16:], uint64(tms.Cutime))
		o.PutUint64(b[24:], uint64(tms.Cstime))
		if e := t.write(a[0], b[:]); e != 0 {
			return 0, e
		}
	}
	return uint64(ticks), 0
}

func (t *Thread) putTimespec(addr uint64, sec, nsec int64) int {
	var b [16]byte
	putTimespec(t.p.order, b[:], sec, nsec)
	return t.write(addr, b[:])
}

func (t *Thread) getTimespec(addr uint64) (time.Duration, int) {
	b, e := t.read(addr, 16)
	if e != 0 {
		return 0, e
	}
	sec, nsec := int64(t.p.order.Uint64(b)), int64(t.p.order.Uint64(b[8:]))
	if sec < 0 || nsec < 0 || nsec >= 1e9 {
		return 0, abi.EINVAL
	}
	return time.Duration(sec)*time.Second + time.Duration(nsec), 0
}

// rlimitSigpending is RLIMIT_SIGPENDING, which the runner keeps for the
// guest (it bounds the queued real-time signals, signal.go).
const rlimitSigpending = 11

// getrlimit encodes resource res's limits (the guest's own for those the
// runner keeps, rlimit.go; else the host's) into b.
func getrlimit(t *Thread, res int, b []byte) int {
	var rl unix.Rlimit
	if k := t.p.kept(res); k != nil {
		rl = *k
	} else if err := unix.Getrlimit(res, &rl); err != nil {
		return errnoOf(err)
	}
	t.p.order.PutUint64(b, rl.Cur)
	t.p.order.PutUint64(b[8:], rl.Max)
	return 0
}

func getrlimitTo(t *Thread, res int, addr uint64) (uint64, int) {
	var b [16]byte
	if e := getrlimit(t, res, b[:]); e != 0 {
		return 0, e
	}
	return 0, t.write(addr, b[:])
}

// setrlimit sets a limit the runner keeps (rlimit.go), with Linux's
// checks; other resources (valid ones, below RLIM_NLIMITS) are accepted
// and left as they are: the host's limits are the runner's own.
func setrlimit(t *Thread, res int, addr uint64) int {
	b, e := t.read(addr, 16)
	if e != 0 {
		return e
	}
	rl := unix.Rlimit{Cur: t.p.order.Uint64(b), Max: t.p.order.Uint64(b[8:])}
	if rl.Cur > rl.Max || res < 0 || res >= 16 {
		return abi.EINVAL
	}
	if t.p.kept(res) == nil {
		return 0
	}
	return t.p.setKept(res, rl)
}

// sleep blocks for the timespec at req (or until the absolute time on clock
// when abs), waking early for a signal.
func sleep(t *Thread, req, rem uint64, abs bool, clock int32) (uint64, int) {
	d, e := t.getTimespec(req)
	if e != 0 {
		return 0, e
	}
	if abs {
		var ts unix.Timespec
		_ = unix.ClockGettime(clock, &ts)
		d -= time.Duration(ts.Sec)*time.Second + time.Duration(ts.Nsec)
	}
	start := time.Now()
	if d > 0 && t.waitFor(nil, d) == waitSignal {
		if rem != 0 && !abs {
			left := max(d-time.Since(start), 0)
			t.putTimespec(rem, int64(left/time.Second), int64(left%time.Second))
		}
		return 0, abi.EINTR
	}
	return 0, 0
}

// Results of waitFor.
const (
	waitReady = iota
	waitTimeout
	waitSignal
	waitExit
)

// waitFor releases the process lock and blocks until ch is closed or
// signalled, d passes (d < 0: no timeout), a signal becomes deliverable to
// t, or the process ends; it returns with the lock held again.
func (t *Thread) waitFor(ch <-chan struct{}, d time.Duration) int {
	var tc <-chan time.Time
	if d >= 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		tc = timer.C
	}
	select { // drop a stale wake-up
	case <-t.wake:
	default:
	}
	if t.deliverable() != 0 {
		return waitSignal
	}
	for {
		res := -1
		t.unlock()
		select {
		case <-ch:
			res = waitReady
		case <-tc:
			res = waitTimeout
		case <-t.p.done:
			res = waitExit
		case <-t.wake:
		}
		t.lock()
		if res >= 0 {
			return res
		}
		if t.deliverable() != 0 {
			return waitSignal
		}
	}
}

// prctl options the runner implements (uapi linux/prctl.h).
const (
	prGetFPExc = 11
	prSetFPExc = 12
	// PR_FP_EXC_SW_ENABLE: the SPE floating-point mode, which 64-bit
	// server processors do not have (EINVAL, as Linux without SPE).
	prFPExcSWEnable = 0x80
	prFPExcPrecise  = 3
)

// sysPrctl implements PR_GET_FPEXC and PR_SET_FPEXC, the floating-point
// exception mode that glibc's feenableexcept and fedisableexcept set: as
// Linux's set_fpexc_mode, the mode 0..3 (disabled, non-recoverable,
// asynchronous, precise) becomes MSR[FE0] (its high bit) and MSR[FE1]
// (its low bit) of the calling thread; PR_GET_FPEXC stores the mode as a
// 32-bit int. Every other option fails with EINVAL, as PR_SET_VMA does
// under QEMU 7.2 and on kernels without it (linux-user.md).
func sysPrctl(t *Thread, a *[6]uint64) (uint64, int) {
	switch a[0] {
	case prSetFPExc:
		v := a[1]
		if v&prFPExcSWEnable != 0 || v > prFPExcPrecise {
			return 0, abi.EINVAL
		}
		msr := t.ctx.Regs.MSR &^ (regs.MSRFE0 | regs.MSRFE1)
		if v&2 != 0 {
			msr |= regs.MSRFE0
		}
		if v&1 != 0 {
			msr |= regs.MSRFE1
		}
		t.ctx.Regs.MSR = msr
		return 0, 0
	case prGetFPExc:
		return 0, t.put32(a[1], uint32(t.ctx.Regs.FPExceptionMode()))
	}
	return 0, abi.EINVAL
}
