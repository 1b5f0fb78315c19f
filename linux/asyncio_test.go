//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"golang.org/x/sys/unix"

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

// TestPollArms checks which host sockets' polls arm POLL_OUT when they
// find no room (Linux 6.1's SOCKWQ_ASYNC_NOSPACE): unix_dgram_poll
// (datagram, seqpacket) only when a write event is asked for, unix_poll
// (stream) never, datagram_poll (UDP) and tcp_poll whatever is asked,
// but not a listening TCP socket (inet_csk_listen_poll).
func TestPollArms(t *testing.T) {
	pair := func(typ int) int {
		sv, err := unix.Socketpair(unix.AF_UNIX, typ|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { unix.Close(sv[0]); unix.Close(sv[1]) })
		return sv[0]
	}
	sock := func(domain, typ int, listen bool) int {
		h, err := unix.Socket(domain, typ|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { unix.Close(h) })
		if listen {
			if err := unix.Bind(h, &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
				t.Fatal(err)
			}
			if err := unix.Listen(h, 1); err != nil {
				t.Fatal(err)
			}
		}
		return h
	}
	for _, c := range []struct {
		name   string
		h      int
		events int16
		want   bool
	}{
		{"unix stream, POLLOUT", pair(unix.SOCK_STREAM), unix.POLLOUT, false},
		{"unix dgram, POLLOUT", pair(unix.SOCK_DGRAM), unix.POLLOUT, true},
		{"unix dgram, POLLWRNORM", pair(unix.SOCK_DGRAM), int16(unix.EPOLLWRNORM), true},
		{"unix dgram, POLLIN", pair(unix.SOCK_DGRAM), unix.POLLIN, false},
		{"unix seqpacket, POLLOUT", pair(unix.SOCK_SEQPACKET), unix.POLLOUT, true},
		{"udp, POLLIN", sock(unix.AF_INET, unix.SOCK_DGRAM, false), unix.POLLIN, true},
		{"tcp unconnected, POLLOUT", sock(unix.AF_INET, unix.SOCK_STREAM, false), unix.POLLOUT, true},
		{"tcp listening, POLLOUT", sock(unix.AF_INET, unix.SOCK_STREAM, true), unix.POLLOUT, false},
		{"not a socket", -1, unix.POLLOUT, false},
	} {
		if got := pollArms(c.h, c.events); got != c.want {
			t.Errorf("%s: pollArms = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestEpollItems checks that epollItems reads back the items of a host
// epoll instance (the descriptor, events and data of each epoll_ctl),
// which epollNoRoom matches an epoll_wait's events against: data of all
// 64 bits, events with their flag bits, an item modified and one
// removed.
func TestEpollItems(t *testing.T) {
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(ep)
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(p[0])
	defer unix.Close(p[1])
	sv, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(sv[0])
	defer unix.Close(sv[1])
	ctl := func(op, fd int, events uint32, data uint64) {
		t.Helper()
		ev := unix.EpollEvent{Events: events, Fd: int32(uint32(data)), Pad: int32(uint32(data >> 32))}
		if err := unix.EpollCtl(ep, op, fd, &ev); err != nil {
			t.Fatal(err)
		}
	}
	ctl(unix.EPOLL_CTL_ADD, p[0], unix.EPOLLIN, 7)
	ctl(unix.EPOLL_CTL_ADD, p[1], unix.EPOLLOUT|unix.EPOLLET, 0xfedcba9876543210)
	ctl(unix.EPOLL_CTL_ADD, sv[0], unix.EPOLLIN, 1)
	ctl(unix.EPOLL_CTL_MOD, sv[0], unix.EPOLLIN|unix.EPOLLOUT, 0x123456789)
	ctl(unix.EPOLL_CTL_DEL, p[0], 0, 0)
	got := map[int]epollItem{}
	for _, it := range epollItems(ep) {
		got[it.fd] = it
	}
	for _, want := range []epollItem{
		{p[1], unix.EPOLLOUT | unix.EPOLLET, 0xfedcba9876543210},
		{sv[0], unix.EPOLLIN | unix.EPOLLOUT, 0x123456789},
	} {
		// Linux adds EPOLLERR and EPOLLHUP to every item's events.
		it, ok := got[want.fd]
		if !ok || it.data != want.data || it.events&^(unix.EPOLLERR|unix.EPOLLHUP) != want.events {
			t.Errorf("item of descriptor %d: %+v (present %v), want %+v", want.fd, it, ok, want)
		}
	}
	if len(got) != 2 {
		t.Errorf("%d items, want 2: %+v", len(got), got)
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
