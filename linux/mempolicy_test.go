//go:build linux

package linux

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestNewPolicy checks sanitize_mpol_flags, mpol_new and
// mpol_set_nodemask on the one-node machine: the mode get_mempolicy then
// reports and the mask it gives back, or the error.
func TestNewPolicy(t *testing.T) {
	for _, c := range []struct {
		mode     int
		nodes    uint64
		wantMode int
		wantMask uint64
		errno    int
	}{
		{mpolDefault, 0, mpolDefault, 0, 0},
		{mpolDefault, 1, 0, 0, abi.EINVAL},
		{mpolDefault | mpolFStaticNodes, 0, mpolDefault, 0, 0},
		{mpolBind, 1, mpolBind, 1, 0},
		{mpolBind, 3, mpolBind, 1, 0},
		{mpolBind, 2, 0, 0, abi.EINVAL},
		{mpolBind, 0, 0, 0, abi.EINVAL},
		{mpolBind | mpolFStaticNodes, 3, mpolBind | mpolFStaticNodes, 3, 0},
		{mpolBind | mpolFStaticNodes, 2, 0, 0, abi.EINVAL},
		{mpolInterleave | mpolFRelativeNodes, 4, mpolInterleave | mpolFRelativeNodes, 4, 0},
		{mpolBind | mpolFStaticNodes | mpolFRelativeNodes, 1, 0, 0, abi.EINVAL},
		{mpolBind | mpolFNumaBalancing, 1, mpolBind | mpolFNumaBalancing, 1, 0},
		{mpolPreferred | mpolFNumaBalancing, 1, 0, 0, abi.EINVAL},
		{mpolPreferred, 0, mpolLocal, 0, 0},
		{mpolPreferred | mpolFStaticNodes, 0, 0, 0, abi.EINVAL},
		{mpolPreferred, 3, mpolPreferred, 1, 0},
		{mpolLocal, 0, mpolLocal, 0, 0},
		{mpolLocal, 1, 0, 0, abi.EINVAL},
		{mpolPreferredMany, 1, mpolPreferredMany, 1, 0},
		{mpolMax, 1, 0, 0, abi.EINVAL},
		{-1, 1, 0, 0, abi.EINVAL},
	} {
		var p *mempolicy
		mode, flags, e := sanitizeMode(c.mode)
		if e == 0 {
			p, e = newPolicy(mode, flags, nodeMask{c.nodes})
		}
		if e != c.errno {
			t.Errorf("mode %#x nodes %#x: errno %d, want %d", c.mode, c.nodes, e, c.errno)
			continue
		}
		if e != 0 {
			continue
		}
		gotMode, gotMask := p.reported()
		if gotMode != c.wantMode || gotMask != (nodeMask{c.wantMask}) {
			t.Errorf("mode %#x nodes %#x: reports %#x %#x, want %#x %#x", c.mode, c.nodes, gotMode, gotMask[0], c.wantMode, c.wantMask)
		}
	}
}
