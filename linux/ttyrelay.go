//go:build linux

package linux

import (
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The signals a terminal's line discipline sends its host foreground
// group (INTR, QUIT and SUSP characters, a window size change) and its
// session leader (a hangup: the master closed) reach no guest process by
// themselves: the guest's sessions are not the host's (ctty.go). While a
// guest session has a terminal other than the runner's own, a relay
// holds it as its host controlling terminal: the runner started again
// (its own executable, /proc/self/exe, with relayEnv set), which leads a
// host session of its own, takes the terminal with TIOCSCTTY, closes it
// (the session keeps it, so the master still reads EIO once the guest
// closes the slave) and writes each such signal it gets as one byte to a
// socket. The runner gives INTR's, QUIT's, SUSP's and SIGWINCH's signal to
// the guest's foreground group of that terminal, and a hangup to its
// session as Linux's __tty_hangup does (tty_signal_session_leader: the
// leader gets SIGHUP and SIGCONT, every process of the session loses the
// terminal). The relay ends when the runner closes its end of the socket
// (the guest gives the terminal up, or the runner ends).

// relayEnv, set to 1, makes the runner's executable a relay.
const relayEnv = "PPC64EMU_TTY_RELAY"

func init() {
	if os.Getenv(relayEnv) == "1" {
		os.Exit(ttyRelay())
	}
}

// relaySignals are the host signals a relay passes on, by the byte it
// writes, and the guest signal each stands for.
var relaySignals = []struct {
	host  syscall.Signal
	guest int
}{
	{syscall.SIGINT, abi.SIGINT}, {syscall.SIGQUIT, abi.SIGQUIT}, {syscall.SIGTSTP, abi.SIGTSTP},
	{syscall.SIGWINCH, abi.SIGWINCH}, {syscall.SIGHUP, abi.SIGHUP},
}

// ttyRelay is the relay's main: descriptor 0 is the terminal, 3 the
// socket to the runner. It returns the exit status.
func ttyRelay() int {
	// The runner's descriptors the fork passed on (the guest's, which
	// are not close-on-exec on the host) would keep pipes and the
	// master open: only 0 and 3 are the relay's.
	if unix.CloseRange(4, ^uint(0), 0) != nil {
		for fd := 4; fd < 1<<16; fd++ {
			_ = unix.Close(fd)
		}
	}
	_ = unix.Close(1)
	_ = unix.Close(2)
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTSTP, syscall.SIGWINCH, syscall.SIGHUP,
		syscall.SIGCONT, syscall.SIGTTIN, syscall.SIGTTOU)
	if _, err := unix.Setsid(); err != nil {
		return 1
	}
	if err := unix.IoctlSetInt(0, unix.TIOCSCTTY, 0); err != nil {
		return 1
	}
	if null, err := unix.Open("/dev/null", unix.O_RDWR, 0); err == nil {
		_ = unix.Dup2(null, 0)
		_ = unix.Close(null)
	}
	if _, err := unix.Write(3, []byte{0xff}); err != nil { // ready
		return 1
	}
	go func() {
		var b [1]byte
		for {
			if n, err := unix.Read(3, b[:]); n <= 0 && err != unix.EINTR {
				os.Exit(0) // the runner closed its end
			}
		}
	}()
	for s := range sigs {
		for i, r := range relaySignals {
			if s == r.host {
				if _, err := unix.Write(3, []byte{byte(i)}); err != nil {
					return 0
				}
			}
		}
	}
	return 0
}

// ttyRelayProc is a running relay.
type ttyRelayProc struct {
	sock *os.File // the runner's end of the socket (non-blocking: Close ends a Read)
	pid  int
}

// startRelay starts a relay for c, host descriptor fd of it, and waits
// until it holds the terminal; nothing happens if it cannot (another host
// session has the terminal, no executable).
func (p *Process) startRelay(c *ctty, fd int) {
	if c.relay != nil || p.noRelay {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		p.noRelay = true
		return
	}
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(pair[1])
	if err := unix.SetNonblock(pair[0], true); err != nil {
		unix.Close(pair[0])
		return
	}
	ours := os.NewFile(uintptr(pair[0]), "relay")
	null, err := unix.Open(os.DevNull, unix.O_RDWR|unix.O_CLOEXEC, 0)
	if err != nil {
		ours.Close()
		return
	}
	defer unix.Close(null)
	var pid int
	p.startClean(func() {
		pid, err = syscall.ForkExec(exe, []string{"ppc64emu-tty-relay"}, &syscall.ProcAttr{
			Env:   []string{relayEnv + "=1"},
			Files: []uintptr{uintptr(fd), uintptr(null), uintptr(null), uintptr(pair[1])}, // the rest closed by the relay
		})
	})
	if err != nil {
		ours.Close()
		return
	}
	r := &ttyRelayProc{sock: ours, pid: pid}
	var b [1]byte
	if n, _ := ours.Read(b[:]); n != 1 || b[0] != 0xff {
		r.stop()
		return
	}
	c.relay = r
	go p.relayLoop(c, r)
}

// stop ends relay r and waits for it.
func (r *ttyRelayProc) stop() {
	r.sock.Close()
	_ = unix.Kill(r.pid, unix.SIGKILL)
	var ws unix.WaitStatus
	for {
		if _, err := unix.Wait4(r.pid, &ws, 0, nil); err != unix.EINTR {
			return
		}
	}
}

// relayLoop gives the guest what relay r of c passes on, until it ends.
func (p *Process) relayLoop(c *ctty, r *ttyRelayProc) {
	var b [1]byte
	for {
		n, err := r.sock.Read(b[:])
		if n != 1 || err != nil {
			return
		}
		if int(b[0]) >= len(relaySignals) {
			continue
		}
		sig := relaySignals[b[0]].guest
		p.gil.lock(make(chan struct{}, 1))
		if c.relay == r && c.sid > 0 {
			if sig == abi.SIGHUP {
				p.hangup(c)
			} else if c.pgrp != 0 {
				p.killPgrp(c.pgrp, sig)
			}
		}
		p.gil.unlock()
	}
}

// stopRelay ends c's relay, if it has one, and waits for it to end (its
// host session then lets the terminal go).
func (c *ctty) stopRelay() {
	r := c.relay
	if r == nil {
		return
	}
	c.relay = nil
	r.stop()
}

// hangup is a hangup of c (tty_signal_session_leader and __tty_hangup):
// every process of its session loses it, the session leader gets SIGHUP
// and SIGCONT.
func (p *Process) hangup(c *ctty) {
	sid := c.sid
	for _, g := range p.groups {
		if g.sid != sid {
			continue
		}
		if g.tty == c {
			g.tty = nil
		}
		if g.isLeader() && !g.exiting && !g.zombie {
			p.postProcess(g, sigInfo{signo: abi.SIGHUP, code: abi.SI_KERNEL})
			p.postProcess(g, sigInfo{signo: abi.SIGCONT, code: abi.SI_KERNEL})
		}
	}
	c.sid, c.pgrp = 0, 0
	c.stopRelay()
	delete(p.ttys, c.dev)
}
