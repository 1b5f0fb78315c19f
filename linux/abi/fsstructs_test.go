package abi

import "testing"

// TestFileSystemStructSizes checks the sizes of the file system structures
// against the kernel's (uapi asm-generic/statfs.h struct statfs64: 120; linux/stat.h
// struct statx: 256; linux/fiemap.h struct fiemap: 32, struct
// fiemap_extent: 56; linux/fs.h struct fsxattr: 28, struct
// file_clone_range: 32, struct file_dedupe_range: 24, struct
// file_dedupe_range_info: 32).
func TestFileSystemStructSizes(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"statfs", StatfsLayout.Size(), 120},
		{"statx", StatxLayout.Size(), 256},
		{"fiemap", FiemapLayout.Size(), 32},
		{"fiemap_extent", FiemapExtentLayout.Size(), 56},
		{"fsxattr", FsxattrLayout.Size(), 28},
		{"file_clone_range", FileCloneRangeLayout.Size(), 32},
		{"file_dedupe_range", FileDedupeRangeLayout.Size(), 24},
		{"file_dedupe_range_info", FileDedupeRangeInfoLayout.Size(), 32},
	} {
		if c.got != c.want {
			t.Errorf("struct %s: %d bytes, want %d", c.name, c.got, c.want)
		}
	}
}
