//go:build linux

package linux_test

import (
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/linux"
)

// leaseExpireOut is what leasebreak.c's "expire" mode prints, from a
// native run on the x86-64 host (Linux, lease-break-time 45 s).
const leaseExpireOut = `holder: F_SETLEASE F_WRLCK: 0
open for reading, after the break time: 0
holder: F_GETLEASE: F_RDLCK
holder: F_SETSIG SIGIO: 0
open for writing, after the break time: 0
holder: F_GETLEASE: F_UNLCK
holder: F_GETSIG: 0
holder: SIGIO pending: 1
holder: exit 0
`

// TestLeaseBreakTime runs leasebreak.c's "expire" mode, whose lease
// holder ignores the breaks, with lease-break times of its own: each open
// ends once the time passes, as Linux's time_out_leases ends the break (a
// write lease broken by a reader downgraded, a lease broken by a writer
// released with the description's F_SETSIG signal). A time already past
// when the opener looks again and one it has to wait for alike; nothing
// is timed.
func TestLeaseBreakTime(t *testing.T) {
	prog := crossCompile(t, "leasebreak")
	for _, d := range []time.Duration{time.Nanosecond, 20 * time.Millisecond} {
		t.Run(d.String(), func(t *testing.T) {
			defer linux.SetLeaseBreakTime(d)()
			out, st, err := runOut(t, prog, []string{"leasebreak", "expire"}, linux.Config{})
			if err != nil || st != (linux.ExitStatus{}) {
				t.Errorf("status %+v, %v", st, err)
			}
			if out != leaseExpireOut {
				t.Errorf("output\n%s--- want\n%s", out, leaseExpireOut)
			}
		})
	}
}
