package gdbstub

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/ppc64emu/ppc64emu/regs"
)

// GDB register numbers of the target description, in the order of GDB's
// rs6000 register set for powerpc64 (core r0-r31, the FPRs, pc, msr, cr,
// lr, ctr, xer, fpscr, then AltiVec and the VSX upper halves): the g packet
// is these registers in order, each in the program's byte order.
const (
	RegR0     = 0
	RegF0     = 32
	RegPC     = 64
	RegMSR    = 65
	RegCR     = 66
	RegLR     = 67
	RegCTR    = 68
	RegXER    = 69
	RegFPSCR  = 70
	RegVR0    = 71
	RegVSCR   = 103
	RegVRSAVE = 104
	RegVS0H   = 105 // vs0h..vs31h: doubleword 1 of vs0..vs31
	NumRegs   = 137
)

// regInfo describes register n: name, size in bytes, GDB type and the
// target-description feature it belongs to.
func regInfo(n int) (name string, size int, typ, feature string) {
	switch {
	case n < RegF0:
		return fmt.Sprintf("r%d", n), 8, "uint64", "core"
	case n < RegPC:
		return fmt.Sprintf("f%d", n-RegF0), 8, "ieee_double", "fpu"
	case n >= RegVR0 && n < RegVSCR:
		return fmt.Sprintf("vr%d", n-RegVR0), 16, "vec128", "altivec"
	case n >= RegVS0H && n < NumRegs:
		return fmt.Sprintf("vs%dh", n-RegVS0H), 8, "uint64", "vsx"
	}
	r := oneRegs[n]
	return r.name, r.size, r.typ, r.feature
}

// oneRegs describes the registers regInfo does not number in a range.
var oneRegs = map[int]struct {
	name         string
	size         int
	typ, feature string
}{
	RegPC:     {"pc", 8, "code_ptr", "core"},
	RegMSR:    {"msr", 8, "uint64", "core"},
	RegCR:     {"cr", 4, "uint32", "core"},
	RegLR:     {"lr", 8, "code_ptr", "core"},
	RegCTR:    {"ctr", 8, "uint64", "core"},
	RegXER:    {"xer", 4, "uint32", "core"},
	RegFPSCR:  {"fpscr", 8, "int", "fpu"},
	RegVSCR:   {"vscr", 4, "int", "altivec"},
	RegVRSAVE: {"vrsave", 4, "int", "altivec"},
}

// appendReg appends register n of r in byte order o.
func appendReg(dst []byte, r *regs.Regs, n int, o binary.ByteOrder) []byte {
	var b [16]byte
	_, size, _, _ := regInfo(n)
	switch {
	case n < RegF0:
		o.PutUint64(b[:], r.GPR[n])
	case n < RegPC:
		o.PutUint64(b[:], r.FPR(n-RegF0))
	case n == RegPC:
		o.PutUint64(b[:], r.NIP)
	case n == RegMSR:
		o.PutUint64(b[:], r.MSR)
	case n == RegCR:
		o.PutUint32(b[:], r.CR)
	case n == RegLR:
		o.PutUint64(b[:], r.LR)
	case n == RegCTR:
		o.PutUint64(b[:], r.CTR)
	case n == RegXER:
		o.PutUint32(b[:], uint32(r.XER))
	case n == RegFPSCR:
		o.PutUint64(b[:], r.FPSCR)
	case n < RegVSCR:
		regs.PutVSR(b[:], r.VSR[32+n-RegVR0], o)
	case n == RegVSCR:
		o.PutUint32(b[:], r.VSCR)
	case n == RegVRSAVE:
		o.PutUint32(b[:], r.VRSAVE)
	case n < NumRegs:
		o.PutUint64(b[:], r.VSR[n-RegVS0H].Lo)
	}
	return append(dst, b[:size]...)
}

// setReg stores b (register n's size, byte order o) into r.
func setReg(r *regs.Regs, n int, b []byte, o binary.ByteOrder) {
	switch {
	case n < RegF0:
		r.GPR[n] = o.Uint64(b)
	case n < RegPC:
		r.SetFPR(n-RegF0, o.Uint64(b))
	case n == RegPC:
		r.NIP = o.Uint64(b)
	case n == RegMSR:
		r.MSR = o.Uint64(b)
	case n == RegCR:
		r.CR = o.Uint32(b)
	case n == RegLR:
		r.LR = o.Uint64(b)
	case n == RegCTR:
		r.CTR = o.Uint64(b)
	case n == RegXER:
		r.XER = uint64(o.Uint32(b))
	case n == RegFPSCR:
		r.FPSCR = o.Uint64(b)
	case n < RegVSCR:
		r.VSR[32+n-RegVR0] = regs.VSRFrom(b, o)
	case n == RegVSCR:
		r.VSCR = o.Uint32(b)
	case n == RegVRSAVE:
		r.VRSAVE = o.Uint32(b)
	case n < NumRegs:
		r.VSR[n-RegVS0H].Lo = o.Uint64(b)
	}
}

// targetXML is the target description: GDB's powerpc64 feature names
// (org.gnu.gdb.power.core, .fpu, .altivec, .vsx) with the register names,
// sizes and numbers GDB's rs6000 target expects. It is built from regInfo,
// the one table of the register layout.
var targetXML = func() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>
<!DOCTYPE target SYSTEM "gdb-target.dtd">
<target version="1.0">
<architecture>powerpc:common64</architecture>
<osabi>GNU/Linux</osabi>
`)
	// Registers are listed by feature, each with its GDB number.
	for _, feature := range []string{"core", "fpu", "altivec", "vsx"} {
		fmt.Fprintf(&b, "<feature name=\"org.gnu.gdb.power.%s\">\n", feature)
		if feature == "altivec" {
			b.WriteString(`<vector id="v4f" type="ieee_single" count="4"/>
<vector id="v4i32" type="int32" count="4"/>
<vector id="v8i16" type="int16" count="8"/>
<vector id="v16i8" type="int8" count="16"/>
<union id="vec128">
<field name="v4_float" type="v4f"/>
<field name="v4_int32" type="v4i32"/>
<field name="v8_int16" type="v8i16"/>
<field name="v16_int8" type="v16i8"/>
</union>
`)
		}
		for n := 0; n < NumRegs; n++ {
			name, size, typ, feat := regInfo(n)
			if feat != feature {
				continue
			}
			group := ""
			if feature == "altivec" && n >= RegVSCR {
				group = ` group="vector"`
			}
			if feature == "fpu" && n == RegFPSCR {
				group = ` group="float"`
			}
			fmt.Fprintf(&b, "<reg name=\"%s\" bitsize=\"%d\" type=\"%s\" regnum=\"%d\"%s/>\n", name, size*8, typ, n, group)
		}
		b.WriteString("</feature>\n")
	}
	b.WriteString("</target>\n")
	return b.String()
}()
