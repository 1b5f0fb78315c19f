//go:build linux

package mem_test

import (
	"errors"
	"os"
	"runtime/debug"
	"syscall"
	"testing"
	"unsafe"

	"github.com/ppc64emu/ppc64emu/mem"
)

// TestVolatileShared: the pages of a Volatile Shared are a host file's
// shared mapping; once the file is truncated under a page in use, Read,
// Write, Peek and Poke of it fail with ErrBeyond at the address (the host
// SIGBUS recovered), AccessPage never lends it, and once the file grows
// again the page reads the file's zeros.
func TestVolatileShared(t *testing.T) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	f, err := os.CreateTemp(t.TempDir(), "volatile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hp := os.Getpagesize()
	if err := f.Truncate(int64(hp)); err != nil {
		t.Fatal(err)
	}
	host, err := syscall.Mmap(int(f.Fd()), 0, hp, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(host)
	s := mem.NewShared(func(i uint64) (*[mem.PageSize]byte, bool) {
		if i != 0 || hp < mem.PageSize {
			return nil, false
		}
		return (*[mem.PageSize]byte)(unsafe.Pointer(&host[0])), true
	})
	s.Volatile = true
	m := mem.New()
	if err := m.MapShared(shA, mem.PageSize, mem.RW, s, 0); err != nil {
		t.Fatal(err)
	}
	put(t, m, shA+5, 7)
	if host[5] != 7 {
		t.Fatalf("host byte 5 = %d, want 7", host[5])
	}
	if _, ok := m.AccessPage(shA, mem.AccessRead); ok {
		t.Error("AccessPage lent a page of a Volatile Shared")
	}
	if err := f.Truncate(0); err != nil {
		t.Fatal(err)
	}
	var b [2]byte
	for _, c := range []struct {
		name string
		op   func() error
	}{
		{"Read", func() error { return m.Read(shA+9, b[:]) }},
		{"Write", func() error { return m.Write(shA+9, b[:]) }},
		{"Peek", func() error { return m.Peek(shA+9, b[:]) }},
		{"Poke", func() error { return m.Poke(shA+9, b[:]) }},
	} {
		err := c.op()
		var ae *mem.AccessError
		if !errors.As(err, &ae) || !errors.Is(err, mem.ErrBeyond) || ae.Addr != shA+9 {
			t.Errorf("%s of the truncated page: %v, want ErrBeyond at %#x", c.name, err, shA+9)
		}
	}
	if err := f.Truncate(int64(hp)); err != nil {
		t.Fatal(err)
	}
	if got := byteAt(t, m, shA+5); got != 0 {
		t.Errorf("after the file grew again: byte 5 = %d, want 0", got)
	}
}
