//go:build linux && amd64

package hostsig

import (
	"os"
	"os/signal"
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
