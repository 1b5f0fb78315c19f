// Package jit runs generated machine code from Go without cgo: an Arena of
// executable memory (a memory file's read-write view that code is copied
// into and its read-execute view where it runs, or private pages mapped
// read-write while code is copied in, then read-execute: no mapping is
// ever both) and Call, a small assembly trampoline that
// jumps into generated code with two pointers and returns the code's
// result, as wazero's compiler does. Generated code never calls Go: it
// reads and writes the memory its two pointers lead to and returns.
//
// Only linux/amd64 has an implementation (Supported); elsewhere NewArena
// fails with ErrUnsupported and callers keep their portable path.
package jit

import "errors"

// ErrUnsupported is the error of NewArena on a host without native code
// generation.
var ErrUnsupported = errors.New("jit: native code generation is not supported on this host")

// ErrTooBig is the error of Arena.Add for code larger than a chunk.
var ErrTooBig = errors.New("jit: code larger than an arena chunk")

// ChunkSize is the size of each executable mapping an Arena makes.
const ChunkSize = 256 << 10
