package loader

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/ppc64emu/ppc64emu/mem"
)

// Symbol is a function or data object of a program, at its load address.
type Symbol struct {
	Name       string
	Addr, Size uint64
}

// Symbols is a program's symbol table sorted by address, for naming
// addresses: Lookup has the signature decode.Inst.Syntax takes.
type Symbols struct {
	syms []Symbol
}

// NewSymbols returns a table of the given symbols (in any order).
func NewSymbols(syms []Symbol) *Symbols {
	s := &Symbols{syms: append([]Symbol(nil), syms...)}
	sort.SliceStable(s.syms, func(i, j int) bool { return s.syms[i].Addr < s.syms[j].Addr })
	return s
}

// ReadSymbols reads the function and object symbols of the powerpc64 ELF
// file in r (.symtab, or .dynsym for a stripped file), each moved by bias
// (Image.Bias of a position-independent program, 0 otherwise). An ELFv1
// (big-endian) function symbol names its descriptor in .opd: its address
// here is the code's, the descriptor's first doubleword. A file with no
// symbol table gives an empty table.
func ReadSymbols(r io.ReaderAt, bias uint64) (*Symbols, error) {
	f, err := checkKind(r)
	if err != nil {
		return nil, err
	}
	syms, err := f.Symbols()
	if errors.Is(err, elf.ErrNoSymbols) {
		syms, err = f.DynamicSymbols()
	}
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		return nil, fmt.Errorf("loader: symbols: %w", err)
	}
	var opd *elf.Section
	var opdData []byte
	if opd = f.Section(".opd"); opd != nil {
		if opdData, err = opd.Data(); err != nil {
			opd = nil
		}
	}
	var out []Symbol
	for _, s := range syms {
		typ := elf.ST_TYPE(s.Info)
		if s.Name == "" || s.Section == elf.SHN_UNDEF || (typ != elf.STT_FUNC && typ != elf.STT_OBJECT) {
			continue
		}
		addr := s.Value
		if typ == elf.STT_FUNC && opd != nil && addr >= opd.Addr && addr-opd.Addr+8 <= uint64(len(opdData)) {
			addr = f.ByteOrder.Uint64(opdData[addr-opd.Addr:])
		}
		out = append(out, Symbol{Name: s.Name, Addr: addr + bias, Size: s.Size})
	}
	return NewSymbols(out), nil
}

// Lookup returns the symbol containing addr and its start, or "" when none
// does (a symbol of size 0 contains only its own address).
func (s *Symbols) Lookup(addr uint64) (name string, base uint64) {
	i := sort.Search(len(s.syms), func(i int) bool { return s.syms[i].Addr > addr })
	for j := i - 1; j >= 0 && j >= i-8; j-- { // a few overlapping symbols at most
		if y := s.syms[j]; addr-y.Addr < max(y.Size, 1) {
			return y.Name, y.Addr
		}
	}
	return "", 0
}

// Addr returns the address of the first symbol named name.
func (s *Symbols) Addr(name string) (uint64, bool) {
	for _, y := range s.syms {
		if y.Name == name {
			return y.Addr, true
		}
	}
	return 0, false
}

// All returns the symbols sorted by address.
func (s *Symbols) All() []Symbol { return s.syms }

// LoadFile loads the executable at path into m as Load does (with
// DefaultLayout) and reads its symbols, moved by the load bias: what a
// tool needs to run a function of a program on the emulator and print
// its instructions with names.
func LoadFile(m *mem.Memory, path string) (*Image, *Symbols, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	img, err := Load(m, f, DefaultLayout)
	if err != nil {
		return nil, nil, err
	}
	syms, err := ReadSymbols(f, img.Bias)
	if err != nil {
		return nil, nil, err
	}
	return img, syms, nil
}

// LoadRaw maps the pages holding [addr, addr+len(blob)) with permission
// perm (pages not mapped yet; a page already mapped gives an error from
// Map) and writes blob there: raw code or data, such as a firmware image
// or a routine assembled by hand, without an ELF header.
func LoadRaw(m *mem.Memory, addr uint64, blob []byte, perm mem.Perm) error {
	if len(blob) == 0 {
		return nil
	}
	lo := pageDown(addr)
	hi := pageUp(addr + uint64(len(blob)))
	if hi <= lo {
		return fmt.Errorf("loader: raw blob at %#x: %d bytes wrap the address space", addr, len(blob))
	}
	if err := m.Map(lo, hi-lo, perm); err != nil {
		return err
	}
	return m.Poke(addr, blob)
}
