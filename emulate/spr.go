package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Special-purpose register moves: mfspr, mtspr and mftb.
//
// Problem-state SPRs emulated: XER (1), LR (8), CTR (9), DSCR (3, hardware
// profile), VRSAVE (256), TB/TBU (268/269, reads through Config.TimeBase),
// TAR (815), PPR (896) and PPR32 (898, hardware profile), and the reserved
// no-op numbers 808-811. SPR numbers with bit 0x10 set are privileged: in
// problem state the precheck in Step gives ErrPrivileged; in supervisor
// state only DSCR (17) is emulated. Every other number is not emulated
// under the hardware profile (the CPU decides: an SPR this register file
// does not hold, or one the implementation does not provide), and under the
// QEMU profile either not emulated (SPRs QEMU 7.2 provides in user mode but
// regs.Regs does not hold) or refused as QEMU does (Difference "spr-unknown").

// SPR numbers.
const (
	sprXER      = 1
	sprDSCRUser = 3 // problem-state alias of DSCR
	sprLR       = 8
	sprCTR      = 9
	sprDSCR     = 17
	sprVRSAVE   = 256
	sprTB       = 268
	sprTBU      = 269
	sprTAR      = 815
	sprPPR      = 896
	sprPPR32    = 898
)

// dscrDefined is every DSCR bit Power ISA 3.1B defines (bits 39:63: SWTE,
// HWTE, STE, LTE, SWUE, HWUE, UNITCNT, URG, LSD, SNSE, SSE, DPFD).
const dscrDefined = 0x1ffffff

// pprPRI is the priority field of the PPR (ISA bits 11:13); the other bits
// are reserved.
const pprPRI = 7 << 50

// qemuUserSPR (qemu_spr.go) is generated from the measured
// emulate/testdata/qemu-spr.txt.
//
//go:generate go run ../internal/tools/qemusurvey -gen-spr testdata/qemu-spr.txt -spr-go qemu_spr.go

var (
	errQEMUSPR           = sprErrors(ErrPrivileged, "QEMU 7.2 does not provide this SPR in user mode (SIGILL, ILL_PRVREG)")
	errQEMUSPRSupervisor = sprErrors(ErrIllegal, "SPR not provided by QEMU 7.2")
	errSPRUnknown        = sprErrors(ErrNotEmulated, "SPR not held by the register file, or hardware behaviour unknown")
	errNoTimeBase        = [...]error{
		&OpError{Op: ppc64asm.MFSPR, Kind: ErrNotEmulated, Reason: "no Config.TimeBase"},
		&OpError{Op: ppc64asm.MFTB, Kind: ErrNotEmulated, Reason: "no Config.TimeBase"},
	}
	errNoSPRHook    = sprErrors(ErrNotEmulated, "no Config.SPR for this SPR")
	errDSCRReserved = hardwareUnknown(ppc64asm.MTSPR, "DSCR: reserved bits set", nil)
	errPPRValue     = hardwareUnknown(ppc64asm.MTSPR, "PPR: reserved bits or a priority other than low, medium-low, medium", nil)
	errMftbTBR      = hardwareUnknown(ppc64asm.MFTB, "mftb with TBR other than 268/269 (invalid form)", nil)
)

// index into the error tables above.
const (
	sprIdxMf = iota
	sprIdxMt
	sprIdxMftb
)

// sprErrors is one refusal for mfspr, mtspr and mftb, indexed by sprIdx*.
func sprErrors(kind error, reason string) [3]error {
	var t [3]error
	for i, op := range [...]decode.Op{sprIdxMf: ppc64asm.MFSPR, sprIdxMt: ppc64asm.MTSPR, sprIdxMftb: ppc64asm.MFTB} {
		t[i] = &OpError{Op: op, Kind: kind, Reason: reason}
	}
	return t
}

func init() {
	def(opMfspr, ppc64asm.MFSPR)
	def(opMtspr, ppc64asm.MTSPR)
	def(opMftb, ppc64asm.MFTB)

}

// qemuSPRRefusal is the QEMU profile's answer for an SPR number QEMU 7.2
// does not provide: SIGILL with ILL_PRVREG in user mode.
func qemuSPRRefusal(r *regs.Regs, idx int) error {
	if r.MSR&regs.MSRPR == 0 {
		return errQEMUSPRSupervisor[idx]
	}
	return errQEMUSPR[idx]
}

// unknownSPR is the answer for a number the emulator does not hold.
func (e *Emulator) unknownSPR(r *regs.Regs, n int64, idx int, access uint8) error {
	if e.qemuSide(diffSprUnknown) && n&0x10 == 0 && qemuUserSPR[n&1023]&access == 0 {
		return qemuSPRRefusal(r, idx)
	}
	return errSPRUnknown[idx]
}

// readSPR returns SPR n as mfspr RT,n (or mftb) would write it to RT. ok is
// false for a no-op (RT unchanged).
func (e *Emulator) readSPR(r *regs.Regs, n int64, idx int) (v uint64, ok bool, err error) {
	switch n {
	case sprXER:
		return r.XER, true, nil
	case sprLR:
		return r.LR, true, nil
	case sprCTR:
		return r.CTR, true, nil
	case sprTAR:
		return r.TAR, true, nil
	case sprVRSAVE:
		return uint64(r.VRSAVE), true, nil
	case sprPPR:
		return r.PPR, true, nil
	case sprTB, sprTBU:
		if e.cfg.TimeBase == nil {
			if idx == sprIdxMftb {
				return 0, false, errNoTimeBase[1]
			}
			return 0, false, errNoTimeBase[0]
		}
		tb := e.cfg.TimeBase()
		if n == sprTBU {
			tb >>= 32
		}
		return tb, true, nil
	case 808, 809, 810, 811: // reserved no-op SPRs (ISA 2.07 and later)
		return 0, false, nil
	case sprDSCR: // privileged number: supervisor state only
		return r.DSCR, true, nil
	case sprDSCRUser:
		if e.qemuSide(diffDscrUser) {
			return 0, false, qemuSPRRefusal(r, idx)
		}
		return r.DSCR, true, nil
	case sprPPR32:
		if e.qemuSide(diffMtsprPpr) {
			return 0, false, qemuSPRRefusal(r, idx)
		}
		return r.PPR >> 32, true, nil
	}
	if hookedSPR(n) && !(e.qemuSide(diffSprUnknown) && qemuUserSPR[n]&1 == 0) {
		if e.cfg.SPR != nil {
			if v, ok := e.cfg.SPR(int(n)); ok {
				return v, true, nil
			}
		}
		if e.qemuSide(diffSprHookedQEMU) && n < 800 {
			// spr-hooked-qemu: QEMU 7.2's value in a user process
			// (testdata/traces/sprhook.*): MMCR0 has FC set, the
			// others read 0.
			if n == 779 {
				return 0x80000000, true, nil
			}
			return 0, true, nil
		}
		return 0, false, errNoSPRHook[idx]
	}
	return 0, false, e.unknownSPR(r, n, idx, 1)
}

// HookedSPRs are the SPR numbers whose reads Config.SPR supplies:
// problem-state readable SPRs the register file does not hold. TFHAR,
// TFIAR, TEXASR, TEXASRU (128-131), CTRL (136), SPRG3 (259), SIER,
// MMCR2, MMCRA, PMC1-PMC6, MMCR0, SIAR, SDAR, MMCR1 (768-782, user
// numbers), BESCRS, BESCRSU, BESCRR, BESCRRU, EBBHR, EBBRR, BESCR
// (800-806). QEMU 7.2 user mode reads every one of them (spr.go
// qemuUserSPR).
var HookedSPRs = []int{128, 129, 130, 131, 136, 259,
	768, 769, 770, 771, 772, 773, 774, 775, 776, 779, 780, 781, 782,
	800, 801, 802, 803, 804, 805, 806}

var hookedSPRSet = func() (t [1024]bool) {
	for _, n := range HookedSPRs {
		t[n] = true
	}
	return t
}()

func hookedSPR(n int64) bool { return n >= 0 && n < 1024 && hookedSPRSet[n] }

// mfspr RT,SPR.
func opMfspr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v, ok, err := e.readSPR(r, in.Args[1], sprIdxMf)
	if err != nil {
		return err
	}
	if ok {
		r.GPR[in.Args[0]&31] = v
	}
	return nil
}

// mftb RT,TBR: TB (268) or TBU (269, the upper 32 bits zero-extended)
// through Config.TimeBase. Other TBR values: Difference "mftb-tbr".
func opMftb(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := in.Args[1]
	if n != sprTB && n != sprTBU {
		if !e.qemuSide(diffMftbTbr) {
			return errMftbTBR
		}
		if n&0x10 != 0 && r.MSR&regs.MSRPR != 0 {
			return refusal(in.Op, ErrPrivileged, "privileged SPR in problem state", nil)
		}
	}
	v, ok, err := e.readSPR(r, n, sprIdxMftb)
	if err != nil {
		return err
	}
	if ok {
		r.GPR[in.Args[0]&31] = v
	}
	return nil
}

// pprOK reports whether the hardware profile knows what writing v to the
// PPR does: no reserved bits, and a priority problem state may set (low,
// medium-low, medium).
func pprOK(v uint64) bool {
	pri := v >> 50 & 7
	return v&^pprPRI == 0 && pri >= 2 && pri <= 4
}

// mtspr SPR,RS.
func opMtspr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := r.GPR[in.Args[1]&31]
	switch n := in.Args[0]; n {
	case sprXER:
		r.XER = v & e.prof.xerMask
	case sprLR:
		r.LR = v
	case sprCTR:
		r.CTR = v
	case sprTAR:
		r.TAR = v
	case sprVRSAVE:
		r.VRSAVE = uint32(v) // a 32-bit SPR: RS[32:63]
	case 808, 809, 810, 811: // reserved no-op SPRs
	case sprDSCRUser, sprDSCR:
		if n == sprDSCRUser && e.qemuSide(diffDscrUser) {
			return qemuSPRRefusal(r, sprIdxMt)
		}
		if !e.qemuSide(diffDscrUser) && v&^dscrDefined != 0 {
			return errDSCRReserved
		}
		r.DSCR = v
	case sprPPR:
		if !e.qemuSide(diffMtsprPpr) && !pprOK(v) {
			return errPPRValue
		}
		r.PPR = v
	case sprPPR32:
		if e.qemuSide(diffMtsprPpr) {
			return qemuSPRRefusal(r, sprIdxMt)
		}
		// PPR32 is the upper half of the PPR: PPR[0:31] = RS[32:63].
		p := r.PPR&0xffffffff | v<<32
		if !pprOK(p) {
			return errPPRValue
		}
		r.PPR = p
	default:
		return e.unknownSPR(r, n, sprIdxMt, 2)
	}
	return nil
}
