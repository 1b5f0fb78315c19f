package trace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ppc64emu/ppc64emu/regs"
)

// regKind says which part of the register file a name refers to.
type regKind uint8

const (
	kGPR    regKind = iota
	kCR             // 32 bits
	kXER            // 64 bits
	kLR             // 64 bits
	kCTR            // 64 bits
	kFPSCR          // 64 bits (format version 1: the low 32)
	kVSCR           // 32 bits
	kTAR            // 64 bits (format version 2)
	kVRSAVE         // 32 bits (format version 2)
	kPPR            // 64 bits (format version 2)
	kVSR            // 128 bits, written as 32 hex digits, doubleword 0 first
	kFPR            // doubleword 0 of VSR n
)

type regName struct {
	kind regKind
	n    int // register number (VSR number for v/vs/f)
}

// lookupReg maps a key of the format to a register.
func lookupReg(k string) (regName, bool) {
	num := func(prefix string, max int) (int, bool) {
		if !strings.HasPrefix(k, prefix) || len(k) == len(prefix) || len(k) > len(prefix)+2 {
			return 0, false
		}
		n, err := strconv.Atoi(k[len(prefix):])
		if err != nil || n < 0 || n > max || (len(k) == len(prefix)+2 && k[len(prefix)] == '0') {
			return 0, false
		}
		return n, true
	}
	switch k {
	case "cr":
		return regName{kind: kCR}, true
	case "xer":
		return regName{kind: kXER}, true
	case "lr":
		return regName{kind: kLR}, true
	case "ctr":
		return regName{kind: kCTR}, true
	case "fpscr":
		return regName{kind: kFPSCR}, true
	case "vscr":
		return regName{kind: kVSCR}, true
	case "tar":
		return regName{kind: kTAR}, true
	case "vrsave":
		return regName{kind: kVRSAVE}, true
	case "ppr":
		return regName{kind: kPPR}, true
	}
	if n, ok := num("vs", 63); ok {
		return regName{kVSR, n}, true
	}
	if n, ok := num("r", 31); ok {
		return regName{kGPR, n}, true
	}
	if n, ok := num("f", 31); ok {
		return regName{kFPR, n}, true
	}
	if n, ok := num("v", 31); ok {
		return regName{kVSR, 32 + n}, true
	}
	return regName{}, false
}

// checkRegValue checks that v is valid hex of the key's width.
func checkRegValue(k, v string) error {
	max := 16
	switch rn, _ := lookupReg(k); {
	case k == "mseed":
	case rn.kind == kVSR:
		max = 32
	case rn.kind == kCR, rn.kind == kVSCR, rn.kind == kVRSAVE:
		max = 8
	}
	if len(v) == 0 || len(v) > max {
		return fmt.Errorf("%s=%s: want 1 to %d hex digits", k, v, max)
	}
	for _, c := range v {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			if strings.HasPrefix(v, "0x") || strings.HasPrefix(v, "0X") {
				return fmt.Errorf("%s=%s: not hex: trace values are bare hex digits, without 0x", k, v)
			}
			return fmt.Errorf("%s=%s: not hex", k, v)
		}
	}
	return nil
}

// setReg writes a checked value into the register file.
func setReg(r *regs.Regs, k, v string) {
	rn, ok := lookupReg(k)
	if !ok {
		return
	}
	if rn.kind == kVSR {
		v = strings.Repeat("0", 32-len(v)) + v
		hi, _ := strconv.ParseUint(v[:16], 16, 64)
		lo, _ := strconv.ParseUint(v[16:], 16, 64)
		r.VSR[rn.n] = regs.VSR{Hi: hi, Lo: lo}
		return
	}
	u, _ := strconv.ParseUint(v, 16, 64)
	switch rn.kind {
	case kGPR:
		r.GPR[rn.n] = u
	case kCR:
		r.CR = uint32(u)
	case kXER:
		r.XER = u
	case kLR:
		r.LR = u
	case kCTR:
		r.CTR = u
	case kFPSCR:
		r.FPSCR = u
	case kVSCR:
		r.VSCR = uint32(u)
	case kTAR:
		r.TAR = u
	case kVRSAVE:
		r.VRSAVE = uint32(u)
	case kPPR:
		r.PPR = u
	case kFPR:
		r.VSR[rn.n].Hi = u
	}
}

// traceRegs lists the registers the format can express, in the harness's
// output order, with their formatted values.
func traceRegs(r *regs.Regs) []Assign {
	out := make([]Assign, 0, 32+9+64)
	for i, g := range r.GPR {
		out = append(out, Assign{"r" + strconv.Itoa(i), fmt.Sprintf("%016x", g)})
	}
	out = append(out,
		Assign{"cr", fmt.Sprintf("%08x", r.CR)},
		Assign{"xer", fmt.Sprintf("%016x", r.XER)},
		Assign{"lr", fmt.Sprintf("%016x", r.LR)},
		Assign{"ctr", fmt.Sprintf("%016x", r.CTR)},
		Assign{"fpscr", fmt.Sprintf("%016x", r.FPSCR)},
		Assign{"vscr", fmt.Sprintf("%08x", r.VSCR)},
		Assign{"tar", fmt.Sprintf("%016x", r.TAR)},
		Assign{"vrsave", fmt.Sprintf("%08x", r.VRSAVE)},
		Assign{"ppr", fmt.Sprintf("%016x", r.PPR)},
	)
	for i, v := range r.VSR {
		out = append(out, Assign{"vs" + strconv.Itoa(i), fmt.Sprintf("%016x%016x", v.Hi, v.Lo)})
	}
	return out
}
