package emulate

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// Load/store multiple (lmw, stmw) and the move-assist string instructions
// (lswi, lswx, stswi, stswx), Power ISA 3.1B Book I 3.3.6 and 3.3.7.
//
// Each instruction is one Memory access of its full size (up to 128 bytes
// for lmw/stmw, 127 for lswx/stswx), so it is all-or-nothing from the
// emulator's side: a fault leaves every register and byte as it was (the
// Linux kernel, by contrast, moves a word at a time and can stop halfway).
//
// Byte order. The ISA supports these instructions only in big-endian mode:
// "If they are executed in Little-Endian mode, the system alignment error
// handler is invoked." Both profiles therefore report an alignment interrupt
// (Fault with Alignment set, Addr = EA) in little-endian mode and access
// nothing. Linux's alignment handler then emulates them word by word in the
// process's byte order (what the emulator does itself under
// Config.Complete); QEMU 7.2 user mode aborts the whole process
// ("Unknown exception 0x5"), so the harness refuses them in LE and there is
// no QEMU reference (Differences row "multiple-le").
//
// lswx's invalid forms depend on XER's byte count, so they are checked here
// at execution time (decode checks lmw's and lswi's from the encoding).

func init() {
	def(opLMW, p.LMW)
	def(opSTMW, p.STMW)
	def(opLoadString, p.LSWI, p.LSWX)
	def(opStoreString, p.STSWI, p.STSWX)
}

// multipleLE returns the alignment interrupt of a multiple/string
// instruction in little-endian mode, or nil: in big-endian mode, and in
// little-endian mode under Config.Complete, where the access is performed
// as Linux's alignment handler performs it, each word in the process's
// byte order (multipleWord; Differences row multiple-le, Runner).
func (e *Emulator) multipleLE(r *regs.Regs, addr uint64, n int, write bool) error {
	if r.MSR&regs.MSRLE == 0 || e.prof.runner[diffMultipleLe] {
		return nil
	}
	return &Fault{Addr: addr, EA: addr, Size: n, Write: write, Alignment: true}
}

// multipleWord and putMultipleWord convert each word a multiple or string
// instruction moves: big-endian, or the process's little-endian order when
// Linux emulates the instruction in little-endian mode (multipleLE).
func multipleWord(r *regs.Regs, b []byte) uint32 {
	if r.MSR&regs.MSRLE != 0 {
		return binary.LittleEndian.Uint32(b)
	}
	return binary.BigEndian.Uint32(b)
}

func putMultipleWord(r *regs.Regs, b []byte, v uint32) {
	if r.MSR&regs.MSRLE != 0 {
		binary.LittleEndian.PutUint32(b, v)
		return
	}
	binary.BigEndian.PutUint32(b, v)
}

// multipleArgs returns the EA, the first register and the byte count of
// lmw and stmw, or the refusal of the access: in little-endian mode
// (multipleLE), or at an EA that is not a multiple of 4 (Difference
// lmw-unaligned).
func (e *Emulator) multipleArgs(r *regs.Regs, in *decode.Inst, write bool) (addr uint64, first, n int, err error) {
	addr, _ = ea(r, in, false)
	first = int(in.Args[0] & 31)
	n = 4 * (32 - first)
	if err := e.multipleLE(r, addr, n, write); err != nil {
		return 0, 0, 0, err
	}
	if addr&3 != 0 {
		if err := e.unknown(in, diffLmwUnaligned, "unaligned load/store multiple: hardware behaviour unknown"); err != nil {
			return 0, 0, 0, err
		}
	}
	return addr, first, n, nil
}

// lmw RT,D(RA): words at EA into RT..r31, zero-extended.
func opLMW(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, rt, n, err := e.multipleArgs(r, in, false)
	if err != nil {
		return err
	}
	b, err := e.read(m, addr, n)
	if err != nil {
		return err
	}
	for i := rt; i < 32; i++ {
		r.GPR[i] = uint64(multipleWord(r, b[4*(i-rt):]))
	}
	return nil
}

// stmw RS,D(RA): the low words of RS..r31 to EA.
func opSTMW(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, rs, n, err := e.multipleArgs(r, in, true)
	if err != nil {
		return err
	}
	b := e.buf[:n]
	for i := rs; i < 32; i++ {
		putMultipleWord(r, b[4*(i-rs):], uint32(r.GPR[i]))
	}
	return e.write(m, addr, b)
}

// stringArgs returns the EA and byte count of a string instruction: lswi
// and stswi (RT, RA, NB) have EA = (RA|0) and n = NB (0 means 32); lswx
// and stswx (RT, RA, RB) have EA = (RA|0) + RB and n = XER[57:63].
func stringArgs(r *regs.Regs, in *decode.Inst) (addr uint64, n int) {
	switch in.Op {
	case p.LSWI, p.STSWI:
		n = int(in.Args[2] & 31)
		if n == 0 {
			n = 32
		}
		return iea(r, gprOr0(r, in.Args[1])), n
	}
	return iea(r, gprOr0(r, in.Args[1])+r.GPR[in.Args[2]&31]), int(r.XER & 0x7f)
}

// inLoadRange reports whether register x is among the ceil(n/4) registers
// a string load fills from rt on, wrapping from r31 to r0.
func inLoadRange(rt, x int64, n int) bool {
	return int((x-rt+32)%32) < (n+3)/4
}

// opLoadString is lswi and lswx: n bytes from EA into RT, RT+1, …, four
// per register from the left (bits 32:63; bits 0:31 are cleared), the
// unfilled low-order bytes of the last register cleared, wrapping r31 → r0.
func opLoadString(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, n := stringArgs(r, in)
	if err := e.multipleLE(r, addr, n, false); err != nil {
		return err
	}
	rt := in.Args[0] & 31
	if in.Op == p.LSWX {
		ra, rb := in.Args[1]&31, in.Args[2]&31
		if n == 0 {
			if err := e.unknown(in, diffLswxZero, "lswx with a byte count of 0: RT undefined, hardware result unknown"); err != nil {
				return err
			}
		}
		qemuInvalid := n > 0 && ((ra != 0 && inLoadRange(rt, ra, n)) || inLoadRange(rt, rb, n))
		if e.qemuSide(diffLswxInvalid) {
			if qemuInvalid {
				return profileIllegal(in.Op, "invalid form: RA or RB among the registers loaded", QEMU, decode.ErrInvalidForm)
			}
		} else if n > 0 && ((ra != 0 && inLoadRange(rt, ra, n)) || inLoadRange(rt, rb, n) || (rt == 0 && ra == 0)) {
			return hardwareUnknown(in.Op, "invalid form", decode.ErrInvalidForm)
		}
	}
	if n == 0 {
		return nil // lswx with XER[57:63] = 0 (qemu profile): nothing happens
	}
	b, err := e.read(m, addr, n)
	if err != nil {
		return err
	}
	reg := rt
	for i := 0; i < n; i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		r.GPR[reg] = uint64(multipleWord(r, w[:]))
		reg = (reg + 1) & 31
	}
	return nil
}

// opStoreString is stswi and stswx: n bytes from RS, RS+1, … (the low words,
// from the left) to EA, wrapping r31 → r0. n = 0 stores nothing.
func opStoreString(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, n := stringArgs(r, in)
	if err := e.multipleLE(r, addr, n, true); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	b := e.buf[:n]
	reg := in.Args[0] & 31
	for i := 0; i < n; i += 4 {
		var w [4]byte
		putMultipleWord(r, w[:], uint32(r.GPR[reg]))
		copy(b[i:], w[:])
		reg = (reg + 1) & 31
	}
	return e.write(m, addr, b)
}
