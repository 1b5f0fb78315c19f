package emulate

import (
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"

	"golang.org/x/arch/ppc64/ppc64asm"

	"runtime"
	"unsafe"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/amd64"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// EngineNative's generated code (issue 29): the block engine, where a
// block's leading operations of the kinds below run as x86-64 code
// generated for them once the block is hot. The code is called through
// internal/jit's trampoline with the register file in RDI and the
// Emulator's page caches in RSI; it returns the index of the first
// operation it did not run, and the block loop goes on from there as
// EngineBlock would, so NIP, the count, faults and step limits stay
// exact:
//
//   - it covers ops[:natN], the block's leading ops it translates (the
//     integer kinds of the block loop, the zero-extending integer loads
//     and stores and lfd/stfd, the record forms of the integer ops, the
//     VMX/VSX ops of glibc's string functions: native_vec.go, and the
//     scalar FP arithmetic's fast path: native_fp.go); it
//     runs only when the Run's step budget covers all of them (otherwise
//     the block loop runs the block);
//   - a load or store looks its page up in the same direct-mapped data
//     caches as the block loop (pageCache.r and .w; pages with decoded
//     code are never in .w, so a store to code misses); on a miss, or an
//     access crossing the page end, it returns that op's index, and the
//     block loop runs the op through its own path (the slow access, the
//     fault, the watch hooks);
//   - the guest registers it uses most (GPRs, CTR, LR, CR) live in host
//     registers while it runs, across a loop's iterations too, and are
//     written back to the register file before every way out of it
//     (native_alloc.go), so the block loop and other blocks' code always
//     see the register file current.
//
// Only linux/amd64 runs generated code (jit.Supported); elsewhere
// EngineNative is EngineBlock.

// nativeHot is how many times a block runs before it is translated.
const nativeHot = 16

// nativeSlice bounds the steps of one call of generated code: Go cannot
// preempt it (for a garbage collection, say) while a loop in a block runs
// there, as it can preempt the block loop, and a Run without MaxSteps
// has an unbounded budget.
const nativeSlice = 1 << 16

// nativeMaxCode bounds the generated code kept: past it the arena is
// freed and blocks are translated again as they run.
const nativeMaxCode = 32 << 20

// nativeState is an Emulator's generated code.
type nativeState struct {
	arena *jit.Arena
	gen   uint32 // blocks translated for another generation are translated again
	off   bool   // no generated code on this host (NewArena failed)
	calls uint64 // calls of generated code (for tests)
	asm   natAsm
	// live holds every block translated in this generation, for as
	// long as the arena holds its code (see "Generated code and the
	// garbage collector" below).
	live []*block
	// onCode is Config.NativeCode.
	onCode func(code uintptr, size int, addr uint64, n int)
}

// Generated code and the garbage collector. Generated code holds
// pointers the collector does not see and writes one it does without a
// write barrier:
//
//   - a block's code holds its own *block (an immediate in its exit:
//     natAsm.exit);
//   - every way out of it stores that *block into pageCache.natBlk, a
//     pointer field of the Emulator (heap memory the collector scans),
//     with a plain MOV, not through Go's write barrier.
//
// Both are safe because (1) every block with code of the current
// generation is in nativeState.live until the arena is freed (translate
// appends it; a new generation empties live only after Free, when no
// code refers to those blocks any more), so no block code holds is ever
// freed while that code exists: the collector never has to see the
// pointers in the arena (Free also drops each live block's natRec, a Go
// pointer into the arena, before its memory can be mapped again); (2)
// the store to natBlk is an aligned 8-byte
// write of a pointer to such a block, so a concurrent scan of the field
// reads either nil (enter clears it before the call) or a live block; the
// barrier a store omits exists to keep the stored object marked when the
// slot is the only path to it, and live is another path, for the whole
// mark phase; (3) enter clears natBlk in Go after the call (a barriered
// store), and the collector does not move heap objects. Go cannot stop a
// goroutine inside generated code (no safe points there), so a call runs
// at most nativeSlice steps; a collection waits for it to return.
//
// (Keeping every translated block alive costs memory bounded by the
// arena: blocks are a few hundred bytes against tens to thousands of
// bytes of code each, and nativeMaxCode bounds the code.)

// newNativeState returns e's native state; the arena's mappings are
// unmapped once e is unreachable.
func newNativeState(e *Emulator) *nativeState {
	s := &nativeState{gen: 1, onCode: e.cfg.NativeCode}
	s.asm.mulhwLow = e.qemuSide(diffMulhwHigh)
	s.asm.fxEvery, s.asm.exactFP = e.qemuSide(diffFPFXEvery), e.exactFP
	s.asm.fctiQEMU = e.qemuSide(diffFCTI)
	a, err := jit.NewArena()
	if err != nil {
		s.off = true
		return s
	}
	s.arena = a
	if s.onCode != nil {
		// The code's addresses are named in a map for the whole host
		// process (run -perfmap): freed code must not leave its
		// addresses to other code, of this Emulator or another.
		a.KeepAddresses()
	}
	runtime.AddCleanup(e, func(a *jit.Arena) { a.Free() }, a)
	return s
}

// run runs b's generated code if it has some covering no more than left
// ops (translating it once it is hot), with a budget of left steps, and
// returns the index of the first op it did not run (0: none ran) in the
// block it returned from (c.natBlk) and the steps of the whole blocks
// run before it (a loop in the block, blocks chained to).
//
// When b becomes hot it first grows to the instructions cached after it
// since it was decoded (a block decoded the first time its code ran ends
// before the next instruction, not yet cached).
func (s *nativeState) run(b *block, r *regs.Regs, c *pageCache, left uint64) (int, uint64) {
	if b.natGen != s.gen {
		if b.hits < nativeHot || s.off {
			b.hits++
			return 0, 0
		}
		c.grow(b, uint(b.addr%mem.PageSize/4))
		s.translate(b)
	}
	if b.nat == 0 || uint64(b.natN) > left {
		return 0, 0
	}
	s.calls++
	n := min(left, nativeSlice)
	c.natLeft = n
	j := int(jit.Call(b.nat, unsafe.Pointer(r), unsafe.Pointer(c)))
	return j, n - c.natLeft
}

// enter runs b's generated code as run does, from the Run's step n of
// max, and returns the index of the first op it did not run in the block
// it returned from (b, or a block it chained to), that block, and the
// steps run with the whole blocks before it.
func (s *nativeState) enter(e *Emulator, b *block, r *regs.Regs, c *pageCache, n, max uint64) (int, *block, uint64) {
	c.natBlk, c.natTaken = nil, 0
	j, ran := s.run(b, r, c, max-n)
	if c.natBlk != nil {
		b, c.natBlk = c.natBlk, nil
	}
	if c.natTaken != 0 {
		e.taken = c.natTaken
	}
	return j, b, n + ran
}

// link records that the Run went from b to t (for the same MSR gate, t's
// epoch the current one, t's page entered by nextBlock: executable and
// without hooks in this Run): when b's generated code ends with its
// branch, to t's address taken or not, that code jumps to t's generated
// code while t's epoch stays the current one and the step budget covers
// t's translated ops.
//
// t may be on another page than b. The code never changes the page
// caches' code page (codeAddr, codePage, codeInsts): after a jump to
// another page they still describe the page the block loop last entered,
// consistently, and the block loop checks a block's page against them
// where it matters (pageCache.grow, nextBlock). A page that loses its
// execute permission, or gains a hook, does so between Runs, and the next
// Run moves the epoch (pageCache.begin: a permission change is a change of
// the memory's Generation, and a Run with hooks always moves it), which
// the jump checks: a block on it is reached again only through nextBlock,
// which checks the page.
func (s *nativeState) link(b, t *block) {
	n := len(b.ops)
	if b.natGen != s.gen || !b.natBranch || int(b.natN) != n {
		return
	}
	switch b.natWay {
	case natAlways:
		// An indirect branch (nativeIndirect) always taken keeps the
		// last two targets, the latest first; another the last target
		// taken, or the way not taken.
		if b.natNext[0] != t {
			b.natNext[0], b.natNext[1] = t, b.natNext[0]
		}
	case natIndirect:
		if t.addr == b.addr+uint64(n)*4 {
			b.natNext[1] = t
		} else {
			b.natNext[0] = t
		}
	default:
		switch t.addr {
		case b.natTarget:
			b.natNext[0] = t
		case b.addr + uint64(n)*4:
			b.natNext[1] = t
		}
	}
	for k, r := range b.natRec {
		if r != nil {
			s.record(r, b, b.natNext[k])
		}
	}
}

// natRec is what a chain checks of the block it jumps to, and its
// code, copied by link so that the chain reads only the code's own
// memory, not the target's block (a cache miss in a start-up, which
// runs thousands of blocks a few times each: docs/performance.md,
// "Chaining (speed44)"): the target's epoch when it was linked (natNone:
// no target, which no epoch equals), its address (for an indirect
// branch's check), the number of ops its code covers (the step budget's
// check) and its code. A record goes stale with its target:
// the epoch moves whenever the target may change (its page written, its
// permissions, a Run with hooks) and the chain then exits to the block
// loop, whose next link copies the target's new epoch; the target's code
// lives in the same arena as the record, and both go when it is freed.
type natRec struct {
	epoch, addr, natN uint64
	nat               uintptr
}

// natNone is the epoch of an empty natRec.
const natNone = ^uint64(0)

// Offsets of a natRec's words.
var (
	offREpoch = int32(unsafe.Offsetof(natRec{}.epoch))
	offRAddr  = int32(unsafe.Offsetof(natRec{}.addr))
	offRNatN  = int32(unsafe.Offsetof(natRec{}.natN))
	offRNat   = int32(unsafe.Offsetof(natRec{}.nat))
)

// record sets *r, a record in b's code, to what a chain to t checks: t's
// when it has code of this generation, else none. The chain enters t's
// code after its loads of guest registers (natHead) when b's code has
// each of them in the same host register (natIn), where it is current
// at the chain (the write-back before the jump only copies it to the
// register file). It writes only what changed (the record shares cache
// lines with code).
func (s *nativeState) record(r *natRec, b, t *block) {
	v := natRec{epoch: natNone}
	if t != nil && t.natGen == s.gen && t.nat != 0 {
		v = natRec{t.epoch, t.addr, uint64(t.natN), t.nat}
		if natSameIn(b, t) {
			v.nat += uintptr(t.natHead)
		}
	}
	if *r != v {
		*r = v
	}
}

// natSameIn reports whether b's code has every guest register t's code
// keeps in a host register in that same register.
func natSameIn(b, t *block) bool {
	for i, sl := range t.natIn {
		if sl != 0 && sl != b.natIn[i] {
			return false
		}
	}
	return true
}

// The ways of a block's translated branch (block.natWay): direct (kB,
// kBc: the target is natTarget), indirect and always taken
// (nativeAlways), or another indirect one.
const (
	natDirect uint8 = iota
	natAlways
	natIndirect
)

// natWayOf is block.natWay and natTarget for op, a block's last op
// translated as its branch.
func natWayOf(op *bop) (uint8, uint64) {
	switch {
	case op.kind == kB || op.kind == kBc:
		return natDirect, op.imm
	case nativeAlways(op.in):
		return natAlways, 0
	}
	return natIndirect, 0
}

// translate generates b's code (none when fewer than two of its leading
// ops translate: the call would cost more than it saves).
func (s *nativeState) translate(b *block) {
	if s.arena.Size() > nativeMaxCode {
		s.drop()
	}
	// b is kept alive while the arena holds code of it (a block without
	// code is not: no code refers to it but through another block's
	// natNext, a Go-visible pointer).
	kept := false
	keep := func() {
		if !kept {
			s.live, kept = append(s.live, b), true
		}
	}
	b.natGen, b.nat, b.natN, b.natBranch, b.natSegs, b.natRec = s.gen, 0, 0, false, nil, [2]*natRec{}
	k, br := s.code(b, 0)
	// A block of one branch is translated too: other blocks' code
	// jumps to it, and it to theirs.
	if k >= 2 || br {
		fn, err := s.arena.Add(s.asm.Buf)
		if err != nil {
			return
		}
		keep()
		b.nat, b.natN, b.natBranch = fn, uint16(k), br
		b.natIn, b.natHead = [len(natHost)]uint8{}, uint16(s.asm.head)
		for i, h := range natHost {
			if sl := slices.Index(s.asm.host[:], h); sl >= 0 {
				b.natIn[i] = uint8(sl + 1)
			}
		}
		if br {
			b.natWay, b.natTarget = natWayOf(&b.ops[k-1])
		}
		for k, at := range s.asm.recAt {
			// Without a read-write view of the code (a private chunk)
			// the records stay empty: the chains always exit.
			if at < 0 {
				continue
			}
			if w := s.arena.Writable(fn+uintptr(at), int(unsafe.Sizeof(natRec{}))); w != nil {
				b.natRec[k] = (*natRec)(unsafe.Pointer(unsafe.SliceData(w)))
				s.record(b.natRec[k], b, b.natNext[k])
			}
		}
		if s.onCode != nil {
			s.onCode(fn, len(s.asm.Buf), b.addr, k)
		}
	}
	// The segments after the ops it leaves to the block loop.
	for i := k; i < len(b.ops); {
		end, _ := s.code(b, i+1)
		if end-(i+1) >= nativeMinSeg {
			fn, err := s.arena.Add(s.asm.Buf)
			if err != nil {
				return
			}
			keep()
			if b.natSegs == nil {
				b.natSegs = make([]natSeg, len(b.ops))
			}
			b.natSegs[i+1] = natSeg{fn, uint16(end)}
			if s.onCode != nil {
				s.onCode(fn, len(s.asm.Buf), b.addr+uint64(i+1)*4, end-(i+1))
			}
		}
		i = max(end, i+1)
	}
}

// drop frees the generated code: every block is translated again for a
// new generation as it runs.
func (s *nativeState) drop() {
	s.arena.Free()
	s.gen++
	for _, b := range s.live {
		b.natRec = [2]*natRec{} // the records were in the arena
	}
	clear(s.live)
	s.live = s.live[:0]
}

// code translates b's ops from from on into s.asm.Buf as nativeCode does,
// with the guest registers they use most in host registers
// (native_alloc.go).
func (s *nativeState) code(b *block, from int) (int, bool) {
	g := &s.asm
	g.reset()
	k, br := nativeCode(g, b, s.gen, from)
	if k == from {
		return k, br
	}
	// A block that branches to itself keeps even a register it uses
	// once across its iterations.
	min := uint32(3)
	if n := len(b.ops); from == 0 && br && (b.ops[n-1].kind == kB || b.ops[n-1].kind == kBc) && b.ops[n-1].imm == b.addr {
		min = 1
	}
	if !g.allocate(min) {
		return k, br
	}
	k2, br2 := nativeCode(g, b, s.gen, from)
	if !g.bad && k2 == k && br2 == br {
		return k, br
	}
	g.reset()
	return nativeCode(g, b, s.gen, from)
}

// nativeMinSeg is the fewest ops of a segment worth a call of generated
// code after an op the block loop runs.
const nativeMinSeg = 3

// natSeg is the generated code of a block's ops [i, end) (i: its index in
// block.natSegs), which follow an op the block loop runs.
type natSeg struct {
	fn  uintptr
	end uint16
}

// segment runs b's generated code for the segment starting at its op j
// if there is one of the generation of b's code (b.natGen) ending at or
// before end (the step budget), and returns the index of the first op it
// did not run (j: none). A segment ending with the block's branch sets NIP
// and returns len(b.ops); it neither loops nor chains.
func (s *nativeState) segment(b *block, j, end int, r *regs.Regs, c *pageCache) int {
	if j >= len(b.natSegs) || b.natGen != s.gen {
		return j
	}
	g := b.natSegs[j]
	if g.fn == 0 || int(g.end) > end {
		return j
	}
	s.calls++
	return int(jit.Call(g.fn, unsafe.Pointer(r), unsafe.Pointer(c)))
}

// Offsets of what generated code reads and writes, from its two
// pointers: the register file (RDI) and the page caches (RSI).
var (
	offGPR     = int32(unsafe.Offsetof(regs.Regs{}.GPR))
	offCR      = int32(unsafe.Offsetof(regs.Regs{}.CR))
	offXER     = int32(unsafe.Offsetof(regs.Regs{}.XER))
	offVSR     = int32(unsafe.Offsetof(regs.Regs{}.VSR))
	offNIP     = int32(unsafe.Offsetof(regs.Regs{}.NIP))
	offLR      = int32(unsafe.Offsetof(regs.Regs{}.LR))
	offCTR     = int32(unsafe.Offsetof(regs.Regs{}.CTR))
	offRTLB    = int32(unsafe.Offsetof(pageCache{}.r))
	offNatLeft = int32(unsafe.Offsetof(pageCache{}.natLeft))
	offWTLB    = int32(unsafe.Offsetof(pageCache{}.w))
	offR2TLB   = int32(unsafe.Offsetof(pageCache{}.r2) + unsafe.Offsetof(level2{}.t))
	offW2TLB   = int32(unsafe.Offsetof(pageCache{}.w2) + unsafe.Offsetof(level2{}.t))
	offNatBlk  = int32(unsafe.Offsetof(pageCache{}.natBlk))
	offTaken   = int32(unsafe.Offsetof(pageCache{}.natTaken))
	offEpoch   = int32(unsafe.Offsetof(pageCache{}.epoch))
	offBEpoch  = int32(unsafe.Offsetof(block{}.epoch))
	offBAddr   = int32(unsafe.Offsetof(block{}.addr))
	offBGate   = int32(unsafe.Offsetof(block{}.gate))
	offJumps   = int32(unsafe.Offsetof(pageCache{}.jumps))
	offBNat    = int32(unsafe.Offsetof(block{}.nat))
	offBNatN   = int32(unsafe.Offsetof(block{}.natN))
	offBNatGen = int32(unsafe.Offsetof(block{}.natGen))
	offAdd     = int32(unsafe.Offsetof(tlbEntry{}.add))
	// tlbShift is log2 of a tlbEntry's size.
	tlbShift  = uint8(bits.TrailingZeros(uint(unsafe.Sizeof(tlbEntry{}))))
	pageShift = uint8(bits.TrailingZeros(mem.PageSize))
)

// Registers of generated code.
const (
	nRegs = amd64.RDI // *regs.Regs
	nPC   = amd64.RSI // *pageCache
)

func gprM(i uint8) amd64.Mem { return amd64.M(nRegs, offGPR+8*int32(i&31)) }

// fprM is FPR i (VSR i's doubleword 0); +8 is doubleword 1.
func fprM(i uint8) amd64.Mem { return amd64.M(nRegs, offVSR+16*int32(i&31)) }

// nativeCode appends to a the code of block b's translatable operations
// from its op from on (gen: the generation of the code) and returns the
// index of the first it does not cover, and whether they end with the
// block's branch. The code returns that index in RAX, or the index of a
// load or store whose page missed; for the leading ops (from 0) a branch
// back to the block loops in the code and one elsewhere chains to the
// next block's code while the step budget allows (nativeBranch). Nothing
// is appended when it covers none.
func nativeCode(a *natAsm, b *block, gen uint32, from int) (int, bool) {
	ops, le := b.ops, b.le
	var exits []nativeExit
	start := a.Len()
	a.probes, a.recAt, a.outs, a.self = a.probes[:0], [2]int{-1, -1}, a.outs[:0], 0
	if from == 0 {
		a.self = uintptr(unsafe.Pointer(b))
	}
	a.prologue()
	k := from
	for ; k < len(ops); k++ {
		if !nativeOp(a, &ops[k], k, le, &exits) {
			break
		}
	}
	br := false
	if k < len(ops) {
		br = nativeBranch(a, b, gen, k, from)
		if br {
			k++
		}
	}
	if k == from {
		a.Buf = a.Buf[:start]
		return from, false
	}
	if !br {
		a.MovImm(amd64.RAX, uint64(k))
		a.Ret()
	}
	// The second levels' probes (nativeLookup): RDX = the entry of the
	// page of the access's first byte in the level (level2.t, never nil
	// in Run); a hit goes back with RDX the entry's add, a miss exits.
	for _, p := range a.probes {
		a.Patch(p.off, a.Len())
		a.Mov32(amd64.RDX, amd64.RAX)
		a.ShiftImm(32, amd64.SHR, amd64.RDX, pageShift-tlbShift)
		a.OpImm32(amd64.AND, amd64.RDX, (tlb2Size-1)<<tlbShift)
		a.OpMem(amd64.ADD, amd64.RDX, amd64.M(nPC, p.tlb2))
		a.OpMem(amd64.CMP, amd64.RCX, amd64.M(amd64.RDX, 0))
		exits = append(exits, nativeExit{a.Jcc(amd64.CondNE), p.j})
		a.Load(64, amd64.RDX, amd64.M(amd64.RDX, offAdd))
		a.Patch(a.Jmp(), p.cont)
	}
	slices.SortStableFunc(exits, func(x, y nativeExit) int { return cmp.Compare(x.j, y.j) })
	stub := 0
	for i, x := range exits {
		if i == 0 || exits[i-1].j != x.j {
			stub = a.Len()
			a.MovImm(amd64.RAX, uint64(x.j))
			a.Ret()
		}
		a.Patch(x.off, stub)
	}
	a.exit()
	return k, br
}

// nativeBranch appends the code of the direct branch (b, bc) that ends
// block b, its op j (the last), and reports whether it translates it. The
// code sets LR and CTR as kB and kBc do; then, for the way the branch
// goes, it runs b again when the target is b itself (a loop in one
// block), or jumps to the generated code of the block linked there
// (nativeChain), while the step budget (natLeft) covers it, taking b's
// steps off natLeft; otherwise it sets NIP and returns len(b.ops) (or 0
// after counting b's steps, for a loop: the block loop then runs b).
func nativeBranch(a *natAsm, b *block, gen uint32, j, from int) bool {
	const rax, rcx = amd64.RAX, amd64.RCX
	n, addr := len(b.ops), b.addr
	op := &b.ops[j]
	if j != n-1 {
		return false
	}
	in := op.in
	// bclr[l] and bcctr[l] (not the invalid bcctr with a CTR decrement):
	// the target, LR or CTR read before the op writes LR, in R9.
	indirect := false
	switch {
	case op.kind == kB || op.kind == kBc:
	case in.Op == ppc64asm.BCLR || in.Op == ppc64asm.BCLRL: // kBcReg (or kGeneric)
		indirect = true
		a.Load(64, amd64.R9, amd64.M(nRegs, offLR))
	case (in.Op == ppc64asm.BCCTR || in.Op == ppc64asm.BCCTRL) && !in.Has(decode.FlagCTRDec):
		indirect = true
		a.Load(64, amd64.R9, amd64.M(nRegs, offCTR))
	default:
		return false
	}
	if indirect {
		a.OpImm(amd64.AND, amd64.R9, -4)
	}
	cia := addr + uint64(j)*4
	if in.Flags&decode.FlagLink != 0 {
		a.MovImm(rax, cia+4)
		a.Store(64, amd64.M(nRegs, offLR), rax)
	}
	var notTaken []int
	if op.kind != kB {
		bo, bi := uint8(in.Args[0]), uint8(in.Args[1])
		if h := a.host[slotCTR]; in.Has(decode.FlagCTRDec) && h != amd64.NoReg {
			a.OpImm(amd64.SUB, h, 1)
		} else if in.Has(decode.FlagCTRDec) {
			a.Load(64, rax, amd64.M(nRegs, offCTR))
			a.OpImm(amd64.SUB, rax, 1)
			a.Store(64, amd64.M(nRegs, offCTR), rax)
		}
		if in.Has(decode.FlagCTRDec) {
			c := amd64.CondE // branch if CTR != 0: not taken if zero
			if bo&0x02 != 0 {
				c = amd64.CondNE
			}
			notTaken = append(notTaken, a.Jcc(c))
		}
		if h := a.host[slotCR]; bo&0x10 == 0 && h != amd64.NoReg {
			// CF = the bit, from CR's host register.
			c := amd64.CondB // branch if the bit is clear: not taken if set
			if bo&0x08 != 0 {
				c = amd64.CondAE
			}
			a.BtImm(h, 31-bi&31)
			notTaken = append(notTaken, a.Jcc(c))
		} else if bo&0x10 == 0 {
			a.Load(32, rcx, amd64.M(nRegs, offCR))
			if sh := 31 - bi&31; sh != 0 {
				a.ShiftImm(32, amd64.SHR, rcx, sh)
			}
			a.OpImm32(amd64.AND, rcx, 1)
			c := amd64.CondNE // branch if the bit is clear: not taken if set
			if bo&0x08 != 0 {
				c = amd64.CondE
			}
			notTaken = append(notTaken, a.Jcc(c))
		}
	}
	if indirect {
		nativeIndirect(a, b, gen, cia, from)
	} else {
		nativeChain(a, b, 0, op.imm, cia, from)
	}
	for _, off := range notTaken {
		a.Patch(off, a.Len())
	}
	if len(notTaken) != 0 {
		nativeChain(a, b, 1, cia+4, cia, from)
	}
	return true
}

// nativeChain appends the code of the way k (0: taken, 1: not) of block
// b's branch at cia, to target: a taken branch (target not cia + 4) sets
// natTaken; then, with b's n steps taken off natLeft, the code runs b
// again if target is b's address, or jumps to the code of the block
// natNext[k] when its chain record (nativeJumpTo) holds it in the current
// epoch and the budget covers its translated ops; else NIP = target and it returns n (the steps not counted), or for a
// loop returns 0 (counted: the block loop runs b).
func nativeChain(a *natAsm, b *block, k int, target, cia uint64, from int) {
	const rax, rcx = amd64.RAX, amd64.RCX
	n := len(b.ops)
	if from != 0 {
		// A segment: the block loop goes on from NIP.
		a.MovImm(rax, target)
		a.Store(64, amd64.M(nRegs, offNIP), rax)
		a.MovImm(rax, uint64(n))
		a.Ret()
		return
	}
	if target != cia+4 {
		if amd64.FitsImm32(cia + 1) {
			a.StoreImm32(amd64.M(nPC, offTaken), int32(cia+1))
		} else {
			a.MovImm(rax, cia+1)
			a.Store(64, amd64.M(nPC, offTaken), rax)
		}
	}
	// RCX = the budget left after b (natLeft >= n: the call or the
	// chain that entered b checked it).
	a.Load(64, rcx, amd64.M(nPC, offNatLeft))
	a.OpImm(amd64.SUB, rcx, int32(n))
	if target == b.addr {
		// natLeft = RCX; again while RCX >= n.
		a.Store(64, amd64.M(nPC, offNatLeft), rcx)
		a.OpImm(amd64.CMP, rcx, int32(n))
		a.Patch(a.Jcc(amd64.CondAE), a.head)
		a.MovImm(rax, 0)
		a.Ret()
		return
	}
	out := nativeJumpTo(a, k, false)
	for _, off := range out {
		a.Patch(off, a.Len())
	}
	a.MovImm(rax, target)
	a.Store(64, amd64.M(nRegs, offNIP), rax)
	a.MovImm(rax, uint64(n))
	a.Ret()
}

// nativeIndirect appends the code of the taken way of block b's
// indirect branch (bclr, bcctr) at cia, to the address in R9: natTaken
// when that is not cia + 4, then, with b's n steps taken off natLeft, a
// jump to the code of the block natNext[0] (the last target the block
// loop went to from b; for an unconditional branch also natNext[1], the
// one before) when its chain record (nativeJumpTo) holds it in the
// current epoch with the address R9 and the budget covers its translated
// ops, else to the block in the jump table (nativeJumpTable, gen the
// code's generation); else NIP = R9 and it returns
// n (the steps not counted). In a segment (from != 0) it sets NIP and
// returns n.
func nativeIndirect(a *natAsm, b *block, gen uint32, cia uint64, from int) {
	const rax, rcx, r9 = amd64.RAX, amd64.RCX, amd64.R9
	n := len(b.ops)
	var out []int
	if from == 0 {
		a.MovImm(rax, cia+4)
		a.Op(amd64.CMP, r9, rax)
		same := a.Jcc(amd64.CondE)
		a.MovImm(rax, cia+1)
		a.Store(64, amd64.M(nPC, offTaken), rax)
		a.Patch(same, a.Len())
		// RCX = the budget left after b.
		a.Load(64, rcx, amd64.M(nPC, offNatLeft))
		a.OpImm(amd64.SUB, rcx, int32(n))
		out = nativeJumpTo(a, 0, true)
		if nativeAlways(b.ops[n-1].in) {
			// The second target of an unconditional one.
			for _, off := range out {
				a.Patch(off, a.Len())
			}
			out = nativeJumpTo(a, 1, true)
		}
		// Else the block loop's jump table (a function's return
		// goes back to more call sites than natNext holds).
		for _, off := range out {
			a.Patch(off, a.Len())
		}
		out = nativeJumpTable(a, b, gen)
	}
	for _, off := range out {
		a.Patch(off, a.Len())
	}
	a.Store(64, amd64.M(nRegs, offNIP), r9)
	a.MovImm(rax, uint64(n))
	a.Ret()
}

// nativeAlways reports whether the indirect branch in (bclr[l], bcctr[l])
// is always taken: no CTR decrement, no CR bit (BO 1z1zz). Its code has
// no way not taken, and natNext[1] holds a second target.
func nativeAlways(in *decode.Inst) bool {
	return !in.Has(decode.FlagCTRDec) && in.Args[0]&0x10 != 0
}

// nativeJumpTo appends the jump to the code of the block in way k's
// chain record (natRec), with RCX = the budget left after the finished
// block: when the record's epoch is the current one (it holds a block,
// linked in this epoch), its address is R9 (if byAddr), and the budget
// covers its translated ops, it stores RCX in natLeft and jumps to that
// code (which names its block in natBlk when it returns: natAsm.exit). The record follows that jump (empty: natNone),
// so that fetching the code has brought its bytes close to the core
// (into the caches the data read then finds them in) and the chain reads
// nothing else of memory but the page caches (the record is 8-byte
// aligned in the code: Arena.Add aligns code to 16). It returns the jumps to
// patch to where the code goes on otherwise.
func nativeJumpTo(a *natAsm, k int, byAddr bool) []int {
	const rcx, r8, r9 = amd64.RCX, amd64.R8, amd64.R9
	var out, refs []int
	var offs []int32
	// rec emits an instruction whose last 4 bytes are the displacement
	// to the record's word at off, patched once the record's place is
	// known.
	rec := func(emit func(m amd64.Mem), off int32) {
		emit(amd64.RIPRel(0))
		refs, offs = append(refs, a.Len()-4), append(offs, off)
	}
	a.Load(64, r8, amd64.M(nPC, offEpoch))
	rec(func(m amd64.Mem) { a.OpMem(amd64.CMP, r8, m) }, offREpoch)
	out = append(out, a.Jcc(amd64.CondNE))
	if byAddr {
		rec(func(m amd64.Mem) { a.OpMem(amd64.CMP, r9, m) }, offRAddr)
		out = append(out, a.Jcc(amd64.CondNE))
	}
	rec(func(m amd64.Mem) { a.OpMem(amd64.CMP, rcx, m) }, offRNatN)
	out = append(out, a.Jcc(amd64.CondB))
	a.Store(64, amd64.M(nPC, offNatLeft), rcx)
	rec(func(m amd64.Mem) { a.JmpMem(m) }, offRNat)
	for a.Len()%8 != 0 {
		a.Buf = append(a.Buf, 0xcc) // int3: never run
	}
	at := a.Len()
	a.recAt[k] = at
	a.Buf = binary.LittleEndian.AppendUint64(a.Buf, natNone)
	a.Buf = append(a.Buf, make([]byte, unsafe.Sizeof(natRec{})-8)...)
	for i, ref := range refs {
		binary.LittleEndian.PutUint32(a.Buf[ref:], uint32(int32(at)+offs[i]-int32(ref+4)))
	}
	return out
}

// nativeJumpTable appends the jump to the code of the block in the block
// loop's jump table (pageCache.jumps) at R9's entry (jumpIndex), with RCX
// = the budget left after the finished block: when the entry holds a
// block whose address is R9, whose gate is b's, of the current epoch,
// with code of generation gen whose translated ops the budget covers, it
// stores RCX in natLeft and jumps to that code (the
// loop keeps an entry for its address while its epoch is the current
// one, as it does a chained block: runBlocks; but the table holds blocks
// of every gate). It returns the jumps to patch to where the code goes on
// otherwise.
func nativeJumpTable(a *natAsm, b *block, gen uint32) []int {
	const rcx, rdx, r8, r9 = amd64.RCX, amd64.RDX, amd64.R8, amd64.R9
	a.Mov(rdx, r9)
	a.ShiftImm(64, amd64.SHR, rdx, 2)
	a.MovImm(r8, jumpMul)
	a.Imul(rdx, r8)
	a.ShiftImm(64, amd64.SHR, rdx, 64-jumpBits)
	a.ShiftImm(64, amd64.SHL, rdx, 3)
	a.Load(64, rdx, amd64.MI(nPC, rdx, offJumps))
	var out []int
	a.Test(rdx, rdx)
	out = append(out, a.Jcc(amd64.CondE))
	a.OpMem(amd64.CMP, r9, amd64.M(rdx, offBAddr))
	out = append(out, a.Jcc(amd64.CondNE))
	a.MovImm(r8, b.gate)
	a.OpMem(amd64.CMP, r8, amd64.M(rdx, offBGate))
	out = append(out, a.Jcc(amd64.CondNE))
	a.Load(64, r8, amd64.M(nPC, offEpoch))
	a.OpMem(amd64.CMP, r8, amd64.M(rdx, offBEpoch))
	out = append(out, a.Jcc(amd64.CondNE))
	a.Load(32, r8, amd64.M(rdx, offBNatGen))
	a.OpImm32(amd64.CMP, r8, gen)
	out = append(out, a.Jcc(amd64.CondNE))
	a.Load(16, r8, amd64.M(rdx, offBNatN))
	a.Op(amd64.CMP, rcx, r8)
	out = append(out, a.Jcc(amd64.CondB))
	a.Load(64, r8, amd64.M(rdx, offBNat))
	a.Test(r8, r8)
	out = append(out, a.Jcc(amd64.CondE))
	a.Store(64, amd64.M(nPC, offNatLeft), rcx)
	a.JmpMem(amd64.M(rdx, offBNat))
	return out
}

// nativeALU is the x86 operation of kAdd, kAnd, kOr and kXor.
var nativeALU = [...]amd64.ALU{kAdd: amd64.ADD, kAnd: amd64.AND, kOr: amd64.OR, kXor: amd64.XOR}

// nativeExit is a jump to patch to the exit returning op index j.
type nativeExit struct {
	off, j int
}

// imm64 emits dst = dst op v, through RCX when v is not an imm32.
func imm64(a *natAsm, op amd64.ALU, dst amd64.Reg, v uint64) {
	if amd64.FitsImm32(v) {
		a.OpImm(op, dst, int32(v))
		return
	}
	a.MovImm(amd64.RCX, v)
	a.Op(op, dst, amd64.RCX)
}

// nativeOp appends the code of op, operation j, and reports whether it
// translates it (nothing is appended when it does not).
func nativeOp(a *natAsm, op *bop, j int, le bool, exits *[]nativeExit) bool {
	const rax, rcx = amd64.RAX, amd64.RCX
	// w is where the result is computed: RT's host register when it has
	// one and the op reads no operand RT after writing w (late: the
	// operand read last, first: the one read into w), else RAX.
	w := rax
	if h := a.gpr(op.rt); h != amd64.NoReg {
		w = h
		first, late := op.ra, -1
		switch op.kind {
		case kAdd, kAnd, kOr, kXor, kMulld, kMullw:
			late = int(op.rb)
		case kSubf:
			first, late = op.rb, int(op.ra)
		}
		if late == int(op.rt&31) && first&31 != op.rt&31 {
			w = rax
		}
	}
	switch op.kind {
	case kLi:
		if amd64.FitsImm32(op.imm) {
			a.StoreImm32(gprM(op.rt), int32(op.imm))
			return true
		}
		a.MovImm(w, op.imm)
	case kAddi:
		a.Load(64, w, gprM(op.ra))
		imm64(a, amd64.ADD, w, op.imm)
	case kAdd, kAnd, kOr, kXor:
		a.Load(64, w, gprM(op.ra))
		// mr (or RT,RS,RS) and and RT,RS,RS are RS: no second read.
		if op.ra != op.rb || op.kind == kAdd || op.kind == kXor {
			a.OpMem(nativeALU[op.kind], w, gprM(op.rb))
		}
	case kSubf:
		a.Load(64, w, gprM(op.rb))
		a.OpMem(amd64.SUB, w, gprM(op.ra))
	case kMulld:
		a.Load(64, w, gprM(op.ra))
		a.Load(64, rcx, gprM(op.rb))
		a.Imul(w, rcx)
	case kMullw:
		a.LoadSX32(w, gprM(op.ra))
		a.LoadSX32(rcx, gprM(op.rb))
		a.Imul(w, rcx)
	case kOri, kXori:
		a.Load(64, w, gprM(op.ra))
		alu := amd64.OR
		if op.kind == kXori {
			alu = amd64.XOR
		}
		imm64(a, alu, w, op.imm)
	case kRot32:
		// The low word rotated; a mask reaching the high word also
		// takes the rotated word's copy there (ROTL32). A mask that
		// keeps just the bits a shift leaves is the shift (srwi, slwi,
		// srdi, sldi: one instruction, no AND).
		a.Load(32, w, gprM(op.ra))
		if op.imm <= 0xffffffff {
			n := op.rb & 31
			switch m := uint32(op.imm); {
			case n != 0 && m == 0xffffffff>>(32-n): // srwi
				a.ShiftImm(32, amd64.SHR, w, 32-n)
			case m == 0xffffffff<<n: // slwi, or the word itself (n = 0)
				if n != 0 {
					a.ShiftImm(32, amd64.SHL, w, n)
				}
			default:
				if n != 0 {
					a.ShiftImm(32, amd64.ROL, w, n)
				}
				a.OpImm32(amd64.AND, w, m)
			}
			break
		}
		a.Mov(rcx, w)
		a.ShiftImm(64, amd64.SHL, rcx, 32)
		a.Op(amd64.OR, w, rcx)
		if n := op.rb & 31; n != 0 {
			a.ShiftImm(64, amd64.ROL, w, n)
		}
		imm64(a, amd64.AND, w, op.imm)
	case kRot64:
		n := op.rb & 63
		if n == 0 && op.imm == 0xffffffff {
			// clrldi 32: the low word zero-extended, one 32-bit load
			// or move.
			a.Load(32, w, gprM(op.ra))
			break
		}
		a.Load(64, w, gprM(op.ra))
		switch m := op.imm; {
		case n != 0 && m == ^uint64(0)>>(64-n): // srdi
			a.ShiftImm(64, amd64.SHR, w, 64-n)
		case m == ^uint64(0)<<n: // sldi, or a rotate (n = 0: a move)
			if n != 0 {
				a.ShiftImm(64, amd64.SHL, w, n)
			}
		default:
			if n != 0 {
				a.ShiftImm(64, amd64.ROL, w, n)
			}
			imm64(a, amd64.AND, w, m)
		}
	case kExtsw:
		a.LoadSX32(w, gprM(op.ra))
	case kCmp, kCmpi:
		nativeCmp(a, op)
		return true
	case kLoad, kStore, kLoadF, kStoreF:
		nativeAccess(a, op, j, le, exits)
		return true
	case kGeneric, kNop, kAndi, kMtlr, kMtctr, kMflr, kMfctr, kBcReg:
		// The kinds the block loop runs itself but generated code
		// translates from the instruction (a kBcReg never).
		return nativeGeneric(a, op.in) || nativeRecord(a, op.in) || nativeInt(a, op, j, le, exits) || nativeVec(a, op, j, le, exits) || nativeFP(a, op, j, exits) || nativeFPSingleAccess(a, op.in, j, le, exits)
	default:
		return false
	}
	if w == rax {
		a.Store(64, gprM(op.rt), rax)
	}
	return true
}

// nativeGeneric appends the code of in, an op the block loop leaves to
// its semantic function, and reports whether it translates it: nop,
// isync and sync (nothing to do, or MFENCE), extsb, extsh, andc, nor,
// eqv, nand, orc, neg, mulli, mfspr and mtspr of LR and CTR, sld, srd,
// slw, srw, sraw, srad, srawi, sradi (XER CA and CA32), rlwimi, andi. and andis.
// (CR0), without OE; with Rc the forms of nativeGenericRc.
func nativeGeneric(a *natAsm, in *decode.Inst) bool {
	const rax, rcx, rdx, r8, r9, r10 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R9, amd64.R10
	op := in.Op
	base, rc := nativeGenericRc[op]
	if rc {
		op = base
	}
	if in.Flags&decode.FlagOE != 0 || in.Flags&decode.FlagRc != 0 && !rc && op != ppc64asm.ANDICC && op != ppc64asm.ANDISCC {
		return false
	}
	arg := func(i int) uint8 { return uint8(in.Args[i] & 31) }
	switch op {
	case ppc64asm.NOP, ppc64asm.ISYNC:
		return true
	case ppc64asm.SYNC:
		// The forms opSync runs as a no-op in both profiles (L < 4,
		// SC = 0); hwsync keeps its store-load order against other
		// threads on the host too (lwsync's orders x86 keeps anyway).
		if in.Args[0] >= 4 || in.NArgs > 1 && in.Args[1] != 0 {
			return false
		}
		if in.Args[0] != 1 {
			a.Mfence()
		}
		return true
	case ppc64asm.EQV, ppc64asm.NAND, ppc64asm.ORC:
		a.Load(64, rax, gprM(arg(1)))
		a.Load(64, rcx, gprM(arg(2)))
		switch op {
		case ppc64asm.EQV:
			a.Op(amd64.XOR, rax, rcx)
			a.Not(rax)
		case ppc64asm.NAND:
			a.Op(amd64.AND, rax, rcx)
			a.Not(rax)
		default:
			a.Not(rcx)
			a.Op(amd64.OR, rax, rcx)
		}
	case ppc64asm.SLW, ppc64asm.SRW:
		// The low word shifted by RB[58:63] (x86 takes the count
		// modulo 32), zero-extended; RB[58] set gives 0.
		a.Load(64, rcx, gprM(arg(2)))
		a.Load(32, rax, gprM(arg(1)))
		sh := amd64.SHL
		if op == ppc64asm.SRW {
			sh = amd64.SHR
		}
		a.ShiftCL(32, sh, rax)
		a.MovImm(rdx, 0)
		a.OpImm32(amd64.AND, rcx, 32)
		a.Cmov(amd64.CondNE, rax, rdx)
	case ppc64asm.EXTSB, ppc64asm.EXTSH:
		a.Load(64, rax, gprM(arg(1)))
		w := 8
		if op == ppc64asm.EXTSH {
			w = 16
		}
		a.Movsx(w, rax, rax)
	case ppc64asm.ANDC, ppc64asm.NOR:
		a.Load(64, rax, gprM(arg(1)))
		a.Load(64, rcx, gprM(arg(2)))
		if op == ppc64asm.ANDC {
			a.Not(rcx)
			a.Op(amd64.AND, rax, rcx)
		} else {
			a.Op(amd64.OR, rax, rcx)
			a.Not(rax)
		}
	case ppc64asm.NEG:
		a.Load(64, rax, gprM(arg(1)))
		a.Neg(rax)
	case ppc64asm.MULLI:
		a.Load(64, rax, gprM(arg(1)))
		a.MovImm(rcx, uint64(in.Args[2]))
		a.Imul(rax, rcx)
	case ppc64asm.MFSPR:
		spr, ok := nativeSPR(in.Args[1])
		if !ok {
			return false
		}
		a.Load(64, rax, spr)
	case ppc64asm.MTSPR:
		spr, ok := nativeSPR(in.Args[0])
		if !ok {
			return false
		}
		a.Load(64, rax, gprM(arg(1)))
		a.Store(64, spr, rax)
		return true
	case ppc64asm.SLD, ppc64asm.SRD:
		// x86 takes the count modulo 64; RB[57] set gives 0.
		a.Load(64, rcx, gprM(arg(2)))
		a.Load(64, rax, gprM(arg(1)))
		sh := amd64.SHL
		if op == ppc64asm.SRD {
			sh = amd64.SHR
		}
		a.ShiftCL(64, sh, rax)
		a.MovImm(rdx, 0)
		a.OpImm32(amd64.AND, rcx, 64)
		a.Cmov(amd64.CondNE, rax, rdx)
	case ppc64asm.SRAWI, ppc64asm.SRADI:
		// CA = CA32 = RS negative and a 1 shifted out (opSraw, opSrad).
		n := uint8(in.Args[2] & 63)
		if op == ppc64asm.SRAWI {
			n &= 31
			a.LoadSX32(rax, gprM(arg(1)))
		} else {
			a.Load(64, rax, gprM(arg(1)))
		}
		a.MovImm(r8, 1<<n-1)
		nativeSraCA(a)
		if n != 0 {
			a.ShiftImm(64, amd64.SAR, rax, n)
		}
	case ppc64asm.SRAW, ppc64asm.SRAD:
		// opSraw and opSrad with the count from RB: sraw's RB[58:63]
		// above 31, and srad's RB[57:63] above 63, give the sign (a
		// shift by 63); CA = CA32 = RS negative and a 1 shifted out, of
		// all its bits for srad's counts above 63 (RCX the count, R8
		// the mask of the bits shifted out).
		big := uint32(64)
		if op == ppc64asm.SRAW {
			big = 32
			a.LoadSX32(rax, gprM(arg(1)))
		} else {
			a.Load(64, rax, gprM(arg(1)))
		}
		a.Load(64, rcx, gprM(arg(2)))
		a.MovImm(rdx, 63)
		a.MovImm(r9, ^uint64(0))
		a.Mov(r10, rcx)
		a.OpImm32(amd64.AND, r10, big)
		a.Cmov(amd64.CondNE, rcx, rdx)
		a.MovImm(r8, 1)
		a.ShiftCL(64, amd64.SHL, r8)
		a.OpImm(amd64.SUB, r8, 1)
		if op == ppc64asm.SRAD {
			a.Test(r10, r10)
			a.Cmov(amd64.CondNE, r8, r9)
		}
		nativeSraCA(a)
		a.ShiftCL(64, amd64.SAR, rax)
	case ppc64asm.RLWIMI:
		k := rotMask(in.Args[3]&31+32, in.Args[4]&31+32)
		a.Load(32, rax, gprM(arg(1)))
		a.Mov(rcx, rax)
		a.ShiftImm(64, amd64.SHL, rcx, 32)
		a.Op(amd64.OR, rax, rcx)
		if n := uint8(in.Args[2] & 31); n != 0 {
			a.ShiftImm(64, amd64.ROL, rax, n)
		}
		a.MovImm(r8, k)
		a.Op(amd64.AND, rax, r8)
		a.Not(r8)
		a.Load(64, rcx, gprM(arg(0)))
		a.Op(amd64.AND, rcx, r8)
		a.Op(amd64.OR, rax, rcx)
	case ppc64asm.ANDICC, ppc64asm.ANDISCC:
		// The mask is within the low word, so the result is never
		// negative: CR0 is GT or EQ.
		m := uint32(lgUI(in))
		if op == ppc64asm.ANDISCC {
			m <<= 16
		}
		a.Load(64, rax, gprM(arg(1)))
		a.OpImm32(amd64.AND, rax, m)
		a.MovImm(rdx, uint64(regs.CRGT))
		a.MovImm(rcx, uint64(regs.CREQ))
		a.Cmov(amd64.CondE, rdx, rcx)
		a.Store(64, gprM(arg(0)), rax)
		nativeCRField(a, 0)
		return true
	default:
		return false
	}
	a.Store(64, gprM(arg(0)), rax)
	if rc {
		nativeCR0(a)
	}
	return true
}

// nativeSraCA sets XER[CA] and XER[CA32] for an algebraic right shift
// of RAX (sraCA): RAX negative and a 1 among its bits in the mask R8.
// Through RDX, R8, R9, R10 and R11; RAX and RCX are kept.
func nativeSraCA(a *natAsm) {
	const rax, rdx, r8, r9, r10, r11 = amd64.RAX, amd64.RDX, amd64.R8, amd64.R9, amd64.R10, amd64.R11
	a.Mov(r9, rax)
	a.ShiftImm(64, amd64.SHR, r9, 63)
	a.Mov(r11, rax)
	a.MovImm(rdx, 0)
	a.Op(amd64.AND, r11, r8)
	a.Cmov(amd64.CondNE, rdx, r9)
	a.Load(64, r10, amd64.M(nRegs, offXER))
	imm64(a, amd64.AND, r10, ^(regs.XERCA | regs.XERCA32))
	a.Mov(r8, rdx)
	a.ShiftImm(64, amd64.SHL, rdx, uint8(bits.TrailingZeros64(regs.XERCA)))
	a.ShiftImm(64, amd64.SHL, r8, uint8(bits.TrailingZeros64(regs.XERCA32)))
	a.Op(amd64.OR, r10, rdx)
	a.Op(amd64.OR, r10, r8)
	a.Store(64, amd64.M(nRegs, offXER), r10)
}

// nativeGenericRc are the record forms nativeGeneric translates: the op
// without Rc, then CR0 from its result (setCR0).
var nativeGenericRc = map[decode.Op]decode.Op{
	ppc64asm.EXTSBCC: ppc64asm.EXTSB, ppc64asm.EXTSHCC: ppc64asm.EXTSH, ppc64asm.ANDCCC: ppc64asm.ANDC,
	ppc64asm.NORCC: ppc64asm.NOR, ppc64asm.NEGCC: ppc64asm.NEG, ppc64asm.SLDCC: ppc64asm.SLD, ppc64asm.SRDCC: ppc64asm.SRD,
	ppc64asm.SRAWICC: ppc64asm.SRAWI, ppc64asm.SRADICC: ppc64asm.SRADI, ppc64asm.RLWIMICC: ppc64asm.RLWIMI,
	ppc64asm.SRAWCC: ppc64asm.SRAW, ppc64asm.SRADCC: ppc64asm.SRAD,
	ppc64asm.EQVCC: ppc64asm.EQV, ppc64asm.NANDCC: ppc64asm.NAND, ppc64asm.ORCCC: ppc64asm.ORC,
	ppc64asm.SLWCC: ppc64asm.SLW, ppc64asm.SRWCC: ppc64asm.SRW,
}

// nativeSPR is where LR or CTR, SPR n, is (mfspr and mtspr of the other
// SPRs are left to the block loop).
func nativeSPR(n int64) (amd64.Mem, bool) {
	switch n {
	case sprLR:
		return amd64.M(nRegs, offLR), true
	case sprCTR:
		return amd64.M(nRegs, offCTR), true
	}
	return amd64.Mem{}, false
}

// nativeCmp is kCmp and kCmpi: CR field op.rt = LT, GT or EQ from
// comparing RA with RB or the immediate (as 64- or sign- or zero-extended
// 32-bit values), and SO a copy of XER[SO] (setCmpField).
func nativeCmp(a *natAsm, op *bop) {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	fl := op.imm
	if op.kind == kCmpi {
		fl = uint64(op.rb) << 32
	}
	l64, unsigned := fl&cmpL64 != 0, fl&cmpUnsigned != 0
	load := func(dst amd64.Reg, i uint8) {
		switch {
		case l64:
			a.Load(64, dst, gprM(i))
		case unsigned:
			a.Load(32, dst, gprM(i))
		default:
			a.LoadSX32(dst, gprM(i))
		}
	}
	load(rax, op.ra)
	if op.kind == kCmp {
		load(rcx, op.rb)
		a.Op(amd64.CMP, rax, rcx)
	} else {
		v := op.imm
		switch {
		case l64:
		case unsigned:
			v = uint64(uint32(v))
		default:
			v = uint64(int64(int32(v)))
		}
		if amd64.FitsImm32(v) {
			a.OpImm(amd64.CMP, rax, int32(v))
		} else {
			a.MovImm(rcx, v)
			a.Op(amd64.CMP, rax, rcx)
		}
	}
	lt := amd64.CondL
	if unsigned {
		lt = amd64.CondB
	}
	// MOV leaves the flags: GT, then LT or EQ over it.
	a.MovImm(rdx, uint64(regs.CRGT))
	a.MovImm(rcx, uint64(regs.CRLT))
	a.Cmov(lt, rdx, rcx)
	a.MovImm(rcx, uint64(regs.CREQ))
	a.Cmov(amd64.CondE, rdx, rcx)
	nativeCRField(a, op.rt)
}

// nativeCRField sets CR field bf to EDX's low 3 bits (LT, GT, EQ) and a
// copy of XER[SO], through ECX.
func nativeCRField(a *natAsm, bf uint8) {
	const rcx, rdx = amd64.RCX, amd64.RDX
	// SO: XER[SO] is bit 31 of XER's low word.
	a.Load(32, rcx, amd64.M(nRegs, offXER))
	a.ShiftImm(32, amd64.SHR, rcx, uint8(bits.TrailingZeros64(regs.XERSO)))
	a.Op32(amd64.OR, rdx, rcx)
	nativeCRBits(a, bf)
}

// nativeCRBits sets CR field bf to EDX's low 4 bits, through ECX.
func nativeCRBits(a *natAsm, bf uint8) {
	const rcx, rdx = amd64.RCX, amd64.RDX
	sh := uint8(28 - 4*(bf&7))
	if sh != 0 {
		a.ShiftImm(32, amd64.SHL, rdx, sh)
	}
	if h := a.host[slotCR]; h != amd64.NoReg {
		a.OpImm32(amd64.AND, h, ^uint32(0xf<<sh))
		a.Op32(amd64.OR, h, rdx)
		return
	}
	a.Load(32, rcx, amd64.M(nRegs, offCR))
	a.OpImm32(amd64.AND, rcx, ^uint32(0xf<<sh))
	a.Op32(amd64.OR, rcx, rdx)
	a.Store(32, amd64.M(nRegs, offCR), rcx)
}

// nativeAccess is kLoad, kStore, kLoadF and kStoreF: the address in RAX,
// the page looked up in the r or w cache (a miss or a page crossing
// exits at op j), the access in the block's byte order, then the update
// form's RA.
func nativeAccess(a *natAsm, op *bop, j int, le bool, exits *[]nativeExit) {
	const rax, rcx, rdx, r8 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8
	a.Load(64, rax, gprM(op.ra))
	if op.mask != 0 {
		a.OpMem(amd64.ADD, rax, gprM(op.rb))
	}
	if op.imm != 0 {
		imm64(a, amd64.ADD, rax, op.imm)
	}
	tlb := offRTLB
	if op.kind == kStore || op.kind == kStoreF {
		tlb = offWTLB
	}
	at := nativeLookup(a, tlb, int32(op.size), j, exits)
	width := 8 * int(op.size)
	noSwap := le || width == 8
	swap := func(r amd64.Reg) {
		if noSwap {
			return
		}
		if width == 16 {
			a.Bswap(32, r)
			a.ShiftImm(32, amd64.SHR, r, 16)
			return
		}
		a.Bswap(width, r)
	}
	// An integer load goes to RT's host register directly, and a store
	// without a byte swap stores from it (the address is in RAX by then).
	h := amd64.NoReg
	if op.kind == kLoad || op.kind == kStore && noSwap {
		h = a.gpr(op.rt)
	}
	switch op.kind {
	case kLoad, kLoadF:
		if h != amd64.NoReg {
			a.Load(width, h, at)
			swap(h)
			break
		}
		a.Load(width, r8, at)
		swap(r8)
		if op.kind == kLoad {
			a.Store(64, gprM(op.rt), r8)
		} else {
			a.Store(64, fprM(op.rt), r8)
			m := fprM(op.rt)
			m.Disp += 8
			a.StoreImm32(m, 0)
		}
	default:
		if h != amd64.NoReg {
			a.Store(width, at, h)
			break
		}
		if op.kind == kStore {
			a.Load(64, r8, gprM(op.rt))
		} else {
			a.Load(64, r8, fprM(op.rt))
		}
		swap(r8)
		a.Store(width, at, r8)
	}
	if op.upd {
		a.Store(64, gprM(op.ra), rax)
	}
}

// nativeLookup appends the page lookup of an access of size bytes at
// RAX in the data cache at offset tlb of the page caches (r or w) and
// returns the operand of the access: a miss of both its levels (the
// second, r2 or w2, probed out of line: natAsm.probes) or an access
// crossing the page's end exits returning j; otherwise the operand is
// [RDX+RAX], RDX the entry's add (the page's host address minus its
// guest address).
func nativeLookup(a *natAsm, tlb, size int32, j int, exits *[]nativeExit) amd64.Mem {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	// RCX = the tag of the page of the access's last byte (pageTag),
	// RDX = the entry's offset for the page of its first (the page
	// number's low bits, shifted from the address's low word). They
	// match only when both bytes are on the entry's page: the next page
	// (or page 0, after the top page) has another entry, so a crossing
	// access misses.
	if size > 1 {
		a.Lea(rcx, amd64.M(rax, size-1))
	} else {
		a.Mov(rcx, rax)
	}
	a.OpImm(amd64.OR, rcx, mem.PageSize-1)
	a.Mov32(rdx, rax)
	a.ShiftImm(32, amd64.SHR, rdx, pageShift-tlbShift)
	a.OpImm32(amd64.AND, rdx, (tlbSize-1)<<tlbShift)
	a.OpMem(amd64.CMP, rcx, amd64.MI(nPC, rdx, tlb))
	miss := a.Jcc(amd64.CondNE)
	a.Load(64, rdx, amd64.MI(nPC, rdx, tlb+offAdd))
	tlb2 := offR2TLB
	if tlb == offWTLB {
		tlb2 = offW2TLB
	}
	a.probes = append(a.probes, natProbe{off: miss, cont: a.Len(), tlb2: tlb2, j: j})
	return amd64.MI(rdx, rax, 0)
}

// native is e's native state under EngineNative on a host that runs
// generated code, or nil.
func (e *Emulator) native() *nativeState {
	if !jit.Supported || e.cfg.Engine != EngineNative {
		return nil
	}
	if e.nat == nil {
		e.nat = newNativeState(e)
	}
	return e.nat
}
