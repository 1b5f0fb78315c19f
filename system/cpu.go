package system

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// SPRs is the supervisor and hypervisor state beside the register file
// (Power ISA 3.1B Book III): what mfspr and mtspr reach in privileged
// state and what interrupts write.
type SPRs struct {
	SRR0, SRR1   uint64    // save/restore registers (26, 27)
	HSRR0, HSRR1 uint64    // hypervisor save/restore registers (314, 315)
	SPRG         [4]uint64 // SPRG0-3 (272-275; SPRG3 also readable as 259)
	HSPRG        [2]uint64 // HSPRG0-1 (304, 305)
	DAR, DSISR   uint64    // data address and DSI status (19, 18)
	HDAR, HDSISR uint64    // hypervisor data address and status (307, 306)
	ASDR         uint64    // access segment descriptor: the guest real page of an HDSI or HISI (816)
	DEC, HDEC    uint64    // decrementers (22, 310), 64 bits held; see CPU.Step
	TB           uint64    // time base (268 read; 284/285 write)
	LPCR         uint64    // logical partitioning control (318)
	PIDR, LPIDR  uint64    // process and partition IDs (48, 319)
	PTCR         uint64    // partition table control (464)
	CFAR         uint64    // come-from address (28)
	HEIR         uint64    // hypervisor emulation instruction (339)
	PIR          uint64    // processor identification (1023, read only)
	PVR          uint64    // processor version (287, read only)
	HRMOR        uint64    // hypervisor real mode offset (313)
	AMR, IAMR    uint64    // authority masks (13/29, 61)
	UAMOR, AMOR  uint64    // (157, 349)
	FSCR, HFSCR  uint64    // facility status and control (153, 190)
	PSSCR        uint64    // processor stop status and control (855)
	HMER, HMEER  uint64    // hypervisor maintenance (336, 337)
	CIABR        uint64    // (187)
	DAWR0, DAWRX uint64    // (180, 188)
	DPDES        uint64    // (176)
	PCR          uint64    // processor compatibility (338)
	CTRL         uint64    // control (136 read, 152 write)
	SIAR, SDAR   uint64    // sampled instruction and data addresses (780, 781)
	// Hash instruction keys (468, 469) and the dynamic execution
	// controls (828, 471; the DEXCR... aspect bits in each half).
	HASHKEYR, HASHPKEYR uint64
	DEXCR, HDEXCR       uint64
}

// ErrAttn is returned by Step when the processor executed attn (the
// machine's stop instruction: Microwatt ends a simulation with it).
var ErrAttn = errors.New("system: attn: processor stopped")

// ErrStopped wraps the outcome of a step the system cannot continue from:
// an instruction the emulator does not emulate (emulate.ErrNotEmulated),
// or must not step, in system mode.
var ErrStopped = errors.New("system: processor stopped")

// attnWord is the attn instruction (primary opcode 0, extended opcode
// 256), which POWER processors before ISA 3.0 had and Microwatt keeps; it
// is not in ppc64asm's tables.
const attnWord = 0x00000200

// CPU is one processor in system mode: the emulate.Context (registers,
// reservation, …), the privileged SPRs, and the physical Bus it reaches
// through its MMU. Problem-state instructions go through emulate.Step;
// the CPU adds the privileged instructions, interrupt delivery, the
// timers and address translation.
//
// A CPU is not safe for concurrent use.
type CPU struct {
	emulate.Context
	SPR SPRs
	Bus *Bus
	// HILE is the hypervisor interrupt little-endian control (HID0[HILE]
	// on POWER9): MSR[LE] for interrupts taken into hypervisor state.
	HILE bool
	// Attn makes attn stop the processor (ErrAttn); without it attn is
	// an illegal instruction.
	Attn bool
	// RCFault makes the radix MMU take a storage interrupt for a PTE
	// whose R bit (or, on a store, C bit) is 0, as Microwatt does,
	// instead of setting the bits as POWER9 hardware does; the ISA allows
	// either.
	RCFault bool
	// HypervisorOnly keeps MSR[HV] = 1 whatever rfid loads: a processor
	// without logical partitioning (Microwatt), whose MMU translates
	// only quadrants 0 and 3 and ignores LPIDR.
	HypervisorOnly bool
	// External is the external interrupt line (an interrupt controller's
	// output to this processor); nil means never asserted.
	External func() bool
	// Taken is the interrupt the last Step took (0 for none).
	Taken Vector
	// Steps counts the instructions completed and interrupts taken.
	Steps uint64

	// StepExact makes Run step one instruction at a time through Step,
	// as a debugger does, instead of running stretches of instructions
	// through emulate.Run (run.go). The outcome is the same either way;
	// an External line that changes from another goroutine is then
	// sampled before every instruction instead of at stretch boundaries.
	StepExact bool

	emu   *emulate.Emulator
	cfg   emulate.Config         // emu's, for the fast path's emulator
	fast  *fastRun               // Run's fast path, made on first use (run.go)
	ops   *[decode.NumOps]OpFunc // sysOps, or a copy with SetOp's changes
	data  dataMem
	buf   [8]byte
	tlb   tlb
	stopW bool // in a wait/stop state until an interrupt
	tb    tbState
	// watch, if set, sees every data access of an instruction before it
	// is made, by EA (the Debugger's watchpoints): true stops the step
	// before the instruction, as if it had not begun (watchHit, Step's
	// errWatchHit).
	watch    func(ea uint64, n int, write bool) bool
	watchHit bool
	// custom marks the ops SetOp was called for: Run's fast path stops
	// before them (run.go).
	custom [decode.NumOps]bool
	// mode32Ops: SetOp32 changed an op in 32-bit mode.
	mode32Ops bool
}

// errWatchHit is Step's outcome when a data access of the instruction
// hit a debugger watchpoint: nothing of the instruction was done.
var errWatchHit = errors.New("system: watchpoint")

// NewCPU returns a CPU on bus, in the state the Power ISA gives after a
// system reset of a hypervisor-mode processor (MSR = SF|HV|ME... is the
// machine's choice: the caller sets Regs.MSR and NIP), with an emulator of
// the given level and profile (cfg's TimeBase, SPR and Complete are
// replaced).
func NewCPU(bus *Bus, cfg emulate.Config) *CPU {
	c := &CPU{Bus: bus, ops: &sysOps, tb: tbState{whole: 1}}
	c.data.c = c
	cfg.TimeBase = func() uint64 { return c.SPR.TB }
	cfg.SPR = c.userSPR
	cfg.Complete = true
	c.cfg = cfg
	c.emu = emulate.New(cfg)
	c.emu.SetContext(&c.Context)
	return c
}

// userSPR supplies the problem-state-readable SPRs the register file does
// not hold (emulate.Config.SPR).
func (c *CPU) userSPR(n int) (uint64, bool) {
	switch n {
	case 259:
		return c.SPR.SPRG[3], true
	case 136:
		return c.SPR.CTRL, true
	}
	return 0, false
}

// pendingInterrupt is the asynchronous interrupt to take before the next
// instruction, if any (Power ISA 3.1B Book III 7.8, priority order of the
// enabled asynchronous interrupts: hypervisor decrementer, external,
// decrementer here), and whether it is a hypervisor one.
func (c *CPU) pendingInterrupt() (Vector, bool) {
	msr := c.Regs.MSR
	ee := msr&regs.MSREE != 0
	hvState := msr&regs.MSRHV != 0 && msr&regs.MSRPR == 0
	if c.SPR.LPCR&LPCRHDICE != 0 && int64(c.SPR.HDEC) < 0 && (ee || !hvState) {
		return VecHDecrementer, true
	}
	if c.External != nil && c.External() {
		// LPCR[LPES] = 0 directs the external interrupt to the
		// hypervisor; in hypervisor state it is then enabled by MSR[EE]
		// unless LPCR[HEIC] = 1.
		if c.SPR.LPCR&LPCRLPES == 0 {
			if !hvState || ee && c.SPR.LPCR&LPCRHEIC == 0 {
				return VecExternal, true
			}
		} else if ee {
			return VecExternal, false
		}
	}
	if ee && c.decNegative() {
		return VecDecrementer, false
	}
	return 0, false
}

// decNegative reports a decrementer exception: the decrementer's most
// significant bit, bit 0 of the 32-bit DEC, or of the 64-bit one when
// LPCR[LD] = 1 (Power ISA 3.1B Book III 9.3).
func (c *CPU) decNegative() bool {
	if c.SPR.LPCR&LPCRLD != 0 {
		return int64(c.SPR.DEC) < 0
	}
	return int32(c.SPR.DEC) < 0
}

// tick counts a step and advances the time base and the decrementers
// (SetTimeBase: by one by default).
func (c *CPU) tick() {
	d := c.tb.whole
	if c.tb.rem != 0 || c.tb.clock != nil {
		d = c.tb.ticks()
	}
	c.SPR.TB += d
	c.SPR.DEC -= d
	c.SPR.HDEC -= d
	c.Steps++
}

// Step executes one instruction or takes one interrupt. It returns the
// interrupt taken (0 if none; also in c.Taken) and an error only when the
// processor cannot go on: ErrAttn, or ErrStopped wrapping the emulator's
// outcome for an instruction it cannot execute. A failing step leaves the
// state as it was before it.
func (c *CPU) Step() (Vector, error) {
	c.Taken = 0
	r := &c.Regs
	if v, hv := c.pendingInterrupt(); v != 0 {
		c.stopW = false
		c.deliver(v, r.NIP, 0, hv)
		c.tick()
		return v, nil
	}
	if c.stopW {
		c.tick()
		return 0, nil
	}
	in, err := c.fetch()
	if err != nil {
		return c.Taken, err
	}
	if in == nil { // an interrupt was taken
		c.tick()
		return c.Taken, nil
	}
	nip, msr := r.NIP, r.MSR
	c.data.accessed, c.data.wrote = false, false
	// Cache management instructions probe the address (emulate checks
	// it is mapped) but do not access it: no watchpoint match
	// (dcbz, which stores, does).
	c.data.noWatch = in.Class == decode.ClassCache && in.Op != ppc64asm.DCBZ
	if f := c.ops[in.Op]; f != nil {
		err = f(c, in)
	} else {
		err = c.emu.Step(r, &c.data, in)
	}
	if c.watchHit {
		// A watchpoint: the step refused before any change (emulate's
		// contract for a failed access; the CPU's own ops check first).
		c.watchHit = false
		if err != nil {
			return 0, errWatchHit
		}
	}
	if err != nil {
		if err = c.outcome(in, err); err != nil {
			return 0, err
		}
	}
	taken := r.NIP != nip+uint64(in.Len)
	if c.Taken == 0 && taken {
		c.SPR.CFAR = nip
	}
	if c.Taken == 0 && msr&(regs.MSRSE|regs.MSRBE) != 0 || c.SPR.CIABR&3 != 0 {
		c.trace(in, nip, msr, taken)
	}
	const fe = regs.MSRFE0 | regs.MSRFE1
	if c.Taken == 0 && msr&fe == 0 && r.MSR&fe != 0 && r.FPSCR&regs.FPSCRFEX != 0 {
		// MSR[FE0,FE1] made non-zero (mtmsr[d], rfid) while an enabled
		// FP exception is pending: a program interrupt at the next
		// instruction, SRR1 bits 43 and 47 (Power ISA 3.1B Book III
		// 7.5.9).
		c.deliver(VecProgram, r.NIP, SRR1ProgFP|SRR1ProgNext, false)
	}
	c.tick()
	return c.Taken, nil
}

// OpFunc executes one instruction on a CPU: the CPU's own privileged
// operations, or an implementation's behaviour installed with SetOp. Like
// a semantic function of emulate it makes every check before it changes
// state, moves NIP past the instruction (or elsewhere), and returns nil
// or an emulate outcome (an *emulate.Fault, an error matching
// emulate.ErrPrivileged, ErrIllegal, ErrTrap, …) that the CPU turns into
// the interrupt the ISA takes.
type OpFunc func(c *CPU, in *decode.Inst) error

// SetOp makes f execute op on this CPU instead of the default (nil
// restores it): how a machine models a processor implementation's own
// choices where the ISA leaves them open, or where the implementation
// departs from it (package system/microwatt does for Microwatt's core).
// f may call c.Exec for the default behaviour. op is the op decode gives
// (the preferred no-op ori 0,0,0 is ppc64asm.NOP, not ORI).
func (c *CPU) SetOp(op decode.Op, f OpFunc) {
	if int(op) >= len(c.ops) {
		return
	}
	if c.ops == &sysOps {
		own := sysOps
		c.ops = &own
	}
	if f == nil {
		f = sysOps[op]
	}
	c.ops[op] = f
	c.custom[op] = true
	c.fast = nil // its cached decodings asked runStop under the old table
}

// SetOp32 is SetOp for an op whose f behaves as the default one except in
// 32-bit mode (MSR[SF] = 0), such as Microwatt's 64-bit link address:
// Run's fast path (CPU.Run) then runs the op itself in 64-bit mode, and
// steps every instruction through Step in 32-bit mode.
func (c *CPU) SetOp32(op decode.Op, f OpFunc) {
	c.SetOp(op, f)
	if int(op) < len(c.custom) {
		c.custom[op], c.mode32Ops = false, true
	}
}

// Exec executes in, the instruction at NIP, as the CPU does without SetOp:
// the CPU's own privileged operation or emulate.Step, on the CPU's
// registers and its translated memory. It returns the outcome as an
// OpFunc does; Step turns it into an interrupt.
func (c *CPU) Exec(in *decode.Inst) error {
	if int(in.Op) < len(sysOps) {
		if f := sysOps[in.Op]; f != nil {
			return f(c, in)
		}
	}
	return c.emu.Step(&c.Regs, &c.data, in)
}

// fetch reads and decodes the instruction at NIP through the instruction
// translation. A failed fetch takes the interrupt and returns nil, nil;
// attn is ErrAttn.
func (c *CPU) fetch() (*decode.Inst, error) {
	r := &c.Regs
	nip := r.NIP
	le := r.MSR&regs.MSRLE != 0
	w, ok := c.fetchWord(nip, le)
	if !ok {
		return nil, nil
	}
	if w == attnWord && c.Attn {
		if r.MSR&regs.MSRPR != 0 {
			// attn is hypervisor privileged.
			c.deliver(VecProgram, nip, SRR1ProgPriv, false)
			return nil, nil
		}
		return nil, ErrAttn
	}
	var s uint32
	if decode.IsPrefix(w) {
		next := nip + 4
		if !r.Is64() {
			next &= 0xffffffff
		}
		if s, ok = c.fetchWord(next, le); !ok {
			return nil, nil
		}
	}
	in, err := decode.Lookup(w, s)
	if err != nil && dataStreamWord(w) {
		in, err = decode.Lookup(nopWord, 0)
	}
	if err != nil {
		// An instruction that does not decode is illegal: hypervisor
		// emulation assistance (Power ISA 3.1B Book III 7.5.18).
		c.SPR.HEIR = uint64(w)
		srr1 := uint64(0)
		if decode.IsPrefix(w) {
			c.SPR.HEIR = uint64(w)<<32 | uint64(s)
			srr1 = SRR1Prefixed
		}
		c.deliver(VecHEmulation, nip, srr1, true)
		return nil, nil
	}
	return in, nil
}

// nopWord is the preferred no-op, ori 0,0,0.
const nopWord = 0x60000000

// dataStreamWord reports the VMX data stream instructions dst, dstt,
// dstst, dststt (primary opcode 31, extended 342 and 374) and dss, dssall
// (822), which ppc64asm does not decode (ISA 3.0 phased them out). A
// processor with VMX executes them as no-ops: QEMU's translate.c does, and
// Linux runs dssall at every address-space switch on POWER9.
func dataStreamWord(w uint32) bool {
	if w>>26 != 31 {
		return false
	}
	switch w >> 1 & 0x3ff {
	case 342, 374, 822:
		return true
	}
	return false
}

// fetchWord reads the instruction word at ea, taking the ISI (or machine
// check) when it cannot.
func (c *CPU) fetchWord(ea uint64, le bool) (uint32, bool) {
	if ea&3 != 0 {
		// An unaligned NIP cannot arise: rfid and branches clear the low
		// bits.
		ea &^= 3
	}
	t := &c.tlb
	key := c.Regs.MSR & (regs.MSRIR | regs.MSRPR | regs.MSRHV)
	var b []byte
	if t.fetch != nil && ea&^(mem.PageSize-1) == t.fetchEA && key == t.fetchKey {
		off := ea % mem.PageSize
		b = t.fetch[off : off+4]
	} else {
		pa, err := c.translate(ea, mem.AccessExec)
		if err != nil {
			c.fetchFault(err)
			return 0, false
		}
		b = c.Bus.RAM(pa, 4)
		if page := c.Bus.RAM(pa&^(mem.PageSize-1), mem.PageSize); page != nil {
			// Keep the page: the next fetches from it skip the
			// translation until a flush or another page.
			t.fetch, t.fetchEA, t.fetchKey = page, ea&^(mem.PageSize-1), key
		}
	}
	if b == nil {
		b = c.buf[:4]
		pa, _ := c.translate(ea, mem.AccessExec)
		if err := c.Bus.Read(pa, b); err != nil {
			c.deliver(VecMachineCheck, c.Regs.NIP, 0, false)
			return 0, false
		}
	}
	if le {
		return binary.LittleEndian.Uint32(b), true
	}
	return binary.BigEndian.Uint32(b), true
}

// outcome turns the emulator's refusal of in into the interrupt the ISA
// takes (Power ISA 3.1B Book III 7.5), or an error that stops the CPU.
func (c *CPU) outcome(in *decode.Inst, err error) error {
	r := &c.Regs
	nip := r.NIP
	var pre uint64
	if in.Len == 8 {
		pre = SRR1Prefixed
	}
	var fault *emulate.Fault
	switch {
	case errors.As(err, &fault) && fault.Alignment:
		// 7.5.8 Alignment: SRR0 the instruction, DAR the EA.
		if fault.Fetch {
			c.deliver(VecAlignment, nip, pre|SRR1ISINoExec, false)
			return nil
		}
		c.SPR.DAR = fault.Addr
		c.deliver(VecAlignment, nip, pre, false)
	case fault != nil:
		c.dataFault(fault, pre)
	case errors.Is(err, emulate.ErrPrivileged):
		// 7.5.9 Program, privileged instruction: SRR1 bit 45.
		c.deliver(VecProgram, nip, pre|SRR1ProgPriv, false)
	case errors.Is(err, emulate.ErrIllegal), errors.Is(err, decode.ErrInvalidForm):
		// An invalid form whose result the emulator does not know is
		// taken as illegal, as Microwatt does (lq, lqarx with RT = RA).
		// 7.5.18 Hypervisor Emulation Assistance: HSRR0 the
		// instruction, HEIR its image.
		c.SPR.HEIR = uint64(in.Word)
		if in.Len == 8 {
			c.SPR.HEIR = uint64(in.Word)<<32 | uint64(in.Suffix)
		}
		c.deliver(VecHEmulation, nip, pre, true)
	case errors.Is(err, emulate.ErrTrap):
		// 7.5.9 Program, trap: SRR1 bit 46.
		c.deliver(VecProgram, nip, pre|SRR1ProgTrap, false)
	case errors.Is(err, emulate.ErrUnavailable):
		// 7.5.10, 7.5.21, 7.5.22: the first facility off of FP, VMX,
		// VSX.
		v := VecVSXUnavailable
		switch {
		case in.Facility&decode.FacFP != 0 && r.MSR&regs.MSRFP == 0:
			v = VecFPUnavailable
		case in.Facility&decode.FacVEC != 0 && r.MSR&regs.MSRVEC == 0:
			v = VecVMXUnavailable
		}
		c.deliver(v, nip, pre, false)
	case errors.Is(err, emulate.ErrFPException):
		// 7.5.9 Program, floating-point enabled exception: SRR1 bit 43,
		// the instruction's FPSCR and target updates made first.
		var x *emulate.FPException
		if errors.As(err, &x) {
			x.Apply(r)
		}
		c.deliver(VecProgram, nip, pre|SRR1ProgFP, false)
	default:
		return fmt.Errorf("%w at %#x: %w", ErrStopped, nip, err)
	}
	return nil
}

// dataFault takes the interrupt for a failed data access: the DSI (or
// data segment interrupt) for a translation fault, with DAR and DSISR as
// the MMU set them, a machine check for a physical address nothing
// answers.
func (c *CPU) dataFault(f *emulate.Fault, pre uint64) {
	var x *TranslationError
	if errors.As(f.Err, &x) {
		if x.Hypervisor {
			// Hypervisor Data Storage (7.5): HDAR the EA, HDSISR the
			// cause, ASDR the guest real page.
			c.SPR.HDAR, c.SPR.HDSISR, c.SPR.ASDR = f.Addr, x.DSISR, x.GRA&^0xfff
			if f.Write {
				c.SPR.HDSISR |= DSISRStore
			}
			c.deliver(VecHDSI, c.Regs.NIP, pre, true)
			return
		}
		c.SPR.DAR = f.Addr
		if x.Segment {
			c.deliver(VecDSegI, c.Regs.NIP, pre, false)
			return
		}
		c.SPR.DSISR = x.DSISR
		if f.Write {
			c.SPR.DSISR |= DSISRStore
		}
		c.deliver(VecDSI, c.Regs.NIP, pre, false)
		return
	}
	c.deliver(VecMachineCheck, c.Regs.NIP, pre, false)
}

// fetchFault takes the ISI (or instruction segment interrupt, or machine
// check) for a failed instruction fetch: SRR1 gets the MMU's reason bits.
func (c *CPU) fetchFault(err error) {
	var x *TranslationError
	if errors.As(err, &x) {
		if x.Segment {
			c.deliver(VecISegI, c.Regs.NIP, 0, false)
			return
		}
		if x.Hypervisor {
			// Hypervisor Instruction Storage (7.5): HSRR1 the cause,
			// ASDR the guest real page.
			c.SPR.ASDR = x.GRA &^ 0xfff
			c.deliver(VecHISI, c.Regs.NIP, x.SRR1, true)
			return
		}
		c.deliver(VecISI, c.Regs.NIP, x.SRR1, false)
		return
	}
	c.deliver(VecMachineCheck, c.Regs.NIP, 0, false)
}

// trace takes the trace interrupt after in, which completed at nip
// under msr (Power ISA 3.1B Book III 7.5.15): single-step (MSR[SE]) after
// every instruction but rfid, hrfid and rfscv; branch trace (MSR[BE])
// after a taken branch; and a CIABR match (the instruction's address and
// privilege, CIABR bits 62:63, SRR1 bit 43). SRR0 is the next
// instruction, SRR1 bit 33 set, bit 35 after a load (and dcbt, dcbf,
// icbi, icbt) and bit 36 after a store (and dcbtst, dcbz), as Microwatt's
// tests/trace expect; SIAR gets the instruction's address and SDAR the
// data address.
func (c *CPU) trace(in *decode.Inst, nip, msr uint64, taken bool) {
	if c.Taken != 0 {
		return
	}
	srr1 := uint64(SRR1Trace)
	hit := false
	switch in.Op {
	case ppc64asm.RFID, ppc64asm.HRFID, ppc64asm.RFSCV:
	default:
		branch := in.Class == decode.ClassBranch || in.Class == decode.ClassCondBranch
		hit = msr&regs.MSRSE != 0 || msr&regs.MSRBE != 0 && branch && taken
	}
	if ci := c.SPR.CIABR; ci&3 != 0 && ci&^3 == nip {
		var priv uint64 = 2 // privileged, not hypervisor
		switch {
		case msr&regs.MSRPR != 0:
			priv = 1
		case msr&regs.MSRHV != 0:
			priv = 3
		}
		if ci&3 == priv {
			hit = true
			srr1 |= SRR1TraceCIABR
		}
	}
	if !hit {
		return
	}
	if in.Len == 8 {
		srr1 |= SRR1Prefixed
	}
	c.SPR.SIAR = nip
	if srr1&SRR1TraceCIABR == 0 {
		if c.data.accessed {
			c.SPR.SDAR = c.data.ea
		}
		switch {
		case in.Op == ppc64asm.DCBTST || in.Op == ppc64asm.DCBZ || in.Class == decode.ClassStore ||
			c.data.wrote:
			srr1 |= SRR1TraceStore
		case in.Op == ppc64asm.DCBT || in.Op == ppc64asm.DCBF || in.Op == ppc64asm.ICBI ||
			in.Op == ppc64asm.ICBT || in.Class == decode.ClassLoad || c.data.accessed:
			srr1 |= SRR1TraceLoad
		}
	}
	c.deliver(VecTrace, c.Regs.NIP, srr1, false)
}

// DAWRX0 fields (Power ISA 3.1B Book III 9.4, Data Address Watchpoint).
const (
	dawrxMRD    = 0x3f << 10 // bits 48:53: match range, doublewords beyond the first
	dawrxHRAMMC = 0x80
	dawrxDW     = 0x40 // match stores
	dawrxDR     = 0x20 // match loads
	dawrxWT     = 0x10 // match only when MSR[DR] equals WT...
	dawrxWTI    = 0x08 // ...unless WTI
	dawrxHyp    = 0x04 // match in hypervisor state
	dawrxPNH    = 0x02 // match in privileged non-hypervisor state
	dawrxPro    = 0x01 // match in problem state
)

// dawrMatch reports a data address watchpoint match: the access of n
// bytes at ea overlaps the doublewords DAWR0 names, its kind, the
// privilege state and the translation mode match DAWRX0. The ISA takes a
// DSI with DSISR bit 41 and DAR the first matching byte (the EA, or the
// start of the watched doublewords if the access begins before them, as
// Microwatt reports it).
func (c *CPU) dawrMatch(ea uint64, n int, write bool) (uint64, bool) {
	x, msr := c.SPR.DAWRX, c.Regs.MSR
	if write && x&dawrxDW == 0 || !write && x&dawrxDR == 0 {
		return 0, false
	}
	priv := uint64(dawrxPNH)
	switch {
	case msr&regs.MSRPR != 0:
		priv = dawrxPro
	case msr&regs.MSRHV != 0:
		priv = dawrxHyp
	}
	if x&priv == 0 {
		return 0, false
	}
	if x&dawrxWTI == 0 && (x&dawrxWT != 0) != (msr&regs.MSRDR != 0) {
		return 0, false
	}
	lo := c.SPR.DAWR0 &^ 7
	hi := lo + 8*((x&dawrxMRD)>>10+1)
	return max(ea, lo), ea < hi && ea+uint64(n) > lo
}

// dataMem is the emulate.Memory of data accesses: effective addresses
// through the data translation to the bus. An access that crosses a page
// boundary is translated for both pages before any byte moves.
type dataMem struct {
	c *CPU
	// What the step in progress accessed: the first EA, and whether it
	// stored (for the trace interrupt's SDAR and SRR1).
	accessed, wrote bool
	ea              uint64
	noWatch         bool // the step's accesses are probes (dcbt, dcbf, …): no DAWR match
}

func (d *dataMem) access(ea uint64, p []byte, write bool) error {
	c := d.c
	if !d.accessed {
		d.accessed, d.ea = true, ea
	}
	d.wrote = d.wrote || write
	if c.SPR.DAWRX&(dawrxDR|dawrxDW) != 0 && !d.noWatch {
		if at, ok := c.dawrMatch(ea, len(p), write); ok {
			return &mem.AccessError{Addr: at, Err: &TranslationError{EA: ea, DSISR: DSISRDAWR}}
		}
	}
	acc := mem.AccessRead
	if write {
		acc = mem.AccessWrite
	}
	n := len(p)
	t := &c.tlb
	key := c.Regs.MSR & (regs.MSRDR | regs.MSRPR | regs.MSRHV)
	off := ea % mem.PageSize
	if dp := &t.data[acc]; dp.page != nil && ea-off == dp.ea && key == dp.key && off+uint64(n) <= mem.PageSize {
		// The page this kind of access last reached, translated and
		// checked then (its R and C bits set).
		if write {
			copy(dp.page[off:], p)
		} else {
			copy(p, dp.page[off:])
		}
		return nil
	}
	pa, err := c.translate(ea, acc)
	if err != nil {
		return &mem.AccessError{Addr: ea, Err: err}
	}
	if page := c.Bus.RAM(pa-off, mem.PageSize); page != nil {
		t.data[acc] = cachedPage{page: page, ea: ea - off, key: key}
	}
	if first := int(mem.PageSize - ea%mem.PageSize); first < n {
		pa2, err := c.translate(ea+uint64(first), acc)
		if err != nil {
			return &mem.AccessError{Addr: ea + uint64(first), Err: err}
		}
		if pa2 != pa+uint64(first) {
			if err := d.phys(pa, p[:first], write); err != nil {
				return err
			}
			return d.phys(pa2, p[first:], write)
		}
	}
	return d.phys(pa, p, write)
}

func (d *dataMem) phys(pa uint64, p []byte, write bool) error {
	if b := d.c.Bus.RAM(pa, len(p)); b != nil {
		if write {
			copy(b, p)
		} else {
			copy(p, b)
		}
		return nil
	}
	if write {
		return d.c.Bus.Write(pa, p)
	}
	return d.c.Bus.Read(pa, p)
}

// Read implements emulate.Memory.
func (d *dataMem) Read(ea uint64, p []byte) error {
	if d.c.watch != nil && d.watched(ea, len(p), false) {
		return errWatchHit
	}
	return d.access(ea, p, false)
}

// Write implements emulate.Memory.
func (d *dataMem) Write(ea uint64, p []byte) error {
	if d.c.watch != nil && d.watched(ea, len(p), true) {
		return errWatchHit
	}
	return d.access(ea, p, true)
}

// watched reports an access that hits a debugger watchpoint (CPU.watch),
// and marks the step as stopped by it.
func (d *dataMem) watched(ea uint64, n int, write bool) bool {
	if d.noWatch || !d.c.watch(ea, n, write) {
		return false
	}
	d.c.watchHit = true
	return true
}
