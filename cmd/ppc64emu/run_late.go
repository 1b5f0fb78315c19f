//go:build linux

package main

import (
	"io"
	"strconv"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// Where the back writes once the front has gone (runBack). Its standard
// input, output and error are then /dev/null, so that a pipe the caller
// reads ends when the guest processes still holding it close it (as
// under qemu-user, where each is a host process holding its own); but
// what it still has to say — a runner error that ends the run (an
// instruction it cannot execute in a process left running), -strace's
// lines — belongs on the caller's standard error, where it went while
// the front ran. So the back keeps an O_PATH descriptor of it, which does
// not hold a pipe's write end open, and opens it anew for each message
// (lateStderr): a pipe or FIFO while someone reads it, a terminal, a
// file (appended to); a socket cannot be opened so, and a pipe nobody
// reads any more (ENXIO) has no one to tell: the message is dropped.

// backStderr is the back's standard error: the one it inherited until
// the front has gone (detach), then lateStderr's.
type backStderr struct {
	w atomic.Pointer[io.Writer]
}

func newBackStderr(w io.Writer) *backStderr {
	b := &backStderr{}
	b.w.Store(&w)
	return b
}

func (b *backStderr) Write(p []byte) (int, error) { return (*b.w.Load()).Write(p) }

// detach says the front has gone: late, if not nil, is the writer from
// now on (else the back's descriptor 2, which is then /dev/null).
func (b *backStderr) detach(late *lateStderr) {
	if late != nil {
		var w io.Writer = late
		b.w.Store(&w)
	}
}

// lateStderr writes to the file its O_PATH descriptor names, opened for
// each write (the comment above).
type lateStderr struct{ path int }

// newLateStderr returns a lateStderr for descriptor fd, nil if it is not
// open.
func newLateStderr(fd int) *lateStderr {
	d, err := unix.Open("/proc/self/fd/"+strconv.Itoa(fd), unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	return &lateStderr{path: d}
}

func (l *lateStderr) Write(p []byte) (int, error) {
	// O_NONBLOCK: a FIFO's open for writing waits for a reader without
	// it (ENXIO with it); cleared for the write, which is the
	// descriptor's own.
	fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(l.path), unix.O_WRONLY|unix.O_APPEND|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return len(p), nil // nowhere to write it
	}
	defer unix.Close(fd)
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFL, unix.O_APPEND); err != nil {
		return len(p), nil
	}
	for n := 0; n < len(p); {
		m, err := unix.Write(fd, p[n:])
		if err == unix.EINTR {
			continue
		}
		if err != nil || m <= 0 {
			break
		}
		n += m
	}
	return len(p), nil
}
