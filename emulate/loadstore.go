package emulate

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Integer loads and stores: D, DS and X forms, with update, sign-extending
// and byte-reversed variants, and the prefixed D forms (pl*/pst*, including
// the PC-relative R=1 form). The quadword forms are in quad.go.

// The integer loads and stores themselves are generated (loadstore_gen.go,
// from internal/tools/lsgen's one template): a function per combination of the
// properties decode's op table gives the op (access size, sign extension,
// update, indexed form, byte reversal, prefix), with those properties as
// constants. The helpers they use are here.
//
//go:generate go run ../internal/tools/genloadstore -o loadstore_gen.go

// ea computes the effective address of a D/DS/DQ-form (RT, D, RA), a
// prefixed D-form (RT, D, RA, R) or an X-form (RT, RA, RB) access, truncated
// to 32 bits in 32-bit mode, and returns the base register number (RA). A
// prefixed instruction with R=1 (decode.FlagPCRel) is relative to its own
// address, the CIA (its RA must be 0: R=1 with RA≠0 is an invalid form).
func ea(r *regs.Regs, in *decode.Inst, indexed bool) (addr uint64, ra int64) {
	return eaOf(r, in, indexed, true)
}

// eaOf is ea for a form known to be prefixed or not (the generated loads
// and stores): R=1 is looked at only for a prefixed one.
func eaOf(r *regs.Regs, in *decode.Inst, indexed, prefixed bool) (addr uint64, ra int64) {
	ra, addr = in.Args[2], uint64(in.Args[1])
	if indexed {
		ra, addr = in.Args[1], r.GPR[in.Args[2]&31]
	}
	if prefixed && in.Flags&decode.FlagPCRel != 0 { // never set with indexed
		addr += r.NIP
	} else if ra != 0 {
		addr += r.GPR[ra&31]
	}
	return iea(r, addr), ra
}

// dataLE reports whether data accesses are little-endian: MSR[LE],
// inverted for byte-reversed ops.
func dataLE(r *regs.Regs, reverse bool) bool {
	return (r.MSR&regs.MSRLE != 0) != reverse
}

// dataOrder is dataLE as a binary.ByteOrder.
func dataOrder(r *regs.Regs, reverse bool) binary.ByteOrder {
	if dataLE(r, reverse) {
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

// getUint and putUint are getN and putN with the byte order as a bool
// (little-endian): no interface call, for the integer loads and stores.
func getUint(b []byte, le bool) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		if le {
			return uint64(binary.LittleEndian.Uint16(b))
		}
		return uint64(binary.BigEndian.Uint16(b))
	case 4:
		if le {
			return uint64(binary.LittleEndian.Uint32(b))
		}
		return uint64(binary.BigEndian.Uint32(b))
	}
	if le {
		return binary.LittleEndian.Uint64(b)
	}
	return binary.BigEndian.Uint64(b)
}

func putUint(b []byte, v uint64, le bool) {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		if le {
			binary.LittleEndian.PutUint16(b, uint16(v))
		} else {
			binary.BigEndian.PutUint16(b, uint16(v))
		}
	case 4:
		if le {
			binary.LittleEndian.PutUint32(b, uint32(v))
		} else {
			binary.BigEndian.PutUint32(b, uint32(v))
		}
	default:
		if le {
			binary.LittleEndian.PutUint64(b, v)
		} else {
			binary.BigEndian.PutUint64(b, v)
		}
	}
}

// zeros is what a load outside Run reads from a page that
// mem.Memory.ReadPage reports never written (read-only: the loads only
// read their bytes from it).
var zeros [8]byte

// direct reports whether a data access of the step in progress is one
// call of m's Read or Write, with nothing else to do: outside Run on a
// PagedMemory, in 64-bit mode, with a Memory.
func (e *Emulator) direct(m Memory) bool {
	return e.pages.on == nil && !e.wrap32 && m != nil
}

// read and write are every data access of a step: one Memory call of the
// access's full size. The exception is 32-bit mode (e.wrap32, set by Step),
// where effective addresses are computed modulo 2^32: an access that runs
// past 0xffffffff continues at 0, and is then two calls, one on each side
// (readWrapped, writeWrapped). A nil m (Step's caller passed none) faults
// with ErrNoMemory.
//
// read and write are small enough to be inlined into the semantic
// functions: the common case outside Run (64-bit mode, a Memory given) is
// one Memory call; every other case is readSlow's or writeSlow's.
func (e *Emulator) read(m Memory, addr uint64, n int) ([]byte, error) {
	if !e.direct(m) {
		return e.readSlow(m, addr, n)
	}
	b := e.buf[:n]
	if err := m.Read(addr, b); err != nil {
		return nil, readFault(addr, n, err)
	}
	return b, nil
}

// readFault is the fault of a read of n bytes at addr whose Memory call
// returned err (kept out of read so that read is inlined).
//
//go:noinline
func readFault(addr uint64, n int, err error) error {
	return newFault(addr, n, false, err, false)
}

// readSlow is read in 32-bit mode, in Run on a PagedMemory, or without a
// Memory.
func (e *Emulator) readSlow(m Memory, addr uint64, n int) ([]byte, error) {
	b := e.buf[:n]
	if e.wrap32 {
		addr &= 0xffffffff
		if addr+uint64(n) > 1<<32 {
			if m == nil {
				m = noMemory{}
			}
			if err := e.readWrapped(m, addr, b); err != nil {
				return nil, err
			}
			return b, nil
		}
	}
	var d *[mem.PageSize]byte
	if e.pages.on != nil { // in Run on a PagedMemory (paged.go)
		if d = e.dataPage(&e.pages.r, addr, n); d == nil {
			d = e.pageMiss(&e.pages.r, addr, n, mem.AccessRead)
		}
	}
	if d != nil {
		copy(b, d[addr%mem.PageSize:])
		return b, nil
	}
	if m == nil {
		return nil, newFault(addr, n, false, ErrNoMemory, false)
	}
	if err := m.Read(addr, b); err != nil {
		return nil, newFault(addr, n, false, err, false)
	}
	return b, nil
}

func (e *Emulator) write(m Memory, addr uint64, b []byte) error {
	if !e.direct(m) {
		return e.writeSlow(m, addr, b)
	}
	if err := m.Write(addr, b); err != nil {
		return writeFault(addr, len(b), err)
	}
	return nil
}

// writeFault is the fault of a write of n bytes at addr whose Memory call
// returned err (kept out of write so that write is inlined).
//
//go:noinline
func writeFault(addr uint64, n int, err error) error {
	return newFault(addr, n, true, err, false)
}

// writeSlow is write in 32-bit mode, in Run on a PagedMemory, or without
// a Memory.
func (e *Emulator) writeSlow(m Memory, addr uint64, b []byte) error {
	if e.wrap32 {
		addr &= 0xffffffff
		if addr+uint64(len(b)) > 1<<32 {
			if m == nil {
				m = noMemory{}
			}
			if e.pages.on != nil {
				e.pages.epoch++
			}
			return e.writeWrapped(m, addr, b)
		}
	}
	var d *[mem.PageSize]byte
	if e.pages.on != nil { // in Run on a PagedMemory (paged.go)
		if d = e.dataPage(&e.pages.w, addr, len(b)); d == nil {
			d = e.pageMiss(&e.pages.w, addr, len(b), mem.AccessWrite)
		}
	}
	if d != nil {
		copy(d[addr%mem.PageSize:], b)
		return nil
	}
	if e.pages.on != nil && e.pages.mayWriteCode(addr, len(b)) {
		e.pages.epoch++ // the write may be to code (EngineBlock, block.go)
	}
	if m == nil {
		return newFault(addr, len(b), true, ErrNoMemory, false)
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
