package decode

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// The extended mnemonics GNU objdump prints by default (binutils 2.40,
// objdump -d without -M raw), as its output shows them: the Power ISA's
// assembler extended mnemonics (Book I, appendix "Assembler Extended
// Mnemonics") where objdump uses them, and objdump's names for SPRs.
// TestObjdumpSyntaxWords and TestObjdumpSyntaxLibc compare every rule here
// with objdump's output.

// crBitNames are the names of the bits of a CR field (BI%4), and the
// negated test of each.
var (
	crBitNames = [4]string{"lt", "gt", "eq", "so"}
	crBitNot   = [4]string{"ge", "le", "ne", "ns"}
)

// trapNames are the extended trap mnemonics by TO (tw<name>, twi<name>i …).
var trapNames = map[int64]string{
	1: "lgt", 2: "llt", 4: "eq", 5: "lge", 6: "lle", 8: "gt", 12: "ge",
	16: "lt", 20: "le", 24: "ne", 31: "u",
}

// syncNames are the extended mnemonics of sync L,SC.
var syncNames = map[[2]int64]string{
	{0, 0}: "hwsync", {1, 0}: "lwsync", {2, 0}: "ptesync", {4, 0}: "phwsync",
	{5, 0}: "plwsync", {0, 2}: "stcisync", {0, 3}: "stsync", {1, 1}: "stncisync",
}

// sprName is objdump's name of an SPR in mfNAME/mtNAME, with the index it
// prints as an operand (sprg 0…3, the BATs) or -1.
type sprName struct {
	name  string
	index int8
}

// sprReadNames and sprWriteNames are the SPRs objdump names in mfspr and
// mtspr; the two differ where an SPR number reads and writes different
// registers (the time base, the performance monitor's problem-state
// copies, the CTRL register).
var sprReadNames, sprWriteNames = sprTables()

func sprTables() (read, write map[int64]sprName) {
	read, write = map[int64]sprName{}, map[int64]sprName{}
	both := func(n int64, name string) {
		read[n] = sprName{name, -1}
		write[n] = sprName{name, -1}
	}
	for n, name := range map[int64]string{
		1: "xer", 3: "udscr", 8: "lr", 9: "ctr", 13: "uamr", 17: "dscr", 18: "dsisr",
		19: "dar", 22: "dec", 25: "sdr1", 26: "srr0", 27: "srr1", 28: "cfar", 29: "amr",
		48: "pidr", 61: "iamr", 153: "fscr", 157: "uamor", 159: "pspb", 176: "dpdes",
		180: "dawr0", 181: "dawr1", 186: "rpr", 187: "ciabr", 188: "dawrx0", 189: "dawrx1",
		190: "hfscr", 256: "vrsave", 280: "asr", 282: "ear", 304: "hsprg0", 305: "hsprg1",
		306: "hdisr", 307: "hdar", 308: "spurr", 309: "purr", 310: "hdec", 313: "hrmor",
		314: "hsrr0", 315: "hsrr1", 318: "lpcr", 319: "lpidr", 336: "hmer", 337: "hmeer",
		338: "pcr", 339: "heir", 349: "amor", 464: "ptcr", 496: "usprg0", 497: "usprg1",
		505: "urmor", 506: "usrr0", 507: "usrr1", 511: "smfctrl", 769: "ummcr2",
		770: "ummcra", 771: "upmc1", 772: "upmc2", 773: "upmc3", 774: "upmc4",
		775: "upmc5", 776: "upmc6", 779: "ummcr0", 800: "bescrs", 801: "bescrsu",
		802: "bescrr", 803: "bescrru", 804: "ebbhr", 805: "ebbrr", 806: "bescr",
		815: "tar", 816: "asdr", 823: "psscr", 848: "ic", 849: "vtb", 855: "hpsscr",
		896: "ppr", 898: "ppr32",
	} {
		both(n, name)
	}
	for n, name := range map[int64]string{
		4: "rtcu", 5: "rtcl", 136: "ctrl", 259: "usprg3", 268: "tb", 269: "tbu",
		287: "pvr", 446: "tir", 736: "usier2", 737: "usier3", 738: "ummcr3",
		768: "usier", 780: "usiar", 781: "usdar", 782: "ummcr1", 1023: "pir",
	} {
		read[n] = sprName{name, -1}
	}
	for n, name := range map[int64]string{
		20: "rtcu", 21: "rtcl", 128: "tfhar", 129: "tfiar", 130: "texasr",
		131: "texasru", 152: "ctrl", 284: "tbl", 285: "tbu", 286: "tbu40",
		752: "sier2", 753: "sier3", 754: "mmcr3", 784: "sier", 786: "mmcra",
		787: "pmc1", 788: "pmc2", 789: "pmc3", 790: "pmc4", 791: "pmc5",
		792: "pmc6", 795: "mmcr0", 796: "siar", 797: "sdar", 798: "mmcr1",
	} {
		write[n] = sprName{name, -1}
	}
	for i := int8(0); i < 4; i++ {
		read[272+int64(i)] = sprName{"sprg", i}
		write[272+int64(i)] = sprName{"sprg", i}
		for j, name := range []string{"ibatu", "ibatl", "dbatu", "dbatl"} {
			n := 528 + int64(j&1) + 2*int64(i) + 8*int64(j>>1)
			read[n] = sprName{name, i}
			write[n] = sprName{name, i}
		}
	}
	return read, write
}

// gpr, fpr, vr and vsr name registers as objdump does.
func gpr(n int64) string { return "r" + strconv.FormatInt(n, 10) }
func vr(n int64) string  { return "v" + strconv.FormatInt(n, 10) }
func vsr(n int64) string { return "vs" + strconv.FormatInt(n, 10) }

// gpr0 names an (RA|0) operand: 0 for register 0, as objdump prints it.
func gpr0(n int64) string {
	if n == 0 {
		return "0"
	}
	return gpr(n)
}

// vsrAsFPRorVR names VSR n as the FPR (0-31) or VR (32-63) it overlaps,
// with the mnemonic part that says which ("fpr" or "vr").
func vsrAsFPRorVR(n int64) (kind, reg string) {
	if n < 32 {
		return "fpr", "f" + strconv.FormatInt(n, 10)
	}
	return "vr", vr(n - 32)
}

// sameSources are the logical ops objdump names apart when their two
// sources are one register: or RA,RS,RS is mr RA,RS.
var sameSources = map[Op]struct {
	name string
	reg  func(int64) string
}{
	ppc64asm.OR: {"mr", gpr}, ppc64asm.ORCC: {"mr", gpr},
	ppc64asm.NOR: {"not", gpr}, ppc64asm.NORCC: {"not", gpr},
	ppc64asm.VOR: {"vmr", vr}, ppc64asm.VNOR: {"vnot", vr},
	ppc64asm.XXLOR: {"xxmr", vsr}, ppc64asm.XXLNOR: {"xxlnot", vsr},
}

// dot is "." for a record form.
func (in *Inst) dot() string {
	if in.Has(FlagRc) {
		return "."
	}
	return ""
}

// extended returns the instruction with objdump's extended mnemonic, or ""
// when objdump prints the base mnemonic (or a branch, which condBranch
// writes).
func (in *Inst) extended() string {
	if in.Len != 4 {
		return ""
	}
	a := &in.Args
	d := in.dot()
	if m, ok := sameSources[in.Op]; ok && a[1] == a[2] {
		return fmt.Sprintf("%s%s %s,%s", m.name, d, m.reg(a[0]), m.reg(a[1]))
	}
	switch in.Op {
	case ppc64asm.XXPERMDI:
		t, x, y, dm := vsr(a[0]), vsr(a[1]), vsr(a[2]), a[3]
		switch {
		case a[1] == a[2] && (dm == 0 || dm == 3):
			return fmt.Sprintf("xxspltd %s,%s,%d", t, x, dm&1)
		case a[1] == a[2] && dm == 2:
			return fmt.Sprintf("xxswapd %s,%s", t, x)
		case dm == 0:
			return fmt.Sprintf("xxmrghd %s,%s,%s", t, x, y)
		case dm == 3:
			return fmt.Sprintf("xxmrgld %s,%s,%s", t, x, y)
		}
	case ppc64asm.RLDICL, ppc64asm.RLDICLCC:
		ra, rs, sh, mb := gpr(a[0]), gpr(a[1]), a[2], a[3]
		switch {
		case mb == 0:
			return fmt.Sprintf("rotldi%s %s,%s,%d", d, ra, rs, sh)
		case sh == 0:
			return fmt.Sprintf("clrldi%s %s,%s,%d", d, ra, rs, mb)
		case sh+mb == 64:
			return fmt.Sprintf("srdi%s %s,%s,%d", d, ra, rs, mb)
		}
	case ppc64asm.RLDICR, ppc64asm.RLDICRCC:
		ra, rs, sh, me := gpr(a[0]), gpr(a[1]), a[2], a[3]
		switch {
		case sh == 0:
			return fmt.Sprintf("clrrdi%s %s,%s,%d", d, ra, rs, 63-me)
		case sh+me == 63:
			return fmt.Sprintf("sldi%s %s,%s,%d", d, ra, rs, sh)
		}
	case ppc64asm.RLDCL, ppc64asm.RLDCLCC:
		if a[3] == 0 {
			return fmt.Sprintf("rotld%s %s,%s,%s", d, gpr(a[0]), gpr(a[1]), gpr(a[2]))
		}
	case ppc64asm.RLWINM, ppc64asm.RLWINMCC:
		ra, rs, sh, mb, me := gpr(a[0]), gpr(a[1]), a[2], a[3], a[4]
		switch {
		case mb == 0 && me == 31:
			return fmt.Sprintf("rotlwi%s %s,%s,%d", d, ra, rs, sh)
		case sh == 0 && me == 31:
			return fmt.Sprintf("clrlwi%s %s,%s,%d", d, ra, rs, mb)
		case sh == 0 && mb == 0:
			return fmt.Sprintf("clrrwi%s %s,%s,%d", d, ra, rs, 31-me)
		case mb == 0 && me == 31-sh:
			return fmt.Sprintf("slwi%s %s,%s,%d", d, ra, rs, sh)
		case me == 31 && sh == 32-mb:
			return fmt.Sprintf("srwi%s %s,%s,%d", d, ra, rs, mb)
		}
	case ppc64asm.RLWNM, ppc64asm.RLWNMCC:
		if a[3] == 0 && a[4] == 31 {
			return fmt.Sprintf("rotlw%s %s,%s,%s", d, gpr(a[0]), gpr(a[1]), gpr(a[2]))
		}
	case ppc64asm.TW, ppc64asm.TD:
		if in.Op == ppc64asm.TW && a[0] == 31 && a[1] == 0 && a[2] == 0 {
			return "trap"
		}
		if name, ok := trapNames[a[0]]; ok {
			return fmt.Sprintf("%s%s %s,%s", in.Op, name, gpr(a[1]), gpr(a[2]))
		}
	case ppc64asm.TWI, ppc64asm.TDI:
		if name, ok := trapNames[a[0]]; ok {
			return fmt.Sprintf("%s%si %s,%d", strings.TrimSuffix(in.Op.String(), "i"), name, gpr(a[1]), a[2])
		}
	case ppc64asm.MFSPR:
		if s, ok := sprReadNames[a[1]]; ok {
			if s.index >= 0 {
				return fmt.Sprintf("mf%s %s,%d", s.name, gpr(a[0]), s.index)
			}
			return fmt.Sprintf("mf%s %s", s.name, gpr(a[0]))
		}
		return fmt.Sprintf("mfspr %s,%d", gpr(a[0]), a[1])
	case ppc64asm.MTSPR:
		if s, ok := sprWriteNames[a[0]]; ok {
			if s.index >= 0 {
				return fmt.Sprintf("mt%s %d,%s", s.name, s.index, gpr(a[1]))
			}
			return fmt.Sprintf("mt%s %s", s.name, gpr(a[1]))
		}
		return fmt.Sprintf("mtspr %d,%s", a[0], gpr(a[1]))
	case ppc64asm.MFVSRD, ppc64asm.MFVSRWZ:
		kind, reg := vsrAsFPRorVR(a[1])
		return fmt.Sprintf("mf%s%s %s,%s", kind, strings.TrimPrefix(in.Op.String(), "mfvsr"), gpr(a[0]), reg)
	case ppc64asm.MTVSRD, ppc64asm.MTVSRWZ, ppc64asm.MTVSRWA:
		kind, reg := vsrAsFPRorVR(a[0])
		return fmt.Sprintf("mt%s%s %s,%s", kind, strings.TrimPrefix(in.Op.String(), "mtvsr"), reg, gpr(a[1]))
	case ppc64asm.DCBT, ppc64asm.DCBTST:
		ra, rb, th := gpr0(a[0]), gpr(a[1]), a[2]
		switch {
		case th < 8:
			return fmt.Sprintf("%sct %s,%s%s", in.Op, ra, rb, optImm(th, 0))
		case th < 16:
			return fmt.Sprintf("%sds %s,%s%s", in.Op, ra, rb, optImm(th, 8))
		case th == 16:
			return fmt.Sprintf("%st %s,%s", in.Op, ra, rb)
		case th == 17 && in.Op == ppc64asm.DCBT:
			return fmt.Sprintf("dcbna %s,%s", ra, rb)
		}
		return fmt.Sprintf("%s %s,%s,%d", in.Op, ra, rb, th)
	case ppc64asm.DCBF:
		name := map[int64]string{0: "dcbf", 1: "dcbfl", 3: "dcbflp"}[a[2]]
		if name != "" {
			return fmt.Sprintf("%s %s,%s", name, gpr0(a[0]), gpr(a[1]))
		}
	case ppc64asm.DCBZ:
		if in.Word>>21&31 == 1 {
			return fmt.Sprintf("dcbzl %s,%s", gpr0(a[0]), gpr(a[1]))
		}
	case ppc64asm.EIEIO:
		if in.Word == 0x7c0006ac {
			return "eieio" // objdump's name only for the word with no field set
		}
		if mo := in.Word >> 21 & 31; mo != 0 {
			return fmt.Sprintf("mbar %d", mo)
		}
		return "mbar"
	case ppc64asm.SYNC:
		if name, ok := syncNames[[2]int64{a[0], a[1]}]; ok {
			return name
		}
	case ppc64asm.MTFSF, ppc64asm.MTFSFCC:
		if a[2] == 0 && a[3] == 0 {
			return fmt.Sprintf("mtfsf%s %d,f%d", d, a[0], a[1])
		}
	case ppc64asm.SC:
		if a[0] == 0 {
			return "sc"
		}
	case ppc64asm.MTCRF:
		if a[0] == 0xff {
			return "mtcr " + gpr(a[1])
		}
	case ppc64asm.CROR, ppc64asm.CRNOR:
		if a[1] == a[2] {
			name := map[Op]string{ppc64asm.CROR: "crmove", ppc64asm.CRNOR: "crnot"}[in.Op]
			return fmt.Sprintf("%s %s,%s", name, crBit(a[0]), crBit(a[1]))
		}
	case ppc64asm.CRXOR, ppc64asm.CREQV:
		if a[0] == a[1] && a[1] == a[2] {
			name := map[Op]string{ppc64asm.CRXOR: "crclr", ppc64asm.CREQV: "crset"}[in.Op]
			return fmt.Sprintf("%s %s", name, crBit(a[0]))
		}
	case ppc64asm.ISEL:
		if a[3] < 3 {
			return fmt.Sprintf("isel%s %s,%s,%s", crBitNames[a[3]], gpr(a[0]), gpr0(a[1]), gpr(a[2]))
		}
		return fmt.Sprintf("isel %s,%s,%s,%s", gpr(a[0]), gpr0(a[1]), gpr(a[2]), crBit(a[3]))
	}
	return ""
}

// optImm is ",v" unless v is the operand's default, which objdump omits.
func optImm(v, def int64) string {
	if v == def {
		return ""
	}
	return "," + strconv.FormatInt(v, 10)
}

// crBit names CR bit n as objdump does: "eq" in CR0, "4*cr7+eq" elsewhere.
func crBit(n int64) string {
	if n < 4 {
		return crBitNames[n]
	}
	return fmt.Sprintf("4*cr%d+%s", n/4, crBitNames[n%4])
}

// condBranch writes bc, bclr, bcctr, bctar and their link and absolute
// forms with objdump's extended mnemonics, or with the base mnemonic and
// BO as a number where objdump has none. target is the branch target's
// text (bc forms).
func (in *Inst) condBranch(target string) string {
	bo, bi := in.Args[0], in.Args[1]
	var tail string // "lr", "ctr" or "tar"; "" for bc
	bh := int64(0)
	switch in.Op {
	case ppc64asm.BCLR, ppc64asm.BCLRL:
		tail, bh = "lr", in.Args[2]
	case ppc64asm.BCCTR, ppc64asm.BCCTRL:
		tail, bh = "ctr", in.Args[2]
	case ppc64asm.BCTAR, ppc64asm.BCTARL:
		tail, bh = "tar", in.Args[2]
	}
	suffix := "" // l, a, la after the target kind
	if in.Has(FlagLink) {
		suffix += "l"
	}
	if in.Has(FlagAbsolute) {
		suffix += "a"
	}
	at := hintBits(bo)
	hint := ""
	switch at {
	case 1: // reserved: objdump drops it on bc, prints "+" on bclr and bcctr
		if tail != "" {
			hint = "+"
		}
	case 2:
		hint = "-"
	case 3:
		hint = "+"
	}
	var ops []string // operands after the mnemonic
	bhOps := func() {
		if tail != "" && bh != 0 {
			ops = append(ops, strconv.FormatInt(bh, 10))
		}
		if tail == "" {
			ops = append(ops, target)
		}
	}
	raw := func() string {
		ops = []string{strconv.FormatInt(bo, 10), crBit(bi)}
		bhOps()
		return "bc" + tail + suffix + hint + " " + strings.Join(ops, ",")
	}
	ctr := in.Op == ppc64asm.BCCTR || in.Op == ppc64asm.BCCTRL
	switch {
	case bo&0x14 == 0x14: // branch always
		if bo != 20 || bi != 0 || tail == "" {
			return raw()
		}
		bhOps()
		return strings.TrimSpace("b" + tail + suffix + " " + strings.Join(ops, ","))
	case bo&0x04 == 0 && ctr: // bcctr decrementing CTR: an invalid form
		return raw()
	case bo&0x14 == 0x10: // decrement CTR, test it
		if bi != 0 {
			return raw()
		}
		name := "bdnz"
		if bo&2 != 0 {
			name = "bdz"
		}
		bhOps()
		return strings.TrimSpace(name + tail + suffix + hint + " " + strings.Join(ops, ","))
	case bo&0x14 == 0: // decrement CTR, test it and a CR bit
		name := "bdnz"
		if bo&2 != 0 {
			name = "bdz"
		}
		if bo&8 != 0 {
			name += "t"
		} else {
			name += "f"
		}
		ops = append(ops, crBit(bi))
		bhOps()
		return name + tail + suffix + hint + " " + strings.Join(ops, ",")
	}
	// Test a CR bit.
	cond := crBitNot[bi%4]
	if bo&8 != 0 {
		cond = crBitNames[bi%4]
	}
	if bi/4 != 0 || bh != 0 {
		ops = append(ops, fmt.Sprintf("cr%d", bi/4))
	}
	bhOps()
	return strings.TrimSpace("b" + cond + tail + suffix + hint + " " + strings.Join(ops, ","))
}

// objdumpRejects reports whether objdump prints the word as data (".long")
// though Decode accepts it: reserved bits set (but for the forms objdump
// names, dcbzl and mbar MO), mtocrf/mfocrf without exactly one field,
// sync with a reserved L, or a conditional branch whose BO has a z bit
// set or the reserved hint at=0b01 where objdump has no mnemonic for it.
func (in *Inst) objdumpRejects() bool {
	if in.Len != 4 {
		return false
	}
	if in.Invalid&InvalidReservedBits != 0 {
		switch in.Op {
		case ppc64asm.DCBZ:
			return in.Word>>21&31 > 1 || in.Word&1 != 0
		case ppc64asm.EIEIO:
			return false
		}
		return true
	}
	switch in.Op {
	case ppc64asm.MTOCRF, ppc64asm.MFOCRF:
		fxm := in.Args[0]
		if in.Op == ppc64asm.MFOCRF {
			fxm = in.Args[1]
		}
		return fxm == 0 || fxm&(fxm-1) != 0
	case ppc64asm.SYNC:
		return in.Args[0] == 3 || in.Args[0] > 5
	}
	if in.Class != ClassCondBranch {
		return false
	}
	bo, bi := in.Args[0], in.Args[1]
	if bo&0x14 == 0x14 {
		return bo != 20
	}
	at := hintBits(bo)
	if at != 1 {
		return false
	}
	switch in.Op {
	case ppc64asm.BCTAR, ppc64asm.BCTARL:
		return true
	case ppc64asm.BCCTR, ppc64asm.BCCTRL:
		return bo&0x04 == 0
	}
	return bo&0x14 == 0x10 && bi != 0
}

// hintBits returns a conditional branch's hint "at" of BO 001at/011at and
// 1a00t/1a01t; a 0000z/0100z form's z bit counts as t with a=0 (as objdump
// reads it). Branch-always BOs (1z1zz) give their z bits, unused.
func hintBits(bo int64) int64 {
	switch {
	case bo&0x14 == 0x04:
		return bo & 3
	case bo&0x14 == 0x10:
		return (bo>>3&1)<<1 | bo&1
	}
	return bo & 1
}
