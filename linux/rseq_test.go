//go:build linux

package linux

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestRseqFixup: what Linux 6.1's rseq_ip_fixup does to a preempted or
// signalled thread (kernel/rseq.c: rseq_get_rseq_cs, in_rseq_cs): inside
// [start_ip, start_ip+post_commit_offset) the thread goes to abort_ip;
// rseq_cs is cleared whenever it was set; a descriptor with a version
// other than 0, an abort address inside the section, a wrong signature
// before the abort address or an unreadable descriptor forces SIGSEGV.
func TestRseqFixup(t *testing.T) {
	const (
		area  = 0x10000 // struct rseq
		desc  = 0x10040 // struct rseq_cs
		start = 0x20000 // the critical section
		post  = 0x40
		abort = 0x20100
		sig   = 0x0fe5000b
	)
	tests := []struct {
		name      string
		cs        uint64 // rseq_cs
		version   uint32
		abort     uint64
		sigWord   uint32
		nip       uint64
		ok        bool
		wantNIP   uint64
		csCleared bool
	}{
		{"no section", 0, 0, abort, sig, start + 4, true, start + 4, true},
		{"inside", desc, 0, abort, sig, start + 4, true, abort, true},
		{"at the start", desc, 0, abort, sig, start, true, abort, true},
		{"at the commit", desc, 0, abort, sig, start + post, true, start + post, true},
		{"below", desc, 0, abort, sig, start - 4, true, start - 4, true},
		{"version 1", desc, 1, abort, sig, start + 4, false, start + 4, false},
		{"abort inside", desc, 0, start + 8, sig, start + 4, false, start + 4, false},
		{"wrong signature", desc, 0, abort, sig + 1, start + 4, false, start + 4, false},
		{"unreadable descriptor", 0x90000, 0, abort, sig, start + 4, false, start + 4, false},
	}
	for _, o := range orders {
		for _, tc := range tests {
			th := testThread(t, o.order)
			m := th.mm.Mem
			if err := m.Map(area, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Map(start, mem.PageSize, mem.RX); err != nil {
				t.Fatal(err)
			}
			th.rseq, th.rseqSig = area, sig
			th.put64(area+rseqOffCS, tc.cs)
			b := make([]byte, abi.RseqCSLayout.Size())
			o.order.PutUint32(b[0:], tc.version)
			o.order.PutUint64(b[8:], start)
			o.order.PutUint64(b[16:], post)
			o.order.PutUint64(b[24:], tc.abort)
			th.write(desc, b)
			var w [4]byte
			o.order.PutUint32(w[:], tc.sigWord)
			if err := m.Poke(tc.abort-4, w[:]); err != nil {
				t.Fatal(err)
			}
			th.ctx.Regs.NIP = tc.nip
			ok := th.rseqFixup()
			cs, _ := th.get64(area + rseqOffCS)
			if ok != tc.ok || th.ctx.Regs.NIP != tc.wantNIP || (cs == 0) != tc.csCleared {
				t.Errorf("%s %s: ok %v nip %#x rseq_cs %#x; want ok %v nip %#x cleared %v",
					o.name, tc.name, ok, th.ctx.Regs.NIP, cs, tc.ok, tc.wantNIP, tc.csCleared)
			}
		}
	}
}
