//go:build linux

package gdbstub_test

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux"
)

// TestDebuggerFiles: linux.Debugger's host I/O (gdbstub.Files) opens
// paths as the debugged process would: a library under the sysroot (-L),
// the process's /proc files as the runner answers them for the guest
// (/proc/self is the guest's own); regular files only (a directory is
// EISDIR, a device EACCES), /proc/PID/mem and the fd listing refused;
// errors as GDB's errnos. Its links are the process's readlink's.
func TestDebuggerFiles(t *testing.T) {
	o := orders[0]
	prog, root := dynamicProg(t, o.name, o.cc)
	devnull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close() // the runner keeps its own duplicate
	_, d := startDebugConfig(t, linux.Config{Stdout: devnull, Sysroot: root}, prog)
	pid := strconv.Itoa(d.Pid())
	libc, err := os.ReadFile(root + "/lib/libc.so.6")
	if err != nil {
		t.Fatal(err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want func(b []byte) bool // the whole content
		err  error
	}{
		{path: "/lib/libc.so.6", want: func(b []byte) bool { return bytes.Equal(b, libc) }},
		{path: "/proc/" + pid + "/maps", want: func(b []byte) bool {
			return strings.Contains(string(b), " [vdso]\n") && strings.Contains(string(b), prog+"\n")
		}},
		{path: "/proc/self/cmdline", want: func(b []byte) bool { return string(b) == prog+"\x00" }},
		{path: "/proc/" + pid + "/task/" + pid + "/maps", want: func(b []byte) bool { return strings.Contains(string(b), " [vdso]\n") }},
		{path: "/", err: gdbstub.FileEISDIR},
		{path: "/dev/null", err: gdbstub.FileEACCES},
		{path: "/proc/" + pid + "/mem", err: gdbstub.FileEACCES},
		{path: "/proc/" + pid + "/fd", err: gdbstub.FileEACCES},
		{path: "/no/such/file", err: gdbstub.FileENOENT},
	} {
		f, err := d.OpenFile(0, tc.path)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("OpenFile(%s): %v, want %v", tc.path, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("OpenFile(%s): %v", tc.path, err)
			continue
		}
		var b []byte
		buf := make([]byte, 1<<16)
		for {
			n, err := f.ReadAt(buf, int64(len(b)))
			b = append(b, buf[:n]...)
			if err != nil || n == 0 {
				break
			}
		}
		st, err := f.Stat()
		if err != nil || st.Mode&0o170000 != 0o100000 {
			t.Errorf("OpenFile(%s): stat mode %o, %v; want a regular file", tc.path, st.Mode, err)
		}
		if f.Close() != nil || !tc.want(b) {
			t.Errorf("OpenFile(%s): %d bytes, not what it holds:\n%.400s", tc.path, len(b), b)
		}
	}
	for _, tc := range []struct{ path, want string }{
		{"/proc/" + pid + "/exe", prog},
		{"/proc/self", pid},
		{"/proc/" + pid + "/cwd", cwd},
	} {
		if got, err := d.ReadLink(0, tc.path); got != tc.want || err != nil {
			t.Errorf("ReadLink(%s) = %q, %v; want %q", tc.path, got, err, tc.want)
		}
	}
	if _, err := d.ReadLink(0, "/lib/libc.so.6"); !errors.Is(err, gdbstub.FileEINVAL) {
		t.Errorf("ReadLink of a file: %v, want EINVAL", err)
	}
}
