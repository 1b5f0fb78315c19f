//go:build linux

package linux_test

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux"
)

// The descriptors this test binary inherited from whatever started it
// (a shell's, a CI harness's) are not passed on to the programs the tests
// run — references and runner alike — so that what a program sees open
// is what its test gave it (os/exec passes every descriptor without
// close-on-exec, and ppc64emu run hands those to the guest as Linux
// does: TestInheritedFiles).
func init() {
	for _, n := range linux.InheritedFDs() {
		unix.CloseOnExec(n)
	}
}

// TestInheritedFiles runs inheritfd.c under ppc64emu run, qemu-ppc64le
// and natively (as built for the host) with descriptors beyond 0-2 open:
// sparse ones a shell redirects (5<file 7>>file 9<>file), listed alike;
// and a pipe to the test on 3 and one from it on 4, written by the
// program, its forked child and an exec'd copy, after which the program
// closes 3 and waits for the test's line on 4, which the test writes only
// once it has read the end of 3 (qemu-user's child execs qemu-ppc64le
// with the program: without binfmt_misc it cannot exec it itself): a copy of 3 the runner kept open would
// hang it (the bound below is a failure bound, not a timing).
func TestInheritedFiles(t *testing.T) {
	prog := crossCompile(t, "inheritfd")
	runners := corpusReferences(t, "inheritfd", prog, [][]string{{buildRunner(t), "run", prog}})
	q := ""
	if len(runners) > 1 && filepath.Base(runners[1][0]) == "qemu-ppc64le" {
		q = runners[1][0]
	}
	if len(runners) == 1 {
		t.Log("no qemu-ppc64le and no cc: the runner's output is checked against the expected lines only")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.WriteFile(in, []byte("input\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const wantList = "main: fd 5 open r\nmain: fd 7 open w append\nmain: fd 9 open rw\nmain: listed\n"
	const wantPipe = "main: fd 3 open w\nmain: fd 4 open r\nmain: listed\n" +
		"exec: fd 3 open w\nexec: fd 4 open r\nexec: listed\n" +
		"child: status 0\nmain: parent said eof seen\n"
	for _, r := range runners {
		name := filepath.Base(r[0])
		t.Run(name+"/shell", func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cmd := exec.Command("sh", append([]string{"-c", `"$@" 5<"$IN" 7>>"$OUT" 9<>"$OUT"`, "sh"}, r...)...)
			cmd.Env = append(os.Environ(), "IN="+in, "OUT="+out)
			b, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %v", r, err)
			}
			if string(b) != wantList {
				t.Errorf("%v printed\n%s\nwant\n%s", r, b, wantList)
			}
		})
		t.Run(name+"/pipe", func(t *testing.T) {
			toTest, w3, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r4, fromTest, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			args := append(r[1:], "pipe")
			if r[0] == q {
				args = append(args, q, prog, "exec") // qemu-user's exec of a ppc64 program needs binfmt_misc
			}
			cmd := exec.Command(r[0], args...)
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			cmd.ExtraFiles = []*os.File{w3, r4}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w3.Close()
			r4.Close()
			type read struct {
				b   []byte
				err error
			}
			got := make(chan read, 1)
			go func() { b, err := io.ReadAll(bufio.NewReader(toTest)); got <- read{b, err} }()
			select {
			case rd := <-got:
				if rd.err != nil || string(rd.b) != "main\nchild\nexec\n" {
					t.Errorf("%v: read %q, %v from descriptor 3", r, rd.b, rd.err)
				}
			case <-time.After(2 * time.Minute):
				_ = cmd.Process.Kill()
				t.Fatalf("%v: descriptor 3 still open after 2 minutes (stdout so far %q)", r, stdout.String())
			}
			if _, err := fromTest.Write([]byte("eof seen\n")); err != nil {
				t.Error(err)
			}
			fromTest.Close()
			if err := cmd.Wait(); err != nil {
				t.Fatalf("%v: %v", r, err)
			}
			toTest.Close()
			if stdout.String() != wantPipe {
				t.Errorf("%v printed\n%s\nwant\n%s", r, stdout.String(), wantPipe)
			}
		})
	}
}
