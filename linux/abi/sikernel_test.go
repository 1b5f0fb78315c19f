package abi

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/hostsig"
)

// TestSIKernelHost checks that the guest's SI_KERNEL is the host's, which
// internal/hostsig's signal handler compares with (hostsig cannot import
// this package: it describes the host, not the guest). Both are
// asm-generic's, the same on every Linux architecture.
func TestSIKernelHost(t *testing.T) {
	if SI_KERNEL != hostsig.SIKernel {
		t.Errorf("SI_KERNEL %#x, hostsig.SIKernel %#x", SI_KERNEL, hostsig.SIKernel)
	}
}
