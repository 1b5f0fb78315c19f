package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
)

// Encodings of the enabled-exception tests below.
const (
	wMtfsb1FI = 0xfdc0004c // mtfsb1 14 (FI)
)

// TestFPEnabledISA pins, against the Power ISA 3.1B, the enabled-exception
// state where QEMU 7.2 differs (the divergences of trace/fpediverge.go):
// the emulator's FPException carries it on both profiles.
func TestFPEnabledISA(t *testing.T) {
	const one, snan = 0x3ff0000000000000, 0x7ff4000000000000
	fe := regs.MSRFE0 | regs.MSRFE1
	var cases []fpCase
	for _, p := range []struct {
		prof Profile
		msr  uint64
	}{{Hardware, fe}, {QEMU, 0}} {
		cases = append(cases,
			// Book I 4.4.1: an enabled invalid operation leaves the target
			// and FPRF unchanged and clears FR and FI (preset here); QEMU
			// keeps FI.
			fpCase{name: "ve-clears-fr-fi", prof: p.prof, msr: p.msr, word: wFadd, f2: snan, f3: one, fpscr: 0x00060080,
				wantErr: ErrFPException, exc: &FPException{FPSCR: 0xe1000080, Target: -1}},
			// Book I 4.4.6: the inexact action does not depend on XE: fcfid
			// of 2^53+1 writes the rounded 2^53 and sets FPRF (+normal) and FI
			// before the interrupt; QEMU 7.2 traps before writing FRT and
			// FPRF.
			fpCase{name: "fcfid-xe", prof: p.prof, msr: p.msr, word: wFcfid, f3: 0x0020000000000001, fpscr: 0x08,
				wantErr: ErrFPException, exc: &FPException{FPSCR: 0xc2024008, Target: 1, Value: 0x4340000000000000}},
			// Rc=1: CR1 ← FX FEX VX OX of the interrupt's FPSCR (1100 for an
			// enabled zero divide); QEMU leaves CR alone.
			fpCase{name: "ze-rc", prof: p.prof, msr: p.msr, word: wFdivZ | 1, f2: one, f3: 0, fpscr: 0x10,
				wantErr: ErrFPException, exc: &FPException{FPSCR: 0xc4000010, CR: 0x0c000000, Target: -1}},
		)
	}
	// mtfsb1 of FI with an enabled inexact exception already pending (FEX
	// set): the ISA interrupts only when the instruction sets FEX, so the
	// hardware profile completes; QEMU 7.2 traps after every mtfsb1 that
	// leaves an enabled exception pending (harness: mtfsb1 14 with
	// fpscr=e30000fb gives SIGFPE), and the QEMU profile does too.
	cases = append(cases,
		fpCase{name: "mtfsb1-pending-hw", prof: Hardware, msr: fe, word: wMtfsb1FI, fpscr: 0xc2000008, wFPSCR: 0xc2020008},
		fpCase{name: "mtfsb1-pending-qemu", prof: QEMU, word: wMtfsb1FI, fpscr: 0xc2000008,
			wantErr: ErrFPException, exc: &FPException{FPSCR: 0xc2020008, Target: -1}},
	)
	runFPCases(t, cases)
}
