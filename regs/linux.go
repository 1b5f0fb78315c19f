package regs

// This file converts the register file to and from the register sets Linux
// exchanges through ptrace (PTRACE_GETREGS, PTRACE_GETREGSET, …) and writes
// into ELF core-dump notes. The layouts are those of a 64-bit powerpc kernel,
// described in the project's reference/linux-abi.md (sections 4.1 and 4.2).
//
// Every set is a sequence of fixed-size slots in the target's byte order,
// which the caller passes as a binary.ByteOrder (binary.BigEndian for ppc64,
// binary.LittleEndian for ppc64le).

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Indices into the ptrace user area (PEEKUSR/POKEUSR). Each index names one
// 8-byte slot, so the byte offset of a field in struct pt_regs is 8 times its
// index. The names follow the Linux header asm/ptrace.h.
const (
	PT_R0  = iota // r0; r1..r31 follow at PT_R0+n
	PT_R1         // r1, the stack pointer
	PT_R2         // r2, the TOC pointer
	PT_R3         // r3, first argument and return value
	PT_R4         // r4
	PT_R5         // r5
	PT_R6         // r6
	PT_R7         // r7
	PT_R8         // r8
	PT_R9         // r9
	PT_R10        // r10
	PT_R11        // r11
	PT_R12        // r12
	PT_R13        // r13, the thread pointer
	PT_R14        // r14
	PT_R15        // r15
	PT_R16        // r16
	PT_R17        // r17
	PT_R18        // r18
	PT_R19        // r19
	PT_R20        // r20
	PT_R21        // r21
	PT_R22        // r22
	PT_R23        // r23
	PT_R24        // r24
	PT_R25        // r25
	PT_R26        // r26
	PT_R27        // r27
	PT_R28        // r28
	PT_R29        // r29
	PT_R30        // r30
	PT_R31        // r31

	PT_NIP     = 32 // next instruction address (byte offset 256)
	PT_MSR     = 33 // machine state register
	PT_ORIG_R3 = 34 // r3 at system call entry
	PT_CTR     = 35 // count register
	PT_LNK     = 36 // link register
	PT_XER     = 37 // fixed-point exception register
	PT_CCR     = 38 // condition register (byte offset 304)
	PT_SOFTE   = 39 // soft interrupt enable state
	PT_TRAP    = 40 // interrupt vector of the last kernel entry
	PT_DAR     = 41 // data address register
	PT_DSISR   = 42 // data storage interrupt status
	PT_RESULT  = 43 // system call result
	PT_DSCR    = 44 // data stream control register: user area only, not in any regset

	// PT_REGS_COUNT is the number of slots in struct user_pt_regs
	// (352 bytes); PTRACE_GETREGS transfers exactly these.
	PT_REGS_COUNT = 44

	PT_FPR0   = 48  // FPR i is at PT_FPR0+i
	PT_FPSCR  = 80  // floating-point status and control register
	PT_VR0    = 82  // VR i would be at PT_VR0+2i (not reachable by PEEKUSR)
	PT_VSCR   = 147 // vector status and control register (constant only)
	PT_VRSAVE = 148 // VRSAVE (constant only)
	PT_VSR0   = 150 // VSR i would be at PT_VSR0+2i (constant only)
	PT_VSR31  = 212 // PT_VSR0 + 2*31
)

// ptrace request numbers specific to powerpc (asm/ptrace.h).
const (
	PTRACE_GETREGS           = 0xc   // read the 352-byte user_pt_regs
	PTRACE_SETREGS           = 0xd   // write user_pt_regs
	PTRACE_GETFPREGS         = 0xe   // read the FP set (33 doublewords)
	PTRACE_SETFPREGS         = 0xf   // write the FP set
	PTRACE_GETVRREGS         = 0x12  // read the VMX set (33 quadwords + 1 word)
	PTRACE_SETVRREGS         = 0x13  // write the VMX set
	PTRACE_GETEVRREGS        = 0x14  // read SPE registers (embedded cores)
	PTRACE_SETEVRREGS        = 0x15  // write SPE registers
	PTRACE_GETREGS64         = 0x16  // as PTRACE_GETREGS, for 32-bit tracers
	PTRACE_SETREGS64         = 0x17  // as PTRACE_SETREGS, for 32-bit tracers
	PTRACE_GET_DEBUGREG      = 0x19  // read the data breakpoint register
	PTRACE_SET_DEBUGREG      = 0x1a  // write the data breakpoint register
	PTRACE_GETVSRREGS        = 0x1b  // read the VSX set (32 doublewords)
	PTRACE_SETVSRREGS        = 0x1c  // write the VSX set
	PTRACE_SYSEMU            = 0x1d  // stop at system call entry, skip the call
	PTRACE_SYSEMU_SINGLESTEP = 0x1e  // PTRACE_SYSEMU plus single-step
	PTRACE_SINGLEBLOCK       = 0x100 // resume until the next branch
	PPC_PTRACE_GETHWDBGINFO  = 0x89  // query hardware debug facilities
	PPC_PTRACE_SETHWDEBUG    = 0x88  // set a hardware breakpoint or watchpoint
	PPC_PTRACE_DELHWDEBUG    = 0x87  // delete a hardware breakpoint or watchpoint
	PPC_PTRACE_PEEKUSR_3264  = 0x95  // PEEKUSR for a 32-bit tracer of a 64-bit task
	PPC_PTRACE_POKEUSR_3264  = 0x94  // POKEUSR for a 32-bit tracer of a 64-bit task
	PPC_PTRACE_PEEKDATA_3264 = 0x93  // PEEKDATA with a 64-bit address from a 32-bit tracer
	PPC_PTRACE_PEEKTEXT_3264 = 0x92  // PEEKTEXT with a 64-bit address from a 32-bit tracer
	PPC_PTRACE_POKEDATA_3264 = 0x91  // POKEDATA with a 64-bit address from a 32-bit tracer
	PPC_PTRACE_POKETEXT_3264 = 0x90  // POKETEXT with a 64-bit address from a 32-bit tracer
)

// ELF note types of the powerpc register sets (linux/elf.h), used both as
// core-dump note types and as the regset argument of PTRACE_GETREGSET.
const (
	NT_PRSTATUS = 1     // general registers (note name "CORE")
	NT_PRFPREG  = 2     // floating-point registers (note name "CORE")
	NT_PPC_VMX  = 0x100 // Altivec/VMX registers (note name "LINUX")
	NT_PPC_SPE  = 0x101 // SPE registers of embedded cores
	NT_PPC_VSX  = 0x102 // low doublewords of VSR0..31
	NT_PPC_TAR  = 0x103 // target address register
	NT_PPC_PPR  = 0x104 // program priority register
	NT_PPC_DSCR = 0x105 // data stream control register
)

// Sizes in bytes of the register sets.
const (
	// GPRegsSize is the NT_PRSTATUS register set: 48 doublewords
	// (ELF_NGREG), the 44 of user_pt_regs then 4 zero slots.
	GPRegsSize = 48 * 8
	// GPRegsPtraceSize is what PTRACE_GETREGS transfers: the 44
	// doublewords of user_pt_regs.
	GPRegsPtraceSize = PT_REGS_COUNT * 8
	// FPRegsSize is the NT_PRFPREG set: FPR0..31 then FPSCR.
	FPRegsSize = 33 * 8
	// VMXRegsSize is the NT_PPC_VMX set: 34 quadwords.
	VMXRegsSize = 34 * 16
	// VMXRegsPtraceSize is what PTRACE_GETVRREGS transfers: 33 quadwords
	// and the VRSAVE word.
	VMXRegsPtraceSize = 33*16 + 4
	// VSXRegsSize is the NT_PPC_VSX set: 32 doublewords.
	VSXRegsSize = 32 * 8
	// SPRRegSize is the size of the one-register sets NT_PPC_TAR,
	// NT_PPC_PPR and NT_PPC_DSCR.
	SPRRegSize = 8
)

// ErrSize is returned (wrapped in a *SizeError) when a register set to be
// decoded does not have one of the lengths its layout allows.
var ErrSize = errors.New("regs: register set has the wrong size")

// ErrNote is returned by EncodeRegset and DecodeRegset for a note type this
// package does not implement.
var ErrNote = errors.New("regs: unsupported register set note type")

// SizeError describes a register set of the wrong length. It matches ErrSize
// under errors.Is.
type SizeError struct {
	Set  string // name of the register set, e.g. "NT_PRSTATUS"
	Got  int    // length received
	Want []int  // lengths accepted
}

// Error implements error.
func (e *SizeError) Error() string {
	return fmt.Sprintf("regs: %s register set is %d bytes, want %v", e.Set, e.Got, e.Want)
}

// Unwrap returns ErrSize.
func (e *SizeError) Unwrap() error { return ErrSize }

// checkSize accepts b if its length is want or alt (pass alt = want when a
// set has one size).
func checkSize(set string, b []byte, want, alt int) error {
	if len(b) == want || len(b) == alt {
		return nil
	}
	e := &SizeError{Set: set, Got: len(b), Want: []int{want}}
	if alt != want {
		e.Want = append(e.Want, alt)
	}
	return e
}

// extend returns dst lengthened by n zero bytes, and those n bytes.
func extend(dst []byte, n int) (all, tail []byte) {
	dst = slices.Grow(dst, n)
	all = dst[:len(dst)+n]
	tail = all[len(dst):]
	clear(tail)
	return all, tail
}

var orderProbe = [2]byte{1, 0}

// isLittle reports whether order stores the least significant byte first.
func isLittle(order binary.ByteOrder) bool {
	switch order {
	case binary.LittleEndian:
		return true
	case binary.BigEndian:
		return false
	}
	return order.Uint16(orderProbe[:]) == 1
}

// PutVSR stores v into b[0:16] as one 128-bit quantity in the given byte
// order, the way stvx or stxvx stores a register in that mode. Big-endian
// puts Hi's bytes first, most significant first; little-endian reverses
// all 16 bytes, so Lo's little-endian bytes come first, then Hi's.
//
// It is the module's one conversion between a 16-byte quantity in memory
// and a VSR (the emulator's vector and quadword loads and stores, the
// regsets, the GDB stub).
func PutVSR(b []byte, v VSR, order binary.ByteOrder) {
	_ = b[15]
	if isLittle(order) {
		binary.LittleEndian.PutUint64(b[0:8], v.Lo)
		binary.LittleEndian.PutUint64(b[8:16], v.Hi)
	} else {
		binary.BigEndian.PutUint64(b[0:8], v.Hi)
		binary.BigEndian.PutUint64(b[8:16], v.Lo)
	}
}

// VSRFrom reads a 128-bit quantity stored in b[0:16] in the given byte order;
// it is the inverse of PutVSR.
func VSRFrom(b []byte, order binary.ByteOrder) VSR {
	_ = b[15]
	if isLittle(order) {
		return VSR{Hi: binary.LittleEndian.Uint64(b[8:16]), Lo: binary.LittleEndian.Uint64(b[0:8])}
	}
	return VSR{Hi: binary.BigEndian.Uint64(b[0:8]), Lo: binary.BigEndian.Uint64(b[8:16])}
}

// UserReg returns the ptrace user-area slot index as PEEKUSR would see it:
// indices 0..43 are the fields of pt_regs (CCR zero-extended), PT_DSCR is
// DSCR, PT_FPR0..PT_FPR0+31 the FPRs and PT_FPSCR the FPSCR. Any other index
// (45..47, or beyond PT_FPSCR) reports false, where Linux answers EIO.
//
// The value is the stored field as is: Linux ORs the task's FP exception
// mode into the MSR it reports and always reports SOFTE as 1, and this
// package leaves that policy to the caller.
func (r *Regs) UserReg(index int) (uint64, bool) {
	switch {
	case index >= 0 && index < 32:
		return r.GPR[index], true
	case index >= PT_FPR0 && index < PT_FPR0+32:
		return r.VSR[index-PT_FPR0].Hi, true
	}
	switch {
	case index >= PT_NIP && index <= PT_RESULT:
		// pt_regs continues in ScalarReg order: nip … result.
		return ScalarReg(index - PT_NIP).Get(r), true
	case index == PT_DSCR:
		return r.DSCR, true
	case index == PT_FPSCR:
		return r.FPSCR, true
	}
	return 0, false
}

// SetUserReg stores v into the slot UserReg(index) reads and reports whether
// index names one. It is a raw store (CCR keeps the low 32 bits): it does not
// apply the restrictions Linux places on POKEUSR, which lets a tracer change
// only SE and BE of the MSR and never SOFTE, DAR, DSISR or RESULT.
func (r *Regs) SetUserReg(index int, v uint64) bool {
	switch {
	case index >= 0 && index < 32:
		r.GPR[index] = v
		return true
	case index >= PT_FPR0 && index < PT_FPR0+32:
		r.VSR[index-PT_FPR0].Hi = v
		return true
	}
	switch {
	case index >= PT_NIP && index <= PT_RESULT:
		ScalarReg(index-PT_NIP).Set(r, v)
	case index == PT_DSCR:
		r.DSCR = v
	case index == PT_FPSCR:
		r.FPSCR = v
	default:
		return false
	}
	return true
}

// AppendGPRegs appends the NT_PRSTATUS register set (GPRegsSize bytes) to dst
// and returns the extended slice: gpr0..31, nip, msr, orig_gpr3, ctr, link,
// xer, ccr, softe, trap, dar, dsisr, result, then four zero doublewords. Each
// field is written as stored (no FP exception mode in the MSR, SOFTE as
// is); DSCR is not part of this set.
func AppendGPRegs(dst []byte, r *Regs, order binary.ByteOrder) []byte {
	dst, b := extend(dst, GPRegsSize)
	for i := range PT_REGS_COUNT {
		v, _ := r.UserReg(i)
		order.PutUint64(b[8*i:], v)
	}
	return dst
}

// EncodeGPRegs returns the NT_PRSTATUS register set of r (GPRegsSize bytes).
// Its first GPRegsPtraceSize bytes are what PTRACE_GETREGS returns.
func EncodeGPRegs(r *Regs, order binary.ByteOrder) []byte {
	return AppendGPRegs(make([]byte, 0, GPRegsSize), r, order)
}

// DecodeGPRegs loads the general register set from b, which must be either
// the full NT_PRSTATUS set (GPRegsSize bytes; the four trailing slots are
// ignored) or the user_pt_regs image of PTRACE_GETREGS (GPRegsPtraceSize
// bytes). All 44 fields are loaded as they are, the CCR slot truncated to 32
// bits; fields outside the set are unchanged. On a size error r is not
// modified.
func DecodeGPRegs(r *Regs, b []byte, order binary.ByteOrder) error {
	if err := checkSize("NT_PRSTATUS", b, GPRegsSize, GPRegsPtraceSize); err != nil {
		return err
	}
	for i := range PT_REGS_COUNT {
		r.SetUserReg(i, order.Uint64(b[8*i:]))
	}
	return nil
}

// AppendFPRegs appends the NT_PRFPREG register set (FPRegsSize bytes) to dst:
// FPR0..31 (doubleword 0 of VSR0..31), then FPSCR.
func AppendFPRegs(dst []byte, r *Regs, order binary.ByteOrder) []byte {
	dst, b := extend(dst, FPRegsSize)
	for i := range 32 {
		order.PutUint64(b[8*i:], r.VSR[i].Hi)
	}
	order.PutUint64(b[8*32:], r.FPSCR)
	return dst
}

// EncodeFPRegs returns the NT_PRFPREG register set of r (FPRegsSize bytes),
// which is also what PTRACE_GETFPREGS returns.
func EncodeFPRegs(r *Regs, order binary.ByteOrder) []byte {
	return AppendFPRegs(make([]byte, 0, FPRegsSize), r, order)
}

// DecodeFPRegs loads FPR0..31 (doubleword 0 of VSR0..31; doubleword 1 is
// unchanged) and FPSCR from an NT_PRFPREG set of FPRegsSize bytes.
func DecodeFPRegs(r *Regs, b []byte, order binary.ByteOrder) error {
	if err := checkSize("NT_PRFPREG", b, FPRegsSize, FPRegsSize); err != nil {
		return err
	}
	for i := range 32 {
		r.VSR[i].Hi = order.Uint64(b[8*i:])
	}
	r.FPSCR = order.Uint64(b[8*32:])
	return nil
}

// Offsets within the VMX set.
const (
	vmxVSCRQuad   = 32 * 16 // quadword holding VSCR
	vmxVRSAVEQuad = 33 * 16 // quadword holding VRSAVE in its first word
)

// AppendVMXRegs appends the NT_PPC_VMX register set (VMXRegsSize bytes) to
// dst: VR0..31 (VSR32..63) as 16-byte vectors stored as PutVSR stores them,
// then a quadword holding VSCR, then a quadword holding VRSAVE; unused bytes
// are zero.
//
// VSCR occupies the low-order word (bits 96:127) of its quadword, where
// mfvscr puts it and where the kernel's saved copy keeps it, and the
// quadword is stored like any vector. In big-endian order that word is at
// byte offset 12, the "last word" of the Linux comment on the VMX regset; in
// little-endian order the 16 bytes are reversed and it is at offset 0,
// stored little-endian. GDB reads the Linux regset this way as well (its
// ppc_linux_vrregset takes VSCR from offset 12 for big-endian targets and
// offset 0 for little-endian ones).
//
// VRSAVE is a plain 32-bit word in the target byte order at offset 0 of the
// last quadword in both byte orders (the kernel writes it through a u32 at
// the start of that quadword).
func AppendVMXRegs(dst []byte, r *Regs, order binary.ByteOrder) []byte {
	dst, b := extend(dst, VMXRegsSize)
	for i := range 32 {
		PutVSR(b[16*i:], r.VSR[32+i], order)
	}
	PutVSR(b[vmxVSCRQuad:], VSR{Lo: uint64(r.VSCR)}, order)
	order.PutUint32(b[vmxVRSAVEQuad:], r.VRSAVE)
	return dst
}

// EncodeVMXRegs returns the NT_PPC_VMX register set of r (VMXRegsSize bytes).
// Its first VMXRegsPtraceSize bytes are what PTRACE_GETVRREGS returns.
func EncodeVMXRegs(r *Regs, order binary.ByteOrder) []byte {
	return AppendVMXRegs(make([]byte, 0, VMXRegsSize), r, order)
}

// DecodeVMXRegs loads VR0..31 (VSR32..63), VSCR and VRSAVE from b, which is
// either the full NT_PPC_VMX set (VMXRegsSize bytes) or the
// PTRACE_GETVRREGS image (VMXRegsPtraceSize bytes). VSCR and VRSAVE are read
// from the positions AppendVMXRegs documents; the other bytes of their
// quadwords are ignored.
func DecodeVMXRegs(r *Regs, b []byte, order binary.ByteOrder) error {
	if err := checkSize("NT_PPC_VMX", b, VMXRegsSize, VMXRegsPtraceSize); err != nil {
		return err
	}
	for i := range 32 {
		r.VSR[32+i] = VSRFrom(b[16*i:], order)
	}
	r.VSCR = uint32(VSRFrom(b[vmxVSCRQuad:], order).Lo)
	r.VRSAVE = order.Uint32(b[vmxVRSAVEQuad:])
	return nil
}

// AppendVSXRegs appends the NT_PPC_VSX register set (VSXRegsSize bytes) to
// dst: doubleword 1 (Lo) of VSR0..31. Their doubleword 0 is in the FP set
// and VSR32..63 are in the VMX set.
func AppendVSXRegs(dst []byte, r *Regs, order binary.ByteOrder) []byte {
	dst, b := extend(dst, VSXRegsSize)
	for i := range 32 {
		order.PutUint64(b[8*i:], r.VSR[i].Lo)
	}
	return dst
}

// EncodeVSXRegs returns the NT_PPC_VSX register set of r (VSXRegsSize
// bytes), which is also what PTRACE_GETVSRREGS returns.
func EncodeVSXRegs(r *Regs, order binary.ByteOrder) []byte {
	return AppendVSXRegs(make([]byte, 0, VSXRegsSize), r, order)
}

// DecodeVSXRegs loads doubleword 1 of VSR0..31 from an NT_PPC_VSX set of
// VSXRegsSize bytes; doubleword 0 is unchanged.
func DecodeVSXRegs(r *Regs, b []byte, order binary.ByteOrder) error {
	if err := checkSize("NT_PPC_VSX", b, VSXRegsSize, VSXRegsSize); err != nil {
		return err
	}
	for i := range 32 {
		r.VSR[i].Lo = order.Uint64(b[8*i:])
	}
	return nil
}

// sprNote returns the field a one-register note type holds.
func (r *Regs) sprNote(note uint32) (*uint64, string) {
	switch note {
	case NT_PPC_TAR:
		return &r.TAR, "NT_PPC_TAR"
	case NT_PPC_PPR:
		return &r.PPR, "NT_PPC_PPR"
	case NT_PPC_DSCR:
		return &r.DSCR, "NT_PPC_DSCR"
	}
	return nil, ""
}

// AppendRegset appends the register set named by an ELF note type to dst.
// It supports NT_PRSTATUS, NT_PRFPREG, NT_PPC_VMX, NT_PPC_VSX and the
// one-doubleword sets NT_PPC_TAR, NT_PPC_PPR and NT_PPC_DSCR; any other note
// type returns dst unchanged and an error matching ErrNote.
func AppendRegset(dst []byte, r *Regs, note uint32, order binary.ByteOrder) ([]byte, error) {
	switch note {
	case NT_PRSTATUS:
		return AppendGPRegs(dst, r, order), nil
	case NT_PRFPREG:
		return AppendFPRegs(dst, r, order), nil
	case NT_PPC_VMX:
		return AppendVMXRegs(dst, r, order), nil
	case NT_PPC_VSX:
		return AppendVSXRegs(dst, r, order), nil
	}
	if p, _ := r.sprNote(note); p != nil {
		dst, b := extend(dst, SPRRegSize)
		order.PutUint64(b, *p)
		return dst, nil
	}
	return dst, fmt.Errorf("%w: %#x", ErrNote, note)
}

// EncodeRegset returns the register set named by an ELF note type; see
// AppendRegset for the supported types.
func EncodeRegset(r *Regs, note uint32, order binary.ByteOrder) ([]byte, error) {
	return AppendRegset(nil, r, note, order)
}

// DecodeRegset loads the register set named by an ELF note type from b. It
// accepts the same note types as AppendRegset and the same lengths as the
// matching Decode function.
func DecodeRegset(r *Regs, note uint32, b []byte, order binary.ByteOrder) error {
	switch note {
	case NT_PRSTATUS:
		return DecodeGPRegs(r, b, order)
	case NT_PRFPREG:
		return DecodeFPRegs(r, b, order)
	case NT_PPC_VMX:
		return DecodeVMXRegs(r, b, order)
	case NT_PPC_VSX:
		return DecodeVSXRegs(r, b, order)
	}
	p, name := r.sprNote(note)
	if p == nil {
		return fmt.Errorf("%w: %#x", ErrNote, note)
	}
	if err := checkSize(name, b, SPRRegSize, SPRRegSize); err != nil {
		return err
	}
	*p = order.Uint64(b)
	return nil
}
