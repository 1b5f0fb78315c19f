package system

import (
	"encoding/binary"
	"errors"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// sysOps are the ops the CPU executes itself rather than through
// emulate.Step: the privileged instructions that touch state beside the
// register file.
var sysOps [decode.NumOps]OpFunc

func init() {
	sysOps[ppc64asm.SC] = opSC
	sysOps[ppc64asm.SCV] = opSCV
	sysOps[ppc64asm.RFID] = opRFID
	sysOps[ppc64asm.HRFID] = opRFID
	sysOps[ppc64asm.RFSCV] = opRFID
	sysOps[ppc64asm.URFID] = opURFID
	sysOps[ppc64asm.MFSPR] = opMfspr
	sysOps[ppc64asm.MTSPR] = opMtspr
	sysOps[ppc64asm.MTMSR] = opMtmsr
	sysOps[ppc64asm.MTMSRD] = opMtmsr
	sysOps[ppc64asm.WAIT] = opWait
	sysOps[ppc64asm.STOP] = opWait
	for _, op := range []decode.Op{ppc64asm.TLBIE, ppc64asm.TLBIEL} {
		sysOps[op] = opTlbie
	}
	for _, op := range []decode.Op{ppc64asm.TLBSYNC, ppc64asm.SLBIA, ppc64asm.SLBIE, ppc64asm.SLBIAG,
		ppc64asm.SLBIEG, ppc64asm.SLBSYNC, ppc64asm.SLBMTE, ppc64asm.MSGSND, ppc64asm.MSGCLR,
		ppc64asm.MSGSNDP, ppc64asm.MSGCLRP, ppc64asm.MSGSYNC} {
		sysOps[op] = opNop
	}
	for _, op := range []decode.Op{ppc64asm.LBZCIX, ppc64asm.LHZCIX, ppc64asm.LWZCIX, ppc64asm.LDCIX,
		ppc64asm.STBCIX, ppc64asm.STHCIX, ppc64asm.STWCIX, ppc64asm.STDCIX} {
		sysOps[op] = opCIX
	}
}

// errPrivileged and errIllegal are the outcomes the CPU's OpFuncs give; CPU.outcome
// matches them with errors.Is.
var (
	errPrivileged = &emulate.OpError{Kind: emulate.ErrPrivileged, Reason: "privileged instruction in problem state"}
	errIllegal    = &emulate.OpError{Kind: emulate.ErrIllegal, Reason: "not provided by this processor"}
)

// problemState is the check every privileged OpFunc makes first.
func (c *CPU) problemState() bool { return c.Regs.MSR&regs.MSRPR != 0 }

// advance moves NIP past in.
func (c *CPU) advance(in *decode.Inst) {
	next := c.Regs.NIP + uint64(in.Len)
	if !c.Regs.Is64() {
		next &= 0xffffffff
	}
	c.Regs.NIP = next
}

// sc LEV: the system call interrupt (Power ISA 3.1B Book III 7.5.14):
// SRR0 the next instruction, SRR1 bits 33:36 and 42:47 zero; LEV = 1 is a
// hypervisor call, which sets MSR[HV].
func opSC(c *CPU, in *decode.Inst) error {
	next := c.Regs.NIP + 4
	if !c.Regs.Is64() {
		next &= 0xffffffff
	}
	c.deliverTo(VecSystemCall, next, 0, false, in.Args[0] == 1)
	return nil
}

// fscrSCV is FSCR bit 51: scv allowed in problem state.
const fscrSCV = 1 << 12

// scv LEV: the system call vectored interrupt (Power ISA 3.1B Book III
// 7.5.16): LR gets the next instruction's address and CTR the MSR (bits
// 33:36 and 42:47 zero), no SRR is written, MSR[EE] and MSR[RI] are kept,
// and the vector is 0x17000 + LEV×0x20, or 0xc000_0000_0000_3000 +
// LEV×0x20 when LPCR[AIL] = 3 relocates (the addresses Microwatt's
// writeback.vhdl uses too). In problem state with FSCR[SCV]
// = 0 it is a facility unavailable interrupt (FSCR interruption cause 12).
func opSCV(c *CPU, in *decode.Inst) error {
	r := &c.Regs
	if c.problemState() && c.SPR.FSCR&fscrSCV == 0 {
		c.SPR.FSCR = c.SPR.FSCR&^(0xff<<56) | 12<<56
		c.deliver(VecFacilityUnavailable, r.NIP, 0, false)
		return nil
	}
	next := r.NIP + 4
	if !r.Is64() {
		next &= 0xffffffff
	}
	msr := r.MSR
	lev := uint64(in.Args[0] & 0x7f)
	srr0, srr1 := c.SPR.SRR0, c.SPR.SRR1
	c.deliver(VecSystemCallVectored, next, 0, false)
	// deliver wrote SRR0/1 and cleared EE and RI; scv does neither.
	c.SPR.SRR0, c.SPR.SRR1 = srr0, srr1
	r.LR, r.CTR = next, msr&^srr1Specific
	r.MSR |= msr & (regs.MSREE | regs.MSRRI)
	if r.NIP&altBase == altBase {
		r.NIP = 0xc000_0000_0000_3000
	} else {
		r.NIP = uint64(VecSystemCallVectored)
		r.MSR &^= regs.MSRIR | regs.MSRDR
	}
	r.NIP += lev * 0x20
	c.Taken = VecSystemCallVectored + Vector(lev*0x20)
	return nil
}

// rfid, hrfid and rfscv (Power ISA 3.1B Book III 3.3.1): MSR from SRR1
// (HSRR1, CTR) and NIP from SRR0 (HSRR0, LR) with the low two bits
// cleared, SRR1 bits 33:36 and 42:47 not copied. HV and ME change only
// in hypervisor state (for rfid HV can only
// be cleared; hrfid copies both); PR = 1 sets EE, IR and DR.
func opRFID(c *CPU, in *decode.Inst) error {
	if c.problemState() {
		return errPrivileged
	}
	r := &c.Regs
	msr := r.MSR
	var nip, src uint64
	switch in.Op {
	case ppc64asm.RFID:
		nip, src = c.SPR.SRR0, c.SPR.SRR1
	case ppc64asm.HRFID:
		if msr&regs.MSRHV == 0 {
			return errIllegal
		}
		nip, src = c.SPR.HSRR0, c.SPR.HSRR1
	default: // rfscv
		nip, src = r.LR, r.CTR
	}
	const hvme = regs.MSRHV | regs.MSRME
	// SRR1's interrupt-specific bits 33:36 and 42:47 are not MSR bits
	// rfid copies: the MSR keeps its own.
	nm := src&^(hvme|srr1Specific) | msr&srr1Specific
	switch {
	case msr&regs.MSRHV == 0:
		nm |= msr & hvme
	case in.Op == ppc64asm.HRFID:
		nm |= src & hvme
	default:
		nm |= msr&src&regs.MSRHV | src&regs.MSRME
	}
	if c.HypervisorOnly {
		nm |= regs.MSRHV
	}
	if nm&regs.MSRPR != 0 {
		nm |= regs.MSREE | regs.MSRIR | regs.MSRDR
	}
	nip &^= 3
	if nm&regs.MSRSF == 0 {
		nip &= 0xffffffff
	}
	r.MSR, r.NIP = nm, nip
	return nil
}

// urfid is ultravisor privileged (Power ISA 3.1B Book III 3.3.1); a
// machine without an ultravisor (no Secure Memory Facility: MSR[S] is
// never 1 here) does not provide it: in problem state a privileged
// instruction program interrupt, in privileged and hypervisor state an
// illegal instruction, the hypervisor emulation assistance interrupt, as
// an instruction the processor does not implement (Microwatt does not
// decode it either). It stopped the CPU before.
func opURFID(c *CPU, in *decode.Inst) error {
	if c.problemState() {
		return errPrivileged
	}
	return errIllegal
}

// mtmsr and mtmsrd: emulate's, with MSR[HV] kept for a hypervisor-only
// processor.
func opMtmsr(c *CPU, in *decode.Inst) error {
	return c.emu.Step(&c.Regs, &c.data, in)
}

// wait and stop: the processor waits for an interrupt (Power ISA 3.1B
// Book II 4.6.3 wait; Book III 3.3.2 stop, resuming at the next
// instruction as with PSSCR[EC] = 0).
func opWait(c *CPU, in *decode.Inst) error {
	if in.Op == ppc64asm.STOP && c.problemState() {
		return errPrivileged
	}
	c.advance(in)
	c.stopW = true
	return nil
}

// tlbie RB,RS,RIC,PRS,R and tlbiel (Power ISA 3.1B Book III, TLB
// management instructions, for radix): RB holds the EPN (bits 0:51), IS
// (bits 52:53) and AP (bits 56:58), RS the PID (bits 0:31) and, for tlbie
// in hypervisor state, the LPID (bits 32:63; otherwise LPIDR). IS = 0 names
// the translations of the page at EPN of size AP, 1 those of the PID, 2
// those of the LPID, 3 all. PRS = 1 names process-scoped translations (an
// effective address for PID in LPID), PRS = 0 partition-scoped ones (EPN a
// guest real address): the cache holds both in one entry, which either
// removes. RIC = 0 invalidates TLB entries, 2 also the page walk cache,
// 1 only the page walk cache, which this MMU does not keep (no entry is
// removed). R = 0 (hashed page table translations) drops the cache whole.
func opTlbie(c *CPU, in *decode.Inst) error {
	if c.problemState() {
		return errPrivileged
	}
	r := &c.Regs
	rb, rs := r.GPR[in.Args[0]&31], r.GPR[in.Args[1]&31]
	ric, prs, radix := in.Args[2], in.Args[3] != 0, in.Args[4] != 0
	lpid := uint32(rs)
	if in.Op == ppc64asm.TLBIEL || !c.hypervisor() {
		lpid = uint32(c.SPR.LPIDR)
	}
	switch {
	case !radix:
		c.tlb.flush()
	case ric != 1:
		c.tlb.invalidate(tlbi{is: rb >> 10 & 3, prs: prs, lpid: lpid, pid: uint32(rs >> 32),
			epn: rb &^ 0xfff, size: apSize(rb >> 5 & 7)})
	}
	c.advance(in)
	return nil
}

// apSize is the page size an AP field names (the radix page sizes' AP
// encodings, as Linux's radix code gives them too: 0 4 KiB, 5 64 KiB, 1
// 2 MiB, 2 1 GiB); an encoding without a size invalidates as for 1 GiB,
// the largest.
func apSize(ap uint64) uint64 {
	switch ap {
	case 0:
		return 1 << 12
	case 5:
		return 1 << 16
	case 1:
		return 1 << 21
	}
	return 1 << 30
}

// The SLB, tlbsync and message instructions: no effect on a processor
// with a radix MMU, one thread and no doorbells.
func opNop(c *CPU, in *decode.Inst) error {
	if c.problemState() && in.Has(decode.FlagPrivileged) {
		return errPrivileged
	}
	c.advance(in)
	return nil
}

// Load and store caching inhibited indexed (Power ISA 3.1B Book III
// 4.4.1): hypervisor privileged; EA = (RA|0) + RB is a real address.
func opCIX(c *CPU, in *decode.Inst) error {
	if c.problemState() || c.Regs.MSR&regs.MSRHV == 0 {
		return errPrivileged
	}
	r := &c.Regs
	ra := in.Args[1] & 31
	ea := r.GPR[in.Args[2]&31]
	if ra != 0 {
		ea += r.GPR[ra]
	}
	n := int(in.Size)
	b := c.buf[:n]
	pa := c.realAddr(ea)
	le := r.MSR&regs.MSRLE != 0
	store := in.Op == ppc64asm.STBCIX || in.Op == ppc64asm.STHCIX || in.Op == ppc64asm.STWCIX || in.Op == ppc64asm.STDCIX
	rt := &r.GPR[in.Args[0]&31]
	var err error
	if store {
		putN(b, *rt, le)
		err = c.data.phys(pa, b, true)
	} else if err = c.data.phys(pa, b, false); err == nil {
		*rt = getN(b, le)
	}
	if err != nil {
		return &emulate.Fault{Addr: ea, EA: ea, Size: n, Write: store, Err: err}
	}
	c.advance(in)
	return nil
}

// putN stores the low len(b) bytes of v in b in the given byte order.
func putN(b []byte, v uint64, le bool) {
	var t [8]byte
	if le {
		binary.LittleEndian.PutUint64(t[:], v)
		copy(b, t[:len(b)])
		return
	}
	binary.BigEndian.PutUint64(t[:], v)
	copy(b, t[8-len(b):])
}

// getN reads b (1 to 8 bytes) as an unsigned number in the given order.
func getN(b []byte, le bool) uint64 {
	var v uint64
	for i := range b {
		if le {
			v |= uint64(b[i]) << (8 * i)
		} else {
			v = v<<8 | uint64(b[i])
		}
	}
	return v
}

// SPR numbers the CPU holds (Power ISA 3.1B Book III 5.4.4, Figure "SPR
// encodings").
const (
	sprDSISR  = 18
	sprDAR    = 19
	sprDEC    = 22
	sprSRR0   = 26
	sprSRR1   = 27
	sprCFAR   = 28
	sprAMR    = 29
	sprAMRU   = 13 // problem-state number of AMR
	sprPIDR   = 48
	sprIAMR   = 61
	sprCTRLR  = 136
	sprCTRLW  = 152
	sprFSCR   = 153
	sprUAMOR  = 157
	sprDPDES  = 176
	sprDAWR0  = 180
	sprCIABR  = 187
	sprDAWRX0 = 188
	sprHFSCR  = 190
	sprSPRG0  = 272 // to 275
	sprTBL    = 284
	sprTBU    = 285
	sprPVR    = 287
	sprHSPRG0 = 304
	sprHSPRG1 = 305
	sprHDSISR = 306
	sprHDAR   = 307
	sprHDEC   = 310
	sprHRMOR  = 313
	sprHSRR0  = 314
	sprHSRR1  = 315
	sprLPCR   = 318
	sprLPIDR  = 319
	sprHMER   = 336
	sprHMEER  = 337
	sprPCR    = 338
	sprHEIR   = 339
	sprAMOR   = 349
	sprPTCR   = 464
	sprHASHK  = 468
	sprHASHPK = 469
	sprHDEXCR = 471
	sprDEXCR  = 828
	sprSIAR   = 780
	sprSDAR   = 781
	sprASDR   = 816
	sprPSSCR  = 855
	sprPIR    = 1023
)

// spr returns the CPU's storage for SPR n and whether mtspr may write it
// (false for the read-only ones), or nil for a number it does not hold.
func (c *CPU) spr(n int64) (p *uint64, writable bool) {
	s := &c.SPR
	switch n {
	case sprDSISR:
		return &s.DSISR, true
	case sprDAR:
		return &s.DAR, true
	case sprDEC:
		return &s.DEC, true
	case sprSRR0:
		return &s.SRR0, true
	case sprSRR1:
		return &s.SRR1, true
	case sprCFAR:
		return &s.CFAR, true
	case sprAMR, sprAMRU:
		return &s.AMR, true
	case sprPIDR:
		return &s.PIDR, true
	case sprIAMR:
		return &s.IAMR, true
	case sprCTRLR:
		return &s.CTRL, false
	case sprCTRLW:
		return &s.CTRL, true
	case sprFSCR:
		return &s.FSCR, true
	case sprUAMOR:
		return &s.UAMOR, true
	case sprDPDES:
		return &s.DPDES, true
	case sprDAWR0:
		return &s.DAWR0, true
	case sprCIABR:
		return &s.CIABR, true
	case sprDAWRX0:
		return &s.DAWRX, true
	case sprHFSCR:
		return &s.HFSCR, true
	case sprSPRG0, sprSPRG0 + 1, sprSPRG0 + 2, sprSPRG0 + 3:
		return &s.SPRG[n-sprSPRG0], true
	case sprTBL, sprTBU:
		return &s.TB, true
	case sprPVR:
		return &s.PVR, false
	case sprHSPRG0:
		return &s.HSPRG[0], true
	case sprHSPRG1:
		return &s.HSPRG[1], true
	case sprHDSISR:
		return &s.HDSISR, true
	case sprHDAR:
		return &s.HDAR, true
	case sprHDEC:
		return &s.HDEC, true
	case sprHRMOR:
		return &s.HRMOR, true
	case sprHSRR0:
		return &s.HSRR0, true
	case sprHSRR1:
		return &s.HSRR1, true
	case sprLPCR:
		return &s.LPCR, true
	case sprLPIDR:
		return &s.LPIDR, true
	case sprHMER:
		return &s.HMER, true
	case sprHMEER:
		return &s.HMEER, true
	case sprPCR:
		return &s.PCR, true
	case sprHEIR:
		return &s.HEIR, true
	case sprAMOR:
		return &s.AMOR, true
	case sprPTCR:
		return &s.PTCR, true
	case sprHASHK:
		return &s.HASHKEYR, true
	case sprHASHPK:
		return &s.HASHPKEYR, true
	case sprDEXCR:
		return &s.DEXCR, true
	case sprHDEXCR:
		return &s.HDEXCR, true
	case sprPSSCR:
		return &s.PSSCR, true
	case sprASDR:
		return &s.ASDR, true
	case sprSIAR:
		return &s.SIAR, true
	case sprSDAR:
		return &s.SDAR, true
	case sprPIR:
		return &s.PIR, false
	}
	return nil, false
}

// hypervisorSPR reports an SPR number that only hypervisor state may
// move (Power ISA 3.1B Book III 5.4.4, Figure "SPR encodings", privilege
// "hypv"); in privileged non-hypervisor state the move is a hypervisor
// emulation assistance interrupt.
func hypervisorSPR(n int64) bool {
	switch n {
	case sprDPDES, sprDAWR0, sprCIABR, sprDAWRX0, sprHFSCR, sprTBL, sprTBU,
		sprHSPRG0, sprHSPRG1, sprHDSISR, sprHDAR, sprHDEC, sprHRMOR, sprHSRR0, sprHSRR1,
		sprLPCR, sprLPIDR, sprHMER, sprHMEER, sprPCR, sprHEIR, sprAMOR, sprPTCR, sprPSSCR, sprASDR,
		sprHASHPK, sprHDEXCR:
		return true
	}
	return false
}

// sprDenied is the outcome of moving SPR n in the current state, if it is
// not allowed: privileged (bit 0x10 of the number) in problem state, or
// hypervisor privileged outside hypervisor state.
func (c *CPU) sprDenied(n int64) error {
	switch msr := c.Regs.MSR; {
	case msr&regs.MSRPR != 0 && n&0x10 != 0:
		return errPrivileged
	case msr&(regs.MSRPR|regs.MSRHV) == 0 && hypervisorSPR(n):
		return errIllegal
	}
	return nil
}

// mfspr RT,SPR for the SPRs the CPU holds; the rest go to emulate. In
// privileged state an SPR number neither provides is a no-op, except 0,
// 4, 5 and 6, which are illegal (Power ISA 3.1B Book III 5.4.4, mfspr).
func opMfspr(c *CPU, in *decode.Inst) error {
	n := in.Args[1]
	p, _ := c.spr(n)
	if p == nil || n == sprTBL || n == sprTBU || n == sprCTRLW {
		return c.otherSPR(in, n)
	}
	if err := c.sprDenied(n); err != nil {
		return err
	}
	v := *p
	if n == sprDEC || n == sprHDEC {
		v = c.decRead(v)
	}
	c.Regs.GPR[in.Args[0]&31] = v
	c.advance(in)
	return nil
}

// mtspr SPR,RS for the SPRs the CPU holds; the rest as mfspr.
func opMtspr(c *CPU, in *decode.Inst) error {
	n := in.Args[0]
	p, w := c.spr(n)
	if p == nil || n == sprCTRLR {
		return c.otherSPR(in, n)
	}
	if err := c.sprDenied(n); err != nil {
		return err
	}
	v := c.Regs.GPR[in.Args[1]&31]
	switch {
	case !w:
	case n == sprTBL:
		c.SPR.TB = c.SPR.TB&^0xffffffff | v&0xffffffff
	case n == sprTBU:
		c.SPR.TB = v<<32 | c.SPR.TB&0xffffffff
	case n == sprDEC || n == sprHDEC:
		*p = c.decRead(v)
	case n == sprPTCR || n == sprLPCR || n == sprHRMOR:
		*p = v
		c.tlb.flush()
	case n == sprAMR || n == sprAMRU || n == sprIAMR || n == sprUAMOR:
		// Only the bits the state may change (authorityMask); the
		// pages of the last accesses were checked under the old masks.
		m := c.authorityMask()
		*p = *p&^m | v&m
		c.tlb.flushPages()
	case n == sprPIDR || n == sprLPIDR:
		// Cached translations carry their PID and LPID; the pages of
		// the last accesses do not.
		*p = v
		c.tlb.flushPages()
	default:
		*p = v
	}
	c.advance(in)
	return nil
}

// authorityMask is the mask of the AMR, IAMR or UAMOR bits a move to
// them may change in the current state (Power ISA 3.1B Book III,
// Authority Mask Register): in problem state (AMR only) those UAMOR
// allows, in privileged non-hypervisor state those AMOR allows, in
// hypervisor state all.
func (c *CPU) authorityMask() uint64 {
	switch {
	case c.problemState():
		return c.SPR.UAMOR
	case !c.hypervisor():
		return c.SPR.AMOR
	}
	return 1<<64 - 1
}

// decRead is a decrementer value as software sees it: the 64-bit value
// with LPCR[LD] = 1, else bits 32:63 sign-extended.
func (c *CPU) decRead(v uint64) uint64 {
	if c.SPR.LPCR&LPCRLD != 0 {
		return v
	}
	return uint64(int64(int32(v)))
}

// otherSPR is an SPR move the CPU does not hold: emulate's; a number
// emulate does not know either is illegal in problem state, and in
// privileged state a no-op (illegal for 0, 4, 5, 6).
func (c *CPU) otherSPR(in *decode.Inst, n int64) error {
	err := c.emu.Step(&c.Regs, &c.data, in)
	if err == nil || !errors.Is(err, emulate.ErrNotEmulated) && !errors.Is(err, emulate.ErrIllegal) {
		return err
	}
	if c.problemState() {
		// An SPR this processor does not provide, in problem state:
		// illegal (hypervisor emulation assistance, as on Microwatt and
		// POWER9).
		return errIllegal
	}
	switch n {
	case 0, 4, 5, 6:
		return errIllegal
	}
	c.advance(in)
	return nil
}
