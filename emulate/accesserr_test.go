package emulate

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/mem"
)

// TestAccessErrorAddrAsErrorsAs: newFault's walk of the error chain finds
// the same *AccessError as errors.As (the reference) for plain, wrapped,
// joined and nil-pointer errors.
func TestAccessErrorAddrAsErrorsAs(t *testing.T) {
	a := &mem.AccessError{Addr: 0x1234, Err: mem.ErrUnmapped}
	b := &mem.AccessError{Addr: 0x5678, Err: regions.ErrReadOnly}
	var nilAE *mem.AccessError
	for _, err := range []error{
		nil,
		mem.ErrUnmapped,
		a,
		fmt.Errorf("wrapped: %w", a),
		fmt.Errorf("twice: %w", fmt.Errorf("once: %w", b)),
		errors.Join(regions.ErrReadOnly, a, b),
		errors.Join(fmt.Errorf("x: %w", mem.ErrUnmapped), fmt.Errorf("y: %w", b)),
		fmt.Errorf("two: %w and %w", mem.ErrUnmapped, a),
		nilAE,
		fmt.Errorf("nil inside: %w", nilAE),
	} {
		var ae *mem.AccessError
		wantOK := errors.As(err, &ae) && ae != nil
		got, ok := accessErrorAddr(err)
		if ok != wantOK || (ok && got != ae.Addr) {
			t.Errorf("%v: accessErrorAddr = %#x, %v; errors.As gives %v, %v", err, got, ok, ae, wantOK)
		}
	}
}
