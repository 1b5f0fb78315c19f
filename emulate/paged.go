package emulate

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// *mem.Memory lends its pages to Run.
var _ PagedMemory = (*mem.Memory)(nil)

// PagedMemory is a Memory made of PageSize-byte pages that it can lend out
// (mem.Memory is one). Run uses it to fetch instructions and to load and
// store on those pages directly, keeping the pages it used between
// instructions, which is much faster than a Read or Write call per access.
// Accesses that cross a page, or that a page does not allow, still go
// through Read and Write, so outcomes and faults are the same either way.
//
// A type that embeds a PagedMemory to watch or change accesses (by
// overriding Read, Write or Fetch) is a PagedMemory too, and Run would
// bypass its methods: hold the memory in a named field instead.
type PagedMemory interface {
	Memory
	// AccessPage returns the storage of the page holding addr if the page
	// allows the access (materialising a page that was never written), or
	// false. Run reads and, for AccessWrite, writes the page directly, and
	// for AccessExec reads instructions from it.
	AccessPage(addr uint64, access mem.Access) (*[mem.PageSize]byte, bool)
	// Generation changes whenever a page that AccessPage returned may no
	// longer be the storage of its address or no longer allow the access
	// (unmapped, remapped, permissions changed). Between calls of Run the
	// memory may change freely; during one it must not be changed except
	// through the Emulator's own steps.
	Generation() uint64
}

// tlbSize is the number of entries of each of the Emulator's data page
// caches (direct-mapped by page number): 4 MiB of pages, 32 KiB of
// entries (docs/performance.md, "The data caches' first level
// (speed48)": with 256, bzip2 -9 spent 4% of its samples in generated
// code's probes of the second level).
const tlbSize = 1024

// tlbEntry is an entry of a data page cache. Generated code (-engine
// native) reads add: the host address of a guest byte at addr on the page
// is add+addr, one addressing mode with no offset to compute (page keeps
// the storage reachable for the collector, which does not move it).
// The size is a power of two (nativeLookup shifts by it): exec pads it.
type tlbEntry struct {
	tag  uint64 // pageTag of its page; 0 is an empty entry
	page *[mem.PageSize]byte
	add  uintptr // uintptr(page) − the page's guest address (mod 2^64)
	// exec: a page of the w cache lent with execute permission (its
	// lending moved the memory's ExecWrites), which is not kept past
	// its Run (pageCache.end).
	exec bool
}

// pageCache is Run's state for a PagedMemory: data pages by access and
// the decoded instructions of code pages. It is valid for one memory and
// one of its generations; Run checks both when it starts.
type pageCache struct {
	// hr is the state of the current Run's code and block hooks (nil:
	// none; hooks.go): nextBlock leaves their pages to Run. fallsTo is
	// where the last instruction runCached or runBlocks ran falls through
	// to (a block hook's block starts anywhere else).
	hr      *hookRun
	fallsTo uint64

	pm  PagedMemory // the memory of the cache; nil: Step is not in Run's fast path
	on  PagedMemory // set only while Run steps on pm: read and write use the caches
	gen uint64
	r   [tlbSize]tlbEntry
	w   [tlbSize]tlbEntry
	// r2 and w2 are the second levels of r and w (level2): the entry
	// a fill of r or w evicts (pageMiss) moves there, at its own index
	// of tlb2Size, so pages whose numbers agree modulo tlbSize (4 MiB
	// apart: heaps, stacks, arenas) do not evict each other, and a
	// program whose data spans thousands of pages (xz's match finder)
	// finds them there. Generated code probes them after a miss of the
	// first level; the block loop and Step look at the first level
	// only, and pageMiss at the second before the memory (a page found
	// there comes back to the first, swapping with its entry). A page
	// is in at most one level of a set. r2 is kept across Runs as r is
	// (begin and end), w2 as w is unless it was given an
	// exec entry (level2.exec), then emptied at the Run's end.
	r2, w2 level2

	// The code page Run fetches from, and its decoded instructions.
	// codeAddr is the page's address, and noCode (never an address
	// NIP&^(PageSize-4) can equal for a NIP on a page Run fetches from
	// with codePage, as it has a low bit set) with noPage and
	// neverInsts when there is none.
	codeAddr  uint64
	codePage  *[mem.PageSize]byte
	codeInsts *codeInsts
	// codeBlks are the blocks of the code page (block.go), nil while it
	// has none.
	codeBlks *codeBlocks
	// Decoded instructions by page number. Entries hold the bytes they
	// were decoded from and are used only while memory still holds them,
	// so they need no invalidation (stores into code, remapping and
	// mprotect all show as other bytes or a refused AccessPage); they
	// are dropped with the cache when it grows past maxCodePages, and
	// with them the pages' blocks (blocks, by page number: a page has
	// an entry from its first block on).
	code   map[uint64]*codeInsts
	blocks map[uint64]*codeBlocks
	// insts are the decoded instructions the entries of code refer to,
	// by codeInst.ref, in chunks of instChunk (ref 0 is none: slot 0 is
	// never one's); nInsts are the slots given. An entry keeps its slot
	// for good (fill puts a new decoding there), so there are at most
	// as many as the entries of the pages in code; they are dropped
	// with code. Kept apart from the entries so that those hold no
	// pointer: the collector never reads a code page's entries (it
	// would read all 16 KiB of each, faulting in the parts no
	// instruction has touched). In chunks, not one slice, so that
	// growing copies nothing (appending to a slice of 250,000 copied
	// and faulted in 4 MB for Ruby's start-up).
	insts  []*[instChunk]*decode.Inst
	nInsts uint32
	// Code pages Run entered lately (enter), direct-mapped by page
	// number, valid like codePage for the memory's generation.
	entered [codeTLBSize]codeTLBEntry

	// runCached's step limit, the steps left at the start of the
	// current line, the index on the code page where it starts and the
	// index where it must stop (the step limit or the page end).
	max, left    uint64
	line, stopAt uint
	// tier: runCached runs cold code for runBlocks, and returns at a
	// line (after a branch) that is hot (codeInst.heat has reached hot:
	// blockHot, or nativeHot under EngineNative when set, by tests of
	// the generated code whose loops run too few times otherwise).
	tier      bool
	hot       uint16
	nativeHot uint16

	// epoch moves whenever code may have changed: at the start of a
	// Run unless nothing can have written code since the last one ended
	// (begin), and when a step writes to a page with decoded
	// instructions (such a page is never in the w cache, so that the
	// write takes pageMiss or the Memory call) or runs icbi. A block
	// whose epoch is not this one has its words checked before it runs.
	epoch uint64
	// The code pages' shadows (block.go) by page number, bounded as
	// code is; sh is that of page shPage-1 (0: none), and shadowGen the
	// last generation given to one.
	shadows   map[uint64]*codeShadow
	sh        *codeShadow
	shPage    uint64
	shadowGen uint64

	// jumps are the blocks runBlocks went on to lately without a chain
	// (block.next holds two, on the block's page), direct-mapped by
	// address: an entry is used for its address while its epoch is the
	// current one, as a chained block is (it was found through
	// nextBlock in this epoch, so on an executable page without hooks,
	// and its words checked; the memory cannot change during a Run but
	// through the Emulator's steps, which move the epoch when they may
	// change code). A block on another page than codeAddr runs without
	// making its page the code page: only nextBlock and runCached use
	// codeAddr, for an address on it.
	jumps [jumpSize]*block

	// runStop is Config.RunStop: an instruction it names is never fast.
	runStop func(in *decode.Inst) bool

	// EngineNative (native.go): the step budget of a call of generated
	// code, less the steps of the whole blocks it ran before the one it
	// returned from (a loop in a block, blocks chained to: the code
	// takes each block's steps off as it finishes it), that block (set
	// by every way out of a block's code: docs/performance.md, "Block
	// edges (speed47)") and 1 + the address of its last taken branch (0:
	// none).
	natLeft  uint64
	natBlk   *block
	natTaken uint64

	// execWrites is 1 + the memory's mem.Memory.ExecWrites when the last
	// Run on it ended (0: none, or not a *mem.Memory): begin keeps the
	// epoch while it is unchanged.
	execWrites uint64

	// r and w keep their pages from one Run on pm to the next (end
	// leaves them; begin empties them when pm or its Generation changed,
	// or for a Run with hooks): the pages AccessPage lent for reading
	// are still the storage of their addresses and still readable then
	// (PagedMemory's Generation), so a Run after a system call or a
	// quantum does not miss on every page it reads again. A page lent
	// for writing without execute permission is not counted by
	// ExecWrites (no instruction can be fetched from it before a
	// Protect, which changes Generation), so its stores in a later Run
	// need no counting; while Generation stays it is still the storage
	// of its address and still writable (copy-on-write after a fork:
	// Clone changes the Generation of the memory cloned). end drops w's
	// exec entries (wExec: pageMiss gave one in this Run), and all of w
	// when pm is not a *mem.Memory. Outside Run Step does not use them
	// (dataPage and pageMiss look at on). xz -9 of 1 MB runs 78,000 Runs
	// (the runner's quanta) and missed w 3.7 M times when w was emptied
	// at each; bzip2 -9 of 3 MB runs 60,000, and copying r and w aside
	// at each Run's end and back at the next's start (32 KiB) was 4% of
	// its time.
	wExec bool
}

// tlb2Size is the number of entries of a second level (64 MiB of pages;
// 512 KiB of entries).
const tlb2Size = 1 << 14

// level2 is the second level of a data page cache, direct-mapped by page
// number. Its entries are allocated at the first fill (until then t is
// emptyTLB2, which generated code reads and nothing writes), and emptied
// by the indices filled since the last clear (dirty; all of t once they
// are more than tlb2Size/8), so that a Run's end costs what the Run
// filled.
type level2 struct {
	t     *[tlb2Size]tlbEntry
	dirty []uint32
	all   bool
	exec  bool // an entry put since the last clear had exec set
}

// pageTag is the tag of the data caches' entry for the page holding addr:
// the address of the page's last byte, which is never 0 (an empty entry).
// Generated code checks an access's page and that it does not cross the
// page's end with one compare: the tag of the access's last byte against
// the entry of its first (nativeLookup).
func pageTag(addr uint64) uint64 { return addr | (mem.PageSize - 1) }

// emptyTLB2 is the entries of every level2 not yet filled (never written).
var emptyTLB2 [tlb2Size]tlbEntry

// find returns the entry holding page pn, or nil.
func (l *level2) find(pn uint64) *tlbEntry {
	if l.t == nil {
		return nil
	}
	if t := &l.t[pn%tlb2Size]; t.tag == pageTag(pn*mem.PageSize) {
		return t
	}
	return nil
}

// put enters e (a filled entry) at its page's index.
func (l *level2) put(e tlbEntry) {
	if l.t == nil || l.t == &emptyTLB2 {
		l.t = new([tlb2Size]tlbEntry)
	}
	i := e.tag / mem.PageSize % tlb2Size
	l.t[i] = e
	l.exec = l.exec || e.exec
	if !l.all {
		if len(l.dirty) < tlb2Size/8 {
			l.dirty = append(l.dirty, uint32(i))
		} else {
			l.all = true
		}
	}
}

// drop removes page pn.
func (l *level2) drop(pn uint64) {
	if t := l.find(pn); t != nil {
		*t = tlbEntry{}
	}
}

// clear removes every page, and makes t non-nil for generated code.
func (l *level2) clear() {
	switch {
	case l.t == nil:
		l.t = &emptyTLB2
	case l.t == &emptyTLB2:
	case l.all:
		*l.t = [tlb2Size]tlbEntry{}
	default:
		for _, i := range l.dirty {
			l.t[i] = tlbEntry{}
		}
	}
	l.dirty, l.all, l.exec = l.dirty[:0], false, false
}

// codeTLBSize is the number of entries of pageCache.entered: more than
// the code pages a big program's start-up goes between (Ruby's, Perl's:
// libruby alone is 900 pages, and a miss costs two map look-ups and an
// AccessPage).
const codeTLBSize = 128

type codeTLBEntry struct {
	tag   uint64 // page number + 1; 0 is an empty entry
	page  *[mem.PageSize]byte
	insts *codeInsts
	blks  *codeBlocks
}

// noCode, noPage and neverInsts stand for no code page: whatever NIP,
// an entry of neverInsts never matches (a zero codeInst has no gate).
const noCode = 1

var (
	noPage     [mem.PageSize]byte
	neverInsts codeInsts
)

// maxCodePages bounds the decoded-instruction pages an Emulator keeps
// (16 KiB each: 1,024 codeInsts of 16 bytes, 8 bytes more in
// pageCache.insts for each decoded word, and 8 KiB more for a page with
// blocks; 64 MiB at most): a program that generates code page after
// page does not grow the cache without end.
const maxCodePages = 2048

// codeInsts are the decoded instructions of one code page, by word.
type codeInsts [mem.PageSize / 4]codeInst

// codeBlocks are EngineBlock's blocks of one code page, by the index of
// their first word; kept apart from the codeInsts, so that an entry is
// 16 bytes with no pointer (four in a host cache line, none across two)
// and a page whose code runs only a few times (most of a big program's)
// has none.
type codeBlocks [mem.PageSize / 4]*block

// at is &insts[i%len] without the nil check of insts (never nil: the
// code page's are neverInsts when there is none), which would load the
// array's first cache line, another line than the entry's, often a
// cache miss when the code page has just changed.
func (insts *codeInsts) at(i uint) *codeInst {
	return (*codeInst)(unsafe.Add(unsafe.Pointer(insts), uintptr(i%(mem.PageSize/4))*unsafe.Sizeof(codeInst{})))
}

// codeInst caches the decoding of one non-prefixed instruction, and what
// Step would look up for it.
type codeInst struct {
	// tag is the instruction's bytes as a little-endian number (low 32
	// bits) and, above them, the gate: gate(MSR) when the entry was
	// made valid for it (setGate), or 0; with branchTag for a
	// branch. Run calls f directly when tag is the word in memory |
	// gate(MSR) (| branchTag): the checks of Step that depend on
	// the instruction and those bits of MSR pass. (A branch's tag never
	// matches without branchTag, so Run's inner loop tells the two
	// apart only after a mismatch.)
	tag uint64
	// ref is the index of the entry's slot in pageCache.insts, 0 while
	// it has none; the slot holds the decoded instruction while
	// ciDecoded is set.
	ref uint32
	// heat counts the times EngineBlock entered the line starting here
	// without a block, up to pageCache.hot (block.go's tiering); a new
	// decoding starts at 0.
	heat uint16
	// bits are the op (its semantic function: semantics[op]) and the
	// flags ciLE, ciBranch, ciFast and ciDecoded.
	bits uint16
}

// The flags of codeInst.bits, above the op:
//   - ciLE: decoded in little-endian mode (MSR[LE]);
//   - ciBranch: the op sets NIP (branches);
//   - ciFast: the checks of Step that depend on the instruction alone
//     pass (valid form, not privileged, within the ISA level, emulated)
//     and Run's fast loop may call its semantic function (not in
//     readsCIA, no accumulator operand), so only MSR decides (setGate);
//   - ciDecoded: pageCache.insts[ref] is the decoding of the word in tag
//     (else the entry only marks the word as seen: fill).
const (
	ciOp      = 1<<11 - 1
	ciLE      = 1 << 11
	ciBranch  = 1 << 12
	ciFast    = 1 << 13
	ciDecoded = 1 << 14
)

// Every op fits ciOp (else this constant overflows: a compile error).
const _ = uint(ciOp + 1 - decode.NumOps)

// A codeInst is 16 bytes on every host (codeBlocks, maxCodePages): a
// size off it makes one of these constants negative, which no uintptr
// holds: a compile error.
const (
	_ = 16 - unsafe.Sizeof(codeInst{})
	_ = unsafe.Sizeof(codeInst{}) - 16
)

// op is the entry's op (decoded: ciDecoded).
func (ci *codeInst) op() decode.Op { return decode.Op(ci.bits & ciOp) }

// leBits is ciLE if le, else 0.
func leBits(le bool) uint16 {
	if le {
		return ciLE
	}
	return 0
}

// instChunk is the number of slots in a chunk of pageCache.insts.
const instChunk = 1024

// inst is the decoded instruction of ci, an entry with ciDecoded.
func (c *pageCache) inst(ci *codeInst) *decode.Inst {
	return c.insts[ci.ref/instChunk][ci.ref%instChunk]
}

// setInst puts in into the slot of ci, giving it one if it has none.
func (c *pageCache) setInst(ci *codeInst, in *decode.Inst) {
	if ci.ref == 0 {
		n := max(c.nInsts, 1) // slot 0: no ref
		if n/instChunk == uint32(len(c.insts)) {
			c.insts = append(c.insts, new([instChunk]*decode.Inst))
		}
		ci.ref, c.nInsts = n, n+1
	}
	c.insts[ci.ref/instChunk][ci.ref%instChunk] = in
}

// namesACC reports whether in has an MMA accumulator operand. Only such
// instructions (xxsetaccz, xxmtacc, xxmfacc, the rank-k updates) prime or
// deprime an accumulator; Run's fast loop, which runs only while none is
// primed, leaves them to Step. TestNonBranchOpsIgnoreNIP checks that no
// other op changes the primed accumulators.
func namesACC(in *decode.Inst) bool {
	for i := 0; i < int(in.NArgs) && i < len(in.Kinds); i++ {
		if in.Kinds[i] == decode.ArgACC {
			return true
		}
	}
	return false
}

// gateMSR are the bits of MSR Step's checks of a cacheable instruction
// depend on: the byte order it was decoded in and the facilities
// (facilityNeed). gateValid is in every gate, so that a tag without it
// matches none: the zero codeInst (a page's entries before fill sets
// them, so that a new page needs no initialising copy) and an entry
// setGate made valid for no MSR. branchTag marks the tag of a branch, a
// bit no gate has.
const (
	gateMSR   = regs.MSRLE | regs.MSRFP | regs.MSRVEC | regs.MSRVSX
	gateValid = 1 << 31
	branchTag = 1 << 30 << 32
)

// The gate bits and gateValid fit the low word of MSR (a tag's upper
// half), and neither gateValid nor branchTag is a gate bit or the other
// (a constant that broke any of this would not compile: the conversion or
// the unsigned negation would overflow).
const (
	_ = uint32(gateMSR | gateValid)
	_ = -(gateValid & gateMSR)
	_ = -(branchTag >> 32 & (gateMSR | gateValid))
)

// gate is a codeInst tag's upper half for MSR msr.
func gate(msr uint64) uint64 { return (msr&gateMSR | gateValid) << 32 }

// setGate makes the tag of ci, whose decoding is in, valid for msr if
// its facilities are on in msr, and for none otherwise.
func (ci *codeInst) setGate(in *decode.Inst, msr uint64) {
	g := uint64(0)
	if need := facilityNeed[in.Facility&7]; ci.bits&ciFast != 0 && msr&need == need {
		g = gate(msr)
	}
	if ci.bits&ciBranch != 0 {
		g |= branchTag
	}
	ci.tag = ci.tag&0xffffffff | g
}

// readsCIA marks the ops other than branches that read the address of
// the instruction (r.NIP while they execute). Run's fast loop does not keep
// NIP up to date while it calls other non-branch ops (runCached), so these
// take Step. (The prefixed pc-relative forms are never cached.)
// TestNonBranchOpsIgnoreNIP checks that no other op reads it.
var readsCIA = [decode.NumOps]bool{ppc64asm.ADDPCIS: true}

// begin makes the cache valid for pm and turns the data caches on; end
// turns them off again, emptying them, so that a step outside Run (on
// any Memory) never finds a page in them. hooked says that the Run has
// code or block hooks.
//
// begin moves the epoch (every block, chain and jump table entry is
// checked again before it runs) unless nothing but this Emulator's own
// steps can have changed code since the last Run on pm ended: pm is
// that Run's *mem.Memory (not a wrapper, whose Write may go elsewhere),
// its ExecWrites is what it was when that Run ended, and this Run has no
// hooks (a block chained in an earlier Run would bypass a hook's page:
// nextBlock does not enter one). A change of pm's Generation alone (a
// map, or a change of pages without execute permission: Ruby's start-up
// makes 225) forgets the pages but keeps the epoch: the blocks of a page
// without execute permission are all of an older epoch (it lost the
// permission in a change that moved ExecWrites, or never had it), and
// are checked before they run again. What can write code between two
// Runs, and how each is seen:
//
//   - the runner's and a debugger's writes into guest memory (system
//     call results, read(2) into a buffer, signal frames, the GDB stub's
//     memory writes and breakpoints, ptrace and process_vm_writev, a
//     replay's ChangeWrite): mem.Memory's Write, Poke and Apply, counted
//     by ExecWrites when the page has execute permission;
//   - another Emulator's Run on the same memory (another guest thread,
//     if threads had Emulators of their own: the Linux runner's threads
//     share one) and Step outside Run: their stores go through Write or
//     through pages AccessPage (AccessWrite) or WritePage lent, counted
//     at each lending of a page with execute permission; a Run's data
//     caches end with it (end);
//   - mmap, munmap, mprotect, mremap, madvise(MADV_DONTNEED), exec,
//     Snapshot, Restore and Clone: Map, Unmap, Protect, Move and Zero
//     change Generation (begin then forgets the pages), and ExecWrites
//     when they change a range with a page with execute permission;
//   - stores into a shared mapping (MAP_SHARED) through another mapping
//     of its object, in this memory or in another process's: ExecWrites
//     changes on every call while a shared mapping has execute
//     permission, so such a memory moves the epoch at every Run (a
//     Volatile Shared's pages, host files mapped shared, are never lent
//     and never hold decoded code);
//   - a store through a page some caller holds from Page (with Write)
//     since before the last Run's end: counted at its lending, before
//     that end, so not seen; mem's documentation of ExecWrites forbids
//     it (the runner lends pages only for reading and instruction
//     fetches).
//
// Anything else (another PagedMemory, a Run with hooks, a memory whose
// generation changed) moves the epoch, as every Run did before.
func (c *pageCache) begin(pm PagedMemory, hooked bool) {
	same := c.pm == pm
	if gen := pm.Generation(); !same || c.gen != gen {
		c.flush()
		c.pm, c.gen = pm, gen
	} else if hooked {
		c.r, c.w = [tlbSize]tlbEntry{}, [tlbSize]tlbEntry{}
		c.r2.clear()
		c.w2.clear()
	}
	if mm, ok := pm.(*mem.Memory); !same || !ok || hooked || c.execWrites == 0 || mm.ExecWrites()+1 != c.execWrites {
		c.epoch++
	}
	c.execWrites = 0
	c.on = pm
	if c.r2.t == nil || c.w2.t == nil {
		c.r2.clear()
		c.w2.clear()
	}
}

func (c *pageCache) end() {
	mm, ok := c.on.(*mem.Memory)
	if ok {
		c.execWrites = mm.ExecWrites() + 1
	}
	c.on = nil
	switch {
	case !ok:
		c.w = [tlbSize]tlbEntry{}
	case c.wExec:
		for i := range c.w {
			if c.w[i].exec {
				c.w[i] = tlbEntry{}
			}
		}
	}
	c.wExec = false
	if !ok || c.w2.exec {
		c.w2.clear()
	}
}

// flush forgets every page (the decoded instructions stay: they check
// their word).
func (c *pageCache) flush() {
	c.r, c.w, c.wExec = [tlbSize]tlbEntry{}, [tlbSize]tlbEntry{}, false
	c.r2.clear()
	c.w2.clear()
	c.codeAddr, c.codePage, c.codeInsts, c.codeBlks = noCode, &noPage, &neverInsts, nil
	c.entered = [codeTLBSize]codeTLBEntry{}
}

// dataPage is the page holding the n bytes at addr for an access of a
// step in Run on a PagedMemory, from the data page cache set (pages.r or
// pages.w), or nil; on nil, pageMiss fills the entry from the memory. They
// give nil outside Run, in 32-bit mode, across pages, or on a page that
// does not allow the access (read and write then take the Memory call,
// which gives the same result or the fault). A load reads the value from
// the page; a store writes into it, after its last check. dataPage is
// small enough to inline.
func (e *Emulator) dataPage(set *[tlbSize]tlbEntry, addr uint64, n int) *[mem.PageSize]byte {
	pn := addr / mem.PageSize
	if t := &set[pn%tlbSize]; t.tag == pageTag(addr) && addr%mem.PageSize+uint64(n) <= mem.PageSize && !e.wrap32 && e.pages.on != nil {
		return t.page
	}
	return nil
}

// pageMiss is dataPage for a page not in set. The sets are used only
// while Run steps on a PagedMemory (pageCache.on).
func (e *Emulator) pageMiss(set *[tlbSize]tlbEntry, addr uint64, n int, acc mem.Access) *[mem.PageSize]byte {
	c := &e.pages
	if c.on == nil || e.wrap32 || addr%mem.PageSize+uint64(n) > mem.PageSize {
		return nil
	}
	pn := addr / mem.PageSize
	t := &set[pn%tlbSize]
	l2 := c.second(set)
	if s := l2.find(pn); s != nil {
		// From the second level (lent in this Run, or kept with r):
		// swapped with the first's entry.
		old := *t
		*t, *s = *s, tlbEntry{}
		if old.tag != 0 {
			l2.put(old)
		}
		return t.page
	}
	mm, isMem := c.on.(*mem.Memory)
	var ew uint64
	if isMem && set == &c.w {
		ew = mm.ExecWrites()
	}
	p, ok := c.on.AccessPage(addr, acc)
	if !ok {
		return nil
	}
	// A page lent for writing with execute permission moves ExecWrites
	// (so does a call while an executable shared mapping exists: such
	// pages are then all taken as executable).
	exec := set == &c.w && (!isMem || mm.ExecWrites() != ew)
	if set == &c.w && c.code[pn] != nil {
		// A store into decoded code: the blocks are checked again, and
		// the page stays out of the cache so that the next store comes
		// here too.
		c.epoch++
		return p
	}
	if t.tag != 0 && t.tag != pageTag(addr) {
		l2.put(*t) // the evicted entry to the second level
	}
	*t = tlbEntry{tag: pageTag(addr), page: p, add: uintptr(unsafe.Pointer(p)) - uintptr(pn*mem.PageSize), exec: exec}
	c.wExec = c.wExec || exec
	return p
}

// mayWriteCode reports whether a write of n bytes at addr through the
// memory's Write (in Run, a store that crosses a page, or that the w cache
// does not take) may change code Run decoded: for a *mem.Memory, whose
// Write writes those bytes only, when a page of them has decoded
// instructions (as pageMiss moves the epoch for a store into such a
// page); for another memory, whose Write may go elsewhere, always. (A
// program's start-up makes a hundred such stores, each of which moved
// the epoch, and with it every block, chain and jump table entry, to be
// checked again.)
func (c *pageCache) mayWriteCode(addr uint64, n int) bool {
	if _, ok := c.on.(*mem.Memory); !ok || n == 0 {
		return true
	}
	return c.code[addr/mem.PageSize] != nil || c.code[(addr+uint64(n)-1)/mem.PageSize] != nil
}

// second is the second level of set (c.r or c.w).
func (c *pageCache) second(set *[tlbSize]tlbEntry) *level2 {
	if set == &c.r {
		return &c.r2
	}
	return &c.w2
}

// fetchCached returns the cached instruction at nip (a multiple of 4)
// from the code page cache, or nil when Run must take the general path
// (another page, a prefixed or undecodable word, a word not yet seen).
func (c *pageCache) fetchCached(nip uint64, le bool) *codeInst {
	if nip&^(mem.PageSize-4) != c.codeAddr {
		return nil
	}
	off := nip % mem.PageSize
	raw := binary.LittleEndian.Uint32(c.codePage[off:])
	if ci := &c.codeInsts[off/4]; uint32(ci.tag) == raw && ci.bits&(ciLE|ciDecoded) == leBits(le)|ciDecoded {
		return ci
	}
	return nil
}

// enter makes nip's page the code page if Run has decoded instructions
// of it and it allows instruction fetches, and reports whether it did:
// after a branch to another page, Run goes on with the page's cached
// instructions without a Step to switch pages (stepPaged and fill).
func (c *pageCache) enter(nip uint64) bool {
	pn := nip / mem.PageSize
	t := &c.entered[pn%codeTLBSize]
	if t.tag != pn+1 {
		ci := c.code[pn]
		if ci == nil {
			return false
		}
		p, ok := c.on.AccessPage(nip, mem.AccessExec)
		if !ok {
			return false
		}
		*t = codeTLBEntry{tag: pn + 1, page: p, insts: ci, blks: c.blocks[pn]}
	}
	c.codeAddr, c.codePage, c.codeInsts, c.codeBlks = nip&^(mem.PageSize-1), t.page, t.insts, t.blks
	return true
}

// fill makes nip's page the code page if it is executable and caches
// the decoding of in, the instruction fetched from nip, unless it is
// prefixed (its suffix may lie on the next page): at once with shared set
// (in is decode's shared immutable Inst), else (a scratch) the second
// time in a row that word is fetched from nip. level is the
// Emulator's ISA level, msr the MSR the instruction was fetched with.
func (c *pageCache) fill(nip uint64, in *decode.Inst, shared bool, level decode.Level, msr uint64) {
	addr := nip &^ (mem.PageSize - 1)
	if addr != c.codeAddr {
		p, ok := c.on.AccessPage(nip, mem.AccessExec)
		if !ok {
			return
		}
		pn := nip / mem.PageSize
		ci := c.code[pn]
		if ci == nil {
			if c.code == nil || len(c.code) >= maxCodePages {
				c.code = map[uint64]*codeInsts{}
				c.insts, c.nInsts = nil, 0
				c.blocks = nil
				c.entered = [codeTLBSize]codeTLBEntry{}
				// The pages dropped are no longer kept out of the
				// w cache (pageMiss): their blocks, still reachable
				// through chains and the jump table, are checked
				// again.
				c.epoch++
			}
			ci = new(codeInsts) // zero entries: none matches (gateValid)
			c.code[pn] = ci
			if t := &c.w[pn%tlbSize]; t.tag == pageTag(pn*mem.PageSize) {
				*t = tlbEntry{} // stores to it now take pageMiss
			}
			c.w2.drop(pn)
		}
		c.codeAddr, c.codePage, c.codeInsts, c.codeBlks = addr, p, ci, c.blocks[pn]
	}
	if in.Len != 4 {
		return
	}
	raw := uint64(binary.LittleEndian.Uint32(c.codePage[nip%mem.PageSize:]))
	le := msr&regs.MSRLE != 0
	if !shared {
		// decode had not kept the word: seen for the first time, or
		// its slot in decode's direct-mapped cache was taken by another
		// word in between (a large program's words keep evicting each
		// other there, and were then never cached here, each run
		// stepped). The first time at nip, the entry only marks the
		// word as seen there (a tag without a gate and no in match
		// nothing); the second time, the word is cached through
		// decode.Lookup, whose result is immutable.
		if old := &c.codeInsts[nip%mem.PageSize/4]; old.bits&(ciLE|ciDecoded) != leBits(le) || old.tag != raw {
			if old.bits&ciDecoded != 0 {
				c.setInst(old, nil)
			}
			*old = codeInst{tag: raw, ref: old.ref, bits: leBits(le)}
			c.dropBlock(nip)
			return
		}
		var err error
		if in, err = decode.Lookup(in.Word, in.Suffix); err != nil {
			return
		}
	}
	// Run calls the dispatch table's entry, semantics[op]: Run and Step
	// run the same function.
	bits := uint16(in.Op)&ciOp | leBits(le) | ciDecoded
	if branches[in.Op] {
		bits |= ciBranch
	}
	if semantics[in.Op] != nil && in.Invalid == 0 && !in.Has(decode.FlagPrivileged) && in.Level <= level &&
		!readsCIA[in.Op] && !namesACC(in) && (c.runStop == nil || !c.runStop(in)) {
		bits |= ciFast
	}
	slot := c.codeInsts.at(uint(nip % mem.PageSize / 4))
	c.setInst(slot, in)
	ci := codeInst{tag: raw, ref: slot.ref, bits: bits}
	ci.setGate(in, msr)
	*slot = ci
	c.dropBlock(nip)
}

// dropBlock forgets the block at nip on the code page, whose decoding
// fill has just replaced: the new one starts cold (blockAt).
func (c *pageCache) dropBlock(nip uint64) {
	if c.codeBlks != nil {
		c.codeBlks[nip%mem.PageSize/4] = nil
	}
}
