//go:build linux

package linux

import (
	"bytes"
	"fmt"
	"sort"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// /proc/PID/maps. The memory (mem.Memory) knows permissions and shared
// objects, not files: the address space keeps the file of each private
// file mapping (the program's and interpreter's segments, mmap of a file)
// as a name over its range, which munmap, a MAP_FIXED mapping over it and
// mremap update as Linux's VMAs would. A shared file mapping's file is
// its object's (sharedFile).

// fileName is the file a range of an address space maps privately.
type fileName struct {
	start, end uint64 // the range, page-aligned
	path       string // the host path, as the host's /proc shows it
	off        uint64 // the file offset at start
	dev, ino   uint64
}

// fileOf describes host file fd for maps: its path (what the host's /proc
// says the descriptor names), device and inode.
func fileOf(fd int) (path string, dev, ino uint64, ok bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return "", 0, 0, false
	}
	path, err := fdPath(fd)
	if err != nil {
		return "", 0, 0, false
	}
	return path, uint64(st.Dev), st.Ino, true
}

// unname forgets the file names, the memory locks and the memory policies
// of [start, end) (munmap, a new mapping over it).
func (mm *addressSpace) unname(start, end uint64) {
	if mm.vdso-start < end-start {
		mm.vdso = 0 // Linux's arch_unmap
	}
	mm.unlock(start, end)
	mm.unpolicy(start, end)
	var keep []fileName
	for _, n := range mm.names {
		if n.end <= start || n.start >= end {
			keep = append(keep, n)
			continue
		}
		if n.start < start {
			keep = append(keep, fileName{n.start, start, n.path, n.off, n.dev, n.ino})
		}
		if n.end > end {
			keep = append(keep, fileName{end, n.end, n.path, n.off + (end - n.start), n.dev, n.ino})
		}
	}
	mm.names = keep
}

// name records that [start, end) maps the file at host descriptor fd from
// offset off, privately.
func (mm *addressSpace) name(start, end uint64, fd int, off uint64) {
	mm.unname(start, end)
	if path, dev, ino, ok := fileOf(fd); ok {
		mm.addName(fileName{start, end, path, off, dev, ino})
	}
}

func (mm *addressSpace) addName(n fileName) {
	mm.names = append(mm.names, n)
	sort.Slice(mm.names, func(i, j int) bool { return mm.names[i].start < mm.names[j].start })
}

// moveNames moves the names of [src, src+size) to dst (mremap).
func (mm *addressSpace) moveNames(dst, src, size uint64) {
	var moved []fileName
	for _, n := range mm.names {
		if lo, hi := max(n.start, src), min(n.end, src+size); lo < hi {
			moved = append(moved, fileName{lo - src + dst, hi - src + dst, n.path, n.off + (lo - n.start), n.dev, n.ino})
		}
	}
	var locked []uint64
	for p := range mm.locked {
		if p-src < size {
			locked = append(locked, p-src+dst)
		}
	}
	vdso := mm.vdso
	if vdso != 0 && vdso-src < size {
		vdso = vdso - src + dst // Linux's vdso_mremap
	}
	mm.unname(src, src+size)
	mm.unname(dst, dst+size)
	mm.vdso = vdso
	for _, n := range moved {
		mm.addName(n)
	}
	for _, p := range locked {
		mm.locked[p] = struct{}{}
	}
}

// nameImage names the pages of the loaded image img's segments that hold
// file bytes with the file at host path.
func (mm *addressSpace) nameImage(img *loader.Image, path string) {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	for _, s := range img.Segments {
		if s.FileSize == 0 {
			continue
		}
		start := s.Addr &^ (mem.PageSize - 1)
		mm.name(start, pageUp(s.Addr+s.FileSize), fd, s.Off&^(mem.PageSize-1))
	}
}

// nameProgram names the segments of the program img loaded from host path
// and of its interpreter interp (nil if none), looked up in sysroot.
func (mm *addressSpace) nameProgram(img, interp *loader.Image, path, sysroot string) {
	mm.nameImage(img, path)
	if interp != nil {
		mm.nameImage(interp, lookupPath(sysroot, img.Interp, true))
	}
}

// procMaps is /proc/PID/maps of u's process: its mappings in Linux's
// format (fs/proc/task_mmu.c, show_map_vma: start-end, rwx and p or s,
// offset, device, inode, the name padded to column 73): the files mapped
// with their offsets, devices and inodes, anonymous shared memory as
// "/dev/zero (deleted)", the initial stack named [stack], the break
// area [heap] and the vDSO [vdso].
func (u *Thread) procMaps() []byte {
	var b bytes.Buffer
	u.mm.mappings(func(start, end uint64, perm mem.Perm) { b.WriteString(u.mm.mapsLine(start, end, perm)) })
	return b.Bytes()
}

// mappings calls f with each mapping of mm as maps lists it, in address
// order: its memory's regions split at the stack's, the heap's and the
// files' bounds and where mlock's locking starts or ends (Linux's
// mlock_fixup splits a VMA so: VM_LOCKED is one of its flags), so that
// each has its own line (end 0 for one that reaches the top of the
// address space).
func (mm *addressSpace) mappings(f func(start, end uint64, perm mem.Perm)) {
	type region struct {
		start, end uint64
		perm       mem.Perm
	}
	var rs []region
	mm.Mem.Regions(func(s, e uint64, pr mem.Perm) { rs = append(rs, region{s, e, pr}) })
	cuts := []uint64{mm.proc.stackLo, mm.proc.stackHi, pageUp(mm.brkBase), pageUp(mm.brk)}
	for _, n := range mm.names {
		cuts = append(cuts, n.start, n.end)
	}
	for p := range mm.locked {
		if _, ok := mm.locked[p-mem.PageSize]; !ok {
			cuts = append(cuts, p)
		}
		if _, ok := mm.locked[p+mem.PageSize]; !ok {
			cuts = append(cuts, p+mem.PageSize)
		}
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
	for _, r := range rs {
		start := r.start
		for _, c := range cuts {
			if c > start && (c < r.end || r.end == 0) {
				f(start, c, r.perm)
				start = c
			}
		}
		f(start, r.end, r.perm)
	}
}

// mapsLine is the line of [start, end), one mapping of mm with perm.
func (mm *addressSpace) mapsLine(start, end uint64, pr mem.Perm) string {
	perm := []byte("---p")
	if pr&mem.Read != 0 {
		perm[0] = 'r'
	}
	if pr&mem.Write != 0 {
		perm[1] = 'w'
	}
	if pr&mem.Exec != 0 {
		perm[2] = 'x'
	}
	var f fileName
	if s, off, ok := mm.Mem.SharedAt(start); ok {
		perm[3] = 's'
		f.off = off
		if sf, ok := s.Owner.(*sharedFile); ok {
			f.path, f.dev, f.ino, f.off = sf.path, sf.id.dev, sf.id.ino, sf.off+off
		} else {
			f.path, f.dev = "/dev/zero (deleted)", unix.Mkdev(0, 1) // shmem's
			switch o := s.Owner.(type) {
			case anonShared:
				f.ino = o.ino
			case aioRingFile:
				f.path, f.ino = "/[aio] (deleted)", o.ino
			case sysvShm: // newseg's name and inode number: the key it was made with and the id
				f.path, f.ino = fmt.Sprintf("/SYSV%08x (deleted)", uint32(o.seg.name)), uint64(o.seg.perm.id)
			}
		}
	} else {
		for _, n := range mm.names {
			if start >= n.start && start < n.end {
				f = n
				f.off += start - n.start
				break
			}
		}
	}
	switch {
	case f.path != "":
	case start >= mm.proc.stackLo && end <= mm.proc.stackHi:
		f.path = "[stack]"
	case mm.inVDSO(start, end):
		f.path = "[vdso]"
	case mm.brk > mm.brkBase && start >= pageUp(mm.brkBase) && end <= pageUp(mm.brk):
		f.path = "[heap]"
	}
	line := fmt.Sprintf("%08x-%08x %s %08x %02x:%02x %d ", start, end, perm, f.off, unix.Major(f.dev), unix.Minor(f.dev), f.ino)
	if f.path == "" {
		return line + "\n"
	}
	for len(line) < 73 {
		line += " "
	}
	return line + f.path + "\n"
}

// procStatm is /proc/PID/statm of mm, as Linux's proc_pid_statm and
// task_statm give it, in pages: the pages mapped (total_vm); the resident
// ones (pages with storage, mem.Memory.Resident); those of them in file
// and shared mappings (MM_FILEPAGES + MM_SHMEMPAGES: here every resident
// page of a file mapping, where Linux counts a page the program wrote as
// anonymous); the program's text, from the lowest executable segment's
// page to the end of the highest's file bytes (start_code, end_code); 0
// (lib); the private writable pages and the stack (data_vm + stack_vm); 0
// (dt).
func (mm *addressSpace) procStatm() []byte {
	m := mm.Mem
	const ps = mem.PageSize
	var shared, data uint64
	m.Regions(func(s, e uint64, p mem.Perm) {
		// e is 0 for a mapping that reaches the top: e-s wraps to its size.
		if _, _, sh := m.SharedAt(s); p&mem.Write != 0 && !sh {
			data += (e - s) / ps
		}
	})
	m.Stored(func(addr uint64, _ *[mem.PageSize]byte) bool {
		if _, _, sh := m.SharedAt(addr); sh || mm.fileAt(addr) {
			shared++
		}
		return true
	})
	startCode, endCode := ^uint64(0), uint64(0)
	for _, s := range mm.proc.segs {
		if s.Perm&mem.Exec != 0 {
			startCode = min(startCode, s.Addr)
			endCode = max(endCode, s.Addr+s.FileSize)
		}
	}
	var text uint64
	if endCode > startCode {
		text = (pageUp(endCode) - startCode&^(ps-1)) / ps
	}
	return fmt.Appendf(nil, "%d %d %d %d 0 %d 0\n", m.Size()/ps, m.Resident()/ps, shared, text, data)
}

// fileAt reports whether addr is in a private file mapping of mm.
func (mm *addressSpace) fileAt(addr uint64) bool {
	k := sort.Search(len(mm.names), func(i int) bool { return mm.names[i].end > addr })
	return k < len(mm.names) && mm.names[k].start <= addr
}
