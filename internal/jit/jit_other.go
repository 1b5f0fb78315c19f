//go:build !(linux && amd64)

package jit

import "unsafe"

// Supported reports whether this host runs generated code.
const Supported = false

// Arena is executable memory for generated code; on this host there is
// none (NewArena fails).
type Arena struct{}

// NewArena fails with ErrUnsupported on this host.
func NewArena() (*Arena, error) { return nil, ErrUnsupported }

// Add fails with ErrUnsupported on this host.
func (a *Arena) Add(code []byte) (uintptr, error) { return 0, ErrUnsupported }

// Holds is false on this host.
func (a *Arena) Holds(p uintptr, n int) bool { return false }

// Writable is nil on this host.
func (a *Arena) Writable(p uintptr, n int) []byte { return nil }

// Size is 0 on this host.
func (a *Arena) Size() int { return 0 }

// KeepAddresses does nothing on this host.
func (a *Arena) KeepAddresses() {}

// Free does nothing on this host.
func (a *Arena) Free() error { return nil }

// Call must not be called on this host (there is no code to call): it
// returns 0.
func Call(fn uintptr, p0, p1 unsafe.Pointer) uint64 { return 0 }
