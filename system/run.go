package system

import (
	"errors"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Time base read SPR numbers (mfspr 268/269, mftb's forms): emulate reads
// them through Config.TimeBase, which the fast path does not advance.
const (
	sprTBRL = 268
	sprTBRU = 269
)

// maxStretch bounds the instructions of one stretch of Run's fast path:
// how long an External line set from another goroutine (host input) may
// wait to be sampled.
const maxStretch = 1 << 16

// errLeaveRun is runMem's refusal of an access Run's fast path leaves to
// Step: not on a page of RAM the translation cache gives, or crossing
// pages. Run stops before the instruction, which Step then executes.
var errLeaveRun = errors.New("system: access left to Step")

// fastRun is Run's fast path: an Emulator of the CPU's configuration,
// with its own decode cache and blocks, that stops before whatever Step
// must execute (runStop), on runMem.
type fastRun struct {
	emu *emulate.Emulator
	mem runMem
}

// runMem is the memory of the fast path: effective addresses translated
// as Step translates them, lent as pages of RAM (emulate.PagedMemory).
// What is not a permitted page of RAM (I/O, a translation fault, a
// watchpoint) is refused, and Step then takes the access, and its
// interrupt, exactly.
type runMem struct {
	c *CPU
	// gen is the Generation: it moves when the translation may have
	// changed since the pages were lent (the tlb's flushes and
	// invalidations, MSR[IR,DR,PR,HV]).
	gen, tlbGen, key uint64
}

func (m *runMem) Read(uint64, []byte) error  { return errLeaveRun }
func (m *runMem) Write(uint64, []byte) error { return errLeaveRun }

// Fetch implements emulate.InstFetcher: an instruction not on a page of
// RAM is left to Step too.
func (m *runMem) Fetch(uint64, []byte) error { return errLeaveRun }

// AccessPage implements emulate.PagedMemory: the RAM page that addr
// translates to for the access, checked as Step checks it.
func (m *runMem) AccessPage(addr uint64, access mem.Access) (*[mem.PageSize]byte, bool) {
	c := m.c
	ea := addr &^ (mem.PageSize - 1)
	if !c.Regs.Is64() && ea > 0xffffffff {
		return nil, false
	}
	pa, err := c.translate(ea, access)
	if err != nil {
		return nil, false
	}
	b := c.Bus.RAM(pa, mem.PageSize)
	if b == nil {
		return nil, false
	}
	return (*[mem.PageSize]byte)(b), true
}

// Generation implements emulate.PagedMemory.
func (m *runMem) Generation() uint64 { return m.gen }

// sync moves the generation if the translation may have changed since
// the last stretch.
func (m *runMem) sync() {
	c := m.c
	key := c.Regs.MSR & (regs.MSRIR | regs.MSRDR | regs.MSRPR | regs.MSRHV)
	if key != m.key || c.tlb.gen != m.tlbGen {
		m.key, m.tlbGen = key, c.tlb.gen
		m.gen++
	}
}

// runStop is the fast path's emulate.Config.RunStop: the instructions
// Step executes otherwise than emulate.Step does (the CPU's own
// operations, mfspr and mtspr of the SPRs it holds, what SetOp changed)
// or that read the time base, which the fast path advances only at the
// end of a stretch.
func (c *CPU) runStop(in *decode.Inst) bool {
	if c.custom[in.Op] || in.Op == ppc64asm.MFTB {
		return true
	}
	if sysOps[in.Op] == nil {
		return false
	}
	var n int64
	switch in.Op {
	case ppc64asm.MFSPR:
		n = in.Args[1]
	case ppc64asm.MTSPR:
		n = in.Args[0]
	default:
		return true
	}
	switch n {
	case sprTBL, sprTBU, sprCTRLR, sprCTRLW, sprTBRL, sprTBRU:
		return true
	}
	p, _ := c.spr(n)
	return p != nil
}

// Run steps until n steps have run or a step fails; it returns the
// number of steps and the error, as n calls of Step would.
//
// Unless StepExact is set, Run executes stretches of instructions through
// emulate.Run (its block engine and decode cache) on the RAM pages the
// translation gives, and Step for the rest: each instruction emulate
// does not execute as Step would (privileged operations of the CPU, SPRs
// it holds, the time base, SetOp's ops), any access that is not to a
// permitted page of RAM (devices, faults), a fetch that fails, and every
// interrupt. A stretch starts only when no asynchronous interrupt is
// pending and no trace (MSR[SE], MSR[BE], CIABR) or watchpoint (DAWRX0)
// is armed, and is as long as the time base lets the decrementers go
// before one can cross zero: they, the time base and Steps then advance
// as Step would have advanced them, and CFAR is the last taken branch.
// The External line is sampled before each stretch; a device's line
// changes only when the CPU accesses it, which ends a stretch, so the
// outcome (registers, memory, interrupts and the steps they are taken
// at) is that of Step, step by step. Only a line changed from another
// goroutine (host input) is seen up to a stretch later.
func (c *CPU) Run(n uint64) (uint64, error) {
	var i uint64
	for i < n {
		if k := c.stretch(n - i); k > 1 {
			ran, err := c.runFast(k)
			i += ran
			if err == nil || i == n {
				continue
			}
		}
		if _, err := c.Step(); err != nil {
			return i, err
		}
		i++
	}
	return n, nil
}

// runFast runs a stretch of at most k instructions through emulate.Run.
// It returns how many ran and, if it stopped before k, the reason: the
// instruction at NIP needs Step.
func (c *CPU) runFast(k uint64) (uint64, error) {
	f := c.fast
	if f == nil {
		cfg := c.cfg
		cfg.RunStop = c.runStop
		f = &fastRun{emu: emulate.New(cfg), mem: runMem{c: c}}
		f.emu.SetContext(&c.Context)
		c.fast = f
	}
	f.mem.sync()
	ran, err := f.emu.Run(&c.Regs, &f.mem, emulate.RunOptions{MaxSteps: k})
	if ran != 0 {
		c.Taken = 0
		if from, ok := f.emu.TakenBranch(); ok {
			c.SPR.CFAR = from
		}
		d := c.tb.advance(ran)
		c.SPR.TB += d
		c.SPR.DEC -= d
		c.SPR.HDEC -= d
		c.Steps += ran
	}
	if errors.Is(err, emulate.ErrStepLimit) {
		err = nil
	}
	return ran, err
}

// stretch is how many instructions, at most max, Run's fast path may run
// from here: 0 when Step must take the next one (an interrupt pending, a
// wait state, trace or watchpoints armed), else up to the step at which
// a decrementer that can interrupt may cross zero.
func (c *CPU) stretch(max uint64) uint64 {
	msr := c.Regs.MSR
	if c.StepExact || c.stopW || c.watch != nil || msr&(regs.MSRSE|regs.MSRBE) != 0 || c.SPR.CIABR&3 != 0 ||
		c.SPR.DAWRX&(dawrxDR|dawrxDW) != 0 {
		return 0
	}
	if v, _ := c.pendingInterrupt(); v != 0 || c.mode32Ops && msr&regs.MSRSF == 0 {
		return 0
	}
	k := min(max, maxStretch)
	t := &c.tb
	if t.clock != nil {
		// The time base moves only at every clockEvery-th step: stop
		// there.
		return min(k, clockEvery-t.clockN)
	}
	dmax := t.whole
	if t.rem != 0 {
		dmax++
	}
	if dmax == 0 {
		return k
	}
	ee := msr&regs.MSREE != 0
	hvState := msr&regs.MSRHV != 0 && msr&regs.MSRPR == 0
	if c.SPR.LPCR&LPCRHDICE != 0 && (ee || !hvState) {
		// HDEC >= 0 here (no interrupt pending): it may cross zero at
		// the step that takes it past HDEC.
		k = min(k, c.SPR.HDEC/dmax+1)
	}
	if ee {
		v := uint64(uint32(c.SPR.DEC))
		if c.SPR.LPCR&LPCRLD != 0 {
			v = c.SPR.DEC
		}
		k = min(k, v/dmax+1)
	}
	return k
}

// advance is how far the time base advances over k steps, as k calls of
// ticks would advance it (with a clock, k reaches at most the next
// reading: CPU.stretch).
func (t *tbState) advance(k uint64) uint64 {
	if t.clock != nil {
		t.clockN += k - 1
		return t.ticks()
	}
	d := k * t.whole
	if t.rem != 0 {
		s := t.carry + k*t.rem
		d += s / t.ips
		t.carry = s % t.ips
	}
	return d
}
