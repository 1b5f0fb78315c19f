//go:build linux

package linux

import "github.com/ppc64emu/ppc64emu/linux/abi"

// Robust futexes (set_robust_list, get_robust_list), as Linux 6.1's
// kernel/futex/core.c answers them: a thread registers the head of a list
// of the robust mutexes it holds, and when it exits the kernel marks each
// mutex it still owns FUTEX_OWNER_DIED and wakes one waiter, so that the
// next locker gets EOWNERDEAD instead of waiting forever.

// Robust futex word bits and limits (linux/futex.h).
const (
	futexWaiters    = 0x80000000
	futexOwnerDied  = 0x40000000
	futexTIDMask    = 0x3fffffff
	robustHeadSize  = 24   // struct robust_list_head: next, futex_offset, list_op_pending
	robustListLimit = 2048 // ROBUST_LIST_LIMIT: entries walked at most
)

func sysSetRobustList(t *Thread, a *sysArgs) (uint64, int) {
	if a.Size(1) != robustHeadSize {
		return 0, abi.EINVAL
	}
	t.robustList = a.Ptr(0)
	return 0, 0
}

func sysGetRobustList(t *Thread, a *sysArgs) (uint64, int) {
	target := t
	if pid := a.Int(0); pid != 0 {
		if target = t.group.threads[pid]; target == nil {
			return 0, abi.ESRCH
		}
	}
	if e := t.put64(a.Ptr(2), robustHeadSize); e != 0 {
		return 0, e
	}
	return 0, t.put64(a.Ptr(1), target.robustList)
}

// exitRobustList releases the robust mutexes a thread still holds as it
// exits (Linux's exit_robust_list, called before the clear_child_tid
// write): every entry of its list but the pending one, then the pending
// one, at most robustListLimit entries. A fault ends the walk.
func (t *Thread) exitRobustList() {
	head := t.robustList
	if head == 0 {
		return
	}
	entry, e := t.get64(head)
	if e != 0 {
		return
	}
	offset, e := t.get64(head + 8)
	if e != 0 {
		return
	}
	pending, e := t.get64(head + 16)
	if e != 0 {
		return
	}
	for limit := robustListLimit; entry&^1 != head; {
		next, e := t.get64(entry &^ 1)
		if entry&^1 != pending&^1 {
			t.futexDeath(entry&^1+offset, entry&1 != 0, false)
		}
		if e != 0 {
			return
		}
		entry = next
		if limit--; limit == 0 {
			break
		}
	}
	if pending&^1 != 0 {
		t.futexDeath(pending&^1+offset, pending&1 != 0, true)
	}
}

// futexDeath is Linux's handle_futex_death for the futex word at addr of
// an exiting thread: if the thread owns it, it becomes FUTEX_OWNER_DIED
// (keeping FUTEX_WAITERS) and, for a non-PI futex with waiters, one waiter
// is woken. A pending non-PI futex that reads 0 (the thread died between
// releasing it and taking it off its list) wakes one waiter too.
func (t *Thread) futexDeath(addr uint64, pi, pending bool) {
	val, e := t.get32(addr)
	if e != 0 {
		return
	}
	if pending && !pi && val == 0 {
		t.p.futexWake(t.futexAt(addr, 0), 1, abi.FUTEX_BITSET_ANY)
		return
	}
	if int(val&futexTIDMask) != t.tid {
		return
	}
	if t.put32(addr, val&futexWaiters|futexOwnerDied) != 0 {
		return
	}
	if !pi && val&futexWaiters != 0 {
		t.p.futexWake(t.futexAt(addr, 0), 1, abi.FUTEX_BITSET_ANY)
	}
}
