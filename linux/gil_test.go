//go:build linux

package linux

import (
	"testing"
	"time"
)

// The process lock goes to waiters in arrival order, also when the holder
// immediately asks for it again (the end of a quantum).
func TestGILFIFO(t *testing.T) {
	var g gil
	holder := make(chan struct{}, 1)
	g.lock(holder)
	order := make(chan int, 4)
	for i := 1; i <= 3; i++ {
		w := make(chan struct{}, 1)
		go func(i int) {
			g.lock(w)
			order <- i
			g.unlock()
		}(i)
		for !func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.queue) == i }() {
			time.Sleep(time.Millisecond)
		}
	}
	g.unlock()
	g.lock(holder) // queues behind the three
	order <- 0
	g.unlock()
	for want := 1; want <= 3; want++ {
		if got := <-order; got != want {
			t.Fatalf("waiter %d ran, want %d", got, want)
		}
	}
	if got := <-order; got != 0 {
		t.Fatalf("the re-locking holder ran as %d, want last", got)
	}
	if g.held || g.waiting() {
		t.Fatal("lock still held or waited for")
	}
}
