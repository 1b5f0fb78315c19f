//go:build linux

package linux

import (
	"golang.org/x/sys/unix"
)

// writeStderr writes msg, a message of the runner's own about t's
// process, on that process's descriptor 2, as qemu-user, where every
// guest process is a host process whose standard error is the guest's,
// writes its messages (its "uncaught target signal" line, -strace's
// lines once ppc64emu run's front has gone: Process.Detach): to whatever
// the guest has made its descriptor 2, nowhere if it closed it. A
// descriptor the runner answers itself (/proc/PID/mem, a /proc entry
// opened for writing, a pidfd) gets nothing: its writes mean something
// else. The write is the host's, made with the process lock held, as
// Config.Strace's lines and the core file are written (qemu-user writes
// its line once every other thread has stopped): the process's other
// threads do not run on meanwhile. A full non-blocking pipe, a reader
// gone (EPIPE: a raw write raises no SIGPIPE in a Go program) or any
// other error drops the rest, as qemu-user's fprintf does.
func (t *Thread) writeStderr(msg []byte) {
	h := t.files.get(2)
	if h < 0 || t.files.memfds[h] != nil || t.files.pidfds[h] != nil {
		return
	}
	if _, ok := t.files.procWrites[h]; ok {
		return
	}
	for len(msg) > 0 {
		n, err := unix.Write(h, msg)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			break
		}
		msg = msg[n:]
	}
}
