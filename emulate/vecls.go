package emulate

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/decode"
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

// vecSpec describes one VMX/VSX load/store op.
type vecSpec struct {
	shape   vecShape
	size    uint8 // bytes accessed (the maximum for the length forms)
	elem    uint8 // element size for the byte order
	store   bool
	indexed bool // X-form: EA = (RA|0) + RB
	signExt bool // lxsiwax
	keepDW1 bool // X-form scalar loads: doubleword 1 per Difference "vsx-scalar-dw1"
}

var vecLS = map[decode.Op]vecSpec{
	// VMX.
	p.LVX: {shape: vsVMX, size: 16, elem: 16, indexed: true}, p.LVXL: {shape: vsVMX, size: 16, elem: 16, indexed: true},
	p.STVX: {shape: vsVMX, size: 16, elem: 16, indexed: true, store: true}, p.STVXL: {shape: vsVMX, size: 16, elem: 16, indexed: true, store: true},
	p.LVEBX: {shape: vsVMXElem, size: 1, indexed: true}, p.LVEHX: {shape: vsVMXElem, size: 2, indexed: true},
	p.LVEWX:  {shape: vsVMXElem, size: 4, indexed: true},
	p.STVEBX: {shape: vsVMXElem, size: 1, indexed: true, store: true}, p.STVEHX: {shape: vsVMXElem, size: 2, indexed: true, store: true},
	p.STVEWX: {shape: vsVMXElem, size: 4, indexed: true, store: true},

	// VSX vectors.
	p.LXV: {shape: vsVector, size: 16, elem: 16}, p.LXVX: {shape: vsVector, size: 16, elem: 16, indexed: true},
	p.PLXV:    {shape: vsVector, size: 16, elem: 16},
	p.LXVD2X:  {shape: vsVector, size: 16, elem: 8, indexed: true},
	p.LXVW4X:  {shape: vsVector, size: 16, elem: 4, indexed: true},
	p.LXVH8X:  {shape: vsVector, size: 16, elem: 2, indexed: true},
	p.LXVB16X: {shape: vsVector, size: 16, elem: 1, indexed: true},
	p.STXV:    {shape: vsVector, size: 16, elem: 16, store: true}, p.STXVX: {shape: vsVector, size: 16, elem: 16, indexed: true, store: true},
	p.PSTXV:    {shape: vsVector, size: 16, elem: 16, store: true},
	p.STXVD2X:  {shape: vsVector, size: 16, elem: 8, indexed: true, store: true},
	p.STXVW4X:  {shape: vsVector, size: 16, elem: 4, indexed: true, store: true},
	p.STXVH8X:  {shape: vsVector, size: 16, elem: 2, indexed: true, store: true},
	p.STXVB16X: {shape: vsVector, size: 16, elem: 1, indexed: true, store: true},

	// Pairs.
	p.LXVP: {shape: vsPair, size: 32, elem: 32}, p.LXVPX: {shape: vsPair, size: 32, elem: 32, indexed: true},
	p.PLXVP: {shape: vsPair, size: 32, elem: 32},
	p.STXVP: {shape: vsPair, size: 32, elem: 32, store: true}, p.STXVPX: {shape: vsPair, size: 32, elem: 32, indexed: true, store: true},
	p.PSTXVP: {shape: vsPair, size: 32, elem: 32, store: true},

	// Scalars.
	p.LXSD: {shape: vsScalarDW, size: 8}, p.PLXSD: {shape: vsScalarDW, size: 8},
	p.LXSDX: {shape: vsScalarDW, size: 8, indexed: true, keepDW1: true},
	p.LXSSP: {shape: vsScalarSP, size: 4}, p.PLXSSP: {shape: vsScalarSP, size: 4},
	p.LXSSPX:  {shape: vsScalarSP, size: 4, indexed: true, keepDW1: true},
	p.LXSIWAX: {shape: vsScalarInt, size: 4, indexed: true, signExt: true, keepDW1: true},
	p.LXSIWZX: {shape: vsScalarInt, size: 4, indexed: true, keepDW1: true},
	p.LXSIBZX: {shape: vsScalarInt, size: 1, indexed: true, keepDW1: true},
	p.LXSIHZX: {shape: vsScalarInt, size: 2, indexed: true, keepDW1: true},
	p.STXSD:   {shape: vsScalarDW, size: 8, store: true}, p.PSTXSD: {shape: vsScalarDW, size: 8, store: true},
	p.STXSDX: {shape: vsScalarDW, size: 8, indexed: true, store: true},
	p.STXSSP: {shape: vsScalarSP, size: 4, store: true}, p.PSTXSSP: {shape: vsScalarSP, size: 4, store: true},
	p.STXSSPX: {shape: vsScalarSP, size: 4, indexed: true, store: true},
	p.STXSIWX: {shape: vsScalarInt, size: 4, indexed: true, store: true},
	p.STXSIBX: {shape: vsScalarInt, size: 1, indexed: true, store: true},
	p.STXSIHX: {shape: vsScalarInt, size: 2, indexed: true, store: true},

	// Splats.
	p.LXVDSX: {shape: vsSplat, size: 8, indexed: true},
	p.LXVWSX: {shape: vsSplat, size: 4, indexed: true},

	// Rightmost element (ISA 3.1).
	p.LXVRBX: {shape: vsRight, size: 1, indexed: true}, p.LXVRHX: {shape: vsRight, size: 2, indexed: true},
	p.LXVRWX: {shape: vsRight, size: 4, indexed: true}, p.LXVRDX: {shape: vsRight, size: 8, indexed: true},
	p.STXVRBX: {shape: vsRight, size: 1, indexed: true, store: true}, p.STXVRHX: {shape: vsRight, size: 2, indexed: true, store: true},
	p.STXVRWX: {shape: vsRight, size: 4, indexed: true, store: true}, p.STXVRDX: {shape: vsRight, size: 8, indexed: true, store: true},

	// With length.
	p.LXVL: {shape: vsLength, size: 16, elem: 16}, p.LXVLL: {shape: vsLengthLeft, size: 16, elem: 1},
	p.STXVL: {shape: vsLength, size: 16, elem: 16, store: true}, p.STXVLL: {shape: vsLengthLeft, size: 16, elem: 1, store: true},
}

// vecSpecs is vecLS indexed by op, for the hot path.
var vecSpecs [decode.NumOps]vecSpec

func init() {
	for op, s := range vecLS {
		vecSpecs[op] = s
		if s.store {
			def(opStoreVec, op)
		} else {
			def(opLoadVec, op)
		}
	}
	def(opLvsl, p.LVSL, p.LVSR)
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
	return regs.VSR{Hi: binary.BigEndian.Uint64(t[:]), Lo: binary.BigEndian.Uint64(t[8:])}
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
		binary.LittleEndian.PutUint64(b[8:], v.Hi)
		binary.LittleEndian.PutUint64(b, v.Lo)
		return
	case 8:
		binary.LittleEndian.PutUint64(b, v.Hi)
		binary.LittleEndian.PutUint64(b[8:], v.Lo)
		return
	}
	binary.BigEndian.PutUint64(b, v.Hi)
	binary.BigEndian.PutUint64(b[8:], v.Lo)
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
	n = int(s.size)
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
	addr, _ = lsEA(r, in, s.indexed)
	switch s.shape {
	case vsVMX:
		addr &^= 15
	case vsVMXElem:
		addr &^= uint64(s.size - 1)
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
		v = vsrFromBytes(b, s.elem, le)
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
		case s.signExt:
			d = uint64(int64(int32(uint32(d))))
		}
		v.Hi = d
		if s.keepDW1 && e.qemuSide(diffVsxScalarDw1) {
			v.Lo = r.VSR[x].Lo
		}
	case vsSplat:
		d := getN(order, b)
		if s.size == 4 {
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
		vsrToBytes(b, *v, s.elem, le)
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
		w, ok := fpSingle(v.Hi)
		if !ok {
			if err := e.unknown(in, diffStfsTiny, "single-precision store of a value below the denormal range: hardware result unknown"); err != nil {
				return err
			}
		}
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
