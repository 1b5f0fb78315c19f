//go:build linux

package linux

import (
	"testing"
	"time"
)

// TestPosixTimerTakenForwards checks that taking a periodic timer's
// signal counts every period that ended since it was queued, whether or
// not the runner's callback ran for it (Linux rearms the timer at
// dequeue with hrtimer_forward to the current time), and that the next
// expiry is then the first one after now.
func TestPosixTimerTakenForwards(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name     string
		interval time.Duration
		behind   time.Duration // how long ago the next expiry was
		counted  int           // overruns the callbacks had counted
		min, max int           // overrun reported with the signal
	}{
		{"no period ended", 10 * ms, -5 * ms, 0, 0, 0},
		{"no period ended, callbacks counted", 10 * ms, -5 * ms, 3, 3, 3},
		{"one period late", 10 * ms, 1 * ms, 0, 1, 1},
		{"fifty periods late", 1 * ms, 49*ms + ms/2, 0, 50, 52},
		{"late after callbacks", 1 * ms, 9*ms + ms/2, 5, 15, 17},
		{"capped", time.Nanosecond, 10 * time.Second, 0, maxOverrun, maxOverrun},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tm := &posixTimer{interval: tc.interval, queued: true, overrun: tc.counted, t: time.NewTimer(time.Hour)}
			defer tm.t.Stop()
			tm.next = time.Now().Add(-tc.behind)
			before := time.Now()
			tm.taken(&sigInfo{}, nil)
			after := time.Now()
			if tm.overrunLast < tc.min || tm.overrunLast > tc.max {
				t.Errorf("overrun %d, want %d..%d", tm.overrunLast, tc.min, tc.max)
			}
			if tm.overrun != 0 || tm.queued {
				t.Errorf("after taken: overrun %d queued %v, want 0 false", tm.overrun, tm.queued)
			}
			if !tm.next.After(before) || tm.next.After(after.Add(tc.interval)) {
				t.Errorf("next expiry %v from the call, want within one period after it", tm.next.Sub(before))
			}
		})
	}
}
