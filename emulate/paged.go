package emulate

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/decode"
)

// PageSize is the size in bytes of a page of a PagedMemory.
const PageSize = 4096

// Access is the kind of an access to a page of a PagedMemory.
type Access uint8

// The kinds of access.
const (
	AccessRead  Access = iota // data loads
	AccessWrite               // data stores
	AccessExec                // instruction fetches
)

// PagedMemory is a Memory made of PageSize-byte pages that it can lend out
// (mem.Memory is one). Run uses it to fetch instructions and to load and
// store on those pages directly, keeping the pages it used between
// instructions, which is much faster than a Read or Write call per access.
// Accesses that cross a page, or that a page does not allow, still go
// through Read and Write, so outcomes and faults are the same either way.
type PagedMemory interface {
	Memory
	// AccessPage returns the storage of the page holding addr if the page
	// allows the access (materialising a page that was never written), or
	// false. Run reads and, for AccessWrite, writes the page directly, and
	// for AccessExec reads instructions from it.
	AccessPage(addr uint64, access Access) (*[PageSize]byte, bool)
	// Generation changes whenever a page that AccessPage returned may no
	// longer be the storage of its address or no longer allow the access
	// (unmapped, remapped, permissions changed). Between calls of Run the
	// memory may change freely; during one it must not be changed except
	// through the Emulator's own steps.
	Generation() uint64
}

// tlbSize is the number of entries of each of the Emulator's data page
// caches (direct-mapped by page number).
const tlbSize = 64

type tlbEntry struct {
	tag  uint64 // page number + 1; 0 is an empty entry
	page *[PageSize]byte
}

// pageCache is Run's state for a PagedMemory: data pages by access and
// the decoded instructions of code pages. It is valid for one memory and
// one of its generations; Run checks both when it starts.
type pageCache struct {
	pm  PagedMemory // the memory of the cache; nil: Step is not in Run's fast path
	on  PagedMemory // set only while Run steps on pm: read and write use the caches
	gen uint64
	r   [tlbSize]tlbEntry
	w   [tlbSize]tlbEntry

	// The code page Run fetches from, and its decoded instructions.
	codeTag   uint64 // page number + 1
	codePage  *[PageSize]byte
	codeInsts *codeInsts
	// Decoded instructions by page number. Entries hold the word they
	// were decoded from and are used only while memory still holds that
	// word, so they need no invalidation (stores into code, remapping and
	// mprotect all show as a different word or a refused AccessPage);
	// they are dropped with the cache when it grows past maxCodePages.
	code map[uint64]*codeInsts
}

// maxCodePages bounds the decoded-instruction pages an Emulator keeps
// (16 KiB each): a program that generates code page after page does not
// grow the cache without end.
const maxCodePages = 2048

// codeInsts are the decoded instructions of one code page, by word.
type codeInsts [PageSize / 4]codeInst

// codeInst caches the decoding of one non-prefixed instruction word.
type codeInst struct {
	word uint32
	in   *decode.Inst // decode's shared immutable Inst; nil: empty
}

// begin makes the cache valid for pm and turns the data caches on; end
// turns them off again.
func (c *pageCache) begin(pm PagedMemory) {
	if gen := pm.Generation(); c.pm != pm || c.gen != gen {
		c.flush()
		c.pm, c.gen = pm, gen
	}
	c.on = pm
}

func (c *pageCache) end() { c.on = nil }

// flush forgets every page (the decoded instructions stay: they check
// their word).
func (c *pageCache) flush() {
	c.r = [tlbSize]tlbEntry{}
	c.w = [tlbSize]tlbEntry{}
	c.codeTag, c.codePage, c.codeInsts = 0, nil, nil
}

// dataPage returns the page for an access of n bytes at addr within one
// page, from the cache set or filled from the memory; nil when the access
// crosses a page or the page does not allow it (read and write then take
// the Memory call, which gives the same result or the fault).
func (c *pageCache) dataPage(set *[tlbSize]tlbEntry, addr uint64, n int, acc Access) *[PageSize]byte {
	if addr&(PageSize-1)+uint64(n) > PageSize {
		return nil
	}
	pn := addr / PageSize
	t := &set[pn%tlbSize]
	if t.tag == pn+1 {
		return t.page
	}
	p, ok := c.on.AccessPage(addr, acc)
	if !ok {
		return nil
	}
	t.tag, t.page = pn+1, p
	return p
}

// fetchCached returns the decoded instruction at nip (a multiple of 4)
// from the code page cache, or nil when Run must take the general path
// (another page, a prefixed or undecodable word, a word not yet seen).
func (c *pageCache) fetchCached(nip uint64, le bool) *decode.Inst {
	if nip/PageSize+1 != c.codeTag {
		return nil
	}
	off := nip & (PageSize - 1)
	var w uint32
	if le {
		w = binary.LittleEndian.Uint32(c.codePage[off:])
	} else {
		w = binary.BigEndian.Uint32(c.codePage[off:])
	}
	if ci := &c.codeInsts[off/4]; ci.word == w {
		return ci.in // nil for an empty entry
	}
	return nil
}

// fill makes nip's page the code page if it is executable and, with
// shared set (in is decode's shared immutable Inst, not a scratch),
// caches the decoding of in, the instruction fetched from nip, unless it
// is prefixed (its suffix may lie on the next page).
func (c *pageCache) fill(nip uint64, in *decode.Inst, shared bool) {
	pn := nip / PageSize
	if pn+1 != c.codeTag {
		p, ok := c.on.AccessPage(nip, AccessExec)
		if !ok {
			return
		}
		ci := c.code[pn]
		if ci == nil {
			if c.code == nil || len(c.code) >= maxCodePages {
				c.code = map[uint64]*codeInsts{}
			}
			ci = new(codeInsts)
			c.code[pn] = ci
		}
		c.codeTag, c.codePage, c.codeInsts = pn+1, p, ci
	}
	if shared && in.Len == 4 {
		c.codeInsts[nip&(PageSize-1)/4] = codeInst{word: in.Word, in: in}
	}
}
