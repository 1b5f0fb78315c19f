package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWriter checks the bytes of each kind of entry against the newc
// format as the kernel documents it
// (Documentation/driver-api/early-userspace/buffer-format.rst): "070701",
// thirteen 8-digit hexadecimal fields, the name with its NUL padded to a
// multiple of 4 (counting the 110-byte header), the data padded likewise.
func TestWriter(t *testing.T) {
	hdr := func(ino, mode, nlink, size, rmaj, rmin, namesize string) string {
		z := "00000000"
		return "070701" + ino + mode + z + z + nlink + z + size + z + z + rmaj + rmin + namesize + z
	}
	tests := []struct {
		name  string
		write func(*Writer) error
		want  string
	}{
		{"dir", func(c *Writer) error { return c.Dir("dev", 0o755) },
			hdr("00000001", "000041ed", "00000002", "00000000", "00000000", "00000000", "00000004") + "dev\x00\x00\x00"}, // 110 + 4 = 114: two NULs of padding
		{"file", func(c *Writer) error { return c.File("init", 0o755, []byte("abcde")) },
			// 110 + 5 = 115: one NUL of padding; 5 data bytes: three.
			hdr("00000001", "000081ed", "00000001", "00000005", "00000000", "00000000", "00000005") + "init\x00\x00" + "abcde\x00\x00\x00"},
		{"console", func(c *Writer) error { return c.CharDev("dev/console", 0o600, 5, 1) },
			// 110 + 12 = 122: two NULs of padding.
			hdr("00000001", "00002180", "00000001", "00000000", "00000005", "00000001", "0000000c") + "dev/console\x00\x00\x00"},
		{"trailer", func(c *Writer) error { return c.Close() },
			// 110 + 11 = 121: three NULs.
			hdr("00000000", "00000000", "00000001", "00000000", "00000000", "00000000", "0000000b") + "TRAILER!!!\x00\x00\x00\x00"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.write(NewWriter(&b)); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("got  %q\nwant %q", b.String(), tc.want)
			}
			if b.Len()%4 != 0 {
				t.Errorf("length %d is not a multiple of 4", b.Len())
			}
		})
	}
}

// TestRun writes a whole archive and reads it back: the fixed entries,
// the file, the trailer, inode numbers counting up.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "prog")
	if err := os.WriteFile(src, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "initrd.gz")
	if err := run(out, []string{"/init=" + src}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for s := string(raw); len(s) >= 110 && strings.HasPrefix(s, "070701"); {
		size, err1 := strconv.ParseUint(s[54:62], 16, 32)
		namesize, err2 := strconv.ParseUint(s[94:102], 16, 32)
		if err1 != nil || err2 != nil || namesize == 0 || 110+namesize > uint64(len(s)) {
			t.Fatalf("bad header %q", s[:110])
		}
		names = append(names, s[110:110+namesize-1])
		n := (110+namesize+3)&^3 + (size+3)&^3
		s = s[min(n, uint64(len(s))):]
	}
	want := "dev proc sys tmp dev/console init TRAILER!!!"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	for _, bad := range []string{"init", "/=x", "/init"} {
		if err := run(filepath.Join(dir, "bad.gz"), []string{bad}); err == nil {
			t.Errorf("argument %q accepted", bad)
		}
	}
}
