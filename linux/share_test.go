//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The flag combinations clone refuses, from Linux's kernel/fork.c
// (copy_process): a thread shares its signal handlers, shared handlers
// need a shared address space, and CLONE_FS excludes a new mount or user
// namespace. What glibc's pthread_create and Go's newosproc pass is valid,
// as are fork (SIGCHLD only) and posix_spawn's CLONE_VM|CLONE_VFORK.
func TestCloneCheck(t *testing.T) {
	const (
		thread = abi.CLONE_VM | abi.CLONE_FS | abi.CLONE_FILES | abi.CLONE_SIGHAND | abi.CLONE_THREAD | abi.CLONE_SYSVSEM
		glibc  = thread | abi.CLONE_SETTLS | abi.CLONE_PARENT_SETTID | abi.CLONE_CHILD_CLEARTID
	)
	for _, c := range []struct {
		name  string
		flags uint64
		want  int
	}{
		{"glibc pthread_create", glibc, 0},
		{"go newosproc", thread, 0},
		{"fork", uint64(abi.SIGCHLD), 0},
		{"posix_spawn", abi.CLONE_VM | abi.CLONE_VFORK | uint64(abi.SIGCHLD), 0},
		{"thread without CLONE_FILES", thread &^ abi.CLONE_FILES, 0},
		{"thread without CLONE_SIGHAND", thread &^ abi.CLONE_SIGHAND, abi.EINVAL},
		{"thread without CLONE_VM", thread &^ abi.CLONE_VM, abi.EINVAL},
		{"CLONE_SIGHAND without CLONE_VM", abi.CLONE_SIGHAND, abi.EINVAL},
		{"CLONE_THREAD alone", abi.CLONE_THREAD, abi.EINVAL},
		{"CLONE_FS with CLONE_NEWNS", abi.CLONE_FS | abi.CLONE_NEWNS, abi.EINVAL},
		{"CLONE_FS with CLONE_NEWUSER", abi.CLONE_FS | abi.CLONE_NEWUSER, abi.EINVAL},
	} {
		if got := cloneCheck(c.flags); got != c.want {
			t.Errorf("%s (%#x): errno %d, want %d", c.name, c.flags, got, c.want)
		}
		// sysClone refuses the same combinations before anything else.
		if c.want != 0 {
			th := testThread(t, binary.LittleEndian)
			if _, e := sysClone(th, &sysArgs{c.flags}); e != c.want {
				t.Errorf("%s: sysClone errno %d, want %d", c.name, e, c.want)
			}
		}
	}
}

// TestCloneResources: each of a thread's four resources is shared with the
// thread that cloned it when its flag is set (CLONE_VM, CLONE_FILES,
// CLONE_SIGHAND, CLONE_THREAD) and copied (a new, empty thread group)
// when it is not; a copy starts equal and then goes its own way.
func TestCloneResources(t *testing.T) {
	const (
		vm, files, sighand, thread = abi.CLONE_VM, abi.CLONE_FILES, abi.CLONE_SIGHAND, abi.CLONE_THREAD
		page                       = 0x10000
	)
	for _, flags := range []uint64{
		vm | files | sighand | thread,
		vm | sighand | thread,
		vm | files | sighand,
		vm | files,
		files,
		0,
	} {
		th := testThread(t, binary.BigEndian)
		if err := th.mm.Mem.Map(page, mem.PageSize, mem.RW); err != nil {
			t.Fatal(err)
		}
		_ = th.mm.Mem.Poke(page, []byte("parent"))
		th.mm.brk = 0x123000
		th.sighand.actions[abi.SIGUSR1] = sigAction{handler: 0x1000, flags: abi.SA_RESTART}
		fds := make([]int, 2)
		if err := unix.Pipe2(fds, unix.O_CLOEXEC); err != nil {
			t.Fatal(err)
		}
		g := th.files.add(fds[1], 3)
		defer unix.Close(fds[0])

		r, e := th.cloneResources(flags, 2)
		if e != 0 {
			t.Fatalf("%#x: errno %d", flags, e)
		}
		if shared := r.mm == th.mm; shared != (flags&vm != 0) {
			t.Errorf("%#x: address space shared %v", flags, shared)
		} else if !shared {
			var b [6]byte
			if err := r.mm.Mem.Peek(page, b[:]); err != nil || string(b[:]) != "parent" || r.mm.brk != th.mm.brk {
				t.Errorf("%#x: copied address space: %q %v, brk %#x", flags, b, err, r.mm.brk)
			}
			if perm, _ := r.mm.Mem.Perm(page); perm != mem.RW {
				t.Errorf("%#x: copied page permission %v", flags, perm)
			}
			_ = r.mm.Mem.Poke(page, []byte("child!"))
			_ = th.mm.Mem.Peek(page, b[:])
			if string(b[:]) != "parent" {
				t.Errorf("%#x: a write to the copy reached the parent: %q", flags, b)
			}
		}
		if shared := r.files == th.files; shared != (flags&files != 0) {
			t.Errorf("%#x: descriptor table shared %v", flags, shared)
		} else if !shared {
			// The copy's descriptor g is the same pipe: what is written
			// through it is read from the parent's other end; closing
			// it leaves the parent's open.
			if _, err := unix.Write(r.files.get(g), []byte("x")); err != nil {
				t.Errorf("%#x: write through the copied descriptor: %v", flags, err)
			}
			var b [1]byte
			if n, err := unix.Read(fds[0], b[:]); n != 1 || err != nil {
				t.Errorf("%#x: read of the pipe: %d %v", flags, n, err)
			}
			if e := r.files.close(g); e != 0 {
				t.Errorf("%#x: close in the copy: %d", flags, e)
			}
			if _, err := unix.Write(th.files.get(g), []byte("y")); err != nil {
				t.Errorf("%#x: the parent's descriptor closed with the copy's: %v", flags, err)
			}
			if fl, _ := unix.FcntlInt(uintptr(th.files.get(g)), unix.F_GETFD, 0); fl&unix.FD_CLOEXEC == 0 {
				t.Errorf("%#x: close-on-exec lost", flags)
			}
		}
		if shared := r.sighand == th.sighand; shared != (flags&sighand != 0) {
			t.Errorf("%#x: handlers shared %v", flags, shared)
		} else if !shared {
			if *r.sighand != *th.sighand {
				t.Errorf("%#x: copied handlers differ", flags)
			}
			r.sighand.actions[abi.SIGUSR1] = sigAction{}
			if th.sighand.actions[abi.SIGUSR1].handler != 0x1000 {
				t.Errorf("%#x: a change to the copied handlers reached the parent", flags)
			}
		}
		if same := r.group == th.group; same != (flags&thread != 0) {
			t.Errorf("%#x: same thread group %v", flags, same)
		} else if !same && (len(r.group.threads) != 0 || r.group.nthreads.Load() != 0 || r.group.tgid != 2) {
			t.Errorf("%#x: a new thread group with threads, or not led by the new thread (tgid %d)", flags, r.group.tgid)
		}
		if r.files != th.files {
			r.files.closeAll()
		}
	}
}

// TestProcessSignalGroup: a process-directed signal is pending on the
// thread group, not on a thread: every thread sees it, and the first
// thread that does not block it takes it; a thread-directed one stays
// with its thread.
func TestProcessSignalGroup(t *testing.T) {
	a := testThread(t, binary.LittleEndian)
	p := a.p
	b := p.newThread(2, p.resources)
	a.mask, b.mask = sigBit(abi.SIGUSR1), sigBit(abi.SIGUSR1)
	p.sighand.actions[abi.SIGUSR1].handler = 0x1000
	if !p.postProcess(p.group, sigInfo{signo: abi.SIGUSR1, code: abi.SI_USER}) {
		t.Fatal("postProcess refused")
	}
	for _, th := range []*Thread{a, b} {
		if th.pendingSet()&sigBit(abi.SIGUSR1) == 0 || th.sigq.pending != 0 || th.deliverable() != 0 {
			t.Errorf("thread %d: pending %#x (own %#x), deliverable %d: want the group's SIGUSR1, blocked", th.tid, th.pendingSet(), th.sigq.pending, th.deliverable())
		}
	}
	b.mask = 0
	if sig, info := b.take(^b.mask); sig != abi.SIGUSR1 || info.code != abi.SI_USER {
		t.Errorf("thread 2 after unblocking takes %d (%+v), want SIGUSR1", sig, info)
	}
	if a.pendingSet() != 0 {
		t.Errorf("thread 1 still sees %#x pending", a.pendingSet())
	}
	// Thread-directed: only its thread has it.
	if !a.post(sigInfo{signo: abi.SIGUSR1, code: abi.SI_TKILL}) {
		t.Fatal("post refused")
	}
	if b.pendingSet() != 0 || a.pendingSet() != sigBit(abi.SIGUSR1) || b.deliverable() != 0 {
		t.Errorf("tkill to thread 1: pending 1 %#x, 2 %#x", a.pendingSet(), b.pendingSet())
	}
}
