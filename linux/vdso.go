//go:build linux

package linux

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"sync"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The vDSO: a small ELF shared object the runner maps into every guest
// address space ([vdso] in /proc/PID/maps) and names in the auxv
// (AT_SYSINFO_EHDR), as Linux 6.1 maps its vdso64.so (built by
// arch/powerpc/kernel/vdso/vdso64.lds.S; this image is made here from the
// facts only: its names, version, layout and unwind expressions). glibc
// finds it through AT_SYSINFO_EHDR, adds it to its list of objects (so
// dl_iterate_phdr reports it and libgcc's unwinder finds its .eh_frame
// through PT_GNU_EH_FRAME) and calls its time functions; GDB reads its
// symbols from guest memory; signal handlers are entered through it and
// return into it (setupFrame). Like Linux's, it is the mapping execve
// made (addressSpace.vdso, Linux's mm->context.vdso): mremap moves it and
// handlers then return where it went; once it is unmapped they are
// entered through the words setupFrame writes into the signal frame (on
// a stack that is not executable, a SIGSEGV, as on Linux).
//
// It is linked at 0 and position independent (glibc relocates it by the
// mapping's address, as Linux's). It holds, in one page:
//   - the ELF header, the program headers (one PT_LOAD of the whole image,
//     PT_DYNAMIC and PT_GNU_EH_FRAME), .hash, .dynsym and .dynstr,
//     .gnu.version and .gnu.version_d (the symbols' version LINUX_2.6.15,
//     the soname linux-vdso64.so.1), .dynamic, .eh_frame_hdr, .eh_frame, a
//     .symtab naming the local __kernel_start_sigtramp_rt64 too, and the
//     section headers, all in the loaded page;
//   - the signal trampoline, sigtramp64.S's words: __kernel_start_sigtramp_rt64
//     is bctrl (the kernel resumes there with CTR the handler), and
//     __kernel_sigtramp_rt64, where the handler returns, is addi
//     r1,r1,__SIGNAL_FRAMESIZE; li r0,__NR_rt_sigreturn; sc, followed by
//     three zero words, a zero doubleword and -21*8 (the old on-stack
//     trampoline's layout, the magic ucontext pointer old libgcc looks
//     for at the trampoline + 32); its FDE (augmentation "zRS", return
//     address column 67) finds the interrupted registers through the
//     sigcontext's regs and v_regs pointers as Linux's cfa_save, rsave and
//     vsave expressions do, so unwinders (libgcc, GDB) cross the signal
//     frame;
//   - the exported functions of 6.1's version script but one:
//     __kernel_gettimeofday, __kernel_clock_gettime, __kernel_clock_getres,
//     __kernel_time and __kernel_getcpu make the system call (li r0,NR; sc;
//     blr), so they give what the call gives, errors as Linux's vDSO gives
//     them (CR0[SO] set, the positive errno in r3) and they reach seccomp
//     filters, where Linux's read the data page without a call;
//     __kernel_get_tbfreq returns the time base frequency mftb counts at
//     (timebaseFreq) with CR0[SO] clear; __kernel_sync_dicache is 6.1's
//     version for a coherent instruction cache (POWER9 and later: sync;
//     icbi; isync; r3 = 0). __kernel_get_syscall_map is not exported: it
//     returns a bitmap in the vDSO's data page ([vvar], the two pages
//     Linux maps before the vDSO), which the runner does not map; glibc
//     does not call it (docs/design.md weighs it).
//
// Each leaf function has an FDE too (CFA r1, return address in LR), so
// an unwinder in a handler that interrupted one goes on to its caller.
const vdsoSize = 0x1000

// vdsoAddr is where the vDSO is mapped (above the stack, as the
// trampoline page was; Linux 6.1 puts it below the stack, at a random
// address).
const vdsoAddr = 0x7ffffffff000

// vdsoVersion is the version of the vDSO's symbols (VDSO_VERSION_STRING)
// and vdsoSoname its soname.
const (
	vdsoVersion = "LINUX_2.6.15"
	vdsoSoname  = "linux-vdso64.so.1"
)

// vdsoUcMagic is the word after the trampoline where the old on-stack
// trampoline had the ucontext pointer.
const vdsoUcMagic = -21 * 8

// vdsoImage is the vDSO for one byte order: its bytes and the offsets
// of the trampoline's two parts.
type vdsoImage struct {
	bytes       []byte
	startTramp  uint64 // __kernel_start_sigtramp_rt64: the bctrl
	returnTramp uint64 // __kernel_sigtramp_rt64: where handlers return
}

var vdsoImages struct {
	once   [2]sync.Once
	images [2]*vdsoImage
	errs   [2]error
}

// vdsoFor returns the vDSO image in byte order o (made once).
func vdsoFor(o binary.ByteOrder) (*vdsoImage, error) {
	i := 0
	if o == binary.BigEndian {
		i = 1
	}
	vdsoImages.once[i].Do(func() {
		ao, ok := o.(vdsoOrder)
		if !ok {
			vdsoImages.errs[i] = fmt.Errorf("linux: vDSO: byte order %v", o)
			return
		}
		vdsoImages.images[i], vdsoImages.errs[i] = buildVDSO(ao)
	})
	return vdsoImages.images[i], vdsoImages.errs[i]
}

// vdsoOrder is a byte order that appends too (binary.LittleEndian and
// binary.BigEndian).
type vdsoOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// vdsoFunc is one function of the vDSO's text.
type vdsoFunc struct {
	name   string
	global bool
	code   []uint32
	data   []byte // after the code, inside the symbol (the trampoline's words)
}

// vdsoText returns the vDSO's functions in text order.
func vdsoText(o vdsoOrder) ([]vdsoFunc, error) {
	var errs []error
	enc := func(op decode.Op, args ...int64) uint32 {
		w, _, err := decode.Encode(op, args...)
		errs = append(errs, err)
		return w
	}
	const so = 3 // CR0[SO]
	blr := enc(ppc64asm.BCLR, 20, 0, 0)
	sc := enc(ppc64asm.SC, 0)
	crclrSO := enc(ppc64asm.CRXOR, so, so, so)
	call := func(name string, nr int64) vdsoFunc {
		return vdsoFunc{name: name, global: true, code: []uint32{enc(ppc64asm.LI, 0, nr), sc, blr}}
	}
	b, err := binary.Append(nil, o, struct {
		Pad  [3]uint32
		Info uint64
		Uc   int64
	}{Uc: vdsoUcMagic})
	errs = append(errs, err)
	fs := []vdsoFunc{
		{name: "__kernel_start_sigtramp_rt64", code: []uint32{enc(ppc64asm.BCCTRL, 20, 0, 0)}},
		{name: "__kernel_sigtramp_rt64", global: true, code: []uint32{
			enc(ppc64asm.ADDI, 1, 1, abi.SignalFrameSize),
			enc(ppc64asm.LI, 0, abi.SYS_RT_SIGRETURN),
			sc,
		}, data: b},
		call("__kernel_gettimeofday", abi.SYS_GETTIMEOFDAY),
		call("__kernel_clock_gettime", abi.SYS_CLOCK_GETTIME),
		call("__kernel_clock_getres", abi.SYS_CLOCK_GETRES),
		call("__kernel_time", abi.SYS_TIME),
		call("__kernel_getcpu", abi.SYS_GETCPU),
		{name: "__kernel_get_tbfreq", global: true, code: []uint32{
			crclrSO,
			enc(ppc64asm.LIS, 3, timebaseFreq>>16),
			enc(ppc64asm.ORI, 3, 3, timebaseFreq&0xffff),
			blr,
		}},
		{name: "__kernel_sync_dicache", global: true, code: []uint32{
			crclrSO,
			enc(ppc64asm.SYNC, 0, 0),
			enc(ppc64asm.ICBI, 0, 1),
			enc(ppc64asm.ISYNC),
			enc(ppc64asm.LI, 3, 0),
			blr,
		}},
	}
	return fs, errors.Join(errs...)
}

// ELF constants the image uses: debug/elf's, in the types of the
// image's fields.
const (
	elfPTLoad       = uint32(elf.PT_LOAD)
	elfPTDynamic    = uint32(elf.PT_DYNAMIC)
	elfPTGNUEHFrame = uint32(elf.PT_GNU_EH_FRAME)
	elfSHTProgbits  = uint32(elf.SHT_PROGBITS)
	elfSHTSymtab    = uint32(elf.SHT_SYMTAB)
	elfSHTStrtab    = uint32(elf.SHT_STRTAB)
	elfSHTHash      = uint32(elf.SHT_HASH)
	elfSHTDynamic   = uint32(elf.SHT_DYNAMIC)
	elfSHTDynsym    = uint32(elf.SHT_DYNSYM)
	elfSHTGNUVerdef = uint32(elf.SHT_GNU_VERDEF)
	elfSHTGNUVersym = uint32(elf.SHT_GNU_VERSYM)
	elfDTNull       = uint64(elf.DT_NULL)
	elfDTHash       = uint64(elf.DT_HASH)
	elfDTStrtab     = uint64(elf.DT_STRTAB)
	elfDTSymtab     = uint64(elf.DT_SYMTAB)
	elfDTStrsz      = uint64(elf.DT_STRSZ)
	elfDTSyment     = uint64(elf.DT_SYMENT)
	elfDTSoname     = uint64(elf.DT_SONAME)
	elfDTVersym     = uint64(elf.DT_VERSYM)
	elfDTVerdef     = uint64(elf.DT_VERDEF)
	elfDTVerdefnum  = uint64(elf.DT_VERDEFNUM)
	elfSHFAlloc     = uint32(elf.SHF_ALLOC)
	elfSHFExecinstr = uint32(elf.SHF_EXECINSTR)
	elfSTTFunc      = uint8(elf.STT_FUNC)
	elfSTBLocal     = uint8(elf.STB_LOCAL)
	elfSTBGlobal    = uint8(elf.STB_GLOBAL)
	elfVerFlgBase   = 1 // VER_FLG_BASE (debug/elf has no name for it)
	elfEMPPC64      = uint16(elf.EM_PPC64)
)

// DWARF pointer encodings of .eh_frame (DW_EH_PE_*).
const (
	dwarfEHPcrelU8   = 0x14 // DW_EH_PE_pcrel | DW_EH_PE_udata8
	dwarfEHPcrelS4   = 0x1b // DW_EH_PE_pcrel | DW_EH_PE_sdata4
	dwarfEHUdata4    = 0x03
	dwarfEHDatarelS4 = 0x3b // DW_EH_PE_datarel | DW_EH_PE_sdata4
)

// elfHash is the SysV ELF hash (.hash, vd_hash).
func elfHash(s string) uint32 {
	var h uint32
	for i := 0; i < len(s); i++ {
		h = h<<4 + uint32(s[i])
		g := h & 0xf0000000
		h ^= g >> 24
		h &^= g
	}
	return h
}

// vdsoBuf is the image under construction.
type vdsoBuf struct {
	o   vdsoOrder
	b   []byte
	err error // put's first
}

// put writes x (a fixed-size structure of debug/elf) at offset at.
func (v *vdsoBuf) put(at uint64, x any) {
	b, err := binary.Append(nil, v.o, x)
	if err != nil && v.err == nil {
		v.err = err
	}
	copy(v.b[at:], b)
}

func (v *vdsoBuf) align(n int) {
	for len(v.b)%n != 0 {
		v.b = append(v.b, 0)
	}
}
func (v *vdsoBuf) u8(x ...byte)    { v.b = append(v.b, x...) }
func (v *vdsoBuf) u16(x uint16)    { v.b = v.o.AppendUint16(v.b, x) }
func (v *vdsoBuf) u32(x uint32)    { v.b = v.o.AppendUint32(v.b, x) }
func (v *vdsoBuf) u64(x uint64)    { v.b = v.o.AppendUint64(v.b, x) }
func (v *vdsoBuf) off() uint64     { return uint64(len(v.b)) }
func (v *vdsoBuf) put32(at, x int) { v.o.PutUint32(v.b[at:], uint32(x)) }

// strtab is a string table under construction.
type strtab struct {
	b   []byte
	off map[string]uint32
}

func newStrtab() *strtab { return &strtab{b: []byte{0}, off: map[string]uint32{"": 0}} }
func (s *strtab) add(x string) uint32 {
	if o, ok := s.off[x]; ok {
		return o
	}
	o := uint32(len(s.b))
	s.b = append(append(s.b, x...), 0)
	s.off[x] = o
	return o
}

// section is a section header's facts.
type vdsoSection struct {
	name                   string
	typ, flags             uint32
	off, size              uint64
	link, info, align, ent uint64
}

// buildVDSO makes the vDSO image in byte order o.
func buildVDSO(o vdsoOrder) (*vdsoImage, error) {
	funcs, err := vdsoText(o)
	if err != nil {
		return nil, fmt.Errorf("linux: vDSO text: %w", err)
	}
	v := &vdsoBuf{o: o}
	const ehdrSize, phdrSize, shdrSize, symSize = 64, 56, 64, 24
	const nPhdr = 3
	v.b = make([]byte, ehdrSize+nPhdr*phdrSize)
	var secs []vdsoSection
	sec := func(name string, typ, flags uint32, start uint64, align, ent uint64) *vdsoSection {
		secs = append(secs, vdsoSection{name: name, typ: typ, flags: flags, off: start, size: v.off() - start, align: align, ent: ent})
		return &secs[len(secs)-1]
	}

	// Text layout first (offsets are needed by the symbols), written later.
	var globals []int
	dynstr := newStrtab()
	for i, f := range funcs {
		if f.global {
			globals = append(globals, i)
			dynstr.add(f.name)
		}
	}
	dynstr.add(vdsoSoname)
	dynstr.add(vdsoVersion)
	nsym := 1 + len(globals)

	// .hash: one bucket per symbol.
	hashOff := v.off()
	v.u32(uint32(nsym))
	v.u32(uint32(nsym))
	buckets := make([]uint32, nsym)
	chains := make([]uint32, nsym)
	for k, i := range globals {
		idx := uint32(k + 1)
		h := elfHash(funcs[i].name) % uint32(nsym)
		chains[idx] = buckets[h]
		buckets[h] = idx
	}
	for _, x := range append(buckets, chains...) {
		v.u32(x)
	}
	sec(".hash", elfSHTHash, elfSHFAlloc, hashOff, 8, 4)

	// .dynsym is written once the text's offsets are known: reserve it.
	v.align(8)
	dynsymOff := v.off()
	v.b = append(v.b, make([]byte, nsym*symSize)...)
	dynsymIdx := len(secs) // its header's index is one more (the null section)
	sec(".dynsym", elfSHTDynsym, elfSHFAlloc, dynsymOff, 8, symSize)

	dynstrOff := v.off()
	v.b = append(v.b, dynstr.b...)
	dynstrIdx := len(secs)
	sec(".dynstr", elfSHTStrtab, elfSHFAlloc, dynstrOff, 1, 0)
	secs[0].link = uint64(dynsymIdx + 1) // .hash
	secs[dynsymIdx].link = uint64(dynstrIdx + 1)
	secs[dynsymIdx].info = 1 // the first global

	// .gnu.version: the null symbol local (0), the functions LINUX_2.6.15 (2).
	v.align(2)
	versymOff := v.off()
	v.u16(0)
	for range globals {
		v.u16(2)
	}
	sec(".gnu.version", elfSHTGNUVersym, elfSHFAlloc, versymOff, 2, 2).link = uint64(dynsymIdx + 1)

	// .gnu.version_d: the base (the soname), then LINUX_2.6.15.
	v.align(4)
	verdefOff := v.off()
	for i, name := range []string{vdsoSoname, vdsoVersion} {
		flags, next := uint16(0), uint32(0)
		if i == 0 {
			flags, next = elfVerFlgBase, 28
		}
		v.u16(1)
		v.u16(flags)
		v.u16(uint16(i + 1))
		v.u16(1)
		v.u32(elfHash(name))
		v.u32(20)
		v.u32(next)
		v.u32(dynstr.add(name))
		v.u32(0)
	}
	s := sec(".gnu.version_d", elfSHTGNUVerdef, elfSHFAlloc, verdefOff, 4, 0)
	s.link, s.info = uint64(dynstrIdx+1), 2

	// .text
	v.align(16)
	textOff := v.off()
	addr := make([]uint64, len(funcs))
	size := make([]uint64, len(funcs))
	for i, f := range funcs {
		v.align(4)
		addr[i] = v.off()
		for _, w := range f.code {
			v.u32(w)
		}
		v.u8(f.data...)
		size[i] = v.off() - addr[i]
	}
	textIdx := len(secs) + 1
	sec(".text", elfSHTProgbits, elfSHFAlloc|elfSHFExecinstr, textOff, 16, 0)

	// .dynsym's entries.
	sym := func(at uint64, name uint32, global bool, value, size uint64) {
		bind := uint8(elfSTBLocal)
		if global {
			bind = elfSTBGlobal
		}
		v.put(at, elf.Sym64{Name: name, Info: bind<<4 | elfSTTFunc, Shndx: uint16(textIdx), Value: value, Size: size})
	}
	for k, i := range globals {
		sym(dynsymOff+uint64(k+1)*symSize, dynstr.add(funcs[i].name), true, addr[i], size[i])
	}

	// .dynamic
	v.align(8)
	dynOff := v.off()
	for _, d := range [][2]uint64{
		{elfDTSoname, uint64(dynstr.add(vdsoSoname))},
		{elfDTHash, hashOff}, {elfDTStrtab, dynstrOff}, {elfDTSymtab, dynsymOff},
		{elfDTStrsz, uint64(len(dynstr.b))}, {elfDTSyment, symSize},
		{elfDTVersym, versymOff}, {elfDTVerdef, verdefOff}, {elfDTVerdefnum, 2},
		{elfDTNull, 0},
	} {
		v.u64(d[0])
		v.u64(d[1])
	}
	dynSize := v.off() - dynOff
	sec(".dynamic", elfSHTDynamic, elfSHFAlloc, dynOff, 8, 16).link = uint64(dynstrIdx + 1)

	// .eh_frame_hdr, with its table filled in after .eh_frame.
	v.align(4)
	hdrOff := v.off()
	v.u8(1, dwarfEHPcrelS4, dwarfEHUdata4, dwarfEHDatarelS4)
	v.u32(0)               // eh_frame_ptr
	nFDE := len(funcs) - 1 // the trampoline's two parts share one
	v.u32(uint32(nFDE))
	tableOff := v.off()
	v.b = append(v.b, make([]byte, 8*nFDE)...)
	hdrSize := v.off() - hdrOff

	// .eh_frame
	v.align(8)
	ehOff := v.off()
	v.put32(int(hdrOff+4), int(ehOff-(hdrOff+4)))
	fdes := vdsoEHFrame(v, funcs, addr, size)
	if len(fdes) != nFDE {
		return nil, fmt.Errorf("linux: vDSO: %d FDEs, %d in .eh_frame_hdr", len(fdes), nFDE)
	}
	for i, f := range fdes {
		t := tableOff + uint64(8*i)
		v.put32(int(t), int(f[0]-hdrOff))
		v.put32(int(t+4), int(f[1]-hdrOff))
	}
	secs = append(secs, vdsoSection{name: ".eh_frame_hdr", typ: elfSHTProgbits, flags: elfSHFAlloc, off: hdrOff, size: hdrSize, align: 4})
	sec(".eh_frame", elfSHTProgbits, elfSHFAlloc, ehOff, 8, 0)

	// .symtab (every function, the local one first) and .strtab.
	strs := newStrtab()
	v.align(8)
	symtabOff := v.off()
	v.b = append(v.b, make([]byte, symSize)...)
	var order []int
	for i, f := range funcs {
		if !f.global {
			order = append(order, i)
		}
	}
	nlocal := 1 + len(order)
	order = append(order, globals...)
	for _, i := range order {
		at := v.off()
		v.b = append(v.b, make([]byte, symSize)...)
		sym(at, strs.add(funcs[i].name), funcs[i].global, addr[i], size[i])
	}
	symtabIdx := len(secs)
	sec(".symtab", elfSHTSymtab, 0, symtabOff, 8, symSize)
	strtabOff := v.off()
	v.b = append(v.b, strs.b...)
	secs[symtabIdx].link = uint64(len(secs) + 1)
	secs[symtabIdx].info = uint64(nlocal)
	sec(".strtab", elfSHTStrtab, 0, strtabOff, 1, 0)

	// .shstrtab and the section headers.
	shstr := newStrtab()
	for _, s := range secs {
		shstr.add(s.name)
	}
	shstr.add(".shstrtab")
	shstrOff := v.off()
	v.b = append(v.b, shstr.b...)
	shstrIdx := len(secs) + 1
	sec(".shstrtab", elfSHTStrtab, 0, shstrOff, 1, 0)
	v.align(8)
	shOff := v.off()
	v.b = append(v.b, make([]byte, shdrSize)...) // the null section
	for _, s := range secs {
		v.u32(shstr.add(s.name))
		v.u32(s.typ)
		v.u64(uint64(s.flags))
		addr := uint64(0)
		if s.flags&elfSHFAlloc != 0 {
			addr = s.off
		}
		v.u64(addr)
		v.u64(s.off)
		v.u64(s.size)
		v.u32(uint32(s.link))
		v.u32(uint32(s.info))
		v.u64(s.align)
		v.u64(s.ent)
	}
	total := v.off()
	if total > vdsoSize {
		return nil, fmt.Errorf("linux: vDSO image is %d bytes, more than its %d", total, vdsoSize)
	}

	// The ELF header and program headers.
	data, flags := byte(elf.ELFDATA2LSB), uint32(2) // ELFv2, the little-endian kernels' vDSO
	if o == binary.BigEndian {
		data, flags = byte(elf.ELFDATA2MSB), 1 // ELFv1
	}
	v.put(0, elf.Header64{
		Ident: [elf.EI_NIDENT]byte{0x7f, 'E', 'L', 'F', byte(elf.ELFCLASS64), data, byte(elf.EV_CURRENT)},
		Type:  uint16(elf.ET_DYN), Machine: elfEMPPC64, Version: uint32(elf.EV_CURRENT),
		Phoff: ehdrSize, Shoff: shOff, Flags: flags, Ehsize: ehdrSize,
		Phentsize: phdrSize, Phnum: nPhdr, Shentsize: shdrSize,
		Shnum: uint16(len(secs) + 1), Shstrndx: uint16(shstrIdx),
	})
	for i, ph := range []struct {
		typ, flags      uint32
		off, size, algn uint64
	}{
		{elfPTLoad, 5, 0, total, vdsoSize}, // PF_R|PF_X
		{elfPTDynamic, 4, dynOff, dynSize, 8},
		{elfPTGNUEHFrame, 4, hdrOff, hdrSize, 4},
	} {
		v.put(uint64(ehdrSize+i*phdrSize), elf.Prog64{Type: ph.typ, Flags: ph.flags, Off: ph.off, Vaddr: ph.off, Paddr: ph.off,
			Filesz: ph.size, Memsz: ph.size, Align: ph.algn})
	}
	if v.err != nil {
		return nil, fmt.Errorf("linux: vDSO: %w", v.err)
	}
	return &vdsoImage{bytes: v.b, startTramp: addr[0], returnTramp: addr[1]}, nil
}

// vdsoEHFrame appends .eh_frame: the signal trampoline's CIE and FDE
// (funcs[0] and funcs[1], one function split in two as in sigtramp64.S),
// then a CIE for the leaf functions and one FDE each. It returns the
// [initial location, FDE offset] pairs for .eh_frame_hdr's table, sorted.
func vdsoEHFrame(v *vdsoBuf, funcs []vdsoFunc, addr, size []uint64) [][2]uint64 {
	o := v.o
	uleb := func(b []byte, x uint64) []byte { return binary.AppendUvarint(b, x) }
	sleb := func(b []byte, x int64) []byte {
		for {
			c := byte(x & 0x7f)
			x >>= 7
			if (x == 0 && c&0x40 == 0) || (x == -1 && c&0x40 != 0) {
				return append(b, c)
			}
			b = append(b, c|0x80)
		}
	}
	// record appends a CIE or FDE with its length; body gets the offset
	// of the record's second word (the CIE id or CIE pointer).
	record := func(body func(at uint64) []byte) uint64 {
		start := v.off()
		at := start + 4
		b := body(at)
		for (4+len(b))%8 != 0 {
			b = append(b, 0) // DW_CFA_nop
		}
		v.u32(uint32(len(b)))
		v.b = append(v.b, b...)
		return start
	}
	cie := func(aug string, ra byte) uint64 {
		return record(func(uint64) []byte {
			b := o.AppendUint32(nil, 0) // CIE id
			b = append(b, 1)
			b = append(append(b, aug...), 0)
			b = uleb(b, 4)
			b = sleb(b, -8)
			b = append(b, ra)
			b = uleb(b, 1)
			b = append(b, dwarfEHPcrelU8)
			return append(b, 0x0c, 1, 0) // DW_CFA_def_cfa r1, 0
		})
	}
	fde := func(cieAt, pc, n uint64, insns []byte) uint64 {
		return record(func(at uint64) []byte {
			b := o.AppendUint32(nil, uint32(at-cieAt))
			b = o.AppendUint64(b, pc-(at+4))
			b = o.AppendUint64(b, n)
			b = uleb(b, 0)
			return append(b, insns...)
		})
	}

	// The signal frame: the interrupted registers are where the
	// sigcontext's regs pointer (at ptregs above r1) points.
	const rsize = 8
	ptregs := int64(abi.SignalFrameSize + abi.UcMcontext + abi.SigcontextHeadLayout.Size() - 8) // sigcontext.regs, the head's last field
	const vregs = abi.ScVRegs - abi.ScGPRegs                                                    // v_regs, from the regs
	const msrVEC = 1 << 25
	regsAt := func(b []byte) []byte { return append(sleb(append(b, 0x71), ptregs), 0x06) } // DW_OP_breg1 ptregs; DW_OP_deref
	expr := func(b []byte, e []byte) []byte { return append(uleb(b, uint64(len(e))), e...) }
	rsave := func(b []byte, reg uint64, ofs uint64) []byte {
		e := regsAt(nil)
		if ofs != 0 {
			e = uleb(append(e, 0x23), ofs) // DW_OP_plus_uconst
		}
		return expr(uleb(append(b, 0x10), reg), e) // DW_CFA_expression
	}
	var in []byte
	cfa := append(uleb(append(regsAt(nil), 0x23), rsize), 0x06) // *(regs + 8): the interrupted r1
	in = expr(append(in, 0x0f), cfa)                            // DW_CFA_def_cfa_expression
	for r := uint64(0); r < 32; r++ {
		if r != 1 {
			in = rsave(in, r, r*rsize)
		}
	}
	in = rsave(in, 67, 32*rsize) // nip, in the return address column
	in = rsave(in, 65, 36*rsize) // lr
	crOff := uint64(38 * rsize)
	if o == binary.BigEndian {
		crOff += rsize - 4 // the CR word's low half
	}
	for r := uint64(68); r <= 75; r++ {
		in = rsave(in, r, crOff)
	}
	for r := uint64(0); r < 32; r++ {
		in = rsave(in, 32+r, 48*rsize+r*8)
	}
	// VMX: v0's expression tests MSR[VEC] in the saved MSR and gives
	// v_regs + n*16 (or 0 without the VMX state); v1..v31 and VSCR jump
	// into it, as Linux's vsave_msr0, vsave_msr1 and vsave_msr2.
	v0 := append([]byte{}, 0x10)
	v0 = uleb(v0, 77)
	lenAt := len(v0)
	v0 = append(v0, 0) // length, set below (fits in one byte)
	e0 := len(v0)
	v0 = append(v0, 0x30)       // DW_OP_lit0
	l2 := len(v0)               // label 2: n on the stack
	v0 = append(v0, 0x40, 0x1e) // DW_OP_lit16; DW_OP_mul
	l3 := len(v0)               // label 3: the offset on the stack
	v0 = regsAt(v0)
	v0 = append(v0, 0x12, 0x23) // DW_OP_dup; DW_OP_plus_uconst
	v0 = uleb(v0, 33*rsize)     // msr
	v0 = append(v0, 0x06, 0x0c) // DW_OP_deref; DW_OP_const4u
	v0 = o.AppendUint32(v0, msrVEC)
	v0 = append(v0, 0x1a, 0x12, 0x30, 0x29, 0x28) // and; dup; lit0; eq; bra
	v0 = o.AppendUint16(v0, 0x7fff)               // past the end
	v0 = append(v0, 0x13, 0x23)                   // drop; plus_uconst
	v0 = uleb(v0, vregs)
	v0 = append(v0, 0x06, 0x22, 0x2f) // deref; plus; skip
	v0 = o.AppendUint16(v0, 0x7fff)
	v0[lenAt] = byte(len(v0) - e0)
	base := len(in)
	in = append(in, v0...)
	jump := func(reg uint64, pre []byte, label int) {
		e := append(append([]byte{}, pre...), 0x2f) // DW_OP_skip, its operand last
		h := uleb(uleb(append([]byte{}, 0x10), reg), uint64(len(e)+2))
		end := len(in) + len(h) + len(e) + 2 // where the skip counts from
		e = o.AppendUint16(e, uint16(int16(base+label-end)))
		in = append(append(in, h...), e...)
	}
	for r := 1; r < 32; r++ {
		jump(uint64(77+r), []byte{0x30 + byte(r)}, l2)
	}
	jump(77+33, o.AppendUint16([]byte{0x0a}, 32*16+12), l3) // VSCR: DW_OP_const2u
	e := regsAt(nil)
	e = uleb(append(e, 0x23), vregs)
	e = uleb(append(e, 0x06, 0x23), 33*16)
	in = expr(uleb(append(in, 0x10), 77+32), e) // VRSAVE

	var table [][2]uint64
	sigCIE := cie("zRS", 67)
	table = append(table, [2]uint64{addr[0], fde(sigCIE, addr[0], addr[1]+12-addr[0], in)})
	leafCIE := cie("zR", 65)
	for i := 2; i < len(funcs); i++ {
		table = append(table, [2]uint64{addr[i], fde(leafCIE, addr[i], size[i], nil)})
	}
	sort.Slice(table, func(i, j int) bool { return table[i][0] < table[j][0] })
	return table
}

// inVDSO reports whether the mapping [start, end) is the vDSO ([vdso] in
// /proc/PID/maps; dumped whole in a core file): where mm has it mapped,
// as Linux names its special mapping, which mremap moves and an
// unmapping ends (a mapping the program makes where it was is the
// program's).
func (mm *addressSpace) inVDSO(start, end uint64) bool {
	return mm.vdso != 0 && start >= mm.vdso && end <= mm.vdso+vdsoSize
}

// mapVDSO maps the vDSO into m at vdsoAddr, read and execute only.
func (p *Process) mapVDSO(m *mem.Memory) error {
	img, err := vdsoFor(p.order)
	if err != nil {
		return err
	}
	if err := m.Map(vdsoAddr, vdsoSize, mem.RX); err != nil {
		return err
	}
	return m.Poke(vdsoAddr, img.bytes)
}
