package abi

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/tools/gentest"
	"github.com/ppc64emu/ppc64emu/linux/abi/internal/sysnumgen"
)

// TestSysnumGenerated regenerates sysnum.go and requires it unchanged.
func TestSysnumGenerated(t *testing.T) {
	want, err := sysnumgen.Generate()
	if err != nil {
		t.Skipf("cannot regenerate (needs the go command and golang.org/x/sys in the module cache): %v", err)
	}
	gentest.UpToDate(t, "sysnum.go", want, "go generate ./linux/abi")
}

// Spot checks against the kernel's arch/powerpc/kernel/syscalls/syscall.tbl.
func TestSysnumSpot(t *testing.T) {
	for name, want := range map[string]uint64{"exit": 1, "read": 3, "write": 4, "open": 5, "brk": 45, "ioctl": 54, "rt_sigreturn": 172, "clone": 120, "futex": 221, "exit_group": 234, "mmap": 90, "newfstatat": 291, "getrandom": 359, "rseq": 387, "clone3": 435} {
		var got uint64 = 1 << 63
		for n, s := range SyscallNames {
			if s == name {
				got = n
			}
		}
		if got != want {
			t.Errorf("%s = %d, want %d", name, got, want)
		}
	}
}
