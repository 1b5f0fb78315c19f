//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
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

// TestGetNodes checks get_nodes' reading of a node mask of maxnode bits:
// none for maxnode 0 or 1 without a mask, EINVAL past a page of bits, the
// longs beyond MAX_NUMNODES checked whole (bits past maxnode too), the
// last long within it cut to maxnode-1 bits.
func TestGetNodes(t *testing.T) {
	const addr = 0x10000
	for _, c := range []struct {
		words   map[int]uint64 // the mask's longs that are not 0
		maxnode uint64
		want    uint64 // the first long read
		errno   int
	}{
		{map[int]uint64{0: 3}, 0, 0, abi.EINVAL},
		{map[int]uint64{0: 3}, 1, 0, 0},
		{map[int]uint64{0: 3}, 2, 1, 0},
		{map[int]uint64{0: 3}, 65, 3, 0},
		{map[int]uint64{0: 1, 4: 1}, 257, 1, 0},
		{map[int]uint64{0: 1, 4: 1}, 258, 0, abi.EINVAL},
		{map[int]uint64{0: 1, 4: 1 << 40}, 258, 0, abi.EINVAL},
		{map[int]uint64{0: 1, 5: 1}, 300, 1, 0},
		{map[int]uint64{0: 1}, mem.PageSize*8 + 1, 1, 0},
		{map[int]uint64{0: 1}, mem.PageSize*8 + 2, 0, abi.EINVAL},
	} {
		th := testThread(t, binary.BigEndian)
		if err := th.mm.Mem.Map(addr, mem.PageSize*2, mem.RW); err != nil {
			t.Fatal(err)
		}
		for i, w := range c.words {
			th.put64(addr+uint64(i)*8, w)
		}
		m, e := th.getNodes(addr, c.maxnode)
		if e != c.errno || e == 0 && m[0] != c.want {
			t.Errorf("words %v maxnode %d: %#x, errno %d; want %#x, %d", c.words, c.maxnode, m[0], e, c.want, c.errno)
		}
	}
}
