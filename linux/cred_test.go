//go:build linux

package linux

import (
	"encoding/binary"
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// A guest's kill, rt_sigqueueinfo or rt_tgsigqueueinfo of a number that
// is a thread of the runner's own host process is ESRCH: the host's kill
// of a thread id would signal the runner (guest processes are not host
// processes, and their ids are numbers next to the runner's pid, where the
// runner's threads are). Another host process may be signalled, as under
// qemu-user. Signal 0 only: the calls check, nothing is sent.
func TestSignalNotToRunnerThreads(t *testing.T) {
	th := testThread(t, binary.BigEndian)
	p := th.p
	p.groups = map[int]*threadGroup{th.group.tgid: th.group}
	th.cred = hostCred()
	p.hostCred = th.cred
	// A host thread of this process that is not the process itself.
	// (Each goroutine keeps its thread locked, so the next gets another.)
	tids := make(chan int)
	done := make(chan struct{})
	defer close(done)
	tid := os.Getpid()
	for i := 0; i < 4 && tid == os.Getpid(); i++ {
		go func() {
			runtime.LockOSThread()
			tids <- unix.Gettid()
			<-done
		}()
		tid = <-tids
	}
	if tid == os.Getpid() {
		t.Skip("no host thread other than the main one")
	}
	info := make([]byte, abi.SiginfoSize)
	code := int32(-1) // si_code SI_QUEUE
	binary.BigEndian.PutUint32(info[8:], uint32(code))
	if err := th.mm.Mem.Map(0x10000, 0x1000, mem.Read|mem.Write); err != nil {
		t.Fatal(err)
	}
	if e := th.write(0x10000, info); e != 0 {
		t.Fatal(e)
	}
	for _, c := range []struct {
		name string
		call func(pid int) int
	}{
		{"kill", func(pid int) int { _, e := p.kill(th, pid, 0); return e }},
		{"rt_sigqueueinfo", func(pid int) int { _, e := sigqueueinfo(th, pid, 0, 0, 0x10000); return e }},
		{"rt_tgsigqueueinfo", func(pid int) int { _, e := sigqueueinfo(th, pid, pid, 0, 0x10000); return e }},
	} {
		if e := c.call(tid); e != abi.ESRCH {
			t.Errorf("%s(runner thread %d, 0) = errno %d, want ESRCH", c.name, tid, e)
		}
	}
	if _, e := p.kill(th, os.Getppid(), 0); e != 0 {
		t.Errorf("kill(host process %d, 0) = errno %d, want 0", os.Getppid(), e)
	}
}

// cred.execve and fixSetuid against fs/exec.c's bprm_fill_uid and
// commoncap.c's cap_bprm_creds_from_file and cap_task_fix_setuid, for the
// cases credexec.c cannot reach: a root whose permitted set was reduced
// and who set no_new_privs gets no more than it had; SECURE_NO_SETUID_FIXUP
// keeps the capabilities over a change of user ids.
func TestCredExecveRules(t *testing.T) {
	const all, some = 0x1ff_ffff_ffff, 0x3
	root := &cred{capBnd: all, capPrm: some, capEff: some}
	nnp := root.clone()
	nnp.noNewPrivs = true
	user := &cred{uid: ids{1000, 1000, 1000, 1000}, gid: ids{1000, 1000, 1000, 1000}, capBnd: all}
	userNNP := user.clone()
	userNNP.noNewPrivs = true
	suidRoot := execFile{setid: true, mode: unix.S_ISUID | 0o755}
	for _, c := range []struct {
		name          string
		old           *cred
		f             execFile
		euid          uint32
		prm, eff      uint64
		secure        bool
		wantNoNewPriv bool
	}{
		{"root gets the bounding set", root, execFile{}, 0, all, all, false, false},
		{"root under no_new_privs keeps its permitted set", nnp, execFile{}, 0, some, some, false, true},
		{"set-user-ID root program", user, suidRoot, 0, all, all, true, false},
		{"the same under no_new_privs", userNNP, suidRoot, 1000, 0, 0, false, true},
	} {
		n, secure := c.old.execve(c.f)
		if n.uid.e != c.euid || n.uid.s != c.euid || n.uid.fs != c.euid || n.capPrm != c.prm || n.capEff != c.eff ||
			secure != c.secure || n.noNewPrivs != c.wantNoNewPriv {
			t.Errorf("%s: euid %d/%d/%d prm %#x eff %#x secure %v nnp %v; want euid %d prm %#x eff %#x secure %v nnp %v",
				c.name, n.uid.e, n.uid.s, n.uid.fs, n.capPrm, n.capEff, secure, n.noNewPrivs, c.euid, c.prm, c.eff, c.secure, c.wantNoNewPriv)
		}
	}

	// setresuid(1000, 1000, 1000) from root: the capabilities go, unless
	// SECURE_NO_SETUID_FIXUP (or SECURE_KEEP_CAPS for the permitted set).
	for _, c := range []struct {
		bits     uint32
		prm, eff uint64
	}{{0, 0, 0}, {abi.SECURE_KEEP_CAPS, all, 0}, {abi.SECURE_NO_SETUID_FIXUP, all, all}} {
		old := &cred{capBnd: all, capPrm: all, capEff: all, securebits: c.bits}
		n := old.clone()
		n.uid = ids{1000, 1000, 1000, 1000}
		n.fixSetuid(old, false)
		if n.capPrm != c.prm || n.capEff != c.eff {
			t.Errorf("securebits %#x: prm %#x eff %#x, want %#x %#x", c.bits, n.capPrm, n.capEff, c.prm, c.eff)
		}
	}
}

// setgroups checks the capability first, then the count, then the list
// (kernel/groups.c); qemu-user, which checks the count and copies the list
// itself before the host's call, cannot show the order to a user without
// CAP_SETGID, and badcred.c runs as root in CI.
func TestSetgroupsOrder(t *testing.T) {
	th := testThread(t, binary.BigEndian)
	for _, c := range []struct {
		name string
		caps uint64
		n    int64
		ptr  uint64
		want int
	}{
		{"no CAP_SETGID, too many", 0, ngroupsMax + 1, 0x1000, abi.EPERM},
		{"no CAP_SETGID, negative", 0, -1, 0x1000, abi.EPERM},
		{"no CAP_SETGID, bad pointer", 0, 1, 0x1000, abi.EPERM},
		{"CAP_SETGID, too many", 1 << unix.CAP_SETGID, ngroupsMax + 1, 0x1000, abi.EINVAL},
		{"CAP_SETGID, negative", 1 << unix.CAP_SETGID, -1, 0x1000, abi.EINVAL},
		{"CAP_SETGID, bad pointer", 1 << unix.CAP_SETGID, 1, 0x1000, abi.EFAULT},
	} {
		th.cred = &cred{capEff: c.caps, capPrm: c.caps}
		if _, e := sysSetgroups(th, &sysArgs{uint64(c.n), c.ptr}); e != c.want {
			t.Errorf("%s: errno %d, want %d", c.name, e, c.want)
		}
	}
}
