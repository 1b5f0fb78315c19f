//go:build linux

package loader

import (
	"io"

	"golang.org/x/sys/unix"
)

// holes returns, for a reader that is a host file, a function giving the
// offset of the first byte at or after off that is not in a hole of the
// file (the file's size if only a hole follows; off if that is unknown),
// else nil. Fresh pages read as zero, so a segment's file bytes in a hole
// need no copy: a sparse file of a terabyte loads as fast as its data.
func holes(r io.ReaderAt) func(off int64) int64 {
	f, ok := r.(interface{ Fd() uintptr })
	if !ok {
		return nil
	}
	fd := int(f.Fd())
	return func(off int64) int64 {
		d, err := unix.Seek(fd, off, unix.SEEK_DATA)
		if err == unix.ENXIO { // nothing but a hole up to the end
			var st unix.Stat_t
			if unix.Fstat(fd, &st) == nil {
				d, err = st.Size, nil
			}
		}
		if err != nil || d < off {
			return off
		}
		return d
	}
}
