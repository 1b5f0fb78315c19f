package emulate

import (
	"errors"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// Load and reserve / store conditional (Power ISA 3.1B Book II 4.6.2) and
// the atomic memory operations lwat, ldat, stwat, stdat (Book II 4.5).
//
// The reservation model. A larx records the address and length it loaded
// (Context.Resv). A stcx. succeeds, and stores, iff a reservation
// exists and the bytes it stores lie within the reserved bytes; it always
// clears the reservation, and CR0 becomes 0b00 ‖ success ‖ XER[SO]. A stcx.
// that does not store makes no Memory access at all, so it cannot fault
// (the ISA makes a storage interrupt for such a stcx. implementation-
// dependent; QEMU 7.2 does not fault: emulate/testdata/qemu/atomic.*.txt).
//
// Other stores made by this emulator (std, stw, dcbz, …) do not clear the
// reservation, even to the reserved bytes: among the events that clear a
// reservation the ISA names a stcx. and stores by other processors or
// mechanisms to the reservation granule, not the reserving processor's own
// plain stores (Differences row "resv-own-store"). A debugger models stores by other
// threads or by itself by clearing Context.Resv (Context.SwitchOut). The
// reservation survives faults and refused steps.
//
// Alignment. A larx or stcx. whose EA is not a multiple of its size, and an
// atomic memory operation whose EA is not a multiple of its operand size,
// is an alignment interrupt (Fault with Alignment set): the ISA invokes the
// alignment handler, and QEMU 7.2 gives SIGBUS for larx and the atomic
// memory operations. For stcx. QEMU 7.2 does not check: an unaligned stcx.
// simply fails there (Differences row "stcx-unaligned"), except at EA
// 2^64-1, which QEMU takes for a reservation (row "stcx-ea-all-ones").

// ErrInvalidFC is the cause (Fault.Err) of the data storage interrupt that
// lwat, ldat, stwat and stdat raise for a function code the ISA does not
// define.
var ErrInvalidFC = errors.New("emulate: invalid atomic memory operation function code")

func init() {
	def(opLarx, p.LBARX, p.LHARX, p.LWARX, p.LDARX, p.LQARX)
	def(opStcx, p.STBCXCC, p.STHCXCC, p.STWCXCC, p.STDCXCC, p.STQCXCC)
	def(opLoadAtomic, p.LWAT, p.LDAT)
	def(opStoreAtomic, p.STWAT, p.STDAT)
}

// xEA is the X-form effective address (RA|0) + RB.
func xEA(r *regs.Regs, in *decode.Inst) uint64 {
	return iea(r, gprOr0(r, in.Args[1])+r.GPR[in.Args[2]&31])
}

func atomicSize(op decode.Op) int {
	switch op {
	case p.LBARX, p.STBCXCC:
		return 1
	case p.LHARX, p.STHCXCC:
		return 2
	case p.LWARX, p.STWCXCC, p.LWAT, p.STWAT:
		return 4
	case p.LQARX, p.STQCXCC:
		return 16
	}
	return 8
}

// opLarx is lbarx, lharx, lwarx, ldarx (RT, RA, RB, EH) and lqarx (RTp).
// The EH hint has no architectural effect.
func opLarx(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := atomicSize(in.Op)
	addr := xEA(r, in)
	if addr&uint64(n-1) != 0 {
		return &Fault{Addr: addr, EA: addr, Size: n, Alignment: true}
	}
	b, err := e.read(m, addr, n)
	if err != nil {
		return err
	}
	rt := in.Args[0] & 31
	if n == 16 {
		r.GPR[rt], r.GPR[(rt+1)&31] = getQuad(r, b)
	} else {
		r.GPR[rt] = getN(dataOrder(r, false), b)
	}
	e.ctx.Resv = Reservation{Valid: true, Addr: addr, Size: uint8(n)}
	return nil
}

// opStcx is stbcx., sthcx., stwcx., stdcx. (RS, RA, RB) and stqcx. (RSp).
func opStcx(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := atomicSize(in.Op)
	addr := xEA(r, in)
	if addr&uint64(n-1) != 0 && !e.qemuSide(diffStcxUnaligned) {
		return &Fault{Addr: addr, EA: addr, Size: n, Write: true, Alignment: true}
	}
	rv := &e.ctx.Resv
	if !rv.Valid && addr == ^uint64(0) && e.qemuOwn(diffStcxAllOnes) {
		// QEMU 7.2's "no reservation" is the reservation address 2^64-1:
		// it attempts the store there, which faults.
		return &Fault{Addr: addr, EA: addr, Size: n, Write: true, Alignment: n != 1 && n != 16}
	}
	// Stored iff the bytes lie within the reserved ones (stcx-mismatch,
	// both profiles).
	ok := rv.Valid && addr >= rv.Addr && addr-rv.Addr <= uint64(rv.Size) && uint64(rv.Size)-(addr-rv.Addr) >= uint64(n)
	if ok {
		rs := in.Args[0] & 31
		b := e.buf[:n]
		if n == 16 {
			putQuad(r, b, r.GPR[rs], r.GPR[(rs+1)&31])
		} else {
			putN(dataOrder(r, false), b, r.GPR[rs])
		}
		if err := e.write(m, addr, b); err != nil {
			return err
		}
	}
	*rv = Reservation{}
	var cr0 uint32
	if r.SO() {
		cr0 = regs.CRSO
	}
	if ok {
		cr0 |= regs.CREQ
	}
	r.SetCRField(0, cr0)
	return nil
}

// The atomic memory operations. EA = (RA|0); the operand size s is 4
// (lwat, stwat) or 8 (ldat, stdat); FC is the function code. Values are
// the s-byte storage operands and the low s bytes of the registers.
// Registers RT+1 and RT+2 wrap from r31 to r0.
//
// A load atomic always stores its result back, also when the value does
// not change (compare-and-swap not equal with equal values, the bounded
// increments at their bound): it is a store for protection purposes, so a
// read-only page faults whatever the data.
//
// QEMU 7.2 differs from the ISA in three ways, each an accepted divergence
// in trace/replay.go and tested here against the ISA: the signed maximum
// and minimum (FC 5, 7) of lwat/stwat compare the words unsigned; the
// bounded forms (FC 24, 25, 28) of lwat/ldat return 0xFFFFFFFF80000000 at
// the bound instead of 2^(8s-1); and Fetch and Decrement Bounded compares
// with the operand at EA+s instead of EA-s. Reserved function codes raise a
// data storage interrupt (the ISA's "system data storage error handler"),
// as QEMU does, though QEMU's si_addr is then 0 or stale.

// amoOp computes the new storage value of the read-modify-write function
// codes 0-7 of both load and store atomics.
func amoOp(fc int64, mem, src uint64, s int) uint64 {
	sh := uint(64 - 8*s)
	smem, ssrc := int64(mem<<sh)>>sh, int64(src<<sh)>>sh
	switch fc {
	case 0:
		return mem + src
	case 1:
		return mem ^ src
	case 2:
		return mem | src
	case 3:
		return mem & src
	case 4:
		return max(mem, src)
	case 5:
		if ssrc > smem {
			return src
		}
		return mem
	case 6:
		return min(mem, src)
	}
	if ssrc < smem {
		return src
	}
	return mem
}

func invalidFC(addr uint64, s int, write bool) error {
	return &Fault{Addr: addr, EA: addr, Size: s, Write: write, Err: ErrInvalidFC}
}

// opLoadAtomic is lwat and ldat (RT, RA, FC).
func opLoadAtomic(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := atomicSize(in.Op)
	fc := in.Args[2]
	addr := iea(r, gprOr0(r, in.Args[1]))
	rt := in.Args[0] & 31
	switch fc {
	case 0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 24, 25, 28:
	default:
		return invalidFC(addr, s, false)
	}
	if addr&uint64(s-1) != 0 {
		return &Fault{Addr: addr, EA: addr, Size: s, Alignment: true}
	}
	order := dataOrder(r, false)
	mask := uint64(1)<<(8*uint(s)) - 1
	if s == 8 {
		mask = ^uint64(0)
	}
	src := r.GPR[(rt+1)&31] & mask
	var old, nv, ret uint64
	switch fc {
	case 24, 25, 28:
		// Fetch and Increment Bounded / Equal: the operand at EA and the
		// bound at EA+s. Fetch and Decrement Bounded: the bound at EA-s.
		lo, off := addr, 0
		if fc == 28 {
			lo, off = iea(r, addr-uint64(s)), s
		}
		b, err := e.read(m, lo, 2*s)
		if err != nil {
			return err
		}
		old = getN(order, b[off:off+s])
		bound := getN(order, b[s-off:2*s-off])
		nv, ret = old, uint64(1)<<(8*uint(s)-1)
		switch {
		case fc == 24 && old != bound:
			nv, ret = (old+1)&mask, old
		case fc == 25 && old == bound:
			nv, ret = (old+1)&mask, old
		case fc == 28 && old != bound:
			nv, ret = (old-1)&mask, old
		}
	default:
		b, err := e.read(m, addr, s)
		if err != nil {
			return err
		}
		old = getN(order, b)
		ret = old
		switch fc {
		case 8: // Swap
			nv = src
		case 16: // Compare and Swap Not Equal
			nv = old
			if old != src {
				nv = r.GPR[(rt+2)&31] & mask
			}
		default:
			nv = amoOp(fc, old, src, s) & mask
		}
	}
	w := e.buf[:s]
	putN(order, w, nv)
	if err := e.write(m, addr, w); err != nil {
		return err
	}
	r.GPR[rt] = ret
	return nil
}

// opStoreAtomic is stwat and stdat (RS, RA, FC).
func opStoreAtomic(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := atomicSize(in.Op)
	fc := in.Args[2]
	addr := iea(r, gprOr0(r, in.Args[1]))
	switch fc {
	case 0, 1, 2, 3, 4, 5, 6, 7, 24:
	default:
		return invalidFC(addr, s, true)
	}
	if addr&uint64(s-1) != 0 {
		return &Fault{Addr: addr, EA: addr, Size: s, Write: true, Alignment: true}
	}
	order := dataOrder(r, false)
	src := r.GPR[in.Args[0]&31]
	if s == 4 {
		src &= 0xffffffff
	}
	if fc == 24 {
		// Store Twin: if the operands at EA and EA+s are equal, both
		// become RS; the 2s bytes are written back either way.
		b, err := e.read(m, addr, 2*s)
		if err != nil {
			return err
		}
		w := e.buf[2*s : 4*s]
		copy(w, b)
		if getN(order, b[:s]) == getN(order, b[s:2*s]) {
			putN(order, w[:s], src)
			putN(order, w[s:], src)
		}
		return e.write(m, addr, w)
	}
	b, err := e.read(m, addr, s)
	if err != nil {
		return err
	}
	nv := amoOp(fc, getN(order, b), src, s)
	putN(order, b, nv)
	return e.write(m, addr, b)
}
