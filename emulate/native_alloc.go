package emulate

import (
	"github.com/ppc64emu/ppc64emu/internal/amd64"
)

// Guest registers in host registers (issue 29). The code of a block (or
// of a segment) keeps the guest registers it uses most, among the GPRs,
// CTR, LR and CR, in the host registers natHost while it runs: it loads
// them from the register file at its entry and writes the ones it
// changes back before each way out of it. The translator emits every
// access to the register file as a memory operand [RDI + offset];
// natAsm, the assembler it emits through, turns those of an allocated
// register into register operands, so the ops' code is written once for
// both. The ways out are each a RET (the normal end, a load or store
// whose page missed, the step budget, a branch out of the block) or the
// JMP to another block's code (a chain, which expects the register file
// current): natAsm writes the changed registers back before each. The
// loop back-edge of a block that branches to itself jumps past the entry's
// loads, so the registers stay in host registers across its iterations.
//
// The registers are chosen by a first translation that only counts each
// slot's accesses (natAsm with nothing allocated emits the code the
// register file alone would): the most used ones, up to len(natHost), that
// are used at least twice (once, in a block that loops on itself). An
// access the allocator does not map (a width or an instruction form it
// has no register form for) to an allocated register makes the
// translation start again with nothing allocated.

// The allocatable register-file slots: GPR 0-31, then these.
const (
	slotCTR  = 32
	slotLR   = 33
	slotCR   = 34
	natSlots = 35
)

// natHost are the host registers guest registers live in: those the rest
// of the generated code never uses (internal/jit's Call saves and
// restores them).
var natHost = [...]amd64.Reg{amd64.RBX, amd64.RBP, amd64.R12, amd64.R13, amd64.R14, amd64.R15}

// slotMem is slot s's place in the register file and its size in bytes.
func slotMem(s int) (amd64.Mem, int32) {
	switch s {
	case slotCTR:
		return amd64.M(nRegs, offCTR), 8
	case slotLR:
		return amd64.M(nRegs, offLR), 8
	case slotCR:
		return amd64.M(nRegs, offCR), 4
	}
	return gprM(uint8(s)), 8
}

// natAsm is the assembler of generated code: amd64.Asm, with the
// register-file accesses of allocated slots emitted on their host
// registers, and the write-back before each way out.
type natAsm struct {
	amd64.Asm
	host  [natSlots]amd64.Reg // slot's host register, or amd64.NoReg
	uses  [natSlots]uint32    // accesses of each slot
	wrote [natSlots]bool      // slots the code writes
	n     int                 // slots allocated
	head  int                 // offset after the entry's loads
	bad   bool                // an access of an allocated slot had no register form
	// mulhwLow: mulhw and mulhwu leave RT's high word 0 (the QEMU
	// side of diffMulhwHigh), not a copy of the low one.
	mulhwLow bool
	// fxEvery: an inexact result sets FPSCR[FX] even when XX was set
	// (the QEMU side of diffFPFXEvery, fpFX); exactFP: no FP arithmetic
	// in generated code (the Emulator's exactFP).
	fxEvery, exactFP bool
	// fctiQEMU: the fcti* ops keep FPRF and sign-extend a word result
	// (the QEMU side of diffFCTI, opFCTI and fctiCommit).
	fctiQEMU bool
	// probes are the second-way probes of the code's page lookups, laid
	// out after it (nativeCode).
	probes []natProbe
	// recAt are the offsets in Buf of the code's chain records of each
	// way (natRec; -1: none), laid out after their jumps (nativeJumpTo).
	recAt [2]int
	// self is the *block of a block's code (0: a segment's), which
	// every way out of it names in pageCache.natBlk (other blocks'
	// code may have chained to it); outs are the jumps of the ways out
	// to the code's one exit that does so (nativeCode).
	self uintptr
	outs []int
}

// natProbe is the out-of-line probe of a page lookup's second level: the
// first level's miss jump at off, the code to go back to at cont (RDX the
// entry's add), the offset tlb2 of the level's entries pointer
// (level2.t), the op j to exit at on a miss.
type natProbe struct {
	off, cont int
	tlb2      int32
	j         int
}

// reset forgets the allocation and the counts.
func (g *natAsm) reset() {
	for s := range g.host {
		g.host[s] = amd64.NoReg
	}
	g.uses, g.wrote = [natSlots]uint32{}, [natSlots]bool{}
	g.n, g.head, g.bad = 0, 0, false
	g.Buf = g.Buf[:0]
}

// allocate gives host registers to the slots the counting translation
// used most (at least min times) and reports whether it gave any. The
// counts and the written slots stay: the second translation emits the
// same accesses.
//
// A slot's host register is natHost[slot % len(natHost)] when that one is
// free, else the next free one: blocks with the same registers mostly
// have them in the same host registers, and a chain between them skips
// the loads at the target's entry (nativeState.record).
func (g *natAsm) allocate(min uint32) bool {
	g.n = 0
	var used [len(natHost)]bool
	for g.n < len(natHost) {
		best := -1
		for s := range natSlots {
			if g.host[s] == amd64.NoReg && g.uses[s] >= min && (best < 0 || g.uses[s] > g.uses[best]) {
				best = s
			}
		}
		if best < 0 {
			break
		}
		i := best % len(natHost)
		for used[i] {
			i = (i + 1) % len(natHost)
		}
		g.host[best], used[i] = natHost[i], true
		g.n++
	}
	if g.n == 0 {
		return false
	}
	g.Buf = g.Buf[:0]
	return true
}

// prologue loads the allocated slots: the code's entry.
func (g *natAsm) prologue() {
	for s, h := range g.host {
		if h != amd64.NoReg {
			m, size := slotMem(s)
			g.Asm.Load(8*int(size), h, m)
		}
	}
	g.head = g.Len()
}

// flush writes the allocated slots the code writes back to the register
// file (MOVs: the flags and the other registers stay).
func (g *natAsm) flush() {
	for s, h := range g.host {
		if h != amd64.NoReg && g.wrote[s] {
			m, size := slotMem(s)
			g.Asm.Store(8*int(size), m, h)
		}
	}
}

// slot is the slot an access of size bytes at m is, counted, or -1 when
// m is not a slot's start (one overlapping an allocated slot otherwise
// sets bad).
func (g *natAsm) slot(m amd64.Mem, size int32, write bool) int {
	if m.Base != nRegs {
		return -1
	}
	if m.Index != amd64.NoReg {
		g.bad = g.bad || g.n > 0
		return -1
	}
	for s := range natSlots {
		sm, ss := slotMem(s)
		if m.Disp >= sm.Disp+ss || sm.Disp >= m.Disp+size {
			continue
		}
		if m.Disp != sm.Disp || size > ss {
			// Part of a slot, or more than one: none may be
			// allocated.
			g.bad = g.bad || g.host[s] != amd64.NoReg
			continue
		}
		g.uses[s]++
		if write {
			g.wrote[s] = true
		}
		return s
	}
	return -1
}

// reg is the host register of slot s (-1: none), or NoReg.
func (g *natAsm) reg(s int) amd64.Reg {
	if s < 0 {
		return amd64.NoReg
	}
	return g.host[s]
}

// gpr is GPR i's host register, or NoReg.
func (g *natAsm) gpr(i uint8) amd64.Reg { return g.host[i&31] }

// Load is amd64.Asm's Load, from a host register for an allocated slot
// (the 64 bits, or the low 32 zero-extended).
func (g *natAsm) Load(width int, dst amd64.Reg, m amd64.Mem) {
	h := g.reg(g.slot(m, int32(width/8), false))
	switch {
	case h == amd64.NoReg:
		g.Asm.Load(width, dst, m)
	case width == 64:
		if dst != h {
			g.Mov(dst, h)
		}
	case width == 32:
		g.Mov32(dst, h)
	default:
		g.bad = true
	}
}

// LoadSX32 is amd64.Asm's LoadSX32, from a host register for an
// allocated slot.
func (g *natAsm) LoadSX32(dst amd64.Reg, m amd64.Mem) {
	if h := g.reg(g.slot(m, 4, false)); h != amd64.NoReg {
		g.Movsx(32, dst, h)
		return
	}
	g.Asm.LoadSX32(dst, m)
}

// Store is amd64.Asm's Store, to a host register for an allocated slot
// written whole.
func (g *natAsm) Store(width int, m amd64.Mem, src amd64.Reg) {
	s := g.slot(m, int32(width/8), true)
	h := g.reg(s)
	switch {
	case h == amd64.NoReg:
		g.Asm.Store(width, m, src)
	case width == 64:
		g.Mov(h, src)
	case width == 32 && s == slotCR:
		g.Mov32(h, src)
	default:
		g.bad = true
	}
}

// StoreImm32 is amd64.Asm's StoreImm32, to a host register for an
// allocated slot.
func (g *natAsm) StoreImm32(m amd64.Mem, v int32) {
	s := g.slot(m, 8, true)
	if h := g.reg(s); h != amd64.NoReg {
		g.MovImm(h, uint64(int64(v)))
		return
	}
	g.Asm.StoreImm32(m, v)
}

// OpMem is amd64.Asm's OpMem, on a host register for an allocated slot.
func (g *natAsm) OpMem(op amd64.ALU, dst amd64.Reg, m amd64.Mem) {
	if h := g.reg(g.slot(m, 8, false)); h != amd64.NoReg {
		g.Op(op, dst, h)
		return
	}
	g.Asm.OpMem(op, dst, m)
}

// LoadX is amd64.Asm's LoadX (no register form: an allocated slot
// overlapped sets bad).
func (g *natAsm) LoadX(dst amd64.XReg, m amd64.Mem) {
	g.slot(m, 16, false)
	g.Asm.LoadX(dst, m)
}

// StoreX is amd64.Asm's StoreX (no register form).
func (g *natAsm) StoreX(m amd64.Mem, src amd64.XReg) {
	g.slot(m, 16, true)
	g.Asm.StoreX(m, src)
}

// JmpMem is amd64.Asm's JmpMem (to another block's code) after the
// write-back.
func (g *natAsm) JmpMem(m amd64.Mem) {
	g.slot(m, 8, false)
	g.flush()
	g.Asm.JmpMem(m)
}

// Ret is amd64.Asm's Ret after the write-back; in a block's code, a jump
// to its exit (exit), which does both and sets natBlk.
func (g *natAsm) Ret() {
	if g.self != 0 {
		g.outs = append(g.outs, g.Jmp())
		return
	}
	g.flush()
	g.Asm.Ret()
}

// exit appends the exit of a block's code that its ways out (Ret) jump
// to: the write-back, natBlk = the block (RDX: the index to return is in
// RAX), RET.
func (g *natAsm) exit() {
	if len(g.outs) == 0 {
		return
	}
	for _, off := range g.outs {
		g.Patch(off, g.Len())
	}
	g.flush()
	g.MovImm(amd64.RDX, uint64(g.self))
	g.Asm.Store(64, amd64.M(nPC, offNatBlk), amd64.RDX)
	g.Asm.Ret()
}
