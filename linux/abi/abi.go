package abi

// Errno values the runner produces itself (asm-generic/errno-base.h and
// errno.h, which powerpc uses; host errno values pass through unchanged).
const (
	EPERM      = 1
	ENOENT     = 2
	ESRCH      = 3
	EINTR      = 4
	EIO        = 5
	E2BIG      = 7
	ECHILD     = 10
	EBADF      = 9
	EAGAIN     = 11
	ENOMEM     = 12
	EACCES     = 13
	EFAULT     = 14
	EBUSY      = 16
	EEXIST     = 17
	EXDEV      = 18
	ENOTDIR    = 20
	EISDIR     = 21
	EINVAL     = 22
	ENFILE     = 23
	EMFILE     = 24
	ENOTTY     = 25
	EFBIG      = 27
	ENOSPC     = 28
	ESPIPE     = 29
	EROFS      = 30
	ERANGE     = 34
	ENOSYS     = 38
	ELOOP      = 40
	ENOTSOCK   = 88
	EMSGSIZE   = 90
	EOPNOTSUPP = 95
	ETIMEDOUT  = 110
)

// The -ERESTART* codes of an interrupted system call (include/linux/errno.h):
// never returned to user space, but what its registers show (r3 with
// CR0[SO] set for sc, negated for scv) from the call's end until the
// signal delivery after it decides between a restart and EINTR (Linux
// 6.1's check_syscall_restart, arch/powerpc/kernel/signal.c), so a
// tracer sees them at a syscall-exit or signal-delivery-stop.
const (
	ERESTARTSYS           = 512 // restart if no handler runs or it has SA_RESTART
	ERESTARTNOINTR        = 513 // restart always
	ERESTARTNOHAND        = 514 // restart if no handler runs
	ERESTART_RESTARTBLOCK = 516 // restart_syscall(2) if no handler runs
)

// ENAMETOOLONG is the errno of a name too long.
const ENAMETOOLONG = 36

// Signal numbers (powerpc uses the generic numbering).
const (
	SIGHUP    = 1
	SIGINT    = 2
	SIGQUIT   = 3
	SIGILL    = 4
	SIGTRAP   = 5
	SIGABRT   = 6
	SIGBUS    = 7
	SIGFPE    = 8
	SIGKILL   = 9
	SIGUSR1   = 10
	SIGSEGV   = 11
	SIGUSR2   = 12
	SIGPIPE   = 13
	SIGALRM   = 14
	SIGTERM   = 15
	SIGSTKFLT = 16
	SIGCHLD   = 17
	SIGCONT   = 18
	SIGSTOP   = 19
	SIGTSTP   = 20
	SIGTTIN   = 21
	SIGTTOU   = 22
	SIGURG    = 23
	SIGXCPU   = 24
	SIGXFSZ   = 25
	SIGVTALRM = 26
	SIGPROF   = 27
	SIGWINCH  = 28
	SIGIO     = 29
	SIGPWR    = 30
	SIGSYS    = 31
	SIGRTMIN  = 32 // the kernel's first real-time signal (glibc keeps 32 and 33 for itself)
	NSIG      = 64
)

// si_code values.
const (
	SI_USER     = 0
	SI_QUEUE    = -1
	SI_MESGQ    = -3
	SI_TKILL    = -6
	SI_KERNEL   = 0x80 // a signal the kernel sends; internal/hostsig's SIKernel on the host (TestSIKernelHost)
	POLL_IN     = 1    // signal-driven I/O's reasons (POLL_IN through POLL_HUP)
	POLL_OUT    = 2
	POLL_MSG    = 3
	POLL_ERR    = 4
	POLL_PRI    = 5
	POLL_HUP    = 6
	SEGV_MAPERR = 1
	SEGV_ACCERR = 2
	BUS_ADRALN  = 1
	BUS_ADRERR  = 2
	ILL_ILLOPC  = 1
	ILL_PRVOPC  = 5
	TRAP_BRKPT  = 1
	FPE_INTDIV  = 1
	FPE_FLTDIV  = 3
	FPE_FLTOVF  = 4
	FPE_FLTUND  = 5
	FPE_FLTRES  = 6
	FPE_FLTINV  = 7
	FPE_FLTUNK  = 14 // none of the above (Linux 4.17 and later)
	// SYS_SECCOMP_CODE is SIGSYS's si_code for a seccomp filter's trap
	// (uapi asm-generic/siginfo.h's SYS_SECCOMP; the name is the system
	// call's here).
	SYS_SECCOMP_CODE = 1
)

// POLLRDNORM and POLLWRNORM are poll's "normal data readable" and
// "writable" events (uapi asm-generic/poll.h; powerpc's are the generic
// ones, as the host's).
const (
	POLLRDNORM = 0x0040
	POLLWRNORM = 0x0100
)

// sigaction flags and special handlers.
const (
	SA_NOCLDSTOP = 0x00000001
	SA_NOCLDWAIT = 0x00000002
	SA_SIGINFO   = 0x00000004
	SA_ONSTACK   = 0x08000000
	SA_RESTART   = 0x10000000
	SA_NODEFER   = 0x40000000
	SA_RESETHAND = 0x80000000
	SIG_DFL      = 0
	SIG_IGN      = 1
	SIG_BLOCK    = 0
	SIG_UNBLOCK  = 1
	SIG_SETMASK  = 2
	SS_ONSTACK   = 1
	SS_DISABLE   = 2
	MINSIGSTKSZ  = 8192 // powerpc
)

// DefaultAction is what SIG_DFL does.
type DefaultAction uint8

// Default actions.
const (
	ActTerm DefaultAction = iota // terminate
	ActCore                      // terminate with a core dump
	ActIgnore
	ActStop
	ActCont
)

// Default returns the default action of sig (signal(7)).
func Default(sig int) DefaultAction {
	switch sig {
	case SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGXCPU, SIGXFSZ, SIGSYS:
		return ActCore
	case SIGCHLD, SIGURG, SIGWINCH:
		return ActIgnore
	case SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU:
		return ActStop
	case SIGCONT:
		return ActCont
	}
	return ActTerm
}

// Resource limits (asm-generic/resource.h, which powerpc uses; the MIPS
// and SPARC hosts number some otherwise), RLIM_NLIMITS of them.
const (
	RLIMIT_CPU        = 0
	RLIMIT_FSIZE      = 1
	RLIMIT_DATA       = 2
	RLIMIT_STACK      = 3
	RLIMIT_CORE       = 4
	RLIMIT_RSS        = 5
	RLIMIT_NPROC      = 6
	RLIMIT_NOFILE     = 7
	RLIMIT_MEMLOCK    = 8
	RLIMIT_AS         = 9
	RLIMIT_LOCKS      = 10
	RLIMIT_SIGPENDING = 11
	RLIMIT_MSGQUEUE   = 12
	RLIMIT_NICE       = 13
	RLIMIT_RTPRIO     = 14
	RLIMIT_RTTIME     = 15
	RLIM_NLIMITS      = 16
)

// Clone flags.
const (
	CLONE_VM             = 0x00000100
	CLONE_FS             = 0x00000200
	CLONE_FILES          = 0x00000400
	CLONE_SIGHAND        = 0x00000800
	CLONE_PTRACE         = 0x00002000
	CLONE_VFORK          = 0x00004000
	CLONE_THREAD         = 0x00010000
	CLONE_NEWNS          = 0x00020000
	CLONE_SYSVSEM        = 0x00040000
	CLONE_SETTLS         = 0x00080000
	CLONE_PARENT_SETTID  = 0x00100000
	CLONE_CHILD_CLEARTID = 0x00200000
	CLONE_UNTRACED       = 0x00800000
	CLONE_CHILD_SETTID   = 0x01000000
	CLONE_NEWCGROUP      = 0x02000000
	CLONE_NEWUTS         = 0x04000000
	CLONE_NEWIPC         = 0x08000000
	CLONE_NEWUSER        = 0x10000000
	CLONE_NEWPID         = 0x20000000
	CLONE_NEWNET         = 0x40000000
	CLONE_NEWTIME        = 0x00000080 // unshare and clone3 only (it is CSIGNAL's bit for clone)
)

// Personalities (uapi linux/personality.h): the low byte is the base
// personality, the rest flags.
const (
	PER_MASK    = 0xff
	PER_LINUX   = 0x0000
	PER_LINUX32 = 0x0008
	UNAME26     = 0x0020000
	// PerClearOnSetid are the flags a set-user-ID or set-group-ID
	// execve clears (PER_CLEAR_ON_SETID: READ_IMPLIES_EXEC,
	// ADDR_NO_RANDOMIZE, ADDR_COMPAT_LAYOUT, MMAP_PAGE_ZERO).
	PerClearOnSetid = 0x0400000 | 0x0040000 | 0x0200000 | 0x0100000
)

// Futex operations.
const (
	FUTEX_WAIT           = 0
	FUTEX_WAKE           = 1
	FUTEX_REQUEUE        = 3
	FUTEX_CMP_REQUEUE    = 4
	FUTEX_WAKE_OP        = 5
	FUTEX_WAIT_BITSET    = 9
	FUTEX_WAKE_BITSET    = 10
	FUTEX_PRIVATE_FLAG   = 128
	FUTEX_CLOCK_REALTIME = 256
	FUTEX_CMD_MASK       = ^(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME)
	FUTEX_BITSET_ANY     = 0xffffffff
)

// mmap and mprotect.
const (
	PROT_READ           = 1
	PROT_WRITE          = 2
	PROT_EXEC           = 4
	MAP_SHARED          = 0x01
	MAP_PRIVATE         = 0x02
	MAP_FIXED           = 0x10
	MAP_ANONYMOUS       = 0x20
	MAP_NORESERVE       = 0x40 // powerpc
	MAP_FIXED_NOREPLACE = 0x100000
)

// open flags where powerpc differs from the generic values.
const (
	O_DIRECTORY = 0x4000
	O_NOFOLLOW  = 0x8000
	O_LARGEFILE = 0x10000
	O_DIRECT    = 0x20000
)

// open flags creat(2) implies (powerpc shares the generic values).
const (
	O_WRONLY = 0x1
	O_CREAT  = 0x40
	O_TRUNC  = 0x200
)

// ioctl requests (powerpc encodings).
const (
	TCGETS     = 0x402c7413
	TIOCGWINSZ = 0x40087468
	FIONREAD   = 0x4004667f
	FIONBIO    = 0x8004667e
	FIOCLEX    = 0x20006601
	FIONCLEX   = 0x20006602
	FIOASYNC   = 0x8004667d // _IOW('f', 125, int)
	FIOQSIZE   = 0x40086680 // _IOR('f', 128, loff_t)
)

// FS_IOC_FIEMAP is _IOWR('f', 11, struct fiemap) (uapi linux/fs.h). Read
// and write together are the two top bits on every architecture (powerpc's
// _IOC_READ|_IOC_WRITE is 6<<29, the generic 3<<30), so the host's request
// is the same number.
const FS_IOC_FIEMAP = 0xc020660b

// The other file requests of do_vfs_ioctl and file_ioctl (fs/ioctl.c;
// uapi linux/fs.h), powerpc's encodings (_IO's direction is 1<<29 there):
// the inode flags (an unsigned int, though the number says long), the
// inode generation, struct fsxattr, a file's block size, the block of a
// file block, and a clone of another file (whole, or a range).
const (
	FS_IOC_GETFLAGS   = 0x40086601 // _IOR('f', 1, long)
	FS_IOC_SETFLAGS   = 0x80086602 // _IOW('f', 2, long)
	FS_IOC_GETVERSION = 0x40087601 // _IOR('v', 1, long)
	FS_IOC_SETVERSION = 0x80087602 // _IOW('v', 2, long)
	FS_IOC_FSGETXATTR = 0x401c581f // _IOR('X', 31, struct fsxattr)
	FS_IOC_FSSETXATTR = 0x801c5820 // _IOW('X', 32, struct fsxattr)
	FIBMAP            = 0x20000001 // _IO(0x00, 1)
	FIGETBSZ          = 0x20000002 // _IO(0x00, 2)
	FICLONE           = 0x80049409 // _IOW(0x94, 9, int)
	FICLONERANGE      = 0x8020940d // _IOW(0x94, 13, struct file_clone_range)
)

// More file requests (uapi linux/fs.h), powerpc's encodings: a file
// system's label (char[FSLABEL_MAX]), a dedupe of ranges of other files
// into one (struct file_dedupe_range: read and write together, the same
// number on every architecture), a freeze and thaw of a file system (an
// int), and a discard of its free blocks (struct fstrim_range).
const (
	FS_IOC_GETFSLABEL = 0x41009431 // _IOR(0x94, 49, char[FSLABEL_MAX])
	FS_IOC_SETFSLABEL = 0x81009432 // _IOW(0x94, 50, char[FSLABEL_MAX])
	FIDEDUPERANGE     = 0xc0189436 // _IOWR(0x94, 54, struct file_dedupe_range)
	FIFREEZE          = 0xc0045877 // _IOWR('X', 119, int)
	FITHAW            = 0xc0045878 // _IOWR('X', 120, int)
	FITRIM            = 0xc0185879 // _IOWR('X', 121, struct fstrim_range)
	FSLABEL_MAX       = 256
)

// The requests of /dev/random and /dev/urandom (uapi linux/random.h),
// powerpc's encodings: the entropy count (an int), and the ones that need
// CAP_SYS_ADMIN: add to the count (an int), add bytes and credit them
// (struct rand_pool_info: an int count, an int length, the bytes), clear
// the count, clear the pool, reseed.
const (
	RNDGETENTCNT   = 0x40045200 // _IOR('R', 0x00, int)
	RNDADDTOENTCNT = 0x80045201 // _IOW('R', 0x01, int)
	RNDADDENTROPY  = 0x80085203 // _IOW('R', 0x03, int[2])
	RNDZAPENTCNT   = 0x20005204 // _IO('R', 0x04)
	RNDCLEARPOOL   = 0x20005206 // _IO('R', 0x06)
	RNDRESEEDCRNG  = 0x20005207 // _IO('R', 0x07)
)

// The socket requests of the file's owner (uapi asm-generic/sockios.h,
// powerpc's asm/sockios.h too): FIOSETOWN and SIOCSPGRP set it as fcntl's
// F_SETOWN, FIOGETOWN and SIOCGPGRP read it as F_GETOWN (an int).
const (
	FIOSETOWN = 0x8901
	SIOCSPGRP = 0x8902
	FIOGETOWN = 0x8903
	SIOCGPGRP = 0x8904
)

// FiemapExtentLast is FIEMAP_EXTENT_LAST (uapi linux/fiemap.h), the flag
// of a file's last extent.
const FiemapExtentLast = 0x1

// Network device ioctl requests of a socket (uapi linux/sockios.h, the
// same on every architecture) and the size of their struct ifreq on a
// 64-bit Linux: a 16-byte name, then a 24-byte union whose first member
// for these requests is the int ifr_ifindex.
const (
	SIOCATMARK   = 0x8905 // powerpc's asm/sockios.h too
	SIOCGIFNAME  = 0x8910
	SIOCGIFINDEX = 0x8933
	IfreqSize    = 40
	IfreqIndex   = 16 // offset of ifr_ifindex
)

// NewUtsLen is the longest host or domain name sethostname and
// setdomainname take (__NEW_UTS_LEN, uapi linux/utsname.h).
const NewUtsLen = 64

// The other network interface requests of a socket (uapi
// linux/sockios.h), each with a struct ifreq (Ifreq), SIOCGIFCONF with a
// struct ifconf (Ifconf).
const (
	SIOCGIFCONF    = 0x8912
	SIOCGIFFLAGS   = 0x8913
	SIOCGIFADDR    = 0x8915
	SIOCGIFDSTADDR = 0x8917
	SIOCGIFBRDADDR = 0x8919
	SIOCGIFNETMASK = 0x891b
	SIOCGIFMETRIC  = 0x891d
	SIOCGIFMTU     = 0x8921
	SIOCGIFHWADDR  = 0x8927
	SIOCGIFTXQLEN  = 0x8942
	SIOCGIFMAP     = 0x8970
)

// Layout of the 64-bit signal frame (arch/powerpc/kernel/signal_64.c,
// uapi asm/ucontext.h and asm/sigcontext.h). Offsets in bytes.
const (
	UcFlags    = 0
	UcLink     = 8
	UcStack    = 16  // stack_t: ss_sp, ss_flags (int + pad), ss_size
	UcSigmask  = 40  // 64-bit kernel sigset_t, then 15 unused sigsets
	UcMcontext = 168 // struct sigcontext
	UcSize     = UcMcontext + ScSize

	ScSignal  = 32
	ScHandler = 40
	ScOldmask = 48
	ScRegs    = 56  // pointer to gp_regs
	ScGPRegs  = 64  // elf_gregset_t: 48 longs (pt_regs layout)
	ScFPRegs  = 448 // elf_fpregset_t: 32 FPRs + FPSCR
	ScVRegs   = 712 // pointer to the 16-byte aligned VMX area inside VMXReserve
	ScVMX     = 720 // vmx_reserve: 101 longs
	ScSize    = ScVMX + 101*8

	// Inside the VMX area (at ScVRegs' target): 32 VRs, VSCR in the last
	// word of quadword 32, VRSAVE in the first word of quadword 33, then
	// the low doublewords of VSR0-31.
	VMXVSCR   = 32*16 + 12
	VMXVRSAVE = 33 * 16
	VMXVSXLow = 34 * 16

	// rt_sigframe: uc, 2 unused longs, 7 trampoline words (+ pad), pinfo,
	// puc, siginfo, then a 512-byte gap protecting the red zone.
	FrameTramp  = UcSize + 16
	TrampWords  = 7
	FrameInfo   = FrameTramp + 32 + 16
	SiginfoSize = 128
	FrameSize   = FrameInfo + SiginfoSize + 512

	// SignalFrameSize is the ABI's minimum caller frame the kernel leaves
	// below the signal frame (__SIGNAL_FRAMESIZE).
	SignalFrameSize = 128
)

// Securebits (uapi linux/securebits.h): each flag's bit and the bit above
// it that locks it; PR_SET_SECUREBITS accepts these only.
const (
	SECURE_NOROOT                      = 1 << 0
	SECURE_NOROOT_LOCKED               = 1 << 1
	SECURE_NO_SETUID_FIXUP             = 1 << 2
	SECURE_NO_SETUID_FIXUP_LOCKED      = 1 << 3
	SECURE_KEEP_CAPS                   = 1 << 4
	SECURE_KEEP_CAPS_LOCKED            = 1 << 5
	SECURE_NO_CAP_AMBIENT_RAISE        = 1 << 6
	SECURE_NO_CAP_AMBIENT_RAISE_LOCKED = 1 << 7

	SECURE_ALL_BITS  = SECURE_NOROOT | SECURE_NO_SETUID_FIXUP | SECURE_KEEP_CAPS | SECURE_NO_CAP_AMBIENT_RAISE
	SECURE_ALL_LOCKS = SECURE_ALL_BITS << 1
)
