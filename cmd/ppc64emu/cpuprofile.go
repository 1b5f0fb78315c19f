//go:build linux

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
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
