//go:build linux

package linux

import (
	"crypto/rand"
	"encoding/binary"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

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

// timeBase and darn are the emulator's Config.TimeBase and Random: the
// host's, told to the recorder when recording.
func (p *Process) timeBase() uint64 {
	v := timeBase()
	if p.rec != nil {
		p.rec.timeBase(v)
	}
	return v
}

func (p *Process) darn(l int) (uint64, bool) {
	var v uint64
	ok := true
	if p.darnRand != nil { // a seeded run (seed.go)
		var b [8]byte
		p.darnRand.read(b[:])
		v = binary.LittleEndian.Uint64(b[:])
		if l == 0 {
			v &= 0xffffffff
		}
	} else {
		v, ok = darn(l)
	}
	if p.rec != nil {
		p.rec.darn(l, v, ok)
	}
	return v, ok
}

func sysGetpid(t *Thread, a *sysArgs) (uint64, int) { return uint64(t.group.tgid), 0 }

func sysGettid(t *Thread, a *sysArgs) (uint64, int) { return uint64(t.tid), 0 }

func sysGetppid(t *Thread, a *sysArgs) (uint64, int) { return uint64(t.ppid()), 0 }

func sysSchedYield(t *Thread, a *sysArgs) (uint64, int) {
	// Let every thread waiting for the process lock run first.
	t.yield()
	return 0, 0
}

// sysSchedGetaffinity answers a guest thread's mask (sched_setaffinity's,
// else the runner's) within the CPUs the runner may use now, as Linux
// gives cpus_mask within cpu_active_mask; a host thread's from the host.
func sysSchedGetaffinity(t *Thread, a *sysArgs) (uint64, int) {
	// len is an unsigned int: EINVAL when its bits cannot hold every
	// possible CPU (the product in 32 bits, as the kernel computes it) or
	// it is not a whole number of longs; the copy is at most the
	// cpumask.
	l := a.Uint(1)
	if l*8 < nrCPUIDs() || l&7 != 0 {
		return 0, abi.EINVAL
	}
	n := min(uint64(l), 128)
	pid := a.Int(0)
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	var set unix.CPUSet
	q := 0
	if host {
		q = pid
	}
	if err := unix.SchedGetaffinity(q, &set); err != nil {
		return 0, errnoOf(err)
	}
	words := make([]uint64, n/8)
	for i := 0; i < len(words) && i < len(set); i++ {
		words[i] = uint64(set[i])
		if u != nil && u.sched.affinity != nil {
			if i < len(u.sched.affinity) {
				words[i] &= u.sched.affinity[i]
			} else {
				words[i] = 0
			}
		}
	}
	return n, putStructs(t, a.Ptr(2), words, abi.Uint64Layout)
}

// nrCPUIDs is the host's nr_cpu_ids: one more than the highest possible
// CPU (/sys/devices/system/cpu/possible, "0-1" say), or of the CPUs the
// runner may use when that cannot be read.
var nrCPUIDs = sync.OnceValue(func() uint32 {
	if b, err := os.ReadFile("/sys/devices/system/cpu/possible"); err == nil {
		s := strings.TrimSpace(string(b))
		if i := strings.LastIndexAny(s, ",-"); i >= 0 {
			s = s[i+1:]
		}
		if n, err := strconv.ParseUint(s, 10, 32); err == nil && n < 1<<20 {
			return uint32(n) + 1
		}
	}
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return 1
	}
	for c := 8*len(set)*int(unsafe.Sizeof(set[0])) - 1; c > 0; c-- {
		if set.IsSet(c) {
			return uint32(c) + 1
		}
	}
	return 1
})

func sysUname(t *Thread, a *sysArgs) (uint64, int) {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return 0, errnoOf(err)
	}
	var g abi.Utsname
	for _, f := range []struct {
		dst []byte
		src string
	}{
		{g.Sysname[:], unix.ByteSliceToString(u.Sysname[:])},
		{g.Release[:], unameRelease(unix.ByteSliceToString(u.Release[:]), t.personality)},
		{g.Version[:], unix.ByteSliceToString(u.Version[:])},
		{g.Machine[:], unameMachine(t.p.le, t.personality)},
	} {
		copy(f.dst[:len(f.dst)-1], f.src) // NUL-terminated
	}
	g.Nodename, g.Domainname = t.p.uts.get(utsNode), t.p.uts.get(utsDomain) // the run's (uts.go)
	return 0, putStruct(t, a.Ptr(0), abi.UtsnameLayout, &g)
}

// sysSethostname and sysSetdomainname set the run's names (uts.go), never
// the host's, after Linux 6.1's checks in its order: CAP_SYS_ADMIN in the
// guest's credentials (EPERM), a length below 0 or past __NEW_UTS_LEN
// (EINVAL), the name's bytes (EFAULT). CPython's
// test_socket.test_sethostname takes EPERM for "not root" and skips.
func sysSethostname(t *Thread, a *sysArgs) (uint64, int) {
	return setUtsName(t, a, utsNode)
}

func sysSetdomainname(t *Thread, a *sysArgs) (uint64, int) {
	return setUtsName(t, a, utsDomain)
}

func setUtsName(t *Thread, a *sysArgs, f utsField) (uint64, int) {
	if !t.cred.capable(capSysAdmin) {
		return 0, abi.EPERM
	}
	n := int32(a.Int(1))
	if n < 0 || n > abi.NewUtsLen {
		return 0, abi.EINVAL
	}
	b, e := t.read(a.Ptr(0), int(n))
	if e != 0 {
		return 0, e
	}
	t.p.uts.set(f, b)
	return 0, 0
}

func sysSysinfo(t *Thread, a *sysArgs) (uint64, int) {
	var si unix.Sysinfo_t
	if err := unix.Sysinfo(&si); err != nil {
		return 0, errnoOf(err)
	}
	g := abi.Sysinfo{
		Uptime: int64(si.Uptime), Totalram: uint64(si.Totalram), Freeram: uint64(si.Freeram),
		Sharedram: uint64(si.Sharedram), Bufferram: uint64(si.Bufferram), Totalswap: uint64(si.Totalswap),
		Freeswap: uint64(si.Freeswap), Procs: si.Procs, Totalhigh: uint64(si.Totalhigh),
		Freehigh: uint64(si.Freehigh), MemUnit: si.Unit,
	}
	for i := range g.Loads {
		g.Loads[i] = uint64(si.Loads[i])
	}
	return 0, putStruct(t, a.Ptr(0), abi.SysinfoLayout, &g)
}

// sysPrlimit64 is prlimit64(pid, resource, new, old): pid 0 or any guest
// thread of a process names it; another process's limits need the
// caller's real ids to be all of its user and group ids, or
// CAP_SYS_RESOURCE (check_prlimit_permission: EPERM). A process that is
// not the guest's is ESRCH.
func sysPrlimit64(t *Thread, a *sysArgs) (uint64, int) {
	u := t
	if pid := a.Int(0); pid != 0 {
		if u = t.p.guestThread(pid); u == nil {
			if g := t.p.groups[pid]; g != nil && !g.zombie {
				for _, v := range g.threads {
					u = v // the process of a leader that ended
					break
				}
			}
		}
		if u == nil {
			return 0, abi.ESRCH
		}
		if c, uc := t.cred, u.cred; u.group != t.group && !t.cred.capable(unix.CAP_SYS_RESOURCE) &&
			(c.uid.r != uc.uid.e || c.uid.r != uc.uid.s || c.uid.r != uc.uid.r ||
				c.gid.r != uc.gid.e || c.gid.r != uc.gid.s || c.gid.r != uc.gid.r) {
			return 0, abi.EPERM
		}
	}
	var old abi.Rlimit
	if a.Ptr(3) != 0 {
		var e int
		if old, e = getrlimit(u, a.Int(1)); e != 0 {
			return 0, e
		}
	}
	if a.Ptr(2) != 0 {
		if e := setrlimit(t, u, a.Int(1), a.Ptr(2)); e != 0 {
			return 0, e
		}
	}
	if a.Ptr(3) != 0 {
		return 0, putStruct(t, a.Ptr(3), abi.RlimitLayout, &old)
	}
	return 0, 0
}

func sysUgetrlimit(t *Thread, a *sysArgs) (uint64, int) { return getrlimitTo(t, a.Int(0), a.Ptr(1)) }

func sysSetrlimit(t *Thread, a *sysArgs) (uint64, int) { return 0, setrlimit(t, t, a.Int(0), a.Ptr(1)) }

// getrandom's flags (uapi linux/random.h).
const (
	grndNonblock = 0x1
	grndRandom   = 0x2
	grndInsecure = 0x4
)

// sysGetrandom is getrandom(buf, count, flags): unknown flags, or
// GRND_RANDOM with GRND_INSECURE, EINVAL (Linux 6.1's
// drivers/char/random.c); the bytes are the process's (seed.go), at most
// 1 MiB at once.
func sysGetrandom(t *Thread, a *sysArgs) (uint64, int) {
	flags := a.Uint(2)
	if flags&^(grndNonblock|grndRandom|grndInsecure) != 0 || flags&(grndRandom|grndInsecure) == grndRandom|grndInsecure {
		return 0, abi.EINVAL
	}
	b := make([]byte, min(a.Size(1), 1<<20))
	t.group.random(b)
	return uint64(len(b)), t.write(a.Ptr(0), b)
}

// CPU-time clocks (uapi linux/time.h, include/linux/posix-timers.h): a
// negative clock id encodes a process or thread id (~pid << 3), the
// per-thread bit and the clock (PROF, VIRT or SCHED; 3 with the
// per-thread bit clear is a descriptor's clock, CLOCKFD).
const (
	clockProcessCPU = 2
	clockThreadCPU  = 3
	cpuclockThread  = 4
	cpuclockMask    = 3
	clockFD         = 3
)

// cpuClock answers a CPU-time clock of the guest's: the CPU time the
// runner charged to the calling thread or process (rlimit.go), or to the
// guest thread or process a negative id names (lookup_task: a thread of
// the caller's process, a process by its leader's id or the caller's,
// else EINVAL); ok false for every other clock, the host's, and for the
// ids of host processes.
func (t *Thread) cpuClock(clk int32) (d time.Duration, ok bool, e int) {
	self, proc := t.cpuTimes()
	switch {
	case clk == clockProcessCPU:
		return proc, true, 0
	case clk == clockThreadCPU:
		return self, true, 0
	case clk >= 0 || clk&7 == clockFD:
		return 0, false, 0
	}
	pid, thread := int(^(clk >> 3)), clk&cpuclockThread != 0
	if clk&cpuclockMask == cpuclockMask {
		return 0, true, abi.EINVAL
	}
	if pid == 0 {
		if thread {
			return self, true, 0
		}
		return proc, true, 0
	}
	if !t.p.guestPid(pid) {
		return 0, false, 0
	}
	u := t.p.guestThread(pid)
	switch {
	case u == nil, thread && u.group != t.group, !thread && u != t && u.tid != u.group.tgid:
		return 0, true, abi.EINVAL
	case u == t && thread:
		return self, true, 0
	case thread:
		return u.utime, true, 0
	case u.group == t.group:
		return proc, true, 0
	}
	return u.group.rl.cpuUsed, true, 0
}

func sysClockGettime(t *Thread, a *sysArgs) (uint64, int) {
	if d, ok, e := t.cpuClock(int32(a.Int(0))); ok {
		if e != 0 {
			return 0, e
		}
		return 0, t.putTimespec(a.Ptr(1), timespec(d))
	}
	var ts unix.Timespec
	if err := unix.ClockGettime(int32(a.Int(0)), &ts); err != nil {
		return 0, errnoOf(err)
	}
	return 0, t.putTimespec(a.Ptr(1), abi.Timespec{Sec: int64(ts.Sec), Nsec: int64(ts.Nsec)})
}

// Setting the clock (kernel/time/posix-timers.c, timekeeping.c).
const (
	capSysTime = 25 // CAP_SYS_TIME (uapi linux/capability.h)
	// settodSecMax is TIME_SETTOD_SEC_MAX: KTIME_SEC_MAX less 30 years of
	// uptime, the first second clock_settime refuses.
	settodSecMax = math.MaxInt64/1_000_000_000 - 30*365*24*3600
)

// sysClockSettime is clock_settime(clock, tp), as Linux answers it: only
// CLOCK_REALTIME has a clock_set, another clock is EINVAL before the
// timespec is read (the caller's CPU clocks too: clock_process and
// clock_thread have none); the timespec is read (EFAULT) and checked
// (EINVAL, timespec64_valid_settod) before the caller's CAP_SYS_TIME
// (EPERM, cap_settime); then the host sets its clock, as under qemu-user,
// and answers for the runner (EPERM without the capability in the host's
// initial user namespace, as inside unshare --map-root-user). Other
// processes' CPU clocks and dynamic (descriptor) clocks, negative ids,
// are EINVAL: the runner gives the guest none to set.
func sysClockSettime(t *Thread, a *sysArgs) (uint64, int) {
	clock := a.Int(0)
	if clock != unix.CLOCK_REALTIME {
		return 0, abi.EINVAL
	}
	ts, e := getStruct(t, a.Ptr(1), abi.TimespecLayout)
	if e != 0 {
		return 0, e
	}
	if ts.Sec < 0 || uint64(ts.Nsec) >= 1e9 || ts.Sec >= settodSecMax {
		return 0, abi.EINVAL
	}
	// Never the host's clock (linux/doc.go, Privileged calls): EPERM, as
	// security_settime64 answers a process without CAP_SYS_TIME.
	return 0, abi.EPERM
}

func sysClockGetres(t *Thread, a *sysArgs) (uint64, int) {
	// The clock is checked first (EINVAL), as Linux's clock_getres.
	var ts unix.Timespec
	if _, ok, e := t.cpuClock(int32(a.Int(0))); ok {
		if e != 0 {
			return 0, e
		}
		ts.Nsec = 1 // the CPU clocks' resolution (posix_cpu_clock_getres)
	} else if err := unix.ClockGetres(int32(a.Int(0)), &ts); err != nil {
		return 0, errnoOf(err)
	}
	if a.Ptr(1) == 0 {
		return 0, 0
	}
	return 0, t.putTimespec(a.Ptr(1), abi.Timespec{Sec: int64(ts.Sec), Nsec: int64(ts.Nsec)})
}

func sysGettimeofday(t *Thread, a *sysArgs) (uint64, int) {
	now := time.Now()
	if a.Ptr(0) == 0 {
		return 0, 0
	}
	tv := abi.Timeval{Sec: now.Unix(), Usec: int64(now.Nanosecond() / 1000)}
	return 0, putStruct(t, a.Ptr(0), abi.TimevalLayout, &tv)
}

func sysTime(t *Thread, a *sysArgs) (uint64, int) {
	now := uint64(time.Now().Unix())
	if a.Ptr(0) != 0 {
		if e := t.put64(a.Ptr(0), now); e != 0 {
			return 0, e
		}
	}
	return now, 0
}

func sysNanosleep(t *Thread, a *sysArgs) (uint64, int) {
	return sleep(t, a.Ptr(0), a.Ptr(1), false, unix.CLOCK_MONOTONIC)
}

func sysClockNanosleep(t *Thread, a *sysArgs) (uint64, int) {
	return sleep(t, a.Ptr(2), a.Ptr(3), a.Int(1)&1 != 0, int32(a.Int(0)))
}

// rusageChildren is getrusage's RUSAGE_CHILDREN.
const rusageChildren = -1

func sysGetrusage(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(0) == rusageChildren {
		// The guest process's reaped children (fork.go, hostexec.go).
		g := t.group.children.rusage()
		return 0, putStruct(t, a.Ptr(1), abi.RusageLayout, &g)
	}
	// RUSAGE_SELF and RUSAGE_THREAD: the CPU time the runner charged to
	// the guest process or thread (all of it user time: the runner does
	// not tell its host thread's user and system time apart), and the
	// runner's maximum resident size.
	var ru unix.Rusage
	if err := unix.Getrusage(a.Int(0), &ru); err != nil {
		return 0, errnoOf(err)
	}
	self, proc := t.cpuTimes()
	if a.Int(0) == unix.RUSAGE_THREAD {
		proc = self
	}
	u := childUsage{utime: proc, maxrss: int64(ru.Maxrss)}
	g := u.rusage()
	return 0, putStruct(t, a.Ptr(1), abi.RusageLayout, &g)
}

// sysTimes is times(2): the guest process's CPU time (as getrusage's
// RUSAGE_SELF) and its reaped children's (RUSAGE_CHILDREN) in clock ticks
// into struct tms, if the pointer is not NULL (else EFAULT if it cannot
// be written), and the host's ticks since an arbitrary point as the
// result.
func sysTimes(t *Thread, a *sysArgs) (uint64, int) {
	var tms unix.Tms
	ticks, err := unix.Times(&tms)
	if err != nil {
		return 0, errnoOf(err)
	}
	if a.Ptr(0) != 0 {
		_, proc := t.cpuTimes()
		c := &t.group.children
		g := abi.Tms{Utime: int64(procTicks(proc)), Cutime: int64(procTicks(c.utime)), Cstime: int64(procTicks(c.stime))}
		if e := putStruct(t, a.Ptr(0), abi.TmsLayout, &g); e != 0 {
			return 0, e
		}
	}
	return uint64(ticks), 0
}

func (t *Thread) putTimespec(addr uint64, ts abi.Timespec) int {
	return putStruct(t, addr, abi.TimespecLayout, &ts)
}

// getTimespec reads a struct timespec interval (EINVAL if it is not one).
func (t *Thread) getTimespec(addr uint64) (time.Duration, int) {
	ts, e := getStruct(t, addr, abi.TimespecLayout)
	if e != 0 {
		return 0, e
	}
	d, ok := duration(ts)
	if !ok {
		return 0, abi.EINVAL
	}
	return d, 0
}

// getTimeout reads the timeout of a call that waits: the struct timespec at
// addr, or -1 (no timeout) for a null pointer.
func (t *Thread) getTimeout(addr uint64) (time.Duration, int) {
	if addr == 0 {
		return -1, 0
	}
	return t.getTimespec(addr)
}

// getrlimit returns resource res's limits, the guest process's own
// (rlimit.go); a resource number at or past RLIM_NLIMITS is EINVAL.
func getrlimit(t *Thread, res int) (abi.Rlimit, int) {
	if res < 0 || res >= abi.RLIM_NLIMITS {
		return abi.Rlimit{}, abi.EINVAL
	}
	var rl unix.Rlimit
	if k := t.kept(res); k != nil {
		rl = *k
	} else {
		rl = hostRlimit(res)
	}
	return abi.Rlimit{Cur: rl.Cur, Max: rl.Max}, 0
}

func getrlimitTo(t *Thread, res int, addr uint64) (uint64, int) {
	rl, e := getrlimit(t, res)
	if e != 0 {
		return 0, e
	}
	return 0, putStruct(t, addr, abi.RlimitLayout, &rl)
}

// setrlimit sets, for t, a limit the runner keeps (rlimit.go) of u's
// process, with Linux's checks; other resources (valid ones, below
// RLIM_NLIMITS) are accepted and left as they are: the host's limits are
// the runner's own.
func setrlimit(t, u *Thread, res int, addr uint64) int {
	g, e := getStruct(t, addr, abi.RlimitLayout)
	if e != 0 {
		return e
	}
	rl := unix.Rlimit{Cur: g.Cur, Max: g.Max}
	if rl.Cur > rl.Max || res < 0 || res >= abi.RLIM_NLIMITS {
		return abi.EINVAL
	}
	if u.kept(res) == nil {
		return 0
	}
	return u.setKept(res, rl, t.cred)
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
	if abs {
		// Linux's hrtimer_nanosleep: an absolute sleep a signal
		// interrupts restarts as it was (ERESTARTNOHAND), rem untouched.
		if d > 0 && t.waitFor(nil, d) == waitSignal {
			return 0, errRestartNoHand
		}
		return 0, 0
	}
	return sleepUntil(t, time.Now().Add(d), rem)
}

// sleepUntil sleeps until deadline (a relative sleep's end). As Linux's
// do_nanosleep and hrtimer_nanosleep, a signal ends it with
// ERESTART_RESTARTBLOCK, the time left written to rem (if not 0; EFAULT if
// it cannot be), and a restart block that sleeps on to the same deadline
// (hrtimer_nanosleep_restart).
func sleepUntil(t *Thread, deadline time.Time, rem uint64) (uint64, int) {
	d := time.Until(deadline)
	if d <= 0 || t.waitFor(nil, d) != waitSignal {
		return 0, 0
	}
	left := time.Until(deadline)
	if left <= 0 {
		return 0, 0
	}
	if rem != 0 {
		if e := t.putTimespec(rem, timespec(left)); e != 0 {
			return 0, e
		}
	}
	t.restartFn = func(t *Thread) (uint64, int) { return sleepUntil(t, deadline, rem) }
	return 0, errRestartBlock
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
	t.asleep.Store(true) // for the whole wait, as pollLoop
	defer t.asleep.Store(false)
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
		case <-t.group.dead:
			res = waitExit
		case <-t.wake:
		}
		t.lock()
		t.rtSlept()
		if t.gone() {
			return waitExit
		}
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
	prSetName  = 15
	prGetName  = 16
	// PR_GET_TIMERSLACK and PR_SET_TIMERSLACK: the thread's timer slack
	// (proctask.go).
	prGetTimerSlack = 30
	prSetTimerSlack = 29
	// PR_FP_EXC_SW_ENABLE: the SPE floating-point mode, which 64-bit
	// server processors do not have (EINVAL, as Linux without SPE).
	prFPExcSWEnable = 0x80
	prFPExcPrecise  = 3
)

// commLen is TASK_COMM_LEN: a command name's bytes with its NUL.
const commLen = 16

// sysPrctl implements PR_SET_NAME and PR_GET_NAME (the thread's command
// name, /proc/PID/comm), PR_GET_TIMERSLACK and PR_SET_TIMERSLACK (the
// thread's timer slack, 0 restoring its default: proctask.go), and PR_GET_FPEXC and PR_SET_FPEXC, the floating-point
// exception mode that glibc's feenableexcept and fedisableexcept set: as
// Linux's set_fpexc_mode, the mode 0..3 (disabled, non-recoverable,
// asynchronous, precise) becomes MSR[FE0] (its high bit) and MSR[FE1]
// (its low bit) of the calling thread; PR_GET_FPEXC stores the mode as a
// 32-bit int. Every other option fails with EINVAL, as PR_SET_VMA does
// under QEMU 7.2 and on kernels without it (linux-user.md).
func sysPrctl(t *Thread, a *sysArgs) (uint64, int) {
	if r, e, ok := prctlCred(t, a); ok {
		return r, e
	}
	switch a.Uint(0) { // an int: the upper half is not looked at
	case unix.PR_GET_SECCOMP:
		return uint64(t.seccompMode()), 0
	case unix.PR_SET_SECCOMP:
		// prctl has no flags; strict mode takes no program.
		switch a.Ulong(1) {
		case unix.SECCOMP_MODE_STRICT:
			return t.doSeccomp(unix.SECCOMP_SET_MODE_STRICT, 0, 0)
		case unix.SECCOMP_MODE_FILTER:
			return t.doSeccomp(unix.SECCOMP_SET_MODE_FILTER, 0, a.Ptr(2))
		}
		return 0, abi.EINVAL
	case prSetFPExc:
		v := a.Ulong(1)
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
		return 0, t.put32(a.Ptr(1), uint32(t.ctx.Regs.FPExceptionMode()))
	case prSetName:
		// At most 15 bytes and the NUL (TASK_COMM_LEN), as Linux's
		// strncpy_from_user of 16.
		var name []byte
		for i := uint64(0); i < commLen-1; i++ {
			var c [1]byte
			if t.mm.Mem.Read(a.Ptr(1)+i, c[:]) != nil {
				return 0, abi.EFAULT
			}
			if c[0] == 0 {
				break
			}
			name = append(name, c[0])
		}
		t.comm = string(name)
		return 0, 0
	case prGetName:
		var b [commLen]byte
		copy(b[:], t.comm)
		return 0, t.write(a.Ptr(1), b[:])
	case prGetTimerSlack:
		return t.slack.cur, 0
	case prSetTimerSlack:
		t.slack.set(a.Ulong(1)) // 0: the thread's default
		return 0, 0
	}
	return 0, abi.EINVAL
}
