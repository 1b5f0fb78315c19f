// Package abi holds the powerpc64 Linux user ABI as plain data: system call
// numbers, errno values, signal numbers and flags, and encoders for the
// structures the runner exchanges with a guest (stat, timespec, sigaction,
// siginfo, the signal frame, epoll_event, …) in either byte order. It has no
// state and imports nothing of the emulator.
package abi

//go:generate go run gen_sysnum.go
