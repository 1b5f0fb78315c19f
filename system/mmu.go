package system

import (
	"encoding/binary"
	"fmt"

	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Address translation: real mode and the radix MMU (Power ISA 3.1B Book
// III 6.7, "Radix Tree Translation"; 6.7.3 real addressing mode). The two
// high EA bits select a quadrant, which gives the effective LPID and PID of
// the translation (6.7.1, quadrants): in hypervisor state quadrant 0 is LPID
// 0 with PIDR, 1 LPIDR with PIDR, 2 LPIDR with PID 0 and 3 LPID 0 with PID
// 0; outside it (a guest) quadrant 0 is LPIDR with PIDR, 3 LPIDR with PID 0,
// and 1 and 2 are a segment interrupt. A translation for a nonzero
// effective LPID from hypervisor state, or any translation of a guest when
// LPCR[HR] = 1, is process-scoped (EA to guest real address, through the
// process table the partition table entry names) and then partition-scoped
// (guest real address to real address, through the tree of the partition
// table entry's first doubleword); the addresses of the process table
// entry and of every process-scoped directory are guest real addresses
// translated the same way. A guest in real mode (MSR[IR] or MSR[DR] 0)
// has only the partition-scoped translation. The hashed page table is not
// done.

// DSISR bits the MMU sets for a data storage interrupt (Power ISA 3.1B
// Book III 7.5.3), and in HDSISR for a hypervisor data storage interrupt
// (7.5). SRR1 (HSRR1) for an instruction storage interrupt has the same
// bits but protection, which is bit 35 there (SRR1ISINoExec).
const (
	DSISRNotFound   = 1 << 30 // bit 33: no translation (a PDE or PTE not valid)
	DSISRProtection = 1 << 27 // bit 36: the access is not permitted
	DSISRStore      = 1 << 25 // bit 38: the access was a store
	DSISRDAWR       = 1 << 22 // bit 41: data address watchpoint match (9.4)
	DSISRKey        = 1 << 21 // bit 42: the AMR (IAMR for a fetch) forbids the access (key 0 under radix)
	DSISRBadRadix   = 1 << 19 // bit 44: radix tree, process or partition table malformed
	DSISRRC         = 1 << 18 // bit 45: the PTE's R (or, for a store, C) bit is 0 and the MMU does not set it
	// DSISRTable (HDSISR and HSRR1 bit 46) marks a partition-scoped fault
	// met while translating the guest real address of a process table
	// entry or a process-scoped directory entry, not the access's own.
	DSISRTable = 1 << 17
)

// TranslationError is the cause of an access the MMU refused: the DSISR
// bits for a data access, the SRR1 bits for a fetch, or a segment fault
// (an EA outside the radix tree's range or in a quadrant not translated).
// A fault of the partition-scoped translation is a hypervisor storage
// interrupt (Hypervisor): the bits go to HDSISR or HSRR1 and GRA, the
// guest real address that failed, to ASDR.
type TranslationError struct {
	EA         uint64
	DSISR      uint64 // for a data access (without DSISRStore, which the CPU adds)
	SRR1       uint64 // for an instruction fetch
	Segment    bool   // data or instruction segment interrupt
	Hypervisor bool   // HDSI or HISI: the partition-scoped translation failed
	GRA        uint64 // for Hypervisor: the guest real address
}

func (e *TranslationError) Error() string {
	switch {
	case e.Segment:
		return fmt.Sprintf("system: segment fault at %#x", e.EA)
	case e.Hypervisor:
		return fmt.Sprintf("system: partition-scoped translation fault at %#x, guest real %#x (HDSISR %#x, HSRR1 %#x)",
			e.EA, e.GRA, e.DSISR, e.SRR1)
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
	pateHR   = 1 << 63            // partition table entry doubleword 0 bit 0: the partition-scoped tree is radix
	eaBits   = 1<<60 - 1          // EA bits 4:63, the real address in real addressing mode
)

// tlbEntries is the size of the translation cache (direct-mapped by page).
const tlbEntries = 256

// The kinds of translation a cache entry holds (tlbCtx.kind).
const (
	ctxHost      = iota // process-scoped only: the tables and the result are real addresses
	ctxGuest            // process-scoped, then partition-scoped
	ctxGuestReal        // a guest's real mode: partition-scoped only
)

// tlbCtx is what a translation depends on beside the EA: the effective
// LPID and PID the quadrant gave, and the kind of translation.
type tlbCtx struct {
	lpid, pid uint32
	kind      uint8
}

type tlbEntry struct {
	valid       bool
	ctx         tlbCtx
	tag         uint64 // EA >> 12 (for ctxGuestReal, of EA bits 4:63)
	pte, ptea   uint64 // the process-scoped leaf PTE as read, and its real address (for R/C updates)
	hpte, hptea uint64 // the partition-scoped leaf PTE of the page, and its real address
	gra         uint64 // the guest real address of the page (partition-scoped kinds)
	ra          uint64 // the real address of the page
	mask        uint64 // page size - 1: the smaller of the process- and partition-scoped pages
}

// tlb caches the translations of the radix walk by EA page and context,
// and the RAM of the pages instructions were last fetched from and data
// last loaded from and stored to (with the MSR bits they were translated
// under). tlbie and tlbiel drop the entries they name; moves to PTCR, LPCR
// and HRMOR drop it whole, and moves to PIDR, LPIDR, AMR and IAMR the
// pages of the last fetch and data accesses.
type tlb struct {
	e        [tlbEntries]tlbEntry
	fetch    []byte // the RAM of the last fetch page, or nil
	fetchEA  uint64 // its effective address
	fetchKey uint64 // MSR[IR], MSR[PR] and MSR[HV] when it was translated
	// data are the RAM pages the last load and the last store reached
	// (indexed by mem.AccessRead, mem.AccessWrite).
	data [2]cachedPage
	// gen counts the flushes and invalidations: the pages CPU.Run's
	// fast path keeps (runMem) are valid for one gen.
	gen uint64
}

// cachedPage is a page of RAM an access reached: its effective address
// and the MSR[DR], MSR[PR] and MSR[HV] it was translated under.
type cachedPage struct {
	page []byte
	ea   uint64
	key  uint64
}

func (t *tlb) flush() {
	t.e = [tlbEntries]tlbEntry{}
	t.flushPages()
}

// flushPages forgets the pages of the last fetch and data accesses, whose
// keys do not hold the PID, the LPID or the authority masks.
func (t *tlb) flushPages() {
	t.gen++
	t.fetch = nil
	t.data = [2]cachedPage{}
}

// tlbi is what a tlbie or tlbiel names (opTlbie).
type tlbi struct {
	is        uint64 // 0 a page, 1 a PID, 2 an LPID, 3 all
	prs       bool   // process-scoped (else partition-scoped) translations
	lpid, pid uint32
	epn, size uint64 // for is = 0: the page's address (EA or guest real) and size
}

// invalidate removes the entries x names.
func (t *tlb) invalidate(x tlbi) {
	for i := range t.e {
		if e := &t.e[i]; e.valid && x.names(e) {
			e.valid = false
		}
	}
	t.flushPages()
}

// names reports whether x names the translation e holds: a
// process-scoped invalidation the entries with a process-scoped part, a
// partition-scoped one those with a partition-scoped part, of x's LPID
// (and, for a process-scoped page or PID, x's PID). A page is compared by
// its EA without the quadrant bits (which chose the LPID and PID) or by
// its guest real address.
func (x tlbi) names(e *tlbEntry) bool {
	switch {
	case x.is == 3:
		return true
	case x.prs && e.ctx.kind == ctxGuestReal, !x.prs && e.ctx.kind == ctxHost, e.ctx.lpid != x.lpid:
		return false
	case x.is == 2:
		return true
	case x.prs && e.ctx.pid != x.pid:
		return false
	case x.is == 1:
		return true
	}
	page := e.tag << 12 & (1<<62 - 1)
	if !x.prs && e.ctx.kind == ctxGuest {
		page = e.gra | page&e.mask
	}
	return page&^(x.size-1) == x.epn&(1<<62-1)&^(x.size-1)
}

// realAddr is the real address of ea in hypervisor real addressing mode:
// EA bits 4:63, offset by HRMOR when EA bit 0 is 0 (Power ISA 3.1B Book
// III 6.7.3).
func (c *CPU) realAddr(ea uint64) uint64 {
	ra := ea & eaBits
	if ea>>63 == 0 {
		ra |= c.SPR.HRMOR
	}
	return ra
}

// hypervisor reports whether translation is the hypervisor's: MSR[HV] = 1
// (or a processor without partitions).
func (c *CPU) hypervisor() bool {
	return c.HypervisorOnly || c.Regs.MSR&regs.MSRHV != 0
}

// context is the effective LPID and PID of a translated access to ea and
// its kind (Power ISA 3.1B Book III 6.7.1, quadrants), or false for a
// quadrant that is not translated (a segment interrupt): 1 and 2 outside
// hypervisor state (MSR[HV] = 1 with MSR[PR] = 0: a hypervisor's problem
// state has quadrants 0 and 3 only), and on a processor without
// partitions, which has only quadrants 0 and 3 (as Microwatt).
func (c *CPU) context(ea uint64) (tlbCtx, bool) {
	s := &c.SPR
	lpid, pid := uint32(s.LPIDR), uint32(s.PIDR)
	q := ea >> 62
	if c.hypervisor() {
		switch {
		case q == 0:
			return tlbCtx{pid: pid}, true
		case q == 3:
			return tlbCtx{}, true
		case c.HypervisorOnly || c.Regs.MSR&regs.MSRPR != 0:
			return tlbCtx{}, false
		case q == 2:
			pid = 0
		}
		if lpid == 0 {
			return tlbCtx{pid: pid}, true
		}
		return tlbCtx{lpid, pid, ctxGuest}, true
	}
	switch q {
	case 1, 2:
		return tlbCtx{}, false
	case 3:
		pid = 0
	}
	if s.LPCR&LPCRHR == 0 {
		// A partition without partition-scoped radix translation (the
		// hashed page table, not done): its process-scoped tables are
		// taken as real addresses.
		return tlbCtx{lpid, pid, ctxHost}, true
	}
	return tlbCtx{lpid, pid, ctxGuest}, true
}

// translate returns the real address of an access of kind acc to ea
// under the current MSR, or a *TranslationError.
func (c *CPU) translate(ea uint64, acc mem.Access) (uint64, error) {
	bit := regs.MSRDR
	if acc == mem.AccessExec {
		bit = regs.MSRIR
	}
	var ctx tlbCtx
	a := ea
	switch {
	case c.Regs.MSR&bit != 0:
		var ok bool
		if ctx, ok = c.context(ea); !ok {
			return 0, &TranslationError{EA: ea, Segment: true}
		}
	case c.hypervisor() || c.SPR.LPCR&LPCRHR == 0:
		return c.realAddr(ea), nil
	default:
		// A guest's real mode: EA bits 4:63 are a guest real address.
		ctx = tlbCtx{lpid: uint32(c.SPR.LPIDR), kind: ctxGuestReal}
		a = ea & eaBits
	}
	tag := a >> 12
	e := &c.tlb.e[(tag^tag>>8^uint64(ctx.pid))%tlbEntries]
	hit := e.valid && e.tag == tag && e.ctx == ctx
	if !hit {
		if err := c.fill(ea, acc, ctx, e); err != nil {
			return 0, err
		}
		e.tag = tag
	}
	err := c.permit(ea, acc, e)
	if err != nil && hit {
		// A cached translation that forbids the access is walked
		// again before the interrupt: software may have made the PTE
		// more permissive without a tlbie (Power ISA 3.1B Book III
		// 6.10.1, as Linux and Microwatt's MMU rely on).
		if err := c.fill(ea, acc, ctx, e); err != nil {
			return 0, err
		}
		e.tag = tag
		err = c.permit(ea, acc, e)
	}
	if err != nil {
		return 0, err
	}
	return e.ra | a&e.mask, nil
}

// fill walks the tables for ea into the cache entry e.
func (c *CPU) fill(ea uint64, acc mem.Access, ctx tlbCtx, e *tlbEntry) error {
	e.valid = false
	w := walker{c: c, ea: ea, acc: acc}
	if err := w.walk(ctx, e); err != nil {
		return err
	}
	e.ctx, e.valid = ctx, true
	return nil
}

// fault is a TranslationError with the cause bits in DSISR, or in SRR1
// for a fetch (ISI: SRR1 bits 33, 35, 44, 45 as Microwatt and POWER9 set
// them; protection is bit 35 there).
func fault(ea uint64, acc mem.Access, cause uint64) *TranslationError {
	if acc != mem.AccessExec {
		return &TranslationError{EA: ea, DSISR: cause}
	}
	if cause&DSISRProtection != 0 {
		cause = cause&^DSISRProtection | SRR1ISINoExec
	}
	return &TranslationError{EA: ea, SRR1: cause}
}

// allowed checks an access against a leaf PTE's EAA: the privilege bit
// (process-scoped PTEs only: partition-scoped translation ignores it) and
// the read, read/write and execute bits; no fetch from non-idempotent I/O
// storage. It returns the DSISR cause, or 0. A privileged access to a
// problem-state page (EAA bit 0 = 0) of a process-scoped translation is
// also subject to the authority masks with key 0, radix PTEs having no
// key: AMR bit 0 forbids stores, AMR bit 1 loads, IAMR bit 1 fetches, a
// fault with DSISR (SRR1) bit 42 (what Linux's KUAP and KUEP rely on).
func (c *CPU) allowed(pte uint64, acc mem.Access, process bool) uint64 {
	priv := c.Regs.MSR&regs.MSRPR == 0
	ok := !process || priv || pte&ptePriv == 0
	var key uint64
	switch acc {
	case mem.AccessRead:
		ok = ok && pte&(pteRead|pteRW) != 0
		key = c.SPR.AMR >> 62 & 1
	case mem.AccessWrite:
		ok = ok && pte&pteRW != 0
		key = c.SPR.AMR >> 63
	default:
		ok = ok && pte&pteExec != 0 && pte&pteCI == 0
		key = c.SPR.IAMR >> 62 & 1
	}
	switch {
	case !ok:
		return DSISRProtection
	case key != 0 && process && priv && pte&ptePriv == 0:
		return DSISRKey
	}
	return 0
}

// checkPTE checks the access against the leaf PTE *pte at real address
// ptea (allowed), then its R and C bits: set in memory (and in *pte), or
// a fault with CPU.RCFault. It returns the DSISR cause, or 0.
func (c *CPU) checkPTE(pte *uint64, ptea uint64, acc mem.Access, process bool) uint64 {
	if cause := c.allowed(*pte, acc, process); cause != 0 {
		return cause
	}
	need := uint64(pteR)
	if acc == mem.AccessWrite {
		need |= pteC
	}
	if *pte&need == need {
		return 0
	}
	if c.RCFault {
		return DSISRRC
	}
	v := *pte | need
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	if err := c.Bus.Write(ptea, b[:]); err != nil {
		return DSISRBadRadix
	}
	*pte = v
	return 0
}

// permit checks the access against the cached translation: the
// process-scoped PTE, then the partition-scoped one.
func (c *CPU) permit(ea uint64, acc mem.Access, e *tlbEntry) error {
	if e.ctx.kind != ctxGuestReal {
		if cause := c.checkPTE(&e.pte, e.ptea, acc, true); cause != 0 {
			return fault(ea, acc, cause)
		}
	}
	if e.ctx.kind != ctxHost {
		if cause := c.checkPTE(&e.hpte, e.hptea, acc, false); cause != 0 {
			return hypervisorFault(ea, e.gra|ea&e.mask, acc, cause)
		}
	}
	return nil
}

// hypervisorFault is the TranslationError of a partition-scoped fault at
// guest real address gra.
func hypervisorFault(ea, gra uint64, acc mem.Access, cause uint64) *TranslationError {
	x := fault(ea, acc, cause)
	x.Hypervisor, x.GRA = true, gra
	return x
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

// radixLeaf is the leaf PTE a tree walk found, its real address and the
// log2 of the page size.
type radixLeaf struct {
	pte, ptea, shift uint64
}

// treeSize is the log2 of the address range of the radix tree whose
// root is root (a process table entry, or a partition table entry's
// first doubleword): RTS + 31.
func treeSize(root uint64) uint64 {
	return (root>>61&3)<<3 | root>>5&7 + 31
}

// walker is one translation's walk: the access, and whether it is a
// debugger's look-up (no R bit set in partition-scoped PTEs on the way).
type walker struct {
	c     *CPU
	ea    uint64
	acc   mem.Access
	probe bool
}

// tree walks the radix tree of root for address a (Power ISA 3.1B Book
// III 6.7.10), reading each entry at the real address tableRA gives for
// it (nil: the address itself). It returns the leaf, or the DSISR cause of
// a fault in the tree, or the error of tableRA.
func (w *walker) tree(root, a uint64, tableRA func(uint64) (uint64, error)) (radixLeaf, uint64, error) {
	shift := treeSize(root)
	base, nls := root&pteNLB, root&pteNLS
	if nls == 0 {
		return radixLeaf{}, DSISRNotFound, nil
	}
	for {
		if nls < 5 || nls > 16 || nls+12 > shift {
			return radixLeaf{}, DSISRBadRadix, nil
		}
		shift -= nls
		pa := base + (a>>shift&(1<<nls-1))*8
		if tableRA != nil {
			var err error
			if pa, err = tableRA(pa); err != nil {
				return radixLeaf{}, 0, err
			}
		}
		pte, ok := w.c.readTable(pa)
		if !ok {
			return radixLeaf{}, DSISRBadRadix, nil
		}
		if pte&pteValid == 0 {
			return radixLeaf{}, DSISRNotFound, nil
		}
		if pte&pteLeaf != 0 {
			return radixLeaf{pte, pa, shift}, 0, nil
		}
		base, nls = pte&pteNLB, pte&pteNLS
	}
}

// partition translates the guest real address gra through the
// partition-scoped tree of pate0 (the partition table entry's first
// doubleword). For table, the address of a process-scoped table entry, it
// also checks read permission and sets the R bit (or faults, DSISR bit 46
// added); for the access's own page permit does that. A fault is a
// hypervisor storage interrupt.
func (w *walker) partition(pate0, gra uint64, table bool) (radixLeaf, error) {
	fail := func(cause uint64) (radixLeaf, error) {
		if table {
			cause |= DSISRTable
		}
		return radixLeaf{}, hypervisorFault(w.ea, gra, w.acc, cause)
	}
	if pate0&pateHR == 0 {
		// A hashed page table partition: not done.
		return fail(DSISRBadRadix)
	}
	if s := treeSize(pate0); s < 64 && gra>>s != 0 {
		return fail(DSISRNotFound)
	}
	l, cause, _ := w.tree(pate0, gra, nil)
	if cause != 0 {
		return fail(cause)
	}
	if table && !w.probe {
		if cause := w.c.checkPTE(&l.pte, l.ptea, mem.AccessRead, false); cause != 0 {
			return fail(cause)
		}
	}
	return l, nil
}

// pageRA is the real address in the page of leaf l for address a.
func (l radixLeaf) pageRA(a uint64) uint64 {
	mask := uint64(1)<<l.shift - 1
	return l.pte&pteRPN&^mask | a&mask
}

// walk fills e with the translation of w.ea in context ctx: the
// partition table entry of the effective LPID, the process table entry of
// the effective PID, the process-scoped tree, then (for a guest) the
// partition-scoped tree of the guest real address (Power ISA 3.1B Book
// III 6.7.5 to 6.7.10). e's tag and context are the caller's.
func (w *walker) walk(ctx tlbCtx, e *tlbEntry) error {
	c, ea, acc := w.c, w.ea, w.acc
	bad := func() error { return fault(ea, acc, DSISRBadRadix) }
	ptcr := c.SPR.PTCR
	patb, pats := ptcr&0x0ffffffffffff000, ptcr&0x1f
	lpid := uint64(ctx.lpid)
	if lpid*16 >= 1<<(pats+12) {
		return bad()
	}
	var pate0 uint64
	if ctx.kind != ctxHost {
		var ok bool
		if pate0, ok = c.readTable(patb + lpid*16); !ok {
			return bad()
		}
	}
	var tableRA func(uint64) (uint64, error)
	if ctx.kind == ctxGuest {
		tableRA = func(gra uint64) (uint64, error) {
			l, err := w.partition(pate0, gra, true)
			return l.pageRA(gra), err
		}
	}
	var gra, mask uint64
	if ctx.kind == ctxGuestReal {
		gra, mask = ea&eaBits, 1<<64-1
	} else {
		pate1, ok := c.readTable(patb + lpid*16 + 8)
		if !ok {
			return bad()
		}
		prtb, prts := pate1&0x0ffffffffffff000, pate1&0x1f
		pid := uint64(ctx.pid)
		if pid*16 >= 1<<(prts+12) {
			return bad()
		}
		prtea := prtb + pid*16
		if tableRA != nil {
			var err error
			if prtea, err = tableRA(prtea); err != nil {
				return err
			}
		}
		prte, ok := c.readTable(prtea)
		if !ok {
			return bad()
		}
		// The EA bits above the tree's range, below the quadrant bits,
		// must be 0: else a segment interrupt.
		if s := treeSize(prte); s < 62 && ea&(1<<62-1)>>s != 0 && prte&pteNLS != 0 {
			return &TranslationError{EA: ea, Segment: true}
		}
		l, cause, err := w.tree(prte, ea, tableRA)
		if err != nil {
			return err
		}
		if cause == 0 && !w.probe {
			// The process-scoped permission comes before the
			// partition-scoped translation of the page.
			cause = c.allowed(l.pte, acc, true)
		}
		if cause != 0 {
			return fault(ea, acc, cause)
		}
		e.pte, e.ptea = l.pte, l.ptea
		gra, mask = l.pageRA(ea), uint64(1)<<l.shift-1
	}
	ra := gra
	if ctx.kind != ctxHost {
		l, err := w.partition(pate0, gra, false)
		if err != nil {
			return err
		}
		e.hpte, e.hptea = l.pte, l.ptea
		ra = l.pageRA(gra)
		mask = min(mask, uint64(1)<<l.shift-1)
	}
	e.gra, e.ra, e.mask = gra&^mask, ra&^mask, mask
	return nil
}

// PhysicalAddress is the real address of a data access at ea under the
// current MSR, as the MMU would translate it but without its side effects
// (no R/C update, no translation cached) and without the permission
// check: what a debugger needs. It fails where the access would take a
// DSI, HDSI or a segment interrupt for want of a translation.
func (c *CPU) PhysicalAddress(ea uint64) (uint64, error) {
	var ctx tlbCtx
	switch {
	case c.Regs.MSR&regs.MSRDR != 0:
		var ok bool
		if ctx, ok = c.context(ea); !ok {
			return 0, &TranslationError{EA: ea, Segment: true}
		}
	case c.hypervisor() || c.SPR.LPCR&LPCRHR == 0:
		return c.realAddr(ea), nil
	default:
		ctx = tlbCtx{lpid: uint32(c.SPR.LPIDR), kind: ctxGuestReal}
	}
	var e tlbEntry
	w := walker{c: c, ea: ea, acc: mem.AccessRead, probe: true}
	if err := w.walk(ctx, &e); err != nil {
		return 0, err
	}
	return e.ra | ea&e.mask, nil
}
