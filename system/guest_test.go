package system

import (
	"encoding/binary"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// Quadrants and partition-scoped translation (Power ISA 3.1B Book III
// 6.7.1 quadrants: in hypervisor state quadrant 0 is LPID 0 with PIDR, 1
// LPIDR with PIDR, 2 LPIDR with PID 0, 3 LPID 0 with PID 0; outside it
// quadrant 0 is LPIDR with PIDR, 3 LPIDR with PID 0, 1 and 2 a segment
// interrupt. 6.7.5-6.7.10: a guest's effective address is translated by
// its process table and process-scoped tree to a guest real address, which
// the partition-scoped tree of the partition table entry's first
// doubleword translates to a real address; the process table and
// directory addresses are guest real addresses too. 7.5: a
// partition-scoped fault is a hypervisor data or instruction storage
// interrupt, with HDAR the EA, HDSISR the cause (bit 46 when the address
// that failed was a table entry's) and ASDR the guest real address, HSRR0
// the instruction and HSRR1 the MSR (with the cause for HISI).)
//
// The machine: the host's tables of mapRadix (LPID 0, PID 0 and PID 5
// alike); partition 1 (LPIDR = 1) with a partition-scoped tree that maps
// guest real pages 0 to 0x3dfff to themselves, 0x30000, 0x31000, 0x3d000
// and 0x3e000 to 0xb0000, 0xb1000, 0xbd000 and 0xbe000, and nothing at
// 0x3f000 and above; the guest's process table at guest real 0x3e000.
const (
	guestLPID   = 1
	guestPID    = 5
	partPGD     = 0x20000 // partition-scoped tree of LPID 1: 1024 entries
	partPTE     = 0x22000 // its second level: guest real pages 0 to 0x1ff000
	guestProcs  = 0x3e000 // the guest's process table (guest real; real 0xbe000)
	guestPGD0   = 0x24000 // the guest's tree of PID 0 (quadrant 3)
	guestPTE0   = 0x26000
	guestPGD5   = 0x28000 // the guest's tree of PID 5
	guestPTE5   = 0x3d000 // guest real; real 0xbd000
	guestData0  = 0x30000 // guest real page of guest EA 0xc000_0000_0001_0000 (real 0xb0000)
	guestData5  = 0x31000 // guest real page of guest EA 0x10000 under PID 5 (real 0xb1000)
	guestHole   = 0x3f000 // a guest real page the partition-scoped tree does not map
	guestValue0 = 0x0123456789abcdef
	guestValue5 = 0x5555aaaa5555aaaa
	hostValue   = 0x1122334455667788 // at real 0x5000
)

// moved are the guest real pages the partition-scoped tree maps elsewhere
// than to themselves.
var moved = map[uint64]uint64{guestData0: 0xb0000, guestData5: 0xb1000, guestPTE5: 0xbd000, guestProcs: 0xbe000}

// hostRA is the real address of guest real address g.
func hostRA(g uint64) uint64 {
	if r, ok := moved[g&^0xfff]; ok {
		return r | g&0xfff
	}
	return g
}

// mapGuest sets up the host and guest tables described above.
func mapGuest(c *CPU, ram []byte) {
	const all = pteRead | pteRW | pteExec | pteR | pteC
	mapRadix(c, ram, all)
	be := binary.BigEndian
	be.PutUint64(ram[procTable+guestPID*16:], pgd|10) // host PID 5: the host's tree too
	// Partition table entry of LPID 1: HR, RTS 0 (2 GiB), RPDB, RPDS 10;
	// PRTB the guest's process table, PRTS 0 (4 KiB).
	be.PutUint64(ram[partTable+guestLPID*16:], pateHR|partPGD|10)
	be.PutUint64(ram[partTable+guestLPID*16+8:], guestProcs)
	be.PutUint64(ram[partPGD:], pteValid|partPTE|9)
	for g := uint64(0); g < guestHole; g += 0x1000 {
		be.PutUint64(ram[partPTE+8*(g>>12):], pteValid|pteLeaf|hostRA(g)|all)
	}
	// The guest's process table: PID 0 and PID 5, 2 GiB trees.
	put64 := func(g, v uint64) { be.PutUint64(ram[hostRA(g):], v) }
	put64(guestProcs, guestPGD0|10)
	put64(guestProcs+guestPID*16, guestPGD5|10)
	put64(guestPGD0, pteValid|guestPTE0|9)
	put64(guestPGD5, pteValid|guestPTE5|9)
	put64(guestPTE0+8*0x10, pteValid|pteLeaf|guestData0|all) // EA 0x10000 (quadrant 3)
	put64(guestPTE5+8*0x10, pteValid|pteLeaf|guestData5|all) // EA 0x10000
	put64(guestPTE5+8*0x01, pteValid|pteLeaf|0x1000|all)     // EA 0x1000: the test's code
	put64(guestPTE5+8*0x11, pteValid|pteLeaf|guestHole|all)  // EA 0x11000: not in the partition
	put64(guestData0, guestValue0)
	put64(guestData5, guestValue5)
	be.PutUint64(ram[0x5000:], hostValue)
	c.SPR.LPIDR, c.SPR.PIDR = guestLPID, guestPID
}

func TestQuadrantsAndGuests(t *testing.T) {
	ld := func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) }
	std := func(t *testing.T) uint32 { return enc(t, ppc64asm.STD, 3, 0, 4) }
	r3 := func(want uint64) func(t *testing.T, c *CPU) {
		return func(t *testing.T, c *CPU) {
			t.Helper()
			if c.Regs.GPR[3] != want {
				t.Errorf("r3 %#x, want %#x", c.Regs.GPR[3], want)
			}
		}
	}
	ea := func(v uint64) func(c *CPU) { return func(c *CPU) { c.Regs.GPR[4] = v } }
	hdsi := func(hdar, hdsisr, asdr uint64) func(t *testing.T, c *CPU) {
		return func(t *testing.T, c *CPU) {
			t.Helper()
			if c.SPR.HDAR != hdar || c.SPR.HDSISR != hdsisr || c.SPR.ASDR != asdr {
				t.Errorf("HDAR %#x HDSISR %#x ASDR %#x, want %#x %#x %#x",
					c.SPR.HDAR, c.SPR.HDSISR, c.SPR.ASDR, hdar, hdsisr, asdr)
			}
		}
	}
	kernel := sf | hv | me | ri | ir | dr // hypervisor state, translation on
	guest := sf | me | ri | dr            // guest kernel: data translated, fetches in (guest) real mode
	guestLPCR := func(c *CPU) { c.SPR.LPCR = LPCRHR | LPCRUPRT }
	both := func(fs ...func(c *CPU)) func(c *CPU) {
		return func(c *CPU) {
			for _, f := range fs {
				f(c)
			}
		}
	}
	cases := []irqCase{
		// Hypervisor state.
		{name: "hv quadrant 0: LPID 0, PIDR", word: ld, msr: kernel, setup: ea(0x5000),
			nip: at + 4, msrTo: kernel, check: r3(hostValue)},
		{name: "hv quadrant 3: LPID 0, PID 0", word: ld, msr: kernel, setup: ea(0xc000_0000_0000_5000),
			nip: at + 4, msrTo: kernel, check: r3(hostValue)},
		{name: "hv quadrant 1: the guest's PIDR", word: ld, msr: kernel, setup: ea(0x4000_0000_0001_0000),
			nip: at + 4, msrTo: kernel, check: r3(guestValue5)},
		{name: "hv quadrant 2: the guest's PID 0", word: ld, msr: kernel, setup: ea(0x8000_0000_0001_0000),
			nip: at + 4, msrTo: kernel, check: r3(guestValue0)},
		{name: "hv quadrant 1, partition fault: HDSI", word: std, msr: kernel, setup: ea(0x4000_0000_0001_1008),
			want: VecHDSI, nip: 0xe00, save0: at, save1: kernel, msrTo: sf | hv | me | ri,
			check: hdsi(0x4000_0000_0001_1008, DSISRNotFound|DSISRStore, guestHole)},
		{name: "hypervisor's problem state: quadrant 2 is a segment", word: ld, msr: kernel | pr,
			setup: ea(0x8000_0000_0001_0000),
			want:  VecDSegI, nip: 0x380, save0: at, save1: kernel | pr, msrTo: sf | hv | me},
		{name: "no partitions: quadrant 1 is a segment", word: ld, msr: kernel,
			setup: both(ea(0x4000_0000_0001_0000), func(c *CPU) { c.HypervisorOnly = true }),
			want:  VecDSegI, nip: 0x380, save0: at, save1: kernel, msrTo: sf | hv | me},
		// A guest (MSR[HV] = 0, LPCR[HR] = 1).
		{name: "guest quadrant 0: LPIDR, PIDR", word: ld, msr: guest, setup: both(guestLPCR, ea(0x10000)),
			nip: at + 4, msrTo: guest, check: r3(guestValue5)},
		{name: "guest quadrant 3: LPIDR, PID 0", word: ld, msr: guest, setup: both(guestLPCR, ea(0xc000_0000_0001_0000)),
			nip: at + 4, msrTo: guest, check: r3(guestValue0)},
		{name: "guest quadrant 1: segment", word: ld, msr: guest, setup: both(guestLPCR, ea(0x4000_0000_0001_0000)),
			want: VecDSegI, nip: 0x380, save0: at, save1: guest, msrTo: sf | me,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.DAR != 0x4000_0000_0001_0000 {
					t.Errorf("DAR %#x", c.SPR.DAR)
				}
			}},
		{name: "guest process-scoped fault: DSI", word: ld, msr: guest, setup: both(guestLPCR, ea(0x12000)),
			want: VecDSI, nip: 0x300, save0: at, save1: guest, msrTo: sf | me,
			check: dsi(0x12000, DSISRNotFound)},
		{name: "guest partition-scoped fault: HDSI", word: ld, msr: guest, setup: both(guestLPCR, ea(0x11010)),
			want: VecHDSI, nip: 0xe00, save0: at, save1: guest, msrTo: sf | hv | me | ri,
			check: hdsi(0x11010, DSISRNotFound, guestHole)},
		{name: "guest table outside the partition: HDSI bit 46", word: ld, msr: guest,
			setup: both(guestLPCR, ea(0x10000), func(c *CPU) {
				// PID 7's process table entry points at a directory
				// in the guest real page the partition does not map.
				c.SPR.PIDR = 7
				binary.BigEndian.PutUint64(c.Bus.RAM(hostRA(guestProcs+7*16), 8), guestHole|10)
			}),
			want: VecHDSI, nip: 0xe00, save0: at, save1: guest, msrTo: sf | hv | me | ri,
			check: hdsi(0x10000, DSISRNotFound|DSISRTable, guestHole)},
		{name: "guest real mode: partition-scoped only", word: ld, msr: sf | me | ri,
			setup: both(guestLPCR, ea(guestData0)),
			nip:   at + 4, msrTo: sf | me | ri, check: r3(guestValue0)},
		{name: "guest real mode: EA bits 0:3 ignored", word: ld, msr: sf | me | ri,
			setup: both(guestLPCR, ea(0xf000_0000_0000_0000|guestData5)),
			nip:   at + 4, msrTo: sf | me | ri, check: r3(guestValue5)},
		{name: "guest real mode, partition fault: HDSI", word: ld, msr: sf | me | ri,
			setup: both(guestLPCR, ea(guestHole+0x10)),
			want:  VecHDSI, nip: 0xe00, save0: at, save1: sf | me | ri, msrTo: sf | hv | me | ri,
			check: hdsi(guestHole+0x10, DSISRNotFound, guestHole)},
		{name: "guest fetch outside the partition: HISI", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.B, 0x10000) },
			msr: guest | ir, setup: guestLPCR,
			nip: 0x11000, msrTo: guest | ir,
			check: func(t *testing.T, c *CPU) {
				if v, err := c.Step(); v != VecHISI || err != nil {
					t.Fatalf("fetch at 0x11000: %v %v, want HISI", v, err)
				}
				want := guest | ir | DSISRNotFound
				if c.Regs.NIP != 0xe20 || c.SPR.HSRR0 != 0x11000 || c.SPR.HSRR1 != want || c.SPR.ASDR != guestHole {
					t.Errorf("NIP %#x HSRR0 %#x HSRR1 %#x ASDR %#x, want 0xe20 0x11000 %#x %#x",
						c.Regs.NIP, c.SPR.HSRR0, c.SPR.HSRR1, c.SPR.ASDR, want, guestHole)
				}
				if c.Regs.MSR != sf|hv|me|ri {
					t.Errorf("MSR %#x, want %#x", c.Regs.MSR, sf|hv|me|ri)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			mapGuest(c, ram)
			tc.run(t, c, ram)
		})
	}
}

// TestGuestPhysicalAddress: the debugger's look-up follows the same two
// translations, without setting R or C.
func TestGuestPhysicalAddress(t *testing.T) {
	c, ram := newTestCPU(t)
	mapGuest(c, ram)
	c.SPR.LPCR = LPCRHR
	c.Regs.MSR = sf | me | dr
	got, err := c.PhysicalAddress(0x10008)
	if err != nil || got != 0xb1008 {
		t.Errorf("PhysicalAddress(0x10008) = %#x, %v; want 0xb1008", got, err)
	}
	if _, err := c.PhysicalAddress(0x11000); err == nil {
		t.Errorf("PhysicalAddress(0x11000): no error, want a partition-scoped fault")
	}
}

// TestURFID: urfid on a machine without an ultravisor is an instruction it
// does not provide (see opURFID): hypervisor emulation assistance in
// privileged state (HSRR0 the instruction, HEIR its image), a privileged
// instruction program interrupt (SRR1 bit 45) in problem state.
func TestURFID(t *testing.T) {
	w := func(t *testing.T) uint32 { return enc(t, ppc64asm.URFID) }
	heir := func(t *testing.T, c *CPU) {
		if want := uint64(enc(t, ppc64asm.URFID)); c.SPR.HEIR != want {
			t.Errorf("HEIR %#x, want %#x", c.SPR.HEIR, want)
		}
	}
	cases := []irqCase{
		{name: "hypervisor", word: w, msr: sf | hv | me | ri, want: VecHEmulation, nip: 0xe40,
			save0: at, save1: sf | hv | me | ri, msrTo: sf | hv | me | ri, check: heir},
		{name: "privileged", word: w, msr: sf | me | ri, want: VecHEmulation, nip: 0xe40,
			save0: at, save1: sf | me | ri, msrTo: sf | hv | me | ri, check: heir},
		{name: "problem state", word: w, msr: sf | pr | me | ri, want: VecProgram, nip: 0x700,
			save0: at, save1: sf | pr | me | ri | SRR1ProgPriv, msrTo: sf | me},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			tc.run(t, c, ram)
		})
	}
}
