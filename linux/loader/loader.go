// Package loader loads a powerpc64 Linux executable into a mem.Memory and
// builds its initial stack, as the Linux kernel's ELF loader
// (fs/binfmt_elf.c) does: PT_LOAD segments with page permissions, ET_EXEC
// and ET_DYN (position-independent) programs, the program interpreter a
// dynamically linked program names in PT_INTERP (the caller opens it and
// loads it with Load too), little-endian ELFv2 and big-endian ELFv1 (whose
// e_entry is a function descriptor), PT_GNU_STACK, and the
// argc/argv/envp/auxv block the C library, the dynamic loader and the Go
// runtime read. Like Linux it leaves PT_GNU_RELRO and PT_TLS to the
// program's own start-up code (ld.so or the static C library).
package loader

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Errors.
var (
	// ErrNotPPC64 is Load's refusal of a file that is not a powerpc64 ELF
	// executable; each of the errors below matches it too (errors.Is),
	// and says which kind of file it is.
	ErrNotPPC64  = errors.New("loader: not a 64-bit PowerPC ELF executable")
	ErrNoSegment = errors.New("loader: no PT_LOAD segment")
	ErrNoRoom    = errors.New("loader: no room in the address space")

	// ErrNotELF: the file does not start with the ELF magic number
	// (Load's message quotes its first bytes).
	ErrNotELF error = &notPPC64{"not an ELF file"}
	// ErrOtherMachine: an ELF file for another machine (Load's message
	// names it).
	ErrOtherMachine error = &notPPC64{"ELF for another machine"}
	// Err32Bit: a 32-bit PowerPC ELF file.
	Err32Bit error = &notPPC64{"32-bit ELF (ppc32 is not supported)"}
	// ErrCoreFile: a core dump (ET_CORE).
	ErrCoreFile error = &notPPC64{"a core file, not a program"}
	// ErrObjectFile: a relocatable object file (ET_REL).
	ErrObjectFile error = &notPPC64{"an object file (ET_REL), not a program: link it first"}
)

// notPPC64 is the type of the kinds of ErrNotPPC64.
type notPPC64 struct{ msg string }

func (e *notPPC64) Error() string        { return e.msg }
func (e *notPPC64) Is(target error) bool { return target == ErrNotPPC64 }

// machineNames names the machines whose programs are most often given to
// the runner by mistake, as their users call them.
var machineNames = map[elf.Machine]string{
	elf.EM_X86_64: "x86-64", elf.EM_386: "i386", elf.EM_AARCH64: "arm64 (AArch64)", elf.EM_ARM: "32-bit ARM",
	elf.EM_RISCV: "RISC-V", elf.EM_S390: "s390x", elf.EM_MIPS: "MIPS", elf.EM_SPARCV9: "SPARC V9",
	elf.EM_LOONGARCH: "LoongArch",
}

// checkKind refuses, with the kind of file it is, a file that is not a
// powerpc64 ELF executable: not ELF, a core or object file, another
// machine's or a 32-bit ELF file.
func checkKind(r io.ReaderAt) (*elf.File, error) {
	var magic [4]byte
	n, _ := r.ReadAt(magic[:], 0)
	if n < len(magic) || string(magic[:]) != elf.ELFMAG {
		if n == 0 {
			return nil, fmt.Errorf("%w (it is empty)", ErrNotELF)
		}
		return nil, fmt.Errorf("%w (starts with %q)", ErrNotELF, magic[:n])
	}
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("loader: %w", err)
	}
	switch {
	case f.Type == elf.ET_CORE:
		return nil, ErrCoreFile
	case f.Type == elf.ET_REL:
		return nil, ErrObjectFile
	case f.Machine == elf.EM_PPC || f.Machine == elf.EM_PPC64 && f.Class != elf.ELFCLASS64:
		return nil, Err32Bit
	case f.Machine != elf.EM_PPC64:
		name, ok := machineNames[f.Machine]
		if !ok {
			name = f.Machine.String()
		}
		return nil, &wrapMsg{fmt.Sprintf("ELF for %s, not powerpc64", name), ErrOtherMachine}
	case f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN:
		return nil, fmt.Errorf("%w: type %v", ErrNotPPC64, f.Type)
	}
	return f, nil
}

// wrapMsg is an error with its own message that matches err.
type wrapMsg struct {
	msg string
	err error
}

func (e *wrapMsg) Error() string { return e.msg }
func (e *wrapMsg) Unwrap() error { return e.err }

// maxSegment bounds a segment's size (a corrupt header must not make the
// loader map the whole address space).
const maxSegment = 1 << 36

// DynBase is where Linux puts a position-independent program that has an
// interpreter (ELF_ET_DYN_BASE of 64-bit powerpc: 4 GiB, leaving the 32-bit
// address space free), and the initial program break of a
// position-independent program without one (a static-PIE, or ld.so run as
// the program), which itself goes where mmap would put it.
const DynBase = 0x100000000

// Layout is where Load puts what an ELF file leaves to the kernel.
type Layout struct {
	// MmapLo and MmapHi bound the top-down mmap area: an ET_DYN file
	// without an interpreter (a static-PIE, an interpreter, ld.so run as
	// the program) is placed at its highest free range, as Linux's mmap
	// of the first segment without an address places it.
	MmapLo, MmapHi uint64
	// Private, if set, gives the object of private file mappings
	// (mem.NewPrivate) of the file Load reads, or nil: the segments' whole
	// pages of file bytes are then mapped from it, read when first
	// accessed, instead of copied when loaded (a runner's mmap of the same
	// file, as Linux's ELF loader maps it).
	Private func(r io.ReaderAt) *mem.Shared
}

// The runner's mmap area (linux.Start's): top-down allocations start
// below MmapHi and stay above MmapLo.
const (
	MmapLo = 0x10000000000
	MmapHi = 0x7fff00000000
)

// DefaultLayout is the runner's Layout.
var DefaultLayout = Layout{MmapLo: MmapLo, MmapHi: MmapHi}

// Image describes a loaded executable.
type Image struct {
	Order    binary.ByteOrder // the executable's byte order
	ABIv1    bool             // ELFv1 (function descriptors): big-endian ppc64
	Entry    uint64           // e_entry after relocation (AT_ENTRY); for ELFv1 the descriptor's address
	PC       uint64           // the first instruction's address
	TOC      uint64           // r2 at entry for ELFv1 (from the descriptor), else 0
	Bias     uint64           // load bias: what was added to every p_vaddr (AT_BASE of an interpreter)
	Phdr     uint64           // address of the program headers in memory (AT_PHDR)
	Phent    uint64           // size of one program header (AT_PHENT)
	Phnum    uint64           // number of program headers (AT_PHNUM)
	End      uint64           // first address after the highest segment, page-aligned
	Brk      uint64           // the initial program break
	Interp   string           // PT_INTERP: the program interpreter's path, if any
	Stack    mem.Perm         // the initial stack's permissions: RW, or RWX for PT_GNU_STACK with PF_X
	TLSAlign uint64           // PT_TLS alignment, if any
	Segments []Segment        // the mapped segments
}

// Segment is one loaded PT_LOAD segment.
type Segment struct {
	Addr, MemSize, FileSize uint64   // load address (p_vaddr plus the bias), p_memsz and p_filesz in bytes
	Off                     uint64   // p_offset: where the segment's bytes start in the file
	Perm                    mem.Perm // the mapping's permissions, from p_flags
}

func pageDown(a uint64) uint64 { return a &^ (mem.PageSize - 1) }
func pageUp(a uint64) uint64   { return (a + mem.PageSize - 1) &^ (mem.PageSize - 1) }

// maxInterp bounds PT_INTERP's size (Linux: PATH_MAX).
const maxInterp = 4096

// Load maps the executable in r into m. A position-dependent (ET_EXEC)
// file goes where its headers say; a position-independent (ET_DYN) one
// with a PT_INTERP at DynBase, and one without at the top of lay's mmap
// area. The image's Interp names the interpreter the caller must load
// next (Load of that file: its Bias is AT_BASE, its PC where the program
// starts).
func Load(m *mem.Memory, r io.ReaderAt, lay Layout) (*Image, error) {
	f, err := checkKind(r)
	if err != nil {
		return nil, err
	}
	img := &Image{Order: f.ByteOrder, Phent: 56, Phnum: uint64(len(f.Progs)), Stack: mem.RW}
	// e_flags bits 0-1: the ABI version. Linux (arch/powerpc/include/
	// asm/elf.h, SET_PERSONALITY) runs a program as ELFv2 only when they
	// are 2, and every other value (0 unspecified, 1, 3) as ELFv1, in
	// either byte order (Linux 6.4 refused little-endian ELFv1; 6.5
	// reverted that, as such binaries exist).
	elfABI := uint32(0)
	if raw, ok := rawFlags(r, f.ByteOrder); ok {
		elfABI = raw & 3
	}
	img.ABIv1 = elfABI != 2

	// The span of the PT_LOAD segments, [lo, hi).
	var lo, hi uint64 = ^uint64(0), 0
	for _, p := range f.Progs {
		switch p.Type {
		case elf.PT_INTERP:
			if p.Filesz == 0 || p.Filesz > maxInterp {
				return nil, fmt.Errorf("loader: PT_INTERP of %d bytes", p.Filesz)
			}
			b := make([]byte, p.Filesz)
			if _, err := p.ReadAt(b, 0); err != nil {
				return nil, fmt.Errorf("loader: PT_INTERP: %w", err)
			}
			// Linux requires the NUL at the end and takes the string up
			// to the first NUL.
			if b[len(b)-1] != 0 {
				return nil, fmt.Errorf("loader: PT_INTERP is not NUL-terminated")
			}
			for i, c := range b {
				if c == 0 {
					b = b[:i]
					break
				}
			}
			img.Interp = string(b)
		case elf.PT_GNU_STACK:
			if p.Flags&elf.PF_X != 0 {
				img.Stack = mem.RWX
			}
		case elf.PT_LOAD:
			if p.Memsz > maxSegment || p.Vaddr+p.Memsz < p.Vaddr {
				return nil, fmt.Errorf("loader: segment at %#x: %d bytes is too large", p.Vaddr, p.Memsz)
			}
			lo = min(lo, p.Vaddr)
			hi = max(hi, p.Vaddr+p.Memsz)
		}
	}
	if lo == ^uint64(0) {
		return nil, ErrNoSegment
	}
	if f.Type == elf.ET_DYN {
		lo = pageDown(lo)
		size := pageUp(hi) - lo
		if size == 0 || size > maxSegment {
			return nil, fmt.Errorf("loader: segments span %d bytes", size)
		}
		var base uint64
		if img.Interp != "" {
			base = DynBase
		} else {
			var ok bool
			if base, ok = m.FindFreeDown(lay.MmapLo, lay.MmapHi, size); !ok {
				return nil, ErrNoRoom
			}
		}
		img.Bias = base - lo
	}
	var phoff uint64
	if raw, ok := rawPhoff(r, f.ByteOrder); ok {
		phoff = raw
	}
	skip := holes(r)
	var obj *mem.Shared
	if lay.Private != nil {
		obj = lay.Private(r)
	}
	for _, p := range f.Progs {
		switch p.Type {
		case elf.PT_TLS:
			img.TLSAlign = p.Align
		}
		if p.Type != elf.PT_LOAD || p.Memsz == 0 {
			continue
		}
		if err := loadSegment(m, img, p, phoff, skip, obj); err != nil {
			return nil, err
		}
	}
	img.Brk = img.End
	if f.Type == elf.ET_DYN && img.Interp == "" {
		// Linux (with address randomisation, its default) moves the
		// break of such a program out of the mmap area it was loaded
		// into, to ELF_ET_DYN_BASE.
		img.Brk = DynBase
	}
	img.Entry = f.Entry + img.Bias
	img.PC = img.Entry
	if img.ABIv1 {
		// Linux's start_thread reads the descriptor and adds the bias of
		// the file it belongs to (ELF_PLAT_INIT's load address).
		d := make([]byte, abi.FuncDescLayout.Size())
		if err := m.Peek(img.Entry, d); err != nil {
			return nil, fmt.Errorf("loader: ELFv1 entry descriptor at %#x: %w", img.Entry, err)
		}
		var fd abi.FuncDesc
		abi.FuncDescLayout.Decode(f.ByteOrder, d, &fd)
		img.PC = fd.Entry + img.Bias
		img.TOC = fd.TOC + img.Bias
	}
	return img, nil
}

// loadSegment maps and fills one PT_LOAD segment, skipping the file's
// holes (skip, if not nil; see holes), and mapping the pages wholly of
// file bytes from obj (Layout.Private) if it is not nil.
func loadSegment(m *mem.Memory, img *Image, p *elf.Prog, phoff uint64, skip func(int64) int64, obj *mem.Shared) error {
	if p.Filesz > p.Memsz {
		return fmt.Errorf("loader: segment at %#x: file size > memory size", p.Vaddr)
	}
	perm := mem.None
	if p.Flags&elf.PF_R != 0 {
		perm |= mem.Read
	}
	if p.Flags&elf.PF_W != 0 {
		perm |= mem.Write
	}
	if p.Flags&elf.PF_X != 0 {
		perm |= mem.Exec
	}
	va := p.Vaddr + img.Bias
	start, end := pageDown(va), pageUp(va+p.Memsz)
	if end <= start || va < p.Vaddr {
		return fmt.Errorf("loader: segment at %#x wraps", p.Vaddr)
	}
	// The first and last pages may be shared with another segment:
	// such a page gets both permissions.
	lo, hi := start, end
	for _, a := range []uint64{start, end - mem.PageSize} {
		if old, ok := m.Perm(a); ok {
			if err := m.Protect(a, mem.PageSize, old|perm); err != nil {
				return err
			}
			if a == lo {
				lo += mem.PageSize
			}
			if a == hi-mem.PageSize && hi > lo {
				hi -= mem.PageSize
			}
		}
	}
	// [flo, fhi): the pages of the segment's own (not shared with
	// another) that hold only file bytes, mapped from obj; none if the
	// file's part does not lie at the same offset in a page as its
	// address (it cannot be mapped, only copied) or lies beyond the
	// file's end (the copy reports that).
	flo, fhi := pageUp(va), pageDown(va+p.Filesz)
	var one [1]byte
	if obj == nil || p.Off%mem.PageSize != va%mem.PageSize || p.Filesz == 0 || va+p.Filesz < va ||
		p.Off+p.Filesz < p.Off {
		flo, fhi = 0, 0
	} else if _, err := p.ReadAt(one[:], int64(p.Filesz-1)); err != nil {
		flo, fhi = 0, 0
	}
	flo, fhi = max(flo, lo), min(fhi, hi)
	if fhi <= flo {
		flo, fhi = hi, hi
	}
	for _, r := range [][2]uint64{{lo, flo}, {fhi, hi}} {
		if r[1] > r[0] {
			if err := m.Map(r[0], r[1]-r[0], perm); err != nil {
				return fmt.Errorf("loader: segment at %#x: %w", p.Vaddr, err)
			}
		}
	}
	if fhi > flo {
		if err := m.MapPrivate(flo, fhi-flo, perm, obj, (p.Off+flo-va)/mem.PageSize); err != nil {
			return fmt.Errorf("loader: segment at %#x: %w", p.Vaddr, err)
		}
	}
	// Copy the file part in chunks (p_filesz is not trusted to fit in
	// memory or in the file) of 64 KiB: a buffer the size of a whole
	// text segment (up to 1 MiB before) cost a fresh heap allocation,
	// zeroed and faulted in page by page, that brought a short program's
	// first garbage collection forward.
	chunk := make([]byte, min(p.Filesz, 64<<10))
	for done := uint64(0); done < p.Filesz; {
		if a := va + done; a >= flo && a < fhi {
			done = fhi - va // mapped from the file
			continue
		}
		if skip != nil {
			if d := skip(int64(p.Off + done)); uint64(d) > p.Off+done {
				// The file's end (d) may come before p_filesz: the
				// read there fails, as a short file does.
				done = min(uint64(d)-p.Off, p.Filesz)
				continue
			}
		}
		n := min(uint64(len(chunk)), p.Filesz-done)
		if a := va + done; a < flo && a+n > flo {
			n = flo - a
		}
		if _, err := p.ReadAt(chunk[:n], int64(done)); err != nil {
			return fmt.Errorf("loader: segment at %#x: %w", p.Vaddr, err)
		}
		if err := m.Poke(va+done, chunk[:n]); err != nil {
			return err
		}
		done += n
	}
	// The part of the last file page past p_filesz is zero already
	// (fresh pages read as zero).
	// AT_PHDR is where the PT_LOAD holding e_phoff maps it (the last such
	// segment), whatever PT_PHDR says, as in Linux since 5.18.
	if p.Off <= phoff && phoff-p.Off < p.Filesz {
		img.Phdr = va + (phoff - p.Off)
	}
	img.End = max(img.End, end)
	img.Segments = append(img.Segments, Segment{Addr: va, MemSize: p.Memsz, FileSize: p.Filesz, Off: p.Off, Perm: perm})
	return nil
}

// rawFlags reads e_flags, which debug/elf does not expose.
func rawFlags(r io.ReaderAt, order binary.ByteOrder) (uint32, bool) {
	var b [4]byte
	if _, err := r.ReadAt(b[:], 48); err != nil {
		return 0, false
	}
	return order.Uint32(b[:]), true
}

// rawPhoff reads e_phoff.
func rawPhoff(r io.ReaderAt, order binary.ByteOrder) (uint64, bool) {
	var b [8]byte
	if _, err := r.ReadAt(b[:], 32); err != nil {
		return 0, false
	}
	return order.Uint64(b[:]), true
}
