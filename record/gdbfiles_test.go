package record

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/gdbstub"
)

// TestGDBTargetFiles: a replay's host I/O (gdbstub.Files) answers
// /proc/PID/maps and /proc/PID/task/TID/maps of the recording's process
// (its first thread's id) from the mappings at the Session's point, in
// Linux's format without file names, and has no other file or link.
func TestGDBTargetFiles(t *testing.T) {
	s, err := NewSession(loopLog(t, binary.BigEndian, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGDBTarget(s)
	if g.Pid() != 1 {
		t.Errorf("Pid() = %d, want 1 (the recording's first thread)", g.Pid())
	}
	const maps = "10000000-10001000 r-xp 00000000 00:00 0\n20000000-20002000 rw-p 00000000 00:00 0\n"
	for _, tc := range []struct {
		pid  int
		path string
		want string // "" for fs.ErrNotExist
	}{
		{0, "/proc/1/maps", maps},
		{1, "/proc/1/maps", maps},
		{0, "/proc/1/task/1/maps", maps},
		{2, "/proc/1/maps", ""},
		{0, "/proc/2/maps", ""},
		{0, "/proc/1/task/2/maps", ""},
		{0, "/proc/1/task/x/maps", ""},
		{0, "/proc/1/smaps", ""},
		{0, "/proc/1/task/1/", ""},
		{0, "/lib/libc.so.6", ""},
	} {
		f, err := g.OpenFile(tc.pid, tc.path)
		if tc.want == "" {
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("OpenFile(%d, %s): %v, want ErrNotExist", tc.pid, tc.path, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("OpenFile(%d, %s): %v", tc.pid, tc.path, err)
			continue
		}
		b := make([]byte, 1000)
		n, err := f.ReadAt(b, 0)
		st, serr := f.Stat()
		if err != io.EOF || serr != nil || f.Close() != nil {
			t.Errorf("OpenFile(%d, %s): read %v, stat %v", tc.pid, tc.path, err, serr)
		}
		if d := cmp.Diff(tc.want, string(b[:n])); d != "" {
			t.Errorf("OpenFile(%d, %s) (-want +got):\n%s", tc.pid, tc.path, d)
		}
		if d := cmp.Diff(gdbstub.FileStat{Mode: 0o100444, Nlink: 1, Size: uint64(len(maps))}, st); d != "" {
			t.Errorf("OpenFile(%d, %s): stat (-want +got):\n%s", tc.pid, tc.path, d)
		}
	}
	if _, err := g.ReadLink(0, "/proc/1/exe"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadLink: %v, want ErrNotExist", err)
	}
}

// sysroot is a gdbstub.Files of one file, for TestGDBTargetFilesSysroot.
type sysroot struct{ path, data string }

func (r sysroot) OpenFile(pid int, path string) (gdbstub.File, error) {
	if path != r.path {
		return nil, gdbstub.FileENOENT
	}
	return memFile{bytes.NewReader([]byte(r.data))}, nil
}

func (r sysroot) ReadLink(pid int, path string) (string, error) {
	return "", gdbstub.FileEINVAL
}

// TestGDBTargetFilesSysroot: a replay with Files set serves the files
// beyond /proc/PID/maps, and the links, from them; its maps are still the
// recording's.
func TestGDBTargetFilesSysroot(t *testing.T) {
	s, err := NewSession(loopLog(t, binary.BigEndian, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGDBTarget(s)
	g.Files = sysroot{"/lib/libc.so.6", "libc"}
	for path, want := range map[string]string{"/lib/libc.so.6": "libc", "/proc/1/maps": "10000000-10001000 r-xp"} {
		f, err := g.OpenFile(0, path)
		if err != nil {
			t.Errorf("OpenFile(%s): %v", path, err)
			continue
		}
		b := make([]byte, len(want))
		if _, err := f.ReadAt(b, 0); err != nil || string(b) != want {
			t.Errorf("OpenFile(%s): %q, %v; want %q", path, b, err, want)
		}
	}
	if _, err := g.OpenFile(0, "/lib/libm.so.6"); !errors.Is(err, gdbstub.FileENOENT) {
		t.Errorf("OpenFile of a file Files has not: %v, want its ENOENT", err)
	}
	if _, err := g.ReadLink(0, "/proc/1/exe"); !errors.Is(err, gdbstub.FileEINVAL) {
		t.Errorf("ReadLink: %v, want Files' EINVAL", err)
	}
}

// TestGDBTargetExe: a replay's /proc/PID/exe is Exe (a link to it, for
// GDB's qXfer:exec-file, and the host's file when opened), for its own
// process only; the path Exe names is the host's file unless Files has
// one there (the sysroot first, as the run looked it up); an Exe that is
// a directory is EISDIR, one missing ErrNotExist.
func TestGDBTargetExe(t *testing.T) {
	s, err := NewSession(loopLog(t, binary.BigEndian, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "prog")
	if err := os.WriteFile(exe, []byte("\x7fELF prog"), 0o755); err != nil {
		t.Fatal(err)
	}
	g := NewGDBTarget(s)
	g.Exe = exe
	if l, err := g.ReadLink(0, "/proc/1/exe"); l != exe || err != nil {
		t.Errorf("ReadLink(0, /proc/1/exe) = %q, %v; want %q", l, err, exe)
	}
	if l, err := g.ReadLink(1, "/proc/1/exe"); l != exe || err != nil {
		t.Errorf("ReadLink(1, /proc/1/exe) = %q, %v; want %q", l, err, exe)
	}
	for _, tc := range []struct {
		pid   int
		path  string
		files gdbstub.Files
		want  string // "" for fs.ErrNotExist
	}{
		{0, "/proc/1/exe", nil, "\x7fELF prog"},
		{0, exe, nil, "\x7fELF prog"},
		{0, exe, sysroot{exe, "sysroot's"}, "sysroot's"},
		{0, "/proc/1/exe", sysroot{exe, "sysroot's"}, "\x7fELF prog"},
		{0, exe, sysroot{"/other", "x"}, "\x7fELF prog"},
		{2, "/proc/1/exe", nil, ""},
		{0, "/proc/2/exe", nil, ""},
		{0, exe + "2", nil, ""},
	} {
		g.Files = tc.files
		f, err := g.OpenFile(tc.pid, tc.path)
		if tc.want == "" {
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("OpenFile(%d, %s): %v, want ErrNotExist", tc.pid, tc.path, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("OpenFile(%d, %s): %v", tc.pid, tc.path, err)
			continue
		}
		b := make([]byte, 100)
		n, _ := f.ReadAt(b, 0)
		st, serr := f.Stat()
		if string(b[:n]) != tc.want || serr != nil || st.Size != uint64(len(tc.want)) || f.Close() != nil {
			t.Errorf("OpenFile(%d, %s): %q, stat %+v %v; want %q", tc.pid, tc.path, b[:n], st, serr, tc.want)
		}
	}
	g.Files = nil
	for _, tc := range []struct {
		exe  string
		want error
	}{{dir, gdbstub.FileEISDIR}, {filepath.Join(dir, "none"), fs.ErrNotExist}} {
		g.Exe = tc.exe
		if _, err := g.OpenFile(0, "/proc/1/exe"); !errors.Is(err, tc.want) {
			t.Errorf("Exe %s: OpenFile: %v, want %v", tc.exe, err, tc.want)
		}
	}
	g.Exe = ""
	if _, err := g.ReadLink(0, "/proc/1/exe"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("no Exe: ReadLink: %v, want ErrNotExist", err)
	}
}
