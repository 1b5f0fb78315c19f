package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// Quadword loads and stores (lq, stq, plq, pstq; Power ISA 3.1B Book I
// 3.3.5): an even-odd register pair and 16 bytes of storage. In big-endian
// mode RTp gets the doubleword at EA and RTp+1 the one at EA+8; in
// little-endian mode the 16 bytes are one little-endian quantity, so RTp
// gets the byte-reversed doubleword at EA+8 and RTp+1 the one at EA
// (the lq and stq descriptions of Power ISA 3.0B and 3.1 say so in words;
// measured with QEMU 7.2: emulate/testdata/qemu/quad.*.txt).
//
// plq and pstq in little-endian mode are different: ISA 3.1 defines them
// so that RTp gets the doubleword at EA and RTp+1 the one at EA+8 whatever
// the byte order (each doubleword in the mode's byte order: its plq
// pseudocode assigns MEM(EA,16) to RTp+1 ‖ RTp in little-endian mode, to
// RTp ‖ RTp+1 in big-endian mode, where lq assigns RTp ‖ RTp+1 in both),
// and QEMU 7.2
// and Microwatt agree (measured: emulate/testdata/qemu/quad.le.txt), while
// the Linux kernel's emulator treats them exactly like lq/stq. Both
// profiles follow the ISA (Differences row "plq-le").
//
// Invalid forms. lq with an odd RTp or RTp = RA, stq with an odd RSp are
// decoded as invalid forms (the profile decides). QEMU 7.2 treats the
// prefixed forms differently (measured: testdata/traces/plq.*, pstq.*):
// plq and pstq with an odd RTp/RSp execute, on registers RTp and RTp+1;
// plq with RTp = RA (also RTp = RA = 0 with R=1) and both with R=1 and
// RA≠0 are illegal. So the
// QEMU profile lets plq/pstq invalid forms through to opLoadQuad and
// opStoreQuad (the measured table marks them invSome: QEMU executes some
// of their invalid forms), which refuse the illegal ones. plq with RTp = RA is
// an ISA invalid form that decode does not flag: on the hardware profile it
// is not emulated.
//
// An EA that is not a multiple of 16 is an alignment interrupt on the
// hardware profile (the ISA invokes the alignment handler; Linux then
// emulates the access in two halves, which the emulator does itself under
// Config.Complete) and executes normally under QEMU 7.2 (Differences row
// "lq-unaligned").

func init() {
	def(opLoadQuad, p.LQ, p.PLQ)
	def(opStoreQuad, p.STQ, p.PSTQ)
}

// quadPrefixedLE handles plq/pstq in little-endian mode (see above): swap
// reports that the pair is in address order (ISA 3.1; both profiles).
func (e *Emulator) quadPrefixedLE(r *regs.Regs, in *decode.Inst) (swap bool, err error) {
	return in.Len == 8 && r.MSR&regs.MSRLE != 0, nil
}

// quadPrefixedForm refuses the prefixed forms QEMU 7.2 makes illegal and
// plq with RTp = RA on the hardware profile (see above).
func (e *Emulator) quadPrefixedForm(in *decode.Inst) error {
	if in.Len != 8 {
		return nil
	}
	rt, ra := in.Args[0], in.Args[2]
	pcrel := in.Has(decode.FlagPCRel)
	switch {
	case pcrel && ra != 0, in.Op == p.PLQ && rt == ra:
		if e.qemuSide(diffInvalidForm) {
			return profileIllegal(in.Op, "invalid form", QEMU, decode.ErrInvalidForm)
		}
		return hardwareUnknown(in.Op, "invalid form", decode.ErrInvalidForm)
	}
	return nil
}

// quadAligned checks the alignment of a quadword access at addr.
func (e *Emulator) quadAligned(addr uint64, write bool) error {
	if addr&15 != 0 && !e.qemuSide(diffLqUnaligned) {
		return &Fault{Addr: addr, EA: addr, Size: 16, Write: write, Alignment: true}
	}
	return nil
}

// getQuad returns the (even, odd) register values of a quadword in b.
func getQuad(r *regs.Regs, b []byte) (hi, lo uint64) {
	v := vsrFromBytes(b, 16, r.MSR&regs.MSRLE != 0)
	return v.Hi, v.Lo
}

// putQuad stores the register pair (hi = even, lo = odd) into b.
func putQuad(r *regs.Regs, b []byte, hi, lo uint64) {
	vsrToBytes(b, regs.VSR{Hi: hi, Lo: lo}, 16, r.MSR&regs.MSRLE != 0)
}

// quadAccess checks a quadword load or store (lq, stq, plq, pstq) before
// it accesses memory: the prefixed form, the byte order and the
// alignment. It returns the EA and whether the doublewords are swapped.
func (e *Emulator) quadAccess(r *regs.Regs, in *decode.Inst, store bool) (addr uint64, swap bool, err error) {
	if err := e.quadPrefixedForm(in); err != nil {
		return 0, false, err
	}
	addr, _ = ea(r, in, false)
	if swap, err = e.quadPrefixedLE(r, in); err != nil {
		return 0, false, err
	}
	return addr, swap, e.quadAligned(addr, store)
}

func opLoadQuad(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, swap, err := e.quadAccess(r, in, false)
	if err != nil {
		return err
	}
	b, err := e.read(m, addr, 16)
	if err != nil {
		return err
	}
	rt := in.Args[0] & 31
	hi, lo := getQuad(r, b)
	if swap {
		hi, lo = lo, hi
	}
	r.GPR[rt], r.GPR[(rt+1)&31] = hi, lo
	return nil
}

func opStoreQuad(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, swap, err := e.quadAccess(r, in, true)
	if err != nil {
		return err
	}
	rs := in.Args[0] & 31
	hi, lo := r.GPR[rs], r.GPR[(rs+1)&31]
	if swap {
		hi, lo = lo, hi
	}
	b := e.buf[:16]
	putQuad(r, b, hi, lo)
	return e.write(m, addr, b)
}
