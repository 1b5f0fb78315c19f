//go:build linux

package linux

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// rootTree makes a directory top with a root, root, in it and a file
// secret both in the root ("inside") and outside it, next to the root
// ("outside"), and returns top, root and an O_PATH descriptor of root.
// In the root: x, a directory a/b, links abs -> /x, up -> ../../../..,
// dang -> /made (dangling), loop1 <-> loop2, and a chain l0 -> l1 -> ...
// -> l40 -> x (41 links from l0, 40 from l1).
func rootTree(t *testing.T) (top, root string, rootd int) {
	t.Helper()
	top = t.TempDir()
	root = filepath.Join(top, "root")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "a/b"), 0o755))
	must(os.WriteFile(filepath.Join(root, "x"), []byte("x"), 0o644))
	must(os.WriteFile(filepath.Join(root, "secret"), []byte("inside"), 0o644))
	must(os.WriteFile(filepath.Join(top, "secret"), []byte("outside"), 0o644))
	for name, target := range map[string]string{"abs": "/x", "up": "../../../..", "dang": "/made", "loop1": "loop2", "loop2": "loop1"} {
		must(os.Symlink(target, filepath.Join(root, name)))
	}
	for i := 0; i <= maxSymlinks; i++ {
		target := "l" + itoa(i+1)
		if i == maxSymlinks {
			target = "x"
		}
		must(os.Symlink(target, filepath.Join(root, "l"+itoa(i))))
	}
	d, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	must(err)
	t.Cleanup(func() { unix.Close(d) })
	return top, root, d
}

// withWalk runs f with openat2 (where the host has it) and with the walk
// the runner falls back to without it.
func withWalk(t *testing.T, f func(t *testing.T)) {
	t.Run("openat2", func(t *testing.T) {
		if noOpenat2.Load() {
			t.Skip("the host has no openat2")
		}
		f(t)
	})
	t.Run("walk", func(t *testing.T) {
		was := noOpenat2.Load()
		noOpenat2.Store(true)
		defer noOpenat2.Store(was)
		f(t)
	})
}

// TestOpenInRoot: opens in a root stay in it and fail as Linux's: a
// dangling link is followed to create its target in the root (O_CREAT),
// and is EEXIST with O_EXCL; 40 links resolve, 41 and a loop are ELOOP,
// as is O_NOFOLLOW on a link; ".." and absolute links stop at the root.
func TestOpenInRoot(t *testing.T) {
	withWalk(t, func(t *testing.T) {
		top, root, rootd := rootTree(t)
		tests := []struct {
			path  string
			flags int
			err   error
			read  string // what the descriptor reads
		}{
			{"/x", unix.O_RDONLY, nil, "x"},
			{"/abs", unix.O_RDONLY, nil, "x"},
			{"/up/secret", unix.O_RDONLY, nil, "inside"},
			{"/a/b/../../../../secret", unix.O_RDONLY, nil, "inside"},
			{"/l1", unix.O_RDONLY, nil, "x"},
			{"/l0", unix.O_RDONLY, unix.ELOOP, ""},
			{"/l0/y", unix.O_RDONLY, unix.ELOOP, ""},
			{"/loop1", unix.O_RDONLY, unix.ELOOP, ""},
			{"/abs", unix.O_RDONLY | unix.O_NOFOLLOW, unix.ELOOP, ""},
			{"/dang", unix.O_RDWR | unix.O_CREAT | unix.O_EXCL, unix.EEXIST, ""},
			{"/dang", unix.O_RDWR | unix.O_CREAT | unix.O_NOFOLLOW, unix.ELOOP, ""},
			{"/dang", unix.O_RDONLY, unix.ENOENT, ""},
			{"/dang", unix.O_RDWR | unix.O_CREAT, nil, ""}, // creates root/made
			{"/x/", unix.O_RDONLY, unix.ENOTDIR, ""},
		}
		for _, tc := range tests {
			fd, err := openInRoot(rootd, tc.path, tc.flags|unix.O_CLOEXEC, 0o644)
			if !errors.Is(err, tc.err) || (tc.err != nil && err == nil) {
				t.Errorf("open %q flags %#x: %v, want %v", tc.path, tc.flags, err, tc.err)
			}
			if err != nil {
				continue
			}
			b := make([]byte, 16)
			n, _ := unix.Read(fd, b)
			unix.Close(fd)
			if string(b[:max(n, 0)]) != tc.read {
				t.Errorf("open %q: read %q, want %q", tc.path, b[:max(n, 0)], tc.read)
			}
		}
		if _, err := os.Lstat(filepath.Join(root, "made")); err != nil {
			t.Errorf("O_CREAT through /dang: %v, want root/made made", err)
		}
		for _, name := range []string{"made", "x"} {
			if _, err := os.Lstat(filepath.Join(top, name)); err == nil {
				t.Errorf("%s made outside the root", name)
			}
		}
	})
}

// TestLookupInAfterRename: what lookupIn returns names what it found, so
// that renames and links made between the lookup and the host's call
// (another process's, racing) cannot move the call out of the root: each
// case looks up, then replaces what it found by a link to the file
// outside the root (or moves its directory out of the root), then makes
// the host's call, which must act on what the lookup found or fail,
// never on the file outside.
func TestLookupInAfterRename(t *testing.T) {
	tests := []struct {
		name string
		path string
		how  lookupHow
		// change is what happens between the lookup and the call, in
		// top's tree.
		change func(top, root string) error
		// call is the host's call with the lookup's result; it returns
		// what it read, if it reads.
		call func(d int, p string) (string, error)
		want string
	}{
		{
			name: "stat follows, the file becomes a link out",
			path: "/secret", how: lookFollow,
			change: func(top, root string) error {
				if err := os.Remove(filepath.Join(root, "secret")); err != nil {
					return err
				}
				return os.Symlink(filepath.Join(top, "secret"), filepath.Join(root, "secret"))
			},
			call: readAt,
			want: "inside",
		},
		{
			name: "lstat, the file becomes a link out",
			path: "/secret", how: lookNoFollow,
			change: func(top, root string) error {
				if err := os.Remove(filepath.Join(root, "secret")); err != nil {
					return err
				}
				return os.Symlink(filepath.Join(top, "secret"), filepath.Join(root, "secret"))
			},
			call: func(d int, p string) (string, error) {
				var st unix.Stat_t
				if err := unix.Fstatat(d, p, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
					return "", err
				}
				if st.Mode&unix.S_IFMT == unix.S_IFLNK {
					return "link", nil
				}
				return "file", nil
			},
			want: "link", // the link in the root, not the file it names
		},
		{
			name: "mkdir, the parent moves out of the root",
			path: "/a/b/new", how: lookParent,
			change: func(top, root string) error {
				if err := os.Rename(filepath.Join(root, "a/b"), filepath.Join(top, "b")); err != nil {
					return err
				}
				return os.Symlink(top, filepath.Join(root, "a/b"))
			},
			call: func(d int, p string) (string, error) {
				if err := unix.Mkdirat(d, p, 0o755); err != nil {
					return "", err
				}
				return "made", nil
			},
			want: "made", // in the directory found (moved: Linux's too), not top/new
		},
		{
			name: "open with a trailing slash, the directory becomes a link out",
			path: "/a/", how: lookNoFollow,
			change: func(top, root string) error {
				if err := os.Rename(filepath.Join(root, "a"), filepath.Join(root, "a2")); err != nil {
					return err
				}
				return os.Symlink(top, filepath.Join(root, "a"))
			},
			call: func(d int, p string) (string, error) {
				return readAt(d, p+"secret")
			},
			want: "", // ENOENT: a2 has no secret; top's is not reached
		},
	}
	withWalk(t, func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				afterRename(t, tc.path, tc.how, tc.change, tc.call, tc.want)
			})
		}
	})
}

// afterRename is a case of TestLookupInAfterRename.
func afterRename(t *testing.T, path string, how lookupHow, change func(top, root string) error, call func(d int, p string) (string, error), want string) {
	top, root, rootd := rootTree(t)
	d, p, opened, e := lookupIn(rootd, path, how)
	if e != 0 {
		t.Fatalf("lookupIn %q: errno %d", path, e)
	}
	if opened >= 0 {
		defer unix.Close(opened)
	}
	if err := change(top, root); err != nil {
		t.Fatal(err)
	}
	if got, _ := call(d, p); got != want {
		t.Errorf("after the change: %q, want %q", got, want)
	}
	if _, err := os.Lstat(filepath.Join(top, "new")); err == nil {
		t.Errorf("made outside the root")
	}
}

// readAt reads the file at host directory descriptor d and path p.
func readAt(d int, p string) (string, error) {
	fd, err := unix.Openat(d, p, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", err
	}
	defer unix.Close(fd)
	b := make([]byte, 16)
	n, err := unix.Read(fd, b)
	if err != nil {
		return "", err
	}
	return string(b[:n]), nil
}

// TestOpenInRootRenameRace: lookups while another goroutine keeps
// changing the root's tree never reach the file outside it: a directory
// moved out of the root and back while the lookup goes up from it with
// ".." (the classic escape from a chroot), and a directory exchanged with
// a link to a directory outside (a host path, which the root's walk takes
// as a name in the root). Each round, the mover makes one change while
// the lookup runs (a handshake starts both; nothing waits for a time).
func TestOpenInRootRenameRace(t *testing.T) {
	tests := []struct {
		name, path string
		// setup prepares top's tree and returns the change a round
		// makes (outward says which way).
		setup func(top, root string) (func(outward bool) error, error)
	}{
		{
			name: "a directory moves out and back",
			path: "/a/b/c/d/../../../secret", // from d up three: a while b is in, top while it is out
			setup: func(top, root string) (func(bool) error, error) {
				if err := os.MkdirAll(filepath.Join(root, "a/b/c/d"), 0o755); err != nil {
					return nil, err
				}
				if err := os.WriteFile(filepath.Join(root, "a/secret"), []byte("inside"), 0o644); err != nil {
					return nil, err
				}
				in, out := filepath.Join(root, "a/b"), filepath.Join(top, "b")
				return func(outward bool) error {
					if outward {
						return os.Rename(in, out)
					}
					return os.Rename(out, in)
				}, nil
			},
		},
		{
			name: "a directory exchanged with a link out",
			path: "/e/secret",
			setup: func(top, root string) (func(bool) error, error) {
				if err := os.MkdirAll(filepath.Join(root, "e"), 0o755); err != nil {
					return nil, err
				}
				if err := os.WriteFile(filepath.Join(root, "e/secret"), []byte("inside"), 0o644); err != nil {
					return nil, err
				}
				if err := os.Symlink(top, filepath.Join(root, "elink")); err != nil {
					return nil, err
				}
				return func(bool) error {
					return unix.Renameat2(unix.AT_FDCWD, filepath.Join(root, "e"), unix.AT_FDCWD, filepath.Join(root, "elink"), unix.RENAME_EXCHANGE)
				}, nil
			},
		},
	}
	withWalk(t, func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) { renameRace(t, tc.path, tc.setup) })
		}
	})
}

// renameRace is a case of TestOpenInRootRenameRace.
func renameRace(t *testing.T, path string, setup func(top, root string) (func(bool) error, error)) {
	top, root, rootd := rootTree(t)
	change, err := setup(top, root)
	if err != nil {
		t.Fatal(err)
	}
	start, done := make(chan bool), make(chan error)
	go func() {
		for outward := range start {
			done <- change(outward)
		}
	}()
	defer close(start)
	const rounds = 2000
	for i := range rounds {
		start <- i%2 == 0
		fd, err := openInRoot(rootd, path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err != nil {
			continue // ENOENT while the directory is out
		}
		b := make([]byte, 16)
		n, _ := unix.Read(fd, b)
		unix.Close(fd)
		if got := string(b[:max(n, 0)]); got != "inside" {
			t.Fatalf("round %d read %q: the lookup left the root", i, got)
		}
	}
}

// TestInterpInRoot: a program's interpreter is looked up in the process's
// chroot(2) root only (ENOENT when the root lacks it, though the host has
// the name), following links in the root; without a root, in the sysroot
// and then the host.
func TestInterpInRoot(t *testing.T) {
	_, root, rootd := rootTree(t)
	d, err := unix.Dup(rootd)
	if err != nil {
		t.Fatal(err)
	}
	th := &Thread{p: &Process{}, resources: resources{group: newThreadGroup(1)}}
	th.group.fs.setRoot(root, d)
	defer th.group.fs.release()
	defer th.closeLookups()
	if _, err := th.interpHost("/bin/sh"); !errors.Is(err, unix.ENOENT) {
		t.Errorf("interpHost(/bin/sh) in a root without it: %v, want ENOENT", err)
	}
	h, err := th.interpHost("/abs")
	if err != nil {
		t.Fatalf("interpHost(/abs): %v", err)
	}
	if real := th.realHost(h); real != filepath.Join(root, "x") {
		t.Errorf("interpHost(/abs) = %q (%q), want the root's x", h, real)
	}
	plain := &Thread{p: &Process{}, resources: resources{group: newThreadGroup(1)}}
	if h, err := plain.interpHost("/bin/sh"); err != nil || h != "/bin/sh" {
		t.Errorf("interpHost without a root: %q %v, want the host's", h, err)
	}
	if !strings.HasPrefix(h, "/proc/self/fd/") {
		t.Errorf("interpHost(/abs) = %q, want a descriptor of what it found", h)
	}
}

// BenchmarkLookupInRoot measures a lookup in a root (a path of four
// components through an absolute link) with openat2 and with the walk.
func BenchmarkLookupInRoot(b *testing.B) {
	for _, walk := range []bool{false, true} {
		name := "openat2"
		if walk {
			name = "walk"
		}
		b.Run(name, func(b *testing.B) {
			was := noOpenat2.Load()
			noOpenat2.Store(walk)
			defer noOpenat2.Store(was)
			root := b.TempDir()
			if err := os.MkdirAll(filepath.Join(root, "usr/lib/x"), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.Symlink("/usr/lib", filepath.Join(root, "lib")); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "usr/lib/x/f"), nil, 0o644); err != nil {
				b.Fatal(err)
			}
			rootd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer unix.Close(rootd)
			for b.Loop() {
				fd, err := openInRoot(rootd, "/lib/x/f", unix.O_RDONLY|unix.O_CLOEXEC, 0)
				if err != nil {
					b.Fatal(err)
				}
				unix.Close(fd)
			}
		})
	}
}
