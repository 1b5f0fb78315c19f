//go:build linux

package main

import (
	"bytes"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/internal/hostsig"
	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Job control in two processes (the comment above runFront). Under
// Linux, and under qemu-user, where each guest process is a host
// process, a stop signal sent to the first process's pid stops it, its
// caller's wait with WUNTRACED reports it stopped (the signal that
// stopped it), SIGCONT continues it (WCONTINUED), and a first process
// that stops itself (raise(SIGSTOP)), or that another process stops or
// continues, is seen so by its caller. Here the front, whose pid that is,
// and the first guest process, which the back runs, stop and continue
// together:
//   - SIGTSTP, SIGTTIN and SIGTTOU sent to the front it catches and
//     passes on, as any other signal: the first guest process stops if
//     its action is the default (a handler runs otherwise, as less's or
//     vim's for the terminal's SUSP), and the front then stops with it;
//     the terminal's SIGTSTP (its SUSP character) goes to the guest's
//     foreground group, as a terminal's SIGINT does. SIGTTIN and SIGTTOU
//     from the terminal itself (the back read or wrote it from a
//     background group) stop the front, as they stop the back, both by
//     the default action, as before; where internal/hostsig cannot tell
//     them from a kill (hosts other than linux/amd64), the front leaves
//     them to the default action altogether.
//   - SIGSTOP, which no process can catch, stops the front alone: the
//     back sees it on the front's /proc/PID/stat (state T, on two
//     polls frontPoll apart, so that the moment between a SIGCONT of
//     the whole group waking the back and the front is not taken for
//     one) and stops the first guest process with SIGSTOP.
//   - When the first guest process stops (Process.FirstStops: a stop
//     signal of its own or of another guest process, the front's), the
//     back tells the front, which says so and stops itself with the
//     same signal (stopSelf), its caller's wait seeing that signal, as
//     under Linux and qemu-user. A front that stops for a stop the first
//     process no longer has (another guest process continued it first)
//     the back continues, and a front stopped by a SIGSTOP after the
//     SIGCONT that ended its stop is not taken for one it caused
//     (jobState).
//   - SIGCONT to the front it passes on (it did before): the first
//     guest process continues. When another guest process continues the
//     first one, the back sends the front SIGCONT, and drops that
//     SIGCONT when the front passes it back (the first process got its
//     own already).
//
// Why a poll for SIGSTOP: a stop is reported to the stopped process's
// parent (wait) and tracer alone, and the front's parent is its caller.
// A pidfd reports exits only. The back could trace the front
// (PR_SET_PTRACER, PTRACE_SEIZE, which reports group stops as
// PTRACE_EVENT_STOP), but then every signal to the front stops it
// for the back to pass on, strace and gdb could no longer attach to the
// front, and Yama's ptrace_scope 3 or a container's seccomp profile
// forbid it. Reading /proc/PID/stat frontPoll apart costs a few
// microseconds ten times a second and nothing else; a SIGSTOP then takes
// up to two polls to reach the guest, which runs on meanwhile.

// frontPoll is how often the back looks whether the front has stopped.
const frontPoll = 100 * time.Millisecond

// stopMsg is the back's message to the front that the first guest
// process stopped: stopMsg, the signal, 0. The front answers each one,
// just before it stops, with stoppingMsg in a signalMsg (the signal, no
// sender), so that the back knows which of the front's stops are its own
// (jobState).
const (
	stopMsg     = 'z'
	stoppingMsg = 'Z'
)

// frontSignals are the signals the front catches and passes on to the
// first guest process: run's, and the stop signals the terminal's
// SIGTTIN and SIGTTOU among them only where hostsig can tell the
// terminal's (which stop the front itself) from a process's.
func frontSignals() []os.Signal {
	sigs := append(slices.Clone(notifiedSignals), syscall.SIGTSTP)
	if hostsig.Supported {
		sigs = append(sigs, syscall.SIGTTIN, syscall.SIGTTOU)
	}
	return sigs
}

// backSignals are the signals the back catches and gives to the group's
// other guest processes: run's and SIGTSTP (a kill of the group: a
// shell's stop of a job). SIGTTIN and SIGTTOU it leaves to the default
// action: the terminal sends them to the back's group when the back reads
// or writes the terminal from a background group, and a caught one would
// be sent again at each restart of that read or write.
var backSignals = append(slices.Clone(notifiedSignals), syscall.SIGTSTP)

// gdbDeliver is what run -gdb, in one process (-count, -cpuprofile,
// -perfmap, a privilege-elevated start; else runBackGDB), does with a
// signal it caught among frontSignals: as the front, the terminal's SIGTTIN and
// SIGTTOU stop the runner (its own read or write of the terminal from a
// background group; the stub stops with it), the others go to the guest
// as without -gdb (deliverSignal), where GDB is told of them as of any
// signal the program takes. So a kill of the runner's pid is reported to
// GDB as a kill of gdbserver's inferior is, stop signals included (the
// guest's group-stop: linux.Debugger), and the terminal's INTR and SUSP
// characters (^C, ^Z where the runner runs) too, as gdbserver makes its
// inferior the terminal's foreground group. SIGSTOP, which no process
// can catch, stops the runner and its stub until a SIGCONT, which GDB is
// then told of: in one process GDB is not told of the SIGSTOP (in two it
// is: runBackGDB).
func gdbDeliver(p *linux.Process, kind byte, sig int, from linux.Sender) {
	if !terminalStop(kind, sig) {
		deliverSignal(p, kind, sig, from)
	}
}

// terminalStop stops the runner with sig if it is the terminal's SIGTTIN
// or SIGTTOU (kind sigTerminal) and says whether it was.
func terminalStop(kind byte, sig int) bool {
	if kind == sigTerminal && (sig == abi.SIGTTIN || sig == abi.SIGTTOU) {
		stopSelf(sig)
		return true
	}
	return false
}

// frontDeliver is what the front does with a signal it caught (kind as
// forwardSignals says): the terminal's SIGTTIN and SIGTTOU stop it (the
// back stopped too), the others it passes to the back on conn.
func frontDeliver(conn *os.File, kind byte, sig int, from linux.Sender) {
	if terminalStop(kind, sig) {
		return
	}
	if kind == sigGroup {
		kind = sigUser
	}
	_, _ = conn.Write(signalMsg(kind, sig, from))
}

// stopSelf stops the front with sig, a stop signal, as the default
// action would, and returns when it continues. The kernel discards
// SIGTSTP, SIGTTIN and SIGTTOU for a process group that is orphaned, so
// unless the front's parent is in another group of its session (a shell
// that started it, the usual case), and for a host that refuses the
// default action, it stops with SIGSTOP.
func stopSelf(sig int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var old [8]uint64
	if sig != abi.SIGSTOP && !(parentOutside() && rawSigaction(sig, &[8]uint64{}, &old)) {
		sig = abi.SIGSTOP
	}
	set := uint64(1) << (sig - 1)
	_, _, _ = unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_UNBLOCK, uintptr(unsafe.Pointer(&set)), 0, 8, 0, 0)
	// The stop comes as the call returns; it returns when the process
	// continues.
	_ = unix.Tgkill(unix.Getpid(), unix.Gettid(), syscall.Signal(sig))
	if sig != abi.SIGSTOP {
		rawSigaction(sig, &old, nil)
	}
}

// followStops makes the runner, when it runs as one process (-count,
// -cpuprofile, -perfmap, record, a privilege-elevated start), stop when the first
// guest process stops (Process.FirstStops: its own raise(SIGSTOP) or
// SIGTSTP, another guest process's kill), with the same signal
// (stopSelf), until the returned function is called: its caller's wait
// with WUNTRACED sees it stopped by that signal, as under Linux and
// qemu-user, and the caller's SIGCONT continues the runner, which passes
// it on to the first process (notifiedSignals). The runner stops as a
// whole, so it does so only while no other guest process can run
// (Process.FirstAlone: each ended or is stopped): another could be the
// one to continue it (sigsuspend.c's child stops and continues its
// parent); one that stopped while another ran stops the runner when the
// last other ends or stops, still stopped (no guest process is left to
// continue it then). Left: while another runs, the caller does not see
// the stop. In two processes the back runs the others on (runBack).
// Before, such a stop never reached the caller. What showing it would
// take: these modes run in two processes as well, with a front that
// waits for the whole run (the back sends no firstEnded: -count's line,
// the profile, the perf map and the recording are the whole run's, and a
// caller reading them after its wait must find them complete), the back
// writing them (its pid names the perf map: perf record follows the
// child, perf top -p of the front's pid would not), and frontSync
// stopped at the first process's end as now; a privilege-elevated start
// stays one process (backEnv cannot be trusted there).
func followStops(p *linux.Process) (unfollow func()) {
	changes, state := p.FirstStops()
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var followed uint64 // the stop the runner last stopped for
		for {
			select {
			case <-quit:
				return
			case <-changes:
			}
			// Once per stop: continued by its caller, the runner
			// passes the SIGCONT on after a change that came while it
			// was stopped may have woken this loop, which would find
			// the first still stopped and stop the runner again.
			if stopped, sig, n := state(); stopped && n != followed && p.FirstAlone() {
				followed = n
				stopSelf(sig)
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

// rawSigaction sets sig's action to act (the kernel's struct sigaction;
// all zero: SIG_DFL), the old one in old if not nil, behind Go's runtime.
func rawSigaction(sig int, act, old *[8]uint64) bool {
	var o uintptr
	if old != nil {
		o = uintptr(unsafe.Pointer(old))
	}
	_, _, e := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(act)), o, 8, 0, 0)
	return e == 0
}

// parentOutside reports whether this process's parent is in another
// process group of its session: then its group is not orphaned.
func parentOutside() bool {
	ppid := unix.Getppid()
	ppg, err1 := unix.Getpgid(ppid)
	psid, err2 := unix.Getsid(ppid)
	sid, err3 := unix.Getsid(0)
	return err1 == nil && err2 == nil && err3 == nil && ppg != unix.Getpgrp() && psid == sid
}

// hostStopped reports whether host process pid is stopped (state T in
// /proc/PID/stat; t, a tracer's stop, is not).
func hostStopped(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] == 'T'
}

// frontSync is the back's side of the job control above: it keeps the
// front's state and the first guest process's the same until the first
// process ends. What it does on each event jobState decides; frontSync
// reads the states and acts.
type frontSync struct {
	p     *linux.Process
	front int      // the front's pid
	conn  *os.File // to the front

	mu         sync.Mutex
	jobs       jobState
	quit, done chan struct{}
}

// jobState is what frontSync knows of the front and the first guest
// process, and decides what it does when a state changes (step), the
// front passes on a SIGCONT (frontCont) or says it stops for a stopMsg
// (frontStopping). It only decides, so that every order of the events can be
// checked alone (run_stop_test.go).
//
// The back cannot tell a front stopped for its stopMsg from one a
// SIGSTOP stopped by looking at it (both are state T), so the front says
// on the connection when it stops for a stopMsg (stoppingMsg, just
// before it does), and the back counts: the stopMsgs it sent (told), the
// stoppingMsgs it read (acked), and which of its stopMsgs the first
// process has continued since (staleUpTo): the front stopping for one of
// those is continued once it is seen stopped (owed). A SIGCONT the front
// passes on after its stoppingMsg ended that stop (stopping cleared): the
// front found stopped after it was stopped anew, by a SIGSTOP that the
// first process follows.
type jobState struct {
	// gdb: the back serves GDB (runBackGDB), whose debugger reports the
	// first process's stop signals to GDB and does not stop it for job
	// control: a front stopped by a SIGSTOP of its own is continued as
	// the first process is given it, as gdbserver's caller never sees
	// its inferior stop.
	gdb bool
	// echoes are the SIGCONTs the back sent the front for a continue of
	// the first process, which the front passes back: dropped.
	echoes int
	// followed: the front was seen stopped by a signal of its own (or
	// stopped when the first process stopped) and the first process made
	// to follow; a SIGCONT it passes on, or one the back sends it, clears
	// it.
	followed bool
	// firstStopped is the first process's state as last seen.
	firstStopped bool
	// before: the poll before found the front stopped.
	before bool
	// told and acked count the stopMsgs sent and the front's
	// stoppingMsgs read; staleUpTo is told as it was when the first
	// process last continued: the stopMsgs up to it are stale.
	told, acked, staleUpTo uint64
	// stopping: the front said it stops for a stopMsg (acked), and no
	// SIGCONT it passed on since has ended that stop.
	stopping bool
	// owed: that stop is stale: the front is continued once seen
	// stopped.
	owed bool
}

// jobAction is what the back does after a jobState.step.
type jobAction int

const (
	jobNone          jobAction = iota
	jobTellStop                // the front stops itself (stopMsg)
	jobContFront               // SIGCONT to the front (then jobState.echoed)
	jobStopFirst               // SIGSTOP to the first process
	jobStopFirstCont           // SIGCONT to the front (then jobState.echoed), SIGSTOP to the first process (gdb)
)

// step takes the states frontSync saw after an event (polled: the poll,
// else a change of the first process's state; front: the front is
// stopped; stopped: the first process is) and says what the back does.
func (s *jobState) step(polled, front, stopped bool) jobAction {
	act := jobNone
	switch {
	case stopped && !s.firstStopped:
		// The first process stopped: the front follows, unless it is
		// stopped already, or was seen stopped and followed after the
		// first process last continued and runs now by a SIGCONT that it
		// passes on (frontCont), continuing the first process. Told to
		// stop, the front would stop once that SIGCONT has gone by, and
		// two polls later stop the first process again: both stopped,
		// the caller's SIGCONT lost.
		s.firstStopped = true
		switch {
		case front:
			// Stopped already (a SIGSTOP fewer than two polls ago, or
			// a stale stopMsg's stop, which now fits).
			s.followed, s.owed = true, false
		case !s.followed:
			s.told++
			act = jobTellStop
		}
	case !stopped && s.firstStopped:
		// The first process continued (another guest process's SIGCONT,
		// or one the front passed on): the stopMsgs sent so far are
		// stale, and a front stopped for one, or followed, continues. A
		// front stopped otherwise was stopped after the SIGCONT that
		// continued the first process (the caller's SIGCONT then
		// SIGSTOP): the first process follows it on the polls. One that
		// stopped for a stopMsg whose stoppingMsg is not read yet is
		// continued when it is (owed).
		s.firstStopped = false
		s.staleUpTo = s.told
		s.owed = s.stopping
		if front && (s.followed || s.owed) {
			act = jobContFront
			s.owed = false
		}
		s.followed = false
	case s.owed && front:
		// The front stopped for a stale stopMsg.
		act = jobContFront
		s.owed = false
	case polled && front && s.before && !s.followed && !s.stopping && s.acked == s.told:
		// The front stopped of its own (SIGSTOP): the first process
		// follows. (While a stopMsg is unanswered the front may be
		// stopped for it: its stoppingMsg decides.)
		s.followed = true
		switch {
		case stopped:
		case s.gdb:
			act = jobStopFirstCont
		default:
			act = jobStopFirst
		}
	}
	if polled {
		s.before = front
	}
	return act
}

// echoed counts a SIGCONT the back sent the front (jobContFront).
func (s *jobState) echoed() { s.echoes++ }

// frontStopping takes the front's stoppingMsg: it stops (or has) for
// the next stopMsg it was sent, which is stale if the first process
// continued after it was sent.
func (s *jobState) frontStopping() {
	if s.acked == s.told {
		return // none sent: not the back's (a broken front)
	}
	s.acked++
	s.stopping = true
	s.owed = s.acked <= s.staleUpTo
}

// frontCont takes a SIGCONT the front passed on and says whether it is
// the echo of one the back sent (dropped) rather than one for the first
// process. Either ended the front's stop.
func (s *jobState) frontCont() (echo bool) {
	s.followed, s.stopping, s.owed = false, false, false
	if s.echoes > 0 {
		s.echoes--
		return true
	}
	return false
}

// fromFront takes a message the front sent: its stoppingMsg, or a
// signal it passes on (deliverSignal) unless it is a SIGCONT the back
// sent the front itself, or alone says the front has gone.
func (s *frontSync) fromFront(kind byte, sig int, from linux.Sender, alone bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if kind == stoppingMsg {
		s.jobs.frontStopping()
		return
	}
	if sig == abi.SIGCONT && s.jobs.frontCont() {
		return
	}
	if !alone {
		deliverSignal(s.p, kind, sig, from)
	}
}

// start starts following the front's and the first process's states;
// stop ends it.
func (s *frontSync) start() {
	s.quit, s.done = make(chan struct{}), make(chan struct{})
	go s.run()
}

func (s *frontSync) stop() {
	close(s.quit)
	<-s.done
}

func (s *frontSync) run() {
	defer close(s.done)
	changes, state := s.p.FirstStops()
	tick := time.NewTicker(frontPoll)
	defer tick.Stop()
	for {
		polled := false
		select {
		case <-s.quit:
			return
		case <-changes:
		case <-tick.C:
			polled = true
		}
		s.mu.Lock()
		front := hostStopped(s.front)
		// The first process's state takes the process lock: not on a
		// poll that finds the front running (a change comes as one).
		stopped, sig := s.jobs.firstStopped, 0
		if !polled || front {
			stopped, sig, _ = state()
		}
		switch s.jobs.step(polled, front, stopped) {
		case jobTellStop:
			_, _ = s.conn.Write([]byte{stopMsg, byte(sig), 0})
		case jobContFront:
			if unix.Kill(s.front, unix.SIGCONT) == nil {
				s.jobs.echoed()
			}
		case jobStopFirst:
			s.p.UserSignal(abi.SIGSTOP)
		case jobStopFirstCont:
			// The front first: the signal waits while GDB has the
			// program stopped.
			if unix.Kill(s.front, unix.SIGCONT) == nil {
				s.jobs.echoed()
			}
			s.p.UserSignal(abi.SIGSTOP)
		}
		s.mu.Unlock()
	}
}

// undebug ends jobState's gdb mode: GDB has gone (a detached program
// runs on, its stops its caller's to see).
func (s *frontSync) undebug() {
	s.mu.Lock()
	s.jobs.gdb = false
	s.mu.Unlock()
}

// wake continues the front if it is stopped when the first process has
// ended (a SIGKILL ends a stopped process), so that it can exit.
func (s *frontSync) wake() {
	if hostStopped(s.front) {
		_ = unix.Kill(s.front, unix.SIGCONT)
	}
}

// leaveSession makes the back, once the front has gone, the leader of a
// session of its own as soon as none of the guest processes it runs is
// in the caller's session any more (linux.Process.SessionLeft): a daemon
// that left it with setsid (sh -c 'setsid daemon &') then survives a
// SIGKILL or SIGSTOP of the caller's process group or a hangup of its
// terminal, as under Linux and qemu-user, where it is a host process in
// a session of its own. At once if it is so already (before the front is
// told the first process's end), else when the last one leaves.
//
// While guest processes of the caller's session run, the back stays in
// it (their terminal is its controlling terminal, its group theirs), and
// a daemon among them ends or stops with them: what a host process per
// guest session would cost is written in docs/design.md.
func leaveSession(p *linux.Process) {
	left := p.SessionLeft()
	select {
	case <-left:
		_, _ = unix.Setsid()
		return
	default:
	}
	go func() {
		select {
		case <-left:
			_, _ = unix.Setsid()
		case <-p.Done():
		}
	}()
}
