//go:build linux

package linux

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Controlling terminals of guest sessions, as Linux keeps them
// (drivers/tty/tty_jobctrl.c and tty_io.c): emulated, since every guest
// process lives in the one runner (the host kernel knows none of the
// guest's sessions and process groups). Each guest process has a
// controlling terminal or none (Linux's signal->tty: inherited at fork,
// kept by execve, dropped by setsid); each terminal the guest uses as one
// has the guest session it controls and its foreground process group
// (guest ids). A session leader without one acquires the terminal it
// opens without O_NOCTTY (for reading, if no session has it), or by
// TIOCSCTTY (arg 1 and CAP_SYS_ADMIN steal it from another session);
// TIOCNOTTY gives it up (the leader's: SIGHUP and SIGCONT to the
// foreground group, and the whole session loses it); a leader's end sends
// the foreground group SIGHUP and the session loses it. /dev/tty opens the
// caller's (ENXIO without one). A process of a background group that
// reads it, writes it with TOSTOP, or changes its settings gets SIGTTIN or
// SIGTTOU (its whole group), EIO if its group is orphaned or it ignores
// SIGTTIN, as __tty_check_change decides. The first process starts with
// the runner's own controlling terminal, if it has one, whose foreground
// group is the host's until the guest sets one (the host stops and
// continues the runner as a whole). The runner opens every
// terminal with O_NOCTTY and never changes a host terminal's foreground
// group; the signals the host's line discipline sends for a terminal a
// guest session acquired (INTR, QUIT, SUSP, a window size change, a
// hangup) come through a relay process (ttyrelay.go).

// ctty is a terminal a guest session controls or did (Linux's
// tty_struct's session and pgrp).
type ctty struct {
	dev  uint64 // its device number (the slave's, for a pseudo-terminal)
	path string // a host path that opens it
	sid  int    // the guest session it controls, 0: none
	pgrp int    // its foreground process group, 0: none
	pty  bool   // a pseudo-terminal slave (TTY_DRIVER_TYPE_PTY)
	// follow says its foreground group is the host's (the runner's own
	// terminal, until the guest sets one): the host's job control
	// applies to the runner as a whole, the runner's none.
	follow bool
	// relay holds it as a host controlling terminal while a guest
	// session has it (ttyrelay.go), or is nil.
	relay *ttyRelayProc
}

// Device numbers Linux gives /dev/tty, /dev/console, /dev/ptmx and the
// first pseudo-terminal slave major (Documentation/admin-guide/devices.txt).
var (
	devTTY     = unix.Mkdev(5, 0)
	devConsole = unix.Mkdev(5, 1)
	devPtmx    = unix.Mkdev(5, 2)
	devVT0     = unix.Mkdev(4, 0)
)

const ptsMajor = 136 // Unix98 pseudo-terminal slaves: majors 136-143

// runnerCtty is the runner's own controlling terminal as the first
// process starts with it (from /proc/self/stat: tty_nr and tpgid), or nil.
func runnerCtty(sid int) *ctty {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 6 {
		return nil
	}
	// f[0] is field 3 (state): tty_nr is field 7, tpgid field 8.
	nr, err1 := strconv.ParseUint(f[4], 10, 32)
	fg, err2 := strconv.Atoi(f[5])
	if err1 != nil || err2 != nil || nr == 0 {
		return nil
	}
	major, minor := uint32(nr>>8)&0xfff, uint32(nr&0xff)|uint32(nr>>12)&0xfff00
	c := &ctty{dev: unix.Mkdev(major, minor), path: "/dev/tty", sid: sid, pty: major >= ptsMajor && major < ptsMajor+8, follow: true}
	if fg > 0 {
		c.pgrp = fg
	}
	return c
}

// encodeDev is a device number as /proc/PID/stat's tty_nr gives it
// (new_encode_dev).
func encodeDev(dev uint64) uint64 {
	major, minor := uint64(unix.Major(dev)), uint64(unix.Minor(dev))
	return minor&0xff | major<<8 | (minor&^0xff)<<12
}

// ttyOf says what terminal host descriptor fd is: its device number (the
// slave's for a pseudo-terminal master), whether it is a master, and ok
// false if it is no terminal. A descriptor of /dev/tty is the runner's
// own terminal.
func (p *Process) ttyOf(fd int) (dev uint64, master, ok bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR {
		return 0, false, false
	}
	if _, err := unix.IoctlGetTermios(fd, hostTCGETS); err != nil {
		return 0, false, false
	}
	if n, err := unix.IoctlGetUint32(fd, unix.TIOCGPTN); err == nil {
		return unix.Mkdev(ptsMajor+n>>8, n&0xff), true, true
	}
	if uint64(st.Rdev) == devTTY && p.hostCtty != nil {
		return p.hostCtty.dev, false, true
	}
	return uint64(st.Rdev), false, true
}

// cttyFor returns the record of terminal dev, host descriptor fd, making
// it if the guest never used it as a controlling terminal. One the host
// says a host session controls (other than the runner's own) is held by
// a session the guest does not see (sid -1).
func (p *Process) cttyFor(dev uint64, fd int, master bool) *ctty {
	if p.hostCtty != nil && dev == p.hostCtty.dev {
		return p.hostCtty
	}
	if c := p.ttys[dev]; c != nil {
		return c
	}
	c := &ctty{dev: dev, pty: unix.Major(dev) >= ptsMajor && unix.Major(dev) < ptsMajor+8}
	if master {
		n := (unix.Major(dev)-ptsMajor)<<8 | unix.Minor(dev)
		c.path = "/dev/pts/" + strconv.Itoa(int(n))
	} else if l, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd)); err == nil {
		c.path = l
	}
	if _, err := unix.IoctlGetInt(fd, unix.TIOCGSID); err == nil {
		c.sid = -1
	}
	if p.ttys == nil {
		p.ttys = map[uint64]*ctty{}
	}
	p.ttys[dev] = c
	return c
}

// isLeader reports whether g leads its session (Linux's signal->leader).
func (g *threadGroup) isLeader() bool { return g.sid == g.tgid }

// setCtty makes c, host descriptor fd, the controlling terminal of t's
// process, a session leader (__proc_set_tty), with a relay for the
// signals its host line discipline sends (ttyrelay.go).
func (t *Thread) setCtty(c *ctty, fd int) {
	c.sid, c.pgrp, c.follow = t.group.sid, t.group.pgid, false
	t.group.tty = c
	if c != t.p.hostCtty {
		t.p.startRelay(c, fd)
	}
}

// sessionClearTty drops the controlling terminal of every process of
// session sid (session_clear_tty).
func (p *Process) sessionClearTty(sid int) {
	for _, g := range p.groups {
		if g.sid == sid {
			g.tty = nil
		}
	}
}

// livePgrp reports whether a live guest process is in group pgid.
func (p *Process) livePgrp(pgid int) bool {
	for _, g := range p.groups {
		if g.pgid == pgid && !g.exiting && !g.zombie {
			return true
		}
	}
	return false
}

// killPgrp sends sig from the kernel to every live process of group pgid.
func (p *Process) killPgrp(pgid, sig int) {
	for _, g := range p.groups {
		if g.pgid == pgid && !g.exiting && !g.zombie {
			p.postProcess(g, sigInfo{signo: sig, code: abi.SI_KERNEL})
		}
	}
}

// disassociate is Linux's disassociate_ctty for a session leader g: the
// foreground group gets SIGHUP (and SIGCONT unless g is ending), the
// terminal loses its session and every process of the session its
// controlling terminal. The host's terminal is not hung up.
func (p *Process) disassociate(g *threadGroup, onExit bool) {
	c := g.tty
	if !g.isLeader() || c == nil {
		return
	}
	if c.pgrp != 0 {
		p.killPgrp(c.pgrp, abi.SIGHUP)
		if !onExit {
			p.killPgrp(c.pgrp, abi.SIGCONT)
		}
	}
	c.sid, c.pgrp, c.follow = 0, 0, false
	p.sessionClearTty(g.sid)
	if c != p.hostCtty {
		c.stopRelay()
		delete(p.ttys, c.dev)
	}
}

// ttyCheck is __tty_check_change for t on terminal c with sig (SIGTTOU
// for a write or a change, SIGTTIN for a read): 0 if t's process may go
// on, EIO, or errRestart after sending sig to its process group.
func (t *Thread) ttyCheck(c *ctty, sig int) int {
	g := t.group
	if g.tty != c || c.follow || c.pgrp == 0 || c.pgrp == g.pgid {
		return 0
	}
	if t.mask&sigBit(sig) != 0 || t.sighand.actions[sig].handler == abi.SIG_IGN {
		if sig == abi.SIGTTIN {
			return abi.EIO
		}
		return 0
	}
	if t.p.orphanedPgrp(g.pgid) {
		return abi.EIO
	}
	t.p.killPgrp(g.pgid, sig)
	return errRestart
}

// ttyJobCheck is the job-control check of a read (write false) or write
// of host descriptor fd by t: only a process of a background group of a
// controlling terminal pays more than two comparisons.
func (t *Thread) ttyJobCheck(fd int, write bool) int {
	g := t.group
	c := g.tty
	if c == nil || c.follow || c.pgrp == 0 || c.pgrp == g.pgid {
		return 0
	}
	if dev, master, ok := t.p.ttyOf(fd); !ok || master || dev != c.dev {
		return 0
	}
	if !write {
		return t.ttyCheck(c, abi.SIGTTIN)
	}
	if tio, err := unix.IoctlGetTermios(fd, hostTCGETS); err != nil || tio.Lflag&unix.TOSTOP == 0 {
		return 0
	}
	return t.ttyCheck(c, abi.SIGTTOU)
}

// openCtty is called for a file the guest opened (host descriptor fd,
// host open flags): a session leader without a controlling terminal acquires
// it if no session has it, it is not /dev/tty, /dev/console, /dev/tty0 or
// a pseudo-terminal master, and it is open for reading
// (tty_open_proc_set_tty).
func (t *Thread) openCtty(fd, flags int) {
	g := t.group
	if flags&unix.O_NOCTTY != 0 || !g.isLeader() || g.tty != nil || flags&unix.O_ACCMODE == unix.O_WRONLY {
		return
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR {
		return
	}
	switch uint64(st.Rdev) {
	case devTTY, devConsole, devPtmx, devVT0:
		return
	}
	dev, master, ok := t.p.ttyOf(fd)
	if !ok || master {
		return
	}
	if c := t.p.cttyFor(dev, fd, false); c.sid == 0 {
		t.setCtty(c, fd)
	}
}

// openDevTTY opens /dev/tty for t with host open flags: its controlling
// terminal, or ENXIO (tty_open_current_tty).
func (t *Thread) openDevTTY(flags int, mode uint32) (int, error) {
	c := t.group.tty
	if c == nil {
		return -1, unix.ENXIO
	}
	path := c.path
	if c == t.p.hostCtty {
		path = "/dev/tty"
	}
	var fd int
	var err error
	t.block(func() { fd, err = unix.Open(path, flags|unix.O_NOCTTY, mode) })
	return fd, err
}

// isDevTTY reports whether the host path (relative to dirfd) names
// /dev/tty's device.
// openIsDevTTY is isDevTTY for openat's path: relative to host dirfd, or
// with rootd not -1 a guest path in t's process's chroot(2) root.
func (t *Thread) openIsDevTTY(dirfd, rootd int, path string) bool {
	if rootd < 0 || (path != "tty" && !strings.HasSuffix(path, "/tty")) {
		return isDevTTY(dirfd, path)
	}
	d, host, e := t.chrootAt(unix.AT_FDCWD, path, lookFollow)
	return e == 0 && isDevTTY(d, host)
}

func isDevTTY(dirfd int, path string) bool {
	if path != "tty" && !strings.HasSuffix(path, "/tty") {
		return false
	}
	var st unix.Stat_t
	return unix.Fstatat(dirfd, path, &st, 0) == nil && st.Mode&unix.S_IFMT == unix.S_IFCHR && uint64(st.Rdev) == devTTY
}

// cttyIoctl handles the job-control ioctls (tty_jobctrl_ioctl) and the
// job-control check of the ones that change a terminal; ok is false for
// other requests. fd is the host descriptor.
func (t *Thread) cttyIoctl(fd int, req, arg uint64) (ret uint64, errno int, ok bool) {
	switch req {
	case abi.TIOCSCTTY, abi.TIOCNOTTY, abi.TIOCGPGRP, abi.TIOCSPGRP, abi.TIOCGSID:
	case abi.TCSETS, abi.TCSETSW, abi.TCSETSF, abi.TCFLSH, abi.TCXONC, abi.TCSBRK:
		if c := t.group.tty; c != nil && !c.follow && c.pgrp != 0 && c.pgrp != t.group.pgid {
			if dev, master, isTTY := t.p.ttyOf(fd); isTTY && !master && dev == c.dev {
				if e := t.ttyCheck(c, abi.SIGTTOU); e != 0 {
					return 0, e, true
				}
			}
		}
		return 0, 0, false
	default:
		return 0, 0, false
	}
	dev, master, isTTY := t.p.ttyOf(fd)
	if !isTTY {
		return 0, abi.ENOTTY, true
	}
	g := t.group
	c := t.p.cttyFor(dev, fd, master)
	switch req {
	case abi.TIOCSCTTY:
		return 0, t.tiocsctty(c, fd, arg), true
	case abi.TIOCNOTTY:
		// A master is never a controlling terminal.
		if master || g.tty != c {
			return 0, abi.ENOTTY, true
		}
		t.p.disassociate(g, false)
		g.tty = nil
		return 0, 0, true
	case abi.TIOCGPGRP:
		if !master && g.tty != c {
			return 0, abi.ENOTTY, true
		}
		if c.sid < 0 || c.follow {
			v, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
			if err != nil {
				return 0, errnoOf(err), true
			}
			return 0, t.put32(arg, uint32(v)), true
		}
		return 0, t.put32(arg, uint32(c.pgrp)), true
	case abi.TIOCGSID:
		if !master && g.tty != c {
			return 0, abi.ENOTTY, true
		}
		if c.sid < 0 {
			v, err := unix.IoctlGetInt(fd, unix.TIOCGSID)
			if err != nil {
				return 0, errnoOf(err), true
			}
			return 0, t.put32(arg, uint32(v)), true
		}
		if c.sid == 0 {
			return 0, abi.ENOTTY, true
		}
		return 0, t.put32(arg, uint32(c.sid)), true
	}
	// TIOCSPGRP (tiocspgrp).
	switch e := t.ttyCheck(c, abi.SIGTTOU); e {
	case 0:
	case abi.EIO:
		return 0, abi.ENOTTY, true
	default:
		return 0, e, true
	}
	v, e := t.get32(arg)
	if e != 0 {
		return 0, e, true
	}
	pgrp := int(int32(v))
	if pgrp < 0 {
		return 0, abi.EINVAL, true
	}
	if g.tty != c || c.sid != g.sid {
		return 0, abi.ENOTTY, true
	}
	sid, found := t.p.sessionOfPgrp(pgrp)
	if !found {
		return 0, abi.ESRCH, true
	}
	if sid != g.sid {
		return 0, abi.EPERM, true
	}
	c.pgrp, c.follow = pgrp, false
	return 0, 0, true
}

// tiocsctty makes c the controlling terminal of t's process (tiocsctty):
// the caller leads its session and has none (EPERM), c has no session or
// arg is 1 and the caller has CAP_SYS_ADMIN (the other session loses it),
// and fd is open for reading or the caller has CAP_SYS_ADMIN.
func (t *Thread) tiocsctty(c *ctty, fd int, arg uint64) int {
	g := t.group
	if g.isLeader() && c.sid == g.sid {
		return 0
	}
	if !g.isLeader() || g.tty != nil {
		return abi.EPERM
	}
	admin := t.cred.capable(unix.CAP_SYS_ADMIN)
	if c.sid != 0 {
		if arg != 1 || !admin || c.sid < 0 {
			return abi.EPERM
		}
		t.p.sessionClearTty(c.sid)
	}
	if fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0); err != nil || fl&unix.O_ACCMODE == unix.O_WRONLY && !admin {
		return abi.EPERM
	}
	t.setCtty(c, fd)
	return 0
}

// sessionOfPgrp is session_of_pgrp for a number: the session of a
// process of group n, else of process n (a guest's, or the host's when
// n is no guest id); found is false if n names neither.
func (p *Process) sessionOfPgrp(n int) (sid int, found bool) {
	for _, g := range p.groups {
		if g.pgid == n {
			return g.sid, true
		}
	}
	if g := p.groups[n]; g != nil {
		return g.sid, true
	}
	if n == 0 || p.guestPid(n) {
		return 0, false
	}
	s, err := unix.Getsid(n)
	return s, err == nil
}
