//go:build linux

package linux

import (
	"testing"

	"golang.org/x/sys/unix"
)

// The guest's descriptor table numbers descriptors as Linux does: the
// lowest free number (at or above a minimum), negative numbers (AT_FDCWD)
// pass through, a number not open maps to a host descriptor that is never
// open, and close_range closes a range or marks it close-on-exec.
func TestFDTable(t *testing.T) {
	var ft fdTable
	open := func() int {
		t.Helper()
		fd, err := unix.Open("/dev/null", unix.O_RDONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		return fd
	}
	defer ft.closeAll()
	for want := 0; want < 4; want++ {
		if g := ft.add(open(), 0); g != want {
			t.Fatalf("add = %d, want %d", g, want)
		}
	}
	if e := ft.close(1); e != 0 {
		t.Fatalf("close(1) = %d", e)
	}
	if e := ft.close(1); e != 9 {
		t.Fatalf("second close(1) = %d, want EBADF", e)
	}
	if h := ft.get(1); h != badFD {
		t.Fatalf("get(1) after close = %d, want badFD", h)
	}
	if g := ft.add(open(), 0); g != 1 {
		t.Fatalf("add after close(1) = %d, want 1", g)
	}
	if g := ft.add(open(), 10); g != 10 {
		t.Fatalf("add(min 10) = %d, want 10", g)
	}
	if g := ft.add(open(), 0); g != 4 {
		t.Fatalf("add = %d, want 4 (the lowest free)", g)
	}
	if h := ft.get(-100); h != -100 {
		t.Fatalf("get(AT_FDCWD) = %d", h)
	}
	if e := ft.closeRange(2, 3, 4); e != 0 {
		t.Fatal(e)
	}
	if fl, err := unix.FcntlInt(uintptr(ft.get(2)), unix.F_GETFD, 0); err != nil || fl&unix.FD_CLOEXEC == 0 {
		t.Fatalf("close_range CLOEXEC: flags %#x, %v", fl, err)
	}
	if e := ft.closeRange(2, ^uint32(0), 0); e != 0 {
		t.Fatal(e)
	}
	for _, g := range []int{2, 3, 4, 10} {
		if ft.get(g) != badFD {
			t.Errorf("descriptor %d still open after close_range", g)
		}
	}
	if ft.get(0) == badFD || ft.get(1) == badFD {
		t.Error("close_range closed descriptors below first")
	}
	var rl unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &rl); err == nil && rl.Cur <= 1<<20 {
		// The lowest free number at or above RLIMIT_NOFILE: EMFILE.
		if _, e := ft.addLimited(open(), int(rl.Cur)); e != 24 {
			t.Errorf("add above RLIMIT_NOFILE: errno %d, want EMFILE", e)
		}
	}
	if e := ft.closeRange(3, 2, 0); e != 22 {
		t.Errorf("close_range(3, 2) = %d, want EINVAL", e)
	}
}
