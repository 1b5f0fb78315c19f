//go:build !(linux && amd64)

package hostsig

import "syscall"

// Watch says no: only linux/amd64 has the wrapping handler.
func Watch(sig syscall.Signal) bool { return false }

// Unwatch does nothing here.
func Unwatch(sig syscall.Signal) {}

// Kernel never reports an arrival here.
func Kernel(sig syscall.Signal) bool { return false }
