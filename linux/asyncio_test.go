//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// TestSigioPerm checks sigio_perm's rule (fs/fcntl.c): the owner's setter
// may signal a task if its effective user id is root, or its real or
// effective user id is the task's real or saved one.
func TestSigioPerm(t *testing.T) {
	task := &cred{uid: ids{r: 1000, e: 2000, s: 3000}}
	for _, c := range []struct {
		name      string
		uid, euid uint32
		want      bool
	}{
		{"root effective", 5, 0, true},
		{"effective is real", 5, 1000, true},
		{"effective is saved", 5, 3000, true},
		{"real is real", 1000, 5, true},
		{"real is saved", 3000, 5, true},
		{"effective is effective only", 5, 2000, false},
		{"real is effective only", 2000, 5, false},
		{"root real only", 0, 5, false},
	} {
		o := &fileOwner{uid: c.uid, euid: c.euid}
		if got := o.sigioPerm(task); got != c.want {
			t.Errorf("%s: sigioPerm = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestForeignOwner checks that an owner naming no guest process or thread
// when it is set (a host process outside the run) is never signalled,
// even once a guest thread gets its number, while an owner set after that
// thread exists is; a process group owner is resolved when the event
// comes.
func TestForeignOwner(t *testing.T) {
	for _, c := range []struct {
		name        string
		owner       abi.FOwnerEx
		beforeGuest bool // set before the guest thread 4242 exists
		foreign     bool
		signalled   bool
	}{
		{"process outside the run", abi.FOwnerEx{Type: fOwnerPID, Pid: 4242}, true, true, false},
		{"thread outside the run", abi.FOwnerEx{Type: fOwnerTID, Pid: 4242}, true, true, false},
		{"guest process", abi.FOwnerEx{Type: fOwnerPID, Pid: 4242}, false, false, true},
		{"guest thread", abi.FOwnerEx{Type: fOwnerTID, Pid: 4242}, false, false, true},
		{"process group", abi.FOwnerEx{Type: fOwnerPGRP, Pid: 4242}, true, false, true},
		{"none", abi.FOwnerEx{Type: fOwnerPID}, true, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			th := testThread(t, binary.LittleEndian)
			p := th.p
			p.groups = map[int]*threadGroup{1: th.group}
			th.cred = &cred{}
			o := &fileOwner{}
			guest := func() *Thread {
				u := p.newThread(4242, newResources(4242, mem.New(), 0))
				u.cred = &cred{}
				u.group.pgid = 4242
				p.groups[4242] = u.group
				return u
			}
			var u *Thread
			if !c.beforeGuest {
				u = guest()
			}
			o.setOwner(th, c.owner)
			if o.foreign != c.foreign {
				t.Fatalf("foreign = %v, want %v", o.foreign, c.foreign)
			}
			if u == nil {
				u = guest()
			}
			p.sendSigio(o, abi.POLL_IN, 3)
			got := u.pendingSet()&sigBit(abi.SIGIO) != 0
			if got != c.signalled {
				t.Errorf("guest 4242 has SIGIO pending: %v, want %v", got, c.signalled)
			}
		})
	}
}
