package loader

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/mem"
)

// This file is self-contained, like every fuzz target: OSS-Fuzz
// (scripts/oss-fuzz-build.sh) compiles it as an ordinary source file of the
// package, without the other test files. ELFImage is exported for them
// (loader_test).

// ELFImage is a minimal static executable: one R+X PT_LOAD of the whole
// 0x200-byte file; for big-endian ELFv1 e_entry is a function descriptor at
// 0x1c0 pointing at 0x100 with TOC 0x8000.
func ELFImage(order binary.ByteOrder, pie bool) []byte {
	be := order == binary.BigEndian
	base := uint64(0x10000000)
	if pie {
		base = 0
	}
	img := make([]byte, 0x200)
	entry := base + 0x100
	if be {
		order.PutUint64(img[0x1c0:], base+0x100)
		order.PutUint64(img[0x1c8:], base+0x8000)
		entry = base + 0x1c0
	}
	emutest.ELFHeader(img, order, pie, entry, base, 0x200, 0x3000, 0) // .bss beyond the file
	return img
}

// FuzzLoad: any bytes as an ELF file: Load and BuildStack never panic,
// and an input costs host memory in proportion to its own size, never to
// the sizes it declares: the address space is capped (mem.Limit, 1 TiB)
// and the pages given storage are at most the file's bytes once per
// program header, plus the stack.
func FuzzLoad(f *testing.F) {
	f.Add(ELFImage(binary.LittleEndian, false))
	f.Add(ELFImage(binary.BigEndian, true))
	f.Fuzz(func(t *testing.T, b []byte) {
		m := mem.New()
		m.Limit = 1 << 40
		img, err := Load(m, bytes.NewReader(b), Layout{MmapLo: 1 << 40, MmapHi: 1 << 46})
		if err != nil {
			return
		}
		if limit := (img.Phnum + 1) * (uint64(len(b)) + 2*mem.PageSize); m.Resident() > limit {
			t.Fatalf("%d bytes of storage for a %d-byte file with %d program headers", m.Resident(), len(b), img.Phnum)
		}
		spec := &StackSpec{Top: 0x7ffffffff000, Size: 1 << 16, Args: []string{"p"}}
		_, _ = BuildStack(m, img, spec)
	})
}
