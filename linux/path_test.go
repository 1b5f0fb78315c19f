//go:build linux

package linux

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLookupPath checks the sysroot lookup against a directory tree laid
// out as a Debian ppc64el root file system is: an absolute symbolic link
// (lib64/ld64.so.2 -> /lib/powerpc64le-linux-gnu/ld64.so.2) resolves inside
// the sysroot, as in a chroot; ".." stops at the sysroot; what the sysroot
// lacks, relative paths and the kernel's file systems are the host's.
func TestLookupPath(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "lib/powerpc64le-linux-gnu"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "lib64"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "proc/self"), 0o755))
	must(os.WriteFile(filepath.Join(root, "lib/powerpc64le-linux-gnu/ld64.so.2"), nil, 0o755))
	must(os.WriteFile(filepath.Join(root, "proc/self/exe"), nil, 0o755))
	must(os.Symlink("/lib/powerpc64le-linux-gnu/ld64.so.2", filepath.Join(root, "lib64/ld64.so.2")))
	must(os.Symlink("../lib/powerpc64le-linux-gnu", filepath.Join(root, "lib64/rel")))
	must(os.Symlink("/nowhere", filepath.Join(root, "lib64/dangling")))
	must(os.Symlink("loop", filepath.Join(root, "lib64/loop")))
	ld := filepath.Join(root, "lib/powerpc64le-linux-gnu/ld64.so.2")
	tests := []struct {
		root, path string
		follow     bool
		want       string
	}{
		{root, "/lib64/ld64.so.2", true, ld},
		{root, "/lib64/ld64.so.2", false, filepath.Join(root, "lib64/ld64.so.2")}, // lstat, readlink
		{root, "/lib64/rel/ld64.so.2", false, ld},
		{root, "/lib64/../../../lib/powerpc64le-linux-gnu/ld64.so.2", true, ld},
		{root, "//lib/./powerpc64le-linux-gnu/", true, filepath.Join(root, "lib/powerpc64le-linux-gnu") + "/"},
		{root, "/", true, root + "/"},
		{root, "/etc/passwd", true, "/etc/passwd"},         // not in the sysroot: the host's
		{root, "/lib64/dangling", true, "/lib64/dangling"}, // its target is not there either
		{root, "/lib64/dangling", false, filepath.Join(root, "lib64/dangling")},
		{root, "/lib64/loop", true, "/lib64/loop"},         // ELOOP in the sysroot: the host's
		{root, "lib64/ld64.so.2", true, "lib64/ld64.so.2"}, // relative: the working directory's
		{root, "/proc/self/exe", true, "/proc/self/exe"},   // the kernel's file systems stay the host's
		{"", "/lib64/ld64.so.2", true, "/lib64/ld64.so.2"}, // no sysroot
	}
	for _, tc := range tests {
		if got := lookupPath(tc.root, tc.path, tc.follow); got != tc.want {
			t.Errorf("lookupPath(%q, follow %v) = %q, want %q", tc.path, tc.follow, got, tc.want)
		}
	}
}
