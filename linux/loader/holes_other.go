//go:build !linux

package loader

import "io"

// holes is nil where the host has no SEEK_DATA the loader uses: every
// byte of a segment's file part is read (holes_linux.go).
func holes(io.ReaderAt) func(off int64) int64 { return nil }
