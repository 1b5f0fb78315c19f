//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// testThread is a thread of a bare process (no program) with the given
// byte order, for calling system call handlers directly.
func testThread(t *testing.T, order binary.ByteOrder) *Thread {
	t.Helper()
	p := &Process{order: order, le: order == binary.LittleEndian, resources: newResources(1, mem.New(), 0), sigpendingRL: hostSigpending()}
	th := p.newThread(1, p.resources)
	t.Cleanup(p.files.closeAll)
	return th
}

var orders = []struct {
	name  string
	order binary.ByteOrder
}{{"le", binary.LittleEndian}, {"be", binary.BigEndian}}

// Control messages as ppc64 lays them out (struct cmsghdr: u64 cmsg_len,
// int cmsg_level, int cmsg_type, data at 16, 8-byte aligned) go to the
// host with native headers, guest descriptors replaced by host ones and
// SCM_CREDENTIALS (three u32) in host order; back, received host
// descriptors get the lowest free guest numbers.
func TestControlTranslation(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			th := testThread(t, o.order)
			h, err := unix.Open("/dev/null", unix.O_RDONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			th.p.files.set(5, h)
			// SCM_RIGHTS with guest fd 5 (len 20, padded to 24), then
			// SCM_CREDENTIALS {pid 0x01020304, uid 7, gid 9} (len 28).
			g := make([]byte, 24+32)
			o.order.PutUint64(g[0:], 20)
			o.order.PutUint32(g[8:], 1)
			o.order.PutUint32(g[12:], 1)
			o.order.PutUint32(g[16:], 5)
			o.order.PutUint64(g[24:], 28)
			o.order.PutUint32(g[32:], 1)
			o.order.PutUint32(g[36:], 2)
			o.order.PutUint32(g[40:], 0x01020304)
			o.order.PutUint32(g[44:], 7)
			o.order.PutUint32(g[48:], 9)
			hb, e := th.controlIn(g)
			if e != 0 {
				t.Fatalf("controlIn: errno %d", e)
			}
			n := binary.NativeEndian
			for _, c := range []struct {
				off  int
				got  uint64
				want uint64
			}{
				{0, n.Uint64(hb[0:]), 20}, {8, uint64(n.Uint32(hb[8:])), 1}, {12, uint64(n.Uint32(hb[12:])), 1},
				{16, uint64(n.Uint32(hb[16:])), uint64(h)},
				{24, n.Uint64(hb[24:]), 28}, {36, uint64(n.Uint32(hb[36:])), 2},
				{40, uint64(n.Uint32(hb[40:])), 0x01020304}, {44, uint64(n.Uint32(hb[44:])), 7}, {48, uint64(n.Uint32(hb[48:])), 9},
			} {
				if c.got != c.want {
					t.Errorf("host control at %d = %#x, want %#x", c.off, c.got, c.want)
				}
			}
			// A received host descriptor: guest numbers 0-4 are free.
			h2, err := unix.Dup(h)
			if err != nil {
				t.Fatal(err)
			}
			n.PutUint32(hb[16:], uint32(h2))
			gb := th.controlOut(hb)
			if got := o.order.Uint32(gb[16:]); got != 0 || th.p.files.get(0) != h2 {
				t.Errorf("received descriptor is guest %d (host %d), want 0 (host %d)", got, th.p.files.get(0), h2)
			}
			if got := o.order.Uint64(gb[0:]); got != 20 {
				t.Errorf("guest cmsg_len %d, want 20", got)
			}
			if got := o.order.Uint32(gb[40:]); got != 0x01020304 {
				t.Errorf("guest ucred pid %#x, want 0x01020304", got)
			}
			// Errors: cmsg_len below the header, beyond the buffer; a
			// descriptor that is not open.
			for _, c := range []struct {
				ln, fd uint64
				want   int
			}{{8, 5, abi.EINVAL}, {200, 5, abi.EINVAL}, {20, 9, abi.EBADF}} {
				b := make([]byte, 24)
				o.order.PutUint64(b[0:], c.ln)
				o.order.PutUint32(b[8:], 1)
				o.order.PutUint32(b[12:], 1)
				o.order.PutUint32(b[16:], uint32(c.fd))
				if _, e := th.controlIn(b); e != c.want {
					t.Errorf("controlIn(len %d, fd %d): errno %d, want %d", c.ln, c.fd, e, c.want)
				}
			}
		})
	}
}

// signalfd_siginfo from a sigqueue'd siginfo: ssi_int (at 44) is
// sival_int, the first 4 bytes of the 8-byte sigval at siginfo offset 24;
// ssi_ptr (at 48) is the whole sigval. On big-endian sival_int = 42 is the
// sigval 42<<32.
func TestSignalfdSiginfoSigval(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			th := testThread(t, o.order)
			raw := make([]byte, abi.SiginfoSize)
			o.order.PutUint32(raw[0:], 34)
			o.order.PutUint32(raw[16:], 100) // si_pid
			o.order.PutUint32(raw[20:], 5)   // si_uid
			o.order.PutUint32(raw[24:], 42)  // sival_int
			info := sigInfo{signo: 34, code: abi.SI_QUEUE, raw: raw}
			b := th.p.signalfdSiginfo(34, &info)
			wantPtr := uint64(42)
			if o.name == "be" {
				wantPtr = 42 << 32
			}
			if got := int32(o.order.Uint32(b[8:])); got != abi.SI_QUEUE {
				t.Errorf("ssi_code %d", got)
			}
			if got := o.order.Uint32(b[12:]); got != 100 {
				t.Errorf("ssi_pid %d, want 100", got)
			}
			if got := o.order.Uint32(b[44:]); got != 42 {
				t.Errorf("ssi_int %d, want 42", got)
			}
			if got := o.order.Uint64(b[48:]); got != wantPtr {
				t.Errorf("ssi_ptr %#x, want %#x", got, wantPtr)
			}
		})
	}
}

// mremap errors qemu-user does not reproduce: a zero new size is EINVAL
// (Linux mm/mremap.c), with or without MREMAP_MAYMOVE, and the mapping is
// left alone.
func TestMremapZeroSize(t *testing.T) {
	th := testThread(t, binary.BigEndian)
	if err := th.p.mm.Mem.Map(0x10000, 0x2000, mem.RW); err != nil {
		t.Fatal(err)
	}
	for _, flags := range []uint64{0, mremapMaymove} {
		if _, e := sysMremap(th, &sysArgs{0x10000, 0x2000, 0, flags}); e != abi.EINVAL {
			t.Errorf("mremap(new size 0, flags %d): errno %d, want EINVAL", flags, e)
		}
	}
	if !th.p.mm.Mem.Mapped(0x10000, 0x2000) {
		t.Error("mapping changed by a failed mremap")
	}
}

// Argument checks qemu-user 7.2 does not make (it accepts both): a
// signalfd mask size other than 8 and unknown timerfd_create flags are
// EINVAL on Linux (fs/signalfd.c, fs/timerfd.c).
func TestSignalfdTimerfdEinval(t *testing.T) {
	th := testThread(t, binary.BigEndian)
	if err := th.p.mm.Mem.Map(0x10000, 0x1000, mem.RW); err != nil {
		t.Fatal(err)
	}
	if _, e := signalfd(th, -1, 0x10000, 4, 0); e != abi.EINVAL {
		t.Errorf("signalfd4(size 4): errno %d, want EINVAL", e)
	}
	if _, e := sysTimerfdCreate(th, &sysArgs{unix.CLOCK_MONOTONIC, 0x10}); e != abi.EINVAL {
		t.Errorf("timerfd_create(flags 0x10): errno %d, want EINVAL", e)
	}
	if len(th.p.files.host) != 0 {
		t.Errorf("descriptors opened by failed calls: %v", th.p.files.host)
	}
}
