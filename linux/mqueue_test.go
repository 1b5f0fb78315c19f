//go:build linux

package linux

import (
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// TestMqAwaitOrder checks the order mqAwait lists the threads waiting on a
// queue in, the order mqHandOff serves them: as Linux's wq_add places a
// waiter, by priority (schedAttrs.prio: 20 + nice, or below 0 for a
// real-time policy), first come first among equals, each waiter's
// priority taken as it is when a later one comes.
func TestMqAwaitOrder(t *testing.T) {
	for _, c := range []struct {
		name   string
		prios  []int // the waiters' priorities, in the order they come
		change func(ts []*Thread)
		want   []int // the waiters in the order they are served
	}{
		{"equals", []int{20, 20, 20}, nil, []int{0, 1, 2}},
		{"nice 10, 5, 10", []int{30, 25, 30}, nil, []int{1, 0, 2}},
		{"rising", []int{30, 25, 20}, nil, []int{2, 1, 0}},
		{"falling", []int{20, 25, 30}, nil, []int{0, 1, 2}},
		{"real-time first", []int{20, -11, 39, -11}, nil, []int{1, 3, 0, 2}},
		// The first waiter's nice value raised while it waits: a later
		// waiter is placed against its priority then, not when it came.
		{"changed while waiting", []int{20, 20}, func(ts []*Thread) { ts[0].sched.prio = 30 }, []int{1, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var fds [2]int
			if err := unix.Pipe2(fds[:], unix.O_CLOEXEC); err != nil {
				t.Fatal(err)
			}
			defer unix.Close(fds[0])
			defer unix.Close(fds[1])
			p := &Process{}
			var ts []*Thread
			var ws []*mqWaiter
			for i, prio := range c.prios {
				if c.change != nil && i == len(c.prios)-1 {
					c.change(ts)
				}
				th := &Thread{}
				th.sched.prio = prio
				ts = append(ts, th)
				w := p.mqAwait(th, fds[0], false, nil)
				if w == nil {
					t.Skip("no eventfd")
				}
				defer p.mqUnwait(w)
				ws = append(ws, w)
			}
			var got []int
			for _, w := range p.mqWaiting[mqWaitKey{hostFileID(fds[0]), false}] {
				got = append(got, slices.Index(ws, w))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("served %v, want %v", got, c.want)
			}
		})
	}
}
