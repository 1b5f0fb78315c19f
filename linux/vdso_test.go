//go:build linux

package linux

import (
	"bytes"
	"debug/elf"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestVDSOImage: the vDSO image of each byte order is an ELF64 shared
// object as Linux 6.1's vdso64.so is laid out (vdso64.lds.S): one PT_LOAD
// (read, execute) with PT_DYNAMIC and PT_GNU_EH_FRAME, the soname
// linux-vdso64.so.1, and the version script's functions (but
// __kernel_get_syscall_map, which needs the data page) at version
// LINUX_2.6.15; the signal trampoline is sigtramp64.S's words (bctrl,
// then addi r1,r1,128; li r0,172; sc at __kernel_sigtramp_rt64, then
// three zero words, a zero doubleword and -21*8); .eh_frame_hdr's table
// finds an FDE for every function and for a handler's return address - 1
// the signal frame's, whose CIE says "zRS" (a signal frame).
func TestVDSOImage(t *testing.T) {
	wantSyms := []string{"__kernel_clock_getres", "__kernel_clock_gettime", "__kernel_get_tbfreq", "__kernel_getcpu",
		"__kernel_gettimeofday", "__kernel_sigtramp_rt64", "__kernel_sync_dicache", "__kernel_time"}
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			img, err := vdsoFor(o.order)
			if err != nil {
				t.Fatal(err)
			}
			if len(img.bytes) > vdsoSize {
				t.Fatalf("image of %d bytes, more than the %d mapped", len(img.bytes), vdsoSize)
			}
			f, err := elf.NewFile(bytes.NewReader(img.bytes))
			if err != nil {
				t.Fatal(err)
			}
			if f.Class != elf.ELFCLASS64 || f.ByteOrder != o.order || f.Type != elf.ET_DYN || f.Machine != elf.EM_PPC64 {
				t.Errorf("header: %v %v %v %v", f.Class, f.ByteOrder, f.Type, f.Machine)
			}
			type prog struct {
				Type  elf.ProgType
				Flags elf.ProgFlag
			}
			var progs []prog
			for _, p := range f.Progs {
				progs = append(progs, prog{p.Type, p.Flags})
				if p.Type == elf.PT_LOAD && (p.Off != 0 || p.Vaddr != 0 || p.Filesz != uint64(len(img.bytes))) {
					t.Errorf("PT_LOAD %+v: not the whole image at 0", p.ProgHeader)
				}
			}
			wantProgs := []prog{{elf.PT_LOAD, elf.PF_R | elf.PF_X}, {elf.PT_DYNAMIC, elf.PF_R}, {elf.PT_GNU_EH_FRAME, elf.PF_R}}
			if d := cmp.Diff(wantProgs, progs); d != "" {
				t.Errorf("program headers (-want +got):\n%s", d)
			}
			if so, err := f.DynString(elf.DT_SONAME); err != nil || len(so) != 1 || so[0] != "linux-vdso64.so.1" {
				t.Errorf("DT_SONAME %q, %v", so, err)
			}
			syms, err := f.DynamicSymbols()
			if err != nil {
				t.Fatal(err)
			}
			addr := map[string]uint64{}
			var names []string
			for _, s := range syms {
				if s.Version != "LINUX_2.6.15" || elf.ST_TYPE(s.Info) != elf.STT_FUNC || elf.ST_BIND(s.Info) != elf.STB_GLOBAL {
					t.Errorf("%s: version %q, info %#x", s.Name, s.Version, s.Info)
				}
				names = append(names, s.Name)
				addr[s.Name] = s.Value
			}
			sort.Strings(names)
			if d := cmp.Diff(wantSyms, names); d != "" {
				t.Errorf("exported functions (-want +got):\n%s", d)
			}

			// The trampoline.
			rt := addr["__kernel_sigtramp_rt64"]
			if rt != img.returnTramp || rt-4 != img.startTramp {
				t.Fatalf("__kernel_sigtramp_rt64 at %#x; the image's trampoline at %#x, %#x", rt, img.startTramp, img.returnTramp)
			}
			var words []uint64
			for i, n := range []int{4, 4, 4, 4, 4, 4, 4, 8, 8} {
				off := rt - 4 + uint64([]int{0, 4, 8, 12, 16, 20, 24, 28, 36}[i])
				if n == 4 {
					words = append(words, uint64(o.order.Uint32(img.bytes[off:])))
				} else {
					words = append(words, o.order.Uint64(img.bytes[off:]))
				}
			}
			wantWords := []uint64{0x4e800421, 0x38210080, 0x380000ac, 0x44000002, 0, 0, 0, 0, uint64(0xffffffffffffff58)}
			if d := cmp.Diff(wantWords, words); d != "" {
				t.Errorf("the trampoline's words (-want +got):\n%s", d)
			}

			// .eh_frame_hdr's table: initial location and FDE, both
			// relative to the header.
			hdr := f.Section(".eh_frame_hdr")
			b, err := hdr.Data()
			if err != nil || len(b) < 12 || b[0] != 1 {
				t.Fatalf(".eh_frame_hdr %x, %v", b, err)
			}
			n := int(o.order.Uint32(b[8:]))
			type fde struct {
				start, end uint64
				aug        string
			}
			var fdes []fde
			for i := 0; i < n; i++ {
				loc := hdr.Addr + uint64(int32(o.order.Uint32(b[12+8*i:])))
				at := hdr.Addr + uint64(int32(o.order.Uint32(b[16+8*i:])))
				rec := img.bytes[at:]
				cie := at + 4 - uint64(o.order.Uint32(rec[4:]))
				start := at + 8 + o.order.Uint64(rec[8:])
				if start != loc {
					t.Errorf("table entry %d: location %#x, FDE's %#x", i, loc, start)
				}
				aug := img.bytes[cie+9:]
				fdes = append(fdes, fde{start, start + o.order.Uint64(rec[16:]), string(aug[:bytes.IndexByte(aug, 0)])})
			}
			find := func(pc uint64) (fde, bool) {
				i := sort.Search(len(fdes), func(i int) bool { return fdes[i].end > pc })
				return fdes[min(i, len(fdes)-1)], i < len(fdes) && fdes[i].start <= pc
			}
			for _, name := range wantSyms {
				if _, ok := find(addr[name]); !ok {
					t.Errorf("no FDE for %s", name)
				}
			}
			if f, ok := find(rt - 1); !ok || f.aug != "zRS" {
				t.Errorf("the FDE of a handler's return address - 1: %+v, %v; want augmentation zRS", f, ok)
			}
		})
	}
}

// TestVDSOMapping: the vDSO is the mapping execve made, as Linux 6.1's
// special mapping with mm->context.vdso is: munmap of its page or a
// MAP_FIXED mapping over it ends it (arch_unmap: the new mapping is the
// program's, not [vdso]); mremap moves it whole (vdso_mremap) but does
// not grow it (VM_DONTEXPAND: EFAULT) or leave it behind (DONTUNMAP:
// EINVAL); mprotect keeps it; fork's copy has it where it is.
func TestVDSOMapping(t *testing.T) {
	const elsewhere = 0x7f0000000000
	type state struct {
		Ret   uint64
		Errno int
		VDSO  uint64   // mm.vdso
		Named []string // the maps lines named [vdso]
	}
	mapped := func(at uint64) []string {
		return []string{fmt.Sprintf("%08x-%08x r-xp 00000000 00:00 0", at, at+vdsoSize)}
	}
	for _, tc := range []struct {
		name string
		op   func(th *Thread) (uint64, int)
		want state
	}{
		{"nothing", func(th *Thread) (uint64, int) { return 0, 0 }, state{0, 0, vdsoAddr, mapped(vdsoAddr)}},
		{"munmap", func(th *Thread) (uint64, int) {
			return sysMunmap(th, &sysArgs{vdsoAddr, vdsoSize})
		}, state{0, 0, 0, nil}},
		{"munmap around it", func(th *Thread) (uint64, int) {
			return sysMunmap(th, &sysArgs{vdsoAddr - 0x3000, 0x4000})
		}, state{0, 0, 0, nil}},
		{"mmap fixed over it", func(th *Thread) (uint64, int) {
			return sysMmap(th, &sysArgs{vdsoAddr, vdsoSize, abi.PROT_READ | abi.PROT_EXEC, abi.MAP_PRIVATE | abi.MAP_ANONYMOUS | abi.MAP_FIXED, ^uint64(0), 0})
		}, state{vdsoAddr, 0, 0, nil}},
		{"mprotect", func(th *Thread) (uint64, int) {
			return sysMprotect(th, &sysArgs{vdsoAddr, vdsoSize, abi.PROT_READ | abi.PROT_EXEC})
		}, state{0, 0, vdsoAddr, mapped(vdsoAddr)}},
		{"mremap moves it", func(th *Thread) (uint64, int) {
			return sysMremap(th, &sysArgs{vdsoAddr, vdsoSize, vdsoSize, mremapMaymove | mremapFixed, elsewhere})
		}, state{elsewhere, 0, elsewhere, mapped(elsewhere)}},
		{"mremap grows it", func(th *Thread) (uint64, int) {
			return sysMremap(th, &sysArgs{vdsoAddr, vdsoSize, 2 * vdsoSize, mremapMaymove})
		}, state{0, abi.EFAULT, vdsoAddr, mapped(vdsoAddr)}},
		{"mremap grows it to a fixed place", func(th *Thread) (uint64, int) {
			return sysMremap(th, &sysArgs{vdsoAddr, vdsoSize, 2 * vdsoSize, mremapMaymove | mremapFixed, elsewhere})
		}, state{0, abi.EFAULT, vdsoAddr, mapped(vdsoAddr)}},
		{"mremap leaves it behind", func(th *Thread) (uint64, int) {
			return sysMremap(th, &sysArgs{vdsoAddr, vdsoSize, vdsoSize, mremapMaymove | mremapDontunmap})
		}, state{0, abi.EINVAL, vdsoAddr, mapped(vdsoAddr)}},
		{"fork's copy", func(th *Thread) (uint64, int) {
			c, err := th.mm.copy()
			if err != nil {
				t.Fatal(err)
			}
			th.mm = c
			return 0, 0
		}, state{0, 0, vdsoAddr, mapped(vdsoAddr)}},
	} {
		for _, o := range orders {
			t.Run(o.name+"/"+tc.name, func(t *testing.T) {
				th := testThread(t, o.order)
				if err := th.p.mapVDSO(th.mm.Mem); err != nil {
					t.Fatal(err)
				}
				th.mm.vdso = vdsoAddr
				var got state
				got.Ret, got.Errno = tc.op(th)
				got.VDSO = th.mm.vdso
				for _, l := range strings.Split(string(th.procMaps()), "\n") {
					if name, ok := strings.CutSuffix(l, "[vdso]"); ok {
						got.Named = append(got.Named, strings.TrimSpace(name))
					}
				}
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}
