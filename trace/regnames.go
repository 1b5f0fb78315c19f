package trace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ppc64emu/ppc64emu/regs"
)

// regKind says which part of the register file a key refers to.
type regKind uint8

const (
	kGPR    regKind = iota // rN
	kScalar                // a register of formatScalars, by its regs name
	kVSR                   // vsN, vN: 128 bits, written as 32 hex digits, doubleword 0 first
	kFPR                   // fN: doubleword 0 of VSR N
)

// formatScalar is a scalar register the format has a key for.
type formatScalar struct {
	reg   regs.ScalarReg // the key is reg.Name(), the width reg.Bits()
	since int            // the format version that added the key
}

// formatScalars are the scalar registers of the format, in the harness's
// output order. Names and widths come from regs (the one register-name
// table). Version 2 widened fpscr from its low 32 bits to 64 (DRN is in
// the high word) and added tar, vrsave and ppr.
var formatScalars = [...]formatScalar{
	{regs.RegCR, 1}, {regs.RegXER, 1}, {regs.RegLR, 1}, {regs.RegCTR, 1},
	{regs.RegFPSCR, 1}, {regs.RegVSCR, 1},
	{regs.RegTAR, 2}, {regs.RegVRSAVE, 2}, {regs.RegPPR, 2},
}

// Numbered register keys of the format: prefix, count, kind.
var formatNumbered = [...]struct {
	prefix string
	n      int
	kind   regKind
}{
	{"r", 32, kGPR}, {"vs", 64, kVSR}, {"f", 32, kFPR}, {"v", 32, kVSR},
}

// regName is a register key of the format.
type regName struct {
	kind regKind
	n    int // GPR or VSR number (v3 is VSR 35); for kScalar the index in formatScalars
}

func (rn regName) scalar() formatScalar { return formatScalars[rn.n] }

// lookupReg maps a key of the format to a register. Numbers are written
// without leading zeros.
func lookupReg(k string) (regName, bool) {
	for i, s := range formatScalars {
		if k == s.reg.Name() {
			return regName{kScalar, i}, true
		}
	}
	for _, nb := range formatNumbered {
		num, ok := strings.CutPrefix(k, nb.prefix)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 0 || n >= nb.n || strconv.Itoa(n) != num {
			continue // "vs3" is not "v" followed by "s3"
		}
		if nb.prefix == "v" {
			n += 32
		}
		return regName{nb.kind, n}, true
	}
	return regName{}, false
}

// hexDigits is the most hex digits a register key's value may have.
func (rn regName) hexDigits() int {
	switch rn.kind {
	case kVSR:
		return 32
	case kScalar:
		return rn.scalar().reg.Bits() / 4
	}
	return 16
}

// checkRegValue checks that v is valid hex of the key's width.
func checkRegValue(k, v string) error {
	max := 16
	if rn, ok := lookupReg(k); ok {
		max = rn.hexDigits()
	}
	if len(v) == 0 || len(v) > max {
		return fmt.Errorf("%s=%s: want 1 to %d hex digits", k, v, max)
	}
	for _, c := range v {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
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
	case kScalar:
		rn.scalar().reg.Set(r, u)
	case kFPR:
		r.VSR[rn.n].Hi = u
	}
}

// traceRegs lists the registers the format can express, in the harness's
// output order, with their formatted values.
func traceRegs(r *regs.Regs) []Assign {
	out := make([]Assign, 0, 32+len(formatScalars)+64)
	for i, g := range r.GPR {
		out = append(out, Assign{"r" + strconv.Itoa(i), fmt.Sprintf("%016x", g)})
	}
	for _, s := range formatScalars {
		out = append(out, Assign{s.reg.Name(), fmt.Sprintf("%0*x", s.reg.Bits()/4, s.reg.Get(r))})
	}
	for i, v := range r.VSR {
		out = append(out, Assign{"vs" + strconv.Itoa(i), fmt.Sprintf("%016x%016x", v.Hi, v.Lo)})
	}
	return out
}
