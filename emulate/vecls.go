package emulate

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VMX and VSX loads and stores (Power ISA 3.1B Book I 6.7, 7.6).
//
// Byte and element order. A vector register is numbered from its most
// significant byte (byte 0). In big-endian mode byte i of a 16-byte access
// is register byte i. In little-endian mode the ISA reverses the bytes of
// each element of the access: a whole-quadword access (lvx, lxvx, lxv,
// plxv, lxvl) reverses all 16 bytes, lxvd2x each doubleword, lxvw4x each
// word, lxvh8x each halfword, lxvb16x nothing, and the paired forms the
// whole 32 bytes (so the even VSR takes the higher-addressed 16 bytes).
// The VMX element accesses (lvebx, lvehx, lvewx and their stores) touch the
// bytes of the aligned quadword that lvx would put in the element: byte j
// of the quadword is register byte j (BE) or 15-j (LE). All of this was
// measured with the harness (emulate/testdata/qemu/vecls.*.txt).
//
// Facilities (MSR[VEC], MSR[VSX], or one of them by the register number
// for the ISA 3.0 TX forms) come from decode's op table (Inst.Facility,
// rules in decode/internal/optab) and are checked by Step.
//
// The Linux kernel takes the length of lxvl/lxvll/stxvl/stxvll from the low
// byte of RB; the ISA (and QEMU) take it from bits 0:7, the most significant
// byte. This file follows the ISA.

// vecShape says how a vector load/store moves data.
type vecShape uint8

const (
	vsVector     vecShape = iota + 1 // 16 bytes, element size elem
	vsPair                           // 32 bytes into/from two VSRs
	vsScalarDW                       // doubleword element 0 (lxsd, lxsdx)
	vsScalarSP                       // single-precision word ↔ doubleword 0 (DOUBLE/SINGLE)
	vsScalarInt                      // integer of size bytes in doubleword 0 (lxsiwax, lxsibzx, stxsiwx, …)
	vsSplat                          // one element into every element (lxvdsx, lxvwsx)
	vsRight                          // rightmost element, the rest zero (lxvr*x, stxvr*x)
	vsLength                         // lxvl/stxvl: length from RB bits 0:7
	vsLengthLeft                     // lxvll/stxvll
	vsVMX                            // lvx/lvxl/stvx/stvxl: EA aligned down to 16
	vsVMXElem                        // lvebx/lvehx/lvewx and stores: one element
)

// vecSpec is what decode's op table does not say about a VMX/VSX
// load/store op: how it moves data. Size, element size (Inst.Elem; 0 means
// the whole 16 bytes), indexed form and sign extension come from the
// table.
type vecSpec struct {
	shape   vecShape
	keepDW1 bool // X-form scalar loads: doubleword 1 per Difference "vsx-scalar-dw1"
}

// vecSpecs holds the spec of each op of this file, by op.
var vecSpecs = [decode.NumOps]vecSpec{
	p.LVX:      {shape: vsVMX},
	p.LVXL:     {shape: vsVMX},
	p.STVX:     {shape: vsVMX},
	p.STVXL:    {shape: vsVMX},
	p.LVEBX:    {shape: vsVMXElem},
	p.LVEHX:    {shape: vsVMXElem},
	p.LVEWX:    {shape: vsVMXElem},
	p.STVEBX:   {shape: vsVMXElem},
	p.STVEHX:   {shape: vsVMXElem},
	p.STVEWX:   {shape: vsVMXElem},
	p.LXV:      {shape: vsVector},
	p.LXVX:     {shape: vsVector},
	p.PLXV:     {shape: vsVector},
	p.LXVD2X:   {shape: vsVector},
	p.LXVW4X:   {shape: vsVector},
	p.LXVH8X:   {shape: vsVector},
	p.LXVB16X:  {shape: vsVector},
	p.STXV:     {shape: vsVector},
	p.STXVX:    {shape: vsVector},
	p.PSTXV:    {shape: vsVector},
	p.STXVD2X:  {shape: vsVector},
	p.STXVW4X:  {shape: vsVector},
	p.STXVH8X:  {shape: vsVector},
	p.STXVB16X: {shape: vsVector},
	p.LXVP:     {shape: vsPair},
	p.LXVPX:    {shape: vsPair},
	p.PLXVP:    {shape: vsPair},
	p.STXVP:    {shape: vsPair},
	p.STXVPX:   {shape: vsPair},
	p.PSTXVP:   {shape: vsPair},
	p.LXSD:     {shape: vsScalarDW},
	p.PLXSD:    {shape: vsScalarDW},
	p.LXSDX:    {shape: vsScalarDW, keepDW1: true},
	p.LXSSP:    {shape: vsScalarSP},
	p.PLXSSP:   {shape: vsScalarSP},
	p.LXSSPX:   {shape: vsScalarSP, keepDW1: true},
	p.LXSIWAX:  {shape: vsScalarInt, keepDW1: true},
	p.LXSIWZX:  {shape: vsScalarInt, keepDW1: true},
	p.LXSIBZX:  {shape: vsScalarInt, keepDW1: true},
	p.LXSIHZX:  {shape: vsScalarInt, keepDW1: true},
	p.STXSD:    {shape: vsScalarDW},
	p.PSTXSD:   {shape: vsScalarDW},
	p.STXSDX:   {shape: vsScalarDW},
	p.STXSSP:   {shape: vsScalarSP},
	p.PSTXSSP:  {shape: vsScalarSP},
	p.STXSSPX:  {shape: vsScalarSP},
	p.STXSIWX:  {shape: vsScalarInt},
	p.STXSIBX:  {shape: vsScalarInt},
	p.STXSIHX:  {shape: vsScalarInt},
	p.LXVDSX:   {shape: vsSplat},
	p.LXVWSX:   {shape: vsSplat},
	p.LXVRBX:   {shape: vsRight},
	p.LXVRHX:   {shape: vsRight},
	p.LXVRWX:   {shape: vsRight},
	p.LXVRDX:   {shape: vsRight},
	p.STXVRBX:  {shape: vsRight},
	p.STXVRHX:  {shape: vsRight},
	p.STXVRWX:  {shape: vsRight},
	p.STXVRDX:  {shape: vsRight},
	p.LXVL:     {shape: vsLength},
	p.LXVLL:    {shape: vsLengthLeft},
	p.STXVL:    {shape: vsLength},
	p.STXVLL:   {shape: vsLengthLeft},
}

func init() {
	def(opLoadVec, p.LVX, p.LVXL, p.LVEBX, p.LVEHX, p.LVEWX, p.LXV, p.LXVX, p.PLXV, p.LXVD2X, p.LXVW4X, p.LXVH8X, p.LXVB16X, p.LXVP, p.LXVPX, p.PLXVP, p.LXSD, p.PLXSD, p.LXSDX, p.LXSSP, p.PLXSSP, p.LXSSPX, p.LXSIWAX, p.LXSIWZX, p.LXSIBZX, p.LXSIHZX, p.LXVDSX, p.LXVWSX, p.LXVRBX, p.LXVRHX, p.LXVRWX, p.LXVRDX, p.LXVL, p.LXVLL)
	def(opStoreVec, p.STVX, p.STVXL, p.STVEBX, p.STVEHX, p.STVEWX, p.STXV, p.STXVX, p.PSTXV, p.STXVD2X, p.STXVW4X, p.STXVH8X, p.STXVB16X, p.STXVP, p.STXVPX, p.PSTXVP, p.STXSD, p.PSTXSD, p.STXSDX, p.STXSSP, p.PSTXSSP, p.STXSSPX, p.STXSIWX, p.STXSIBX, p.STXSIHX, p.STXVRBX, p.STXVRHX, p.STXVRWX, p.STXVRDX, p.STXVL, p.STXVLL)
	def(opLvsl, p.LVSL, p.LVSR)
	// The whole-quadword forms, the vector loads and stores of glibc's
	// string and memory functions, have their own path (opLoadVec16).
	for op, s := range vecSpecs {
		if s.shape != vsVector && s.shape != vsVMX {
			continue
		}
		if in, _ := decode.BaseInst(decode.Op(op)); in.Class == decode.ClassStore {
			def(opStoreVec16, decode.Op(op))
		} else {
			def(opLoadVec16, decode.Op(op))
		}
	}
}

// opLoadVec16 is opLoadVec for the whole-quadword loads (shapes vsVector
// and vsVMX: lvx, lvxl, lxv, lxvx, plxv, lxvd2x, lxvw4x, lxvh8x, lxvb16x),
// without its shape switch and, in Run, reading the 16 bytes in place
// from the cached page as the integer loads do. TestVecLS16SameAsGeneric
// compares it with opLoadVec.
func opLoadVec16(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, _ := lsEA(r, in, in.Has(decode.FlagIndexed))
	if vecSpecs[in.Op].shape == vsVMX {
		addr &^= 15
	}
	var b []byte
	if d := e.dataPage(&e.pages.r, addr, 16); d != nil { // in Run (paged.go)
		b = d[addr%mem.PageSize:]
	} else {
		var err error
		if b, err = e.read(m, addr, 16); err != nil {
			return err
		}
	}
	r.VSR[vecReg(in)] = vsrFromBytes(b, vecElem(in), r.MSR&regs.MSRLE != 0)
	return nil
}

// opStoreVec16 is opStoreVec for the whole-quadword stores, as
// opLoadVec16 is opLoadVec.
func opStoreVec16(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, _ := lsEA(r, in, in.Has(decode.FlagIndexed))
	if vecSpecs[in.Op].shape == vsVMX {
		addr &^= 15
	}
	v, le := r.VSR[vecReg(in)], r.MSR&regs.MSRLE != 0
	if d := e.dataPage(&e.pages.w, addr, 16); d != nil { // in Run (paged.go)
		vsrToBytes(d[addr%mem.PageSize:], v, vecElem(in), le)
		return nil
	}
	b := e.buf[:16]
	vsrToBytes(b, v, vecElem(in), le)
	return e.write(m, addr, b)
}

// vecElem is the element size for the byte order of a whole-vector access:
// the op table's element size, or 16 (the whole quadword) where it has none.
func vecElem(in *decode.Inst) uint8 {
	if in.Elem == 0 {
		return 16
	}
	return in.Elem
}

// vecReg is the VSR number of a vector load/store's register operand: VRT
// and VRS name VSR 32-63.
func vecReg(in *decode.Inst) int {
	if in.Kinds[0] == decode.ArgVR {
		return 32 + int(in.Args[0]&31)
	}
	return int(in.Args[0] & 63)
}

// vsrFromBytes interprets 16 bytes in address order as a VSR: in
// little-endian mode the bytes of each element of elem bytes are reversed.
func vsrFromBytes(b []byte, elem uint8, le bool) regs.VSR {
	_ = b[15]
	// The common shapes read directly (regs.VSRFrom's layout without its
	// interface-typed byte order: this is every vector load's path).
	if !le || elem == 1 {
		return regs.VSR{Hi: binary.BigEndian.Uint64(b), Lo: binary.BigEndian.Uint64(b[8:])}
	}
	switch elem {
	case 16:
		return regs.VSR{Hi: binary.LittleEndian.Uint64(b[8:]), Lo: binary.LittleEndian.Uint64(b)}
	case 8:
		return regs.VSR{Hi: binary.LittleEndian.Uint64(b), Lo: binary.LittleEndian.Uint64(b[8:])}
	}
	var t [16]byte
	copy(t[:], b)
	swapElems(t[:], int(elem))
	return regs.VSRFrom(t[:], binary.BigEndian)
}

// vsrToBytes is the inverse of vsrFromBytes: v as 16 bytes in address order.
func vsrToBytes(b []byte, v regs.VSR, elem uint8, le bool) {
	_ = b[15]
	if !le || elem == 1 {
		binary.BigEndian.PutUint64(b, v.Hi)
		binary.BigEndian.PutUint64(b[8:], v.Lo)
		return
	}
	switch elem {
	case 16:
		binary.LittleEndian.PutUint64(b, v.Lo)
		binary.LittleEndian.PutUint64(b[8:], v.Hi)
		return
	case 8:
		binary.LittleEndian.PutUint64(b, v.Hi)
		binary.LittleEndian.PutUint64(b[8:], v.Lo)
		return
	}
	regs.PutVSR(b, v, binary.BigEndian)
	swapElems(b[:16], int(elem))
}

// swapElems reverses the bytes of each n-byte element of b.
func swapElems(b []byte, n int) {
	for i := 0; i+n <= len(b); i += n {
		for j, k := i, i+n-1; j < k; j, k = j+1, k-1 {
			b[j], b[k] = b[k], b[j]
		}
	}
}

// vsrByte returns byte i (0 = most significant) of v.
func vsrByte(v *regs.VSR, i int) byte {
	if i < 8 {
		return byte(v.Hi >> (56 - 8*uint(i)))
	}
	return byte(v.Lo >> (56 - 8*uint(i-8)))
}

// setVSRByte sets byte i (0 = most significant) of v.
func setVSRByte(v *regs.VSR, i int, x byte) {
	if i < 8 {
		s := 56 - 8*uint(i)
		v.Hi = v.Hi&^(0xff<<s) | uint64(x)<<s
		return
	}
	s := 56 - 8*uint(i-8)
	v.Lo = v.Lo&^(0xff<<s) | uint64(x)<<s
}

// vecEA computes the effective address of a vector load/store and, for the
// length forms, the number of bytes (RB bits 0:7, at most 16).
func vecEA(r *regs.Regs, in *decode.Inst, s *vecSpec) (addr uint64, n int) {
	n = int(in.Size)
	switch s.shape {
	case vsLength, vsLengthLeft:
		// EA = (RA|0), no index; nb = GPR[RB] bits 0:7.
		addr = iea(r, gprOr0(r, in.Args[1]))
		n = int(r.GPR[in.Args[2]&31] >> 56)
		if n > 16 {
			n = 16
		}
		return addr, n
	}
	addr, _ = lsEA(r, in, in.Has(decode.FlagIndexed))
	switch s.shape {
	case vsVMX:
		addr &^= 15
	case vsVMXElem:
		addr &^= uint64(in.Size - 1)
	}
	return addr, n
}

func opLoadVec(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := &vecSpecs[in.Op]
	x := vecReg(in)
	if s.shape == vsVMXElem {
		if err := e.unknown(in, diffLveOtherBytes, "bytes outside the element are undefined: hardware result unknown"); err != nil {
			return err
		}
	}
	addr, n := vecEA(r, in, s)
	var b []byte
	if n > 0 {
		var err error
		if b, err = e.read(m, addr, n); err != nil {
			return err
		}
	}
	le := r.MSR&regs.MSRLE != 0
	order := dataOrder(r, false)
	var v regs.VSR
	switch s.shape {
	case vsVector, vsVMX:
		v = vsrFromBytes(b, vecElem(in), le)
	case vsPair:
		if le {
			r.VSR[x&62] = vsrFromBytes(b[16:], 16, true)
			r.VSR[x&62+1] = vsrFromBytes(b, 16, true)
		} else {
			r.VSR[x&62] = vsrFromBytes(b, 16, false)
			r.VSR[x&62+1] = vsrFromBytes(b[16:], 16, false)
		}
		return nil
	case vsScalarDW, vsScalarSP, vsScalarInt:
		d := getN(order, b)
		switch {
		case s.shape == vsScalarSP:
			d = fpDouble(uint32(d))
		case in.Has(decode.FlagSignExt):
			d = uint64(int64(int32(uint32(d))))
		}
		v.Hi = d
		if s.keepDW1 && e.qemuSide(diffVsxScalarDw1) {
			v.Lo = r.VSR[x].Lo
		}
	case vsSplat:
		d := getN(order, b)
		if in.Size == 4 {
			d |= d << 32
		}
		v = regs.VSR{Hi: d, Lo: d}
	case vsRight:
		v.Lo = getN(order, b)
	case vsLength:
		// As lxvx of the n bytes followed by zeros.
		var t [16]byte
		copy(t[:], b)
		v = vsrFromBytes(t[:], 16, le)
	case vsLengthLeft:
		var t [16]byte
		copy(t[:], b)
		v = vsrFromBytes(t[:], 1, false)
	case vsVMXElem:
		v = r.VSR[x]
		j := int(addr & 15)
		for i := 0; i < n; i++ {
			k := j + i
			if le {
				k = 15 - k
			}
			setVSRByte(&v, k, b[i])
		}
	}
	r.VSR[x] = v
	return nil
}

func opStoreVec(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := &vecSpecs[in.Op]
	x := vecReg(in)
	addr, n := vecEA(r, in, s)
	le := r.MSR&regs.MSRLE != 0
	order := dataOrder(r, false)
	v := &r.VSR[x]
	b := e.buf[:n]
	switch s.shape {
	case vsVector, vsVMX:
		vsrToBytes(b, *v, vecElem(in), le)
	case vsPair:
		if le {
			vsrToBytes(b[16:], r.VSR[x&62], 16, true)
			vsrToBytes(b, r.VSR[x&62+1], 16, true)
		} else {
			vsrToBytes(b, r.VSR[x&62], 16, false)
			vsrToBytes(b[16:], r.VSR[x&62+1], 16, false)
		}
	case vsScalarDW, vsScalarInt:
		putN(order, b, v.Hi)
	case vsScalarSP:
		w, _ := fpSingle(v.Hi) // below the denormal range: a signed zero (stfs-tiny, both profiles)
		putN(order, b, uint64(w))
	case vsRight:
		putN(order, b, v.Lo)
	case vsLength:
		var t [16]byte
		vsrToBytes(t[:], *v, 16, le)
		copy(b, t[:])
	case vsLengthLeft:
		var t [16]byte
		vsrToBytes(t[:], *v, 1, false)
		copy(b, t[:])
	case vsVMXElem:
		j := int(addr & 15)
		for i := range b {
			k := j + i
			if le {
				k = 15 - k
			}
			b[i] = vsrByte(v, k)
		}
	}
	if n == 0 {
		return nil
	}
	return e.write(m, addr, b)
}

// opLvsl is lvsl and lvsr: the permute control vector for a shift by
// EA[60:63]; no storage access and no byte-order dependence (measured with
// QEMU in both byte orders).
func opLvsl(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, _ := ea(r, in, true)
	sh := addr & 15
	if in.Op == p.LVSR {
		sh = 16 - sh
	}
	// Bytes sh..sh+15 of 0x00 01 … 1f.
	const step = 0x0101010101010101
	const base = 0x0001020304050607
	r.VSR[32+in.Args[0]&31] = regs.VSR{Hi: base + sh*step, Lo: base + (sh+8)*step}
	return nil
}
