//go:build linux

package linux

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// ThreadDump describes every guest thread of p (process and thread id,
// next instruction, r0 — the system call number while it is in one — and
// r3, whether a system call is to restart): what a test reports about a
// run that did not end. It takes the process lock to read them and gives
// up, saying so, when the lock is not had within wait (a run whose lock is
// lost).
func ThreadDump(p *Process, wait time.Duration) string {
	got := make(chan struct{}, 1)
	wake := make(chan struct{}, 1)
	go func() {
		p.gil.lock(wake)
		got <- struct{}{}
	}()
	select {
	case <-got:
	case <-time.After(wait):
		return fmt.Sprintf("process lock not had within %v (queue %d)", wait, p.gil.n.Load())
	}
	defer p.gil.unlock()
	var lines []string
	for _, g := range p.groups {
		for _, t := range g.threads {
			r := &t.ctx.Regs
			lines = append(lines, fmt.Sprintf("pid %d tid %d exiting %v: nip %#x r0 %d r3 %#x restart %v",
				g.tgid, t.tid, g.exiting, r.NIP, r.GPR[0], r.GPR[3], t.restart))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// SetLeaseBreakTime makes the lease-break time of the runs started from
// now on d instead of the host's /proc/sys/fs/lease-break-time (lease.go),
// until the function it returns is called.
func SetLeaseBreakTime(d time.Duration) (restore func()) {
	old := leaseBreakTime
	leaseBreakTime = func() time.Duration { return d }
	return func() { leaseBreakTime = old }
}
