//go:build ignore

// gen_sysnum writes sysnum.go: the powerpc64 Linux system call numbers, taken
// from golang.org/x/sys/unix's zsysnum_linux_ppc64.go (which is generated from
// the kernel's syscall table). Run with go generate ./linux/abi.
package main

import (
	"log"
	"os"

	"github.com/ppc64emu/ppc64emu/linux/abi/internal/sysnumgen"
)

func main() {
	src, err := sysnumgen.Generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("sysnum.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
