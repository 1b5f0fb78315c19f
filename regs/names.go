package regs

// ScalarReg names one of the registers of Regs of 64 bits or fewer other
// than the GPRs. It is the one register-name table: the emulator's step
// records (emulate.Reg), the CLI and the tracers take names, widths and
// accessors from here.
type ScalarReg uint8

// The scalar registers, in pt_regs order followed by the registers of the
// other regsets.
const (
	RegNIP ScalarReg = iota
	RegMSR
	RegOrigGPR3
	RegCTR
	RegLR
	RegXER
	RegCR
	RegSOFTE
	RegTRAP
	RegDAR
	RegDSISR
	RegRESULT
	RegFPSCR
	RegVSCR
	RegVRSAVE
	RegTAR
	RegDSCR
	RegPPR
	NumScalarRegs
)

var scalarNames = [NumScalarRegs]string{
	RegNIP: "nip", RegMSR: "msr", RegOrigGPR3: "orig_gpr3", RegCTR: "ctr",
	RegLR: "lr", RegXER: "xer", RegCR: "cr", RegSOFTE: "softe", RegTRAP: "trap",
	RegDAR: "dar", RegDSISR: "dsisr", RegRESULT: "result", RegFPSCR: "fpscr",
	RegVSCR: "vscr", RegVRSAVE: "vrsave", RegTAR: "tar", RegDSCR: "dscr", RegPPR: "ppr",
}

// Name returns the register's lower-case name ("nip", "cr", "orig_gpr3"),
// or "" for a value out of range.
func (s ScalarReg) Name() string {
	if s < NumScalarRegs {
		return scalarNames[s]
	}
	return ""
}

// Bits is the register's width: 32 for CR, VSCR and VRSAVE, else 64.
func (s ScalarReg) Bits() int {
	switch s {
	case RegCR, RegVSCR, RegVRSAVE:
		return 32
	}
	return 64
}

// KernelOnly reports whether the register is kernel bookkeeping of
// pt_regs (orig_gpr3, softe, trap, dar, dsisr, result) that a program
// cannot set.
func (s ScalarReg) KernelOnly() bool {
	switch s {
	case RegOrigGPR3, RegSOFTE, RegTRAP, RegDAR, RegDSISR, RegRESULT:
		return true
	}
	return false
}

// Get returns the register's value in r (0 for a value out of range).
func (s ScalarReg) Get(r *Regs) uint64 {
	if p, p32 := s.field(r); p != nil {
		return *p
	} else if p32 != nil {
		return uint64(*p32)
	}
	return 0
}

// Set stores v in the register of r, truncated to its width. A value out
// of range is ignored.
func (s ScalarReg) Set(r *Regs, v uint64) {
	if p, p32 := s.field(r); p != nil {
		*p = v
	} else if p32 != nil {
		*p32 = uint32(v)
	}
}

func (s ScalarReg) field(r *Regs) (*uint64, *uint32) {
	switch s {
	case RegNIP:
		return &r.NIP, nil
	case RegMSR:
		return &r.MSR, nil
	case RegOrigGPR3:
		return &r.OrigGPR3, nil
	case RegCTR:
		return &r.CTR, nil
	case RegLR:
		return &r.LR, nil
	case RegXER:
		return &r.XER, nil
	case RegCR:
		return nil, &r.CR
	case RegSOFTE:
		return &r.SOFTE, nil
	case RegTRAP:
		return &r.TRAP, nil
	case RegDAR:
		return &r.DAR, nil
	case RegDSISR:
		return &r.DSISR, nil
	case RegRESULT:
		return &r.RESULT, nil
	case RegFPSCR:
		return &r.FPSCR, nil
	case RegVSCR:
		return nil, &r.VSCR
	case RegVRSAVE:
		return nil, &r.VRSAVE
	case RegTAR:
		return &r.TAR, nil
	case RegDSCR:
		return &r.DSCR, nil
	case RegPPR:
		return &r.PPR, nil
	}
	return nil, nil
}
