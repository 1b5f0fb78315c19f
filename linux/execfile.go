//go:build linux

package linux

import (
	"os"

	"golang.org/x/sys/unix"
)

// openExec opens a program (or interpreter) to load, as Linux's execve
// opens it (fs/exec.c do_open_execat, fs/namei.c may_open): a file that
// is not a regular file — a FIFO, device, socket or directory — is EACCES,
// found with fstat on a descriptor opened without blocking (opening a FIFO
// for reading would wait for a writer forever).
func openExec(path string) (*os.File, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		if err == nil {
			err = unix.EACCES
		}
		return nil, &os.PathError{Op: "exec", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
