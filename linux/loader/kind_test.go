package loader_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// elfHeader is an ELF file header alone (no program or section headers)
// of the given class, byte order, type and machine, laid out as the System
// V ABI's Elf32_Ehdr / Elf64_Ehdr.
func elfHeader(class elf.Class, order binary.ByteOrder, typ elf.Type, machine elf.Machine) []byte {
	var b bytes.Buffer
	data := elf.ELFDATA2LSB
	if order == binary.BigEndian {
		data = elf.ELFDATA2MSB
	}
	b.Write([]byte{0x7f, 'E', 'L', 'F', byte(class), byte(data), byte(elf.EV_CURRENT), 0, 0, 0, 0, 0, 0, 0, 0, 0})
	w := func(v any) { _ = binary.Write(&b, order, v) }
	w(uint16(typ))
	w(uint16(machine))
	w(uint32(elf.EV_CURRENT))
	if class == elf.ELFCLASS64 {
		w([3]uint64{0x10000000, 0, 0}) // e_entry, e_phoff, e_shoff
		w(uint32(2))                   // e_flags: ELFv2
		w([6]uint16{64, 56, 0, 64, 0, 0})
	} else {
		w([3]uint32{0x10000000, 0, 0})
		w(uint32(0))
		w([6]uint16{52, 32, 0, 40, 0, 0})
	}
	return b.Bytes()
}

// TestLoadKinds: a file that is not a powerpc64 executable is refused with
// an error that says what it is (and matches ErrNotPPC64 too).
func TestLoadKinds(t *testing.T) {
	le, be := binary.LittleEndian, binary.BigEndian
	for _, tc := range []struct {
		name string
		file []byte
		is   error
		msg  string
	}{
		{"C source", []byte("#include <stdio.h>\n"), loader.ErrNotELF, `not an ELF file (starts with "#inc")`},
		{"shell script", []byte("#!/bin/sh\necho hi\n"), loader.ErrNotELF, `not an ELF file (starts with "#!/b")`},
		{"short", []byte("MZ"), loader.ErrNotELF, `not an ELF file (starts with "MZ")`},
		{"empty", nil, loader.ErrNotELF, "not an ELF file (it is empty)"},
		{"x86-64", elfHeader(elf.ELFCLASS64, le, elf.ET_DYN, elf.EM_X86_64), loader.ErrOtherMachine, "ELF for x86-64, not powerpc64"},
		{"arm64", elfHeader(elf.ELFCLASS64, le, elf.ET_EXEC, elf.EM_AARCH64), loader.ErrOtherMachine, "ELF for arm64 (AArch64), not powerpc64"},
		{"s390x", elfHeader(elf.ELFCLASS64, be, elf.ET_EXEC, elf.EM_S390), loader.ErrOtherMachine, "ELF for s390x, not powerpc64"},
		{"i386", elfHeader(elf.ELFCLASS32, le, elf.ET_EXEC, elf.EM_386), loader.ErrOtherMachine, "ELF for i386, not powerpc64"},
		{"m68k", elfHeader(elf.ELFCLASS32, be, elf.ET_EXEC, elf.EM_68K), loader.ErrOtherMachine, "ELF for EM_68K, not powerpc64"},
		{"ppc32", elfHeader(elf.ELFCLASS32, be, elf.ET_EXEC, elf.EM_PPC), loader.Err32Bit, "32-bit ELF (ppc32 is not supported)"},
		{"core", elfHeader(elf.ELFCLASS64, le, elf.ET_CORE, elf.EM_PPC64), loader.ErrCoreFile, "a core file, not a program"},
		{"x86 core", elfHeader(elf.ELFCLASS64, le, elf.ET_CORE, elf.EM_X86_64), loader.ErrCoreFile, "a core file, not a program"},
		{"object", elfHeader(elf.ELFCLASS64, be, elf.ET_REL, elf.EM_PPC64), loader.ErrObjectFile, "an object file (ET_REL), not a program: link it first"},
		{"ET_NONE", elfHeader(elf.ELFCLASS64, le, elf.ET_NONE, elf.EM_PPC64), loader.ErrNotPPC64, "loader: not a 64-bit PowerPC ELF executable: type ET_NONE"},
		// A powerpc64 executable passes these checks (and has nothing to map).
		{"ppc64le", elfHeader(elf.ELFCLASS64, le, elf.ET_EXEC, elf.EM_PPC64), loader.ErrNoSegment, "loader: no PT_LOAD segment"},
		{"ppc64", elfHeader(elf.ELFCLASS64, be, elf.ET_DYN, elf.EM_PPC64), loader.ErrNoSegment, "loader: no PT_LOAD segment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loader.Load(mem.New(), bytes.NewReader(tc.file), loader.Layout{MmapLo: 0x10000, MmapHi: 1 << 40})
			if !errors.Is(err, tc.is) || err.Error() != tc.msg {
				t.Fatalf("Load: %v; want %q matching %v", err, tc.msg, tc.is)
			}
			if notPPC64 := tc.is != loader.ErrNoSegment; errors.Is(err, loader.ErrNotPPC64) != notPPC64 {
				t.Errorf("errors.Is(%v, ErrNotPPC64) = %v, want %v", err, !notPPC64, notPPC64)
			}
		})
	}
}
