package main

import (
	"fmt"
	"io"
)

// Writer writes an archive in the "new ASCII" (newc) cpio format, the one
// the Linux kernel unpacks as an initramfs: each entry is a 110-byte header
// ("070701" and thirteen 8-digit hexadecimal fields: ino, mode, uid, gid,
// nlink, mtime, filesize, devmajor, devminor, rdevmajor, rdevminor,
// namesize, check), the name and a NUL padded to a multiple of 4 bytes,
// then the data padded to a multiple of 4; the archive ends with an entry
// named "TRAILER!!!".
type Writer struct {
	w   io.Writer
	ino uint32
	n   int64 // bytes written
	err error
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// File types in the mode field (S_IFMT bits).
const (
	typeDir  = 0o040000
	typeReg  = 0o100000
	typeChar = 0o020000
)

func (c *Writer) write(p []byte) {
	if c.err != nil {
		return
	}
	var n int
	n, c.err = c.w.Write(p)
	c.n += int64(n)
}

func (c *Writer) pad() {
	if r := c.n % 4; r != 0 {
		c.write(make([]byte, 4-r))
	}
}

// entry writes one header, its name and data; ino 0 is the trailer's.
func (c *Writer) entry(name string, ino, mode, nlink, rdevMajor, rdevMinor uint32, data []byte) error {
	hdr := fmt.Sprintf("070701%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x",
		ino, mode, 0, 0, nlink, 0, len(data), 0, 0, rdevMajor, rdevMinor, len(name)+1, 0)
	c.write([]byte(hdr))
	c.write(append([]byte(name), 0))
	c.pad()
	c.write(data)
	c.pad()
	return c.err
}

// Dir adds a directory with permission bits perm.
func (c *Writer) Dir(name string, perm uint32) error {
	c.ino++
	return c.entry(name, c.ino, typeDir|perm&0o7777, 2, 0, 0, nil)
}

// File adds a regular file with permission bits perm.
func (c *Writer) File(name string, perm uint32, data []byte) error {
	c.ino++
	return c.entry(name, c.ino, typeReg|perm&0o7777, 1, 0, 0, data)
}

// CharDev adds a character device node.
func (c *Writer) CharDev(name string, perm, major, minor uint32) error {
	c.ino++
	return c.entry(name, c.ino, typeChar|perm&0o7777, 1, major, minor, nil)
}

// Close writes the trailer entry. It does not close the underlying writer.
func (c *Writer) Close() error {
	return c.entry("TRAILER!!!", 0, 0, 1, 0, 0, nil)
}
