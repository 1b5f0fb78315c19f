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

// TestTruncateCheck checks what an open with O_TRUNC is refused for
// before it breaks a lease (truncateCheck, as Linux's may_open): an
// append-only file is EPERM whether the open reads or writes, a plain
// file passes. Append-only needs FS_IOC_SETFLAGS with CAP_LINUX_IMMUTABLE
// on a file system that keeps the flag: the cases skip without.
func TestTruncateCheck(t *testing.T) {
	th := testThread(t, binary.LittleEndian)
	th.cred = hostCred() // the guest's credentials are the runner's: the host checks alone
	th.p.hostCred = th.cred
	dir := t.TempDir()
	file := func(name string, appendOnly bool) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("data"), 0o600); err != nil {
			t.Fatal(err)
		}
		if appendOnly {
			fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer unix.Close(fd)
			if err := unix.IoctlSetPointerInt(fd, unix.FS_IOC_SETFLAGS, fsAppendFL); err != nil {
				t.Skipf("FS_IOC_SETFLAGS FS_APPEND_FL: %v", err)
			}
			t.Cleanup(func() {
				if fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
					_ = unix.IoctlSetPointerInt(fd, unix.FS_IOC_SETFLAGS, 0)
					unix.Close(fd)
				}
			})
		}
		return path
	}
	for _, c := range []struct {
		name       string
		appendOnly bool
		flags      int // the host's open (O_TRUNC left out)
		want       int
	}{
		{"plain, reading", false, unix.O_RDONLY, 0},
		{"plain, writing", false, unix.O_WRONLY, 0},
		{"append-only, reading", true, unix.O_RDONLY, abi.EPERM},
		{"append-only, writing with O_APPEND", true, unix.O_WRONLY | unix.O_APPEND, abi.EPERM},
	} {
		t.Run(c.name, func(t *testing.T) {
			fd, err := unix.Open(file(c.name, c.appendOnly), c.flags|unix.O_CLOEXEC, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer unix.Close(fd)
			if got := th.truncateCheck(fd, c.flags&unix.O_ACCMODE == unix.O_RDONLY); got != c.want {
				t.Errorf("truncateCheck = %d, want %d", got, c.want)
			}
		})
	}
}

// fsAppendFL is FS_APPEND_FL (include/uapi/linux/fs.h), the
// append-only flag of FS_IOC_SETFLAGS.
const fsAppendFL = 0x20
