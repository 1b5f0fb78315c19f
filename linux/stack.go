//go:build linux

package linux

import (
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The main thread's stack grows as Linux's does: execve maps the pages the
// arguments take plus 128 KiB (setup_arg_pages' stack_expand), and a fault
// below the stack maps the pages down to the faulting address (expand_stack)
// if the stack stays within its maximum size (Config.StackSize, and the
// process's RLIMIT_STACK at the fault) and the address space within RLIMIT_AS (Mem.Limit), with
// stackGuardGap unmapped below it. So the stack counts against RLIMIT_AS
// the pages it has grown to, not its maximum, as on Linux; a growth the
// limits refuse is the SIGSEGV of the fault.

// stackArea is an address space's main stack: mapped [lo, hi), growing
// down to min with permissions perm.
type stackArea struct {
	lo, hi, min uint64
	perm        mem.Perm
}

// stackExpand is what Linux maps beyond the argument pages at execve
// (setup_arg_pages: stack_expand, 128 KiB).
const stackExpand = 128 << 10

// stackGuardGap is the unmapped space Linux keeps below a growing stack
// (stack_guard_gap: 256 pages; mm/mmap.c).
const stackGuardGap = 256 * mem.PageSize

// initialStack is the size execve maps for a stack of at most max bytes
// holding spec's strings, pointers and auxiliary vector.
func initialStack(spec *loader.StackSpec, max uint64) uint64 {
	n := uint64(len(spec.ExecFn)+len(spec.Platform)) + 2 + 16 + 8*uint64(len(spec.Args)+len(spec.Env)+3) + 64*16
	for _, s := range spec.Args {
		n += uint64(len(s)) + 1
	}
	for _, s := range spec.Env {
		n += uint64(len(s)) + 1
	}
	return min(max, pageUp(n)+stackExpand)
}

// growStack maps t's main stack down to the page of addr, a faulting
// address below it, as Linux's expand_stack; it reports whether it did
// (if not, the fault is a SIGSEGV).
func (t *Thread) growStack(addr uint64) bool {
	st := &t.mm.stack
	if addr >= st.lo || addr < st.min {
		return false
	}
	lo := addr &^ (mem.PageSize - 1)
	if lim := t.group.rl.rest[abi.RLIMIT_STACK].Cur; st.hi-lo > lim {
		return false // acct_stack_growth: the stack beyond RLIMIT_STACK
	}
	gap := lo - min(lo-st.min, stackGuardGap)
	free := true
	t.mm.Mem.Regions(func(s, e uint64, _ mem.Perm) {
		if s < st.lo && e > gap {
			free = false
		}
	})
	if !free || t.mm.Mem.Map(lo, st.lo-lo, st.perm) != nil {
		return false
	}
	st.lo = lo
	return true
}
