package emulate

import (
	"encoding/binary"
	"slices"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/branch"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Engine is how Run executes instructions on a PagedMemory without an
// Observer or stop addresses. Every engine gives the outcomes of Fetch
// and Step, instruction by instruction: the same registers, memory,
// instruction count and error, at the same NIP; they differ only in speed.
// Step, StepWord, Fetch and FetchInst are the same under every engine.
type Engine uint8

const (
	// EngineBlock (Config's zero value; the runner's default is
	// EngineNative, which is EngineBlock off linux/amd64) runs code as
	// EngineCached does until it has run often (tiering: a line entered
	// blockHot times), then decodes a basic block there (the instructions up to a branch, an
	// instruction that needs Step, or the page's end) once into
	// operations with their operands extracted, runs a block without
	// looking at each instruction's word in memory, and checks a block's
	// words again only after something may have changed them (a store to
	// a page holding decoded code, icbi, or, between two Runs, anything
	// pageCache.begin lists).
	EngineBlock Engine = iota
	// EngineCached runs the decoded instructions of a page, comparing
	// each one's word with memory before it runs (Run before issue 29).
	EngineCached
	// EngineStep fetches and steps every instruction as Fetch does.
	EngineStep
	// EngineNative is EngineBlock where a hot block's leading integer
	// operations, loads and stores, the VMX/VSX operations of glibc's
	// string functions and its branch run as x86-64 code generated for
	// them (native.go, native_vec.go), on linux/amd64; on other hosts it
	// is EngineBlock.
	EngineNative
)

// String is the engine's name as the runner's -engine flag takes it.
func (g Engine) String() string {
	switch g {
	case EngineBlock:
		return "block"
	case EngineCached:
		return "cached"
	case EngineStep:
		return "step"
	case EngineNative:
		return "native"
	}
	return "Engine(" + itoa(uint64(g)) + ")"
}

// ParseEngine is the Engine named s ("block", "cached", "step" or
// "native"), and whether there is one.
func ParseEngine(s string) (Engine, bool) {
	for g := EngineBlock; g <= EngineNative; g++ {
		if g.String() == s {
			return g, true
		}
	}
	return 0, false
}

func itoa(v uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		if v /= 10; v == 0 {
			return string(b[i:])
		}
	}
}

// block is a decoded basic block: ops[i] is the instruction at
// addr + 4i. Its words (ops[i].raw) are checked against memory when its
// epoch is not pageCache.epoch.
type block struct {
	addr  uint64
	epoch uint64
	gate  uint64 // gate(MSR) it was decoded for
	le    bool   // MSR[LE]
	ops   []bop
	// sgen is the generation of its page's codeShadow its words were
	// last found in memory with (0: none): while the shadow has that
	// generation, memory still holds them.
	sgen uint64
	// The blocks Run went on to after this one, at most two (a
	// conditional branch's two ways), on the same page; they are used
	// while their epoch is the current one.
	next [2]*block
	// EngineNative (native.go): the generated code of ops[:natN] (0:
	// none) for the native generation natGen, and the runs before it
	// was translated.
	nat       uintptr
	natN      uint16
	natBranch bool // ops[natN-1] is the block's branch
	natGen    uint32
	// natNext are the blocks at the branch's target and after it that
	// generated code may jump to (nativeState.link), and natRec the
	// chain records in that code (nil: none) where link copies what its
	// jumps check of them.
	natNext [2]*block
	natRec  [2]*natRec
	// natIn is the slot + 1 (0: none) of the guest register in each of
	// natHost in nat's code, and natHead the offset in it after its
	// entry's loads of them: a chain from code with the same slots in
	// the same host registers enters there (nativeState.record).
	natIn   [len(natHost)]uint8
	natHead uint16
	// With natBranch, what link needs of that branch, kept here so that
	// link (at every transition the block loop makes after generated
	// code, whose ops the loop never read) does not load the last op,
	// a cache miss: its target for a direct one (kB, kBc; natWay
	// natDirect), or natWay natAlways (an indirect one always taken) or
	// natIndirect (another indirect one).
	natTarget uint64
	natWay    uint8
	natSegs   []natSeg // by op index: the code of ops after one the block loop runs
	hits      uint8
}

// chain is the block b chained to at nip, or nil (also for a nil b).
func (b *block) chain(nip uint64) *block {
	if b == nil {
		return nil
	}
	if s := b.next[0]; s != nil && s.addr == nip {
		return s
	}
	if s := b.next[1]; s != nil && s.addr == nip {
		return s
	}
	return nil
}

// link chains s after b (nil: none) when s is on b's page.
func (b *block) link(s *block) {
	if b == nil || (b.addr^s.addr)&^(mem.PageSize-1) != 0 {
		return
	}
	if b.next[0] == nil || b.next[0].addr == s.addr {
		b.next[0] = s
	} else {
		b.next[1] = s
	}
}

// bop is one operation of a block: a kind the block loop runs itself,
// with the operands it needs extracted, or kGeneric (the op's semantic
// function, as Step calls it).
type bop struct {
	kind       uint8
	rt, ra, rb uint8
	size       uint8  // kLoad, kStore: the access's bytes
	upd        bool   // kLoad, kStore: an update form
	branch     bool   // f sets NIP
	raw        uint32 // the word's bytes as a little-endian number
	imm        uint64
	mask       uint64 // kLoad, kStore: ^0 for an X-form (RB), 0 for a D-form
	f          semFn
	in         *decode.Inst
}

// The kinds of bop. A load or store kind does the access itself only on
// a page in the data caches and otherwise calls the op's semantic
// function, which gives the fault or the slow path's result.
const (
	kGeneric uint8 = iota
	kLi            // rt = imm
	kAddi          // rt = ra + imm
	kAdd           // rt = ra + rb
	kSubf          // rt = rb - ra
	kMulld         // rt = ra * rb
	kMullw         // rt = int32(ra) * int32(rb)
	kAnd           // rt = ra & rb (rt: RA, ra: RS)
	kOr            // rt = ra | rb
	kXor           // rt = ra ^ rb
	kOri           // rt = ra | imm
	kXori          // rt = ra ^ imm
	kRot32         // rt = rotl32(ra, rb) & imm
	kRot64         // rt = rotl64(ra, rb) & imm
	kExtsw         // rt = int32(ra)
	kCmp           // CR field rt = compare(ra, rb) (flags in imm>>32)
	kCmpi          // CR field rt = compare(ra, imm) (flags: in.Op)
	kB             // NIP = imm (LR = CIA + 4 with link)
	kBc            // NIP = imm if taken, else CIA + 4
	kLoad          // rt = the size bytes at ra + (rb & mask) + imm; ra = that address if upd
	kStore         // the size bytes at ra + (rb & mask) + imm = rt; ra = that address if upd
	kLoadF         // kLoad of FPR rt's doubleword (lfd)
	kStoreF        // kStore of FPR rt's doubleword (stfd)
	kSync          // icbi: generic, then the blocks are checked again (code changed through another mapping of its storage; the ISA asks for icbi before such code runs, isync alone is not enough, and Go's atomic loads end with isync)
	kNop           // nop (ori 0,0,0)
	kAndi          // rt = ra & imm, CR0 from the result (andi., andis.)
	kMtlr          // LR = ra (mtspr LR)
	kMtctr         // CTR = ra (mtspr CTR)
	kMflr          // rt = LR (mfspr LR)
	kMfctr         // rt = CTR (mfspr CTR)
	kBcReg         // NIP = LR or CTR &^ 3 if taken, else CIA + 4 (bclr[l], bcctr[l]; flags in rb)
)

// Flags of kBc and kBcReg in rb, with BO in rt and BI in ra: the branch
// always goes (BO = 1z1zz: no CTR decrement, no CR test), it sets LR,
// and (kBcReg) it goes to CTR rather than LR.
const (
	bcAlways = 1 << iota
	bcLink
	bcToCTR
)

// bopKinds are the ops with a kind of their own: the integer
// arithmetic, logical, rotate, compare and branch ops of most loops, and
// the plain integer loads and stores (zero-extending; D, X and update D
// forms).
var bopKinds = map[decode.Op]uint8{
	ppc64asm.LBZ: kLoad, ppc64asm.LHZ: kLoad, ppc64asm.LWZ: kLoad, ppc64asm.LD: kLoad,
	ppc64asm.LBZX: kLoad, ppc64asm.LHZX: kLoad, ppc64asm.LWZX: kLoad, ppc64asm.LDX: kLoad,
	ppc64asm.LBZU: kLoad, ppc64asm.LDU: kLoad,
	ppc64asm.STB: kStore, ppc64asm.STH: kStore, ppc64asm.STW: kStore, ppc64asm.STD: kStore,
	ppc64asm.STBX: kStore, ppc64asm.STWX: kStore, ppc64asm.STDX: kStore,
	ppc64asm.STWU: kStore, ppc64asm.STDU: kStore,
	ppc64asm.LFD: kLoadF, ppc64asm.LFDX: kLoadF, ppc64asm.LFDU: kLoadF,
	ppc64asm.STFD: kStoreF, ppc64asm.STFDX: kStoreF, ppc64asm.STFDU: kStoreF,
	ppc64asm.ADD: kAdd, ppc64asm.SUBF: kSubf, ppc64asm.MULLD: kMulld, ppc64asm.MULLW: kMullw,
	ppc64asm.AND: kAnd, ppc64asm.OR: kOr, ppc64asm.XOR: kXor, ppc64asm.EXTSW: kExtsw,
	ppc64asm.ORI: kOri, ppc64asm.ORIS: kOri, ppc64asm.XORI: kXori, ppc64asm.XORIS: kXori,
	ppc64asm.RLWINM: kRot32, ppc64asm.RLDICL: kRot64, ppc64asm.RLDICR: kRot64, ppc64asm.RLDIC: kRot64,
	ppc64asm.ADDI: kAddi, ppc64asm.ADDIS: kAddi, ppc64asm.LI: kLi, ppc64asm.LIS: kLi,
	ppc64asm.B: kB, ppc64asm.BL: kB, ppc64asm.BC: kBc, ppc64asm.BCL: kBc,
	ppc64asm.ICBI: kSync,
}

// Flags of kCmp and kCmpi in imm's upper word.
const (
	cmpL64      = 1 << 32
	cmpUnsigned = 2 << 32
)

// newBop is the operation for in, the instruction decoded from the word
// raw at addr.
func newBop(in *decode.Inst, raw uint32, addr uint64) bop {
	o := bop{kind: kGeneric, branch: branches[in.Op], raw: raw, f: semantics[in.Op], in: in}
	k, ok := bopKinds[in.Op]
	a := func(i int) uint8 { return uint8(in.Args[i] & 31) }
	switch in.Op {
	case ppc64asm.NOP:
		o.kind = kNop
		return o
	case ppc64asm.ANDICC, ppc64asm.ANDISCC:
		o.kind, o.rt, o.ra, o.imm = kAndi, a(0), a(1), lgUI(in)
		if in.Op == ppc64asm.ANDISCC {
			o.imm <<= 16
		}
		return o
	case ppc64asm.MTSPR, ppc64asm.MFSPR:
		spr, reg, kinds := in.Args[0], a(1), [2]uint8{kMtlr, kMtctr}
		if in.Op == ppc64asm.MFSPR {
			spr, reg, kinds = in.Args[1], a(0), [2]uint8{kMflr, kMfctr}
		}
		switch spr {
		case sprLR:
			o.kind = kinds[0]
		case sprCTR:
			o.kind = kinds[1]
		}
		o.rt, o.ra = reg, reg
		return o
	case ppc64asm.BCLR, ppc64asm.BCLRL, ppc64asm.BCCTR, ppc64asm.BCCTRL:
		o.kind = kBcReg
		o.rt, o.ra, o.rb = uint8(in.Args[0]), uint8(in.Args[1]), bcFlags(in)
		if in.Has(decode.FlagTargetCTR) {
			o.rb |= bcToCTR
		}
		return o
	}
	if cmpFormOp(in.Op) {
		// cmpw, cmpd, cmplw, cmpld and their immediates: BF, RA, RB|SI|UI.
		form := cmpForms[in.Op]
		o.rt, o.ra = uint8(in.Args[0]&7), uint8(in.Args[1]&31)
		var fl uint64
		if form&cmpDouble != 0 {
			fl |= cmpL64
		}
		if form&cmpLogical != 0 {
			fl |= cmpUnsigned
		}
		if in.Kinds[2] == decode.ArgGPR {
			o.kind, o.rb, o.imm = kCmp, uint8(in.Args[2]&31), fl
			return o
		}
		// The flags in rb; imm is the whole operand.
		o.kind, o.rb, o.imm = kCmpi, uint8(fl>>32), uint64(in.Args[2])
		if form&cmpLogical != 0 {
			o.imm &= 0xffff
		}
		return o
	}
	if !ok || in.Flags&(decode.FlagOE|decode.FlagRc|decode.FlagPCRel) != 0 {
		return o
	}
	switch k {
	case kLi:
		o.rt, o.imm = a(0), uint64(in.Args[1])
		if in.Op == ppc64asm.LIS {
			o.imm <<= 16
		}
	case kAddi:
		o.rt, o.ra, o.imm = a(0), a(1), uint64(in.Args[2])
		if in.Op == ppc64asm.ADDIS {
			o.imm <<= 16
		}
		if o.ra == 0 {
			k = kLi
		}
	case kAdd, kSubf, kMulld, kMullw, kAnd, kOr, kXor:
		o.rt, o.ra, o.rb = a(0), a(1), a(2)
	case kExtsw:
		o.rt, o.ra = a(0), a(1)
	case kOri, kXori:
		o.rt, o.ra, o.imm = a(0), a(1), lgUI(in)
		if in.Op == ppc64asm.ORIS || in.Op == ppc64asm.XORIS {
			o.imm <<= 16
		}
	case kRot32:
		o.rt, o.ra, o.rb = a(0), a(1), uint8(in.Args[2]&31)
		o.imm = rotMask(in.Args[3]&31+32, in.Args[4]&31+32)
	case kRot64:
		o.rt, o.ra = a(0), a(1)
		sh := in.Args[2] & 63
		o.rb = uint8(sh)
		switch in.Op {
		case ppc64asm.RLDICL:
			o.imm = rotMask(in.Args[3], 63)
		case ppc64asm.RLDICR:
			o.imm = rotMask(0, in.Args[3])
		default: // rldic
			o.imm = rotMask(in.Args[3], 63-sh)
		}
	case kB:
		o.imm = branch.Direct(in, addr, true)
	case kBc:
		if in.Flags&(decode.FlagTargetLR|decode.FlagTargetCTR|decode.FlagTargetTAR) != 0 {
			return o
		}
		o.imm = branch.Direct(in, addr, true)
		o.rt, o.ra, o.rb = uint8(in.Args[0]), uint8(in.Args[1]), bcFlags(in)
	case kLoad, kStore, kLoadF, kStoreF:
		// RT|RS, D, RA or RT|RS, RA, RB; RA = 0 (no base) is left to
		// the op.
		o.rt, o.size, o.upd = a(0), in.Size, in.Has(decode.FlagUpdate)
		if in.Kinds[1] == decode.ArgGPR {
			o.ra, o.rb, o.mask = a(1), a(2), ^uint64(0)
		} else {
			o.ra, o.imm = a(2), uint64(in.Args[1])
		}
		if o.ra == 0 || o.size == 0 {
			return o
		}
	}
	o.kind = k
	return o
}

// bcFlags are the bcAlways and bcLink flags of the conditional branch in.
func bcFlags(in *decode.Inst) uint8 {
	var f uint8
	if branch.Always(in) && !in.Has(decode.FlagCTRDec) {
		f |= bcAlways
	}
	if in.Has(decode.FlagLink) {
		f |= bcLink
	}
	return f
}

// bcTaken is branch.Taken for op, a kBc or kBcReg in 64-bit mode: the
// way the branch goes, with CTR updated.
func bcTaken(op *bop, r *regs.Regs) bool {
	if op.rb&bcAlways != 0 {
		return true
	}
	if !op.in.Has(decode.FlagCTRDec) {
		return op.rt&0x10 != 0 || regs.CRBit(r.CR, int(op.ra)) == (op.rt&0x08 != 0)
	}
	taken, ctr := branch.Taken(op.in, r.CR, r.CTR, true)
	r.CTR = ctr
	return taken
}

// cmpFormOp reports whether op is one of the compare family's ops.
func cmpFormOp(op decode.Op) bool {
	switch op {
	case ppc64asm.CMPW, ppc64asm.CMPD, ppc64asm.CMPLW, ppc64asm.CMPLD,
		ppc64asm.CMPWI, ppc64asm.CMPDI, ppc64asm.CMPLWI, ppc64asm.CMPLDI:
		return true
	}
	return false
}

// maxBlock bounds a block's instructions (a page's words at most).
const maxBlock = mem.PageSize / 4

// blockHot is how many times runBlocks enters a line of cached
// instructions (the instructions up to a branch) at the same address
// before it decodes a block there (tiering): until then the line runs
// through runCached, which needs no decoding of its own, so code that
// runs a few times (a program's start-up, a library's initialisation)
// costs about what it costs under EngineCached, and blocks are built for
// the code that runs often. Measured on the corpus (docs/performance.md):
// 16 and 64 left the short Go programs slower than EngineCached, 256 as
// fast within the noise, with the hot loops (c-crc, Go sort) unchanged.
// EngineNative has the same threshold (16 built blocks sooner and left
// its short programs slower than EngineBlock's), and translates a block
// after nativeHot runs more.
const blockHot = 256

// blockAt returns the block at index i of the code page for gate g,
// checking or decoding it, or nil when the instruction there needs Run's
// other paths (not cached, cached under another MSR, or one Step must
// run) or is cold (entered fewer than pageCache.hot times: runBlocks
// runs it through runCached).
func (c *pageCache) blockAt(i uint, g uint64) *block {
	ci := c.codeInsts.at(i)
	w := uint64(word(c.codePage, i)) | g
	if ci.heat < c.hot {
		// Cold code, with no block (one is built at a hot line only,
		// and fill drops it with the line's decoding, as a new one
		// starts cold): runBlocks runs its line through runCached.
		// Its codeBlocks entry is not loaded, another cache miss.
		if ci.tag == w || ci.tag == w|branchTag {
			ci.heat++
		}
		return nil
	}
	var b *block
	if c.codeBlks != nil {
		b = c.codeBlks[i%(mem.PageSize/4)]
	}
	if b != nil && b.gate == g {
		if b.epoch == c.epoch {
			return b
		}
		sh := c.shadow()
		if b.sgen == sh.gen || c.blockHolds(b) {
			b.epoch, b.sgen = c.epoch, sh.gen
			return b
		}
	}
	// Decode the block from the cached instructions that match memory
	// (none: nothing to allocate).
	if ci.tag != w && ci.tag != w|branchTag {
		if b != nil {
			c.codeBlks[i%(mem.PageSize/4)] = nil
		}
		return nil
	}
	addr := c.codeAddr + uint64(i)*4
	b = &block{addr: addr, epoch: c.epoch, sgen: c.shadow().gen, gate: g, le: g&(regs.MSRLE<<32) != 0}
	c.grow(b, i)
	if c.codeBlks == nil {
		c.newBlocks()
	}
	c.codeBlks[i%(mem.PageSize/4)] = b
	return b
}

// newBlocks gives the code page its codeBlocks (it has none).
func (c *pageCache) newBlocks() {
	pn := c.codeAddr / mem.PageSize
	if c.blocks == nil {
		c.blocks = map[uint64]*codeBlocks{}
	}
	c.codeBlks = new(codeBlocks)
	c.blocks[pn] = c.codeBlks
	if t := &c.entered[pn%codeTLBSize]; t.tag == pn+1 {
		t.blks = c.codeBlks
	}
}

// grow appends to b, which starts at index i of the code page and ends
// at a branch or before an instruction that was not cached (or not for
// b.gate), the operations of the cached instructions that now follow it
// and match memory, up to and including a branch; it returns how many.
func (c *pageCache) grow(b *block, i uint) int {
	insts, page := c.codeInsts, c.codePage
	start := i + uint(len(b.ops))
	if b.addr&^(mem.PageSize-1) != c.codeAddr || len(b.ops) != 0 && b.ops[len(b.ops)-1].branch {
		return 0
	}
	j := start
	for ; j < mem.PageSize/4; j++ {
		w := uint64(word(page, j)) | b.gate
		t := insts.at(j).tag
		if t == w {
			continue
		}
		if t == w|branchTag {
			j++
		}
		break
	}
	// One allocation of the size needed: appending op by op grew the
	// slice through 1, 2, 4, … ops, each a new allocation and a copy
	// (with the copies' fresh memory, 4% of the host page faults of
	// Ruby's start-up).
	b.ops = slices.Grow(b.ops, int(j-start))
	for k := start; k < j; k++ {
		ci := insts.at(k)
		b.ops = append(b.ops, newBop(c.inst(ci), uint32(ci.tag), c.codeAddr+uint64(k)*4))
	}
	return int(j - start)
}

// codeShadow is a copy of a code page's bytes, checked against memory
// once per epoch: while memory equals it, every block whose words were
// found in memory with its generation (block.sgen) still holds, and
// needs no check of its own (a large program runs thousands of blocks
// between two epoch moves).
type codeShadow struct {
	bytes [mem.PageSize]byte
	epoch uint64 // the epoch it was last checked in
	gen   uint64 // pageCache.shadowGen when bytes were copied; 0: never
}

// shadow is the codeShadow of the code page, checked against memory in
// the current epoch: if memory no longer equals it, it is copied again
// under a new generation (its page's blocks then check their own words).
func (c *pageCache) shadow() *codeShadow {
	pn := c.codeAddr / mem.PageSize
	sh := c.sh
	if sh == nil || c.shPage != pn+1 {
		if sh = c.shadows[pn]; sh == nil {
			if c.shadows == nil || len(c.shadows) >= maxCodePages {
				c.shadows = map[uint64]*codeShadow{}
			}
			sh = new(codeShadow)
			c.shadows[pn] = sh
		}
		c.sh, c.shPage = sh, pn+1
	}
	if sh.epoch != c.epoch || sh.gen == 0 {
		if sh.gen == 0 || sh.bytes != *c.codePage {
			sh.bytes = *c.codePage
			c.shadowGen++
			sh.gen = c.shadowGen
		}
		sh.epoch = c.epoch
	}
	return sh
}

// blockHolds reports whether memory still holds b's words (b is on the
// code page).
func (c *pageCache) blockHolds(b *block) bool {
	i := uint(b.addr % mem.PageSize / 4)
	p := c.codePage[i*4:]
	for j := range b.ops {
		if binary.LittleEndian.Uint32(p[j*4:]) != b.ops[j].raw {
			return false
		}
	}
	return true
}

// runBlocks is runCached for EngineBlock: it executes up to max
// instructions from r.NIP, as blocks where the code is hot and through
// runCached (which returns at a hot line) where it is cold or has no
// block, with the same results: it returns
// how many it executed and the error of the one that failed, with NIP at
// it. After an operation that may have changed code (pageCache.epoch
// moved) it goes on with the next block looked up and checked again.
func (e *Emulator) runBlocks(r *regs.Regs, m Memory, max uint64) (uint64, error) {
	c := &e.pages
	if r.MSR&regs.MSRSF == 0 {
		return e.runCached(r, m, max)
	}
	e.wrap32 = false
	g := gate(r.MSR)
	le := g&(regs.MSRLE<<32) != 0
	nat := e.native()
	c.hot = blockHot
	if nat != nil && c.nativeHot != 0 {
		c.hot = c.nativeHot
	}
	var n uint64
	b := c.nextBlock(nil, r.NIP, g)
	for {
		if b == nil {
			// No block at NIP: cold code, or code only Run's other
			// paths run. runCached runs it up to a hot line (none:
			// the caller steps), then a block is looked for again.
			if r.NIP&^(mem.PageSize-4) != c.codeAddr || c.hr != nil && c.hr.onPage(r.NIP) {
				return n, nil
			}
			c.tier = true
			k, err := e.runCached(r, m, max-n)
			c.tier = false
			if n += k; err != nil || k == 0 || n == max {
				return n, err
			}
			b = c.nextBlock(nil, r.NIP, g)
			continue
		}
		j, jumped := 0, false
		if nat != nil {
			j, b, n = nat.enter(e, b, r, c, n, max)
			jumped = j == len(b.ops) && b.natBranch
		}
		ops := b.ops
		if left := max - n; uint64(len(ops)) > left {
			ops = ops[:left]
		}
	run:
		for ; j < len(ops); j++ {
			op := &ops[j]
			switch op.kind {
			case kLi:
				r.GPR[op.rt&31] = op.imm
				continue
			case kAddi:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] + op.imm
				continue
			case kAdd:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] + r.GPR[op.rb&31]
				continue
			case kSubf:
				r.GPR[op.rt&31] = r.GPR[op.rb&31] - r.GPR[op.ra&31]
				continue
			case kMulld:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] * r.GPR[op.rb&31]
				continue
			case kMullw:
				r.GPR[op.rt&31] = uint64(int64(int32(r.GPR[op.ra&31])) * int64(int32(r.GPR[op.rb&31])))
				continue
			case kAnd:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] & r.GPR[op.rb&31]
				continue
			case kOr:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] | r.GPR[op.rb&31]
				continue
			case kXor:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] ^ r.GPR[op.rb&31]
				continue
			case kOri:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] | op.imm
				continue
			case kXori:
				r.GPR[op.rt&31] = r.GPR[op.ra&31] ^ op.imm
				continue
			case kRot32:
				r.GPR[op.rt&31] = rotl32(r.GPR[op.ra&31], int64(op.rb)) & op.imm
				continue
			case kRot64:
				r.GPR[op.rt&31] = rotl64(r.GPR[op.ra&31], int64(op.rb)) & op.imm
				continue
			case kExtsw:
				r.GPR[op.rt&31] = uint64(int64(int32(r.GPR[op.ra&31])))
				continue
			case kCmp:
				setCmpField(r, int(op.rt&7), r.GPR[op.ra&31], r.GPR[op.rb&31], op.imm&cmpL64 != 0, op.imm&cmpUnsigned != 0)
				continue
			case kCmpi:
				setCmpField(r, int(op.rt&7), r.GPR[op.ra&31], op.imm, op.rb&(cmpL64>>32) != 0, op.rb&(cmpUnsigned>>32) != 0)
				continue
			case kB:
				if op.in.Flags&decode.FlagLink != 0 {
					r.LR = b.addr + uint64(j)*4 + 4
				}
				r.NIP = op.imm
				j, jumped = j+1, true
				break run
			case kBc:
				cia := b.addr + uint64(j)*4
				taken := bcTaken(op, r)
				if op.rb&bcLink != 0 {
					r.LR = cia + 4
				}
				r.NIP = cia + 4
				if taken {
					r.NIP = op.imm
				}
				j, jumped = j+1, true
				break run
			case kBcReg:
				// The target is read before LR is written (opBC).
				cia := b.addr + uint64(j)*4
				tgt := r.LR &^ 3
				if op.rb&bcToCTR != 0 {
					tgt = r.CTR &^ 3
				}
				taken := bcTaken(op, r)
				if op.rb&bcLink != 0 {
					r.LR = cia + 4
				}
				r.NIP = cia + 4
				if taken {
					r.NIP = tgt
				}
				j, jumped = j+1, true
				break run
			case kNop:
				continue
			case kAndi:
				v := r.GPR[op.ra&31] & op.imm
				r.GPR[op.rt&31] = v
				setCR0(r, v)
				continue
			case kMtlr:
				r.LR = r.GPR[op.ra&31]
				continue
			case kMtctr:
				r.CTR = r.GPR[op.ra&31]
				continue
			case kMflr:
				r.GPR[op.rt&31] = r.LR
				continue
			case kMfctr:
				r.GPR[op.rt&31] = r.CTR
				continue
			case kLoad, kStore, kLoadF, kStoreF:
				addr := r.GPR[op.ra&31] + r.GPR[op.rb&31]&op.mask + op.imm
				var d *[mem.PageSize]byte
				if op.kind == kLoad || op.kind == kLoadF {
					d = c.rpage(addr, op.size)
				} else {
					d = c.wpage(addr, op.size)
				}
				if d == nil {
					break
				}
				p := d[addr%mem.PageSize:][:op.size]
				switch op.kind {
				case kLoad:
					r.GPR[op.rt&31] = getUint(p, le)
				case kStore:
					putUint(p, r.GPR[op.rt&31], le)
				case kLoadF:
					r.VSR[op.rt&31] = regs.VSR{Hi: getUint(p, le)}
				default:
					putUint(p, r.VSR[op.rt&31].Hi, le)
				}
				if op.upd {
					r.GPR[op.ra&31] = addr
				}
				continue
			}
			// The op's semantic function, as runCached calls it.
			stop, err := e.blockStep(r, m, b, j)
			if err != nil {
				return n + uint64(j), err
			}
			if stop {
				j, jumped = j+1, true
				break run
			}
			if nat != nil && b.natSegs != nil {
				k := nat.segment(b, j+1, len(ops), r, c)
				if k == len(b.ops) && b.ops[k-1].branch {
					j, jumped = k, true
					break run
				}
				j = k - 1
			}
		}
		if !jumped && j == len(b.ops) && n+uint64(j) < max && b.epoch == c.epoch && c.grow(b, uint(b.addr%mem.PageSize/4)) != 0 {
			// The block ended before an instruction that was not
			// cached when it was decoded and is now: it goes on with
			// it (b.sgen holds: the new words are memory's, which
			// equals the shadow in this epoch).
			ops = b.ops
			if left := max - n; uint64(len(ops)) > left {
				ops = ops[:left]
			}
			goto run
		}
		if !jumped {
			r.NIP = b.addr + uint64(j)*4
		}
		c.fallsTo = b.addr + uint64(j)*4
		if r.NIP != c.fallsTo {
			e.taken = c.fallsTo - 3 // the branch that ends the block
		}
		if n += uint64(j); n == max {
			return n, nil
		}
		s := b.chain(r.NIP)
		if s == nil || s.epoch != c.epoch || s.gate != g {
			// Not chained (an indirect branch's other targets, a
			// block on another page): the jump table, else the page.
			t := &c.jumps[jumpIndex(r.NIP)]
			if s = *t; s == nil || s.addr != r.NIP || s.epoch != c.epoch || s.gate != g {
				if s = c.nextBlock(b, r.NIP, g); s != nil {
					*t = s
				}
			}
		}
		if nat != nil && s != nil {
			nat.link(b, s)
		}
		b = s
	}
}

// jumpSize is the number of entries of pageCache.jumps.
const (
	jumpBits = 12
	jumpSize = 1 << jumpBits
)

// jumpIndex is the entry of pageCache.jumps for the block at nip: the
// top bits of the word index times 2^64/φ (Fibonacci hashing), so that
// functions at the same offset in different pages (aligned entry points)
// do not all meet in the same few entries, as they did with the word
// index modulo the table's size.
// Generated code computes it too (nativeJumpTable).
func jumpIndex(nip uint64) uint64 {
	return nip / 4 * jumpMul >> (64 - jumpBits)
}

// jumpMul is 2^64/φ, jumpIndex's multiplier.
const jumpMul = 0x9e3779b97f4a7c15

// nextBlock is the block at nip for gate g, chained after b (nil: none),
// or nil when there is none.
func (c *pageCache) nextBlock(b *block, nip uint64, g uint64) *block {
	if nip&^(mem.PageSize-4) != c.codeAddr && (nip&3 != 0 || !c.enter(nip)) || c.hr != nil && c.hr.onPage(nip) {
		return nil
	}
	s := c.blockAt(uint(nip%mem.PageSize/4), g)
	if s != nil {
		b.link(s)
	}
	return s
}

// rpage is the page of the data cache holding the n bytes at addr for
// a load, or nil (not cached, crossing a page): the op then takes its
// own path, which gives the same result or the fault.
func (c *pageCache) rpage(addr uint64, n uint8) *[mem.PageSize]byte {
	pn := addr / mem.PageSize
	if t := &c.r[pn%tlbSize]; t.tag == pageTag(addr) && addr%mem.PageSize+uint64(n) <= mem.PageSize {
		return t.page
	}
	return nil
}

// wpage is rpage for a store (the w cache never holds a page with
// decoded code: paged.go's pageMiss).
func (c *pageCache) wpage(addr uint64, n uint8) *[mem.PageSize]byte {
	pn := addr / mem.PageSize
	if t := &c.w[pn%tlbSize]; t.tag == pageTag(addr) && addr%mem.PageSize+uint64(n) <= mem.PageSize {
		return t.page
	}
	return nil
}

// blockStep runs operation j of b through its semantic function, as
// runCached does (a branch with NIP at it). It reports whether the block
// stops there (a branch, with NIP set; or the op may have changed code,
// with NIP at the next instruction), and the op's error, with NIP at it.
func (e *Emulator) blockStep(r *regs.Regs, m Memory, b *block, j int) (bool, error) {
	op := &b.ops[j]
	cia := b.addr + uint64(j)*4
	if op.branch {
		r.NIP = cia
	}
	ep := e.pages.epoch
	if err := op.f(e, r, m, op.in); err != nil {
		r.NIP = cia
		return true, err
	}
	if op.branch {
		return true, nil
	}
	if op.kind == kSync {
		e.pages.epoch++
	}
	if e.pages.epoch != ep {
		r.NIP = cia + 4
		return true, nil
	}
	return false, nil
}
