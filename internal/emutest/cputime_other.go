//go:build !unix

package emutest

import "time"

// CPUTime is 0 on hosts without getrusage (Windows, Plan 9, WebAssembly):
// the benchmarks' cpu-ns figures are then 0, their ns/op stay.
func CPUTime() time.Duration { return 0 }
