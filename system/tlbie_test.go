package system

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestTlbieGranularity: tlbie and tlbiel remove the cached translations
// their operands name and no others (Power ISA 3.1B Book III, tlbie:
// RB = EPN | IS << 10 | AP << 5, RS = PID << 32 | LPID; IS 0 a page, 1 a
// PID, 2 an LPID, 3 all; RIC 1 the page walk cache only; PRS 1
// process-scoped, 0 partition-scoped; tlbiel takes the LPID from LPIDR).
//
// Each case loads through two cached translations of EA page 0x6000 in
// hypervisor state, quadrant 0 (PIDR = 5, r3) and quadrant 3 (PID 0, r5),
// then moves the page's PTE to real page 0x7000 without invalidating,
// executes the tlbie and loads both again: a translation the tlbie
// removed is walked again and reads the new page (newValue), one it left
// still reads the old page (oldValue), which the ISA allows until an
// invalidation names it. The partition cases do the same with a
// hypervisor's quadrant 1 access to the guest of mapGuest (guest real page
// guestData5, whose partition-scoped PTE moves to real 0xb0000).
func TestTlbieGranularity(t *testing.T) {
	const oldValue, newValue = 0x0101010101010101, 0x0707070707070707
	const host, guest = 0, guestLPID
	rs := func(pid, lpid uint64) uint64 { return pid<<32 | lpid }
	rb := func(epn, is, ap uint64) uint64 { return epn | is<<10 | ap<<5 }
	cases := []struct {
		name      string
		op        decode.Op
		rb, rs    uint64
		ric, prs  int64
		lpidr     uint64
		partition bool   // the quadrant 1 guest access instead (r3 only)
		want3     uint64 // quadrant 0, PID 5 (or the guest access)
		want5     uint64 // quadrant 3, PID 0
	}{
		{name: "page of PID 5", op: ppc64asm.TLBIE, rb: rb(0x6000, 0, 0), rs: rs(5, host), prs: 1, want3: newValue, want5: oldValue},
		{name: "page of PID 0", op: ppc64asm.TLBIE, rb: rb(0x6000, 0, 0), rs: rs(0, host), prs: 1, want3: oldValue, want5: newValue},
		{name: "page with the quadrant bits", op: ppc64asm.TLBIE, rb: rb(0xc000_0000_0000_6000, 0, 0), rs: rs(0, host), prs: 1, want3: oldValue, want5: newValue},
		{name: "another page", op: ppc64asm.TLBIE, rb: rb(0x8000, 0, 0), rs: rs(5, host), prs: 1, want3: oldValue, want5: oldValue},
		{name: "2 MiB page holding it", op: ppc64asm.TLBIE, rb: rb(0, 0, 1), rs: rs(5, host), prs: 1, want3: newValue, want5: oldValue},
		{name: "64 KiB page not holding it", op: ppc64asm.TLBIE, rb: rb(0x10000, 0, 5), rs: rs(5, host), prs: 1, want3: oldValue, want5: oldValue},
		{name: "PID 5", op: ppc64asm.TLBIE, rb: rb(0, 1, 0), rs: rs(5, host), prs: 1, want3: newValue, want5: oldValue},
		{name: "PID 5 of another LPID", op: ppc64asm.TLBIE, rb: rb(0, 1, 0), rs: rs(5, guest), prs: 1, want3: oldValue, want5: oldValue},
		{name: "LPID 0", op: ppc64asm.TLBIE, rb: rb(0, 2, 0), rs: rs(0, host), prs: 1, want3: newValue, want5: newValue},
		{name: "another LPID", op: ppc64asm.TLBIE, rb: rb(0, 2, 0), rs: rs(0, guest), prs: 1, want3: oldValue, want5: oldValue},
		{name: "all", op: ppc64asm.TLBIE, rb: rb(0, 3, 0), prs: 1, want3: newValue, want5: newValue},
		{name: "page walk cache only", op: ppc64asm.TLBIE, rb: rb(0, 3, 0), ric: 1, prs: 1, want3: oldValue, want5: oldValue},
		{name: "all, with the page walk cache", op: ppc64asm.TLBIE, rb: rb(0, 3, 0), ric: 2, prs: 1, want3: newValue, want5: newValue},
		{name: "tlbiel: LPIDR, not RS", op: ppc64asm.TLBIEL, rb: rb(0, 1, 0), rs: rs(5, guest), prs: 1, want3: newValue, want5: oldValue},
		{name: "tlbiel with LPIDR another LPID", op: ppc64asm.TLBIEL, rb: rb(0, 1, 0), rs: rs(5, host), lpidr: guest, prs: 1, want3: oldValue, want5: oldValue},
		{name: "partition-scoped LPID: host translations stay", op: ppc64asm.TLBIE, rb: rb(0, 2, 0), rs: rs(0, host), want3: oldValue, want5: oldValue},
		// Quadrant 1: LPID 1, PID 5, guest real page guestData5.
		{name: "guest: partition-scoped page", op: ppc64asm.TLBIE, rb: rb(guestData5, 0, 0), rs: rs(0, guest), lpidr: guest, partition: true, want3: guestValue0},
		{name: "guest: another guest real page", op: ppc64asm.TLBIE, rb: rb(guestData0, 0, 0), rs: rs(0, guest), lpidr: guest, partition: true, want3: guestValue5},
		{name: "guest: partition-scoped LPID", op: ppc64asm.TLBIE, rb: rb(0, 2, 0), rs: rs(0, guest), lpidr: guest, partition: true, want3: guestValue0},
		{name: "guest: process-scoped PID", op: ppc64asm.TLBIE, rb: rb(0, 1, 0), rs: rs(guestPID, guest), prs: 1, lpidr: guest, partition: true, want3: guestValue0},
		{name: "guest: the host's LPID", op: ppc64asm.TLBIE, rb: rb(0, 2, 0), rs: rs(0, host), prs: 1, lpidr: guest, partition: true, want3: guestValue5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			mapGuest(c, ram) // LPIDR = 1, PIDR = 5
			c.SPR.LPIDR = 0
			if tc.partition {
				c.SPR.LPIDR = guestLPID
			}
			be := binary.BigEndian
			be.PutUint64(ram[0x6000:], oldValue)
			be.PutUint64(ram[0x7000:], newValue)
			kernel := sf | hv | me | ri | ir | dr
			ea3, ea5 := uint64(0x6000), uint64(0xc000_0000_0000_6000)
			if tc.partition {
				ea3 = 0x4000_0000_0001_0000
			}
			prog := []uint32{
				enc(t, ppc64asm.LD, 3, 0, 4),
				enc(t, ppc64asm.LD, 5, 0, 6),
				enc(t, tc.op, 7, 8, tc.ric, tc.prs, 1),
				enc(t, ppc64asm.LD, 3, 0, 4),
				enc(t, ppc64asm.LD, 5, 0, 6),
			}
			for i, w := range prog {
				put(ram, at+4*uint64(i), w, kernel)
			}
			c.Regs.NIP, c.Regs.MSR = at, kernel
			c.Regs.GPR[4], c.Regs.GPR[6], c.Regs.GPR[7], c.Regs.GPR[8] = ea3, ea5, tc.rb, tc.rs
			for i := range prog {
				if i == 2 {
					// Move the page without an invalidation.
					if tc.partition {
						be.PutUint64(ram[partPTE+8*(guestData5>>12):], pteValid|pteLeaf|0xb0000|pteRead|pteRW|pteR|pteC)
					} else {
						setPTE(ram, 0x6000, pteValid|pteLeaf|0x7000|pteRead|pteRW|pteR|pteC)
					}
					c.SPR.LPIDR = tc.lpidr
				}
				if v, err := c.Step(); v != 0 || err != nil {
					t.Fatalf("step %d: %v %v", i, v, err)
				}
			}
			if c.Regs.GPR[3] != tc.want3 {
				t.Errorf("r3 %#x, want %#x", c.Regs.GPR[3], tc.want3)
			}
			if !tc.partition && c.Regs.GPR[5] != tc.want5 {
				t.Errorf("r5 %#x, want %#x", c.Regs.GPR[5], tc.want5)
			}
		})
	}
}
