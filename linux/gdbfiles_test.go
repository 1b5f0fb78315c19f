//go:build linux

package linux

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/gdbstub"
)

// TestSysrootFiles: replay -gdb's files are the regular files under the
// sysroot, looked up in it as the run looks paths up there first (an
// absolute link's target and ".." start again at the sysroot, not the
// host's root); a directory is EISDIR, a FIFO EACCES; a path outside it,
// relative, or under /proc, /dev or /sys is ENOENT, as is everything with
// no sysroot.
func TestSysrootFiles(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"lib", "lib64", "etc"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "lib", "libc.so.6"), []byte("libc in the sysroot"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"lib64/ld64.so.2": "/lib/libc.so.6",              // absolute: in the sysroot
		"lib64/up":        "../../../../../etc/hostname", // ".." stops at the sysroot
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := unix.Mkfifo(filepath.Join(root, "lib", "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		root, path string
		want       string            // the contents, if served
		err        gdbstub.FileErrno // else
	}{
		{root, "/lib/libc.so.6", "libc in the sysroot", 0},
		{root, "/lib64/ld64.so.2", "libc in the sysroot", 0},
		{root, "/lib/../lib64/./ld64.so.2", "libc in the sysroot", 0},
		{root, "/lib64/up", "", gdbstub.FileENOENT}, // no etc/hostname in the sysroot
		{root, "/etc/hostname", "", gdbstub.FileENOENT},
		{root, "/lib", "", gdbstub.FileEISDIR},
		{root, "/lib/fifo", "", gdbstub.FileEACCES},
		{root, "lib/libc.so.6", "", gdbstub.FileENOENT},
		{root, "/proc/self/maps", "", gdbstub.FileENOENT},
		{root, "/dev/null", "", gdbstub.FileENOENT},
		{"", "/etc/hostname", "", gdbstub.FileENOENT},
	}
	for _, tc := range tests {
		f, err := SysrootFiles(tc.root).OpenFile(0, tc.path)
		if tc.err != 0 {
			if !errors.Is(err, tc.err) {
				t.Errorf("OpenFile(%q) in %q: %v, want %v", tc.path, tc.root, err, tc.err)
			}
			if err == nil {
				f.Close()
			}
			continue
		}
		if err != nil {
			t.Errorf("OpenFile(%q): %v", tc.path, err)
			continue
		}
		b := make([]byte, 100)
		n, err := f.ReadAt(b, 0)
		st, serr := f.Stat()
		if err != io.EOF || serr != nil || string(b[:n]) != tc.want || st.Size != uint64(len(tc.want)) || st.Mode&unix.S_IFMT != unix.S_IFREG {
			t.Errorf("OpenFile(%q): read %q, %v; stat %+v, %v; want %q", tc.path, b[:n], err, st, serr, tc.want)
		}
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	}
	if _, err := SysrootFiles(root).ReadLink(0, "/lib64/ld64.so.2"); !errors.Is(err, gdbstub.FileENOENT) {
		t.Errorf("ReadLink: %v, want ENOENT", err)
	}
}
