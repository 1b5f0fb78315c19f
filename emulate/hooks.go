package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Hooks are callbacks Run makes as it executes, each on an address range,
// as Unicorn's hooks are (uc_hook_add with begin and end): code hooks
// before an instruction, block hooks when execution enters a block,
// memory hooks after a data access. Give them in RunOptions.Hooks.
//
// A hook costs only where it applies. Run keeps its fast path (the cached
// decodings of a code page, run without a check per instruction) on every
// code page no code or block hook's range reaches, and its cached data
// pages for every page no memory hook of that kind reaches: a hook on a
// range that is never executed or accessed costs nothing per instruction
// (BenchmarkRunHooks). A hooked code page is run one instruction at a
// time, with the hooks; a hooked data page is read and written through
// the Memory's Read and Write.
//
// A code or block hook returning an error stops Run with that error,
// before the instruction (NIP at it; it has not executed).
type Hooks struct {
	Code  []CodeHook
	Block []BlockHook
	Mem   []MemHook
}

// CodeHook is called before each instruction whose address is in
// [Lo, Hi), with the registers (NIP at the instruction) and the decoded
// instruction, which it must not keep.
type CodeHook struct {
	Lo, Hi uint64
	Fn     func(r *regs.Regs, in *decode.Inst) error
}

// BlockHook is called when execution enters a block whose first
// instruction is in [Lo, Hi): at the start of Run, and at an instruction
// reached other than by falling through from the one before it (a taken
// branch, a return from a call, an interrupt's handler; a branch to the
// next instruction is not told apart from falling through).
type BlockHook struct {
	Lo, Hi uint64
	Fn     func(r *regs.Regs, addr uint64) error
}

// MemKind selects the data accesses a MemHook is called for.
type MemKind uint8

// The kinds of data access a MemHook can ask for.
const (
	MemAny    MemKind = iota // loads and stores (the zero value)
	MemLoads                 // loads only
	MemStores                // stores only
)

// MemHook is called after each data access of its Kind that touches [Lo, Hi),
// with the access's address and bytes (what was read, or written; the
// hook must not keep p). An access that faults calls no hook. (To stop
// the run on an access, note it here and return an error from a code
// hook.)
type MemHook struct {
	Lo, Hi uint64
	Kind   MemKind // MemAny (the zero value), MemLoads or MemStores
	Fn     func(addr uint64, p []byte, write bool)
}

func (h *MemHook) wants(write bool) bool {
	switch h.Kind {
	case MemLoads:
		return !write
	case MemStores:
		return write
	}
	return true
}

// overlaps reports whether [lo, hi) and [a, b) share an address.
func overlaps(lo, hi, a, b uint64) bool { return lo < b && a < hi }

// hookedMemory is the Memory Run gives the steps when there are memory
// hooks: its Read and Write call the hooks. Fetches go to m as they are.
type hookedMemory struct {
	m     Memory
	hooks []MemHook
}

func (h *hookedMemory) Read(addr uint64, p []byte) error {
	if err := h.m.Read(addr, p); err != nil {
		return err
	}
	h.call(addr, p, false)
	return nil
}

func (h *hookedMemory) Write(addr uint64, p []byte) error {
	if err := h.m.Write(addr, p); err != nil {
		return err
	}
	h.call(addr, p, true)
	return nil
}

func (h *hookedMemory) call(addr uint64, p []byte, write bool) {
	end := addr + uint64(len(p))
	for i := range h.hooks {
		if k := &h.hooks[i]; k.wants(write) && overlaps(addr, end, k.Lo, k.Hi) {
			k.Fn(addr, p, write)
		}
	}
}

// Fetch reads instructions from m without calling hooks.
func (h *hookedMemory) Fetch(addr uint64, p []byte) error { return fetchWord(h.m, addr, p) }

// pagedHooked is hookedMemory over a PagedMemory: the PagedMemory Run
// uses, holding back the pages a hook reaches, for the kind it watches, so
// that accesses to them come through Read and Write.
type pagedHooked struct {
	hookedMemory
	pm PagedMemory
}

// AccessPage lends a page unless a hook of the access's kind reaches it.
func (h *pagedHooked) AccessPage(addr uint64, access mem.Access) (*[mem.PageSize]byte, bool) {
	if access != mem.AccessExec {
		lo := addr &^ (mem.PageSize - 1)
		for i := range h.hooks {
			if k := &h.hooks[i]; k.wants(access == mem.AccessWrite) && overlaps(lo, lo+mem.PageSize, k.Lo, k.Hi) {
				return nil, false
			}
		}
	}
	return h.pm.AccessPage(addr, access)
}

func (h *pagedHooked) Generation() uint64 { return h.pm.Generation() }

// withMemHooks returns m with h's memory hooks, or m itself without.
func withMemHooks(m Memory, h *Hooks) Memory {
	if h == nil || len(h.Mem) == 0 {
		return m
	}
	if pm, ok := m.(PagedMemory); ok {
		return &pagedHooked{hookedMemory{m, h.Mem}, pm}
	}
	return &hookedMemory{m, h.Mem}
}

// hookRun is the state of a Run with code or block hooks.
type hookRun struct {
	h *Hooks
	// next is where the instruction run last falls through to: a block
	// starts at any other address.
	next uint64
	// page is the code page whose hookedness hooked holds (noCode: none).
	page   uint64
	hooked bool
}

func newHookRun(h *Hooks) *hookRun {
	if h == nil || len(h.Code)+len(h.Block) == 0 {
		return nil
	}
	return &hookRun{h: h, next: ^uint64(0), page: noCode}
}

// onPage reports whether a code or block hook reaches the page of addr.
func (hr *hookRun) onPage(addr uint64) bool {
	if pg := addr &^ (mem.PageSize - 1); pg != hr.page {
		hr.page, hr.hooked = pg, false
		h := hr.h
		for i := range h.Code {
			hr.hooked = hr.hooked || overlaps(pg, pg+mem.PageSize, h.Code[i].Lo, h.Code[i].Hi)
		}
		for i := range h.Block {
			hr.hooked = hr.hooked || overlaps(pg, pg+mem.PageSize, h.Block[i].Lo, h.Block[i].Hi)
		}
	}
	return hr.hooked
}

// stepped records the fall-through address of an instruction at nip run
// without hooks: NIP after it if that is 4 or 8 bytes on (a branch to
// there cannot be told from a fall-through), else none.
func (hr *hookRun) stepped(nip, now uint64) {
	hr.next = ^uint64(0)
	if now == nip+4 || now == nip+8 {
		hr.next = now
	}
}

// stepHooked fetches the instruction at NIP, calls the block hooks if a
// block starts there and the code hooks, then steps it.
func (e *Emulator) stepHooked(r *regs.Regs, m Memory, hr *hookRun) error {
	in, err := e.FetchInst(r, m)
	if err != nil {
		return err
	}
	nip := r.NIP
	h := hr.h
	if nip != hr.next {
		for i := range h.Block {
			if b := &h.Block[i]; nip >= b.Lo && nip < b.Hi {
				if err := b.Fn(r, nip); err != nil {
					return err
				}
			}
		}
	}
	for i := range h.Code {
		if c := &h.Code[i]; nip >= c.Lo && nip < c.Hi {
			if err := c.Fn(r, in); err != nil {
				return err
			}
		}
	}
	hr.next = ^uint64(0) // an instruction that fails: what runs next starts a block
	if err := e.runStep(r, m, in); err != nil {
		return err
	}
	hr.next = nip + uint64(in.Len) // a taken branch goes elsewhere: a block starts there
	return nil
}
