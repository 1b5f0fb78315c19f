//go:build linux

package linux

import (
	"runtime"
	"slices"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Host threads with a guest's file-system credentials. Linux checks a file
// operation with the calling thread's file-system user and group ids, its
// supplementary groups and its effective capabilities, and those are per
// thread: a raw setfsuid, setfsgid, setgroups or capset changes only the
// host thread that calls it (Go's syscall.Setgroups and
// syscall.AllThreadsSyscall change every thread; these do not go through
// them). So when the runner may change them (it has CAP_SETUID and
// CAP_SETGID: it runs as root) and a guest thread's differ from the
// runner's, the guest thread's goroutine keeps one host thread for the
// rest of its life (runtime.LockOSThread, never matched while the
// credentials differ) and that host thread carries them: every host call
// the guest thread makes (open, creat, mkdir, unlink, rename, chown,
// chmod, utimes, mknod, bind of a socket path, exec of a host program's
// file, ...) is checked by the host kernel as Linux would check the
// guest's own, with no check of the runner's own that could race with the
// file system. The host thread's real, effective and saved ids and its
// permitted set stay the runner's, so it can always go back: the runner's
// own work on that thread (a core file, /proc listings, starting a host
// program) runs with the runner's credentials (asRunner), and the
// goroutine gives its host thread back with them when it ends. A thread Go
// creates later is made by Go's template thread, not by a locked one
// (runtime.newm), so it starts with the runner's. When the runner is not
// root nothing of this happens: its credentials are the most a guest gets.
//
// What stays the runner's: the ids Linux takes from the effective user id
// rather than the file-system one for host processes to see (SO_PEERCRED
// of a socket a host process accepts, SCM_CREDENTIALS), since changing
// the host thread's effective id would clear its capabilities and the
// process's dumpable flag on the way back and forth. Signals to host
// processes are checked by the runner first (mayKillHost), with the
// guest's real and effective ids, and SO_PEERCRED between guest
// processes is the runner's (peercred.go).

// fsCred is what a host thread carries for a guest thread: the
// file-system ids, the groups and the effective capabilities (within the
// runner's permitted set).
type fsCred struct {
	uid, gid uint32
	groups   []uint32
	capEff   uint64
}

func (c *cred) fsView(host *cred) fsCred {
	return fsCred{uid: c.uid.fs, gid: c.gid.fs, groups: c.groups, capEff: c.capEff & host.capPrm}
}

func (a fsCred) equal(b fsCred) bool {
	return a.uid == b.uid && a.gid == b.gid && a.capEff == b.capEff && slices.Equal(a.groups, b.groups)
}

// switchable reports whether the runner may give its host threads other
// credentials: it has CAP_SETUID and CAP_SETGID.
func (h *cred) switchable() bool {
	return h.capable(unix.CAP_SETUID) && h.capable(unix.CAP_SETGID)
}

// syncHostCred gives the host thread running t the file-system
// credentials of t's (called on t's goroutine when it starts and after
// every change of t.cred), and its no_new_privs. The credentials change
// only when the runner may change them and t's are not what its host
// thread carries (the runner's, at first). no_new_privs, which any user
// may set and nobody clear, is set on the host thread for a thread that
// has it, whoever runs the runner, so that a set-user-ID host program
// the thread starts (hostexec.go) gets no privileges, as Linux's
// no_new_privs promises; that thread stays t's and ends with it.
func (t *Thread) syncHostCred() {
	h := t.p.hostCred
	if h == nil {
		return
	}
	if t.cred.noNewPrivs && !t.hostNNP {
		t.lockHost()
		if _, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0, 0); e == 0 {
			t.hostNNP = true
		}
	}
	if !h.switchable() {
		return
	}
	want, cur := t.cred.fsView(h), h.fsView(h)
	if t.hostFSSet {
		cur = t.hostFS
	}
	if want.equal(cur) {
		return
	}
	t.lockHost()
	t.hostFSSet = true
	if applyFS(h, want) {
		t.hostFS = want
		return
	}
	// Not expected with CAP_SETUID and CAP_SETGID; the host thread stays
	// locked to t (so no other goroutine runs on it), with whatever it
	// has now, until t ends and takes it with it (releaseHostCred).
	t.hostFS = fsCred{uid: noID}
}

// startDumpable is the runner's dumpable flag as its exec left it (read
// when the package is initialised, before any guest runs; -1 if it
// cannot be read).
var startDumpable = func() int {
	d, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	if err != nil {
		return -1
	}
	return d
}()

// runnerDumpable is the dumpable flag a run's first process starts with:
// the runner's own, as its exec (or the program embedding the runner)
// left it (startDumpable), not the process's flag now. Linux's
// commit_creds sets that to fs.suid_dumpable when a host thread's
// file-system ids or capabilities change: the runner's own credential
// switches for an earlier run do it, and so does a host child started
// with other credentials, which Go's ForkExec runs in the parent's
// address space until its execve (TestSetuidRunnerSecure's runs did it
// to the next run in the same test process). -1 if unknown.
func runnerDumpable() int {
	return startDumpable
}

// lockHost keeps t's goroutine on its host thread.
func (t *Thread) lockHost() {
	if !t.hostLocked {
		runtime.LockOSThread()
		t.hostLocked = true
	}
}

// releaseHostCred gives the host thread back to Go with the runner's
// credentials when t's goroutine ends; if they cannot be restored, or the
// thread has no_new_privs, it stays locked, and Go ends it with the
// goroutine.
func (t *Thread) releaseHostCred() {
	if !t.hostLocked || t.hostNNP {
		return
	}
	h := t.p.hostCred
	if t.hostFSSet && !applyFS(h, h.fsView(h)) {
		return
	}
	t.hostLocked, t.hostFSSet = false, false
	runtime.UnlockOSThread()
}

// asRunner runs f, the runner's own work on t's goroutine (files it
// writes for itself, a host program it starts), with the runner's
// credentials on the host thread (not its no_new_privs, which stays).
func (t *Thread) asRunner(f func()) {
	if !t.hostFSSet {
		f()
		return
	}
	h := t.p.hostCred
	if !applyFS(h, h.fsView(h)) {
		f()
		return
	}
	f()
	if applyFS(h, t.hostFS) {
		return
	}
	t.hostFS = fsCred{uid: noID}
}

// applyFS gives the calling host thread c: the runner's effective
// capabilities first (so that CAP_SETUID and CAP_SETGID are effective),
// then the groups and the file-system ids, then c's effective
// capabilities, which setfsuid changed as Linux's cap_task_fix_setuid
// does. It reports whether all took effect.
func applyFS(host *cred, c fsCred) bool {
	if c.uid == noID || !capsetThread(host, host.capEff) {
		return false
	}
	gs := c.groups
	var p unsafe.Pointer
	if len(gs) > 0 {
		p = unsafe.Pointer(&gs[0])
	}
	if _, _, e := unix.RawSyscall(unix.SYS_SETGROUPS, uintptr(len(gs)), uintptr(p), 0); e != 0 {
		return false
	}
	// setfsuid and setfsgid answer the previous id, whatever happened: a
	// second call with -1 reads what took.
	unix.RawSyscall(unix.SYS_SETFSGID, uintptr(c.gid), 0, 0)
	if g, _, _ := unix.RawSyscall(unix.SYS_SETFSGID, uintptr(noID), 0, 0); uint32(g) != c.gid {
		return false
	}
	unix.RawSyscall(unix.SYS_SETFSUID, uintptr(c.uid), 0, 0)
	if u, _, _ := unix.RawSyscall(unix.SYS_SETFSUID, uintptr(noID), 0, 0); uint32(u) != c.uid {
		return false
	}
	return capsetThread(host, c.capEff)
}

// capsetThread sets the calling host thread's effective capabilities to
// eff, its permitted and inheritable sets to the runner's.
func capsetThread(host *cred, eff uint64) bool {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var d [2]unix.CapUserData
	for w := range d {
		sh := 32 * w
		d[w] = unix.CapUserData{Effective: uint32(eff >> sh), Permitted: uint32(host.capPrm >> sh), Inheritable: uint32(host.capInh >> sh)}
	}
	_, _, e := unix.RawSyscall(unix.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&d[0])), 0)
	return e == 0
}
