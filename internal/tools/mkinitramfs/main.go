// Command mkinitramfs writes a gzip-compressed newc cpio archive for the
// Linux kernel's initramfs: the directories /dev, /proc, /sys and /tmp, the
// console node /dev/console (character device 5:1, where the kernel opens
// init's standard input and output), and the files named on the command
// line. scripts/ptrace-vm.sh uses it to boot a powerpc64le kernel under
// qemu-system-ppc64 with a test binary as its only program.
//
// Usage:
//
//	go run ./internal/tools/mkinitramfs -o initrd.gz /init=build/vminit /ptrace.test=build/ptrace.test
//
// Each argument is DEST=SRC: the file SRC of the host stored at DEST (an
// absolute path in the archive whose directory is / or one of those above),
// executable (mode 0755). The archive is written in the kernel's format
// (Documentation/driver-api/early-userspace/buffer-format.rst).
package main

import (
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	out := flag.String("o", "", "the archive to write (gzip-compressed newc cpio)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: mkinitramfs -o FILE DEST=SRC...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "mkinitramfs:", err)
		os.Exit(1)
	}
}

func run(out string, specs []string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	if err := write(zw, specs); err != nil {
		f.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// write writes the archive (uncompressed) to w.
func write(w io.Writer, specs []string) error {
	c := NewWriter(w)
	for _, d := range []string{"dev", "proc", "sys", "tmp"} {
		if err := c.Dir(d, 0o755); err != nil {
			return err
		}
	}
	if err := c.CharDev("dev/console", 0o600, 5, 1); err != nil {
		return err
	}
	for _, s := range specs {
		dest, src, ok := strings.Cut(s, "=")
		if !ok || !strings.HasPrefix(dest, "/") || len(dest) < 2 {
			return fmt.Errorf("argument %q is not /DEST=SRC", s)
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := c.File(dest[1:], 0o755, data); err != nil {
			return err
		}
	}
	return c.Close()
}
