//go:build ignore && linux

// gen_syscalls writes docs/syscalls.md from the system call table
// (systab.go). Run with go generate ./linux.
package main

import (
	"log"
	"os"

	"github.com/ppc64emu/ppc64emu/linux/internal/sysdoc"
)

func main() {
	if err := os.WriteFile("../docs/syscalls.md", sysdoc.Markdown(), 0o644); err != nil {
		log.Fatal(err)
	}
}
