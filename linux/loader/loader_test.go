package loader_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"slices"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// testLayout is the runner's mmap area.
var testLayout = loader.Layout{MmapLo: 0x10000000000, MmapHi: 0x7fff00000000}

// pieBase is where a static-PIE of ELFImage's 0x3000 bytes goes: at the
// top of the mmap area, as Linux's mmap of its first segment places it.
const pieBase = 0x7fff00000000 - 0x3000

func TestLoad(t *testing.T) {
	tests := []struct {
		name      string
		order     binary.ByteOrder
		pie       bool
		pc, toc   uint64
		entry     uint64
		abiv1     bool
		end, phdr uint64
	}{
		{"le", binary.LittleEndian, false, 0x10000100, 0, 0x10000100, false, 0x10003000, 0x10000040},
		{"le-pie", binary.LittleEndian, true, pieBase + 0x100, 0, pieBase + 0x100, false, pieBase + 0x3000, pieBase + 0x40},
		{"be", binary.BigEndian, false, 0x10000100, 0x10008000, 0x100001c0, true, 0x10003000, 0x10000040},
		{"be-pie", binary.BigEndian, true, pieBase + 0x100, pieBase + 0x8000, pieBase + 0x1c0, true, pieBase + 0x3000, pieBase + 0x40},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mem.New()
			img, err := loader.Load(m, bytes.NewReader(loader.ELFImage(tc.order, tc.pie)), testLayout)
			if err != nil {
				t.Fatal(err)
			}
			wantBrk := tc.end
			if tc.pie {
				wantBrk = loader.DynBase // Linux moves a static-PIE's break to ELF_ET_DYN_BASE
			}
			if img.Brk != wantBrk || img.Interp != "" || img.Stack != mem.RW {
				t.Errorf("brk %#x (want %#x), interp %q, stack %v", img.Brk, wantBrk, img.Interp, img.Stack)
			}
			if img.PC != tc.pc || img.TOC != tc.toc || img.Entry != tc.entry || img.ABIv1 != tc.abiv1 || img.End != tc.end || img.Phdr != tc.phdr || img.Phnum != 1 {
				t.Fatalf("image %+v", img)
			}
			base := tc.end - 0x3000
			if p, ok := m.Perm(base); !ok || p != mem.RX {
				t.Errorf("text perm %v %v", p, ok)
			}
			if p, ok := m.Perm(base + 0x2000); !ok || p != mem.RX {
				t.Errorf("bss page perm %v %v", p, ok)
			}
			var b [4]byte
			if err := m.Read(base, b[:]); err != nil || string(b[:]) != "\x7fELF" {
				t.Errorf("file contents not loaded: %q %v", b, err)
			}
		})
	}
}

func TestLoadRejects(t *testing.T) {
	bad := loader.ELFImage(binary.LittleEndian, false)
	bad[18] = 62 // EM_X86_64
	if _, err := loader.Load(mem.New(), bytes.NewReader(bad), testLayout); err == nil {
		t.Error("x86-64 executable accepted")
	}
	if _, err := loader.Load(mem.New(), bytes.NewReader([]byte("not an elf")), testLayout); err == nil {
		t.Error("garbage accepted")
	}
}

// The initial stack as Linux builds it: argc, argv[], NULL, envp[], NULL,
// auxv pairs ending in AT_NULL, 16-byte aligned, strings above.
func TestBuildStack(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		m := mem.New()
		img, err := loader.Load(m, bytes.NewReader(loader.ELFImage(order, false)), testLayout)
		if err != nil {
			t.Fatal(err)
		}
		spec := &loader.StackSpec{
			Top: 0x7ffffffff000, Size: 1 << 20,
			Args: []string{"prog", "arg one"}, Env: []string{"A=1"},
			ExecFn: "/bin/prog", Platform: "power10",
			HWCap: 0x58000580, HWCap2: 0x8ee60000, DCacheBlock: 128,
		}
		for i := range spec.Random {
			spec.Random[i] = byte(i)
		}
		sp, err := loader.BuildStack(m, img, spec)
		if err != nil {
			t.Fatal(err)
		}
		if sp%16 != 0 {
			t.Errorf("sp %#x not 16-byte aligned", sp)
		}
		word := func(a uint64) uint64 {
			var b [8]byte
			if err := m.Read(a, b[:]); err != nil {
				t.Fatal(err)
			}
			return order.Uint64(b[:])
		}
		str := func(a uint64) string {
			s, err := m.ReadString(a, 100)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		if word(sp) != 2 || str(word(sp+8)) != "prog" || str(word(sp+16)) != "arg one" || word(sp+24) != 0 {
			t.Fatalf("argc/argv wrong")
		}
		if str(word(sp+32)) != "A=1" || word(sp+40) != 0 {
			t.Fatalf("envp wrong")
		}
		aux := map[uint64]uint64{}
		for a := sp + 48; ; a += 16 {
			k, v := word(a), word(a+8)
			if k == loader.AT_NULL {
				break
			}
			aux[k] = v
		}
		want := map[uint64]uint64{
			loader.AT_PAGESZ: 4096, loader.AT_HWCAP: 0x58000580, loader.AT_HWCAP2: 0x8ee60000,
			loader.AT_DCACHEBSIZE: 128, loader.AT_ENTRY: img.Entry, loader.AT_PHDR: img.Phdr,
			loader.AT_PHENT: 56, loader.AT_PHNUM: 1, loader.AT_IGNOREPPC: loader.AT_IGNOREPPC,
		}
		for k, v := range want {
			if aux[k] != v {
				t.Errorf("auxv[%d] = %#x, want %#x", k, aux[k], v)
			}
		}
		if str(aux[loader.AT_EXECFN]) != "/bin/prog" || str(aux[loader.AT_PLATFORM]) != "power10" {
			t.Errorf("AT_EXECFN/AT_PLATFORM strings wrong")
		}
		var rnd [16]byte
		if err := m.Read(aux[loader.AT_RANDOM], rnd[:]); err != nil || rnd != spec.Random {
			t.Errorf("AT_RANDOM bytes %x", rnd)
		}
		if _, ok := aux[loader.AT_HWCAP2]; !ok || aux[loader.AT_HWCAP2]&loader.HWCap2SCV != 0 {
			t.Errorf("SCV advertised")
		}
	}
}

// withInterp turns ELFImage's program into a dynamically linked one: a
// PT_INTERP naming interp at file offset 0x180 and a PT_GNU_STACK with
// flags, after its PT_LOAD.
func withInterp(order binary.ByteOrder, pie bool, interp string, stackFlags uint32) []byte {
	img := loader.ELFImage(order, pie)
	base := uint64(0x10000000)
	if pie {
		base = 0
	}
	copy(img[0x180:], interp+"\x00")
	order.PutUint16(img[56:], 3) // e_phnum
	ph := img[64+56:]
	order.PutUint32(ph[0:], 3) // PT_INTERP
	order.PutUint32(ph[4:], 4)
	order.PutUint64(ph[8:], 0x180)
	order.PutUint64(ph[16:], base+0x180)
	order.PutUint64(ph[32:], uint64(len(interp)+1))
	order.PutUint64(ph[40:], uint64(len(interp)+1))
	ph = img[64+2*56:]
	order.PutUint32(ph[0:], 0x6474e551) // PT_GNU_STACK
	order.PutUint32(ph[4:], stackFlags)
	return img
}

// TestLoadInterp: Linux's placement (fs/binfmt_elf.c, 6.1) of a program
// with an interpreter and of the interpreter itself. A position-independent
// program goes at ELF_ET_DYN_BASE (powerpc64: 4 GiB) and keeps its break
// after its segments; the interpreter (ET_DYN, loaded as Linux's mmap
// without an address places it) at the top of the mmap area, with its
// bias (AT_BASE) and, for ELFv1, its entry descriptor relocated by that
// bias; PT_GNU_STACK with PF_X makes the stack executable.
func TestLoadInterp(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		m := mem.New()
		prog, err := loader.Load(m, bytes.NewReader(withInterp(order, true, "/lib64/ld64.so.2", 7)), testLayout)
		if err != nil {
			t.Fatal(err)
		}
		if prog.Interp != "/lib64/ld64.so.2" || prog.Bias != loader.DynBase || prog.Brk != loader.DynBase+0x3000 ||
			prog.Phnum != 3 || prog.Stack != mem.RWX {
			t.Errorf("%v program: interp %q bias %#x brk %#x phnum %d stack %v", order, prog.Interp, prog.Bias, prog.Brk, prog.Phnum, prog.Stack)
		}
		interp, err := loader.Load(m, bytes.NewReader(loader.ELFImage(order, true)), testLayout)
		if err != nil {
			t.Fatal(err)
		}
		if interp.Bias != pieBase || interp.PC != pieBase+0x100 {
			t.Errorf("%v interpreter: bias %#x pc %#x, want %#x %#x", order, interp.Bias, interp.PC, uint64(pieBase), uint64(pieBase+0x100))
		}
		if order == binary.BigEndian && interp.TOC != pieBase+0x8000 {
			t.Errorf("interpreter TOC %#x, want %#x", interp.TOC, uint64(pieBase+0x8000))
		}
		sp, err := loader.BuildStack(m, prog, &loader.StackSpec{Top: 0x7ffffffff000, Size: 1 << 16, Args: []string{"p"}, Base: interp.Bias})
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := m.Perm(sp); p != mem.RWX {
			t.Errorf("stack perm %v, want rwx (PT_GNU_STACK PF_X)", p)
		}
		aux := map[uint64]uint64{}
		for a := sp + 8*4; ; a += 16 {
			var b [16]byte
			if err := m.Read(a, b[:]); err != nil {
				t.Fatal(err)
			}
			k := order.Uint64(b[:])
			if k == loader.AT_NULL {
				break
			}
			aux[k] = order.Uint64(b[8:])
		}
		if aux[loader.AT_BASE] != pieBase || aux[loader.AT_ENTRY] != prog.Entry || aux[loader.AT_PHDR] != loader.DynBase+0x40 || aux[loader.AT_PHNUM] != 3 {
			t.Errorf("auxv base %#x entry %#x phdr %#x phnum %d", aux[loader.AT_BASE], aux[loader.AT_ENTRY], aux[loader.AT_PHDR], aux[loader.AT_PHNUM])
		}
	}
	// AT_PHDR comes from the PT_LOAD holding the program headers, not
	// from a PT_PHDR that disagrees (Linux 6.1's load_elf_binary).
	odd := withInterp(binary.LittleEndian, false, "/x", 6)
	binary.LittleEndian.PutUint16(odd[56:], 4)
	ph := odd[64+3*56:]
	binary.LittleEndian.PutUint32(ph[0:], 6) // PT_PHDR
	binary.LittleEndian.PutUint64(ph[8:], 64)
	binary.LittleEndian.PutUint64(ph[16:], 0x10000100)
	binary.LittleEndian.PutUint64(ph[32:], 4*56)
	if img, err := loader.Load(mem.New(), bytes.NewReader(odd), testLayout); err != nil {
		t.Error(err)
	} else if img.Phdr != 0x10000040 {
		t.Errorf("AT_PHDR with a wrong PT_PHDR: %#x, want 0x10000040", img.Phdr)
	}
	// PT_INTERP without its NUL is refused, as by Linux.
	bad := withInterp(binary.LittleEndian, false, "/lib64/ld64.so.2", 6)
	binary.LittleEndian.PutUint64(bad[64+56+32:], 16)
	if _, err := loader.Load(mem.New(), bytes.NewReader(bad), testLayout); err == nil {
		t.Error("PT_INTERP without a NUL accepted")
	}
}

// TestLoadABIFlags: the ABI of e_flags bits 0-1 as Linux's
// SET_PERSONALITY reads them: ELFv2 only for 2, ELFv1 (entry through a
// function descriptor) for 0, 1 and 3, in both byte orders.
func TestLoadABIFlags(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		for abi := uint32(0); abi < 4; abi++ {
			b := loader.ELFImage(order, false)
			order.PutUint32(b[48:], abi)
			img, err := loader.Load(mem.New(), bytes.NewReader(b), testLayout)
			if err != nil {
				t.Fatalf("%v abi %d: %v", order, abi, err)
			}
			if want := abi != 2; img.ABIv1 != want {
				t.Errorf("%v e_flags ABI %d: ABIv1 %v, want %v", order, abi, img.ABIv1, want)
			}
		}
	}
}

// hugeBSS is ELFImage with n more PT_LOAD segments of size bytes each,
// all bss (no file bytes), one above the other.
func hugeBSS(n int, size uint64) []byte {
	order := binary.LittleEndian
	small := loader.ELFImage(order, false)
	b := make([]byte, 0x200+56*(n+1))
	copy(b, small)
	copy(b[0x200:], small[64:64+56])
	order.PutUint64(b[32:], 0x200) // e_phoff
	order.PutUint16(b[56:], uint16(n+1))
	for i := 0; i < n; i++ {
		ph := b[0x200+56*(i+1):]
		order.PutUint32(ph[0:], 1) // PT_LOAD
		order.PutUint32(ph[4:], 6) // RW
		order.PutUint64(ph[16:], 0x100000000000+uint64(i)*(size+0x10000))
		order.PutUint64(ph[24:], 0x100000000000+uint64(i)*(size+0x10000))
		order.PutUint64(ph[40:], size)
	}
	return b
}

// TestLoadHugeBSS: an executable of 1.3 KB with 20 bss segments of 64 GiB
// loads without host memory in proportion (it took 46 s and 2.9 GB when
// mapping visited every page), and Limit refuses it with ErrLimit.
func TestLoadHugeBSS(t *testing.T) {
	b := hugeBSS(20, 1<<36)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := mem.New()
	if _, err := loader.Load(m, bytes.NewReader(b), testLayout); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Errorf("Load allocated %d bytes", grew)
	}
	if m.Size() < 20<<36 {
		t.Errorf("mapped %#x bytes", m.Size())
	}
	m = mem.New()
	m.Limit = 1 << 40
	if _, err := loader.Load(m, bytes.NewReader(b), testLayout); !errors.Is(err, mem.ErrLimit) {
		t.Errorf("Load under a 1 TiB limit: %v", err)
	}
}

// TestLoadPrivate: with Layout.Private, a segment's pages wholly of file
// bytes are mapped from the object and read only when first accessed;
// the memory then holds what a load that copies them holds, byte for
// byte (the partial first and last pages copied, the bss zero).
func TestLoadPrivate(t *testing.T) {
	order := binary.LittleEndian
	const (
		segOff   = 0x1123 // the second segment's file offset,
		segVaddr = 0x20000123
		segFile  = 5 * mem.PageSize
		segMem   = 7 * mem.PageSize
	)
	small := elfWithSegment(t, order, segOff, segVaddr, segFile, segMem)
	var reads []uint64
	private := func(io.ReaderAt) *mem.Shared {
		return mem.NewPrivate(func(i uint64, p []byte) int {
			reads = append(reads, i)
			if i*mem.PageSize >= uint64(len(small)) {
				return 0
			}
			return copy(p, small[i*mem.PageSize:])
		})
	}
	copied, mapped := mem.New(), mem.New()
	if _, err := loader.Load(copied, bytes.NewReader(small), testLayout); err != nil {
		t.Fatal(err)
	}
	lay := testLayout
	lay.Private = private
	if _, err := loader.Load(mapped, bytes.NewReader(small), lay); err != nil {
		t.Fatal(err)
	}
	if len(reads) != 0 {
		t.Errorf("Load read pages %v of the object", reads)
	}
	lo, hi := uint64(segVaddr)&^(mem.PageSize-1), uint64(segVaddr+segMem+mem.PageSize-1)&^(mem.PageSize-1)
	var a, b [mem.PageSize]byte
	for addr := lo; addr < hi; addr += mem.PageSize {
		if err := copied.Peek(addr, a[:]); err != nil {
			t.Fatal(err)
		}
		if err := mapped.Peek(addr, b[:]); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("page %#x differs from the copying load", addr)
		}
	}
	// The pages wholly in [segVaddr, segVaddr+segFile): file pages 2..5.
	if want := []uint64{2, 3, 4, 5}; !slices.Equal(reads, want) {
		t.Errorf("pages read %v, want %v", reads, want)
	}
}

// elfWithSegment is loader.ELFImage with a second PT_LOAD (RW) of filesz
// file bytes at file offset off, mapped at vaddr with memsz bytes: the
// file's bytes there are a pattern (byte k of the file is k*7 mod 251).
func elfWithSegment(t *testing.T, order binary.ByteOrder, off, vaddr, filesz, memsz uint64) []byte {
	t.Helper()
	small := loader.ELFImage(order, false)
	b := make([]byte, off+filesz)
	for k := range b {
		b[k] = byte(k * 7 % 251)
	}
	copy(b, small)
	const phoff = 0x200
	copy(b[phoff:], small[64:64+56])
	order.PutUint64(b[32:], phoff) // e_phoff
	order.PutUint16(b[56:], 2)
	ph := b[phoff+56:]
	order.PutUint32(ph[0:], 1)      // PT_LOAD
	order.PutUint32(ph[4:], 6)      // RW
	order.PutUint64(ph[8:], off)    // p_offset
	order.PutUint64(ph[16:], vaddr) // p_vaddr
	order.PutUint64(ph[24:], vaddr) // p_paddr
	order.PutUint64(ph[32:], filesz)
	order.PutUint64(ph[40:], memsz)
	order.PutUint64(ph[48:], mem.PageSize) // p_align
	return b
}
