package loader

import (
	"bytes"
	"encoding/binary"
	"testing"

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
	copy(img, []byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0})
	entry := base + 0x100
	if be {
		img[5] = 2
		order.PutUint64(img[0x1c0:], base+0x100)
		order.PutUint64(img[0x1c8:], base+0x8000)
		entry = base + 0x1c0
	}
	typ := uint16(2)
	if pie {
		typ = 3
	}
	order.PutUint16(img[16:], typ)
	order.PutUint16(img[18:], 21)
	order.PutUint32(img[20:], 1)
	order.PutUint64(img[24:], entry)
	order.PutUint64(img[32:], 64)
	flags := uint32(2)
	if be {
		flags = 1
	}
	order.PutUint32(img[48:], flags)
	order.PutUint16(img[52:], 64)
	order.PutUint16(img[54:], 56)
	order.PutUint16(img[56:], 1)
	ph := img[64:]
	order.PutUint32(ph[0:], 1)
	order.PutUint32(ph[4:], 5)
	order.PutUint64(ph[16:], base)
	order.PutUint64(ph[24:], base)
	order.PutUint64(ph[32:], 0x200)
	order.PutUint64(ph[40:], 0x3000) // .bss beyond the file
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
