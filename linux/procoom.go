//go:build linux

package linux

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The OOM killer's view of a guest process (fs/proc/base.c, mm/oom_kill.c):
// /proc/PID/oom_score_adj and the older oom_adj read and set the process's
// adjustment, which fork copies and execve keeps (Linux keeps it in the
// signal struct); oom_score is the badness Linux's OOM killer would give
// it, from the guest's resident size and the adjustment. The runner never
// kills a guest process for want of memory (a map past its limits fails),
// so the adjustment changes only what these files read. The first guest
// process starts with the runner's adjustment, and a minimum (below which
// only CAP_SYS_RESOURCE lowers it) of that or 0, whichever is lower: the
// host's own minimum, inherited from the runner's parent, cannot be read.
// Processes that share an address space by vfork are not set together,
// as Linux's __set_oom_adj sets them.

// The adjustment's bounds (include/uapi/linux/oom.h) and PROC_NUMBUF,
// the bytes a write of oom_score_adj or oom_adj reads (one more than it
// reads, the NUL included).
const (
	oomScoreAdjMin = -1000
	oomScoreAdjMax = 1000
	oomDisable     = -17 // OOM_DISABLE, oom_adj's "never"
	oomAdjustMin   = -16
	oomAdjustMax   = 15
	procNumBuf     = 13
)

// oomAdj is a process's oom_score_adj and the least value it may lower it
// to without CAP_SYS_RESOURCE (Linux's signal->oom_score_adj_min).
type oomAdj struct{ adj, min int16 }

// hostOOMAdj is the runner's adjustment, the first guest process's.
func hostOOMAdj() oomAdj {
	b, err := os.ReadFile("/proc/self/oom_score_adj")
	if err != nil {
		return oomAdj{}
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n < oomScoreAdjMin || n > oomScoreAdjMax {
		return oomAdj{}
	}
	return oomAdj{adj: int16(n), min: int16(min(n, 0))}
}

// content is what oom_score_adj or oom_adj reads: the adjustment, or its
// legacy scale (-17..15: Linux's oom_adj_read).
func (o oomAdj) content(entry string) []byte {
	v := int(o.adj)
	if entry == "oom_adj" {
		if v == oomScoreAdjMax {
			v = oomAdjustMax
		} else {
			v = v * -oomDisable / oomScoreAdjMax
		}
	}
	return fmt.Appendf(nil, "%d\n", v)
}

// procOOMScore is what g's oom_score reads, as Linux's proc_oom_score:
// 0 for a process the OOM killer never picks (adjustment -1000, or no
// memory: a zombie), else the badness (resident pages plus the
// adjustment in thousandths of the memory and swap) scaled into 0..2000
// and taken by 2/3.
func (p *Process) procOOMScore(g *threadGroup) []byte {
	u := g.anyThread()
	if u == nil || g.oom.adj == oomScoreAdjMin {
		return []byte("0\n")
	}
	var si unix.Sysinfo_t
	total := int64(1)
	if unix.Sysinfo(&si) == nil {
		unit := max(int64(si.Unit), 1)
		total = max((int64(si.Totalram)+int64(si.Totalswap))*unit/int64(mem.PageSize), 1)
	}
	badness := int64(u.mm.Mem.Resident()/mem.PageSize) + int64(g.oom.adj)*(total/1000)
	return fmt.Appendf(nil, "%d\n", max((1000+badness*1000/total)*2/3, 0))
}

// procOwnerCheck checks an open of a file of g's directory that is the
// process's owner's, mode 0644 (oom_score_adj, oom_adj, coredump_filter,
// sched), for writing.
func (t *Thread) procOwnerCheck(g *threadGroup) int {
	c := g.cred
	if u := g.anyThread(); u != nil {
		c = u.cred
	}
	if c != nil && t.cred.uid.fs != c.uid.e && !t.cred.capable(unix.CAP_DAC_OVERRIDE) {
		return abi.EACCES
	}
	return 0
}

// procOOMWrite is a write of b (at most PROC_NUMBUF - 1 bytes) to ref's
// oom_score_adj or oom_adj, as Linux's oom_score_adj_write and
// oom_adj_write: a number (C's base prefixes, blanks around it) in range
// or EINVAL (ERANGE past an int); lowering the adjustment below the
// process's minimum (oom_adj: below its adjustment) needs
// CAP_SYS_RESOURCE (EACCES), which also makes a new oom_score_adj the
// minimum.
func (t *Thread) procOOMWrite(ref procRef, b []byte) int {
	v, e := kstrtoint(string(bytes.TrimSpace(b)))
	if e != 0 {
		return e
	}
	legacy := ref.entry == "oom_adj"
	switch {
	case legacy && (v < oomAdjustMin || v > oomAdjustMax) && v != oomDisable:
		return abi.EINVAL
	case legacy && v == oomAdjustMax:
		v = oomScoreAdjMax
	case legacy:
		v = v * oomScoreAdjMax / -oomDisable
	case v < oomScoreAdjMin || v > oomScoreAdjMax:
		return abi.EINVAL
	}
	o := &ref.g.oom
	capable := t.cred.capable(unix.CAP_SYS_RESOURCE)
	if legacy && v < int(o.adj) && !capable || !legacy && v < int(o.min) && !capable {
		return abi.EACCES
	}
	o.adj = int16(v)
	if !legacy && capable {
		o.min = int16(v)
	}
	return 0
}
