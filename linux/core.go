//go:build linux

package linux

import (
	"bufio"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
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
	"github.com/ppc64emu/ppc64emu/regs"
)

// A core file in Linux's format (fs/binfmt_elf.c, elf_core_dump): an ELF
// header (ET_CORE, EM_PPC64), one PT_NOTE then one PT_LOAD per mapping.
// The notes come in Linux's order: the dumping thread's NT_PRSTATUS, then
// the process's NT_PRPSINFO, NT_SIGINFO, NT_AUXV and NT_FILE, then that
// thread's other register sets, then each other thread's NT_PRSTATUS and
// register sets.

// coreRegsets are the register sets after NT_PRSTATUS, with their note
// names, in the order of powerpc's native regset view.
var coreRegsets = []struct {
	typ  uint32
	name string
}{
	{regs.NT_PRFPREG, "CORE"},
	{regs.NT_PPC_VMX, "LINUX"},
	{regs.NT_PPC_VSX, "LINUX"},
	{regs.NT_PPC_TAR, "LINUX"},
	{regs.NT_PPC_PPR, "LINUX"},
	{regs.NT_PPC_DSCR, "LINUX"},
}

// dumpCore follows a signal sig (described by info) that kills t's
// process with a core dump (signal(7)). It decides as Linux's do_coredump
// whether the core is dumped, which the parent's wait status and SIGCHLD
// then say (WCOREDUMP's 0x80, CLD_DUMPED; threadGroup.coreDumped): not
// for a process that is not dumpable (prctl PR_SET_DUMPABLE 0, or changed
// credentials with fs.suid_dumpable 0), nor one with fs.suid_dumpable 2
// when the host's core_pattern is not an absolute path; with a core_pattern
// that pipes to a program, unless RLIMIT_CORE is 1; otherwise not when
// RLIMIT_CORE is below a page (binfmt_elf's min_coredump) and not when
// the dump (counted as dumpWriter writes it) exceeds RLIMIT_CORE (a dump
// cut short is a failed one). It writes a file only where Config.Core
// asks for one, for every guest process as Linux dumps each (its %p the
// process's id: without one, a later dump overwrites an earlier one, as
// Linux's core_pattern "core" does; Process.CoreDump reports the initial
// process's), cut at RLIMIT_CORE as Linux cuts it;
// qemu-user 7.2 and Linux alike leave the host's core file of the process
// (core_pattern's, in its directory) and set 0x80 when the limit allows
// (measured with `ulimit -c unlimited`; with `ulimit -c 0` neither), and
// the runner writes none of its own. First it writes Config.Uncaught's
// line, if any, on the process's descriptor 2.
func (t *Thread) dumpCore(sig int, info *sigInfo) {
	p := t.p
	g := t.group
	lim := g.rl.rest[abi.RLIMIT_CORE].Cur
	if p.cfg.Uncaught != nil {
		if msg := p.cfg.Uncaught(sig, lim); msg != "" {
			t.writeStderr([]byte(msg + "\n"))
		}
	}
	pat := hostCorePattern()
	switch {
	case t.mm.dumpable == 0:
		return
	case strings.HasPrefix(pat, "|"):
		if lim == 1 {
			return
		}
		lim = unix.RLIM_INFINITY
	case t.mm.dumpable != suidDumpUser && !strings.HasPrefix(pat, "/"):
		return
	case lim < mem.PageSize:
		return
	}
	if p.cfg.Core == "" || g == p.group && p.coreDone {
		g.coreDumped = p.writeCore(t, sig, info, "", lim) == nil
		return
	}
	path := corePath(p.cfg.Core, g.tgid, t.tid, sig, t.comm, time.Now())
	var err error
	t.asRunner(func() { err = p.writeCore(t, sig, info, path, lim) }) // the runner's own file
	g.coreDumped = err == nil
	if g == p.group {
		p.coreDone, p.corePath, p.coreErr = true, path, err
	}
}

// hostCorePattern is the host's kernel.core_pattern ("core" if it cannot
// be read): the guest's is the host's, as under qemu-user.
func hostCorePattern() string {
	b, err := os.ReadFile("/proc/sys/kernel/core_pattern")
	if err != nil {
		return "core"
	}
	return strings.TrimSpace(string(b))
}

// corePath expands the specifiers of Linux's core_pattern (see core(5))
// that apply to the runner: %p the process id, %i the thread's, %s the
// signal, %e the command name, %t the time in seconds since the epoch,
// %% a percent sign. Others are left as they are.
func corePath(pattern string, pid, tid, sig int, comm string, now time.Time) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c != '%' || i+1 == len(pattern) {
			b.WriteByte(c)
			continue
		}
		i++
		switch pattern[i] {
		case 'p':
			b.WriteString(strconv.Itoa(pid))
		case 'i':
			b.WriteString(strconv.Itoa(tid))
		case 's':
			b.WriteString(strconv.Itoa(sig))
		case 'e':
			b.WriteString(comm)
		case 't':
			b.WriteString(strconv.FormatInt(now.Unix(), 10))
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(pattern[i])
		}
	}
	return b.String()
}

// CoreDump reports the core file written when a core-dumping signal killed
// the program (Config.Core): its path, or "" and why it could not be
// written. It is "", nil when no core was asked for or due.
func (p *Process) CoreDump() (string, error) {
	if !p.coreDone {
		return "", nil
	}
	if p.coreErr != nil {
		return "", p.coreErr
	}
	return p.corePath, nil
}

// coreNotes collects ELF notes in the target byte order.
type coreNotes struct {
	o bytes.Buffer
	b binary.ByteOrder
}

func (n *coreNotes) add(name string, typ uint32, desc []byte) {
	n.o.Write(abi.ElfNhdrLayout.Bytes(n.b, &abi.ElfNhdr{Namesz: uint32(len(name) + 1), Descsz: uint32(len(desc)), Type: typ}))
	n.o.WriteString(name)
	n.o.WriteByte(0)
	n.pad()
	n.o.Write(desc)
	n.pad()
}

func (n *coreNotes) pad() {
	for n.o.Len()%4 != 0 {
		n.o.WriteByte(0)
	}
}

// coreRegion is one PT_LOAD: a mapping (as /proc/PID/maps lists it) with
// one permission, of which the core file holds the first size bytes.
type coreRegion struct {
	start, end, size uint64
	perm             mem.Perm
}

// The bits of coredump_filter (include/linux/sched/coredump.h,
// MMF_DUMP_*): the kinds of mapping a core file holds.
const (
	dumpAnonPrivate = 1 << iota
	dumpAnonShared
	dumpMappedPrivate
	dumpMappedShared
	dumpELFHeaders
)

// coreDumpSize is how many bytes of mm's mapping [start, end) with perm
// a core file holds, as Linux's vma_dump_size decides under the
// process's coredump_filter (addressSpace.dumpFilter): a shared mapping
// whole if the filter takes anonymous shared memory (shmem, System V
// segments, a deleted file's) or shared file mappings, whichever it is;
// a private mapping whole if it has pages of its own (written: Linux's
// anon_vma; here a resident page not lent by a file, pages among the
// sorted resident ones) and the filter takes anonymous private memory,
// or if it maps a file and the filter takes private file mappings; else
// the first page of a mapping of a file from its start that is
// executable or begins with the ELF magic, with the filter's ELF
// headers bit; else nothing. A mapping without read permission is not
// dumped (the runner's: Linux writes it as a hole). The vDSO is dumped
// whole whatever the filter (always_dump_vma). The runner has no huge
// pages, DAX, VM_IO or MADV_DONTDUMP mappings.
func (mm *addressSpace) coreDumpSize(start, end uint64, perm mem.Perm, pages []uint64) uint64 {
	filter, whole := mm.dumpFilter, end-start
	take := func(bit uint32) uint64 {
		if filter&bit != 0 {
			return whole
		}
		return 0
	}
	if mm.inVDSO(start, end) {
		return whole // always_dump_vma: the vDSO, whatever the filter
	}
	if perm&mem.Read == 0 {
		return 0
	}
	if s, _, ok := mm.Mem.SharedAt(start); ok {
		var st unix.Stat_t
		if sf, file := s.Owner.(*sharedFile); file && (unix.Fstat(sf.fd, &st) != nil || st.Nlink > 0) {
			return take(dumpMappedShared)
		}
		return take(dumpAnonShared)
	}
	if filter&dumpAnonPrivate != 0 {
		i, _ := slices.BinarySearch(pages, start)
		for ; i < len(pages) && pages[i] < end; i++ {
			if _, _, lent := mm.Mem.FileAt(pages[i]); !lent {
				return whole
			}
		}
	}
	var name *fileName
	for k := range mm.names {
		if n := &mm.names[k]; start >= n.start && start < n.end {
			name = n
		}
	}
	switch {
	case name == nil:
		return 0
	case filter&dumpMappedPrivate != 0:
		return whole
	case filter&dumpELFHeaders == 0 || name.off+start-name.start != 0:
		return 0
	}
	var st unix.Stat_t
	if unix.Stat(name.path, &st) == nil && st.Mode&0o111 != 0 {
		return mem.PageSize
	}
	var magic [4]byte
	if mm.Mem.Peek(start, magic[:]) == nil && string(magic[:]) == elf.ELFMAG {
		return mem.PageSize
	}
	return 0
}

// writeCore writes t's process's core file for signal sig to file, as
// Linux's elf_core_dump, cut short where it would exceed limit bytes
// (RLIMIT_CORE; dumpWriter); with file "" it writes nothing and reports
// whether the dump would be whole (nil) or cut (errCoreLimit).
func (p *Process) writeCore(t *Thread, sig int, info *sigInfo, file string, limit uint64) error {
	o := p.order
	m := t.mm.Mem
	threads := []*Thread{t}
	var others []*Thread
	for _, th := range t.group.threads {
		if th != t {
			others = append(others, th)
		}
	}
	sort.Slice(others, func(i, j int) bool { return others[i].tid < others[j].tid })
	threads = append(threads, others...)

	var rs []coreRegion
	pages := t.mm.residentPages()
	t.mm.mappings(func(s, e uint64, pr mem.Perm) {
		if e > s {
			rs = append(rs, coreRegion{s, e, t.mm.coreDumpSize(s, e, pr, pages), pr})
		}
	})

	notes := coreNotes{b: o}
	for i, th := range threads {
		notes.add("CORE", regs.NT_PRSTATUS, p.corePrstatus(th, sig))
		if i == 0 {
			notes.add("CORE", abi.NT_PRPSINFO, p.corePrpsinfo(t))
			si := make([]byte, abi.SiginfoSize)
			p.putSiginfo(si, sig, info)
			notes.add("CORE", abi.NT_SIGINFO, si)
			notes.add("CORE", abi.NT_AUXV, t.mm.proc.auxv)
			notes.add("CORE", abi.NT_FILE, p.coreFiles(t))
		}
		for _, rs := range coreRegsets {
			b, err := regs.EncodeRegset(&th.ctx.Regs, rs.typ, o)
			if err != nil {
				return err
			}
			notes.add(rs.name, rs.typ, b)
		}
	}

	const ehsize, phentsize = 64, 56
	nph := 1 + len(rs)
	noteOff := uint64(ehsize + phentsize*nph)
	dataOff := (noteOff + uint64(notes.o.Len()) + mem.PageSize - 1) &^ (mem.PageSize - 1)
	flags := uint32(abi.ElfCoreEFlags)
	if p.Image.ABIv1 {
		flags = 0
	}
	data := byte(elf.ELFDATA2LSB)
	if o == binary.BigEndian {
		data = byte(elf.ELFDATA2MSB)
	}
	hdr := elf.Header64{
		Ident:     [elf.EI_NIDENT]byte{0x7f, 'E', 'L', 'F', byte(elf.ELFCLASS64), data, byte(elf.EV_CURRENT)},
		Type:      uint16(elf.ET_CORE),
		Machine:   uint16(elf.EM_PPC64),
		Version:   uint32(elf.EV_CURRENT),
		Phoff:     ehsize,
		Flags:     flags,
		Ehsize:    ehsize,
		Phentsize: phentsize,
		Phnum:     uint16(min(nph, 0xffff)),
		Shentsize: 64,
	}
	phdrs := []elf.Prog64{{Type: uint32(elf.PT_NOTE), Off: noteOff, Filesz: uint64(notes.o.Len()), Align: 4}}
	off := dataOff
	for _, r := range rs {
		ph := elf.Prog64{Type: uint32(elf.PT_LOAD), Off: off, Vaddr: r.start, Memsz: r.end - r.start, Filesz: r.size, Align: mem.PageSize}
		if r.perm&mem.Read != 0 {
			ph.Flags |= uint32(elf.PF_R)
		}
		if r.perm&mem.Write != 0 {
			ph.Flags |= uint32(elf.PF_W)
		}
		if r.perm&mem.Exec != 0 {
			ph.Flags |= uint32(elf.PF_X)
		}
		phdrs = append(phdrs, ph)
		off += ph.Filesz
	}

	emit := func(w *dumpWriter) error {
		w.emit(func(b []byte) { _, _ = binary.Encode(b, o, &hdr) }, ehsize)
		for _, ph := range phdrs {
			w.emit(func(b []byte) { _, _ = binary.Encode(b, o, &ph) }, phentsize)
		}
		w.emit(func(b []byte) { copy(b, notes.o.Bytes()) }, notes.o.Len())
		w.skip(dataOff - noteOff - uint64(notes.o.Len()))
		for i, r := range rs {
			for a := r.start; a < r.start+phdrs[i+1].Filesz; a += mem.PageSize {
				w.emit(func(b []byte) {
					if m.Peek(a, b) != nil {
						clear(b) // unreadable despite its permission: zeros, as Linux dumps a page it cannot get
					}
				}, int(min(mem.PageSize, r.end-a)))
			}
		}
		return w.err
	}
	if file == "" {
		return emit(&dumpWriter{limit: limit})
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = emit(&dumpWriter{w: bw, limit: limit})
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("core file %s: %w", file, err)
	}
	return nil
}

// errCoreLimit is a core dump that RLIMIT_CORE cut short.
var errCoreLimit = errors.New("core dump larger than RLIMIT_CORE")

// dumpWriter writes a core file as Linux's dump_emit does (fs/coredump.c):
// in pieces (the header, each program header, the notes, each page of
// memory), each written whole or not at all; the first piece that would
// take the bytes written beyond limit ends the dump (errCoreLimit), the
// pieces before it staying in the file. Padding is skipped (a seek, as
// dump_skip_to), not counted. With w nil it only counts (the dump's
// outcome, no file).
type dumpWriter struct {
	w       *bufio.Writer
	limit   uint64
	written uint64
	pending uint64 // bytes to skip before the next piece
	buf     []byte
	err     error
}

// emit writes a piece of n bytes that fill puts in its buffer.
func (d *dumpWriter) emit(fill func(b []byte), n int) {
	if d.err != nil {
		return
	}
	if d.written+uint64(n) > d.limit {
		d.err = errCoreLimit
		return
	}
	d.written += uint64(n)
	if d.w == nil {
		return
	}
	if d.pending != 0 {
		if _, d.err = d.w.Write(make([]byte, d.pending)); d.err != nil {
			return
		}
		d.pending = 0
	}
	if cap(d.buf) < n {
		d.buf = make([]byte, n)
	}
	b := d.buf[:n]
	clear(b)
	fill(b)
	_, d.err = d.w.Write(b)
}

// skip passes over n bytes of the file without writing them.
func (d *dumpWriter) skip(n uint64) { d.pending += n }

// corePrstatus is th's NT_PRSTATUS: the killing signal, th's pending and
// blocked signals, its ids and its general registers.
func (p *Process) corePrstatus(th *Thread, sig int) []byte {
	st := abi.ElfPrstatus{
		Info:    abi.ElfSiginfo{Signo: int32(sig)},
		Cursig:  int16(sig),
		Sigpend: th.sigq.pending | th.group.shared.pending,
		Sighold: th.mask,
		Pid:     int32(th.tid),
		Ppid:    int32(th.ppid()),
		Pgrp:    int32(th.group.pgid),
		Fpvalid: 1,
	}
	if sid, err := unix.Getsid(0); err == nil {
		st.Sid = int32(sid)
	}
	copy(st.Reg[:], regs.EncodeGPRegs(&th.ctx.Regs, p.order))
	b := make([]byte, abi.ElfPrstatusLayout.Size())
	abi.ElfPrstatusLayout.Encode(p.order, b, &st)
	return b
}

// corePrpsinfo is the process's NT_PRPSINFO: its state (running), ids,
// command name and the start of its arguments.
func (p *Process) corePrpsinfo(t *Thread) []byte {
	ps := abi.ElfPrpsinfo{
		Sname: 'R',
		UID:   uint32(os.Getuid()),
		GID:   uint32(os.Getgid()),
		Pid:   int32(t.group.tgid),
		Ppid:  int32(t.ppid()),
		Pgrp:  int32(t.group.pgid),
	}
	if sid, err := unix.Getsid(0); err == nil {
		ps.Sid = int32(sid)
	}
	copy(ps.Fname[:], t.comm)
	n := copy(ps.Psargs[:abi.ElfPrargsz-1], t.mm.cmdline())
	for i := range n {
		if ps.Psargs[i] == 0 {
			ps.Psargs[i] = ' '
		}
	}
	if n > 0 && ps.Psargs[n-1] == ' ' {
		ps.Psargs[n-1] = 0 // the last argument's terminator
	}
	b := make([]byte, abi.ElfPrpsinfoLayout.Size())
	abi.ElfPrpsinfoLayout.Encode(p.order, b, &ps)
	return b
}

// coreFiles is NT_FILE of t's process: the count, the page size, then
// (start, end, file offset in pages) of each file-backed mapping, then
// their names. The runner knows the segments of the program the process
// runs (its last exec's) as file-backed.
func (p *Process) coreFiles(t *Thread) []byte {
	type file struct{ start, end, pgoff uint64 }
	var fs []file
	for _, s := range t.mm.proc.segs {
		if s.FileSize == 0 {
			continue
		}
		start := s.Addr &^ (mem.PageSize - 1)
		end := (s.Addr + s.FileSize + mem.PageSize - 1) &^ (mem.PageSize - 1)
		fs = append(fs, file{start, end, (s.Off &^ (mem.PageSize - 1)) / mem.PageSize})
	}
	var b []byte
	put := func(v uint64) {
		var w [8]byte
		p.order.PutUint64(w[:], v)
		b = append(b, w[:]...)
	}
	put(uint64(len(fs)))
	put(mem.PageSize)
	for _, f := range fs {
		put(f.start)
		put(f.end)
		put(f.pgoff)
	}
	exe := p.exeOf(t.group)
	for range fs {
		b = append(append(b, exe...), 0)
	}
	return b
}
