package system

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Debugger is a gdbstub.Target for a CPU: one thread (id 1), the
// registers of its register file, and memory at virtual addresses through
// the current data translation (MSR[DR], the radix tables; no R/C update,
// no permission check). Only RAM is reachable: a device's registers are
// not read or written by the debugger, whose reads would have effects.
// Resume runs the CPU until a breakpoint, a watchpoint, a single step, an
// interrupt (Ctrl-C), attn (reported as an exit with status 0) or an
// instruction the CPU cannot execute (reported as SIGILL, the CPU left
// before it). Watchpoints (Z2, Z3, Z4) watch effective addresses: the
// data accesses of instructions through the current translation (not the
// debugger's own accesses, the real-address caching-inhibited loads and
// stores, or cache-touch probes). A hit stops the CPU before the
// instruction that would access the watched bytes, as GDB expects of
// POWER's watchpoints (it then steps over the instruction with the
// watchpoints removed); resumed there with the watchpoint still in
// place, the instruction runs. Reverse execution is not provided.
type Debugger struct {
	CPU       *CPU
	stop      atomic.Bool
	done      bool
	watchStop bool   // the last stop was a watchpoint's...
	watchAt   uint64 // ...before the instruction at this address
}

var (
	_ gdbstub.Target  = (*Debugger)(nil)
	_ gdbstub.Monitor = (*Debugger)(nil)
)

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
	var hit gdbstub.Stop
	watch := func(ea uint64, n int, write bool) bool {
		wp, at, ok := a.Points.Watch(ea, uint64(n), write)
		if ok {
			hit = trap
			hit.Addr, hit.Reason = at, watchReasons[wp.Kind]
		}
		return ok
	}
	defer func() { c.watch = nil }()
	// A resumption at the instruction a watchpoint stopped before runs
	// it (GDB steps over it with the watchpoint removed; another client
	// may not).
	over := d.watchStop && c.Regs.NIP == d.watchAt
	d.watchStop = false
	for first := true; ; first = false {
		c.watch = nil
		if a.Points.HasWatches() && !(first && over) {
			c.watch = watch
		}
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
		case errors.Is(err, errWatchHit):
			d.watchStop, d.watchAt = true, c.Regs.NIP
			return hit
		case err != nil:
			return gdbstub.Stop{Kind: gdbstub.StopSignal, Thread: 1, Signal: sigILL}
		case a.Step:
			return trap
		}
	}
}

// watchReasons are the stop reasons of the watchpoint kinds.
var watchReasons = map[gdbstub.WatchKind]gdbstub.Reason{
	gdbstub.WatchWrite: gdbstub.ReasonWatch, gdbstub.WatchRead: gdbstub.ReasonRWatch, gdbstub.WatchAccess: gdbstub.ReasonAWatch,
}

// Interrupt stops a running Resume.
func (d *Debugger) Interrupt() { d.stop.Store(true) }

// Kill ends the session: the caller stops running the CPU.
func (d *Debugger) Kill() { d.done = true }

// Detach ends the session: the caller runs the CPU on.
func (d *Debugger) Detach(gdbstub.SignalSet) {}

// Monitor runs GDB's "monitor CMD" (gdbstub.Monitor):
//
//	phys ADDR [N]   N bytes (default 16, at most 4096) of RAM at physical ADDR, in hex
//	translate EA    the physical address of a data access at EA now
//	sprs            the supervisor and hypervisor SPRs
func (d *Debugger) Monitor(cmd string) (string, error) {
	f := strings.Fields(cmd)
	num := func(i int, def uint64) (uint64, error) {
		if i >= len(f) {
			return def, nil
		}
		return strconv.ParseUint(f[i], 0, 64)
	}
	c := d.CPU
	switch {
	case len(f) >= 2 && f[0] == "phys":
		addr, err := num(1, 0)
		if err != nil {
			return "", err
		}
		n, err := num(2, 16)
		if err != nil || n > 4096 {
			return "", fmt.Errorf("phys: bad length %q", f[2])
		}
		b := c.Bus.RAM(addr, int(n))
		if b == nil {
			return "", fmt.Errorf("phys: %#x+%d is not RAM", addr, n)
		}
		return fmt.Sprintf("%#x: %x\n", addr, b), nil
	case len(f) == 2 && f[0] == "translate":
		ea, err := num(1, 0)
		if err != nil {
			return "", err
		}
		pa, err := c.PhysicalAddress(ea)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%#x -> %#x\n", ea, pa), nil
	case len(f) == 1 && f[0] == "sprs":
		s := &c.SPR
		return fmt.Sprintf("srr0 %#x srr1 %#x hsrr0 %#x hsrr1 %#x\ndar %#x dsisr %#x cfar %#x heir %#x\n"+
			"lpcr %#x ptcr %#x pidr %#x lpidr %#x\ndec %#x hdec %#x tb %#x\n",
			s.SRR0, s.SRR1, s.HSRR0, s.HSRR1, s.DAR, s.DSISR, s.CFAR, s.HEIR,
			s.LPCR, s.PTCR, s.PIDR, s.LPIDR, c.decRead(s.DEC), s.HDEC, s.TB), nil
	}
	return "", errors.New("monitor commands: phys ADDR [N], translate EA, sprs")
}
