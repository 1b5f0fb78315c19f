package regs

// This file names the bits of MSR, XER, CR, FPSCR and VSCR.
//
// The Power ISA numbers the bits of a register from the most significant end:
// in a 64-bit register bit 0 is worth 1<<63 and bit 63 is worth 1. Every
// constant below is a mask already converted to Go's numbering, and its
// comment gives the ISA bit number so it can be checked against the book.

// Machine State Register bits. The comments give the ISA bit number; the Linux
// headers (asm/reg.h) number the same bits from the least significant end
// (MSR_SF_LG = 63 is ISA bit 0).
const (
	MSRSF  uint64 = 1 << 63 // ISA bit 0: 64-bit mode
	MSRHV  uint64 = 1 << 60 // ISA bit 3: hypervisor state
	MSRTS  uint64 = 3 << 33 // ISA bits 29:30: transaction state (2 bits)
	MSRTM  uint64 = 1 << 32 // ISA bit 31: transactional memory available
	MSRVEC uint64 = 1 << 25 // ISA bit 38: vector (VMX) available
	MSRVSX uint64 = 1 << 23 // ISA bit 40: VSX available
	MSRS   uint64 = 1 << 22 // ISA bit 41: secure mode
	MSREE  uint64 = 1 << 15 // ISA bit 48: external interrupt enable
	MSRPR  uint64 = 1 << 14 // ISA bit 49: problem (user) state
	MSRFP  uint64 = 1 << 13 // ISA bit 50: floating point available
	MSRME  uint64 = 1 << 12 // ISA bit 51: machine check enable
	MSRFE0 uint64 = 1 << 11 // ISA bit 52: FP exception mode, high bit
	MSRSE  uint64 = 1 << 10 // ISA bit 53: single-step trace enable
	MSRBE  uint64 = 1 << 9  // ISA bit 54: branch trace enable
	MSRFE1 uint64 = 1 << 8  // ISA bit 55: FP exception mode, low bit
	MSRIR  uint64 = 1 << 5  // ISA bit 58: instruction relocation
	MSRDR  uint64 = 1 << 4  // ISA bit 59: data relocation
	MSRRI  uint64 = 1 << 1  // ISA bit 62: recoverable interrupt
	MSRLE  uint64 = 1 << 0  // ISA bit 63: little-endian mode

	// MSRKernel is the MSR Linux runs a big-endian Book3S-64 kernel with
	// (asm/reg.h MSR_KERNEL: ME, RI, IR, DR, HV, SF). A little-endian
	// kernel adds MSRLE.
	MSRKernel = MSRME | MSRRI | MSRIR | MSRDR | MSRHV | MSRSF

	// MSRUser64 is the MSR Linux gives a big-endian 64-bit user process
	// (asm/reg.h MSR_USER64: the kernel bits plus PR and EE). Facility
	// bits (FP, VEC, VSX) are switched on lazily, so a live process often
	// shows them set as well; HV is absent when running as a guest.
	MSRUser64 = MSRKernel | MSRPR | MSREE

	// MSRUser64LE is MSRUser64 for a little-endian process.
	MSRUser64LE = MSRUser64 | MSRLE

	// MSRLinuxUser is the state a big-endian 64-bit Linux process runs
	// in once it has used floating point and vectors: MSRUser64 with FP,
	// VEC and VSX on (Linux turns these facility bits on at a process's
	// first use of them). This is the MSR to emulate user code with:
	// under MSRUser64 the first lfs or vector instruction is
	// ErrUnavailable. FE0 and FE1 are off (floating-point exceptions
	// disabled, the Linux default until prctl(PR_SET_FPEXC)).
	MSRLinuxUser = MSRUser64 | MSRFP | MSRVEC | MSRVSX

	// MSRLinuxUserLE is MSRLinuxUser for a little-endian process: the
	// value a user-mode register dump on a POWER host prints as
	// "MSR: 900000000280f033 <SF,HV,VEC,VSX,EE,PR,FP,ME,IR,DR,RI,LE>"
	// (800000000280f033, without HV, in a guest).
	MSRLinuxUserLE = MSRLinuxUser | MSRLE

	// MSRDebugChange is the set of MSR bits a ptrace write may change on
	// Book3S (MSR_DEBUGCHANGE: SE and BE).
	MSRDebugChange = MSRSE | MSRBE
)

// Is64 reports whether the processor is in 64-bit mode (MSR[SF]).
func (r *Regs) Is64() bool { return r.MSR&MSRSF != 0 }

// LittleEndian reports whether storage accesses are little-endian (MSR[LE]).
func (r *Regs) LittleEndian() bool { return r.MSR&MSRLE != 0 }

// ProblemState reports whether the processor is in problem (user) state
// (MSR[PR]).
func (r *Regs) ProblemState() bool { return r.MSR&MSRPR != 0 }

// FPAvailable reports whether floating-point instructions may run (MSR[FP]).
func (r *Regs) FPAvailable() bool { return r.MSR&MSRFP != 0 }

// VecAvailable reports whether vector (VMX) instructions may run (MSR[VEC]).
func (r *Regs) VecAvailable() bool { return r.MSR&MSRVEC != 0 }

// VSXAvailable reports whether VSX instructions may run (MSR[VSX]).
func (r *Regs) VSXAvailable() bool { return r.MSR&MSRVSX != 0 }

// SingleStep reports whether single-step tracing is enabled (MSR[SE]).
func (r *Regs) SingleStep() bool { return r.MSR&MSRSE != 0 }

// BranchTrace reports whether branch tracing is enabled (MSR[BE]).
func (r *Regs) BranchTrace() bool { return r.MSR&MSRBE != 0 }

// FPExceptionMode returns the floating-point exception mode FE0‖FE1 as a
// number 0..3: 0 ignores enabled exceptions, 1 and 2 are imprecise modes,
// 3 is precise.
func (r *Regs) FPExceptionMode() int {
	m := 0
	if r.MSR&MSRFE0 != 0 {
		m |= 2
	}
	if r.MSR&MSRFE1 != 0 {
		m |= 1
	}
	return m
}

// Fixed-point exception register bits (ISA bit numbers of the 64-bit XER).
const (
	XERSO        uint64 = 0x80000000 // ISA bit 32: summary overflow
	XEROV        uint64 = 0x40000000 // ISA bit 33: overflow
	XERCA        uint64 = 0x20000000 // ISA bit 34: carry
	XEROV32      uint64 = 0x00080000 // ISA bit 44: overflow of the low 32 bits
	XERCA32      uint64 = 0x00040000 // ISA bit 45: carry out of the low 32 bits
	XERByteCount uint64 = 0x7f       // ISA bits 57:63: byte count for lswx/stswx

	// XERDefined is every XER bit the architecture defines; other bits
	// are reserved.
	XERDefined = XERSO | XEROV | XERCA | XEROV32 | XERCA32 | XERByteCount
)

// setBit sets (on) or clears the bits of mask in *v.
func setBit[T uint32 | uint64](v *T, mask T, on bool) {
	if on {
		*v |= mask
	} else {
		*v &^= mask
	}
}

// SO reports XER[SO], the summary overflow bit.
func (r *Regs) SO() bool { return r.XER&XERSO != 0 }

// SetSO sets or clears XER[SO].
func (r *Regs) SetSO(on bool) { setBit(&r.XER, XERSO, on) }

// OV reports XER[OV], the overflow bit.
func (r *Regs) OV() bool { return r.XER&XEROV != 0 }

// SetOV sets or clears XER[OV]. It does not touch SO.
func (r *Regs) SetOV(on bool) { setBit(&r.XER, XEROV, on) }

// CA reports XER[CA], the carry bit.
func (r *Regs) CA() bool { return r.XER&XERCA != 0 }

// SetCA sets or clears XER[CA].
func (r *Regs) SetCA(on bool) { setBit(&r.XER, XERCA, on) }

// OV32 reports XER[OV32], overflow of the low-order 32-bit result.
func (r *Regs) OV32() bool { return r.XER&XEROV32 != 0 }

// SetOV32 sets or clears XER[OV32].
func (r *Regs) SetOV32(on bool) { setBit(&r.XER, XEROV32, on) }

// CA32 reports XER[CA32], the carry out of the low-order 32 bits.
func (r *Regs) CA32() bool { return r.XER&XERCA32 != 0 }

// SetCA32 sets or clears XER[CA32].
func (r *Regs) SetCA32(on bool) { setBit(&r.XER, XERCA32, on) }

// ByteCount returns the XER byte count field (bits 57:63), used by the
// string instructions lswx and stswx.
func (r *Regs) ByteCount() int { return int(r.XER & XERByteCount) }

// SetByteCount sets the XER byte count field to n&0x7f.
func (r *Regs) SetByteCount(n int) {
	r.XER = r.XER&^XERByteCount | uint64(n)&XERByteCount
}

// Condition register field bits, as they sit within a 4-bit field returned by
// CRField. For a compare: less than, greater than, equal, and a copy of
// XER[SO]. After a floating-point compare the same bits mean FL, FG, FE, FU.
const (
	CRLT uint32 = 8 // first bit of a field: negative / less than
	CRGT uint32 = 4 // second bit: positive / greater than
	CREQ uint32 = 2 // third bit: zero / equal
	CRSO uint32 = 1 // fourth bit: summary overflow / unordered
)

// CRField returns 4-bit field i of the condition register cr. Field 0 is the
// most significant nibble (CR bits 0:3); i is taken modulo 8.
func CRField(cr uint32, i int) uint32 {
	return cr >> (28 - 4*uint(i&7)) & 0xf
}

// SetCRField returns cr with 4-bit field i replaced by v&0xf. Field 0 is the
// most significant nibble; i is taken modulo 8.
func SetCRField(cr uint32, i int, v uint32) uint32 {
	sh := 28 - 4*uint(i&7)
	return cr&^(0xf<<sh) | (v&0xf)<<sh
}

// CRBit reports condition register bit bi of cr, numbered as the ISA and the
// BI/BA/BB instruction fields do: bit 0 is the most significant (CR0[LT]) and
// bit 31 the least (CR7[SO]). bi is taken modulo 32.
func CRBit(cr uint32, bi int) bool {
	return cr>>(31-uint(bi&31))&1 != 0
}

// SetCRBit returns cr with bit bi (ISA numbering, 0 = most significant) set
// or cleared. bi is taken modulo 32.
func SetCRBit(cr uint32, bi int, on bool) uint32 {
	m := uint32(1) << (31 - uint(bi&31))
	if on {
		return cr | m
	}
	return cr &^ m
}

// CRField returns field i (0..7, 0 = most significant) of r.CR.
func (r *Regs) CRField(i int) uint32 { return CRField(r.CR, i) }

// SetCRField replaces field i (0..7, 0 = most significant) of r.CR with v&0xf.
func (r *Regs) SetCRField(i int, v uint32) { r.CR = SetCRField(r.CR, i, v) }

// CRBit reports bit bi (0..31, 0 = most significant) of r.CR.
func (r *Regs) CRBit(bi int) bool { return CRBit(r.CR, bi) }

// SetCRBit sets or clears bit bi (0..31, 0 = most significant) of r.CR.
func (r *Regs) SetCRBit(bi int, on bool) { r.CR = SetCRBit(r.CR, bi, on) }

// Floating-point status and control register bits. FPSCR is a 64-bit
// register; the classic fields are ISA bits 32:63 (the low word) and the
// decimal rounding mode DRN sits at ISA bits 29:31 in the high word.
const (
	FPSCRDRN     uint64 = 7 << 32    // ISA bits 29:31: decimal FP rounding mode
	FPSCRFX      uint64 = 1 << 31    // ISA bit 32: exception summary (sticky)
	FPSCRFEX     uint64 = 1 << 30    // ISA bit 33: enabled exception summary
	FPSCRVX      uint64 = 1 << 29    // ISA bit 34: invalid operation summary
	FPSCROX      uint64 = 1 << 28    // ISA bit 35: overflow
	FPSCRUX      uint64 = 1 << 27    // ISA bit 36: underflow
	FPSCRZX      uint64 = 1 << 26    // ISA bit 37: zero divide
	FPSCRXX      uint64 = 1 << 25    // ISA bit 38: inexact
	FPSCRVXSNAN  uint64 = 1 << 24    // ISA bit 39: invalid: signalling NaN
	FPSCRVXISI   uint64 = 1 << 23    // ISA bit 40: invalid: ∞ − ∞
	FPSCRVXIDI   uint64 = 1 << 22    // ISA bit 41: invalid: ∞ ÷ ∞
	FPSCRVXZDZ   uint64 = 1 << 21    // ISA bit 42: invalid: 0 ÷ 0
	FPSCRVXIMZ   uint64 = 1 << 20    // ISA bit 43: invalid: ∞ × 0
	FPSCRVXVC    uint64 = 1 << 19    // ISA bit 44: invalid compare
	FPSCRFR      uint64 = 1 << 18    // ISA bit 45: fraction rounded
	FPSCRFI      uint64 = 1 << 17    // ISA bit 46: fraction inexact
	FPSCRFPRF    uint64 = 0x1f << 12 // ISA bits 47:51: result flags (C and FPCC)
	FPSCRC       uint64 = 1 << 16    // ISA bit 47: result class descriptor
	FPSCRFPCC    uint64 = 0xf << 12  // ISA bits 48:51: condition code FL FG FE FU
	FPSCRFL      uint64 = 1 << 15    // ISA bit 48: less than / negative
	FPSCRFG      uint64 = 1 << 14    // ISA bit 49: greater than / positive
	FPSCRFE      uint64 = 1 << 13    // ISA bit 50: equal / zero
	FPSCRFU      uint64 = 1 << 12    // ISA bit 51: unordered / NaN
	FPSCRVXSOFT  uint64 = 1 << 10    // ISA bit 53: invalid: software request
	FPSCRVXSQRT  uint64 = 1 << 9     // ISA bit 54: invalid: square root
	FPSCRVXCVI   uint64 = 1 << 8     // ISA bit 55: invalid: integer convert
	FPSCRVE      uint64 = 1 << 7     // ISA bit 56: invalid operation enable
	FPSCROE      uint64 = 1 << 6     // ISA bit 57: overflow enable
	FPSCRUE      uint64 = 1 << 5     // ISA bit 58: underflow enable
	FPSCRZE      uint64 = 1 << 4     // ISA bit 59: zero divide enable
	FPSCRXE      uint64 = 1 << 3     // ISA bit 60: inexact enable
	FPSCRNI      uint64 = 1 << 2     // ISA bit 61: non-IEEE mode
	FPSCRRN      uint64 = 3          // ISA bits 62:63: binary FP rounding mode
	FPSCRDRNLSB         = 32         // shift of the DRN field
	FPSCRFPRFLSB        = 12         // shift of the FPRF field

	// FPSCRVXAll is every invalid-operation exception bit; FPSCR[VX] is
	// their OR.
	FPSCRVXAll = FPSCRVXSNAN | FPSCRVXISI | FPSCRVXIDI | FPSCRVXZDZ |
		FPSCRVXIMZ | FPSCRVXVC | FPSCRVXSOFT | FPSCRVXSQRT | FPSCRVXCVI

	// FPSCREnables is the five exception enable bits VE OE UE ZE XE.
	FPSCREnables = FPSCRVE | FPSCROE | FPSCRUE | FPSCRZE | FPSCRXE
)

// Binary floating-point rounding modes, the values of FPSCR[RN].
const (
	RoundNearest = 0 // round to nearest, ties to even
	RoundZero    = 1 // round toward zero
	RoundUp      = 2 // round toward +infinity
	RoundDown    = 3 // round toward −infinity
)

// FPSCRSummary returns fpscr with the two summary bits recomputed from their
// sources: VX is the OR of the invalid-operation bits, and FEX is set when
// any exception bit (VX, OX, UX, ZX, XX) has its enable bit set. FX is
// sticky and is left alone: an instruction sets it when it sets a new
// exception bit, which this function cannot know.
func FPSCRSummary(fpscr uint64) uint64 {
	fpscr &^= FPSCRVX | FPSCRFEX
	if fpscr&FPSCRVXAll != 0 {
		fpscr |= FPSCRVX
	}
	// The exception bits VX OX UX ZX XX are ISA bits 34:38 and the enables
	// VE OE UE ZE XE are ISA bits 56:60, in the same order, 22 bits lower.
	if (fpscr>>22)&fpscr&FPSCREnables != 0 {
		fpscr |= FPSCRFEX
	}
	return fpscr
}

// RoundingMode returns FPSCR[RN], one of RoundNearest, RoundZero, RoundUp,
// RoundDown.
func (r *Regs) RoundingMode() int { return int(r.FPSCR & FPSCRRN) }

// SetRoundingMode sets FPSCR[RN] to mode&3.
func (r *Regs) SetRoundingMode(mode int) {
	r.FPSCR = r.FPSCR&^FPSCRRN | uint64(mode)&FPSCRRN
}

// DecimalRoundingMode returns FPSCR[DRN] (ISA bits 29:31), 0..7.
func (r *Regs) DecimalRoundingMode() int {
	return int(r.FPSCR & FPSCRDRN >> FPSCRDRNLSB)
}

// SetDecimalRoundingMode sets FPSCR[DRN] to mode&7.
func (r *Regs) SetDecimalRoundingMode(mode int) {
	r.FPSCR = r.FPSCR&^FPSCRDRN | uint64(mode)<<FPSCRDRNLSB&FPSCRDRN
}

// FPRF returns the 5-bit floating-point result flags FPSCR[FPRF]: C in the
// 0x10 bit followed by FPCC (FL 8, FG 4, FE 2, FU 1).
func (r *Regs) FPRF() uint32 { return uint32(r.FPSCR & FPSCRFPRF >> FPSCRFPRFLSB) }

// SetFPRF sets FPSCR[FPRF] to v&0x1f.
func (r *Regs) SetFPRF(v uint32) {
	r.FPSCR = r.FPSCR&^FPSCRFPRF | uint64(v)<<FPSCRFPRFLSB&FPSCRFPRF
}

// FPCC returns the 4-bit floating-point condition code FPSCR[FPCC]
// (FL 8, FG 4, FE 2, FU 1), the low four bits of FPRF.
func (r *Regs) FPCC() uint32 { return r.FPRF() & 0xf }

// Vector status and control register bits. VSCR is a 32-bit register; mfvscr
// places it in bits 96:127 of a vector register, so the ISA's bit numbers for
// it are 96 more than its bit numbers as a word (0 = most significant).
const (
	VSCRNJ  uint32 = 0x00010000 // word bit 15 (ISA 111): non-Java mode, denormals flush to zero
	VSCRSAT uint32 = 0x00000001 // word bit 31 (ISA 127): saturation occurred (sticky)

	// VSCRDefined is every VSCR bit the architecture defines.
	VSCRDefined = VSCRNJ | VSCRSAT
)

// NJ reports VSCR[NJ], the vector non-Java mode bit.
func (r *Regs) NJ() bool { return r.VSCR&VSCRNJ != 0 }

// SetNJ sets or clears VSCR[NJ].
func (r *Regs) SetNJ(on bool) { setBit(&r.VSCR, VSCRNJ, on) }

// SAT reports VSCR[SAT], the sticky vector saturation bit.
func (r *Regs) SAT() bool { return r.VSCR&VSCRSAT != 0 }

// SetSAT sets or clears VSCR[SAT].
func (r *Regs) SetSAT(on bool) { setBit(&r.VSCR, VSCRSAT, on) }
