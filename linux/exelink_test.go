//go:build linux

package linux_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/record"
)

// TestStartExeResolvesLinks: a program started through a symbolic link,
// or through a symbolically linked directory, is named by its real path,
// as Linux's /proc/PID/exe (d_path of the opened file) names it; the
// recording's header, whose first argument is that path, then names the
// real file too.
func TestStartExeResolvesLinks(t *testing.T) {
	bin := filepath.Join(corpusDir, "c-stdio.le")
	if !fileExists(bin) {
		t.Skipf("%s not built (scripts/build-corpus.sh)", bin)
	}
	abs, err := filepath.Abs(bin)
	if err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(filepath.Join(dir, "d"), 0o755))
	must(os.Symlink(abs, filepath.Join(dir, "d", "abs")))                           // absolute target
	must(os.Symlink("abs", filepath.Join(dir, "d", "rel")))                         // relative, to a link
	must(os.Symlink("d", filepath.Join(dir, "via")))                                // a linked directory
	must(os.Symlink(filepath.Join(dir, "via", "rel"), filepath.Join(dir, "chain"))) // through both
	for _, name := range []string{"d/abs", "d/rel", "via/abs", "via/rel", "chain"} {
		t.Run(name, func(t *testing.T) {
			rec := recordRun(t, filepath.Join(dir, name), nil, "")
			rd, err := record.NewReader(bytes.NewReader(rec.log))
			if err != nil {
				t.Fatal(err)
			}
			if a := rd.Header.Args; len(a) == 0 || a[0] != real {
				t.Errorf("header's program = %q, want %q", a, real)
			}
		})
	}
}

// TestExeGuestName: in the sysroot, /proc/PID/exe names a program by its
// guest name with every symbolic link resolved as the runner's lookup
// resolves it there (an absolute target starts again at the sysroot), as
// Linux's d_path below a chroot(2) root names it (fs/proc/base.c
// proc_exe_link, fs/d_path.c d_path from the reader's root): a program
// executed through an absolute link or a linked directory, a #! script's
// linked interpreter (Linux's exe is the interpreter), another process's
// link, and the program started by its host path through a relative link;
// the sysroot itself named through a link. qemu-user 7.2 -L shows the
// host path instead (docs/design.md). The guest is the static big-endian
// busybox of scripts/be-corpus.sh, with its applets run as programs.
func TestExeGuestName(t *testing.T) {
	bb := "../build/be/root/usr/bin/busybox"
	if !fileExists(bb) {
		t.Skip("no big-endian busybox: run bash scripts/be-corpus.sh -build-only")
	}
	prog, err := os.ReadFile(bb)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"real", "opt", "usr/bin"} {
		must(os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	must(os.WriteFile(filepath.Join(root, "real/busybox"), prog, 0o755))
	must(os.WriteFile(filepath.Join(root, "opt/readlink"), prog, 0o755))
	must(os.Symlink("../../real/busybox", filepath.Join(root, "usr/bin/sh")))
	must(os.Symlink("/real/busybox", filepath.Join(root, "usr/bin/readlink")))
	must(os.Symlink("/usr/bin", filepath.Join(root, "lnk")))
	must(os.Symlink("/opt", filepath.Join(root, "od")))
	must(os.WriteFile(filepath.Join(root, "s.sh"), []byte("#!/lnk/sh\n/usr/bin/readlink /proc/$$/exe\n"), 0o755))
	must(os.Symlink("root", filepath.Join(dir, "rootlink")))
	script := `/usr/bin/readlink /proc/self/exe
/lnk/readlink /proc/self/exe
/od/readlink /proc/self/exe
/s.sh
/usr/bin/readlink /proc/$$/exe
`
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	sysroot := filepath.Join(dir, "rootlink")
	p, err := linux.Start(filepath.Join(sysroot, "usr/bin/sh"), []string{"sh", "-c", script}, []string{"PATH=/usr/bin"},
		linux.Config{Sysroot: sysroot, Stdout: out, Stderr: out})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := p.Wait(); err != nil || st.Code != 0 || st.Signal != 0 {
		t.Errorf("Wait = %+v, %v; want exit 0", st, err)
	}
	got, err := os.ReadFile(out.Name())
	if err != nil {
		t.Fatal(err)
	}
	want := "/real/busybox\n/real/busybox\n/opt/readlink\n/real/busybox\n/real/busybox\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("readlink /proc/PID/exe (-want +got):\n%s", diff)
	}
}
