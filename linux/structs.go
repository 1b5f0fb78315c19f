//go:build linux

package linux

import (
	"math"
	"time"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Guest structures go through abi.Layout, in the process's byte order: the
// runner places no field by hand.

// putStruct writes v, laid out by l, at addr.
func putStruct[T any](t *Thread, addr uint64, l *abi.Layout[T], v *T) int {
	return t.write(addr, l.Bytes(t.p.order, v))
}

// getStruct reads a T, laid out by l, at addr.
func getStruct[T any](t *Thread, addr uint64, l *abi.Layout[T]) (T, int) {
	var v T
	b, e := t.read(addr, l.Size())
	if e == 0 {
		l.Decode(t.p.order, b, &v)
	}
	return v, e
}

// getStructs reads an array of n Ts at addr.
func getStructs[T any](t *Thread, addr uint64, n int, l *abi.Layout[T]) ([]T, int) {
	b, e := t.read(addr, n*l.Size())
	if e != 0 {
		return nil, e
	}
	v := make([]T, n)
	for i := range v {
		l.Decode(t.p.order, b[i*l.Size():], &v[i])
	}
	return v, 0
}

// putStructs writes the array v at addr.
func putStructs[T any](t *Thread, addr uint64, v []T, l *abi.Layout[T]) int {
	b := make([]byte, len(v)*l.Size())
	for i := range v {
		l.Encode(t.p.order, b[i*l.Size():], &v[i])
	}
	return t.write(addr, b)
}

// timespec is d as a struct timespec.
func timespec(d time.Duration) abi.Timespec {
	return abi.Timespec{Sec: int64(d / time.Second), Nsec: int64(d % time.Second)}
}

// duration is ts as a time.Duration (the longest one for an interval
// beyond it, some 292 years), or false if ts is not a valid interval
// (negative, or nanoseconds beyond a second).
func duration(ts abi.Timespec) (time.Duration, bool) {
	if ts.Sec < 0 || ts.Nsec < 0 || ts.Nsec >= 1e9 {
		return 0, false
	}
	if ts.Sec >= math.MaxInt64/int64(time.Second) {
		return math.MaxInt64, true
	}
	return time.Duration(ts.Sec)*time.Second + time.Duration(ts.Nsec), true
}
