// Command goprog is the Go program of the GDB stub tests (gdb_test.go):
// a goroutine computing a sum, so the runtime runs several threads.
package main

import (
	"fmt"
	"os"
)

var total int64

//go:noinline
func work(n int64) int64 {
	s := int64(0)
	for i := int64(0); i < n; i++ {
		s += i * 3
	}
	total = s
	return s
}

func main() {
	done := make(chan int64)
	go func() { done <- work(10) }()
	r := <-done
	fmt.Fprintln(os.Stdout, r, total)
}
