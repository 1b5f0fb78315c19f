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

// TestLookupFrom checks relative lookups from a directory inside the
// sysroot: they name what the directory's guest name joined with the path
// names, as in a chroot, where openat(open("/"), "tmp/x") is open("/tmp/x"):
// the sysroot's entry where it has one, else the host's; ".." stops at the
// sysroot; from a directory outside it the path is left to the kernel.
func TestLookupFrom(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "root")
	host := filepath.Join(top, "host") // only on the host, as a scratch working directory
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "lib/powerpc64le-linux-gnu"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "lib64"), 0o755))
	must(os.MkdirAll(filepath.Join(root, top[1:]), 0o755)) // the sysroot has top's parents, as a root's /tmp
	must(os.MkdirAll(filepath.Join(host, "dst"), 0o755))
	must(os.WriteFile(filepath.Join(root, "lib/powerpc64le-linux-gnu/ld64.so.2"), nil, 0o755))
	must(os.Symlink("/lib/powerpc64le-linux-gnu/ld64.so.2", filepath.Join(root, "lib64/ld64.so.2")))
	ld := filepath.Join(root, "lib/powerpc64le-linux-gnu/ld64.so.2")
	tests := []struct {
		dir, path string
		follow    bool
		want      string
		ok        bool
	}{
		{root, top[1:] + "/host/dst", true, filepath.Join(host, "dst"), true}, // the host's, as "/"+path
		{filepath.Join(root, top[1:]), "host/dst/", true, filepath.Join(host, "dst") + "/", true},
		{filepath.Join(root, top[1:]), "nosuch", true, filepath.Join(top, "nosuch"), true}, // in neither: the host's name
		{root, "lib64/ld64.so.2", true, ld, true},
		{filepath.Join(root, "lib64"), "ld64.so.2", false, filepath.Join(root, "lib64/ld64.so.2"), true},
		{filepath.Join(root, "lib64"), "../../../lib/powerpc64le-linux-gnu/ld64.so.2", true, ld, true},
		{host, "dst", true, "", false},         // outside the sysroot: as it is
		{root + "x", "lib64", true, "", false}, // a sibling whose name begins with the sysroot's
		{root, "", true, "", false},            // AT_EMPTY_PATH
		{root, "/lib64", true, "", false},      // absolute: lookupPath's
	}
	for _, tc := range tests {
		got, ok := lookupFrom(root, root, tc.dir, tc.path, tc.follow)
		if got != tc.want || ok != tc.ok {
			t.Errorf("lookupFrom(%q, %q, follow %v) = %q, %v; want %q, %v", tc.dir, tc.path, tc.follow, got, ok, tc.want, tc.ok)
		}
	}
}
