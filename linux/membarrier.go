//go:build linux

package linux

import "github.com/ppc64emu/ppc64emu/linux/abi"

// membarrier(2), as Linux 6.1's kernel/sched/membarrier.c answers a
// powerpc64 process (CONFIG_MEMBARRIER, CONFIG_RSEQ, and powerpc's
// ARCH_HAS_MEMBARRIER_SYNC_CORE; no nohz_full CPUs). The runner runs one
// guest thread at a time, each taking the process lock to run and leaving
// the processor as on a context switch when it gives it up (Thread.lock),
// so every other thread has already passed through the barrier the caller
// asks for when the call is made: each command only checks what Linux
// checks and returns. A restartable sequence another thread was
// preempted in is restarted when that thread takes the lock again
// (rseq.go), which is what MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ asks.
// The registrations are the address space's: kept by fork's copy, none
// after execve (a new address space), as Linux's mm->membarrier_state.

// The commands of enum membarrier_cmd (linux/membarrier.h).
const (
	membarrierQuery                   = 0
	membarrierGlobal                  = 1 << 0
	membarrierGlobalExpedited         = 1 << 1
	membarrierRegGlobalExpedited      = 1 << 2
	membarrierPrivateExpedited        = 1 << 3
	membarrierRegPrivateExpedited     = 1 << 4
	membarrierPrivateSyncCore         = 1 << 5
	membarrierRegPrivateSyncCore      = 1 << 6
	membarrierPrivateExpeditedRseq    = 1 << 7
	membarrierRegPrivateExpeditedRseq = 1 << 8
	// membarrierFlagCPU is MEMBARRIER_CMD_FLAG_CPU: the RSEQ command's
	// third argument names one CPU.
	membarrierFlagCPU = 1
)

// membarrierCommands is what MEMBARRIER_CMD_QUERY returns on 6.1: every
// command but the query itself (MEMBARRIER_CMD_GET_REGISTRATIONS came in
// 6.3).
const membarrierCommands = membarrierGlobal | membarrierGlobalExpedited | membarrierRegGlobalExpedited |
	membarrierPrivateExpedited | membarrierRegPrivateExpedited |
	membarrierPrivateSyncCore | membarrierRegPrivateSyncCore |
	membarrierPrivateExpeditedRseq | membarrierRegPrivateExpeditedRseq

func sysMembarrier(t *Thread, a *sysArgs) (uint64, int) {
	cmd, flags := int32(a.Int(0)), a.Uint(1)
	if cmd == membarrierPrivateExpeditedRseq {
		if flags != 0 && flags != membarrierFlagCPU {
			return 0, abi.EINVAL
		}
	} else if flags != 0 {
		return 0, abi.EINVAL
	}
	mm := t.mm
	switch cmd {
	case membarrierQuery:
		return membarrierCommands, 0
	case membarrierGlobal, membarrierGlobalExpedited:
		return 0, 0
	case membarrierRegGlobalExpedited, membarrierRegPrivateExpedited, membarrierRegPrivateSyncCore,
		membarrierRegPrivateExpeditedRseq:
		mm.membarrier |= uint32(cmd)
		return 0, 0
	case membarrierPrivateExpedited, membarrierPrivateSyncCore, membarrierPrivateExpeditedRseq:
		// Each needs its own registration (the register command is the
		// next bit up); a CPU the RSEQ command names that does not
		// exist is no error.
		if mm.membarrier&uint32(cmd<<1) == 0 {
			return 0, abi.EPERM
		}
		return 0, 0
	}
	return 0, abi.EINVAL
}
