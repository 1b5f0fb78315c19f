package loader

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/mem"
)

// Auxiliary vector tags (include/uapi/linux/auxvec.h and the powerpc
// asm/auxvec.h).
const (
	AT_NULL          = 0
	AT_PHDR          = 3
	AT_PHENT         = 4
	AT_PHNUM         = 5
	AT_PAGESZ        = 6
	AT_BASE          = 7
	AT_FLAGS         = 8
	AT_ENTRY         = 9
	AT_UID           = 11
	AT_EUID          = 12
	AT_GID           = 13
	AT_EGID          = 14
	AT_PLATFORM      = 15
	AT_HWCAP         = 16
	AT_CLKTCK        = 17
	AT_DCACHEBSIZE   = 19
	AT_ICACHEBSIZE   = 20
	AT_UCACHEBSIZE   = 21
	AT_IGNOREPPC     = 22
	AT_SECURE        = 23
	AT_BASE_PLATFORM = 24
	AT_RANDOM        = 25
	AT_HWCAP2        = 26
	AT_EXECFN        = 31
	AT_SYSINFO_EHDR  = 33
)

// AT_HWCAP bits (asm/cputable.h PPC_FEATURE_*).
const (
	HWCap64      = 0x40000000
	HWCapAltivec = 0x10000000
	HWCapFPU     = 0x08000000
	HWCapMMU     = 0x04000000
	HWCapArch205 = 0x00001000
	HWCapDFP     = 0x00000400
	HWCapArch206 = 0x00000100
	HWCapVSX     = 0x00000080
	HWCapTrueLE  = 0x00000002
)

// AT_HWCAP2 bits (PPC_FEATURE2_*).
const (
	HWCap2Arch207   = 0x80000000
	HWCap2ISEL      = 0x08000000
	HWCap2TAR       = 0x04000000
	HWCap2VecCrypto = 0x02000000
	HWCap2Arch300   = 0x00800000
	HWCap2IEEE128   = 0x00400000
	HWCap2DARN      = 0x00200000
	HWCap2SCV       = 0x00100000
	HWCap2Arch31    = 0x00040000
	HWCap2MMA       = 0x00020000
)

// StackSpec is what goes on the initial stack.
type StackSpec struct {
	Top, Size     uint64   // the stack mapping: [Top-Size, Top)
	Args, Env     []string // argv (Args[0] is the program name) and envp
	ExecFn        string   // AT_EXECFN: the path the program was run as
	Base          uint64   // AT_BASE: the interpreter's load bias (its Image.Bias), 0 without one
	Platform      string   // AT_PLATFORM and AT_BASE_PLATFORM (e.g. "power10"); empty omits them
	HWCap, HWCap2 uint64   // AT_HWCAP and AT_HWCAP2 (the HWCap* and HWCap2* bits)
	DCacheBlock   uint64   // AT_DCACHEBSIZE and AT_ICACHEBSIZE
	Random        [16]byte // the 16 bytes AT_RANDOM points to
	UID, EUID     uint64   // AT_UID, AT_EUID
	GID, EGID     uint64   // AT_GID, AT_EGID
	Secure        bool     // AT_SECURE: a privilege-elevated exec (set-user-ID), so ld.so ignores LD_* variables
	SysinfoEHDR   uint64   // AT_SYSINFO_EHDR: the vDSO's ELF header; 0 omits it (no vDSO)
}

// BuildStack maps the stack and writes the initial process stack as Linux
// lays it out (highest address first): the AT_EXECFN string, the argument
// and environment strings, the platform string, the 16 AT_RANDOM bytes,
// then — 16-byte aligned — argc, argv[], NULL, envp[], NULL and the auxv
// pairs. img is the program (not its interpreter): AT_PHDR, AT_PHNUM and
// AT_ENTRY describe it, and its PT_GNU_STACK gives the stack's permissions.
// It returns the initial stack pointer (pointing at argc).
func BuildStack(m *mem.Memory, img *Image, s *StackSpec) (uint64, error) {
	perm := img.Stack
	if perm == mem.None {
		perm = mem.RW
	}
	if err := m.Map(s.Top-s.Size, s.Size, perm); err != nil {
		return 0, fmt.Errorf("loader: stack: %w", err)
	}
	o := img.Order
	sp := s.Top - 8 // an 8-byte NULL end marker, as Linux leaves
	var werr error
	put := func(b []byte) uint64 {
		sp -= uint64(len(b))
		if err := m.Write(sp, b); err != nil && werr == nil {
			werr = err
		}
		return sp
	}
	str := func(x string) uint64 { return put(append([]byte(x), 0)) }
	execfn := str(s.ExecFn)
	envp := make([]uint64, len(s.Env))
	for i := len(s.Env) - 1; i >= 0; i-- {
		envp[i] = str(s.Env[i])
	}
	argv := make([]uint64, len(s.Args))
	for i := len(s.Args) - 1; i >= 0; i-- {
		argv[i] = str(s.Args[i])
	}
	var platform uint64
	if s.Platform != "" {
		sp &^= 15
		platform = str(s.Platform)
	}
	sp &^= 15
	random := put(s.Random[:])
	var secure uint64
	if s.Secure {
		secure = 1
	}

	aux := [][2]uint64{
		{AT_IGNOREPPC, AT_IGNOREPPC}, {AT_IGNOREPPC, AT_IGNOREPPC},
		{AT_DCACHEBSIZE, s.DCacheBlock}, {AT_ICACHEBSIZE, s.DCacheBlock}, {AT_UCACHEBSIZE, 0},
	}
	if s.SysinfoEHDR != 0 { // after the cache sizes, as powerpc's ARCH_DLINFO
		aux = append(aux, [2]uint64{AT_SYSINFO_EHDR, s.SysinfoEHDR})
	}
	aux = append(aux, [][2]uint64{
		{AT_PHDR, img.Phdr}, {AT_PHENT, img.Phent}, {AT_PHNUM, img.Phnum},
		{AT_PAGESZ, mem.PageSize}, {AT_BASE, s.Base}, {AT_FLAGS, 0}, {AT_ENTRY, img.Entry},
		{AT_UID, s.UID}, {AT_EUID, s.EUID}, {AT_GID, s.GID}, {AT_EGID, s.EGID},
		{AT_HWCAP, s.HWCap}, {AT_CLKTCK, 100}, {AT_RANDOM, random}, {AT_SECURE, secure},
		{AT_EXECFN, execfn}, {AT_HWCAP2, s.HWCap2},
	}...)
	if platform != 0 {
		aux = append(aux, [2]uint64{AT_PLATFORM, platform}, [2]uint64{AT_BASE_PLATFORM, platform})
	}
	aux = append(aux, [2]uint64{AT_NULL, 0})

	words := 1 + len(argv) + 1 + len(envp) + 1 + 2*len(aux)
	sp = (sp - uint64(words)*8) &^ 15
	b := make([]byte, 0, words*8)
	w := func(v uint64) {
		var t [8]byte
		o.PutUint64(t[:], v)
		b = append(b, t[:]...)
	}
	w(uint64(len(argv)))
	for _, a := range argv {
		w(a)
	}
	w(0)
	for _, e := range envp {
		w(e)
	}
	w(0)
	for _, a := range aux {
		w(a[0])
		w(a[1])
	}
	if err := m.Write(sp, b); err != nil && werr == nil {
		werr = err
	}
	if werr != nil {
		return 0, fmt.Errorf("loader: stack too small for arguments and environment: %w", werr)
	}
	return sp, nil
}
