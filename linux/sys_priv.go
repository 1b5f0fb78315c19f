//go:build linux

package linux

import (
	"math"
	"os"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Privileged calls that act on the whole machine: mount, umount,
// umount2, pivot_root, swapon, swapoff, reboot, acct, vhangup,
// init_module, finit_module, delete_module, kexec_load, kexec_file_load,
// settimeofday, stime, setns, syslog, adjtimex and clock_adjtime.
// qemu-user passes most of them to its host, so a guest run as root
// mounts, reboots or sets the clock of the host. The runner never does:
// each answers as Linux 6.1 answers a process without the capability
// (CAP_SYS_ADMIN, CAP_SYS_BOOT, CAP_SYS_PACCT, CAP_SYS_TTY_CONFIG,
// CAP_SYS_MODULE, CAP_SYS_TIME, CAP_SYSLOG), whatever the guest's
// virtual credentials hold: the argument checks Linux makes before its
// capability check, in Linux's order, then EPERM. The read-only queries
// get the real answer: adjtimex and clock_adjtime(CLOCK_REALTIME) with
// modes 0 or ADJ_OFFSET_SS_READ the host's clock state, syslog's
// SYSLOG_ACTION_SIZE_BUFFER and SYSLOG_ACTION_READ_ALL the host's kernel
// log when the host's kernel.dmesg_restrict lets a process without
// CAP_SYSLOG have them.

// mountFlag constants of uapi linux/fs.h and linux/mount.h.
const (
	msMgcMsk = 0xffff0000 // MS_MGC_MSK: the old magic number's bits
	msMgcVal = 0xc0ed0000 // MS_MGC_VAL: the old magic number
	msNoUser = 1 << 31    // MS_NOUSER

	umountFlags    = 0xf // MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW
	umountNoFollow = 8   // UMOUNT_NOFOLLOW

	swapFlagsValid = 0x7ffff // SWAP_FLAGS_VALID (linux/swap.h)
)

// strndupUser reads a NUL-terminated string of fewer than n bytes at addr,
// as Linux's strndup_user: EFAULT if a byte before the NUL cannot be read,
// EINVAL if the first n bytes hold no NUL.
func (t *Thread) strndupUser(addr uint64, n int) (string, int) {
	var b []byte
	for len(b) < n {
		k := min(n-len(b), int(mem.PageSize-(addr+uint64(len(b)))&(mem.PageSize-1)))
		chunk, e := t.read(addr+uint64(len(b)), k)
		if e != 0 {
			return "", abi.EFAULT
		}
		if i := strings.IndexByte(string(chunk), 0); i >= 0 {
			return string(append(b, chunk[:i]...)), 0
		}
		b = append(b, chunk...)
	}
	return "", abi.EINVAL
}

// userPathErr is the errno of Linux's user_path_at of the guest's path at
// addr from the working directory (0 if the path names something).
func (t *Thread) userPathErr(addr uint64, follow bool) int {
	path, e := t.path(addr)
	if e != 0 {
		return e
	}
	d, host, e := t.lookupAt(t.cwd(), path, follow)
	if e != 0 {
		return e
	}
	flags := unix.AT_SYMLINK_NOFOLLOW
	if follow {
		flags = 0
	}
	if host == "" {
		flags |= unix.AT_EMPTY_PATH
	}
	var st unix.Stat_t
	return errnoOf(unix.Fstatat(d, host, &st, flags))
}

// sysMount is mount(2) of a process without CAP_SYS_ADMIN: Linux 6.1's
// do_mount reads the type and device strings (strndup_user of a page),
// the first byte of the data, looks the directory up, refuses MS_NOUSER
// (EINVAL) and then checks the capability (may_mount).
func sysMount(t *Thread, a *sysArgs) (uint64, int) {
	for _, p := range []uint64{a.Ptr(2), a.Ptr(0)} {
		if p != 0 {
			if _, e := t.strndupUser(p, mem.PageSize); e != 0 {
				return 0, e
			}
		}
	}
	if a.Ptr(4) != 0 {
		if _, e := t.read(a.Ptr(4), 1); e != 0 {
			return 0, abi.EFAULT // copy_mount_options: not one byte readable
		}
	}
	if e := t.userPathErr(a.Ptr(1), true); e != 0 {
		return 0, e
	}
	flags := a.Ulong(3)
	if flags&msMgcMsk == msMgcVal {
		flags &^= msMgcMsk
	}
	if flags&msNoUser != 0 {
		return 0, abi.EINVAL
	}
	return 0, abi.EPERM
}

// sysUmount is the old umount(2): umount2 without flags.
func sysUmount(t *Thread, a *sysArgs) (uint64, int) {
	return umount(t, a.Ptr(0), 0)
}

// sysUmount2 is umount2(2) of a process without CAP_SYS_ADMIN: unknown
// flags EINVAL, the path's lookup, then EPERM (ksys_umount, can_umount).
func sysUmount2(t *Thread, a *sysArgs) (uint64, int) {
	return umount(t, a.Ptr(0), a.Int(1))
}

func umount(t *Thread, name uint64, flags int) (uint64, int) {
	if flags&^umountFlags != 0 {
		return 0, abi.EINVAL
	}
	if e := t.userPathErr(name, flags&umountNoFollow == 0); e != 0 {
		return 0, e
	}
	return 0, abi.EPERM
}

// sysSwapon is swapon(2) without CAP_SYS_ADMIN: unknown flags EINVAL,
// then EPERM.
func sysSwapon(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(1)&^swapFlagsValid != 0 {
		return 0, abi.EINVAL
	}
	return 0, abi.EPERM
}

// sysNotCapable is a privileged call whose capability Linux checks before
// anything else (pivot_root, swapoff, reboot, acct, vhangup, init_module,
// finit_module, delete_module, kexec_load, kexec_file_load): EPERM.
func sysNotCapable(t *Thread, a *sysArgs) (uint64, int) {
	return 0, abi.EPERM
}

// sysSettimeofday is settimeofday(2) without CAP_SYS_TIME (kernel/time/
// time.c): the timeval is read (EFAULT) and its microseconds checked
// (EINVAL), the timezone read, the time checked as settable (EINVAL),
// then EPERM (security_settime64), with both pointers NULL too.
func sysSettimeofday(t *Thread, a *sysArgs) (uint64, int) {
	if a.Ptr(0) != 0 {
		tv, e := getStruct(t, a.Ptr(0), abi.TimevalLayout)
		if e != 0 {
			return 0, e
		}
		if tv.Usec > 1000000 || tv.Usec < 0 {
			return 0, abi.EINVAL
		}
		// timespec64_valid_settod: a second count that is not
		// negative, below TIME_SETTOD_SEC_MAX, and nanoseconds below
		// a second.
		const settodSecMax = (1<<63-1)/1000000000 - 30*365*24*3600
		if tv.Sec < 0 || tv.Sec >= settodSecMax || tv.Usec == 1000000 {
			return 0, abi.EINVAL
		}
	}
	if a.Ptr(1) != 0 {
		if _, e := t.read(a.Ptr(1), 8); e != 0 { // struct timezone
			return 0, e
		}
	}
	return 0, abi.EPERM
}

// sysStime is stime(2) without CAP_SYS_TIME: the time is read (EFAULT),
// then EPERM.
func sysStime(t *Thread, a *sysArgs) (uint64, int) {
	if _, e := t.get64(a.Ptr(0)); e != 0 {
		return 0, e
	}
	return 0, abi.EPERM
}

// setnsTypes are the namespace types setns takes (CLONE_NEWNS,
// CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER,
// CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWTIME).
const setnsTypes = unix.CLONE_NEWNS | unix.CLONE_NEWCGROUP | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC |
	unix.CLONE_NEWUSER | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWTIME

// sysSetns is setns(2) without CAP_SYS_ADMIN (kernel/nsproxy.c): no such
// descriptor EBADF; a namespace file (the host's /proc/PID/ns entries,
// which are the runner's namespaces) of another type than a nonzero
// nstype EINVAL; a pidfd with no or unknown types EINVAL; any other
// descriptor EINVAL; joining the user namespace the caller is in EINVAL
// (userns_install); every other join EPERM.
func sysSetns(t *Thread, a *sysArgs) (uint64, int) {
	h := t.fd(a.Fd(0))
	if a.Fd(0) < 0 || h < 0 || h == badFD {
		return 0, abi.EBADF
	}
	flags := a.Int(1)
	if t.pidfdGroup(h) != nil {
		if flags == 0 || flags&^setnsTypes != 0 {
			return 0, abi.EINVAL
		}
		return 0, abi.EPERM
	}
	typ, err := unix.IoctlRetInt(h, unix.NS_GET_NSTYPE)
	if err != nil {
		if link, _ := os.Readlink("/proc/self/fd/" + itoa(h)); link == pidfdLink && flags != 0 && flags&^setnsTypes == 0 {
			return 0, abi.EPERM // a host process's pidfd
		}
		return 0, abi.EINVAL
	}
	if flags != 0 && typ != flags {
		return 0, abi.EINVAL
	}
	if typ == unix.CLONE_NEWUSER {
		var st, own unix.Stat_t
		if unix.Fstat(h, &st) == nil && unix.Stat("/proc/self/ns/user", &own) == nil && st.Ino == own.Ino && st.Dev == own.Dev {
			return 0, abi.EINVAL
		}
	}
	return 0, abi.EPERM
}

// syslog(2) actions (SYSLOG_ACTION_*).
const (
	syslogReadAll    = 3
	syslogSizeBuffer = 10
)

// sysSyslog is syslog(2) of a process without CAP_SYSLOG or
// CAP_SYS_ADMIN (kernel/printk/printk.c): every action but
// SYSLOG_ACTION_READ_ALL and SYSLOG_ACTION_SIZE_BUFFER, and those too
// when the host's kernel.dmesg_restrict is set, is EPERM before its
// arguments are looked at; those two are the host's (the size of its log
// buffer; its log, after Linux's buffer checks).
func sysSyslog(t *Thread, a *sysArgs) (uint64, int) {
	typ, buf, n := a.Int(0), a.Ptr(1), a.Int(2)
	if typ != syslogReadAll && typ != syslogSizeBuffer || dmesgRestrict() {
		return 0, abi.EPERM
	}
	size, err := unix.Klogctl(syslogSizeBuffer, nil)
	if err != nil {
		return 0, errnoOf(err)
	}
	if typ == syslogSizeBuffer {
		return uint64(size), 0
	}
	if buf == 0 || n < 0 {
		return 0, abi.EINVAL
	}
	if n == 0 {
		return 0, 0
	}
	if !accessOK(buf, uint64(n)) {
		return 0, abi.EFAULT
	}
	b := make([]byte, min(n, size))
	got, err := unix.Klogctl(syslogReadAll, b)
	if err != nil {
		return 0, errnoOf(err)
	}
	if e := t.write(buf, b[:got]); e != 0 {
		return 0, e
	}
	return uint64(got), 0
}

// dmesgRestrict reports whether the host's kernel.dmesg_restrict keeps
// the kernel log from a process without CAP_SYSLOG (so if unreadable).
func dmesgRestrict() bool {
	b, err := os.ReadFile("/proc/sys/kernel/dmesg_restrict")
	return err != nil || strings.TrimSpace(string(b)) != "0"
}

// taskSizeUser64 is powerpc64's TASK_SIZE_USER64 in Linux 6.1 (4 PB):
// the end of a user address space, past which access_ok fails.
const taskSizeUser64 = 1 << 52

// accessOK is Linux's access_ok on powerpc64: [addr, addr+n) lies below
// the end of the user address space.
func accessOK(addr, n uint64) bool {
	return addr < taskSizeUser64 && n <= taskSizeUser64-addr
}

// adjtimex(2) modes (uapi linux/timex.h and the kernel's linux/timex.h).
const (
	adjFrequency        = 0x0002
	adjSetOffset        = 0x0100
	adjOffsetSingleshot = 0x0001
	adjOffsetReadonly   = 0x2000
	adjAdjtime          = 0x8000
	adjOffsetSSRead     = adjAdjtime | adjOffsetReadonly | adjOffsetSingleshot
	ppmScale            = 1000 << 16 // PPM_SCALE: NSEC_PER_USEC << (NTP_SCALE_SHIFT - SHIFT_USEC)
)

// Clock ids clock_adjtime tells apart (uapi linux/time.h; a descriptor's
// clock is clockFD).
const (
	clockRealtime = 0
	clockSGICycle = 10 // a hole in Linux's table of clocks
	clockTAI      = 11 // the last clock of the table
)

// sysAdjtimex is adjtimex(2): clock_adjtime(CLOCK_REALTIME).
func sysAdjtimex(t *Thread, a *sysArgs) (uint64, int) {
	return adjtimex(t, clockRealtime, a.Ptr(0))
}

// sysClockAdjtime is clock_adjtime(2) (kernel/time/posix-timers.c): the
// timex is read (EFAULT); an unknown clock EINVAL (a descriptor's clock
// too: the runner gives the guest none); a clock that cannot be adjusted
// EOPNOTSUPP (every one but CLOCK_REALTIME, CPU clocks of any process);
// CLOCK_REALTIME as adjtimex.
func sysClockAdjtime(t *Thread, a *sysArgs) (uint64, int) {
	return adjtimex(t, a.Int(0), a.Ptr(1))
}

// adjtimex is clock_adjtime of clock id with the timex at addr, for a
// process without CAP_SYS_TIME (timekeeping_validate_timex): ADJ_ADJTIME
// without ADJ_OFFSET_SINGLESHOT EINVAL, a change EPERM, an out-of-range
// ADJ_FREQUENCY EINVAL; a query is the host's, written back over the
// guest's timex (its modes and padding kept), its clock state returned.
func adjtimex(t *Thread, id int, addr uint64) (uint64, int) {
	tx, e := getStruct(t, addr, abi.TimexLayout)
	if e != 0 {
		return 0, e
	}
	switch {
	case id < 0 && id&(cpuclockThread|cpuclockMask) == clockFD, id == clockSGICycle, id > clockTAI:
		return 0, abi.EINVAL
	case id != clockRealtime:
		return 0, abi.EOPNOTSUPP
	}
	modes := tx.Modes
	if modes&adjAdjtime != 0 {
		if modes&adjOffsetSingleshot == 0 {
			return 0, abi.EINVAL
		}
		if modes&adjOffsetReadonly == 0 {
			return 0, abi.EPERM
		}
	} else if modes != 0 {
		return 0, abi.EPERM
	}
	if modes&adjSetOffset != 0 {
		return 0, abi.EPERM
	}
	if modes&adjFrequency != 0 && (tx.Freq < math.MinInt64/ppmScale || tx.Freq > math.MaxInt64/ppmScale) {
		return 0, abi.EINVAL
	}
	var h unix.Timex
	if modes != 0 {
		h.Modes = adjOffsetSSRead // the query; the other bits are not acted on
	}
	state, err := unix.Adjtimex(&h)
	if err != nil {
		return 0, errnoOf(err)
	}
	// The host's fields are C longs (int32 on a 32-bit host) and ints.
	tx.Offset, tx.Freq, tx.Maxerror, tx.Esterror = int64(h.Offset), int64(h.Freq), int64(h.Maxerror), int64(h.Esterror)
	tx.Status, tx.Constant, tx.Precision, tx.Tolerance = h.Status, int64(h.Constant), int64(h.Precision), int64(h.Tolerance)
	tx.Time = abi.Timeval{Sec: int64(h.Time.Sec), Usec: int64(h.Time.Usec)}
	tx.Tick, tx.Ppsfreq, tx.Jitter, tx.Shift = int64(h.Tick), int64(h.Ppsfreq), int64(h.Jitter), h.Shift
	tx.Stabil, tx.Jitcnt, tx.Calcnt, tx.Errcnt, tx.Stbcnt, tx.Tai = int64(h.Stabil), int64(h.Jitcnt), int64(h.Calcnt), int64(h.Errcnt), int64(h.Stbcnt), h.Tai
	if e := putStruct(t, addr, abi.TimexLayout, &tx); e != 0 {
		return 0, e
	}
	return uint64(state), 0
}
