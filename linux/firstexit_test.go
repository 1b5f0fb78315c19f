//go:build linux

package linux_test

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestRunnerFirstExit: the process its caller started ends when the
// program's first process does, while the child it forked runs on, as
// under Linux and qemu-user (testdata/corpus/c/detach.c, run under
// ppc64emu run, qemu-ppc64le and natively as built for the host). The
// child waits for what the test does only after it has seen that end: a
// line on descriptor 3 ("wait"; "kill": the first process killed itself
// with SIGTERM), or SIGUSR1 sent to the run's process group ("group":
// under ppc64emu the child is a guest process of the back process that
// run started, which takes a signal to its group for every guest process
// of the group once the first one has gone; "setsid": the child, in a
// session of its own, outlives a SIGKILL of the run's group, sent before
// its line: the back process leaves the caller's session when no guest
// process it runs is in it any more). The child's line reaches the
// standard output the first process had. Bounds of 2 minutes are failure
// bounds, not timings.
func TestRunnerFirstExit(t *testing.T) {
	prog := crossCompile(t, "detach")
	runners := corpusReferences(t, "detach", prog, [][]string{{buildRunner(t), "run", prog}})
	for _, r := range runners {
		for _, tc := range []struct {
			mode   string
			signal syscall.Signal // the first process's death, or 0: exit 7
			child  string         // the child's line
		}{
			{"wait", 0, "child: got go\n"},
			{"kill", syscall.SIGTERM, "child: got go\n"},
			{"group", 0, "child: got SIGUSR1\n"},
			{"setsid", 0, "child: got go\n"},
		} {
			t.Run(filepath.Base(r[0])+"/"+tc.mode, func(t *testing.T) {
				fromTest, w3, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer w3.Close()
				out, outW, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer out.Close()
				cmd := exec.Command(r[0], append(r[1:], tc.mode)...)
				cmd.Stdout = outW
				cmd.ExtraFiles = []*os.File{fromTest}
				// A group of its own, which "group" signals and a
				// failure kills.
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
				err = cmd.Start()
				fromTest.Close()
				outW.Close()
				if err != nil {
					t.Fatal(err)
				}
				pgid := cmd.Process.Pid
				defer syscall.Kill(-pgid, syscall.SIGKILL)
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case err := <-done:
					ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
					switch {
					case tc.signal != 0 && !(ws.Signaled() && ws.Signal() == tc.signal):
						t.Errorf("%v: first process ended with %v, want killed by %v", r, err, tc.signal)
					case tc.signal == 0 && ws.ExitStatus() != 7:
						t.Errorf("%v: first process ended with %v, want exit status 7", r, err)
					}
				case <-time.After(2 * time.Minute):
					t.Fatalf("%v: the process the test started has not ended while the child runs", r)
				}
				switch tc.mode {
				case "group":
					_ = syscall.Kill(-pgid, syscall.SIGUSR1)
				case "setsid":
					// The child is in a session of its own:
					// a kill of the run's group does not reach it.
					_ = syscall.Kill(-pgid, syscall.SIGKILL)
				}
				if tc.mode != "group" {
					if _, err := w3.Write([]byte("go\n")); err != nil {
						t.Fatal(err)
					}
				}
				got := make(chan []byte, 1)
				go func() { b, _ := io.ReadAll(out); got <- b }()
				select {
				case b := <-got:
					if want := "parent: exit 7\n" + tc.child; string(b) != want {
						t.Errorf("%v: stdout %q, want %q", r, b, want)
					}
				case <-time.After(2 * time.Minute):
					t.Fatalf("%v: the child has not ended", r)
				}
			})
		}
	}
}

// TestRunnerIgnoredSignals: a program run by a shell that ignores SIGHUP
// and SIGINT (as nohup and a shell's background job do) starts with them
// ignored under ppc64emu run (in two processes, and in one with -count)
// as under qemu-ppc64le and natively (sigign.c); without the trap each
// prints what the host's build prints where the test runs.
func TestRunnerIgnoredSignals(t *testing.T) {
	prog := crossCompile(t, "sigign")
	emu := buildRunner(t)
	runners := corpusReferences(t, "sigign", prog, [][]string{{emu, "run", prog}, {emu, "run", "-count", prog}})
	native := runners[len(runners)-1]
	for _, trap := range []string{`trap "" HUP INT; `, ""} {
		var want string
		if trap != "" {
			want = "HUP ignored\nINT ignored\n"
		} else if filepath.Base(native[0]) == "sigign" {
			b, err := exec.Command(native[0], "HUP", "INT").Output()
			if err != nil {
				t.Fatal(err)
			}
			want = string(b)
		} else {
			continue
		}
		for _, r := range runners {
			cmd := exec.Command("sh", append([]string{"-c", trap + `exec "$@"`, "sh"}, append(r, "HUP", "INT")...)...)
			b, err := cmd.Output()
			if err != nil || string(b) != want {
				t.Errorf("%q under %v: %v, printed %q, want %q", trap, r, err, b, want)
			}
		}
	}
}
