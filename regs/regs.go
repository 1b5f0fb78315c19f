// Package regs is the powerpc64 register file of ppc64emu: the user-visible
// registers laid out like Linux's struct pt_regs, plus the floating-point,
// vector and VSX state and the few problem-state SPRs a debugger needs.
//
// The register file is plain data. Regs is comparable with ==, so a caller can
// check that a refused step left it bit-identical. Helpers give named access to
// the bits of MSR, XER, CR and FPSCR, and encoders turn the register file into
// the Linux ptrace / core-dump register sets in either byte order.
//
// Bit numbering: the Power ISA numbers bits from the most significant end
// (bit 0 of a 64-bit register is its sign bit). Constants in this package are
// masks, already converted, so MSRSF == 1<<63.
package regs

// VSR is one 128-bit vector-scalar register. Hi is doubleword 0 (ISA bits
// 0:63, the most significant half); Lo is doubleword 1 (bits 64:127).
// FPR i is VSR i's Hi; VR i is VSR 32+i.
//
// MMA accumulators (POWER10): ACC[i] (0-7) is VSRs 4i…4i+3, its row k in
// VSR 4i+k, element j of a row in word (or doubleword) j as Word/DW number
// them. There is no separate accumulator state: xxmtacc and xxmfacc leave
// the VSRs as they are and the rank-k updates read and write them, so a
// debugger reading VSRs 4i…4i+3 sees the accumulator at every step. That
// is what QEMU 7.2 shows; on POWER10 the ISA leaves those VSRs undefined
// while ACC[i] is primed (between xxmtacc/xxsetaccz/a GER op and xxmfacc),
// and a debugger there may see stale values (Difference "mma-acc-vsr" in
// package emulate). The primed state is not a register: the emulator
// keeps it beside the registers (emulate.Context.Primed), and under its hardware
// profile refuses an instruction naming such a VSR ("mma-primed-vsr").
type VSR struct {
	Hi uint64 // doubleword 0, ISA bits 0:63
	Lo uint64 // doubleword 1, ISA bits 64:127
}

// Regs is the register file. The first fields follow Linux's struct pt_regs
// (user_pt_regs) in order; the rest hold state Linux keeps elsewhere.
type Regs struct {
	GPR      [32]uint64 // general-purpose registers r0..r31
	NIP      uint64     // next instruction address (the current instruction before a step)
	MSR      uint64     // machine state register
	OrigGPR3 uint64     // r3 at syscall entry (pt_regs orig_gpr3)
	CTR      uint64     // count register
	LR       uint64     // link register
	XER      uint64     // fixed-point exception register
	CR       uint32     // condition register (pt_regs ccr; 32 bits used)
	SOFTE    uint64     // soft interrupt enable (pt_regs softe; ptrace reports 1)
	TRAP     uint64     // interrupt vector of the last kernel entry (pt_regs trap)
	DAR      uint64     // data address register of the last fault
	DSISR    uint64     // data storage interrupt status of the last fault
	RESULT   uint64     // syscall result (pt_regs result)

	FPSCR  uint64  // floating-point status and control register (64 bits)
	VSR    [64]VSR // vector-scalar registers
	VSCR   uint32  // vector status and control register
	VRSAVE uint32  // VR save SPR (256)
	TAR    uint64  // target address register (SPR 815)
	DSCR   uint64  // data stream control register (SPR 3 / 17)
	PPR    uint64  // program priority register (SPR 896)
}

// FPR returns floating-point register i (doubleword 0 of VSR i).
func (r *Regs) FPR(i int) uint64 { return r.VSR[i&31].Hi }

// SetFPR sets floating-point register i (doubleword 0 of VSR i), leaving
// doubleword 1 unchanged.
func (r *Regs) SetFPR(i int, v uint64) { r.VSR[i&31].Hi = v }

// VR returns vector register i (VSR 32+i).
func (r *Regs) VR(i int) VSR { return r.VSR[32+i&31] }

// SetVR sets vector register i (VSR 32+i).
func (r *Regs) SetVR(i int, v VSR) { r.VSR[32+i&31] = v }
