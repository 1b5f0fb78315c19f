//go:build linux

package linux

import (
	"encoding/binary"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// A blocking open of a FIFO for reading or for writing waits in the host
// kernel until the other end is opened (Linux's wait_for_partner), and
// neither a guest signal nor the run's end reaches a host call: the
// thread, and the runner with it, would wait for good. Such an open is
// made by an opener instead: the runner started again (its own
// executable, /proc/self/exe, with fifoOpenEnv set, as the terminal relay
// of ttyrelay.go), which takes requests on a socket (the guest's
// directory descriptor, flags, mode and path), opens and passes each
// descriptor back (SCM_RIGHTS: the same open file description, as if the
// runner had opened it). The runner waits for the answer as for a read
// (pollLoop). A signal for the thread interrupts the opener's open
// (interruptOpener): the host's wait_for_partner then fails it with
// EINTR, giving back the reader or writer count it took, unless its
// partner had come, when the open succeeds although the signal is
// pending — Linux's rule, which a peer that found this end open relies
// on (killing the opener instead lost such an open: the peer read end of
// file and the restarted open waited for good). An interrupted open is
// restarted under SA_RESTART or fails with EINTR, as Linux's
// -ERESTARTSYS; the run's end kills the opener. An opener is kept for the
// next open (at most maxIdleOpeners; they end when the run does), so an
// open costs the host a round trip on the socket once the first opener
// has started (0.7 ms under a load of 17 on 2 cores, against 80 ms to
// start one). A
// FIFO opened for writing that has a reader already is opened by the
// runner itself (O_NONBLOCK, then cleared); one for reading always takes
// an opener, since nothing tells the runner whether it has a writer. An
// opener runs with the guest thread's file-system ids and groups when
// the runner is root and they differ (cred.hostAttr; such an opener is
// used once), so the host checks the open as the guest's; capabilities
// beyond those ids are not carried.

// fifoOpenEnv, set to 1, makes the runner's executable a FIFO opener.
const fifoOpenEnv = "PPC64EMU_FIFO_OPEN"

// maxIdleOpeners is how many idle openers the runner keeps.
const maxIdleOpeners = 4

func init() {
	if os.Getenv(fifoOpenEnv) == "1" {
		os.Exit(fifoOpener())
	}
}

// openerIgnored are the signals an opener ignores (fifoOpener): those
// whose default action ends or stops a process and that the kernel sends
// a process group or that another process may (not the synchronous
// faults, nor fifoInterrupt, nor those Go's runtime uses itself).
var openerIgnored = []os.Signal{unix.SIGHUP, unix.SIGINT, unix.SIGQUIT, unix.SIGTERM, unix.SIGUSR1,
	unix.SIGUSR2, unix.SIGALRM, unix.SIGVTALRM, unix.SIGXCPU, unix.SIGXFSZ, unix.SIGIO, unix.SIGPWR,
	unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU}

// fifoOpener is the opener's main: descriptor 3 is its socket (a
// SOCK_SEQPACKET), on which each request is the host's open flags, the
// mode and the path, in decimal and separated by spaces, with the
// directory descriptor; each answer the errno (a 32-bit word, 0 with the
// descriptor). It ends
// when the runner closes its end, and returns the exit status. It runs in
// a package init, so on the process's main thread (the Go runtime locks
// the main goroutine to it during initialization): interruptOpener
// signals that thread.
func fifoOpener() int {
	// The opener is in the runner's process group, and a signal sent to
	// the group (timeout's SIGTERM, a terminal's SIGINT) reaches it too:
	// by default it ended the opener, and the guest's open failed with
	// EIO where Linux's goes on waiting when the guest ignores the
	// signal (and ends with the guest when not: the runner then stops
	// the opener). The opener is no guest process: it ignores them.
	signal.Ignore(openerIgnored...)
	// The runner's descriptors the fork passed on (the guest's, which
	// are not close-on-exec on the host) would keep pipes open.
	if unix.CloseRange(4, ^uint(0), 0) != nil {
		for fd := 4; fd < 1<<16; fd++ {
			_ = unix.Close(fd)
		}
	}
	// An open may wait for good: the runner's end closing (the runner
	// killed, even by SIGKILL) ends the opener all the same.
	go func() {
		hup := []unix.PollFd{{Fd: 3}} // no events: only a hang-up or an error
		for {
			if _, err := unix.Poll(hup, -1); err == nil && hup[0].Revents != 0 {
				os.Exit(0)
			}
		}
	}()
	// The runner interrupts an open with fifoInterrupt (see
	// Thread.interruptOpener): Go's handler ignores it, and without
	// SA_RESTART the open it interrupts fails with EINTR (one whose
	// partner has come succeeds all the same, as Linux's wait_for_partner)
	// instead of being restarted. Without it an open cannot be
	// interrupted: the opener ends.
	if !noRestart(fifoInterrupt) {
		return 1
	}
	buf := make([]byte, 64+unix.PathMax)
	oob := make([]byte, unix.CmsgSpace(4))
	for {
		n, oobn, _, _, err := unix.Recvmsg(3, buf, oob, unix.MSG_CMSG_CLOEXEC)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n == 0 {
			return 0 // the runner closed its end
		}
		dirfd := recvFD(oob[:oobn])
		fl, rest, _ := strings.Cut(string(buf[:n]), " ")
		md, path, _ := strings.Cut(rest, " ")
		flags, err1 := strconv.Atoi(fl)
		mode, err2 := strconv.ParseUint(md, 10, 32)
		if dirfd < 0 || err1 != nil || err2 != nil {
			return 1
		}
		at, path := reopenAt(dirfd, path)
		fd, err := unix.Openat(at, path, flags|unix.O_NOCTTY|unix.O_CLOEXEC, uint32(mode))
		unix.Close(dirfd)
		var msg [4]byte
		var rights []byte
		if err != nil {
			binary.NativeEndian.PutUint32(msg[:], uint32(errnoOf(err)))
		} else {
			rights = unix.UnixRights(fd)
		}
		err = unix.Sendmsg(3, msg[:], rights, nil, 0)
		if fd >= 0 {
			unix.Close(fd)
			if err == nil {
				// The runner's copy is now the only one (fifoClosed).
				err = unix.Sendmsg(3, []byte{fifoClosed}, nil, nil, 0)
			}
		}
		if err != nil {
			return 1
		}
	}
}

// fifoClosed is the opener's message, after a descriptor it sent, that
// it has closed its own copy. Until then the FIFO's end is open twice: a
// guest that closed the descriptor it got still left it open (another's
// open of the other end returned at once, before the guest's partner
// came, and a peer read no end of file), for as long as the opener took
// to close it (milliseconds under load: TestCorpusEngines c-fifointr
// lost a child signalled before it caught the signal). The runner waits
// for it before the open returns (takeClosed).
const fifoClosed = 'c'

// takeClosed waits for opener o's fifoClosed after the descriptor it
// sent (or for o's end).
func (t *Thread) takeClosed(o *opener) {
	var b [1]byte
	t.block(func() {
		for {
			if _, err := unix.Read(o.sock, b[:]); err != unix.EINTR {
				return
			}
		}
	})
}

// fifoInterrupt is the signal that interrupts an opener's open: one whose
// default action is to ignore it, so that one sent before the opener's Go
// runtime has started does no harm.
const fifoInterrupt = unix.SIGWINCH

// saRestart is the kernel's SA_RESTART (the same on every architecture Go
// supports).
const saRestart = 0x10000000

// noRestart clears SA_RESTART from sig's action (the Go runtime's
// handler), so that the calls it interrupts fail with EINTR.
func noRestart(sig unix.Signal) bool {
	var a ksigaction
	if _, _, e := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), 0, uintptr(unsafe.Pointer(&a)), ksigsetSize, 0, 0); e != 0 {
		return false
	}
	a.setFlagsWord(a.flagsWord() &^ saRestart)
	_, _, e := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&a)), 0, ksigsetSize, 0, 0)
	return e == 0
}

// recvFD is the one descriptor an SCM_RIGHTS message in oob carries, or -1.
func recvFD(oob []byte) int {
	cms, err := unix.ParseSocketControlMessage(oob)
	if err != nil || len(cms) != 1 {
		return -1
	}
	fds, err := unix.ParseUnixRights(&cms[0])
	if err != nil || len(fds) != 1 {
		for _, fd := range fds {
			unix.Close(fd)
		}
		return -1
	}
	return fds[0]
}

// reopenAt is the directory descriptor and path an openat of path
// relative to dirfd uses: an empty path names dirfd itself (a FIFO's
// O_PATH descriptor, fifoInRoot), reopened through its /proc/self/fd
// link.
func reopenAt(dirfd int, path string) (int, string) {
	if path == "" {
		return unix.AT_FDCWD, "/proc/self/fd/" + itoa(dirfd)
	}
	return dirfd, path
}

// fifoInRoot is fifoWaits for a path of a chroot(2) root (rootd,
// openInRoot): an O_PATH descriptor of the FIFO, or -1 if the open
// cannot wait (then nothing is open). An exclusive creation is left to
// the open itself.
func fifoInRoot(rootd int, path string, hflags int) int {
	if hflags&(unix.O_NONBLOCK|unix.O_PATH) != 0 || hflags&unix.O_ACCMODE == unix.O_RDWR ||
		hflags&(unix.O_CREAT|unix.O_EXCL) == unix.O_CREAT|unix.O_EXCL {
		return -1
	}
	pfd, err := openInRoot(rootd, path, unix.O_PATH|unix.O_CLOEXEC|hflags&unix.O_NOFOLLOW, 0)
	if err != nil {
		return -1
	}
	var st unix.Stat_t
	if unix.Fstat(pfd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		unix.Close(pfd)
		return -1
	}
	return pfd
}

// fifoWaits reports whether a host open of path (relative to dirfd) with
// the host's flags hflags may wait for a FIFO's other end: a blocking
// open for reading or writing only of a FIFO.
func fifoWaits(dirfd int, path string, hflags int) bool {
	if hflags&(unix.O_NONBLOCK|unix.O_PATH) != 0 || hflags&unix.O_ACCMODE == unix.O_RDWR {
		return false
	}
	at := 0
	if hflags&unix.O_NOFOLLOW != 0 {
		at = unix.AT_SYMLINK_NOFOLLOW
	}
	var st unix.Stat_t
	return unix.Fstatat(dirfd, path, &st, at) == nil && st.Mode&unix.S_IFMT == unix.S_IFIFO
}

// opener is a running FIFO opener: the runner's end of its socket and its
// host process id.
type opener struct {
	sock, pid int
}

// stop ends opener o and waits for it.
func (o *opener) stop() {
	unix.Close(o.sock)
	_ = unix.Kill(o.pid, unix.SIGKILL)
	var ws unix.WaitStatus
	for {
		if _, err := unix.Wait4(o.pid, &ws, 0, nil); err != unix.EINTR {
			return
		}
	}
}

// startOpener starts an opener with attr's credentials (nil: the
// runner's), or returns nil if it cannot.
func startOpener(attr *syscall.SysProcAttr) *opener {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(pair[1])
	null, err := unix.Open(os.DevNull, unix.O_RDWR|unix.O_CLOEXEC, 0)
	if err != nil {
		unix.Close(pair[0])
		return nil
	}
	defer unix.Close(null)
	pid, err := syscall.ForkExec(exe, []string{"ppc64emu-fifo-open"}, &syscall.ProcAttr{
		Env:   []string{fifoOpenEnv + "=1"},
		Files: []uintptr{uintptr(null), uintptr(null), uintptr(null), uintptr(pair[1])},
		Sys:   attr,
	})
	if err != nil {
		unix.Close(pair[0])
		return nil
	}
	return &opener{sock: pair[0], pid: pid}
}

// interruptOpener interrupts the open opener o is making for t, which a
// signal interrupts (pollLoop's EINTR), and waits until o's answer has
// come: EINTR if the open had no partner, or the open's result if its
// partner came first (the open then succeeds although a signal is
// pending, as Linux's wait_for_partner). It returns errExit at the run's
// end and errRestart if o ended without an answer (its open undone by
// the host), 0 with the answer waiting on o.sock. The signal is sent
// again until the answer comes, since one that arrives before the open
// has begun interrupts nothing (it is taken before the opener's next
// open: it is pending before that request is sent).
func (t *Thread) interruptOpener(o *opener) int {
	wait := 5 * time.Millisecond
	for {
		if err := unix.Tgkill(o.pid, o.pid, fifoInterrupt); err != nil {
			return errRestart // gone (ESRCH): nothing to take
		}
		fds := []unix.PollFd{{Fd: int32(o.sock), Events: unix.POLLIN}}
		var n int
		var err error
		t.block(func() { n, err = unix.Poll(fds, int(wait.Milliseconds())) })
		if t.gone() {
			return errExit
		}
		if err != nil && err != unix.EINTR {
			return errnoOf(err)
		}
		if n > 0 {
			if fds[0].Revents&unix.POLLIN == 0 {
				return errRestart // ended without an answer
			}
			return 0
		}
		wait = min(2*wait, 200*time.Millisecond)
	}
}

// stopOpeners ends the idle openers (the run's end); one put back later
// is ended at once.
func (p *Process) stopOpeners() {
	p.openersMu.Lock()
	idle := p.openers
	p.openers, p.openersDone = nil, true
	p.openersMu.Unlock()
	for _, o := range idle {
		o.stop()
	}
}

// putOpener keeps o, which runs with the runner's credentials, for the
// next open, or ends it if maxIdleOpeners are kept or the run has ended.
func (p *Process) putOpener(o *opener) {
	p.openersMu.Lock()
	keep := !p.openersDone && len(p.openers) < maxIdleOpeners
	if keep {
		p.openers = append(p.openers, o)
	}
	p.openersMu.Unlock()
	if !keep {
		o.stop()
	}
}

// takeOpener returns an idle opener, or nil.
func (p *Process) takeOpener() *opener {
	p.openersMu.Lock()
	defer p.openersMu.Unlock()
	n := len(p.openers)
	if n == 0 {
		return nil
	}
	o := p.openers[n-1]
	p.openers = p.openers[:n-1]
	return o
}

// openFIFO opens the FIFO at path (relative to dirfd; an empty path names
// dirfd itself, reopenAt) with the host's flags hflags and mode, waiting
// interruptibly for its other end (see above). It returns the host descriptor, or an errno: errRestart for a
// signal, errExit for the run's end. ok is false when no opener can be
// started (no executable): the caller opens as before.
func (t *Thread) openFIFO(dirfd int, path string, hflags int, mode uint32) (fd, errno int, ok bool) {
	if hflags&unix.O_ACCMODE == unix.O_WRONLY {
		var err error
		at, name := reopenAt(dirfd, path)
		t.block(func() { fd, err = unix.Openat(at, name, hflags|unix.O_NOCTTY|unix.O_NONBLOCK, mode) })
		if err == nil {
			if fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0); err == nil {
				_, err = unix.FcntlInt(uintptr(fd), unix.F_SETFL, fl&^unix.O_NONBLOCK)
			}
			if err != nil {
				unix.Close(fd)
			}
			return fd, errnoOf(err), true
		}
		if err != unix.ENXIO {
			return -1, errnoOf(err), true
		}
	}
	c := *t.cred
	c.uid.e, c.gid.e = c.uid.fs, c.gid.fs
	attr := t.p.hostCred.hostAttr(&c)
	var o *opener
	idle := false // o was kept from an earlier open
	if attr == nil {
		o = t.p.takeOpener()
		idle = o != nil
	}
	if o == nil {
		if t.p.startClean(func() { o = startOpener(attr) }); o == nil {
			return -1, 0, false
		}
	}
	if dirfd < 0 { // AT_FDCWD: the runner's working directory
		d, err := unix.Open(".", unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			o.stop()
			return -1, errnoOf(err), true
		}
		defer unix.Close(d)
		dirfd = d
	}
	req := strconv.Itoa(hflags) + " " + strconv.FormatUint(uint64(mode), 10) + " " + path
	var msg [4]byte
	oob := make([]byte, unix.CmsgSpace(4))
	for {
		if err := unix.Sendmsg(o.sock, []byte(req), unix.UnixRights(dirfd), nil, 0); err != nil {
			o.stop()
			if idle {
				// It ended while kept (killed from outside): the open
				// never reached it. A new one makes it.
				idle = false
				if t.p.startClean(func() { o = startOpener(nil) }); o != nil {
					continue
				}
				return -1, 0, false
			}
			return -1, errnoOf(err), true
		}
		fds := []unix.PollFd{{Fd: int32(o.sock), Events: unix.POLLIN}}
		_, e := pollLoop(t, -1, func(ms int) (int, error) { return unix.Poll(fds, ms) })
		interrupted := e == abi.EINTR
		if interrupted {
			e = t.interruptOpener(o)
		}
		if e != 0 {
			o.stop()
			return -1, e, true
		}
		n, oobn, _, _, err := unix.Recvmsg(o.sock, msg[:], oob, unix.MSG_CMSG_CLOEXEC)
		if err != nil || n != len(msg) {
			o.stop()
			if interrupted {
				return -1, errRestart, true
			}
			return -1, abi.EIO, true
		}
		oob = oob[:oobn]
		if binary.NativeEndian.Uint32(msg[:]) != uint32(abi.EINTR) {
			break
		}
		if interrupted {
			// No partner came: the host undid the open, as Linux
			// undoes an interrupted one.
			if attr == nil {
				t.p.putOpener(o)
			} else {
				o.stop()
			}
			return -1, errRestart, true
		}
		// An interruption meant for an earlier open: ask again.
		oob = oob[:cap(oob)]
	}
	if binary.NativeEndian.Uint32(msg[:]) == 0 {
		t.takeClosed(o)
	}
	if attr == nil {
		t.p.putOpener(o)
	} else {
		o.stop()
	}
	if e := int(binary.NativeEndian.Uint32(msg[:])); e != 0 {
		return -1, e, true
	}
	if fd = recvFD(oob); fd < 0 {
		return -1, abi.EIO, true
	}
	if hflags&unix.O_CLOEXEC == 0 {
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, 0); err != nil {
			unix.Close(fd)
			return -1, errnoOf(err), true
		}
	}
	return fd, 0, true
}
