//go:build linux

package linux

import (
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// process_vm_readv(2) and process_vm_writev(2) between the guest
// processes of one run, as Linux 6.1's mm/process_vm_access.c (qemu-user
// 7.2 has neither: ENOSYS). Flags other than 0 are EINVAL; the local
// iovecs are read as import_iovec reads them (more than UIO_MAXIOV
// EINVAL, an unreadable array EFAULT, a negative length EINVAL, a range
// past the user address space EFAULT); a local transfer of nothing is 0
// before anything else is looked at; then the remote iovecs (count,
// array, negative lengths), and remote ranges of no bytes are 0 too. The
// pid is any guest thread's id: none (a reaped or ended process, or a
// host process, which the runner never touches) ESRCH; a process whose
// memory the caller may not reach (mm_access with
// PTRACE_MODE_ATTACH_REALCREDS, mayAttach) EPERM. The copy goes remote
// iovec by remote iovec, without FOLL_FORCE: a remote page must be
// readable to read it, writable to write it; it stops at the first page
// either side cannot reach, and then counts what moved, EFAULT only when
// nothing did.

// importIovec reads cnt iovecs at addr as Linux's iovec_from_user (local
// false) or import_iovec (local true: each range checked with access_ok
// and the total capped at maxRW): the array, in order, stopping at the
// first unreadable element (EFAULT) or negative length (EINVAL).
func (t *Thread) importIovec(addr, cnt uint64, local bool) ([]abi.Iovec, int) {
	if cnt > uioMaxIOV {
		return nil, abi.EINVAL
	}
	if !accessOK(addr, cnt*uint64(abi.IovecLayout.Size())) {
		return nil, abi.EFAULT
	}
	iov := make([]abi.Iovec, 0, cnt)
	for i := uint64(0); i < cnt; i++ {
		v, e := getStruct(t, addr+i*uint64(abi.IovecLayout.Size()), abi.IovecLayout)
		if e != 0 {
			return nil, e
		}
		if int64(v.Len) < 0 {
			return nil, abi.EINVAL
		}
		iov = append(iov, v)
	}
	if local {
		var total uint64
		for i := range iov {
			if !accessOK(iov[i].Base, iov[i].Len) {
				return nil, abi.EFAULT
			}
			iov[i].Len = min(iov[i].Len, maxRW-total)
			total += iov[i].Len
		}
	}
	return iov, 0
}

// guestTask is the live guest thread whose id is tid, or nil.
func (p *Process) guestTask(tid int) *Thread {
	for _, g := range p.groups {
		if u := g.threads[tid]; u != nil && !g.exiting && g.host == nil {
			return u
		}
	}
	return nil
}

func sysProcessVMReadv(t *Thread, a *sysArgs) (uint64, int) {
	return processVM(t, a, false)
}

func sysProcessVMWritev(t *Thread, a *sysArgs) (uint64, int) {
	return processVM(t, a, true)
}

// processVM is process_vm_readv (write false) or process_vm_writev.
func processVM(t *Thread, a *sysArgs, write bool) (uint64, int) {
	if a.Ulong(5) != 0 {
		return 0, abi.EINVAL
	}
	local, e := t.importIovec(a.Ptr(1), a.Ulong(2), true)
	if e != 0 {
		return 0, e
	}
	var want uint64
	for _, v := range local {
		want += v.Len
	}
	if want == 0 {
		return 0, 0
	}
	remote, e := t.importIovec(a.Ptr(3), a.Ulong(4), false)
	if e != 0 {
		return 0, e
	}
	pages := false
	for _, v := range remote {
		pages = pages || v.Len > 0
	}
	if !pages {
		return 0, 0
	}
	u := t.p.guestTask(a.Int(0))
	if u == nil {
		return 0, abi.ESRCH
	}
	if u.mm != t.mm && !t.mayAttach(u.group, u) {
		return 0, abi.EPERM
	}
	done, e := copyVM(t, u.mm, local, remote, write)
	if done > 0 {
		return done, 0
	}
	return 0, e
}

// copyVM moves bytes between the caller's local ranges and the ranges of
// address space mm, remote range by remote range, in pieces that cross
// no page of either side, until the local ranges are full or a page
// cannot be reached (EFAULT): it returns what moved.
func copyVM(t *Thread, mm *addressSpace, local, remote []abi.Iovec, write bool) (uint64, int) {
	var done uint64
	li, loff := 0, uint64(0)
	for _, r := range remote {
		for off := uint64(0); off < r.Len; {
			for li < len(local) && loff == local[li].Len {
				li, loff = li+1, 0
			}
			if li == len(local) {
				return done, 0
			}
			ra, la := r.Base+off, local[li].Base+loff
			k := min(r.Len-off, local[li].Len-loff, mem.PageSize-ra&(mem.PageSize-1), mem.PageSize-la&(mem.PageSize-1))
			b := t.ioBuf(k)
			if write {
				if !mm.Mem.Allowed(ra, k, mem.Write) || t.mm.Mem.Read(la, b) != nil || mm.Mem.Write(ra, b) != nil {
					return done, abi.EFAULT
				}
			} else if mm.Mem.Read(ra, b) != nil || t.write(la, b) != 0 {
				return done, abi.EFAULT
			}
			done, off, loff = done+k, off+k, loff+k
		}
	}
	return done, 0
}
