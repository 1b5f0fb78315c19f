// Package loader loads a static powerpc64 Linux executable into a
// mem.Memory and builds its initial stack, as the Linux kernel's ELF loader
// does: PT_LOAD segments with page permissions, static ET_EXEC and
// static-PIE (ET_DYN without an interpreter), little-endian ELFv2 and
// big-endian ELFv1 (whose e_entry is a function descriptor), and the
// argc/argv/envp/auxv block the C library and the Go runtime read.
package loader

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/ppc64emu/ppc64emu/mem"
)

// Errors.
var (
	ErrNotPPC64  = errors.New("loader: not a 64-bit PowerPC ELF executable")
	ErrDynamic   = errors.New("loader: dynamically linked executables (PT_INTERP) are not supported")
	ErrNoSegment = errors.New("loader: no PT_LOAD segment")
)

// maxSegment bounds a segment's size (a corrupt header must not make the
// loader map the whole address space).
const maxSegment = 1 << 36

// PIEBase is where a static-PIE executable whose first segment is at 0 is
// loaded.
const PIEBase = 0x10000000

// Image describes a loaded executable.
type Image struct {
	Order    binary.ByteOrder // the executable's byte order
	ABIv1    bool             // ELFv1 (function descriptors): big-endian ppc64
	Entry    uint64           // e_entry after relocation (AT_ENTRY); for ELFv1 the descriptor's address
	PC       uint64           // the first instruction's address
	TOC      uint64           // r2 at entry for ELFv1 (from the descriptor), else 0
	Bias     uint64           // load bias (non-zero for static-PIE)
	Phdr     uint64           // address of the program headers in memory (AT_PHDR)
	Phent    uint64           // size of one program header (AT_PHENT)
	Phnum    uint64           // number of program headers (AT_PHNUM)
	End      uint64           // first address after the highest segment (initial brk, page-aligned)
	TLSAlign uint64           // PT_TLS alignment, if any
	Segments []Segment        // the mapped segments
}

// Segment is one loaded PT_LOAD segment.
type Segment struct {
	Addr, MemSize, FileSize uint64   // load address (p_vaddr plus the bias), p_memsz and p_filesz in bytes
	Perm                    mem.Perm // the mapping's permissions, from p_flags
}

func pageDown(a uint64) uint64 { return a &^ (mem.PageSize - 1) }
func pageUp(a uint64) uint64   { return (a + mem.PageSize - 1) &^ (mem.PageSize - 1) }

// Load maps the executable in r into m.
func Load(m *mem.Memory, r io.ReaderAt) (*Image, error) {
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("loader: %w", err)
	}
	if f.Class != elf.ELFCLASS64 || f.Machine != elf.EM_PPC64 {
		return nil, ErrNotPPC64
	}
	if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
		return nil, fmt.Errorf("%w: type %v", ErrNotPPC64, f.Type)
	}
	img := &Image{Order: f.ByteOrder, Phent: 56, Phnum: uint64(len(f.Progs))}
	// e_flags bits 0-1: the ABI version (1 = ELFv1, 2 = ELFv2); 0 means
	// unspecified, which is ELFv1 for big-endian.
	abi := uint32(0)
	if raw, ok := rawFlags(r, f.ByteOrder); ok {
		abi = raw & 3
	}
	img.ABIv1 = abi == 1 || (abi == 0 && f.ByteOrder == binary.BigEndian)

	var lo uint64 = ^uint64(0)
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return nil, ErrDynamic
		}
		if p.Type == elf.PT_LOAD && p.Vaddr < lo {
			lo = p.Vaddr
		}
	}
	if lo == ^uint64(0) {
		return nil, ErrNoSegment
	}
	if f.Type == elf.ET_DYN && pageDown(lo) == 0 {
		img.Bias = PIEBase
	}
	var phoff uint64
	if raw, ok := rawPhoff(r, f.ByteOrder); ok {
		phoff = raw
	}
	for _, p := range f.Progs {
		switch p.Type {
		case elf.PT_TLS:
			img.TLSAlign = p.Align
		case elf.PT_PHDR:
			img.Phdr = p.Vaddr + img.Bias
		}
		if p.Type != elf.PT_LOAD || p.Memsz == 0 {
			continue
		}
		if p.Filesz > p.Memsz {
			return nil, fmt.Errorf("loader: segment at %#x: file size > memory size", p.Vaddr)
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
		if p.Memsz > maxSegment {
			return nil, fmt.Errorf("loader: segment at %#x: %d bytes is too large", p.Vaddr, p.Memsz)
		}
		va := p.Vaddr + img.Bias
		start, end := pageDown(va), pageUp(va+p.Memsz)
		if end <= start {
			return nil, fmt.Errorf("loader: segment at %#x wraps", p.Vaddr)
		}
		// The first and last pages may be shared with another segment:
		// such a page gets both permissions.
		lo, hi := start, end
		for _, a := range []uint64{start, end - mem.PageSize} {
			if old, ok := m.Perm(a); ok {
				if err := m.Protect(a, mem.PageSize, old|perm); err != nil {
					return nil, err
				}
				if a == lo {
					lo += mem.PageSize
				}
				if a == hi-mem.PageSize && hi > lo {
					hi -= mem.PageSize
				}
			}
		}
		if hi > lo {
			if err := m.Map(lo, hi-lo, perm); err != nil {
				return nil, fmt.Errorf("loader: segment at %#x: %w", p.Vaddr, err)
			}
		}
		// Copy the file part in chunks (p_filesz is not trusted to fit in
		// memory or in the file).
		chunk := make([]byte, min(p.Filesz, 1<<20))
		for done := uint64(0); done < p.Filesz; {
			n := min(uint64(len(chunk)), p.Filesz-done)
			if _, err := p.ReadAt(chunk[:n], int64(done)); err != nil {
				return nil, fmt.Errorf("loader: segment at %#x: %w", p.Vaddr, err)
			}
			if err := m.Poke(va+done, chunk[:n]); err != nil {
				return nil, err
			}
			done += n
		}
		// The part of the last file page past p_filesz is zero already
		// (fresh pages read as zero).
		if p.Off <= phoff && phoff-p.Off < p.Filesz && img.Phdr == 0 {
			img.Phdr = va + (phoff - p.Off)
		}
		img.End = max(img.End, end)
		img.Segments = append(img.Segments, Segment{Addr: va, MemSize: p.Memsz, FileSize: p.Filesz, Perm: perm})
	}
	img.Entry = f.Entry + img.Bias
	img.PC = img.Entry
	if img.ABIv1 {
		var d [16]byte
		if err := m.Peek(img.Entry, d[:]); err != nil {
			return nil, fmt.Errorf("loader: ELFv1 entry descriptor at %#x: %w", img.Entry, err)
		}
		img.PC = f.ByteOrder.Uint64(d[0:]) + img.Bias
		img.TOC = f.ByteOrder.Uint64(d[8:]) + img.Bias
	}
	return img, nil
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
