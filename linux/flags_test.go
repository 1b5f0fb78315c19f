//go:build linux

package linux

import "testing"

// TestFlagMaps checks the flag and option translations both ways against
// the values of Linux's headers: powerpc's asm/fcntl.h and asm/socket.h
// for the guest, the generic asm-generic/fcntl.h and asm-generic/socket.h
// (an x86-64 or arm64 host) for the host.
func TestFlagMaps(t *testing.T) {
	if hostOLargefile != 0x8000 || openFlags(0o100) != 0o100 {
		t.Skip("host with other open flag values than the generic ones")
	}
	for _, c := range []struct {
		name        string
		guest, host uint32
		back        uint32 // host -> guest, when not guest
	}{
		{"O_WRONLY|O_CREAT|O_TRUNC", 0o1101, 0o1101, 0o1101},
		{"O_DIRECTORY", 0x4000, 0x10000, 0x4000},
		{"O_NOFOLLOW|O_CLOEXEC", 0x8000 | 0o2000000, 0x20000 | 0o2000000, 0x8000 | 0o2000000},
		{"O_DIRECT|O_NONBLOCK", 0x20000 | 0o4000, 0x4000 | 0o4000, 0x20000 | 0o4000},
		{"O_LARGEFILE (dropped)", 0x10000, 0, 0},
	} {
		if got := uint32(openFlags(uint64(c.guest))); got != c.host {
			t.Errorf("%s: to host %#x, want %#x", c.name, got, c.host)
		}
		if got := uint32(guestOpenFlags(int(c.host))); got != c.back {
			t.Errorf("%s: to guest %#x, want %#x", c.name, got, c.back)
		}
	}
	if got := uint32(guestOpenFlags(0x8000 | 2)); got != 2 {
		t.Errorf("host O_LARGEFILE|O_RDWR to guest: %#x, want 0x2", got)
	}
	// SOL_SOCKET options: powerpc's SO_RCVLOWAT..SO_PEERCRED are 16..21,
	// the generic ones SO_PASSCRED 16, SO_PEERCRED 17, SO_RCVLOWAT 18,
	// SO_SNDLOWAT 19, SO_RCVTIMEO 20, SO_SNDTIMEO 21.
	for _, c := range [][2]uint64{{16, 18}, {17, 19}, {18, 20}, {19, 21}, {20, 16}, {21, 17}, {2, 2}} {
		if got := solSocketOpts.toHost(c[0]); got != c[1] {
			t.Errorf("SOL_SOCKET option %d to host: %d, want %d", c[0], got, c[1])
		}
		if got := solSocketOpts.toGuest(c[1]); got != c[0] {
			t.Errorf("SOL_SOCKET option %d to guest: %d, want %d", c[1], got, c[0])
		}
	}
}
