package emulate

import "github.com/ppc64emu/ppc64emu/regs"

// Context is one thread's whole architectural state: the register file and
// the state the ISA keeps per processor beside it — the load-and-reserve
// reservation, the copy-paste facility's copy buffer and which MMA
// accumulators are primed. It is a plain value: assigning it saves or
// restores a thread (a signal frame, a thread switch, a checkpoint, fork),
// == and go-cmp compare two (every field is exported and comparable).
//
// An Emulator steps one Context at a time (Emulator.SetContext): Step and
// Run change the registers they are given, normally &c.Regs, and the
// reservation, copy buffer and primed accumulators of the current Context.
type Context struct {
	Regs regs.Regs // the register file
	// Resv is the reservation: a larx sets it, a stcx. clears it (see
	// atomic.go for the model). The zero value holds none.
	Resv Reservation
	// Copy is the copy-paste facility's copy buffer: copy fills it, paste.
	// and cpabort empty it (Valid false; Data keeps the last bytes). Only
	// the hardware profile at POWER10 runs copy and paste (Differences row
	// "copy-paste").
	Copy CopyBuffer
	// Primed holds the primed MMA accumulators, bit i for ACC[i] (Power ISA
	// 3.1B Book I 7.2.1.2): xxmtacc, xxsetaccz and every GER op prime
	// their accumulator, xxmfacc deprimes it. While ACC[i] is primed the
	// ISA leaves VSRs 4i…4i+3 undefined; the emulator keeps the
	// accumulator in those VSRs (what QEMU 7.2 does and what a program
	// reads after xxmfacc), so under the hardware profile an instruction
	// that names one of them as an operand (an FPR or VSR: FPR n is VSR n)
	// is refused with ErrNotEmulated (Differences row "mma-primed-vsr")
	// and needs a hardware step; the QEMU profile executes it on QEMU's
	// view. A debugger that attaches to a thread mid-way, or steps some
	// instructions elsewhere (a hardware single-step), sets what it knows.
	Primed uint8
}

// Reservation is the load-and-reserve state of a thread (larx sets it,
// stcx. clears it): the reserved address and length.
type Reservation struct {
	Valid bool   // a reservation is held (false: Addr and Size mean nothing)
	Addr  uint64 // the reserved address, the effective address of the larx
	Size  uint8  // the reservation length in bytes: the larx access size (1, 2, 4, 8 or 16)
}

// CopyBuffer is the copy-paste facility's copy buffer: the 128 bytes the
// last copy loaded, valid until a paste. or cpabort.
type CopyBuffer struct {
	Valid bool            // a copy filled it since the last paste. or cpabort
	Data  [copyBlock]byte // the bytes copy loaded, in address order
}

// SwitchOut changes c as leaving the processor does on Linux: the
// reservation is lost (the kernel's return from an interrupt clears it
// with a stcx., and another thread may store to the granule meanwhile) and
// the copy buffer is emptied (the kernel issues cpabort on a context
// switch). The registers and primed accumulators are kept. A debugger
// calls it, too, where the stepped thread's reservation may have been lost
// between steps (a hardware single-step, another thread's store).
func (c *Context) SwitchOut() {
	c.Resv = Reservation{}
	c.Copy.Valid = false
}

// Context returns the Context the emulator steps: the one SetContext gave,
// or the emulator's own. Its Regs are what the caller passes to Step; the
// emulator itself reads and changes only its other fields.
func (e *Emulator) Context() *Context { return e.ctx }

// SetContext makes c the emulator's current Context: from the next step on
// the reservation, copy buffer and primed accumulators are c's, and the
// registers are the ones passed to Step or Run (normally &c.Regs). A nil c
// goes back to the emulator's own Context, which a new Emulator starts
// with (no reservation, no accumulator primed). Switching threads on one
// Emulator is SetContext with the next thread's Context.
func (e *Emulator) SetContext(c *Context) {
	if c == nil {
		c = &e.own
	}
	e.ctx = c
}
