package mem

import (
	"errors"
	"fmt"
)

// The vocabulary of memory accesses that the emulator and every memory
// share: page size, kinds of access and the access fault. It lives here,
// below emulate, so that mem imports no emulator.

// PageSize is the size in bytes of a page (of Memory, and of an
// emulate.PagedMemory).
const PageSize = 4096

// Access is the kind of an access to a page.
type Access uint8

// The kinds of access.
const (
	AccessRead  Access = iota // data loads
	AccessWrite               // data stores
	AccessExec                // instruction fetches
)

// ErrUnmapped is the cause of an access to an address that is not mapped.
var ErrUnmapped = errors.New("mem: address not mapped")

// AccessError lets a memory say which byte of an access failed, for an
// access that is only partly mapped (crossing into an unmapped page). The
// emulator reports that address as emulate.Fault.Addr, as hardware reports
// it in DAR and Linux in si_addr. A memory may return any other error
// instead; the fault address is then the start of the access. A nil
// *AccessError returned as an error is a plain error like any other.
type AccessError struct {
	Addr uint64 // the first address that could not be accessed
	Err  error  // why (e.g. ErrUnmapped, ErrPermission); Unwrap returns it
}

func (e *AccessError) Error() string {
	if e == nil {
		return "mem: nil *AccessError"
	}
	return fmt.Sprintf("%v at %#x", e.Err, e.Addr)
}

// Unwrap returns the underlying error.
func (e *AccessError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}
