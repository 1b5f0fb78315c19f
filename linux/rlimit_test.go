//go:build linux

package linux

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// roomUnder is generic_write_check_limits' measure: the limit less the
// position (the offset given, the descriptor's, or the size for O_APPEND
// and posEnd), on a regular file open for writing only; other files,
// read-only descriptors, refused offsets and, where the caller refuses
// it, O_APPEND are not limited.
func TestRoomUnder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, make([]byte, 600), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(flags int) int {
		fd, err := unix.Open(path, flags, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { unix.Close(fd) })
		return fd
	}
	rw, ro, ap := open(unix.O_RDWR), open(unix.O_RDONLY), open(unix.O_WRONLY|unix.O_APPEND)
	if _, err := unix.Seek(rw, 100, unix.SEEK_SET); err != nil {
		t.Fatal(err)
	}
	var p [2]int
	if err := unix.Pipe(p[:]); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(p[0]); unix.Close(p[1]) })
	null, err := unix.Open("/dev/null", unix.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(null)
	const lim = 1000
	for _, c := range []struct {
		name     string
		lim      uint64
		fd       int
		pos      int64
		appendOK bool
		room     uint64
		limited  bool
	}{
		{"infinite", unix.RLIM_INFINITY, rw, 0, true, 0, false},
		{"offset", lim, rw, posFile, true, 900, true},
		{"explicit position", lim, rw, 950, true, 50, true},
		{"at the limit", lim, rw, lim, true, 0, true},
		{"past the limit", lim, rw, 5000, true, 0, true},
		{"end", lim, rw, posEnd, true, 400, true},
		{"refused offset", lim, rw, posNone, true, 0, false},
		{"read-only", lim, ro, 5000, true, 0, false},
		{"O_APPEND at 0", lim, ap, 0, true, 400, true},
		{"O_APPEND refused", lim, ap, posFile, false, 0, false},
		{"pipe", lim, p[1], posFile, true, 0, false},
		{"/dev/null", lim, null, 5000, true, 0, false},
		{"bad descriptor", lim, -1, 0, true, 0, false},
	} {
		room, limited := roomUnder(c.lim, c.fd, c.pos, c.appendOK)
		if room != c.room || limited != c.limited {
			t.Errorf("%s: room %d limited %v, want %d %v", c.name, room, limited, c.room, c.limited)
		}
	}
}

// fsizeGrow is inode_newsize_ok: growing a regular file past the limit is
// EFBIG with SIGXFSZ pending on the calling thread; growing it to the
// limit, shrinking it, or a descriptor the host refuses is not.
func TestFsizeGrow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, make([]byte, 600), 0o644); err != nil {
		t.Fatal(err)
	}
	rw, err := unix.Open(path, unix.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(rw)
	ro, err := unix.Open(path, unix.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(ro)
	for _, c := range []struct {
		name string
		fd   int
		path string
		size int64
		want int
	}{
		{"past the limit", rw, "", 1001, abi.EFBIG},
		{"to the limit", rw, "", 1000, 0},
		{"shrink", rw, "", 10, 0},
		{"read-only descriptor", ro, "", 5000, 0},
		{"path past the limit", -1, path, 5000, abi.EFBIG},
		{"path to the limit", -1, path, 1000, 0},
		{"missing path", -1, filepath.Join(dir, "none"), 5000, 0},
		{"negative", rw, "", -1, 0},
	} {
		th := testThread(t, binary.LittleEndian)
		th.cred = &cred{}
		th.group.rl.fsize = unix.Rlimit{Cur: 1000, Max: unix.RLIM_INFINITY}
		got := th.fsizeGrow(c.fd, c.path, c.size)
		sig := th.sigq.pending&(1<<(abi.SIGXFSZ-1)) != 0
		if got != c.want || sig != (c.want != 0) {
			t.Errorf("%s: errno %d, SIGXFSZ pending %v; want %d, %v", c.name, got, sig, c.want, c.want != 0)
		}
	}
}
