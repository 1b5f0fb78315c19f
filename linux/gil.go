//go:build linux

package linux

import (
	"sync"
	"sync/atomic"
)

// gil is the process lock that serialises guest threads. It is handed over
// in FIFO order: a thread that unlocks and locks again (at the end of its
// quantum, in sched_yield) runs only after every thread already waiting,
// so a guest thread spinning on a lock held by another guest thread cannot
// starve it. sync.Mutex does not guarantee that (an unlocking goroutine can
// take it back at once).
//
// Every waiter counts, not only guest threads: a host signal (Process.Signal)
// or a timer expiry waits for the lock too, and the running thread gives it
// up at the end of its quantum, so they reach the guest within a quantum of
// instructions even when one thread spins alone.
type gil struct {
	mu    sync.Mutex
	held  bool
	queue []chan struct{}
	n     atomic.Int32 // len(queue), read without mu by waiting
}

// lock acquires the lock; wake is a channel of capacity 1 owned by the
// caller, used to receive the hand-over.
func (g *gil) lock(wake chan struct{}) {
	g.mu.Lock()
	if !g.held {
		g.held = true
		g.mu.Unlock()
		return
	}
	g.queue = append(g.queue, wake)
	g.n.Store(int32(len(g.queue)))
	g.mu.Unlock()
	<-wake
}

// unlock hands the lock to the longest waiter, or releases it.
func (g *gil) unlock() {
	g.mu.Lock()
	if len(g.queue) > 0 {
		next := g.queue[0]
		g.queue = g.queue[1:]
		g.n.Store(int32(len(g.queue)))
		g.mu.Unlock()
		next <- struct{}{} // held stays true: ownership moves
		return
	}
	g.held = false
	g.mu.Unlock()
}

// waiting reports whether another goroutine waits for the lock; it is one
// atomic load, cheap enough for every quantum.
func (g *gil) waiting() bool { return g.n.Load() > 0 }
