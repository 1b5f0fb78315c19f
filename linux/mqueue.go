//go:build linux

package linux

import (
	"encoding/binary"
	"os"
	"slices"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// POSIX message queues (mq_overview(7)). A guest's queue is a host one, as
// under qemu-user: its names live in the host's mqueue namespace (a
// chroot(2) root does not change them, nor does it under Linux: the
// mqueue file system belongs to the IPC namespace), and /dev/mqueue and
// /proc/sys/fs/mqueue are the host's. The host checks what it can in
// Linux's order (ipc/mqueue.c); the runner converts struct mq_attr,
// struct sigevent and the timeouts between the guest's byte order and
// the host's, and does itself what a host call cannot do for a guest:
//
//   - A send or receive that has to wait does not wait in the host, where
//     no guest signal would reach it: the runner tries the host call with
//     a timeout already past (so it never sleeps), and between tries polls
//     the host descriptor (POLLOUT, POLLIN) without the process lock until
//     the guest's CLOCK_REALTIME deadline. A signal ends the wait with
//     -ERESTARTSYS (wq_sleep), so EINTR, or a restart under SA_RESTART;
//     the run's end ends it too. A guest waiting so is not a waiter the
//     host knows of, so the runner keeps the threads waiting by queue
//     (Process.mqWaiting). A guest's send to a queue a guest receiver
//     waits on hands the message over as Linux's pipelined_send does: the
//     sender takes it out of the host queue for the first waiter at once
//     (mqHandOff), so the queue is empty again, and a second send made
//     before the receiver runs notifies as on Linux (the queue's message
//     count goes from 0 to 1). The host's notification of the handed
//     message is not passed on, and the registration is made again
//     (Linux notifies no one: __do_notify is not called). Likewise a
//     guest's receive from a full queue a guest sender waits on sends
//     that sender's message at once (pipelined_receive), with no
//     notification (a queue of one message goes from 0 to 1 then).
//     Waiters are served as Linux's wq_add lists them: by the waiting
//     thread's priority (its nice value, or its real-time priority:
//     schedAttrs.prio), first come first among equals; a transfer by a
//     host process outside the run is seen only when the waiter polls
//     the queue.
//   - mq_notify: the host cannot signal a guest process, and sees one
//     owner, the runner, for every guest process. So every registration
//     is the runner's on the host: SIGEV_THREAD with a netlink socket of
//     the runner's and a cookie naming the guest's registration. When a
//     guest's send makes the host notify, the runner (which made that
//     send) reads the cookie and does what Linux's __do_notify does:
//     SIGEV_SIGNAL posts the guest's signal (si_code SI_MESGQ, si_pid and
//     si_uid the sender's, si_value the guest's) to the registering
//     process; SIGEV_THREAD has the host write the guest's cookie to the
//     guest's netlink socket (mqPostCookie); SIGEV_NONE does nothing. A
//     notification a host process outside the run causes is handled by a
//     goroutine (mqWatch), with si_pid and si_uid 0. The runner keeps
//     Linux's owner: another guest process's mq_notify(NULL) leaves the
//     registration, and when another's close of a descriptor of the queue
//     makes the host remove it, the runner registers it again (mqPost).
//     The owner's own close of any descriptor of the queue removes it, as
//     Linux's mqueue_flush_file does (Process.mqClosed after close,
//     close_range, dup2's and dup3's target, execve's close-on-exec
//     descriptors, its exit), and a SIGEV_THREAD registration's socket
//     is then sent the cookie with NOTIFY_REMOVED, as by the owner's
//     mq_notify(NULL) (remove_notification); one that survives the
//     owner's execve (its FD_CLOEXEC cleared) keeps the registration,
//     whose signal is then dropped
//     (Linux's self_exec_id check; threadGroup.execs).
//
// Linux's mq_open descriptors are close-on-exec, and so are the host's.

// Facts of ipc/mqueue.c and uapi linux/mqueue.h.
const (
	mqPrioMax        = 32768            // MQ_PRIO_MAX: a priority must be below it
	mqHardMsgsizeMax = 16 * 1024 * 1024 // HARD_MSGSIZEMAX: no queue's messages are larger
	mqCookieLen      = 32               // NOTIFY_COOKIE_LEN: a SIGEV_THREAD cookie
	mqNotifyWokenUp  = 1                // NOTIFY_WOKENUP, in a cookie's last byte
)

func sysMqOpen(t *Thread, a *sysArgs) (uint64, int) {
	// The attributes are read first (whether or not O_CREAT uses them).
	attrp, e := t.mqAttrIn(a.Ptr(3))
	if e != 0 {
		return 0, e
	}
	name, e := t.mqName(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	flags := openFlags(uint64(a.Uint(1)))
	open := func(flags int) (int, unix.Errno) {
		r, _, errno := unix.Syscall6(unix.SYS_MQ_OPEN, uintptr(unsafe.Pointer(name)), uintptr(flags), uintptr(a.Uint(2)), uintptr(attrp), 0, 0)
		return int(r), errno
	}
	if flags&unix.O_CREAT == 0 {
		h, errno := open(flags)
		if errno != 0 {
			return 0, int(errno)
		}
		return t.newFD(h, nil)
	}
	// Whether this call makes the queue (and is charged for it) is
	// learnt by making it with O_EXCL; a queue that exists already is
	// then opened without O_CREAT, unless it was unlinked meanwhile.
	for try := 0; ; try++ {
		h, errno := open(flags | unix.O_EXCL)
		if errno == 0 {
			if e := t.mqCharge(h, name); e != 0 {
				_, _, _ = unix.Syscall(unix.SYS_MQ_UNLINK, uintptr(unsafe.Pointer(name)), 0, 0)
				_ = unix.Close(h)
				return 0, e
			}
			return t.newFD(h, nil)
		}
		if errno != unix.EEXIST || flags&unix.O_EXCL != 0 {
			return 0, int(errno)
		}
		h, errno = open(flags &^ unix.O_CREAT)
		if errno == unix.ENOENT && try < 8 {
			continue
		}
		if errno != 0 {
			return 0, int(errno)
		}
		return t.newFD(h, nil)
	}
}

func sysMqUnlink(t *Thread, a *sysArgs) (uint64, int) {
	name, e := t.mqName(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	_, _, errno := unix.Syscall(unix.SYS_MQ_UNLINK, uintptr(unsafe.Pointer(name)), 0, 0)
	if errno == 0 {
		t.p.mqUnlinked(name)
	}
	return 0, int(errno)
}

// RLIMIT_MSGQUEUE (ipc/mqueue.c, mqueue_get_inode): a queue's creation
// charges its creator's real user id with the bytes it may pin, and fails
// with EMFILE (the queue not made) when the user's queues would then take
// more than the creator's soft limit; the charge ends when the queue is
// freed, unlinked with no descriptor of it left open (mqueue_evict_inode).
// The runner keeps the sums of the queues its guest processes create, by
// guest user id, for all of them (Process.mqBytes: guest processes are
// goroutines of the runner); queues made by host processes outside the
// run are not counted (the host charges them, and the runner's, to the
// host's user with the runner's own limit). A queue a host process
// outside the run unlinks, or holds open after the guest's last close, is
// uncharged when the guest would see it freed.

// Sizes of Linux 6.1's structures a queue's charge counts per message
// (struct msg_msg) and per priority in use (struct posix_msg_tree_node),
// as a 64-bit powerpc kernel lays them out.
const (
	mqMsgMsgSize   = 48 // list_head, m_type, m_ts, next, security
	mqTreeNodeSize = 48 // rb_node, list_head, priority (padded)
)

// mqAccount is the charges of the queues the run's guest processes
// created: the bytes by guest real user id, and the charged queues.
type mqAccount struct {
	byUser map[uint32]uint64
	queues map[fileID]*mqCharged
}

// mqCharged is one charged queue: its creator's real user id, its charge,
// its name and whether a guest's mq_unlink removed that name.
type mqCharged struct {
	uid      uint32
	bytes    uint64
	name     string
	unlinked bool
}

// mqQueueBytes is the charge of a queue of maxmsg messages of msgsize
// bytes (mqueue_get_inode's mq_treesize plus the messages); ok is false if
// it overflows (the host has refused such a queue first: EOVERFLOW).
func mqQueueBytes(maxmsg, msgsize uint64) (n uint64, ok bool) {
	if maxmsg != 0 && msgsize > ^uint64(0)/maxmsg {
		return 0, false
	}
	msgs := maxmsg * msgsize
	tree := maxmsg*mqMsgMsgSize + min(maxmsg, mqPrioMax)*mqTreeNodeSize
	if msgs+tree < msgs {
		return 0, false
	}
	return msgs + tree, true
}

// mqCharge charges t's real user for the queue of host descriptor h it
// has just made (named name): EMFILE if its queues would then take more
// than t's process's soft RLIMIT_MSGQUEUE (the caller removes the queue).
func (t *Thread) mqCharge(h int, name *byte) int {
	var attr [64]byte
	if _, _, errno := unix.Syscall(unix.SYS_MQ_GETSETATTR, uintptr(h), 0, uintptr(unsafe.Pointer(&attr[0]))); errno != 0 {
		return int(errno)
	}
	var cur abi.MqAttr
	abi.MqAttrLayout.Decode(binary.NativeEndian, attr[:], &cur)
	n, ok := mqQueueBytes(uint64(cur.Maxmsg), uint64(cur.Msgsize))
	acct := &t.p.mqBytes
	uid := t.cred.uid.r
	sum := acct.byUser[uid]
	if !ok || sum+n < sum || sum+n > t.group.rl.rest[abi.RLIMIT_MSGQUEUE].Cur {
		return abi.EMFILE
	}
	if acct.byUser == nil {
		acct.byUser, acct.queues = map[uint32]uint64{}, map[fileID]*mqCharged{}
	}
	acct.byUser[uid] = sum + n
	acct.queues[hostFileID(h)] = &mqCharged{uid: uid, bytes: n, name: unix.BytePtrToString(name)}
	return 0
}

// mqUnlinked follows a guest's mq_unlink of name: the charged queue of
// that name is freed once no guest descriptor of it is left (mqFree).
func (p *Process) mqUnlinked(name *byte) {
	s := unix.BytePtrToString(name)
	for _, q := range p.mqBytes.queues {
		if q.name == s && !q.unlinked {
			q.unlinked = true
			break
		}
	}
	p.mqFree()
}

// mqFree uncharges the unlinked queues no guest process holds a
// descriptor of any longer: called after an unlink and after a guest
// process's close of descriptors (mqClosed).
func (p *Process) mqFree() {
	var gone []fileID
	for id, q := range p.mqBytes.queues {
		if q.unlinked && !p.anyHolds(id) {
			gone = append(gone, id)
		}
	}
	for _, id := range gone {
		q := p.mqBytes.queues[id]
		p.mqBytes.byUser[q.uid] -= q.bytes
		delete(p.mqBytes.queues, id)
	}
}

// anyHolds reports whether a live guest process has a descriptor of file
// f open.
func (p *Process) anyHolds(f fileID) bool {
	for _, g := range p.groups {
		for _, u := range g.threads {
			for _, h := range u.files.host {
				if h >= 0 && hostFileID(h) == f {
					return true
				}
			}
		}
	}
	return false
}

// mqName reads a queue's name (the guest's C library has taken off its
// leading slash) as the host takes it: EFAULT, ENAMETOOLONG as getname.
func (t *Thread) mqName(addr uint64) (*byte, int) {
	s, e := t.str(addr)
	if e != 0 {
		return nil, e
	}
	b := append([]byte(s), 0)
	return &b[0], 0
}

// mqAttrIn reads the guest's struct mq_attr at addr into a host one: nil
// for a null pointer.
func (t *Thread) mqAttrIn(addr uint64) (unsafe.Pointer, int) {
	if addr == 0 {
		return nil, 0
	}
	v, e := getStruct(t, addr, abi.MqAttrLayout)
	if e != 0 {
		return nil, e
	}
	b := make([]byte, abi.MqAttrLayout.Size())
	abi.MqAttrLayout.Encode(binary.NativeEndian, b, &v)
	return unsafe.Pointer(&b[0]), 0
}

// mqDeadline reads the absolute CLOCK_REALTIME timeout at addr as
// prepare_timeout does (EFAULT, then EINVAL for a negative time or
// nanoseconds beyond a second); ok is false for a null pointer (no
// timeout).
func (t *Thread) mqDeadline(addr uint64) (deadline time.Time, ok bool, e int) {
	if addr == 0 {
		return time.Time{}, false, 0
	}
	ts, e := getStruct(t, addr, abi.TimespecLayout)
	if e != 0 {
		return time.Time{}, false, e
	}
	if ts.Sec < 0 || uint64(ts.Nsec) >= 1e9 {
		return time.Time{}, false, abi.EINVAL
	}
	return time.Unix(ts.Sec, ts.Nsec), true, 0
}

// mqWait runs try, a host send or receive that does not sleep, until it
// is done: while it finds the queue full (empty) — ETIMEDOUT from a
// timeout already past — the thread waits for host descriptor h to poll
// with ev, interruptibly, until the guest's deadline if it has one.
//
// A thread that has to wait is listed in Process.mqWaiting while it
// waits, with try, which a receiver (sender) then runs for it
// (mqHandOff): a transfer made so ends the wait, even one a signal or
// the timeout also ended (Linux's wq_sleep finds STATE_READY first).
func (t *Thread) mqWait(h int, ev int16, deadline time.Time, timed bool, try func() (uintptr, unix.Errno)) (uint64, int) {
	fds := []unix.PollFd{{Fd: int32(h), Events: ev}}
	var w *mqWaiter
	for {
		if w != nil && w.handed {
			return uint64(w.r), 0
		}
		r, errno := try()
		if errno != unix.ETIMEDOUT {
			if errno != 0 {
				return 0, int(errno)
			}
			return uint64(r), 0
		}
		if w == nil {
			if w = t.p.mqAwait(t, h, ev == unix.POLLOUT, try); w != nil {
				defer t.p.mqUnwait(w)
				fds = append(fds, unix.PollFd{Fd: int32(w.wake), Events: unix.POLLIN})
			}
		}
		ms := -1
		if timed {
			left := time.Until(deadline)
			if left <= 0 {
				if w != nil && w.handed {
					continue
				}
				return 0, abi.ETIMEDOUT
			}
			ms = int((left + time.Millisecond - 1) / time.Millisecond)
		}
		_, e := pollLoop(t, ms, func(ms int) (int, error) { return unix.Poll(fds, ms) })
		switch {
		case w != nil && w.handed:
		case e == 0:
		case e == abi.EINTR:
			return 0, errRestart // wq_sleep's -ERESTARTSYS
		default:
			return 0, e
		}
	}
}

// mqWaitKey names a list of waiting threads: the queue, and whether they
// send (or receive).
type mqWaitKey struct {
	id   fileID
	send bool
}

// mqWaiter is a guest thread waiting on a queue (Process.mqWaiting).
type mqWaiter struct {
	t      *Thread // the waiting thread, whose priority orders the list
	key    mqWaitKey
	try    func() (uintptr, unix.Errno) // the waiter's host send or receive (into its buffer)
	wake   int                          // an eventfd in the waiter's poll, written when its transfer is made
	handed bool                         // another thread ran try for it (r its result)
	r      uintptr
}

// mqAwait lists thread t, which waits to send (send) or receive on the
// queue of host descriptor h with its host call try (nil if the host
// gives no eventfd: the thread then makes its transfer itself). The list
// is in the order the waiters are served (mqHandOff takes the first), as
// Linux's wq_add places a waiter (its list is this one reversed): after
// the last waiter whose priority is as high as t's or higher (the lower
// schedAttrs.prio, the higher), each compared as it is now; first if
// there is none.
func (p *Process) mqAwait(t *Thread, h int, send bool, try func() (uintptr, unix.Errno)) *mqWaiter {
	wake, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
	if err != nil {
		return nil
	}
	w := &mqWaiter{t: t, key: mqWaitKey{hostFileID(h), send}, try: try, wake: wake}
	if p.mqWaiting == nil {
		p.mqWaiting = map[mqWaitKey][]*mqWaiter{}
	}
	ws := p.mqWaiting[w.key]
	i := len(ws)
	for i > 0 && ws[i-1].t.sched.prio > t.sched.prio {
		i--
	}
	p.mqWaiting[w.key] = slices.Insert(ws, i, w)
	return w
}

// mqUnwait ends a thread's wait (mqAwait).
func (p *Process) mqUnwait(w *mqWaiter) {
	p.mqUnlist(w)
	_ = unix.Close(w.wake)
}

// mqUnlist takes w off its list of waiting threads.
func (p *Process) mqUnlist(w *mqWaiter) {
	ws := p.mqWaiting[w.key]
	for i, x := range ws {
		if x == w {
			ws = append(ws[:i:i], ws[i+1:]...)
			break
		}
	}
	if len(ws) == 0 {
		delete(p.mqWaiting, w.key)
	} else {
		p.mqWaiting[w.key] = ws
	}
}

// mqReceiving reports whether a guest thread waits to receive on queue
// id.
func (p *Process) mqReceiving(id fileID) bool { return len(p.mqWaiting[mqWaitKey{id, false}]) > 0 }

// mqHandOff follows a guest's send (a receive, senders true) on the
// queue of host descriptor h: if a guest thread waits to receive (send)
// on it, the first one's (mqAwait's order) transfer is made at once, its own host call run
// here, and it is woken, no longer waiting. So a message sent to a
// waiting receiver is out of the host queue again, as Linux's
// pipelined_send hands it over instead of queueing it; and a waiting
// sender's message is in the queue before anyone else can send or
// receive, as pipelined_receive puts it there. It reports whether a
// transfer was made. The caller holds the process lock.
func (p *Process) mqHandOff(h int, senders bool) bool {
	if len(p.mqWaiting) == 0 {
		return false
	}
	for _, w := range p.mqWaiting[mqWaitKey{hostFileID(h), senders}] {
		r, errno := w.try()
		if errno != 0 {
			return false // done already, or this waiter's cannot be made
		}
		w.handed, w.r = true, r
		p.mqUnlist(w)
		_, _ = unix.Write(w.wake, []byte{1, 0, 0, 0, 0, 0, 0, 0})
		return true
	}
	return false
}

// mqPast is the timeout of a host try: the epoch, long past.
var mqPast unix.Timespec

// mqTransfer begins mq_timedsend and mq_timedreceive alike: it posts the
// notifications pending, reads the timeout (argument 4) and gives the
// host descriptor of the queue (argument 0).
func (t *Thread) mqTransfer(a *sysArgs) (h int, deadline time.Time, timed bool, e int) {
	t.p.mqDrain(nil)
	deadline, timed, e = t.mqDeadline(a.Ptr(4))
	return t.fd(a.Int(0)), deadline, timed, e
}

func sysMqTimedsend(t *Thread, a *sysArgs) (uint64, int) {
	h, deadline, timed, e := t.mqTransfer(a)
	if e != 0 {
		return 0, e
	}
	n := a.Size(2)
	// The message is read here; if it cannot be (or is larger than any
	// queue takes), the host is given no buffer, so that it answers with
	// the first of EINVAL (priority), EBADF, EMSGSIZE and EFAULT.
	var msg []byte
	var p uintptr
	if n <= mqHardMsgsizeMax {
		if b, e := t.read(a.Ptr(1), int(n)); e == 0 {
			msg = append(b, 0) // not empty: a valid address even for n == 0
			p = uintptr(unsafe.Pointer(&msg[0]))
		}
	}
	prio := uintptr(a.Uint(3))
	r, e := t.mqWait(h, unix.POLLOUT, deadline, timed, func() (uintptr, unix.Errno) {
		_, _, errno := unix.Syscall6(unix.SYS_MQ_TIMEDSEND, uintptr(h), p, uintptr(n), prio, uintptr(unsafe.Pointer(&mqPast)), 0)
		return 0, errno
	})
	if e == 0 {
		// The notifications this send caused, while the receiver it
		// hands its message to is still listed as waiting.
		t.p.mqDrain(t)
		t.p.mqHandOff(h, false)
	}
	return r, e
}

func sysMqTimedreceive(t *Thread, a *sysArgs) (uint64, int) {
	h, deadline, timed, e := t.mqTransfer(a)
	if e != 0 {
		return 0, e
	}
	// A buffer as large as the queue's messages (EBADF if h is not a
	// queue); a smaller one (the guest's) makes the host's EMSGSIZE.
	var attr [64]byte
	if _, _, errno := unix.Syscall(unix.SYS_MQ_GETSETATTR, uintptr(h), 0, uintptr(unsafe.Pointer(&attr[0]))); errno != 0 {
		return 0, int(errno)
	}
	var cur abi.MqAttr
	abi.MqAttrLayout.Decode(binary.NativeEndian, attr[:], &cur)
	n := a.Size(2)
	if cur.Msgsize >= 0 && n > uint64(cur.Msgsize) {
		n = uint64(cur.Msgsize)
	}
	buf := make([]byte, n+1)
	var prio uint32
	r, e := t.mqWait(h, unix.POLLIN, deadline, timed, func() (uintptr, unix.Errno) {
		r, _, errno := unix.Syscall6(unix.SYS_MQ_TIMEDRECEIVE, uintptr(h), uintptr(unsafe.Pointer(&buf[0])), uintptr(n),
			uintptr(unsafe.Pointer(&prio)), uintptr(unsafe.Pointer(&mqPast)), 0)
		return r, errno
	})
	if e != 0 {
		return 0, e
	}
	if t.p.mqHandOff(h, true) {
		t.p.mqPost(nil, nil, hostFileID(h)) // the waiting sender's send notifies no one
	}
	// The message is taken: a fault now loses it, as in Linux (the
	// priority is stored first).
	if a.Ptr(3) != 0 {
		if e := t.put32(a.Ptr(3), prio); e != 0 {
			return 0, e
		}
	}
	if e := t.write(a.Ptr(1), buf[:min(r, n)]); e != 0 {
		return 0, e
	}
	return r, 0
}

func sysMqGetsetattr(t *Thread, a *sysArgs) (uint64, int) {
	t.p.mqDrain(nil)
	newp, e := t.mqAttrIn(a.Ptr(1))
	if e != 0 {
		return 0, e
	}
	var old [64]byte
	var oldp unsafe.Pointer
	if a.Ptr(2) != 0 {
		oldp = unsafe.Pointer(&old[0])
	}
	if _, _, errno := unix.Syscall(unix.SYS_MQ_GETSETATTR, uintptr(t.fd(a.Int(0))), uintptr(newp), uintptr(oldp)); errno != 0 {
		return 0, int(errno)
	}
	if oldp == nil {
		return 0, 0
	}
	var v abi.MqAttr
	abi.MqAttrLayout.Decode(binary.NativeEndian, old[:], &v)
	return 0, putStruct(t, a.Ptr(2), abi.MqAttrLayout, &v) // the new flags stay set, as in Linux
}

// mqNotifier is the runner's side of the guests' mq_notify registrations:
// a host netlink socket the host queues write their cookies to, and the
// live registrations by cookie.
type mqNotifier struct {
	sock int
	next uint64
	regs map[uint64]*mqReg
}

// mqReg is one live registration: the registering process, how it is
// notified (sigevNone, sigevSignal, sigevThread), the signal (0: none, as
// Linux accepts) and value of SIGEV_SIGNAL, the runner's duplicate of
// the guest's netlink socket and the guest's cookie of SIGEV_THREAD, and
// the queue. (The runner keeps no descriptor of a queue: its close would
// remove the queue's host registration, whoever made it.)
type mqReg struct {
	group  *threadGroup
	execs  uint64 // group.execs when it registered
	notify int
	signo  int
	value  uint64
	sock   int
	cookie []byte
	id     fileID
}

func sysMqNotify(t *Thread, a *sysArgs) (uint64, int) {
	p := t.p
	p.mqDrain(nil)
	h := t.fd(a.Int(0))
	if a.Ptr(1) == 0 {
		// Linux removes only the owner's registration; the host knows
		// one owner, the runner, so another guest process's call is
		// answered here.
		if e := mqCheck(h); e != 0 {
			return 0, e
		}
		if id, reg := p.mqRegOf(h); reg != nil {
			if reg.group != t.group {
				return 0, 0
			}
			p.mqForget(id, true)
		}
		_, _, errno := unix.Syscall(unix.SYS_MQ_NOTIFY, uintptr(h), 0, 0)
		return 0, int(errno)
	}
	ev, e := getStruct(t, a.Ptr(1), abi.SigeventLayout)
	if e != 0 {
		return 0, e
	}
	reg := &mqReg{group: t.group, execs: t.group.execs, notify: int(ev.Notify), sock: -1}
	switch ev.Notify {
	case sigevNone:
	case sigevSignal:
		if uint32(ev.Signo) > abi.NSIG { // valid_signal: 0 is accepted
			return 0, abi.EINVAL
		}
		reg.signo, reg.value = int(ev.Signo), ev.Value
	case sigevThread:
		b, e := t.read(ev.Value, mqCookieLen)
		if e != 0 {
			return 0, e
		}
		reg.cookie = b
		sock, e := netlinkSock(t.fd(int(ev.Signo)))
		if e != 0 {
			return 0, e
		}
		reg.sock = sock
	default:
		return 0, abi.EINVAL
	}
	e = p.mqRegister(h, reg)
	if e != 0 && reg.sock >= 0 {
		_ = unix.Close(reg.sock)
	}
	return 0, e
}

// netlinkSock checks host descriptor h as Linux's netlink_getsockbyfilp
// (EBADF, ENOTSOCK, EINVAL for a socket of another family) and returns a
// duplicate of it the runner keeps (Linux holds the socket).
func netlinkSock(h int) (int, int) {
	var st unix.Stat_t
	if h < 0 || unix.Fstat(h, &st) != nil {
		return -1, abi.EBADF
	}
	if st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		return -1, abi.ENOTSOCK
	}
	if d, err := unix.GetsockoptInt(h, unix.SOL_SOCKET, unix.SO_DOMAIN); err != nil || d != unix.AF_NETLINK {
		return -1, abi.EINVAL
	}
	d, err := unix.FcntlInt(uintptr(h), unix.F_DUPFD_CLOEXEC, hostFDCap())
	if err != nil {
		return -1, errnoOf(err)
	}
	return d, 0
}

// mqRegister registers the queue of host descriptor h for reg: EBADF for
// a descriptor that is no queue, EBUSY for a queue registered already.
func (p *Process) mqRegister(h int, reg *mqReg) int {
	if e := mqCheck(h); e != 0 {
		return e
	}
	n, e := p.mqNotifierOf()
	if e != 0 {
		return e
	}
	reg.id = hostFileID(h)
	id := n.next
	n.next++
	if e := n.register(id, h); e != 0 {
		return e
	}
	n.regs[id] = reg
	return 0
}

// mqCheck is EBADF unless host descriptor h is a message queue's.
func mqCheck(h int) int {
	var attr [64]byte
	_, _, errno := unix.Syscall(unix.SYS_MQ_GETSETATTR, uintptr(h), 0, uintptr(unsafe.Pointer(&attr[0])))
	return int(errno)
}

// register registers the queue of host descriptor h on the host for
// SIGEV_THREAD to the notifier's socket with cookie id (EBUSY if it has a
// registration).
func (n *mqNotifier) register(id uint64, h int) int {
	cookie := make([]byte, mqCookieLen)
	binary.NativeEndian.PutUint64(cookie, id)
	host := abi.Sigevent{Notify: sigevThread, Signo: int32(n.sock), Value: uint64(uintptr(unsafe.Pointer(&cookie[0])))}
	var out [64]byte
	abi.SigeventLayout.Encode(binary.NativeEndian, out[:], &host)
	_, _, errno := unix.Syscall(unix.SYS_MQ_NOTIFY, uintptr(h), uintptr(unsafe.Pointer(&out[0])), 0)
	return int(errno)
}

// hostFileID is the device and inode of host descriptor h.
func hostFileID(h int) fileID {
	var st unix.Stat_t
	if unix.Fstat(h, &st) != nil {
		return fileID{}
	}
	return fileID{dev: uint64(st.Dev), ino: st.Ino}
}

// mqRegOf is the live registration of host descriptor h's
// queue, if any, and its cookie.
func (p *Process) mqRegOf(h int) (uint64, *mqReg) {
	if p.mq == nil || len(p.mq.regs) == 0 {
		return 0, nil
	}
	f := hostFileID(h)
	for id, reg := range p.mq.regs {
		if reg.id == f {
			return id, reg
		}
	}
	return 0, nil
}

// mqForget drops registration id: it is used, or removed (removed: a
// SIGEV_THREAD registration's socket is told so, as Linux's
// remove_notification tells it).
func (p *Process) mqForget(id uint64, removed bool) {
	reg := p.mq.regs[id]
	if reg == nil {
		return
	}
	delete(p.mq.regs, id)
	if reg.sock >= 0 {
		if removed {
			mqPostCookie(reg, false)
		}
		_ = unix.Close(reg.sock)
	}
}

// mqSeq numbers the runner's own queues (mqPostCookie).
var mqSeq atomic.Uint64

// mqPostCookie makes the host write reg's SIGEV_THREAD cookie to reg's
// netlink socket, its last byte NOTIFY_WOKENUP (wokenUp) or
// NOTIFY_REMOVED, as Linux's __do_notify and remove_notification do: the
// runner cannot send to a netlink socket itself, so it registers a queue
// of its own (made and unlinked at once) for the cookie and sends it a
// message, or closes it.
func mqPostCookie(reg *mqReg, wokenUp bool) {
	name := []byte("ppc64emu-mq-" + itoa(os.Getpid()) + "-" + itoa(int(mqSeq.Add(1))) + "\x00")
	attr := abi.MqAttr{Maxmsg: 1, Msgsize: 1}
	var ab [64]byte
	abi.MqAttrLayout.Encode(binary.NativeEndian, ab[:], &attr)
	r, _, errno := unix.Syscall6(unix.SYS_MQ_OPEN, uintptr(unsafe.Pointer(&name[0])), unix.O_RDWR|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC,
		0o600, uintptr(unsafe.Pointer(&ab[0])), 0, 0)
	if errno != 0 {
		return
	}
	q := int(r)
	_, _, _ = unix.Syscall(unix.SYS_MQ_UNLINK, uintptr(unsafe.Pointer(&name[0])), 0, 0)
	host := abi.Sigevent{Notify: sigevThread, Signo: int32(reg.sock), Value: uint64(uintptr(unsafe.Pointer(&reg.cookie[0])))}
	var out [64]byte
	abi.SigeventLayout.Encode(binary.NativeEndian, out[:], &host)
	if _, _, errno := unix.Syscall(unix.SYS_MQ_NOTIFY, uintptr(q), uintptr(unsafe.Pointer(&out[0])), 0); errno == 0 && wokenUp {
		msg := [1]byte{}
		_, _, _ = unix.Syscall6(unix.SYS_MQ_TIMEDSEND, uintptr(q), uintptr(unsafe.Pointer(&msg[0])), 1, 0, uintptr(unsafe.Pointer(&mqPast)), 0)
	}
	_ = unix.Close(q)
}

// mqNotifierOf is the process's notifier, made (with its socket and the
// goroutine that posts the notifications of senders outside the run) on
// first use.
func (p *Process) mqNotifierOf() (*mqNotifier, int) {
	if p.mq == nil {
		s, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, unix.NETLINK_ROUTE)
		if err != nil {
			return nil, errnoOf(err)
		}
		p.mq = &mqNotifier{sock: s, regs: map[uint64]*mqReg{}}
		go p.mqWatch(s)
	}
	return p.mq, 0
}

// mqWatch waits for cookies on the notifier's socket s that no guest
// send has read (a host process outside the run sent to the queue) and
// posts their signals, under the process lock; at the run's end it closes
// s.
func (p *Process) mqWatch(s int) {
	fds := []unix.PollFd{{Fd: int32(s), Events: unix.POLLIN}}
	for {
		n, _ := unix.Poll(fds, 100)
		if n <= 0 && !p.exited() {
			continue
		}
		w := make(chan struct{}, 1)
		p.gil.lock(w)
		if p.exited() {
			_ = unix.Close(s)
			p.gil.unlock()
			return
		}
		p.mqDrain(nil)
		p.gil.unlock()
	}
}

// mqDrain posts the notifications the host has made (mqPost); sender is
// the guest thread whose send caused them, or nil.
func (p *Process) mqDrain(sender *Thread) { p.mqPost(sender, nil, fileID{}) }

// mqClosed follows guest process g's close of descriptors (close,
// close_range, the target of dup2 and dup3, execve's close-on-exec
// ones, and all of them at its exit when no other process shares its
// table): the registrations of g the host then removed are removed
// (mqPost), and the unlinked queues no guest holds are uncharged
// (mqFree).
func (p *Process) mqClosed(g *threadGroup) {
	if len(p.mqBytes.queues) != 0 {
		p.mqFree()
	}
	p.mqPost(nil, g, fileID{})
}

// mqPost reads the cookies the host queues wrote to the notifier's socket
// and posts the signals of the registrations they name (a cookie whose
// last byte is not NOTIFY_WOKENUP says the host removed the registration).
// sender is the guest thread whose send caused them, or nil. A
// notification made while a guest receiver waits on the queue is not
// posted: the registration is made again (Linux's waiting receiver takes
// the message and no one is notified). Every guest process is the host's
// owner: a close of a queue's descriptor by any of them removes the host
// registration. closer is the guest process whose close that was, or nil:
// the registration is removed if it is the owner's (Linux's
// mqueue_flush_file, whose remove_notification sends a SIGEV_THREAD
// registration's socket NOTIFY_REMOVED, at the owner's exit too), the
// owner is gone, or it has no descriptor of the queue left; otherwise
// the runner makes it again. A notification of queue quiet (a waiting
// sender's message the runner put in the queue for a receiver:
// mqHandOff) is not posted either (Linux's pipelined_receive does not
// notify).
func (p *Process) mqPost(sender *Thread, closer *threadGroup, quiet fileID) {
	n := p.mq
	if n == nil || p.exited() {
		return
	}
	var b [mqCookieLen]byte
	for {
		r, _, err := unix.Recvfrom(n.sock, b[:], unix.MSG_DONTWAIT)
		if err != nil {
			return
		}
		if r != mqCookieLen {
			continue // not a cookie
		}
		id := binary.NativeEndian.Uint64(b[:])
		reg := n.regs[id]
		if reg == nil {
			continue // removed on purpose
		}
		gone := reg.group.exiting || reg.group.zombie
		removed := b[mqCookieLen-1] != mqNotifyWokenUp
		if removed && reg.group == closer {
			p.mqForget(id, true) // the owner's close or exit: NOTIFY_REMOVED
			continue
		}
		if removed || p.mqReceiving(reg.id) || reg.id == quiet {
			if h := p.holds(reg.group, reg.id); gone || h < 0 || n.register(id, h) != 0 {
				p.mqForget(id, !gone)
			}
			continue
		}
		if reg.notify == sigevThread {
			mqPostCookie(reg, true)
		}
		p.mqForget(id, false)
		if reg.notify != sigevSignal || reg.signo == 0 || gone || reg.group.execs != reg.execs {
			continue
		}
		si := abi.Siginfo{Signo: int32(reg.signo), Code: abi.SI_MESGQ, Value: reg.value}
		if sender != nil {
			si.Pid, si.UID = int32(sender.group.tgid), sender.cred.uid.r
		}
		raw := abi.SiginfoLayout.Bytes(p.order, &si)
		p.postProcess(reg.group, sigInfo{signo: reg.signo, code: abi.SI_MESGQ, pid: int(si.Pid), uid: int(si.UID), raw: raw})
	}
}

// holds is a host descriptor of file f that guest process g has open, or
// -1.
func (p *Process) holds(g *threadGroup, f fileID) int {
	for _, u := range g.threads {
		for _, h := range u.files.host {
			if h >= 0 && hostFileID(h) == f {
				return h
			}
		}
		return -1 // the threads of a process share one table, or each has its own: the first is the process's
	}
	return -1
}
