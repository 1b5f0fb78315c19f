package emulate

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// Integer loads and stores: D, DS and X forms, with update, sign-extending
// and byte-reversed variants, and the prefixed D forms (pl*/pst*, including
// the PC-relative R=1 form). The quadword forms are in quad.go.

// lsSpec describes one integer load/store op.
type lsSpec struct {
	size    uint8
	store   bool
	signExt bool
	update  bool
	indexed bool
	byteRev bool
}

var intLS = map[decode.Op]lsSpec{
	p.LBZ: {size: 1}, p.LBZU: {size: 1, update: true},
	p.LBZX: {size: 1, indexed: true}, p.LBZUX: {size: 1, update: true, indexed: true},
	p.LHZ: {size: 2}, p.LHZU: {size: 2, update: true},
	p.LHZX: {size: 2, indexed: true}, p.LHZUX: {size: 2, update: true, indexed: true},
	p.LHA: {size: 2, signExt: true}, p.LHAU: {size: 2, signExt: true, update: true},
	p.LHAX: {size: 2, signExt: true, indexed: true}, p.LHAUX: {size: 2, signExt: true, update: true, indexed: true},
	p.LWZ: {size: 4}, p.LWZU: {size: 4, update: true},
	p.LWZX: {size: 4, indexed: true}, p.LWZUX: {size: 4, update: true, indexed: true},
	p.LWA: {size: 4, signExt: true}, p.LWAX: {size: 4, signExt: true, indexed: true},
	p.LWAUX: {size: 4, signExt: true, update: true, indexed: true},
	p.LD:    {size: 8}, p.LDU: {size: 8, update: true},
	p.LDX: {size: 8, indexed: true}, p.LDUX: {size: 8, update: true, indexed: true},
	p.LHBRX: {size: 2, indexed: true, byteRev: true},
	p.LWBRX: {size: 4, indexed: true, byteRev: true},
	p.LDBRX: {size: 8, indexed: true, byteRev: true},

	p.STB: {size: 1, store: true}, p.STBU: {size: 1, store: true, update: true},
	p.STBX: {size: 1, store: true, indexed: true}, p.STBUX: {size: 1, store: true, update: true, indexed: true},
	p.STH: {size: 2, store: true}, p.STHU: {size: 2, store: true, update: true},
	p.STHX: {size: 2, store: true, indexed: true}, p.STHUX: {size: 2, store: true, update: true, indexed: true},
	p.STW: {size: 4, store: true}, p.STWU: {size: 4, store: true, update: true},
	p.STWX: {size: 4, store: true, indexed: true}, p.STWUX: {size: 4, store: true, update: true, indexed: true},
	p.STD: {size: 8, store: true}, p.STDU: {size: 8, store: true, update: true},
	p.STDX: {size: 8, store: true, indexed: true}, p.STDUX: {size: 8, store: true, update: true, indexed: true},
	p.STHBRX: {size: 2, store: true, indexed: true, byteRev: true},
	p.STWBRX: {size: 4, store: true, indexed: true, byteRev: true},
	p.STDBRX: {size: 8, store: true, indexed: true, byteRev: true},

	// Prefixed (MLS/8LS) D forms: EA = (RA|0) + d34, or CIA + d34 (R=1).
	p.PLBZ: {size: 1}, p.PLHZ: {size: 2}, p.PLHA: {size: 2, signExt: true},
	p.PLWZ: {size: 4}, p.PLWA: {size: 4, signExt: true}, p.PLD: {size: 8},
	p.PSTB: {size: 1, store: true}, p.PSTH: {size: 2, store: true},
	p.PSTW: {size: 4, store: true}, p.PSTD: {size: 8, store: true},
}

// lsSpecs is intLS indexed by op, for the hot path.
var lsSpecs [decode.NumOps]lsSpec

func init() {
	for op, s := range intLS {
		lsSpecs[op] = s
		if s.store {
			def(opStore, op)
		} else {
			def(opLoad, op)
		}
	}
}

// ea computes the effective address of a D/DS/DQ-form (RT, D, RA), a
// prefixed D-form (RT, D, RA, R) or an X-form (RT, RA, RB) access, truncated
// to 32 bits in 32-bit mode, and returns the base register number (RA). A
// prefixed instruction with R=1 (decode.FlagPCRel) is relative to its own
// address, the CIA (its RA must be 0: R=1 with RA≠0 is an invalid form).
func ea(r *regs.Regs, in *decode.Inst, indexed bool) (addr uint64, ra int64) {
	if indexed {
		ra = in.Args[1]
		addr = gprOr0(r, ra) + r.GPR[in.Args[2]&31]
	} else {
		ra = in.Args[2]
		base := gprOr0(r, ra)
		if in.Flags&decode.FlagPCRel != 0 {
			base = r.NIP
		}
		addr = base + uint64(in.Args[1])
	}
	return iea(r, addr), ra
}

// dataOrder is the byte order of data accesses: MSR[LE], inverted for
// byte-reversed ops.
func dataOrder(r *regs.Regs, reverse bool) binary.ByteOrder {
	if (r.MSR&regs.MSRLE != 0) != reverse {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

func getN(order binary.ByteOrder, b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(order.Uint16(b))
	case 4:
		return uint64(order.Uint32(b))
	}
	return order.Uint64(b)
}

func putN(order binary.ByteOrder, b []byte, v uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		order.PutUint16(b, uint16(v))
	case 4:
		order.PutUint32(b, uint32(v))
	default:
		order.PutUint64(b, v)
	}
}

// read and write are every data access of a step: one Memory call of the
// access's full size. The exception is 32-bit mode (e.wrap32, set by Step),
// where effective addresses are computed modulo 2^32: an access that runs
// past 0xffffffff continues at 0, and is then two calls, one on each side
// (readWrapped, writeWrapped).
func (e *Emulator) read(m Memory, addr uint64, n int) ([]byte, error) {
	b := e.buf[:n]
	if e.wrap32 {
		addr &= 0xffffffff
		if addr+uint64(n) > 1<<32 {
			if err := e.readWrapped(m, addr, b); err != nil {
				return nil, err
			}
			return b, nil
		}
	}
	if err := m.Read(addr, b); err != nil {
		return nil, newFault(addr, n, false, err, false)
	}
	return b, nil
}

func (e *Emulator) write(m Memory, addr uint64, b []byte) error {
	if e.wrap32 {
		addr &= 0xffffffff
		if addr+uint64(len(b)) > 1<<32 {
			return e.writeWrapped(m, addr, b)
		}
	}
	if err := m.Write(addr, b); err != nil {
		return newFault(addr, len(b), true, err, false)
	}
	return nil
}

// readWrapped reads b from addr (below 2^32) up to 0xffffffff, then the
// rest from 0.
// A fault in the second part is at its failing byte (0 unless the Memory
// names another with AccessError).
func (e *Emulator) readWrapped(m Memory, addr uint64, b []byte) error {
	k := 1<<32 - addr // bytes below 2^32, 1 to len(b)-1
	if err := m.Read(addr, b[:k]); err != nil {
		return newFault(addr, len(b), false, err, false)
	}
	if err := m.Read(0, b[k:]); err != nil {
		return wrappedFault(addr, len(b), false, err)
	}
	return nil
}

// writeWrapped writes b at addr up to 0xffffffff, then the rest at 0. So
// that a faulting step leaves memory unchanged, the first part's old bytes
// are read before it is written and written back if the second part
// faults (a Memory that cannot read them keeps the first part).
func (e *Emulator) writeWrapped(m Memory, addr uint64, b []byte) error {
	k := 1<<32 - addr
	old := e.wrapOld[:k]
	oldOK := m.Read(addr, old) == nil
	if err := m.Write(addr, b[:k]); err != nil {
		return newFault(addr, len(b), true, err, false)
	}
	if err := m.Write(0, b[k:]); err != nil {
		if oldOK {
			m.Write(addr, old)
		}
		return wrappedFault(addr, len(b), true, err)
	}
	return nil
}

// wrappedFault is the fault of the part of a wrapped access at address 0.
func wrappedFault(ea uint64, n int, write bool, err error) *Fault {
	f := newFault(ea, n, write, err, false)
	if f.Addr == ea {
		f.Addr = 0
	}
	return f
}

func opLoad(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := &lsSpecs[in.Op]
	addr, ra := ea(r, in, s.indexed)
	b, err := e.read(m, addr, int(s.size))
	if err != nil {
		return err
	}
	v := getN(dataOrder(r, s.byteRev), b)
	if s.signExt {
		shift := 64 - 8*uint(s.size)
		v = uint64(int64(v<<shift) >> shift)
	}
	r.GPR[in.Args[0]&31] = v
	if s.update {
		r.GPR[ra&31] = addr
	}
	return nil
}

func opStore(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := &lsSpecs[in.Op]
	addr, ra := ea(r, in, s.indexed)
	b := e.buf[:s.size]
	putN(dataOrder(r, s.byteRev), b, r.GPR[in.Args[0]&31])
	if err := e.write(m, addr, b); err != nil {
		return err
	}
	if s.update {
		r.GPR[ra&31] = addr
	}
	return nil
}
