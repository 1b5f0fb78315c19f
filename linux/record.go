//go:build linux

package linux

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/record"
)

// Recording (Config.Record). The runner tells the recorder, at its choke
// points, of everything that reaches a guest thread from outside the
// instructions it executes, so that package record can replay the run
// without the runner: the thread that takes the process lock (t.lock), the
// instructions each Run executed, the runner's changes of a thread's
// Context (diffed against what the recorder last saw, when the thread
// runs again or releases the lock), every change of guest memory made
// through mem's methods while no Run is under way (mem.Memory.Journal:
// system call results, signal frames, mappings), new address spaces
// (whole: Start, execve, fork) and threads, time base and darn values,
// system calls with a hash of their registers, signal deliveries, what
// the program wrote to the runner's stdout and stderr, and the exit.
// Every hook runs with the process lock held.
type recorder struct {
	p       *Process
	w       *record.Writer
	spaces  map[*mem.Memory]uint64
	threads map[*Thread]*recThread
	order   []*Thread // the threads in the order they were first seen
	inRun   bool      // a Run is under way: its stores are the program's
	count   uint64    // instructions executed, as the replay counts them
	done    bool
	out     [3]unix.Stat_t // the runner's stdout and stderr (out[1], out[2])
	outOK   [3]bool
	// sizes are the sizes of the files mapped shared, as last seen
	// (truncated).
	sizes map[*mem.Shared]int64
	// debug: the recording is the debugger's (gdbtarget.go), which is
	// told of every change of memory the log gets (changed).
	debug bool
	// The debugger's recording is cut into segments (roll):
	// DebugConfig's bounds, and where the current segment began.
	live    *logBuf
	maxLog  int64
	segment uint64
	segAt   uint64
	segFrom int
}

// segments makes the recording, kept in l, begin a segment now and then
// and drop the oldest (DebugConfig.MaxHistory).
func (rc *recorder) segments(l *logBuf, cfg *DebugConfig) {
	rc.live, rc.maxLog, rc.segment = l, cfg.MaxHistory, cfg.Segment
	if rc.maxLog <= 0 {
		rc.maxLog = DefaultMaxHistory
	}
	if rc.segment == 0 {
		rc.segment = DefaultSegment
	}
	_ = rc.w.Flush()
	l.hdr, rc.segFrom = len(l.b), len(l.b)
}

// roll begins a segment of the debugger's recording if the current one
// is done, after a Run of t: a reset record (record.Writer.Reset) and the
// whole state as a replay has it then (every address space a thread
// still uses, an empty one for the others; every thread ever seen, for
// the exit record's hashes), then drops the oldest segments (logBuf.trim).
func (rc *recorder) roll(t *Thread) {
	l := rc.live
	if l == nil || rc.count-rc.segAt < rc.segment && int64(len(l.b)+rc.w.Buffered()-rc.segFrom) < rc.maxLog/4 {
		return
	}
	if rc.w.Flush() != nil {
		return
	}
	l.segs = append(l.segs, len(l.b))
	rc.w.Reset(rc.count)
	used := map[*mem.Memory]bool{}
	for _, o := range rc.order {
		if o.group.threads[o.tid] == o {
			used[rc.threads[o].m] = true
		}
	}
	byNum := make([]*mem.Memory, len(rc.spaces))
	for m, as := range rc.spaces {
		byNum[as] = m
	}
	for as, m := range byNum {
		rc.w.Space(uint64(as))
		if used[m] {
			rc.w.Image(uint64(as), m)
		}
	}
	for _, o := range rc.order {
		rt := rc.threads[o]
		rc.w.Thread(uint64(o.tid), rc.spaces[rt.m], &rt.base)
	}
	rc.w.Switch(uint64(t.tid))
	if rc.w.Flush() != nil {
		return
	}
	rc.segAt, rc.segFrom = rc.count, len(l.b)
	l.trim(rc.maxLog * 3 / 4)
	rc.segFrom = len(l.b) // (the newest segment's state ends the log)
}

// recThread is what the recorder knows of a thread: its Context as a
// replay has it, and its address space.
type recThread struct {
	base emulate.Context
	m    *mem.Memory
}

// ErrRecordDebug: a run cannot be recorded to Config.Record under the
// debugger (which records it itself, for reverse execution).
var ErrRecordDebug = errors.New("linux: recording under a debugger is not supported")

func newRecorder(p *Process, w io.Writer, args []string) *recorder {
	cfg := p.cfg
	rc := &recorder{p: p, spaces: map[*mem.Memory]uint64{}, threads: map[*Thread]*recThread{}}
	rc.w = record.NewWriter(w, record.Header{
		LittleEndian: p.le,
		Config:       emulate.Config{Level: p.cpu.Level, Profile: cfg.Profile, Complete: true},
		Args:         append([]string{p.exe}, args...), // /proc/PID/exe's path, then argv
		Sysroot:      cfg.Sysroot,
	})
	for i, f := range []*os.File{nil, cfg.Stdout, cfg.Stderr} {
		if i == 0 {
			continue
		}
		fd := i
		if f != nil {
			fd = int(f.Fd())
		}
		rc.outOK[i] = unix.Fstat(fd, &rc.out[i]) == nil
	}
	return rc
}

// thread returns what the recorder knows of t, recording t (and its
// address space) when it is new.
func (rc *recorder) thread(t *Thread) *recThread {
	rt := rc.threads[t]
	if rt == nil {
		rt = &recThread{base: t.ctx, m: t.mm.Mem}
		rc.threads[t] = rt
		rc.order = append(rc.order, t)
		rc.w.Thread(uint64(t.tid), rc.space(t.mm.Mem), &t.ctx)
	}
	return rt
}

// space returns the number of address space m, recording the whole of
// it when it is new and journaling its changes from then on.
func (rc *recorder) space(m *mem.Memory) uint64 {
	p := rc.p
	as, ok := rc.spaces[m]
	if !ok {
		as = uint64(len(rc.spaces))
		rc.spaces[m] = as
		rc.w.Space(as)
		rc.w.Image(as, m)
		m.Journal = func(c *mem.Change) {
			if (!rc.inRun || c.Op == mem.ChangeFill) && !rc.done {
				if rc.debug && p.dbg != nil {
					p.dbg.changed(c, rc.count)
				}
				rc.w.Mem(as, c)
				if c.Op == mem.ChangeMapShared {
					if f, file := c.Shared.Owner.(*sharedFile); file {
						rc.fileContents(as, m, c.Addr, c.Size)
						var st unix.Stat_t
						if unix.Fstat(f.fd, &st) == nil {
							if rc.sizes == nil {
								rc.sizes = map[*mem.Shared]int64{}
							}
							rc.sizes[c.Shared] = st.Size
						}
					}
				}
			}
		}
	}
	return as
}

// fileContents records the contents of a file's new shared mapping at
// [addr, addr+size) of m, the host file's pages (shm.go), which the log's
// map_shared does not carry: its non-zero pages, up to the file's end.
// What other processes write to the file later is not recorded.
func (rc *recorder) fileContents(as uint64, m *mem.Memory, addr, size uint64) {
	var page, zero [mem.PageSize]byte
	for a := addr; a-addr < size; a += mem.PageSize {
		if m.Peek(a, page[:]) != nil {
			break
		}
		if page != zero {
			rc.w.Mem(as, &mem.Change{Op: mem.ChangeWrite, Addr: a, Size: mem.PageSize, Data: page[:]})
		}
	}
}

// sync records the runner's changes of t's Context since the recorder
// last saw it, and a change of its address space.
func (rc *recorder) sync(t *Thread) *recThread {
	rt := rc.thread(t)
	if t.mm.Mem != rt.m {
		rt.m = t.mm.Mem
		rc.w.Use(uint64(t.tid), rc.space(rt.m))
	}
	rc.w.Context(uint64(t.tid), &rt.base, &t.ctx)
	rt.base = t.ctx
	return rt
}

// locked: t took the process lock.
func (rc *recorder) locked(t *Thread) {
	if rc.done {
		return
	}
	rc.sync(t)
	rc.w.Switch(uint64(t.tid))
}

// unlocking: t is about to release the process lock.
func (rc *recorder) unlocking(t *Thread) {
	if !rc.done {
		rc.sync(t)
	}
}

// beforeRun: t is about to execute instructions.
func (rc *recorder) beforeRun(t *Thread) {
	if !rc.done {
		rc.sync(t)
		rc.inRun = true
	}
}

// afterRun: t's Run executed n instructions.
func (rc *recorder) afterRun(t *Thread, n uint64) {
	rc.inRun = false
	if rc.done || n == 0 {
		return
	}
	rc.w.Run(n)
	rc.count += n
	rc.threads[t].base = t.ctx
	rc.roll(t)
}

// retired: the runner completed an instruction for the running thread.
func (rc *recorder) retired() {
	if !rc.done {
		rc.w.Retire()
		rc.count++
	}
}

// syscall: t enters system call num.
func (rc *recorder) syscall(t *Thread, num uint64) {
	if !rc.done {
		rc.w.Syscall(uint64(t.tid), num, &t.ctx)
	}
}

// sysExit: t's system call num with arguments a returned ret: what a
// write or writev put on the runner's stdout or stderr is recorded.
func (rc *recorder) sysExit(t *Thread, num uint64, a *sysArgs, ret uint64, errno int) {
	if rc.done || errno != 0 {
		return
	}
	switch num {
	case abi.SYS_FTRUNCATE, abi.SYS_TRUNCATE, abi.SYS_OPEN, abi.SYS_OPENAT, abi.SYS_OPENAT2, abi.SYS_CREAT:
		rc.truncated()
		return
	case abi.SYS_FALLOCATE:
		rc.truncated()
		// A hole punched or a range zeroed changes its bytes; a range
		// collapsed or inserted moves every byte after it.
		switch mode, off, n := a.Int(1), a.Long(2), a.Long(3); {
		case mode&(fallocCollapseRange|fallocInsertRange) != 0:
			rc.fileChanged(t.fd(a.Fd(0)), off, -1)
		case mode&(fallocPunchHole|fallocZeroRange) != 0:
			rc.fileChanged(t.fd(a.Fd(0)), off, n)
		}
		return
	case abi.SYS_WRITE, abi.SYS_WRITEV, abi.SYS_PWRITE64, abi.SYS_PWRITEV, abi.SYS_PWRITEV2:
		if ret != 0 { // files mapped shared, and private mappings' lent pages
			h := t.fd(a.Fd(0))
			off := int64(-1)
			if num == abi.SYS_PWRITE64 || num == abi.SYS_PWRITEV || num == abi.SYS_PWRITEV2 {
				off = a.Long(3)
			}
			if off == -1 { // at the file position, which the write moved
				pos, err := unix.Seek(h, 0, io.SeekCurrent)
				off = pos - int64(ret)
				if err != nil {
					off = -1
				}
			}
			if off >= 0 {
				rc.fileChanged(h, off, int64(ret))
			}
		}
	}
	if ret == 0 || (num != abi.SYS_WRITE && num != abi.SYS_WRITEV) {
		return
	}
	g := a.Fd(0)
	stream := rc.stream(g, t.fd(g))
	if stream == 0 {
		return
	}
	if num == abi.SYS_WRITE {
		if b, e := t.read(a.Ptr(1), int(min(ret, a.Size(2)))); e == 0 {
			rc.w.Output(stream, b)
		}
		return
	}
	iov, e := t.iovecs(a.Ptr(1), a.Ulong(2))
	for _, v := range iov {
		if e != 0 || ret == 0 {
			break
		}
		var b []byte
		b, e = t.read(v.Base, int(min(v.Len, ret)))
		if e == 0 {
			rc.w.Output(stream, b)
			ret -= uint64(len(b))
		}
	}
}

// truncated records, after a system call that may have shrunk a file
// (ftruncate, truncate, open with O_TRUNC, fallocate), that the bytes of
// every file mapped shared beyond its new end are zeros: a replay's copy
// of the file is anonymous memory, which would keep them, while on the
// host the pages beyond the end fault (SIGBUS: the replay does not
// execute the faulting instruction, its signal is recorded) and read as
// zeros once the file is extended again. It writes zeros over the pages
// the address spaces have stored from the old end on (the others are
// zeros in the replay too), as writes of the log, without touching the
// host's pages, which may fault.
func (rc *recorder) truncated() {
	shrunk := map[*mem.Shared]int64{} // the objects whose file shrank: the new size
	for s, size := range rc.sizes {
		var st unix.Stat_t
		if f, ok := s.Owner.(*sharedFile); ok && unix.Fstat(f.fd, &st) == nil && st.Size != size {
			rc.sizes[s] = st.Size
			if st.Size < size {
				shrunk[s] = st.Size
			}
		}
	}
	if len(shrunk) == 0 {
		return
	}
	var zero [mem.PageSize]byte
	for m, as := range rc.spaces {
		m.Stored(func(addr uint64, _ *[mem.PageSize]byte) bool {
			s, off, ok := m.SharedAt(addr)
			end, cut := shrunk[s]
			if !ok || !cut {
				return true
			}
			pos := int64(s.Owner.(*sharedFile).off + off) // the file offset of addr
			if end < pos+mem.PageSize {
				from := max(end-pos, 0)
				rc.w.Mem(as, &mem.Change{Op: mem.ChangeWrite, Addr: addr + uint64(from), Size: uint64(mem.PageSize - from), Data: zero[from:]})
			}
			return true
		})
	}
}

// fallocate's modes that change a file's bytes (uapi linux/falloc.h).
const (
	fallocPunchHole     = 0x02
	fallocCollapseRange = 0x08
	fallocZeroRange     = 0x10
	fallocInsertRange   = 0x20
)

// fileChanged records, after a system call that changed the bytes of the
// file open at host descriptor h from offset off on (n bytes, or to its
// end if n < 0: fallocate, write, pwrite), the pages of the address
// spaces that map that file shared and hold bytes of that range, as the
// host's pages are now: a replay's copy of the file is anonymous memory,
// which the call does not reach. Pages past the file's end are zeros
// (mem.Memory.Stored), as truncated records them.
func (rc *recorder) fileChanged(h int, off, n int64) {
	var st unix.Stat_t
	if h < 0 || unix.Fstat(h, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return
	}
	privateFiles.Lock()
	ps := privateFiles.m[fileID{uint64(st.Dev), uint64(st.Ino)}].Value()
	privateFiles.Unlock()
	if ps != nil {
		rc.privateChanged(ps, off, n)
	}
	if len(rc.sizes) == 0 {
		return
	}
	objs := map[*mem.Shared]bool{}
	for s := range rc.sizes {
		var fs unix.Stat_t
		if f, ok := s.Owner.(*sharedFile); ok && unix.Fstat(f.fd, &fs) == nil && fs.Dev == st.Dev && fs.Ino == st.Ino {
			objs[s] = true
		}
	}
	if len(objs) == 0 {
		return
	}
	for m, as := range rc.spaces {
		m.Stored(func(addr uint64, page *[mem.PageSize]byte) bool {
			s, soff, ok := m.SharedAt(addr)
			if !ok || !objs[s] {
				return true
			}
			pos := int64(s.Owner.(*sharedFile).off + soff) // the file offset of addr
			if pos+mem.PageSize > off && (n < 0 || pos < off+n) {
				rc.w.Mem(as, &mem.Change{Op: mem.ChangeWrite, Addr: addr, Size: mem.PageSize, Data: page[:]})
			}
			return true
		})
	}
}

// privateChanged records, after a system call of the guest's changed
// the bytes of the file whose object of private mappings is s from
// offset off on (n bytes, or to its end if n < 0), the pages of the
// address spaces that have those bytes lent (privfile.go), as they are
// now: a replay's pages of a private file mapping are its own, which the
// call does not reach.
func (rc *recorder) privateChanged(s *mem.Shared, off, n int64) {
	if rc.done {
		return
	}
	for m, as := range rc.spaces {
		m.Stored(func(addr uint64, page *[mem.PageSize]byte) bool {
			if o, i, ok := m.FileAt(addr); ok && o == s {
				pos := int64(i * mem.PageSize) // the file offset of addr
				if pos+mem.PageSize > off && (n < 0 || pos < off+n) {
					rc.w.Mem(as, &mem.Change{Op: mem.ChangeWrite, Addr: addr, Size: mem.PageSize, Data: page[:]})
				}
			}
			return true
		})
	}
}

// stream says whether host descriptor h (guest descriptor g) is the
// runner's stdout (1) or stderr (2), or neither (0).
func (rc *recorder) stream(g, h int) int {
	var st unix.Stat_t
	if h < 0 || unix.Fstat(h, &st) != nil {
		return 0
	}
	same := func(i int) bool { return rc.outOK[i] && st.Dev == rc.out[i].Dev && st.Ino == rc.out[i].Ino }
	switch {
	case g == 1 || g == 2:
		if same(g) {
			return g
		}
	}
	for i := 1; i <= 2; i++ {
		if same(i) {
			return i
		}
	}
	return 0
}

// signal: t enters the handler of sig.
func (rc *recorder) signal(t *Thread, sig int) {
	if !rc.done {
		rc.w.Signal(uint64(t.tid), sig)
	}
}

// take: t takes sig to deliver it, where a debugger is told of it
// (deliverSignals); its Context so far is recorded first, so that a
// replay stopped there shows the registers the debugger saw.
func (rc *recorder) take(t *Thread, sig int) {
	if !rc.done {
		rc.sync(t)
		rc.w.Take(uint64(t.tid), sig)
	}
}

// timeBase and darn record the values the emulator gave the program.
func (rc *recorder) timeBase(v uint64) {
	if !rc.done {
		rc.w.TimeBase(v)
	}
}

func (rc *recorder) darn(l int, v uint64, ok bool) {
	if !rc.done {
		rc.w.Darn(l, v, ok)
	}
}

// end records the exit: the threads' last changes, then the status, the
// instruction count and each thread's Context hash. It returns the error
// writing the log, if any.
func (rc *recorder) end(st ExitStatus) error {
	if rc.done {
		return nil
	}
	var hs []record.ThreadHash
	for _, t := range rc.order {
		rc.sync(t)
		hs = append(hs, record.ThreadHash{TID: uint64(t.tid), Hash: record.Hash(&t.ctx)})
	}
	slices.SortFunc(hs, func(a, b record.ThreadHash) int { return int(a.TID) - int(b.TID) })
	rc.done = true
	if err := rc.w.Exit(st.Code, st.Signal, rc.count, hs); err != nil {
		return fmt.Errorf("linux: writing the recording: %w", err)
	}
	return nil
}

// unseenSigs are the signals a recording discarded when they were sent
// because their action ignores them (Thread.ignored), as Linux discards
// them for a process no one traces, but which a traced one (run -gdb's:
// Linux's sig_ignored) would have queued and taken: a count for each, the
// standard signals' at most one, as a queued standard signal is.
type unseenSigs struct {
	set uint64
	n   [abi.NSIG + 1]uint64
}

// drop forgets sig (its pending instances dropped: an action set to
// ignore it, SIGCONT and the stop signals).
func (u *unseenSigs) drop(sig int) {
	u.set &^= sigBit(sig)
	u.n[sig] = 0
}

// noteIgnored: sig, sent to queue q, was discarded as ignored. A recording
// notes it so that the thread that would have taken it, had the process
// been traced, records a take there (takeIgnored), where replay -gdb then
// stops as run -gdb does. The program's behaviour is unchanged: nothing
// is queued, no thread is woken, nothing the program can see.
func (p *Process) noteIgnored(q *sigQueue, sig int) {
	if p.rec == nil || p.rec.done || sig < 1 || sig > abi.NSIG {
		return
	}
	u := &q.unseen
	if u.set&sigBit(sig) != 0 && (sig < abi.SIGRTMIN || u.n[sig] >= p.sigpendingRL.Cur) {
		return // a standard signal pending is not queued again; a full queue
	}
	u.set |= sigBit(sig)
	u.n[sig]++
	p.sigAny.Store(true)
}

// takeIgnored records t's take of a signal noted by noteIgnored, if t
// takes one next: among those it does not block, its own queue's lowest
// signal first, then its thread group's (Thread.next's order), the ignored
// ones among the queued. It reports whether it took one.
func (p *Process) takeIgnored(t *Thread) bool {
	if p.rec == nil {
		return false
	}
	set := ^(t.mask &^ unblockable)
	for _, q := range [...]*sigQueue{&t.sigq, &t.group.shared} {
		d := (q.pending | q.unseen.set) & set
		if d == 0 {
			continue
		}
		sig := bits.TrailingZeros64(d) + 1
		if q.unseen.set&sigBit(sig) == 0 {
			return false // a queued signal comes first
		}
		if q.unseen.n[sig]--; q.unseen.n[sig] == 0 {
			q.unseen.set &^= sigBit(sig)
		}
		p.rec.take(t, sig)
		return true
	}
	return false
}
