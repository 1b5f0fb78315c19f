//go:build linux

package linux

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// InheritedFDs are the numbers of the descriptors from 3 up open in the
// calling process without close-on-exec: those it inherited across its
// execve (the Go runtime's and os's own have close-on-exec), which a
// runner hands its first guest process as Config.ExtraFiles, as a
// program run by qemu-user inherits them. They are read from
// /proc/self/fd; without /proc, every number up to 1024 is tried.
func InheritedFDs() []int {
	var fds []int
	if ents, err := os.ReadDir("/proc/self/fd"); err == nil {
		for _, e := range ents {
			if n, err := strconv.Atoi(e.Name()); err == nil && n >= 3 {
				fds = append(fds, n)
			}
		}
	} else {
		for n := 3; n < 1024; n++ {
			fds = append(fds, n)
		}
	}
	open := []int{}
	for _, n := range fds {
		if fl, err := unix.FcntlInt(uintptr(n), unix.F_GETFD, 0); err == nil && fl&unix.FD_CLOEXEC == 0 {
			open = append(open, n)
		}
	}
	return open
}
