//go:build linux

package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"
	"syscall"
)

// startCPUProfile starts a Go CPU profile of the runner into the file
// path (run's -cpuprofile) and returns what stops it and closes the file.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// perfMapPath is the file perf reads the names of process pid's code
// generated at run time from (run's -perfmap).
func perfMapPath(pid int) string { return fmt.Sprintf("/tmp/perf-%d.map", pid) }

// errPerfMapFile is createPerfMap's refusal of a path that is not a
// regular file of the runner's own.
var errPerfMapFile = errors.New("exists and is not a regular file of this user with one link: not written")

// createPerfMap opens path (perfMapPath's, in the world-writable /tmp)
// for writing, empty, without following a symbolic link at its end, and
// refuses a file already there that another user owns, that is not a
// regular file or that has other links: another user cannot make a run
// with -perfmap (root's, say) empty or write into a file of its choice
// by putting a link or a file at the name first.
func createPerfMap(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return nil, err
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		f.Close()
		return nil, &os.PathError{Op: "fstat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG || int(st.Uid) != os.Geteuid() || st.Nlink != 1 {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: errPerfMapFile}
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
