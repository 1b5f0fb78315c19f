package system

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Debugger is a gdbstub.Target for a CPU: one thread (id 1), the
// registers of its register file, and memory at virtual addresses through
// the current data translation (MSR[DR], the radix tables; no R/C update,
// no permission check). Only RAM is reachable: a device's registers are
// not read or written by the debugger, whose reads would have effects.
// Resume runs the CPU until a breakpoint, a single step, an interrupt
// (Ctrl-C), attn (reported as an exit with status 0) or an instruction
// the CPU cannot execute (reported as SIGILL, the CPU left before it).
// Reverse execution and watchpoints are not provided.
type Debugger struct {
	CPU  *CPU
	stop atomic.Bool
	done bool
}

var _ gdbstub.Target = (*Debugger)(nil)

// Linux signal numbers the stops use.
const (
	sigINT  = 2
	sigILL  = 4
	sigTRAP = 5
)

// ByteOrder is MSR[LE]'s.
func (d *Debugger) ByteOrder() binary.ByteOrder {
	if d.CPU.Regs.MSR&regs.MSRLE != 0 {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// Threads is the one processor, thread 1.
func (d *Debugger) Threads() []int {
	if d.done {
		return nil
	}
	return []int{1}
}

var errNoThread = errors.New("system: no such thread")

// Regs returns the register file.
func (d *Debugger) Regs(tid int) (regs.Regs, error) {
	if tid != 1 {
		return regs.Regs{}, errNoThread
	}
	return d.CPU.Regs, nil
}

// SetRegs replaces the register file.
func (d *Debugger) SetRegs(tid int, r *regs.Regs) error {
	if tid != 1 {
		return errNoThread
	}
	d.CPU.Regs = *r
	d.CPU.tlb.flush() // MSR[IR], MSR[DR] or MSR[PR] may have changed
	return nil
}

// ram returns the RAM behind n bytes at virtual address addr.
func (d *Debugger) ram(addr uint64, n int) ([]byte, error) {
	c := d.CPU
	var out []byte
	for n > 0 {
		pa, err := c.PhysicalAddress(addr)
		if err != nil {
			return nil, err
		}
		chunk := min(n, int(4096-addr%4096))
		b := c.Bus.RAM(pa, chunk)
		if b == nil {
			return nil, fmt.Errorf("system: %#x (physical %#x) is not RAM", addr, pa)
		}
		if out == nil && chunk == n {
			return b, nil
		}
		out = append(out, b...) // a copy: writes go through WriteMemory's own loop
		addr += uint64(chunk)
		n -= chunk
	}
	return out, nil
}

// ReadMemory reads RAM at a virtual address.
func (d *Debugger) ReadMemory(addr uint64, p []byte) error {
	b, err := d.ram(addr, len(p))
	if err != nil {
		return err
	}
	copy(p, b)
	return nil
}

// WriteMemory writes RAM at a virtual address.
func (d *Debugger) WriteMemory(addr uint64, p []byte) error {
	for len(p) > 0 {
		chunk := min(len(p), int(4096-addr%4096))
		b, err := d.ram(addr, chunk)
		if err != nil {
			return err
		}
		copy(b, p[:chunk])
		addr += uint64(chunk)
		p = p[chunk:]
	}
	return nil
}

// Auxv is nil: there is no program loader.
func (d *Debugger) Auxv() []byte { return nil }

// Resume runs or steps the CPU.
func (d *Debugger) Resume(a gdbstub.Action) gdbstub.Stop {
	trap := gdbstub.Stop{Kind: gdbstub.StopSignal, Thread: 1, Signal: sigTRAP}
	if a.Reverse {
		trap.Reason = gdbstub.ReasonHistoryBegin
		return trap
	}
	d.stop.Store(false)
	c := d.CPU
	for first := true; ; first = false {
		if !first && a.Points != nil {
			if ok, hw := a.Points.Breakpoint(c.Regs.NIP); ok {
				trap.Reason = gdbstub.ReasonSWBreak
				if hw {
					trap.Reason = gdbstub.ReasonHWBreak
				}
				return trap
			}
		}
		if d.stop.Load() {
			return gdbstub.Stop{Kind: gdbstub.StopSignal, Thread: 1, Signal: sigINT}
		}
		_, err := c.Step()
		switch {
		case errors.Is(err, ErrAttn):
			d.done = true
			return gdbstub.Stop{Kind: gdbstub.StopExited}
		case err != nil:
			return gdbstub.Stop{Kind: gdbstub.StopSignal, Thread: 1, Signal: sigILL}
		case a.Step:
			return trap
		}
	}
}

// Interrupt stops a running Resume.
func (d *Debugger) Interrupt() { d.stop.Store(true) }

// Kill ends the session: the caller stops running the CPU.
func (d *Debugger) Kill() { d.done = true }

// Detach ends the session: the caller runs the CPU on.
func (d *Debugger) Detach() {}
