package abi

// The notes of a Linux ELF core file (fs/binfmt_elf.c, include/linux/elfcore.h,
// include/uapi/linux/elf.h) on powerpc64. The register sets themselves
// (NT_PRSTATUS's pr_reg, NT_PRFPREG, NT_PPC_VMX, NT_PPC_VSX) are package
// regs's.

// ELF note types of a core file that are not register sets
// (include/uapi/linux/elf.h).
const (
	NT_PRPSINFO = 3          // struct elf_prpsinfo (note name "CORE")
	NT_AUXV     = 6          // the auxiliary vector as the process got it
	NT_SIGINFO  = 0x53494749 // "SIGI": the siginfo_t of the killing signal
	NT_FILE     = 0x46494c45 // "FILE": the file-backed mappings
)

// ElfCoreEFlags are the e_flags of a core file of an ELFv2 (ppc64le)
// process: EF_PPC64_ABI 2, as arch/powerpc's ELF_CORE_EFLAGS sets them; an
// ELFv1 process's are 0.
const ElfCoreEFlags = 2

// ElfPrargsz is the size of elf_prpsinfo's pr_psargs (ELF_PRARGSZ).
const ElfPrargsz = 80

// ElfNhdr is the header of an ELF note (Elf64_Nhdr, include/uapi/linux/elf.h):
// the size of the name with its NUL, the size of the descriptor, and the
// note type. The name and then the descriptor follow, each padded to a
// multiple of 4 bytes.
type ElfNhdr struct {
	Namesz, Descsz, Type uint32
}

// ElfSiginfo is struct elf_siginfo.
type ElfSiginfo struct {
	Signo, Code, Errno int32
}

// ElfPrstatus is powerpc64's struct elf_prstatus, 504 bytes: the thread's
// signal state, ids and times, and its general registers (pr_reg, the
// NT_PRSTATUS register set of package regs, ELF_NGREG 48 doublewords).
type ElfPrstatus struct {
	Info                         ElfSiginfo
	Cursig                       int16
	Sigpend, Sighold             uint64
	Pid, Ppid, Pgrp, Sid         int32
	Utime, Stime, Cutime, Cstime Timeval
	Reg                          [48 * 8]byte
	Fpvalid                      int32
}

// ElfPrpsinfo is powerpc64's struct elf_prpsinfo, 136 bytes.
type ElfPrpsinfo struct {
	State, Sname, Zomb, Nice int8
	Flag                     uint64
	UID, GID                 uint32
	Pid, Ppid, Pgrp, Sid     int32
	Fname                    [16]byte
	Psargs                   [ElfPrargsz]byte
}

// The layouts of the core file's structures.
var (
	ElfPrstatusLayout = NewLayout[ElfPrstatus]()
	ElfPrpsinfoLayout = NewLayout[ElfPrpsinfo]()
	ElfNhdrLayout     = NewLayout[ElfNhdr]()
)
