package ptrace

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Linux ptrace request numbers used here (include/uapi/linux/ptrace.h and
// arch/powerpc/include/uapi/asm/ptrace.h).
const (
	PTRACE_PEEKDATA   = 2
	PTRACE_POKEDATA   = 5
	PTRACE_GETREGS    = 0xc
	PTRACE_SETREGS    = 0xd
	PTRACE_GETFPREGS  = 0xe
	PTRACE_SETFPREGS  = 0xf
	PTRACE_GETVRREGS  = 0x12
	PTRACE_SETVRREGS  = 0x13
	PTRACE_GETVSRREGS = 0x1b
	PTRACE_SETVSRREGS = 0x1c
	PTRACE_GETREGSET  = 0x4204
	PTRACE_SETREGSET  = 0x4205
)

// WordSize is the size of one PEEKDATA/POKEDATA transfer on ppc64.
const WordSize = 8

// Syscalls is the system-call layer: one method per kind of request. System
// implements it on linux/ppc64le and linux/ppc64; tests use a fake.
type Syscalls interface {
	// PeekWord reads the aligned doubleword at addr (PTRACE_PEEKDATA).
	// The bytes are in address order.
	PeekWord(pid int, addr uint64) ([WordSize]byte, error)
	// PokeWord writes the aligned doubleword at addr (PTRACE_POKEDATA).
	PokeWord(pid int, addr uint64, w [WordSize]byte) error
	// ReadVM reads len(p) bytes at addr with process_vm_readv and returns
	// how many it read.
	ReadVM(pid int, addr uint64, p []byte) (int, error)
	// WriteVM writes p at addr with process_vm_writev and returns how many
	// bytes it wrote.
	WriteVM(pid int, addr uint64, p []byte) (int, error)
	// Transfer performs a register request: ptrace(req, pid, addr, buf).
	// For PTRACE_GETREGSET and PTRACE_SETREGSET addr is the note type and
	// the implementation passes an iovec describing buf.
	Transfer(req int, pid int, addr uint64, buf []byte) error
}

// ErrShort is wrapped by the errors of a process_vm transfer that moved
// fewer bytes than asked.
var ErrShort = errors.New("ptrace: short process_vm transfer")

// Memory is an emulate.Memory over a stopped thread.
//
// With UseVM false (PEEK/POKE), reads and writes go word by word: an
// unaligned or partial access touches every doubleword it overlaps, and a
// write to part of a doubleword reads it first (read-modify-write). POKEDATA
// ignores page protection, as a debugger planting breakpoints in text
// needs, so an emulated store to a read-only page succeeds where the
// hardware would fault. A write first reads every doubleword it will
// change, and if a poke fails it writes back the ones already poked, so
// that a failed write leaves memory unchanged.
//
// With UseVM true, process_vm_readv/writev move the bytes in one call each
// and respect page protection (a store to a read-only page faults), which
// suits emulated data accesses; they cannot plant breakpoints in read-only
// text.
//
// A failing access returns an *mem.AccessError naming the first byte
// that could not be accessed.
type Memory struct {
	Sys   Syscalls // the system-call layer (System on linux/ppc64x)
	Pid   int      // the traced thread id
	UseVM bool     // use process_vm_readv/writev instead of PEEKDATA/POKEDATA (see above)
}

// Read implements emulate.Memory.
func (m *Memory) Read(addr uint64, p []byte) error {
	if len(p) == 0 {
		return nil
	}
	if m.UseVM {
		n, err := m.Sys.ReadVM(m.Pid, addr, p)
		return vmErr(addr, n, len(p), err)
	}
	for off := 0; off < len(p); {
		a := addr + uint64(off)
		base := a &^ (WordSize - 1)
		w, err := m.Sys.PeekWord(m.Pid, base)
		if err != nil {
			return &mem.AccessError{Addr: a, Err: err}
		}
		off += copy(p[off:], w[a-base:])
	}
	return nil
}

// Write implements emulate.Memory.
func (m *Memory) Write(addr uint64, p []byte) error {
	if len(p) == 0 {
		return nil
	}
	if m.UseVM {
		n, err := m.Sys.WriteVM(m.Pid, addr, p)
		return vmErr(addr, n, len(p), err)
	}
	first := addr &^ (WordSize - 1)
	end := addr + uint64(len(p)) // exclusive
	nwords := int((end - first + WordSize - 1) / WordSize)
	// Read every word (the old contents, for the merge and the rollback).
	var small [4][WordSize]byte
	old := small[:0]
	if nwords > len(small) {
		old = make([][WordSize]byte, 0, nwords)
	}
	for i := range nwords {
		a := first + uint64(i)*WordSize
		w, err := m.Sys.PeekWord(m.Pid, a)
		if err != nil {
			return &mem.AccessError{Addr: max(a, addr), Err: err}
		}
		old = append(old, w)
	}
	for i := range nwords {
		a := first + uint64(i)*WordSize
		w := old[i]
		lo := max(a, addr)
		hi := min(a+WordSize, end)
		copy(w[lo-a:hi-a], p[lo-addr:hi-addr])
		if err := m.Sys.PokeWord(m.Pid, a, w); err != nil {
			for j := i - 1; j >= 0; j-- {
				_ = m.Sys.PokeWord(m.Pid, first+uint64(j)*WordSize, old[j])
			}
			return &mem.AccessError{Addr: lo, Err: err}
		}
	}
	return nil
}

func vmErr(addr uint64, n, want int, err error) error {
	switch {
	case err != nil:
		return &mem.AccessError{Addr: addr + uint64(max(n, 0)), Err: err}
	case n < want:
		return &mem.AccessError{Addr: addr + uint64(max(n, 0)), Err: ErrShort}
	}
	return nil
}

// Set selects register sets to load or store.
type Set uint16

// Register sets.
const (
	SetGPR  Set = 1 << iota // GPRs, NIP, MSR, CTR, LR, XER, CR and the rest of pt_regs (GETREGS)
	SetFPR                  // FPR0..31 (doubleword 0 of VSR0..31) and FPSCR (GETFPREGS)
	SetVMX                  // VR0..31 (VSR32..63), VSCR, VRSAVE (GETVRREGS)
	SetVSX                  // doubleword 1 of VSR0..31 (GETVSRREGS)
	SetTAR                  // TAR (GETREGSET NT_PPC_TAR)
	SetPPR                  // PPR (GETREGSET NT_PPC_PPR)
	SetDSCR                 // DSCR (GETREGSET NT_PPC_DSCR)

	// SetAll is every set the emulator uses.
	SetAll = SetGPR | SetFPR | SetVMX | SetVSX | SetTAR | SetPPR | SetDSCR
	// SetDefault is what a step needs in practice: everything but the
	// one-register SPR sets, which older kernels lack.
	SetDefault = SetGPR | SetFPR | SetVMX | SetVSX
)

// Request is one register transfer: ptrace(Req, pid, Addr, buf[:Size]).
type Request struct {
	Set  Set    // the single register set this request moves
	Req  int    // the ptrace request
	Addr uint64 // the note type for GETREGSET/SETREGSET, else 0
	Size int    // the buffer size in bytes
	Name string // the request's name, for errors
}

// requests lists the transfers for sets, in Set bit order, get or set.
func requests(sets Set, set bool) []Request {
	type row struct {
		s         Set
		get, put  int
		note      uint64
		size      int
		gn, pname string
	}
	rows := []row{
		{SetGPR, PTRACE_GETREGS, PTRACE_SETREGS, 0, regs.GPRegsPtraceSize, "PTRACE_GETREGS", "PTRACE_SETREGS"},
		{SetFPR, PTRACE_GETFPREGS, PTRACE_SETFPREGS, 0, regs.FPRegsSize, "PTRACE_GETFPREGS", "PTRACE_SETFPREGS"},
		{SetVMX, PTRACE_GETVRREGS, PTRACE_SETVRREGS, 0, regs.VMXRegsPtraceSize, "PTRACE_GETVRREGS", "PTRACE_SETVRREGS"},
		{SetVSX, PTRACE_GETVSRREGS, PTRACE_SETVSRREGS, 0, regs.VSXRegsSize, "PTRACE_GETVSRREGS", "PTRACE_SETVSRREGS"},
		{SetTAR, PTRACE_GETREGSET, PTRACE_SETREGSET, regs.NT_PPC_TAR, regs.SPRRegSize, "PTRACE_GETREGSET NT_PPC_TAR", "PTRACE_SETREGSET NT_PPC_TAR"},
		{SetPPR, PTRACE_GETREGSET, PTRACE_SETREGSET, regs.NT_PPC_PPR, regs.SPRRegSize, "PTRACE_GETREGSET NT_PPC_PPR", "PTRACE_SETREGSET NT_PPC_PPR"},
		{SetDSCR, PTRACE_GETREGSET, PTRACE_SETREGSET, regs.NT_PPC_DSCR, regs.SPRRegSize, "PTRACE_GETREGSET NT_PPC_DSCR", "PTRACE_SETREGSET NT_PPC_DSCR"},
	}
	var out []Request
	for _, r := range rows {
		if sets&r.s == 0 {
			continue
		}
		q := Request{Set: r.s, Req: r.get, Addr: r.note, Size: r.size, Name: r.gn}
		if set {
			q.Req, q.Name = r.put, r.pname
		}
		out = append(out, q)
	}
	return out
}

// Requests returns the transfers LoadRegs (set false) or StoreRegs (set
// true) performs for sets, in order.
func Requests(sets Set, set bool) []Request { return requests(sets, set) }

// RequestError is a failed register transfer.
type RequestError struct {
	Request Request // the transfer that failed
	Err     error   // the error the system call returned
}

func (e *RequestError) Error() string {
	return fmt.Sprintf("ptrace: %s: %v", e.Request.Name, e.Err)
}

// Unwrap returns the system call's error.
func (e *RequestError) Unwrap() error { return e.Err }

// decodeSet loads one transferred set into r.
func decodeSet(r *regs.Regs, q Request, b []byte, order binary.ByteOrder) error {
	switch q.Set {
	case SetGPR:
		return regs.DecodeGPRegs(r, b, order)
	case SetFPR:
		return regs.DecodeFPRegs(r, b, order)
	case SetVMX:
		return regs.DecodeVMXRegs(r, b, order)
	case SetVSX:
		return regs.DecodeVSXRegs(r, b, order)
	}
	return regs.DecodeRegset(r, uint32(q.Addr), b, order)
}

// encodeSet returns the image of one set of r, q.Size bytes.
func encodeSet(r *regs.Regs, q Request, order binary.ByteOrder) []byte {
	var b []byte
	switch q.Set {
	case SetGPR:
		b = regs.EncodeGPRegs(r, order)
	case SetFPR:
		b = regs.EncodeFPRegs(r, order)
	case SetVMX:
		b = regs.EncodeVMXRegs(r, order)
	case SetVSX:
		b = regs.EncodeVSXRegs(r, order)
	default:
		b, _ = regs.EncodeRegset(r, uint32(q.Addr), order)
	}
	return b[:q.Size]
}

// LoadRegs reads the selected register sets of thread pid into r. order is
// the tracee's byte order (the host's: little-endian on ppc64le). The
// fields of sets not selected are left as they are. On an error r may hold
// the sets loaded before the failing one.
//
// The MSR Linux reports has FP, VEC and VSX set only while the thread's
// registers of that kind are loaded in the CPU: Linux gives every user
// thread the three facilities and loads their registers lazily, at the
// facility-unavailable interrupt of the first use after a context switch.
// The thread's next floating-point or vector instruction runs either way,
// so, when the GPR set is loaded, LoadRegs turns on in r.MSR the facility
// bit of each set it loads (FP for SetFPR, VEC for SetVMX, VSX for
// SetVSX): an emulated step then executes those instructions as the CPU
// would instead of raising "unavailable". StoreRegs sends the MSR back
// unchanged, and Linux ignores it but for the single-step bits.
func LoadRegs(sys Syscalls, pid int, r *regs.Regs, sets Set, order binary.ByteOrder) error {
	var buf [regs.VMXRegsSize]byte // the largest set
	for _, q := range requests(sets, false) {
		b := buf[:q.Size]
		if err := sys.Transfer(q.Req, pid, q.Addr, b); err != nil {
			return &RequestError{Request: q, Err: err}
		}
		if err := decodeSet(r, q, b, order); err != nil {
			return &RequestError{Request: q, Err: err}
		}
	}
	if sets&SetGPR != 0 {
		for _, f := range [...]struct {
			s   Set
			msr uint64
		}{{SetFPR, regs.MSRFP}, {SetVMX, regs.MSRVEC}, {SetVSX, regs.MSRVSX}} {
			if sets&f.s != 0 {
				r.MSR |= f.msr
			}
		}
	}
	return nil
}

// StoreRegs writes the selected register sets of r to thread pid. Linux
// changes only what a tracer may change: of the MSR only the single-step
// bits (SE, BE), and not SOFTE, DAR, DSISR or RESULT.
func StoreRegs(sys Syscalls, pid int, r *regs.Regs, sets Set, order binary.ByteOrder) error {
	for _, q := range requests(sets, true) {
		if err := sys.Transfer(q.Req, pid, q.Addr, encodeSet(r, q, order)); err != nil {
			return &RequestError{Request: q, Err: err}
		}
	}
	return nil
}

// Thread is a stopped, traced thread: its id, the system-call layer and
// its byte order.
type Thread struct {
	Pid   int              // the traced thread id
	Sys   Syscalls         // the system-call layer (System on linux/ppc64x)
	Order binary.ByteOrder // the tracee's byte order
	Sets  Set              // the sets LoadRegs and StoreRegs transfer; 0 means SetDefault
	UseVM bool             // Memory uses process_vm_readv/writev
}

func (t *Thread) sets() Set {
	if t.Sets == 0 {
		return SetDefault
	}
	return t.Sets
}

// Memory returns the thread's address space as an emulate.Memory.
func (t *Thread) Memory() *Memory { return &Memory{Sys: t.Sys, Pid: t.Pid, UseVM: t.UseVM} }

// LoadRegs reads the thread's registers into r.
func (t *Thread) LoadRegs(r *regs.Regs) error { return LoadRegs(t.Sys, t.Pid, r, t.sets(), t.Order) }

// StoreRegs writes r to the thread's registers.
func (t *Thread) StoreRegs(r *regs.Regs) error {
	return StoreRegs(t.Sys, t.Pid, r, t.sets(), t.Order)
}

// Step loads the registers, executes the instruction at NIP with e
// (reading it from memory, so any breakpoint there must have been removed
// or the caller uses emulate.Step with the original instruction), and
// stores the registers back if the step succeeded. It returns the step's
// outcome; on any error the thread's registers are not written.
func (t *Thread) Step(e *emulate.Emulator) error {
	var r regs.Regs
	if err := t.LoadRegs(&r); err != nil {
		return err
	}
	if err := e.Fetch(&r, t.Memory()); err != nil {
		return err
	}
	return t.StoreRegs(&r)
}
