//go:build linux

package linux

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"weak"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Private file mappings (MAP_PRIVATE of a regular file) are mappings of
// an object of the file's pages (mem.NewFile) from a descriptor of the
// runner's own for the file: a program's libraries and data files cost
// the pages it uses, not their size (postgres --version mapped 30 MB of
// libicudata and used a few pages of it). One object per file (device
// and inode), kept while a mapping of it lives: every mapping of the
// file is a mapping of it at its own offset, as Linux's are of the
// file's page cache, and the runner holds one descriptor per mapped file
// however many mappings it has. The descriptor and the host mappings are
// let go when the last mapping is gone and the object collected.
//
// What Linux 6.1 does (mm/memory.c, mm/filemap.c), and what the runner
// does for each:
//
//   - A read fault on a private file mapping (do_read_fault) maps the
//     page cache's page itself, read-only: until the process writes the
//     page, a write(2) to the file, a store through any MAP_SHARED
//     mapping of it (any process's), another program's write, all show
//     through it. The runner lends the host's page cache page (a host
//     MAP_SHARED, PROT_READ mapping of the file, made 2 MiB at a time
//     as pages are touched: filePages.page), so all of those show.
//   - A write fault (do_cow_fault, or wp_page_copy on a page mapped
//     read-only) copies the page into an anonymous page of the process:
//     from then on the file's changes no longer show there. mem copies
//     the lent page at the first store (mem.Memory.own).
//   - fork (copy_page_range) shares the mapping's pages as they are:
//     a page still the page cache's stays it in both processes, each
//     copying it at its own first write; a page already copied is shared
//     copy-on-write. mem.Memory.Clone keeps lent pages lent.
//   - mprotect changes the permission, not the page: a page cache page
//     stays it until a write after PROT_WRITE is given (the first store
//     copies). mem.Memory.Protect keeps the entry.
//   - madvise(MADV_DONTNEED) zaps the range's pages: a copied page is
//     dropped, and the next access maps the page cache's page again (the
//     file as it is then). mem.Memory.Zero.
//   - mremap moves the pages (move_page_tables), copied or not: the moved
//     page cache pages go on showing the file. mem.Memory.Move.
//   - msync does nothing for a private mapping (nothing of it is ever
//     written back); the runner's msync has nothing to do either.
//   - truncate (truncate_pagecache) unmaps the pages past the new end
//     from every mapping, private ones too, copied or not: the next
//     access there is SIGBUS (BUS_ADRERR), and the page holding the new
//     end shows zeros after it. The runner evicts its lent pages past the
//     new end after a guest call that may have shrunk a file
//     (privateShrunk; mem.Memory.Evict), and its copied pages there too
//     (Linux's even_cows), so their next access faults with SIGBUS at
//     the instruction. A file another host program shrinks under a lent
//     page gives a host SIGBUS in the runner, which ends the process
//     with SIGBUS (Thread.run), as the default action would.
//   - A mapping of a file opened O_RDONLY is private whatever the file's
//     mode: writes to the file through another descriptor (of this
//     process or another) show through its pages not written, the same.
//
// A recording (Config.Record, the debugger) logs each page as it comes
// in (mem.ChangeFill) and, after the guest's own writes to a file, the
// lent pages those writes reached (record.go fileChanged): the replay has
// no file. What other programs change in a file is not recorded.

// privateFiles are the objects of the files mapped privately, by file.
var privateFiles struct {
	sync.Mutex
	m map[fileID]weak.Pointer[mem.Shared]
}

// filePages is the Owner of a file's object of private mappings: the
// runner's descriptor of the file and its host mappings of it.
type filePages struct {
	id fileID
	f  *os.File
	mu sync.Mutex
	// chunks are the host's shared read-only mappings of the file, of
	// filePagesChunk bytes each, by index; noMap is set once the host
	// refused one (a file system without mmap): pages are then read.
	chunks map[uint64][]byte
	noMap  bool
	// size is the file's size in pages as last seen (privateShrunk).
	size uint64
}

// filePagesChunk is the size of filePages' host mappings (a multiple of
// any host's page size).
const filePagesChunk = 2 << 20

// privateFile returns the object for private mappings of the regular
// file open at host descriptor fd (st is its status), or an errno.
func privateFile(fd int, st *unix.Stat_t) (*mem.Shared, int) {
	id := fileID{uint64(st.Dev), uint64(st.Ino)} // uint32 on some 32-bit hosts
	privateFiles.Lock()
	defer privateFiles.Unlock()
	if s := privateFiles.m[id].Value(); s != nil {
		return s, 0
	}
	f, err := reopenFile(fd)
	if err != nil {
		return nil, errnoOf(err)
	}
	fp := &filePages{id: id, f: f, size: pagesOf(st.Size)}
	s := mem.NewFile(fp.page)
	s.Owner = fp
	if privateFiles.m == nil {
		privateFiles.m = map[fileID]weak.Pointer[mem.Shared]{}
	}
	w := weak.Make(s)
	privateFiles.m[id] = w
	runtime.AddCleanup(s, func(fp *filePages) {
		privateFiles.Lock()
		if privateFiles.m[fp.id] == w {
			delete(privateFiles.m, fp.id)
		}
		privateFiles.Unlock()
		fp.mu.Lock()
		for _, b := range fp.chunks {
			hostShared.remove(b)
			_ = unix.Munmap(b)
		}
		fp.chunks = nil
		fp.mu.Unlock()
		_ = fp.f.Close()
	}, fp)
	return s, 0
}

// pagesOf is the number of pages a file of size bytes has (its last one
// partial).
func pagesOf(size int64) uint64 {
	return (uint64(max(size, 0)) + mem.PageSize - 1) / mem.PageSize
}

// page is the lend function of fp's object (mem.NewFile): the host's
// page cache page of the file's page i, if the file reaches it; a copy
// of it if the host cannot map the file.
func (fp *filePages) page(i uint64) (*[mem.PageSize]byte, bool) {
	var st unix.Stat_t
	if i >= 1<<(63-12) || unix.Fstat(int(fp.f.Fd()), &st) != nil || i >= pagesOf(st.Size) {
		return nil, false
	}
	fp.mu.Lock()
	defer fp.mu.Unlock()
	fp.size = max(fp.size, pagesOf(st.Size)) // every page lent is below it
	c, at := i*mem.PageSize/filePagesChunk, i*mem.PageSize%filePagesChunk
	b := fp.chunks[c]
	if b == nil && !fp.noMap {
		var err error
		b, err = unix.Mmap(int(fp.f.Fd()), int64(c*filePagesChunk), filePagesChunk, unix.PROT_READ, unix.MAP_SHARED)
		if err != nil {
			fp.noMap, b = true, nil
		} else {
			if fp.chunks == nil {
				fp.chunks = map[uint64][]byte{}
			}
			fp.chunks[c] = b
			// A fault in it (the file shrank under the runner) is
			// the guest's SIGBUS, not a runner bug (Thread.run).
			hostShared.add(b)
		}
	}
	if b == nil {
		d := new([mem.PageSize]byte)
		if readFilePages(fp.f, i, d[:]) <= 0 {
			return nil, false
		}
		return d, true
	}
	return (*[mem.PageSize]byte)(b[at : at+mem.PageSize]), true
}

// privateShrunk evicts, after a guest call that may have shrunk a file
// (truncate, ftruncate, an open with O_TRUNC, fallocate), the pages past
// the end of every privately mapped file that shrank, lent or copied,
// from every guest address space (mem.Memory.Evict), as Linux's
// truncate_pagecache unmaps them: their next access is SIGBUS (and not
// a host fault). It returns the files that shrank.
func (p *Process) privateShrunk() []*mem.Shared {
	var shrunk []*mem.Shared
	var from []uint64
	privateFiles.Lock()
	for _, w := range privateFiles.m {
		s := w.Value()
		if s == nil {
			continue
		}
		fp, ok := s.Owner.(*filePages)
		if !ok {
			continue
		}
		var st unix.Stat_t
		if unix.Fstat(int(fp.f.Fd()), &st) != nil {
			continue
		}
		fp.mu.Lock()
		n := pagesOf(st.Size)
		if n < fp.size {
			shrunk, from = append(shrunk, s), append(from, n)
		}
		fp.size = n
		fp.mu.Unlock()
	}
	privateFiles.Unlock()
	if len(shrunk) == 0 {
		return nil
	}
	for _, m := range p.spaces() {
		for k, s := range shrunk {
			m.Evict(s, from[k])
		}
	}
	if p.rec != nil {
		for _, s := range shrunk {
			// The page holding the new end shows zeros after it.
			var st unix.Stat_t
			if fp, ok := s.Owner.(*filePages); ok && unix.Fstat(int(fp.f.Fd()), &st) == nil {
				p.rec.privateChanged(s, st.Size, -1)
			}
		}
	}
	return shrunk
}

// mayShrink reports whether system call num with arguments a, which
// succeeded, may have shrunk a file: privateShrunk is then due.
func mayShrink(num uint64, a *sysArgs) bool {
	switch num {
	case abi.SYS_TRUNCATE, abi.SYS_FTRUNCATE, abi.SYS_CREAT, abi.SYS_OPENAT2, abi.SYS_FALLOCATE:
		return true
	case abi.SYS_OPEN:
		return a.Int(1)&abi.O_TRUNC != 0
	case abi.SYS_OPENAT:
		return a.Int(2)&abi.O_TRUNC != 0
	}
	return false
}

// spaces are the address spaces of the guest processes, each once.
func (p *Process) spaces() []*mem.Memory {
	var ms []*mem.Memory
	seen := map[*mem.Memory]bool{}
	for _, g := range p.groups {
		for _, t := range g.threads {
			if t.mm != nil && t.mm.Mem != nil && !seen[t.mm.Mem] {
				seen[t.mm.Mem] = true
				ms = append(ms, t.mm.Mem)
			}
		}
	}
	return ms
}

// privateExec is loader.Layout.Private: the object of a host file's
// private mappings, for the loader to map an executable's segments
// from; nil for a reader that is not an open regular file.
func privateExec(r io.ReaderAt) *mem.Shared {
	f, ok := r.(*os.File)
	var st unix.Stat_t
	if !ok || unix.Fstat(int(f.Fd()), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil
	}
	s, _ := privateFile(int(f.Fd()), &st)
	return s
}

// reopenFile opens the file of host descriptor fd for reading, apart
// from the guest's open file description (its O_DIRECT and offset are
// the guest's), or duplicates fd if the file cannot be opened again (a
// file whose mode no longer lets the runner open it).
func reopenFile(fd int) (*os.File, error) {
	name := fmt.Sprintf("/proc/self/fd/%d", fd)
	if h, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOATIME, 0); err == nil {
		return os.NewFile(uintptr(h), name), nil
	} else if h, err = unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
		return os.NewFile(uintptr(h), name), nil
	}
	h, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(h), name), nil
}

// readFilePages reads f from page i into p and returns the bytes read,
// fewer at the file's end, 0 if the file has no page i or the read fails
// (Linux's SIGBUS for both).
func readFilePages(f *os.File, i uint64, p []byte) int {
	if i >= 1<<(63-12) {
		return 0
	}
	n, err := f.ReadAt(p, int64(i*mem.PageSize))
	if err != nil && !errors.Is(err, io.EOF) {
		return 0
	}
	return n
}
