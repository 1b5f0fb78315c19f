//go:build linux

package linux

import "github.com/ppc64emu/ppc64emu/linux/abi"

// Restartable sequences (rseq), as Linux 6.1's kernel/rseq.c answers them.
// A thread registers a 32-byte struct rseq; the kernel keeps its cpu_id
// fields current (the runner's guest always runs on CPU 0) and, when the
// thread is preempted or gets a signal while its rseq_cs points at a
// critical section that contains the interrupted address, moves the thread
// to the section's abort address. The runner preempts a thread only when
// another takes the process lock, so that is where it checks, and before
// it builds a signal frame.

// Layout and constants of linux/rseq.h.
const (
	rseqSize          = 32 // sizeof(struct rseq) in 6.1, also its alignment
	rseqFlagUnreg     = 1  // RSEQ_FLAG_UNREGISTER
	rseqCPUIDUninit   = 0xffffffff
	rseqOffCPUIDStart = 0 // u32 cpu_id_start
	rseqOffCPUID      = 4 // u32 cpu_id
	rseqOffCS         = 8 // u64 rseq_cs: the current critical section's descriptor
)

// guestCPU is the CPU number the guest's threads run on.
const guestCPU = 0

func sysRseq(t *Thread, a *sysArgs) (uint64, int) {
	addr, size, flags, sig := a.Ptr(0), a.Uint(1), a.Uint(2), a.Uint(3)
	if flags&rseqFlagUnreg != 0 {
		switch {
		case flags&^rseqFlagUnreg != 0, t.rseq == 0, t.rseq != addr, size != rseqSize:
			return 0, abi.EINVAL
		case t.rseqSig != sig:
			return 0, abi.EPERM
		}
		if e := t.rseqSetCPU(0, rseqCPUIDUninit); e != 0 {
			return 0, e
		}
		t.rseq, t.rseqSig = 0, 0
		return 0, 0
	}
	if flags != 0 {
		return 0, abi.EINVAL
	}
	if t.rseq != 0 {
		switch {
		case t.rseq != addr || size != rseqSize:
			return 0, abi.EINVAL
		case t.rseqSig != sig:
			return 0, abi.EPERM
		}
		return 0, abi.EBUSY
	}
	if addr%rseqSize != 0 || size != rseqSize {
		return 0, abi.EINVAL
	}
	if addr >= taskSize-rseqSize {
		return 0, abi.EFAULT
	}
	t.rseq, t.rseqSig = addr, sig
	// Linux fills the cpu_id fields on the way back to user space; a
	// fault there is a SIGSEGV, but the registration stands.
	if t.rseqSetCPU(guestCPU, guestCPU) != 0 {
		t.post(sigInfo{signo: abi.SIGSEGV, code: abi.SI_KERNEL})
	}
	return 0, 0
}

// rseqSetCPU writes the cpu_id_start and cpu_id fields.
func (t *Thread) rseqSetCPU(start, id uint32) int {
	if e := t.put32(t.rseq+rseqOffCPUIDStart, start); e != 0 {
		return e
	}
	return t.put32(t.rseq+rseqOffCPUID, id)
}

// rseqFixup is Linux's rseq_ip_fixup for a thread that was preempted or
// is about to get a signal: if its rseq_cs names a critical section
// containing NIP, NIP becomes the section's abort address; rseq_cs is
// cleared. It reports false when the kernel would force SIGSEGV: an
// unreadable or invalid descriptor (version not 0, addresses beyond the
// user address space, the abort address inside the section) or an abort
// address not preceded by the registered signature.
func (t *Thread) rseqFixup() bool {
	if t.rseq == 0 {
		return true
	}
	cs, e := t.get64(t.rseq + rseqOffCS)
	if e != 0 {
		return false
	}
	if cs == 0 {
		return true
	}
	rc, e := getStruct(t, cs, abi.RseqCSLayout)
	if e != 0 {
		return false
	}
	version, start, post, abort := rc.Version, rc.StartIP, rc.PostCommitOffset, rc.AbortIP
	if version != 0 || start >= taskSize || post >= taskSize-start || abort >= taskSize ||
		abort-start < post || abort < 4 {
		return false
	}
	sig, e := t.get32(abort - 4)
	if e != 0 || sig != t.rseqSig {
		return false
	}
	if t.put64(t.rseq+rseqOffCS, 0) != 0 {
		return false
	}
	if t.ctx.Regs.NIP-start < post {
		t.ctx.Regs.NIP = abort
	}
	return true
}
