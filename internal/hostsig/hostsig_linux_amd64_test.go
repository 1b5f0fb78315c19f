//go:build linux && amd64

package hostsig

import (
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestKernel sends the test's process SIGALRM from a process (kill:
// SI_USER) and from the kernel (an ITIMER_REAL expiry: SI_KERNEL, as
// Linux's it_real_fn sends it) and requires Kernel to tell which.
func TestKernel(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGALRM)
	defer signal.Stop(sigs)
	if !Watch(syscall.SIGALRM) {
		t.Fatal("Watch(SIGALRM) after signal.Notify: false")
	}
	defer Unwatch(syscall.SIGALRM)
	for _, c := range []struct {
		name   string
		send   func() error
		kernel bool
	}{
		{"kill", func() error { return unix.Kill(os.Getpid(), unix.SIGALRM) }, false},
		{"itimer", func() error {
			_, err := unix.Setitimer(unix.ITIMER_REAL, unix.Itimerval{Value: unix.NsecToTimeval(1e6)})
			return err
		}, true},
		{"kill again", func() error { return unix.Kill(os.Getpid(), unix.SIGALRM) }, false},
	} {
		if err := c.send(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		select {
		case <-sigs:
		case <-time.After(time.Minute): // a guard, not a measure: the signal never came
			t.Fatalf("%s: no SIGALRM", c.name)
		}
		if got := Kernel(syscall.SIGALRM); got != c.kernel {
			t.Errorf("%s: Kernel = %v, want %v", c.name, got, c.kernel)
		}
	}
	var cur sigaction
	if rtSigaction(int(syscall.SIGALRM), nil, &cur) != 0 || cur.handler != wrapPC() {
		t.Fatalf("SIGALRM's handler is not wrap")
	}
	Unwatch(syscall.SIGALRM)
	if rtSigaction(int(syscall.SIGALRM), nil, &cur) != 0 || cur.handler == wrapPC() {
		t.Errorf("Unwatch left wrap as SIGALRM's handler")
	}
}

// TestWatchRefuses checks that Watch leaves alone what it cannot wrap.
func TestWatchRefuses(t *testing.T) {
	for _, sig := range []syscall.Signal{0, 65, -1} {
		if Watch(sig) {
			t.Errorf("Watch(%d) = true", sig)
		}
		if Kernel(sig) {
			t.Errorf("Kernel(%d) = true", sig)
		}
	}
	signal.Ignore(syscall.SIGUSR2)
	defer signal.Reset(syscall.SIGUSR2)
	if Watch(syscall.SIGUSR2) {
		t.Errorf("Watch of an ignored signal = true")
	}
}

// TestGroupSender sends the test's process SIGUSR1 with kill(2) from
// itself and from host shells (SI_USER), each of which waits with the
// signal sent until the test has looked (its stdin closes), and requires
// Sender to name the sender and GroupSender to tell the one that, in the
// test's process group, ignores the signal (as GNU timeout does before
// it signals its group) from the rest.
func TestGroupSender(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGUSR1)
	defer signal.Stop(sigs)
	if !Watch(syscall.SIGUSR1) {
		t.Fatal("Watch(SIGUSR1) after signal.Notify: false")
	}
	defer Unwatch(syscall.SIGUSR1)
	me := strconv.Itoa(os.Getpid())
	for _, c := range []struct {
		name   string
		script string // "" for a kill by the test itself
		ownPg  bool   // the sender in a process group of its own
		group  bool
	}{
		{"self", "", false, false},
		{"same group", "kill -USR1 " + me + "; read x", false, false},
		{"same group, ignoring", "trap '' USR1; kill -USR1 " + me + "; read x", false, true},
		{"own group, ignoring", "trap '' USR1; kill -USR1 " + me + "; read x", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := os.Getpid()
			if c.script == "" {
				if err := unix.Kill(want, unix.SIGUSR1); err != nil {
					t.Fatal(err)
				}
			} else {
				cmd := exec.Command("sh", "-c", c.script)
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: c.ownPg}
				in, err := cmd.StdinPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Wait()
				defer in.Close()
				want = cmd.Process.Pid
			}
			select {
			case <-sigs:
			case <-time.After(time.Minute): // a guard, not a measure: the signal never came
				t.Fatal("no SIGUSR1")
			}
			if got := Sender(syscall.SIGUSR1); got != want {
				t.Errorf("Sender = %d, want %d", got, want)
			}
			if pid, uid := SenderID(syscall.SIGUSR1); pid != want || uid != os.Getuid() {
				t.Errorf("SenderID = %d, %d; want %d, %d", pid, uid, want, os.Getuid())
			}
			// Without a process group of its own (getpgrp 0, as where
			// the CI starts the tests) no sender is the group's.
			if got := GroupSender(syscall.SIGUSR1); got != (c.group && unix.Getpgrp() > 0) {
				t.Errorf("GroupSender = %v, want %v (getpgrp %d)", got, !got, unix.Getpgrp())
			}
		})
	}
}
