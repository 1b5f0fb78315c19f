package system

import (
	"encoding/binary"
	"fmt"

	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Address translation: real mode and the radix MMU (Power ISA 3.0B / 3.1B
// Book III 6.7, "Radix Tree Translation"; 6.7.3 real addressing mode).
// Only the process-scoped translation of a hypervisor (LPCR[HR] = 1 with
// the partition table entry of LPID 0 naming the process table) is done:
// partition-scoped (guest) translation and the hashed page table are not.

// DSISR bits the MMU sets for a data storage interrupt (Power ISA 3.1B
// Book III 7.5.3).
const (
	DSISRNotFound   = 1 << 30 // bit 33: no translation (a PDE or PTE not valid)
	DSISRProtection = 1 << 27 // bit 36: the access is not permitted
	DSISRStore      = 1 << 25 // bit 38: the access was a store
	DSISRDAWR       = 1 << 22 // bit 41: data address watchpoint match (9.4)
	DSISRBadRadix   = 1 << 19 // bit 44: radix tree, process or partition table malformed
	DSISRRC         = 1 << 18 // bit 45: the PTE's R (or, for a store, C) bit is 0 and the MMU does not set it
)

// TranslationError is the cause of an access the MMU refused: the DSISR
// bits for a data access, the SRR1 bits for a fetch, or a segment fault
// (an EA outside the radix tree's range or in a quadrant not translated).
type TranslationError struct {
	EA      uint64
	DSISR   uint64 // for a data access (without DSISRStore, which the CPU adds)
	SRR1    uint64 // for an instruction fetch
	Segment bool   // data or instruction segment interrupt
}

func (e *TranslationError) Error() string {
	if e.Segment {
		return fmt.Sprintf("system: segment fault at %#x", e.EA)
	}
	return fmt.Sprintf("system: translation fault at %#x (DSISR %#x, SRR1 %#x)", e.EA, e.DSISR, e.SRR1)
}

// Radix PTE and PDE fields (Power ISA 3.1B Book III 6.7.10.1, Figures
// "Radix page directory entry" and "Radix page table entry").
const (
	pteValid = 1 << 63            // V
	pteLeaf  = 1 << 62            // L
	pteNLB   = 0x0fffffffffffff00 // PDE: next level base, bits 4:55
	pteNLS   = 0x1f               // PDE: next level size, bits 59:63
	pteRPN   = 0x01fffffffffff000 // PTE: real page number, bits 7:51
	pteR     = 1 << 8             // bit 55: reference
	pteC     = 1 << 7             // bit 56: change
	pteCI    = 1 << 5             // bit 58 (ATT high bit): non-idempotent I/O
	ptePriv  = 1 << 3             // bit 60: EAA privileged
	pteRead  = 1 << 2             // bit 61: EAA read
	pteRW    = 1 << 1             // bit 62: EAA read/write
	pteExec  = 1 << 0             // bit 63: EAA execute
)

// tlbEntries is the size of the translation cache (direct-mapped by page).
const tlbEntries = 256

type tlbEntry struct {
	valid bool
	tag   uint64 // EA >> 12 with the quadrant
	pte   uint64 // the leaf PTE as read
	ptea  uint64 // its physical address (for R/C updates)
	mask  uint64 // page size - 1
}

// tlb caches leaf PTEs of the radix walk by EA page, and the RAM of the
// pages instructions were last fetched from and data last loaded from and
// stored to (with the MSR bits they were translated under). tlbie, tlbiel and moves to PIDR, LPIDR, PTCR,
// LPCR and HRMOR drop it whole.
type tlb struct {
	e        [tlbEntries]tlbEntry
	fetch    []byte // the RAM of the last fetch page, or nil
	fetchEA  uint64 // its effective address
	fetchKey uint64 // MSR[IR] and MSR[PR] when it was translated
	// data are the RAM pages the last load and the last store reached
	// (indexed by mem.AccessRead, mem.AccessWrite).
	data [2]cachedPage
}

// cachedPage is a page of RAM an access reached: its effective address
// and the MSR[DR] and MSR[PR] it was translated under.
type cachedPage struct {
	page []byte
	ea   uint64
	key  uint64
}

func (t *tlb) flush() {
	t.e = [tlbEntries]tlbEntry{}
	t.fetch = nil
	t.data = [2]cachedPage{}
}

// realAddr is the real address of ea in real addressing mode: EA bits
// 4:63, offset by HRMOR when EA bit 0 is 0 (hypervisor real mode, Power
// ISA 3.1B Book III 6.7.3).
func (c *CPU) realAddr(ea uint64) uint64 {
	ra := ea & (1<<60 - 1)
	if ea>>63 == 0 {
		ra |= c.SPR.HRMOR
	}
	return ra
}

// translate returns the real address of an access of kind acc to ea
// under the current MSR, or a *TranslationError.
func (c *CPU) translate(ea uint64, acc mem.Access) (uint64, error) {
	bit := regs.MSRDR
	if acc == mem.AccessExec {
		bit = regs.MSRIR
	}
	if c.Regs.MSR&bit == 0 {
		return c.realAddr(ea), nil
	}
	q := ea >> 62
	tag := ea>>12 | q<<60
	e := &c.tlb.e[(ea>>12^ea>>20)%tlbEntries]
	hit := e.valid && e.tag == tag
	if !hit {
		if err := c.fill(ea, acc, tag, e); err != nil {
			return 0, err
		}
	}
	err := c.permit(ea, acc, e)
	if err != nil && hit {
		// A cached translation that forbids the access is walked
		// again before the interrupt: software may have made the PTE
		// more permissive without a tlbie (Power ISA 3.1B Book III
		// 6.10.1, as Linux and Microwatt's MMU rely on).
		if err := c.fill(ea, acc, tag, e); err != nil {
			return 0, err
		}
		err = c.permit(ea, acc, e)
	}
	if err != nil {
		return 0, err
	}
	return e.pte&pteRPN&^e.mask | ea&e.mask, nil
}

// fill walks the tree for ea into the cache entry e.
func (c *CPU) fill(ea uint64, acc mem.Access, tag uint64, e *tlbEntry) error {
	e.valid = false
	if q := ea >> 62; q == 1 || q == 2 {
		return &TranslationError{EA: ea, Segment: true}
	}
	if err := c.walk(ea, acc, e); err != nil {
		return err
	}
	e.tag, e.valid = tag, true
	return nil
}

// fault is a TranslationError with the reason bit in DSISR or SRR1 as
// the access is a fetch or not (ISI: SRR1 bits 33, 35, 44, 45 as
// Microwatt and POWER9 set them).
func fault(ea uint64, acc mem.Access, dsisr, srr1 uint64) error {
	if acc == mem.AccessExec {
		return &TranslationError{EA: ea, SRR1: srr1}
	}
	return &TranslationError{EA: ea, DSISR: dsisr}
}

// permit checks the access against the PTE: EAA privilege and
// read/write/execute bits, then the R and C bits (set in memory, or a
// fault with CPU.RCFault).
func (c *CPU) permit(ea uint64, acc mem.Access, e *tlbEntry) error {
	pte := e.pte
	ok := c.Regs.MSR&regs.MSRPR == 0 || pte&ptePriv == 0
	switch acc {
	case mem.AccessRead:
		ok = ok && pte&(pteRead|pteRW) != 0
	case mem.AccessWrite:
		ok = ok && pte&pteRW != 0
	default:
		ok = ok && pte&pteExec != 0 && pte&pteCI == 0
	}
	if !ok {
		return fault(ea, acc, DSISRProtection, SRR1ISINoExec)
	}
	need := uint64(pteR)
	if acc == mem.AccessWrite {
		need |= pteC
	}
	if pte&need == need {
		return nil
	}
	if c.RCFault {
		return fault(ea, acc, DSISRRC, SRR1ISIRC)
	}
	pte |= need
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], pte)
	if err := c.Bus.Write(e.ptea, b[:]); err != nil {
		return fault(ea, acc, DSISRBadRadix, SRR1ISIBadRadix)
	}
	e.pte = pte
	return nil
}

// readTable reads the big-endian doubleword at real address pa (radix
// tables are big-endian whatever MSR[LE]).
func (c *CPU) readTable(pa uint64) (uint64, bool) {
	var b [8]byte
	if err := c.Bus.Read(pa, b[:]); err != nil {
		return 0, false
	}
	return binary.BigEndian.Uint64(b[:]), true
}

// walk fills e with the leaf PTE for ea: partition table entry of LPID
// (LPIDR) → process table → process-scoped radix tree of PID (PIDR for
// quadrant 0, 0 for quadrant 3), Power ISA 3.1B Book III 6.7.5-6.7.10.
func (c *CPU) walk(ea uint64, acc mem.Access, e *tlbEntry) error {
	bad := func() error { return fault(ea, acc, DSISRBadRadix, SRR1ISIBadRadix) }
	ptcr := c.SPR.PTCR
	patb, pats := ptcr&0x0ffffffffffff000, ptcr&0x1f
	lpid := c.SPR.LPIDR
	if lpid*16 >= 1<<(pats+12) {
		return bad()
	}
	pate1, ok := c.readTable(patb + lpid*16 + 8)
	if !ok {
		return bad()
	}
	prtb, prts := pate1&0x0ffffffffffff000, pate1&0x1f
	pid := c.SPR.PIDR
	if ea>>62 == 3 {
		pid = 0
	}
	if pid*16 >= 1<<(prts+12) {
		return bad()
	}
	prte, ok := c.readTable(prtb + pid*16)
	if !ok {
		return bad()
	}
	rts := (prte>>61&3)<<3 | prte>>5&7
	shift := rts + 31
	base, nls := prte&pteNLB, prte&pteNLS
	if nls == 0 {
		return fault(ea, acc, DSISRNotFound, SRR1ISINotFound)
	}
	// The EA bits above the tree's range, below the quadrant bits, must
	// be 0: else a segment interrupt.
	if shift < 62 && ea&(1<<62-1)>>shift != 0 {
		return &TranslationError{EA: ea, Segment: true}
	}
	for {
		if nls < 5 || nls > 16 || nls+12 > shift {
			return bad()
		}
		shift -= nls
		ptea := base + (ea>>shift&(1<<nls-1))*8
		pte, ok := c.readTable(ptea)
		if !ok {
			return bad()
		}
		if pte&pteValid == 0 {
			return fault(ea, acc, DSISRNotFound, SRR1ISINotFound)
		}
		if pte&pteLeaf != 0 {
			*e = tlbEntry{pte: pte, ptea: ptea, mask: 1<<shift - 1}
			return nil
		}
		base, nls = pte&pteNLB, pte&pteNLS
	}
}

// PhysicalAddress is the real address of a data access at ea under the
// current MSR, as the MMU would translate it but without its side effects
// (no R/C update, no translation cached) and without the permission
// check: what a debugger needs. It fails where the access would take a
// DSI or a segment interrupt for want of a translation.
func (c *CPU) PhysicalAddress(ea uint64) (uint64, error) {
	if c.Regs.MSR&regs.MSRDR == 0 {
		return c.realAddr(ea), nil
	}
	if q := ea >> 62; q == 1 || q == 2 {
		return 0, &TranslationError{EA: ea, Segment: true}
	}
	var e tlbEntry
	if err := c.walk(ea, mem.AccessRead, &e); err != nil {
		return 0, err
	}
	return e.pte&pteRPN&^e.mask | ea&e.mask, nil
}
