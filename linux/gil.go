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
//
// When a run is recorded, a thread that another makes runnable (a futex
// wake-up, a new thread) is queued by the one that does it, with the lock
// held (book), rather than by its own goroutine when the host scheduler
// gets to it: so whether a thread waits at the end of a quantum, and the
// order threads get the lock in, follow the guest's instructions, not
// host timing.
type gil struct {
	mu    sync.Mutex
	held  bool
	queue []chan struct{}
	n     atomic.Int32 // len(queue), read without mu by waiting
	// booked are the wake channels book queued whose owners have not
	// called lock yet.
	booked map[chan struct{}]bool
}

// lock acquires the lock; wake is a channel of capacity 1 owned by the
// caller, used to receive the hand-over.
func (g *gil) lock(wake chan struct{}) {
	g.mu.Lock()
	if g.booked[wake] {
		delete(g.booked, wake) // queued by book (or handed the lock since)
		g.mu.Unlock()
		<-wake
		return
	}
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

// yield queues wake (whose owner holds the lock) behind the waiters and
// hands the lock to the first of them, then waits for its turn; with no
// waiter it keeps the lock.
func (g *gil) yield(wake chan struct{}) {
	g.mu.Lock()
	if len(g.queue) == 0 {
		g.mu.Unlock()
		return
	}
	next := g.queue[0]
	g.queue = append(g.queue[1:], wake)
	g.mu.Unlock() // n is unchanged: one out, one in
	next <- struct{}{}
	<-wake
}

// book queues the owner of wake, which will call lock, as if it had
// called it now; the caller holds the lock. It does nothing if wake is
// queued already.
func (g *gil) book(wake chan struct{}) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.booked[wake] {
		return
	}
	for _, w := range g.queue {
		if w == wake {
			return
		}
	}
	if g.booked == nil {
		g.booked = map[chan struct{}]bool{}
	}
	g.booked[wake] = true
	g.queue = append(g.queue, wake)
	g.n.Store(int32(len(g.queue)))
}

// waiting reports whether another goroutine waits for the lock; it is one
// atomic load, cheap enough for every quantum.
func (g *gil) waiting() bool { return g.n.Load() > 0 }
