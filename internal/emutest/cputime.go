//go:build unix

package emutest

import (
	"syscall"
	"time"
)

// CPUTime is the process's user plus system CPU time (getrusage; 0 on
// hosts without it, cputime_other.go). Benchmarks report it per operation
// next to ns/op: on a machine shared with other work it is a steadier
// measure than wall time.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
