//go:build linux

package linux

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The /proc/PID entries that describe a guest task's scheduling, timers,
// I/O and system call (fs/proc/base.c of Linux 6.1, as its ppc64 build
// has them), answered from the guest's own state:
//
//   - timerslack_ns (0666, process directory only) is the leader's timer
//     slack, which prctl PR_SET_TIMERSLACK sets per thread (Thread.slack);
//     reading or writing another task's (a thread other than the leader
//     reading its own process's too) needs CAP_SYS_NICE: EPERM at the
//     read or write, as Linux checks (procReadCheck);
//   - coredump_filter (0644, process only) is the address space's dump
//     filter (addressSpace.dumpFilter): copied by fork, kept by execve;
//   - io (0400) counts the bytes and calls of the task's reads and writes
//     (ioAcct); a process's adds its ended threads' and its reaped
//     children's, as Linux's signal->ioac;
//   - syscall (0400) is "running" for a thread that runs or waits for the
//     processor, the number, arguments, stack pointer and address after
//     the sc of the call a waiting thread is in, and for the caller itself
//     the call that opened the file (Linux makes the content at the first
//     read, and shows that read: every entry the runner answers is made
//     at open);
//   - io and syscall are opened as a file of mode 0400 owned by the
//     task's effective ids, root's for a task that is not dumpable
//     (task_dump_owner; EACCES without CAP_DAC_READ_SEARCH or
//     CAP_DAC_OVERRIDE), and read as Linux checks at read: io needs
//     ptrace_may_access with PTRACE_MODE_READ_FSCREDS (EACCES), syscall
//     PTRACE_MODE_ATTACH_FSCREDS (lock_trace: EPERM), both with the
//     reader's file-system ids, so that a reader that dropped its
//     privileges after the open is refused (procReadCheck);
//   - wchan is "0" but for a waiting thread, where it is the kernel
//     function Linux 6.1 waits in for that call (procWchan: invented for
//     calls not listed there, "0");
//   - sched and schedstat give the thread's CPU time (Thread.utime) and
//     its priority and policy; the other figures are invented (procSched);
//   - timers lists the process's POSIX timers, newest first;
//   - smaps gives each mapping of maps its figures (procSmaps:
//     smapsCounts), smaps_rollup their sums, numa_maps a line per
//     mapping with the same counts (procNumaMaps);
//   - autogroup is the host's: the runner's session's autogroup, which a
//     guest process's setsid does not leave (Linux gives a new session a
//     new autogroup), as under qemu-user for a guest that does not;
//   - arch_status is x86's only: ENOENT (procAbsent).

// procAbsent are the entries of a process directory Linux 6.1 has on
// x86 but not on powerpc: looking one up is ENOENT.
var procAbsent = map[string]bool{"arch_status": true}

// Timer slack (include/linux/sched.h, kernel/sys.c): a thread starts with
// its creator's slack as both its slack and its default.
const defaultTimerSlack = 50000 // ns, init's (INIT_TASK)

// hostTimerSlack is the runner's thread's timer slack, the first guest
// thread's slack and default.
func hostTimerSlack() uint64 {
	b, err := os.ReadFile("/proc/thread-self/timerslack_ns")
	if err != nil {
		return defaultTimerSlack
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return defaultTimerSlack
	}
	return v
}

// timerSlack is a thread's slack and the default PR_SET_TIMERSLACK 0 (and
// a write of 0 to timerslack_ns) restores.
type timerSlack struct{ cur, def uint64 }

// forked is the slack of a thread t creates: t's, as its default too
// (copy_process).
func (s timerSlack) forked() timerSlack { return timerSlack{s.cur, s.cur} }

// set sets the slack to v, or to the default for 0 (kernel/sys.c).
func (s *timerSlack) set(v uint64) {
	if v == 0 {
		v = s.def
	}
	s.cur = v
}

// Core dump filter (include/linux/sched/coredump.h): nine bits of the
// mm's flags.
const (
	dumpFilterBits    = 9
	dumpFilterDefault = 0x33 // MMF_DUMP_FILTER_DEFAULT with ELF headers
)

// hostDumpFilter is the runner's coredump_filter, the first guest
// process's.
func hostDumpFilter() uint32 {
	b, err := os.ReadFile("/proc/self/coredump_filter")
	if err != nil {
		return dumpFilterDefault
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 16, 32)
	if err != nil {
		return dumpFilterDefault
	}
	return uint32(v) & (1<<dumpFilterBits - 1)
}

// ioAcct is a task's I/O accounting (include/linux/task_io_accounting.h):
// the bytes its reads and writes moved and their number. The runner
// cannot tell which of them reached storage rather than the host's page
// cache, so read_bytes, write_bytes and cancelled_write_bytes are 0, as
// Linux reports for a task whose I/O never left the cache (tmpfs, pipes).
type ioAcct struct{ rchar, wchar, syscr, syscw uint64 }

func (a *ioAcct) add(o *ioAcct) {
	a.rchar += o.rchar
	a.wchar += o.wchar
	a.syscr += o.syscr
	a.syscw += o.syscw
}

// ioCalls says how each call Linux accounts counts: 'r' a read, 'w' a
// write, 'b' both (sendfile and copy_file_range: the bytes both read and
// written, as do_sendfile and vfs_copy_file_range add them); 0 for the
// calls it does not count. An array: every system call looks here.
var ioCalls = [sysMax]byte{
	abi.SYS_READ: 'r', abi.SYS_PREAD64: 'r', abi.SYS_READV: 'r', abi.SYS_PREADV: 'r', abi.SYS_PREADV2: 'r',
	abi.SYS_WRITE: 'w', abi.SYS_PWRITE64: 'w', abi.SYS_WRITEV: 'w', abi.SYS_PWRITEV: 'w', abi.SYS_PWRITEV2: 'w',
	abi.SYS_SENDFILE: 'b', abi.SYS_COPY_FILE_RANGE: 'b',
}

// ioAccount counts system call num's result in t's I/O accounting: a
// call on a descriptor counts once it got past the descriptor and buffer
// checks (EBADF and EFAULT do not count, as ksys_read's), its bytes if it
// moved some.
func (t *Thread) ioAccount(num, ret uint64, errno int) {
	if num >= sysMax || ioCalls[num] == 0 || errno == abi.EBADF || errno == abi.EFAULT || errno == errExit {
		return
	}
	kind, n := ioCalls[num], uint64(0)
	if errno == 0 {
		n = ret
	}
	if kind != 'w' {
		t.io.syscr++
		t.io.rchar += n
	}
	if kind != 'r' {
		t.io.syscw++
		t.io.wchar += n
	}
}

// procIO is /proc/PID/io of g, or task/TID/io of its thread u
// (do_io_accounting): the thread's, or the process's: every thread's,
// with its ended threads' and reaped children's.
func procIO(g *threadGroup, u *Thread) []byte {
	var a ioAcct
	if u != nil {
		a = u.io
	} else {
		a = g.ioDead
		for _, v := range g.threads {
			a.add(&v.io)
		}
	}
	return fmt.Appendf(nil, "rchar: %d\nwchar: %d\nsyscr: %d\nsyscw: %d\nread_bytes: 0\nwrite_bytes: 0\ncancelled_write_bytes: 0\n",
		a.rchar, a.wchar, a.syscr, a.syscw)
}

// sysCall is the system call a thread is in: its number and arguments
// (inSys false between calls).
type sysCall struct {
	inSys bool
	num   uint64
	args  sysArgs
}

// procSyscall is /proc/PID/syscall of thread u read by self
// (proc_pid_syscall): "running" for a thread that runs, else the call's
// number, its six arguments (the first as the call was given it:
// orig_gpr3), the stack pointer and the address after the sc; -1, the
// stack pointer and the address for a thread in no call.
func procSyscall(u, self *Thread) []byte {
	if u != self && !u.asleep.Load() && !u.group.stopped {
		return []byte("running\n")
	}
	r := &u.ctx.Regs
	if !u.call.inSys {
		return fmt.Appendf(nil, "-1 0x%x 0x%x\n", r.GPR[1], r.NIP)
	}
	a := u.call.args
	return fmt.Appendf(nil, "%d 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x\n",
		u.call.num, a[0], a[1], a[2], a[3], a[4], a[5], r.GPR[1], r.NIP)
}

// wchans are the functions Linux 6.1 waits in for the calls that wait
// (get_wchan, the first caller outside the scheduler).
var wchans = map[uint64]string{
	abi.SYS_NANOSLEEP: "hrtimer_nanosleep", abi.SYS_CLOCK_NANOSLEEP: "hrtimer_nanosleep",
	abi.SYS_WAIT4: "do_wait", abi.SYS_WAITID: "do_wait",
	abi.SYS_FUTEX: "futex_wait_queue",
	abi.SYS_POLL:  "do_sys_poll", abi.SYS_PPOLL: "do_sys_poll",
	abi.SYS_SELECT: "do_select", abi.SYS_PSELECT6: "do_select", abi.SYS__NEWSELECT: "do_select",
	abi.SYS_EPOLL_WAIT: "ep_poll", abi.SYS_EPOLL_PWAIT: "ep_poll", abi.SYS_EPOLL_PWAIT2: "ep_poll",
	abi.SYS_PAUSE: "sys_pause", abi.SYS_RT_SIGSUSPEND: "sys_rt_sigsuspend", abi.SYS_RT_SIGTIMEDWAIT: "do_sigtimedwait",
}

// procWchan is /proc/PID/wchan of thread u read by self (proc_pid_wchan,
// no newline): where a waiting thread waits (wchans, or pipe_read and
// pipe_write for a read or write of a pipe), "0" for a running one, one
// in another call, or one self may not trace.
func procWchan(u, self *Thread) []byte {
	if u == self || !u.asleep.Load() || !u.call.inSys || !self.mayAccess(u.group, u.cred, u.mm) {
		return []byte("0")
	}
	if w, ok := wchans[u.call.num]; ok {
		return []byte(w)
	}
	switch u.call.num {
	case abi.SYS_READ, abi.SYS_READV, abi.SYS_WRITE, abi.SYS_WRITEV:
		// On a pipe or FIFO: pipe_read or pipe_write.
		var st unix.Stat_t
		h := u.files.get(int(int32(u.call.args[0])))
		if h >= 0 && h != badFD && unix.Fstat(h, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFIFO {
			if u.call.num == abi.SYS_READ || u.call.num == abi.SYS_READV {
				return []byte("pipe_read")
			}
			return []byte("pipe_write")
		}
	}
	return []byte("0")
}

// procSched is /proc/PID/sched of thread u of g (kernel/sched/debug.c,
// proc_sched_show_task, without schedstats, as a kernel boots, with
// NUMA balancing, as Debian's is built): its name, id and thread count,
// its CPU time as the runtime and the virtual runtime, its utilization
// clamps (where the host has them: sys_sched.go), policy, priority and
// deadline parameters. Invented: exec_start (the time since its process
// started, for the run queue's clock), the switch and migration counts
// (0: the runner does not count them), the load figures (those of a task
// that always runs, at its nice value's weight), clock-delta and the NUMA
// figures (nothing migrated on the one node).
func procSched(g *threadGroup, u *Thread, name string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s (%d, #threads: %d)\n", name, u.tid, len(g.threads))
	b.WriteString(strings.Repeat("-", 67) + "\n")
	ns := func(key string, d time.Duration) {
		fmt.Fprintf(&b, "%-45s:%14d.%06d\n", key, d/time.Millisecond, d%time.Millisecond)
	}
	num := func(key string, v int64) { fmt.Fprintf(&b, "%-45s:%21d\n", key, v) }
	run := u.utime
	ns("se.exec_start", time.Since(g.started))
	ns("se.vruntime", run)
	ns("se.sum_exec_runtime", run)
	num("se.nr_migrations", 0)
	num("nr_switches", 0)
	num("nr_voluntary_switches", 0)
	num("nr_involuntary_switches", 0)
	weight := int64(schedWeightIdle)
	if u.sched.policy != schedIdle {
		weight = schedWeights[min(max(u.sched.nice, -20), 19)+20]
	}
	num("se.load.weight", weight<<10) // scale_load
	num("se.avg.load_sum", 47742)
	num("se.avg.runnable_sum", 48887808)
	num("se.avg.util_sum", 48887808)
	num("se.avg.load_avg", weight)
	num("se.avg.runnable_avg", 1024)
	num("se.avg.util_avg", 1024)
	num("se.avg.last_update_time", 0)
	num("se.avg.util_est.ewma", 0)
	num("se.avg.util_est.enqueued", 0)
	sa := &u.sched
	if hostUclamp().ok {
		num("uclamp.min", int64(sa.utilMin))
		num("uclamp.max", int64(sa.utilMax))
		num("effective uclamp.min", int64(sa.utilMin))
		num("effective uclamp.max", int64(sa.utilMax))
	}
	num("policy", int64(sa.policy))
	num("prio", int64(sa.prio+100)) // p->prio: task_prio plus MAX_RT_PRIO
	if sa.policy == schedDeadline {
		num("dl.runtime", int64(sa.dlRuntime))
		num("dl.deadline", int64(sa.dlDeadline))
	}
	num("clock-delta", 0)
	// NUMA balancing's (sched_show_numa), on the one node.
	num("mm->numa_scan_seq", 0)
	num("numa_pages_migrated", 0)
	num("numa_preferred_nid", -1)
	num("total_numa_faults", 0)
	b.WriteString("current_node=0, numa_group_id=0\n")
	b.WriteString("numa_faults node=0 task_private=0 task_shared=0 group_private=0 group_shared=0\n")
	return b.Bytes()
}

// schedWeights are the load weights of the nice values -20 to 19
// (kernel/sched/core.c, sched_prio_to_weight); schedWeightIdle is
// SCHED_IDLE's (WEIGHT_IDLEPRIO).
var schedWeights = [40]int64{
	88761, 71755, 56483, 46273, 36291,
	29154, 23254, 18705, 14949, 11916,
	9548, 7620, 6100, 4904, 3906,
	3121, 2501, 1991, 1586, 1277,
	1024, 820, 655, 526, 423,
	335, 272, 215, 172, 137,
	110, 87, 70, 56, 45,
	36, 29, 23, 18, 15,
}

const schedWeightIdle = 3

// procSchedstat is /proc/PID/schedstat of thread u (proc_pid_schedstat):
// its CPU time in nanoseconds, the time it waited for the processor
// (invented: 0) and the times it ran (invented: 1).
func procSchedstat(u *Thread) []byte {
	return fmt.Appendf(nil, "%d 0 1\n", u.utime.Nanoseconds())
}

// procTimers is /proc/PID/timers of g (show_timer): each POSIX timer,
// newest (the highest id) first, with its signal and value, how it
// notifies and whom (the process, or a thread), and its clock.
func procTimers(g *threadGroup) []byte {
	var ids []int
	for id, tm := range g.timers {
		if id >= 0 && tm != nil {
			ids = append(ids, id)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ids)))
	names := map[int]string{sigevSignal: "signal", sigevNone: "none", sigevThread: "thread"}
	var b bytes.Buffer
	for _, id := range ids {
		tm := g.timers[id]
		who, whom := "pid", g.tgid
		if tm.notify&sigevThreadID != 0 {
			who, whom = "tid", tm.tid
		}
		fmt.Fprintf(&b, "ID: %d\nsignal: %d/%016x\nnotify: %s/%s.%d\nClockID: %d\n",
			id, tm.sig, tm.value, names[tm.notify&^sigevThreadID], who, whom, tm.clock)
	}
	return b.Bytes()
}

// smapsCounts are the figures smaps gives of a mapping's resident pages
// (fs/proc/task_mmu.c, smaps_account and __show_smap), in bytes; the
// proportional ones (pss…) in bytes << pssShift, as Linux sums them. A
// page is shared when more than one mapping maps it (its mapcount,
// pageMappers: fork's pages neither process has written since, a file's
// page lent to several mappings, a shared mapping's page another process
// touched), its Pss its size divided by that count; dirty in a mapping
// it may write (a lent file page is clean: the runner cannot see the
// page cache's own dirty bit); anonymous unless a shared mapping's
// (shmem) or a file's page lent to a private mapping (file): a private
// file mapping's page the process wrote is anonymous, as Linux's copy
// is; locked if mlock locked it.
type smapsCounts struct {
	rss, dirty, anon, locked                             uint64
	sharedClean, sharedDirty                             uint64
	pss, pssDirty, pssAnon, pssFile, pssShmem, pssLocked uint64
}

// pssShift is Linux's PSS_SHIFT: the fixed-point fraction of Pss sums.
const pssShift = 12

func (c *smapsCounts) add(o smapsCounts) {
	c.rss += o.rss
	c.dirty += o.dirty
	c.anon += o.anon
	c.locked += o.locked
	c.sharedClean += o.sharedClean
	c.sharedDirty += o.sharedDirty
	c.pss += o.pss
	c.pssDirty += o.pssDirty
	c.pssAnon += o.pssAnon
	c.pssFile += o.pssFile
	c.pssShmem += o.pssShmem
	c.pssLocked += o.pssLocked
}

// pageKey names a page wherever it is mapped: a shared mapping's page by
// its object and page number, a file's page lent to private mappings by
// its file object and page number, any other page by its storage (shared
// by a fork until either process writes it).
type pageKey struct {
	obj  *mem.Shared
	pn   uint64
	data *[mem.PageSize]byte
}

// pageKeyAt is the pageKey of mm's resident page at addr with storage d.
func (mm *addressSpace) pageKeyAt(addr uint64, d *[mem.PageSize]byte) pageKey {
	if obj, off, ok := mm.Mem.SharedAt(addr); ok {
		return pageKey{obj: obj, pn: off / mem.PageSize}
	}
	if obj, pn, ok := mm.Mem.FileAt(addr); ok {
		return pageKey{obj: obj, pn: pn}
	}
	return pageKey{data: d}
}

// pageMappers counts, for every resident page of p's guest processes,
// the address spaces that map it (Linux's page_mapcount, made when smaps
// is read: one walk of every process's resident pages).
func (p *Process) pageMappers() map[pageKey]int {
	n := map[pageKey]int{}
	seen := map[*addressSpace]bool{}
	for _, g := range p.groups {
		for _, u := range g.threads {
			mm := u.mm
			if mm == nil || seen[mm] {
				continue
			}
			seen[mm] = true
			mm.Mem.Stored(func(addr uint64, d *[mem.PageSize]byte) bool {
				n[mm.pageKeyAt(addr, d)]++
				return true
			})
		}
	}
	return n
}

// residentPages are the addresses of mm's resident pages, in order.
func (mm *addressSpace) residentPages() []uint64 {
	var pages []uint64
	mm.Mem.Stored(func(addr uint64, _ *[mem.PageSize]byte) bool {
		pages = append(pages, addr)
		return true
	})
	slices.Sort(pages)
	return pages
}

// residentData are the storage of mm's resident pages, by address.
func (mm *addressSpace) residentData() map[uint64]*[mem.PageSize]byte {
	d := map[uint64]*[mem.PageSize]byte{}
	mm.Mem.Stored(func(addr uint64, p *[mem.PageSize]byte) bool {
		d[addr] = p
		return true
	})
	return d
}

// smapsOf counts the pages of the sorted resident pages that lie in the
// mapping [start, end) (end 0: to the top) with permissions perm; data
// and mappers (nil: every page mapped once) say which pages are shared.
func (mm *addressSpace) smapsOf(pages []uint64, start, end uint64, perm mem.Perm, data map[uint64]*[mem.PageSize]byte, mappers map[pageKey]int) smapsCounts {
	var c smapsCounts
	i, _ := slices.BinarySearch(pages, start)
	for ; i < len(pages) && (end == 0 || pages[i] < end); i++ {
		addr := pages[i]
		n := uint64(1)
		if mappers != nil {
			n = uint64(max(mappers[mm.pageKeyAt(addr, data[addr])], 1))
		}
		pss := uint64(mem.PageSize<<pssShift) / n
		c.rss += mem.PageSize
		c.pss += pss
		_, _, sh := mm.Mem.SharedAt(addr)
		_, _, lent := mm.Mem.FileAt(addr)
		dirty := perm&mem.Write != 0 && !lent
		switch {
		case dirty && n > 1:
			c.sharedDirty += mem.PageSize
		case n > 1:
			c.sharedClean += mem.PageSize
		}
		if dirty {
			c.dirty += mem.PageSize
			c.pssDirty += pss
		}
		switch {
		case sh:
			c.pssShmem += pss
		case lent:
			c.pssFile += pss
		default:
			c.anon += mem.PageSize
			c.pssAnon += pss
		}
		if _, ok := mm.locked[addr]; ok {
			c.locked += mem.PageSize
			c.pssLocked += pss
		}
	}
	return c
}

// write writes the figures as __show_smap does, the Pss_ split by kind
// for smaps_rollup only.
func (c smapsCounts) write(b *bytes.Buffer, rollup bool) {
	kb := func(key string, v uint64) { fmt.Fprintf(b, "%-16s%8d kB\n", key+":", v>>10) }
	kb("Rss", c.rss)
	kb("Pss", c.pss>>pssShift)
	kb("Pss_Dirty", c.pssDirty>>pssShift)
	if rollup {
		kb("Pss_Anon", c.pssAnon>>pssShift)
		kb("Pss_File", c.pssFile>>pssShift)
		kb("Pss_Shmem", c.pssShmem>>pssShift)
	}
	private := c.rss - c.sharedClean - c.sharedDirty
	privateDirty := c.dirty - c.sharedDirty
	kb("Shared_Clean", c.sharedClean)
	kb("Shared_Dirty", c.sharedDirty)
	kb("Private_Clean", private-privateDirty)
	kb("Private_Dirty", privateDirty)
	kb("Referenced", c.rss)
	kb("Anonymous", c.anon)
	for _, k := range []string{"LazyFree", "AnonHugePages", "ShmemPmdMapped", "FilePmdMapped", "Shared_Hugetlb", "Private_Hugetlb", "Swap", "SwapPss"} {
		kb(k, 0)
	}
	kb("Locked", c.pssLocked>>pssShift)
}

// procSmaps is /proc/PID/smaps of u's process (show_smap): each line of
// maps, then its size, page sizes, smapsCounts, THPeligible 0 (the
// runner has no huge pages) and VmFlags (vmFlags).
func (u *Thread) procSmaps() []byte {
	mm := u.mm
	pages := mm.residentPages()
	data, mappers := mm.residentData(), u.p.pageMappers()
	var b bytes.Buffer
	mm.mappings(func(start, end uint64, perm mem.Perm) {
		b.WriteString(mm.mapsLine(start, end, perm))
		kb := func(key string, v uint64) { fmt.Fprintf(&b, "%-16s%8d kB\n", key+":", v>>10) }
		kb("Size", end-start) // end 0 wraps to the size
		kb("KernelPageSize", mem.PageSize)
		kb("MMUPageSize", mem.PageSize)
		mm.smapsOf(pages, start, end, perm, data, mappers).write(&b, false)
		b.WriteString("THPeligible:    0\n")
		b.WriteString("VmFlags: " + mm.vmFlags(start, end, perm) + "\n")
	})
	return b.Bytes()
}

// vmFlags is the VmFlags line of a mapping (show_smap_vma_flags): its
// permissions, shared, the may-permissions Linux gives every private
// mapping (and a shared one as its permissions allow), the stack's
// growsdown, locked, accounting for a private writable mapping.
func (mm *addressSpace) vmFlags(start, end uint64, perm mem.Perm) string {
	_, _, shared := mm.Mem.SharedAt(start)
	var f []string
	add := func(on bool, name string) {
		if on {
			f = append(f, name)
		}
	}
	add(perm&mem.Read != 0, "rd")
	add(perm&mem.Write != 0, "wr")
	add(perm&mem.Exec != 0, "ex")
	add(shared, "sh")
	add(true, "mr")
	add(!shared || perm&mem.Write != 0, "mw") // a shared file's: if opened for writing
	add(true, "me")
	add(shared, "ms")
	add(start >= mm.proc.stackLo && end <= mm.proc.stackHi && end != 0, "gd")
	_, locked := mm.locked[start]
	add(locked, "lo")
	add(!shared && perm&mem.Write != 0, "ac")
	return strings.Join(f, " ") + " "
}

// procSmapsRollup is /proc/PID/smaps_rollup of u's process
// (show_smaps_rollup): a line spanning its mappings, then the sums of
// what smaps gives of each.
func (u *Thread) procSmapsRollup() []byte {
	mm := u.mm
	pages := mm.residentPages()
	data, mappers := mm.residentData(), u.p.pageMappers()
	var lo, hi uint64
	var sum smapsCounts
	first := true
	mm.mappings(func(start, end uint64, perm mem.Perm) {
		if first {
			lo, first = start, false
		}
		hi = end
		sum.add(mm.smapsOf(pages, start, end, perm, data, mappers))
	})
	if first {
		return nil
	}
	var b bytes.Buffer
	line := fmt.Sprintf("%08x-%08x ---p 00000000 00:00 0 ", lo, hi)
	b.WriteString(line + strings.Repeat(" ", max(73-len(line), 0)) + "[rollup]\n")
	sum.write(&b, true)
	return b.Bytes()
}

// procNumaMaps is /proc/PID/numa_maps of u's process (show_numa_map): per
// mapping of maps, its start, its memory policy (the range's, else the
// thread's), its file, heap or stack, and its resident pages as smaps
// counts them (smapsOf), all on node 0: anonymous, dirty, and mapped
// when they are not all one or the other.
func (u *Thread) procNumaMaps() []byte {
	mm := u.mm
	pages := mm.residentPages()
	var b bytes.Buffer
	mm.mappings(func(start, end uint64, perm mem.Perm) {
		name := ""
		if f := strings.Fields(mm.mapsLine(start, end, perm)); len(f) > 5 {
			name = strings.Join(f[5:], " ")
		}
		pol := mm.policyAt(start)
		if pol == nil {
			pol = u.mempol
		}
		fmt.Fprintf(&b, "%08x %s", start, numaPolicyName(pol))
		switch {
		case name == "[heap]":
			b.WriteString(" heap")
		case name == "[stack]":
			b.WriteString(" stack")
		case name != "" && name[0] != '[':
			// seq_file_path's escapes: newline, tab, '=' and blank in octal.
			b.WriteString(" file=" + numaPathEscaper.Replace(name))
		}
		c := mm.smapsOf(pages, start, end, perm, nil, nil)
		n, anon, dirty := c.rss/mem.PageSize, c.anon/mem.PageSize, c.dirty/mem.PageSize
		if n > 0 {
			if anon > 0 {
				fmt.Fprintf(&b, " anon=%d", anon)
			}
			if dirty > 0 {
				fmt.Fprintf(&b, " dirty=%d", dirty)
			}
			if n != anon && n != dirty {
				fmt.Fprintf(&b, " mapped=%d", n)
			}
			fmt.Fprintf(&b, " N0=%d kernelpagesize_kB=%d", n, mem.PageSize>>10)
		}
		b.WriteByte('\n')
	})
	return b.Bytes()
}

// numaPathEscaper escapes a file name as numa_maps prints it.
var numaPathEscaper = strings.NewReplacer("\n", `\012`, "\t", `\011`, "=", `\075`, " ", `\040`)

// numaPolicyName is policy pol as numa_maps names it (mpol_to_str): its
// mode, "=static" or "=relative" after a mode flag, and its nodes as a
// list of ranges; nil is "default".
func numaPolicyName(pol *mempolicy) string {
	if pol == nil {
		return "default"
	}
	names := [...]string{mpolDefault: "default", mpolPreferred: "prefer", mpolBind: "bind",
		mpolInterleave: "interleave", mpolLocal: "local", mpolPreferredMany: "prefer (many)"}
	if int(pol.mode) >= len(names) {
		return "default"
	}
	s := names[pol.mode]
	if pol.flags&mpolModeFlags != 0 {
		s += "="
		switch {
		case pol.flags&mpolFStaticNodes != 0:
			s += "static"
		case pol.flags&mpolFRelativeNodes != 0:
			s += "relative"
		}
	}
	if pol.mode == mpolDefault || pol.mode == mpolLocal || pol.nodes.empty() {
		return s
	}
	var ranges []string
	for n := 0; n < maxNumNodes; n++ {
		if !pol.nodes.has(n) {
			continue
		}
		e := n
		for e+1 < maxNumNodes && pol.nodes.has(e+1) {
			e++
		}
		if e == n {
			ranges = append(ranges, strconv.Itoa(n))
		} else {
			ranges = append(ranges, strconv.Itoa(n)+"-"+strconv.Itoa(e))
		}
		n = e
	}
	return s + ":" + strings.Join(ranges, ",")
}

// procDumpFilterWrite is a write of b to coredump_filter of ref's process
// (proc_coredump_filter_write): an unsigned number (C's base prefixes),
// else EINVAL (ERANGE past 32 bits); its low nine bits become the filter.
// A zombie has no address space: ESRCH.
func procDumpFilterWrite(ref procRef, b []byte) int {
	v, e := kstrtou64(string(b), 0)
	if e == 0 && v > 1<<32-1 {
		e = abi.ERANGE
	}
	if e != 0 {
		return e
	}
	u := ref.g.anyThread()
	if u == nil {
		return abi.ESRCH
	}
	u.mm.dumpFilter = uint32(v) & (1<<dumpFilterBits - 1)
	return 0
}

// procSlackWrite is a write of b to timerslack_ns of ref's process
// (timerslack_ns_write): a decimal number (EINVAL, ERANGE), then the
// leader's slack, 0 meaning its default; another task's needs
// CAP_SYS_NICE (EPERM).
func (t *Thread) procSlackWrite(ref procRef, b []byte) int {
	v, e := kstrtou64(string(b), 10)
	if e != 0 {
		return e
	}
	u := ref.g.threads[ref.g.tgid]
	if u == nil {
		return abi.ESRCH
	}
	if u != t && !t.cred.capable(unix.CAP_SYS_NICE) {
		return abi.EPERM
	}
	u.slack.set(v)
	return 0
}

// kstrtou64 parses s as Linux's kstrtoull: an optional '+', then
// parseULL's number.
func kstrtou64(s string, base int) (uint64, int) {
	return parseULL(strings.TrimPrefix(s, "+"), base)
}

// kstrtoint parses s as Linux's kstrtoint with base 0: an optional sign,
// then parseULL's number; a value beyond an int is ERANGE.
func kstrtoint(s string) (int, int) {
	r, neg := strings.CutPrefix(s, "-")
	if !neg {
		r = strings.TrimPrefix(s, "+")
	}
	n, e := parseULL(r, 0)
	switch {
	case e != 0:
		return 0, e
	case !neg && n > 1<<31-1, neg && n > 1<<31:
		return 0, abi.ERANGE
	case neg:
		return -int(n), 0
	}
	return int(n), 0
}

// parseULL parses s as Linux's _kstrtoull, the number of every kstrto*
// call (lib/kstrtox.c): base 0 takes C's prefixes (0x, 0), base 10 none;
// one trailing newline is allowed; a sign, blanks or other bytes are
// EINVAL, a value past 64 bits ERANGE.
func parseULL(s string, base int) (uint64, int) {
	s = strings.TrimSuffix(s, "\n")
	if base == 0 {
		base = 10
		switch {
		case len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X"):
			s, base = s[2:], 16
		case len(s) > 1 && s[0] == '0':
			s, base = s[1:], 8
		}
	}
	if s == "" || strings.ContainsAny(s, "+-_") {
		return 0, abi.EINVAL
	}
	n, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, abi.ERANGE
		}
		return 0, abi.EINVAL
	}
	return n, 0
}

// procTaskWritable are the entries of proctask.go with a write.
var procTaskWritable = map[string]bool{"timerslack_ns": true, "coredump_filter": true, "sched": true}

// procProcessOnly are the entries of proctask.go a process directory has
// and a task/TID directory has not (tgid_base_stuff, not tid_base_stuff).
var procProcessOnly = map[string]bool{"timerslack_ns": true, "coredump_filter": true, "timers": true, "autogroup": true}

// procTaskEntry is the content of an entry of proctask.go of ref for an
// open with flags by t, or an errno: EACCES for an entry the runner does
// not answer, ENOENT for a name Linux's directory does not have, an open for writing of a procTaskWritable one t may not
// write, or a read open of io and syscall that their mode refuses t
// (procDumpOwned); ESRCH for a zombie's entry Linux needs the task's state
// for. (procOpen decides a write open of the others.)
func (t *Thread) procTaskEntry(ref procRef, flags int) ([]byte, int) {
	g, u := ref.g, ref.u
	if u == nil {
		if u = g.threads[g.tgid]; u == nil {
			u = g.anyThread()
		}
	}
	write := flags&unix.O_ACCMODE != unix.O_RDONLY
	switch ref.entry {
	case "io", "syscall":
		if flags&unix.O_ACCMODE != unix.O_WRONLY && !t.cred.accessOK(procDumpOwned(g, u, 0o400), unix.R_OK, true) {
			return nil, abi.EACCES
		}
		if ref.entry == "io" {
			return procIO(g, ref.u), 0
		}
		if u == nil {
			return []byte("-1 0x0 0x0\n"), 0 // a zombie has no registers left
		}
		return procSyscall(u, t), 0
	case "timerslack_ns":
		if u == nil || g.threads[g.tgid] == nil {
			return nil, abi.ESRCH
		}
		return fmt.Appendf(nil, "%d\n", u.slack.cur), 0
	case "coredump_filter":
		if u == nil {
			return nil, 0 // no address space: empty
		}
		if write && t.procOwnerCheck(g) != 0 {
			return nil, abi.EACCES
		}
		return fmt.Appendf(nil, "%08x\n", u.mm.dumpFilter), 0
	case "sched":
		if u == nil {
			return nil, abi.ESRCH
		}
		if write && t.procOwnerCheck(g) != 0 {
			return nil, abi.EACCES
		}
		return procSched(g, u, t.p.procName(g, ref.u)), 0
	}
	switch ref.entry {
	case "wchan":
		if u == nil {
			return []byte("0"), 0
		}
		return procWchan(u, t), 0
	case "schedstat":
		if u == nil {
			return []byte("0 0 0\n"), 0
		}
		return procSchedstat(u), 0
	case "timers":
		return procTimers(g), 0
	case "smaps_rollup":
		if u == nil {
			return nil, 0
		}
		return u.procSmapsRollup(), 0
	case "numa_maps":
		if u == nil {
			return nil, 0
		}
		return u.procNumaMaps(), 0
	}
	// An entry Linux has that the runner refuses (pagemap, stack, ...),
	// or one the host's process directory does not have: ENOENT, as a
	// name no directory lists (task/TID of no thread too).
	if _, err := os.Lstat("/proc/self/" + ref.entry); err != nil {
		return nil, abi.ENOENT
	}
	return nil, abi.EACCES
}

// procReadChecked are the entries of proctask.go whose read Linux checks
// the reader's permission at (procReadRefused).
var procReadChecked = map[string]bool{"io": true, "syscall": true, "timerslack_ns": true}

// procDumpOwned is the attributes of an entry with permission bits mode
// of u's process g (u nil: a zombie's, g's last credentials): owned by
// the task's effective user and group, or by root for a task that is not
// dumpable (Linux's task_dump_owner), what generic_permission checks an
// open of it against.
func procDumpOwned(g *threadGroup, u *Thread, mode uint32) *unix.Stat_t {
	st := &unix.Stat_t{Mode: unix.S_IFREG | mode}
	c := g.creds()
	if u != nil {
		c = u.cred
	}
	if u == nil || u.mm.dumpable == suidDumpUser {
		st.Uid, st.Gid = c.uid.e, c.gid.e
	}
	return st
}

// procReadCheck is the permission check of a read by t of host
// descriptor h at offset off (-1: at the descriptor's offset) when h
// reads an entry of procReadChecked (fdTable.procReads): Linux makes such
// an entry's content (seq_file's show) when a read starts at offset 0 or
// at another offset than the last read's end, and checks there; the
// runner checks a read at offset 0 and every positioned read. 0, or the
// errno of procReadRefused.
func (t *Thread) procReadCheck(h int, off int64) int {
	ref, ok := t.files.procReads[h]
	if !ok {
		return 0
	}
	if off < 0 {
		if cur, err := unix.Seek(h, 0, unix.SEEK_CUR); err != nil || cur != 0 {
			return 0
		}
	}
	return t.procReadRefused(ref)
}

// procReadRefused is the errno Linux's read of ref's entry gives t, or
// 0: io needs PTRACE_MODE_READ_FSCREDS (do_io_accounting: EACCES),
// syscall PTRACE_MODE_ATTACH_FSCREDS (lock_trace: EPERM), timerslack_ns
// CAP_SYS_NICE unless t is the task itself (timerslack_ns_show: EPERM;
// ESRCH once the task is gone).
func (t *Thread) procReadRefused(ref procRef) int {
	g, u := ref.g, ref.u
	if u == nil {
		if u = g.threads[g.tgid]; u == nil && ref.entry != "timerslack_ns" {
			u = g.anyThread()
		}
	}
	switch ref.entry {
	case "io", "syscall":
		var mm *addressSpace
		c := g.creds()
		if u != nil {
			mm, c = u.mm, u.cred
		}
		switch {
		case t.mayAccessFS(g, c, mm):
		case ref.entry == "io":
			return abi.EACCES
		default:
			return abi.EPERM
		}
	case "timerslack_ns":
		if u == nil {
			return abi.ESRCH
		}
		if u != t && !t.cred.capable(unix.CAP_SYS_NICE) {
			return abi.EPERM
		}
	}
	return 0
}

// kstrtoBuf is the bytes Linux's kstrto*_from_user read of a write: the
// digits of a 64-bit number in octal, a sign and a newline.
const kstrtoBuf = 22

// procTaskWrite is a write to an entry of ref the runner answers other
// than comm and the OOM ones (procWritableOpen): coredump_filter and
// timerslack_ns take the whole write, the number read from its first
// kstrtoBuf bytes; a write of sched resets the statistics Linux keeps
// (the runner keeps none), an ended task's ESRCH; the others have no
// write (EINVAL, as vfs_write's for a file without one).
func procTaskWrite(t *Thread, ref procRef, a *sysArgs) (uint64, int) {
	switch ref.entry {
	case "coredump_filter", "timerslack_ns":
	case "sched":
		if ref.g.anyThread() == nil {
			return 0, abi.ESRCH
		}
		return a.Size(2), 0
	default:
		return 0, abi.EINVAL
	}
	b, e := t.read(a.Ptr(1), int(min(a.Size(2), kstrtoBuf)))
	if e != 0 {
		return 0, e
	}
	if ref.entry == "coredump_filter" {
		e = procDumpFilterWrite(ref, b)
	} else {
		e = t.procSlackWrite(ref, b)
	}
	if e != 0 {
		return 0, e
	}
	return a.Size(2), 0
}
