//go:build linux

package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Resource limits the runner keeps for the guest, starting from the
// host's (the rest are the host's, which getrlimit reports and setrlimit
// accepts without effect): RLIMIT_SIGPENDING (signal.go) and
//
//   - RLIMIT_AS: the bytes the guest may map (mem.Memory.Limit; mmap,
//     mremap and brk beyond it fail as Linux's may_expand_vm: ENOMEM),
//     further bounded by Config.MaxMemory;
//   - RLIMIT_DATA: private writable memory (mmap ENOMEM) and the break
//     with the data segment (brk fails, Linux's check_data_rlimit);
//   - RLIMIT_NOFILE: the guest's descriptor numbers (EMFILE at the limit),
//     at most 1<<20 (Linux's nr_open);
//   - RLIMIT_CPU: the runner's CPU time (its threads run the guest's) is
//     checked every 100 ms once a limit is set: past the soft limit the
//     guest gets SIGXCPU and the soft limit grows by a second, at the hard
//     limit SIGKILL (kernel/time/posix-cpu-timers.c, check_process_timers).
const (
	rlimitCPU    = 0
	rlimitData   = 2
	rlimitNofile = 7
	rlimitAS     = 9
	nrOpen       = 1 << 20
)

// guestRlimits are the limits of rlimitKept.
type guestRlimits struct {
	cpu, data, nofile, as unix.Rlimit
	cpuWatch              bool // the RLIMIT_CPU watcher runs
}

// initRlimits takes the host's limits, RLIMIT_AS bounded by max (Config.
// MaxMemory) if not zero, and applies them.
func (p *Process) initRlimits(max uint64) {
	get := func(res int) unix.Rlimit {
		var rl unix.Rlimit
		if unix.Getrlimit(res, &rl) != nil {
			rl = unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}
		}
		return rl
	}
	p.rl.cpu, p.rl.data, p.rl.nofile, p.rl.as = get(rlimitCPU), get(rlimitData), get(rlimitNofile), get(rlimitAS)
	p.rl.nofile.Cur = min(p.rl.nofile.Cur, nrOpen)
	p.rl.nofile.Max = min(p.rl.nofile.Max, nrOpen)
	if max != 0 {
		p.rl.as.Cur, p.rl.as.Max = min(p.rl.as.Cur, max), min(p.rl.as.Max, max)
	}
	p.applyRlimits()
}

func (p *Process) applyRlimits() {
	p.mm.Mem.Limit = 0
	if p.rl.as.Cur != unix.RLIM_INFINITY {
		p.mm.Mem.Limit = max(p.rl.as.Cur&^(mem.PageSize-1), 1) // 0 would mean no limit
	}
	p.files.limit = int(p.rl.nofile.Cur)
	if p.rl.cpu.Cur != unix.RLIM_INFINITY && !p.rl.cpuWatch {
		p.rl.cpuWatch = true
		go p.watchCPU()
	}
}

// watchCPU enforces RLIMIT_CPU until the process ends.
func (p *Process) watchCPU() {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.done:
			return
		case <-tick.C:
		}
		var ru unix.Rusage
		if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
			continue
		}
		used := uint64(ru.Utime.Sec + ru.Stime.Sec)
		sig := 0
		p.gil.lock(make(chan struct{}, 1))
		switch rl := &p.rl.cpu; {
		case rl.Max != unix.RLIM_INFINITY && used >= rl.Max:
			sig = abi.SIGKILL
		case rl.Cur != unix.RLIM_INFINITY && used >= rl.Cur:
			sig = abi.SIGXCPU
			if rl.Cur < rl.Max {
				rl.Cur++
			}
		}
		if sig != 0 {
			p.postProcess(p.group, sigInfo{signo: sig, code: siKernel})
		}
		p.gil.unlock()
	}
}

// siKernel is SI_KERNEL, the si_code of a signal the kernel sends.
const siKernel = 0x80

// kept returns the guest's limit of resource res, if the runner keeps it.
func (p *Process) kept(res int) *unix.Rlimit {
	switch res {
	case rlimitCPU:
		return &p.rl.cpu
	case rlimitData:
		return &p.rl.data
	case rlimitNofile:
		return &p.rl.nofile
	case rlimitAS:
		return &p.rl.as
	case rlimitSigpending:
		return &p.sigpendingRL
	}
	return nil
}

// setKept sets a kept limit with Linux's checks (do_prlimit: cur ≤ max,
// EINVAL; raising max needs privilege, EPERM; RLIMIT_NOFILE above nr_open,
// EPERM).
func (p *Process) setKept(res int, rl unix.Rlimit) int {
	cur := p.kept(res)
	if rl.Max > cur.Max && unix.Geteuid() != 0 {
		return abi.EPERM
	}
	if res == rlimitNofile && rl.Max > nrOpen {
		return abi.EPERM
	}
	*cur = rl
	p.applyRlimits()
	return 0
}

// dataOK reports whether grow more bytes of private writable memory stay
// within RLIMIT_DATA (Linux's data_vm: private writable mappings but the
// stack).
func (p *Process) dataOK(grow uint64) bool {
	lim := p.rl.data.Cur
	if lim == unix.RLIM_INFINITY {
		return true
	}
	var used uint64
	p.mm.Mem.Regions(func(s, e uint64, pr mem.Perm) {
		if pr&mem.Write != 0 {
			used += e - s
			// The stack is not data (VM_STACK).
			if lo, hi := max(s, p.proc.stackLo), min(e, p.proc.stackHi); lo < hi {
				used -= hi - lo
			}
		}
	})
	return used+grow <= lim && grow <= lim
}

// brkOK is Linux's check_data_rlimit for a break moved to brk: the heap
// plus the data segment within RLIMIT_DATA.
func (p *Process) brkOK(brk uint64) bool {
	lim := p.rl.data.Cur
	if lim == unix.RLIM_INFINITY || brk <= p.mm.brkBase {
		return true
	}
	var data uint64
	for _, s := range p.Image.Segments {
		if s.Perm&mem.Write != 0 {
			data += s.MemSize
		}
	}
	return brk-p.mm.brkBase <= lim && brk-p.mm.brkBase+data <= lim
}
