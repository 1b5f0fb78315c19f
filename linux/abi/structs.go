package abi

// The structures a powerpc64 Linux process exchanges with the kernel, as
// fixed-size Go structs (uapi headers; the layout is worked out by Layout,
// the same in both byte orders). Padding the ABI puts between fields is
// declared as blank fields, so that a 64-bit host lays them out as the
// guest does and Layout can copy them whole.

// Timespec is struct timespec (struct __kernel_timespec).
type Timespec struct {
	Sec, Nsec int64
}

// Timeval is struct timeval (struct __kernel_old_timeval).
type Timeval struct {
	Sec, Usec int64
}

// FileHandle is the head of struct file_handle (name_to_handle_at,
// open_by_handle_at): the handle's length and type; its bytes follow,
// opaque.
type FileHandle struct {
	Bytes uint32
	Type  int32
}

// Utimbuf is struct utimbuf (utime): the access and modification times,
// whole seconds.
type Utimbuf struct {
	Actime, Modtime int64
}

// Timex is struct timex (struct __kernel_timex): adjtimex and
// clock_adjtime.
type Timex struct {
	Modes                                  uint32
	Offset, Freq, Maxerror, Esterror       int64
	Status                                 int32
	Constant, Precision, Tolerance         int64
	Time                                   Timeval
	Tick, Ppsfreq, Jitter                  int64
	Shift                                  int32
	Stabil, Jitcnt, Calcnt, Errcnt, Stbcnt int64
	Tai                                    int32
	_                                      [11]int32
}

// Itimerval is struct itimerval (setitimer, getitimer): the interval, then
// the time left.
type Itimerval struct {
	Interval, Value Timeval
}

// Itimerspec is struct itimerspec: the interval, then the time left.
type Itimerspec struct {
	Interval, Value Timespec
}

// Stat is powerpc64's struct stat (asm/stat.h), 144 bytes.
type Stat struct {
	Dev, Ino, Nlink     uint64
	Mode, UID, GID      uint32
	_                   uint32
	Rdev                uint64
	Size                int64
	Blksize, Blocks     uint64
	Atime, Mtime, Ctime Timespec
	_                   [3]uint64
}

// Rlimit is struct rlimit (and struct rlimit64).
type Rlimit struct {
	Cur, Max uint64
}

// Tms is struct tms (times): four clock_t.
type Tms struct {
	Utime, Stime, Cutime, Cstime int64
}

// Rusage is struct rusage, 144 bytes.
type Rusage struct {
	Utime, Stime Timeval
	Maxrss       int64
	_            [13]int64 // ixrss … nivcsw, which the runner leaves zero
}

// Sysinfo is struct sysinfo, 112 bytes.
type Sysinfo struct {
	Uptime                                                       int64
	Loads                                                        [3]uint64
	Totalram, Freeram, Sharedram, Bufferram, Totalswap, Freeswap uint64
	Procs                                                        uint16
	_                                                            [6]byte
	Totalhigh, Freehigh                                          uint64
	MemUnit                                                      uint32
	_                                                            [4]byte
}

// Utsname is struct new_utsname: six NUL-terminated strings of 65 bytes.
type Utsname struct {
	Sysname, Nodename, Release, Version, Machine, Domainname [65]byte
}

// Flock is struct flock (fcntl's record locks, asm-generic/fcntl.h, no
// __ARCH_FLOCK_PAD on powerpc64), 32 bytes.
type Flock struct {
	Type, Whence int16
	_            uint32
	Start, Len   int64
	Pid          int32
	_            uint32
}

// FOwnerEx is struct f_owner_ex (fcntl's F_GETOWN_EX and F_SETOWN_EX,
// uapi asm-generic/fcntl.h): an F_OWNER_* kind and a process id.
type FOwnerEx struct {
	Type, Pid int32
}

// Pollfd is struct pollfd.
type Pollfd struct {
	Fd              int32
	Events, Revents int16
}

// EpollEvent is struct epoll_event, which powerpc64 does not pack: the
// 64-bit data is aligned, 16 bytes in all.
type EpollEvent struct {
	Events uint32
	_      uint32
	Data   uint64
}

// Iovec is struct iovec.
type Iovec struct {
	Base, Len uint64
}

// Msghdr is struct user_msghdr, 56 bytes.
type Msghdr struct {
	Name       uint64
	Namelen    uint32
	_          uint32
	Iov        uint64
	Iovlen     uint64
	Control    uint64
	Controllen uint64
	Flags      int32
	_          uint32
}

// Mmsghdr is struct mmsghdr: a message and the byte count of its
// transfer.
type Mmsghdr struct {
	Hdr Msghdr
	Len uint32
	_   uint32
}

// Cmsghdr is struct cmsghdr, the header of a control message (its data
// follows, aligned to 8 bytes).
type Cmsghdr struct {
	Len         uint64
	Level, Type int32
}

// Sigaction is the kernel's struct sigaction of rt_sigaction on powerpc64:
// handler, flags, restorer, mask.
type Sigaction struct {
	Handler, Flags, Restorer, Mask uint64
}

// StackT is stack_t (sigaltstack).
type StackT struct {
	Sp    uint64
	Flags int32
	_     uint32
	Size  uint64
}

// Winsize is struct winsize (TIOCGWINSZ).
type Winsize struct {
	Row, Col, Xpixel, Ypixel uint16
}

// Sigevent is struct sigevent (timer_create), 64 bytes: the value, the
// signal, how to notify, and for SIGEV_THREAD_ID the thread.
type Sigevent struct {
	Value         uint64
	Signo, Notify int32
	Tid           int32
	_             [44]byte
}

// MqAttr is struct mq_attr (uapi linux/mqueue.h), 64 bytes: four longs
// (the O_NONBLOCK flag, the queue's message limit and size, the messages
// queued) and four reserved ones.
type MqAttr struct {
	Flags, Maxmsg, Msgsize, Curmsgs int64
	_                               [32]byte
}

// SignalfdSiginfo is struct signalfd_siginfo, 128 bytes.
type SignalfdSiginfo struct {
	Signo   uint32
	Errno   int32
	Code    int32
	Pid     uint32
	UID     uint32
	Fd      int32
	Tid     uint32
	Band    uint32
	Overrun uint32
	Trapno  uint32
	Status  int32
	Int     int32
	Ptr     uint64
	Utime   uint64
	Stime   uint64
	Addr    uint64
	AddrLsb uint16
	_       [46]byte
}

// IPC64Perm is struct ipc64_perm of powerpc (a 4-byte mode and sequence
// number), 48 bytes: the owner and permissions of a System V IPC object.
type IPC64Perm struct {
	Key                  int32
	UID, GID, CUID, CGID uint32
	Mode                 uint32
	Seq                  uint32
	_                    uint32
	_                    [2]uint64
}

// ShmidDS is struct shmid64_ds of powerpc64, 112 bytes.
type ShmidDS struct {
	Perm                IPC64Perm
	Atime, Dtime, Ctime int64
	Segsz               uint64
	Cpid, Lpid          int32
	Nattch              uint64
	_                   [2]uint64
}

// SemidDS is struct semid64_ds of powerpc64, 88 bytes.
type SemidDS struct {
	Perm         IPC64Perm
	Otime, Ctime int64
	Nsems        uint64
	_            [2]uint64
}

// MsqidDS is struct msqid64_ds of powerpc64, 120 bytes.
type MsqidDS struct {
	Perm                IPC64Perm
	Stime, Rtime, Ctime int64
	Cbytes, Qnum        uint64
	Qbytes              uint64
	Lspid, Lrpid        int32
	_                   [2]uint64
}

// Shminfo is struct shminfo64 (shmctl IPC_INFO), 72 bytes.
type Shminfo struct {
	Shmmax, Shmmin, Shmmni, Shmseg, Shmall uint64
	_                                      [4]uint64
}

// ShmInfo is struct shm_info (shmctl SHM_INFO), 48 bytes: the segments
// in use, their pages, their resident and swapped pages.
type ShmInfo struct {
	UsedIDs                     int32
	_                           int32
	ShmTot, ShmRss, ShmSwp      uint64
	SwapAttempts, SwapSuccesses uint64
}

// Seminfo is struct seminfo (semctl IPC_INFO and SEM_INFO), 40 bytes.
type Seminfo struct {
	Semmap, Semmni, Semmns, Semmnu, Semmsl int32
	Semopm, Semume, Semusz, Semvmx, Semaem int32
}

// Msginfo is struct msginfo (msgctl IPC_INFO and MSG_INFO), 32 bytes.
type Msginfo struct {
	Msgpool, Msgmap, Msgmax, Msgmnb, Msgmni, Msgssz, Msgtql int32
	Msgseg                                                  uint16
	_                                                       uint16
}

// Sembuf is struct sembuf (semop), 6 bytes.
type Sembuf struct {
	Num     uint16
	Op, Flg int16
}

// IPCKludge is struct ipc_kludge: ipc(2)'s msgrcv buffer and type.
type IPCKludge struct {
	Msgp uint64
	Type int64
}

// Iocb is struct iocb (uapi linux/aio_abi.h), 64 bytes. Key holds the
// u32s aio_key and aio_rw_flags, whose order in it follows the byte order
// so that, read as one 64-bit word in that order, aio_key is the low half
// and aio_rw_flags the high half.
type Iocb struct {
	Data      uint64
	Key       uint64
	Opcode    uint16
	Reqprio   int16
	Fildes    uint32
	Buf       uint64
	Nbytes    uint64
	Offset    int64
	Reserved2 uint64
	Flags     uint32
	Resfd     uint32
}

// IoEvent is struct io_event: a completed AIO request.
type IoEvent struct {
	Data, Obj uint64
	Res, Res2 int64
}

// AioRing is struct aio_ring's header, the start of an AIO context's
// ring; its io_events follow.
type AioRing struct {
	ID, Nr, Head, Tail                      uint32
	Magic, CompatFeatures, IncompatFeatures uint32
	HeaderLength                            uint32
}

// Layouts of the structures above.
var (
	IocbLayout            = NewLayout[Iocb]()
	IoEventLayout         = NewLayout[IoEvent]()
	AioRingLayout         = NewLayout[AioRing]()
	TimespecLayout        = NewLayout[Timespec]()
	TimevalLayout         = NewLayout[Timeval]()
	UtimbufLayout         = NewLayout[Utimbuf]()
	FileHandleLayout      = NewLayout[FileHandle]()
	TimexLayout           = NewLayout[Timex]()
	ItimerspecLayout      = NewLayout[Itimerspec]()
	ItimervalLayout       = NewLayout[Itimerval]()
	StatLayout            = NewLayout[Stat]()
	RlimitLayout          = NewLayout[Rlimit]()
	RusageLayout          = NewLayout[Rusage]()
	TmsLayout             = NewLayout[Tms]()
	SysinfoLayout         = NewLayout[Sysinfo]()
	UtsnameLayout         = NewLayout[Utsname]()
	PollfdLayout          = NewLayout[Pollfd]()
	FlockLayout           = NewLayout[Flock]()
	FOwnerExLayout        = NewLayout[FOwnerEx]()
	EpollEventLayout      = NewLayout[EpollEvent]()
	IovecLayout           = NewLayout[Iovec]()
	MsghdrLayout          = NewLayout[Msghdr]()
	MmsghdrLayout         = NewLayout[Mmsghdr]()
	CmsghdrLayout         = NewLayout[Cmsghdr]()
	ShmidDSLayout         = NewLayout[ShmidDS]()
	SemidDSLayout         = NewLayout[SemidDS]()
	MsqidDSLayout         = NewLayout[MsqidDS]()
	ShminfoLayout         = NewLayout[Shminfo]()
	ShmInfoLayout         = NewLayout[ShmInfo]()
	SeminfoLayout         = NewLayout[Seminfo]()
	MsginfoLayout         = NewLayout[Msginfo]()
	SembufLayout          = NewLayout[Sembuf]()
	IPCKludgeLayout       = NewLayout[IPCKludge]()
	SigactionLayout       = NewLayout[Sigaction]()
	StackTLayout          = NewLayout[StackT]()
	WinsizeLayout         = NewLayout[Winsize]()
	SigeventLayout        = NewLayout[Sigevent]()
	MqAttrLayout          = NewLayout[MqAttr]()
	SignalfdSiginfoLayout = NewLayout[SignalfdSiginfo]()
)

// Fiemap is struct fiemap (uapi linux/fiemap.h) without its extents, the
// 32-byte header of FS_IOC_FIEMAP: the range asked for, the flags (given,
// and the incompatible ones given back with EBADR), the extents mapped,
// the room for extents after the header.
type Fiemap struct {
	Start, Length         uint64
	Flags, MappedExtents  uint32
	ExtentCount, Reserved uint32
}

// FiemapExtent is struct fiemap_extent (uapi linux/fiemap.h), 56 bytes:
// one extent of FS_IOC_FIEMAP's answer.
type FiemapExtent struct {
	Logical, Physical, Length uint64
	Reserved64                [2]uint64
	Flags                     uint32
	Reserved                  [3]uint32
}

// FiemapLayout and FiemapExtentLayout lay out a Fiemap and a FiemapExtent.
var (
	FiemapLayout       = NewLayout[Fiemap]()
	FiemapExtentLayout = NewLayout[FiemapExtent]()
)

// Fsxattr is struct fsxattr (uapi linux/fs.h), 28 bytes:
// FS_IOC_FSGETXATTR's and FS_IOC_FSSETXATTR's extended flags, extent size
// hint, extent count, project id and copy-on-write extent size hint.
type Fsxattr struct {
	Xflags, Extsize, Nextents, Projid, Cowextsize uint32
	Pad                                           [8]byte
}

// FileCloneRange is struct file_clone_range (uapi linux/fs.h), 32 bytes:
// FICLONERANGE's source descriptor and range and the destination offset.
type FileCloneRange struct {
	SrcFd                            int64
	SrcOffset, SrcLength, DestOffset uint64
}

// FileDedupeRange is struct file_dedupe_range (uapi linux/fs.h), 24
// bytes: FIDEDUPERANGE's source range and how many
// FileDedupeRangeInfo follow it.
type FileDedupeRange struct {
	SrcOffset, SrcLength uint64
	DestCount            uint16
	Reserved1            uint16
	Reserved2            uint32
}

// FileDedupeRangeInfo is struct file_dedupe_range_info (uapi
// linux/fs.h), 32 bytes: one destination (a descriptor and offset) and
// what the dedupe did there (bytes, and a status: 0 same, 1 differs, or
// a negative errno).
type FileDedupeRangeInfo struct {
	DestFd       int64
	DestOffset   uint64
	BytesDeduped uint64
	Status       int32
	Reserved     uint32
}

// FsxattrLayout, FileCloneRangeLayout, FileDedupeRangeLayout and
// FileDedupeRangeInfoLayout lay out an Fsxattr, a FileCloneRange, a
// FileDedupeRange and a FileDedupeRangeInfo.
var (
	FsxattrLayout             = NewLayout[Fsxattr]()
	FileCloneRangeLayout      = NewLayout[FileCloneRange]()
	FileDedupeRangeLayout     = NewLayout[FileDedupeRange]()
	FileDedupeRangeInfoLayout = NewLayout[FileDedupeRangeInfo]()
)

// SchedParam is struct sched_param (uapi linux/sched/types.h): the
// real-time priority of sched_setscheduler, sched_setparam and
// sched_getparam.
type SchedParam struct {
	Priority int32
}

// SchedParamLayout lays out a SchedParam.
var SchedParamLayout = NewLayout[SchedParam]()

// SchedAttr is struct sched_attr (uapi linux/sched/types.h) as Linux 6.1
// knows it (SCHED_ATTR_SIZE_VER1, 56 bytes; VER0, without the
// utilization clamps, is 48): sched_setattr's and sched_getattr's.
type SchedAttr struct {
	Size     uint32
	Policy   uint32
	Flags    uint64
	Nice     int32
	Priority uint32
	Runtime  uint64
	Deadline uint64
	Period   uint64
	UtilMin  uint32
	UtilMax  uint32
}

// SchedAttrLayout lays out a SchedAttr.
var SchedAttrLayout = NewLayout[SchedAttr]()

// Ucred is struct ucred (include/linux/socket.h): SO_PEERCRED's and
// SCM_CREDENTIALS's process id and user and group ids.
type Ucred struct {
	Pid, UID, GID uint32
}

// NlMsghdr is struct nlmsghdr (uapi linux/netlink.h), the header of the
// host's sock_diag requests and answers (the runner's own, host order).
type NlMsghdr struct {
	Len   uint32
	Type  uint16
	Flags uint16
	Seq   uint32
	Pid   uint32
}

// UnixDiagReq is struct unix_diag_req (uapi linux/unix_diag.h).
type UnixDiagReq struct {
	Family   uint8
	Protocol uint8
	Pad      uint16
	States   uint32
	Ino      uint32
	Show     uint32
	Cookie   [2]uint32
}

// UnixDiagMsg is struct unix_diag_msg (uapi linux/unix_diag.h), followed
// by attributes (struct rtattr, Rtattr, each aligned to 4 bytes).
type UnixDiagMsg struct {
	Family uint8
	Type   uint8
	State  uint8
	Pad    uint8
	Ino    uint32
	Cookie [2]uint32
}

// Rtattr is struct rtattr (uapi linux/rtnetlink.h): an attribute's
// length (with the header) and type.
type Rtattr struct {
	Len  uint16
	Type uint16
}

// Layouts of the socket credential and sock_diag structures.
var (
	UcredLayout       = NewLayout[Ucred]()
	NlMsghdrLayout    = NewLayout[NlMsghdr]()
	UnixDiagReqLayout = NewLayout[UnixDiagReq]()
	UnixDiagMsgLayout = NewLayout[UnixDiagMsg]()
	RtattrLayout      = NewLayout[Rtattr]()
)

// SockFprog is struct sock_fprog (uapi linux/filter.h): a classic BPF
// program's length in instructions and its address (seccomp's filter).
type SockFprog struct {
	Len    uint16
	_      [6]byte
	Filter uint64
}

// SockFilter is struct sock_filter (uapi linux/filter.h): one classic
// BPF instruction.
type SockFilter struct {
	Code   uint16
	Jt, Jf uint8
	K      uint32
}

// SeccompNotifSizes is struct seccomp_notif_sizes (uapi
// linux/seccomp.h): SECCOMP_GET_NOTIF_SIZES's answer.
type SeccompNotifSizes struct {
	Notif, NotifResp, Data uint16
}

// Layouts of seccomp's structures.
var (
	SockFprogLayout         = NewLayout[SockFprog]()
	SockFilterLayout        = NewLayout[SockFilter]()
	SeccompNotifSizesLayout = NewLayout[SeccompNotifSizes]()
)

// Uint64Layout lays out one 64-bit word (an element of a CPU set, an
// fd_set or a sigset).
var Uint64Layout = NewLayout[uint64]()

// Uint32Layout lays out one 32-bit word (a gid_t of setgroups's and
// getgroups's lists).
var Uint32Layout = NewLayout[uint32]()

// CapUserData is struct __user_cap_data_struct (capget, capset): one
// 32-bit word of each capability set; version 1 passes one of them,
// versions 2 and 3 two (the low word first).
type CapUserData struct {
	Effective, Permitted, Inheritable uint32
}

// CapUserDataLayout lays out a CapUserData.
var CapUserDataLayout = NewLayout[CapUserData]()

// Siginfo is siginfo_t (128 bytes) as kill, tgkill, rt_sigqueueinfo and
// POSIX timers fill it: after the header, si_pid (a timer's si_tid),
// si_uid (a timer's si_overrun) and si_value. (A fault's si_addr is a
// 64-bit address in the place of Pid and UID.)
type Siginfo struct {
	Signo, Errno, Code int32
	_                  int32
	Pid                int32
	UID                uint32
	Value              uint64
	_                  [96]byte
}

// SiginfoLayout lays out a Siginfo.
var SiginfoLayout = NewLayout[Siginfo]()

// SiginfoFault is siginfo_t as a fault fills it: si_addr after the header.
type SiginfoFault struct {
	Signo, Errno, Code int32
	_                  int32
	Addr               uint64
	_                  [104]byte
}

// SiginfoSys is siginfo_t as a seccomp filter's SECCOMP_RET_TRAP fills
// it (the _sigsys member): after the header (si_errno the filter's
// SECCOMP_RET_DATA), the address after the sc, the system call number
// and its AUDIT_ARCH_*.
type SiginfoSys struct {
	Signo, Errno, Code int32
	_                  int32
	CallAddr           uint64
	Syscall            int32
	Arch               uint32
	_                  [96]byte
}

// SiginfoChld is siginfo_t as SIGCHLD fills it (the _sigchld member):
// after the header, the child's si_pid, si_uid, si_status (exit code or
// signal), si_utime and si_stime.
type SiginfoChld struct {
	Signo, Errno, Code int32
	_                  int32
	Pid                int32
	UID                uint32
	Status             int32
	_                  int32
	Utime, Stime       int64
	_                  [80]byte
}

// PtraceSyscallInfo is struct ptrace_syscall_info (uapi linux/ptrace.h)
// as PTRACE_GET_SYSCALL_INFO fills it at a syscall-enter stop or none:
// the stop's kind (PTRACE_SYSCALL_INFO_*), the AUDIT_ARCH_*, the
// instruction and stack pointers, then the call's number and arguments
// (the entry and seccomp members of its union).
type PtraceSyscallInfo struct {
	Op      uint8
	_       [3]byte
	Arch    uint32
	IP, SP  uint64
	Nr      uint64
	Args    [6]uint64
	RetData uint32
	_       uint32
}

// PtracePeeksiginfoArgs is struct ptrace_peeksiginfo_args (uapi
// linux/ptrace.h): the first queued signal to read, PTRACE_PEEKSIGINFO_*
// flags, how many to read.
type PtracePeeksiginfoArgs struct {
	Off   uint64
	Flags uint32
	Nr    int32
}

// PtraceSyscallExit is struct ptrace_syscall_info at a syscall-exit
// stop: the header, then the union's exit member (the return value or
// the negated errno, and whether it is an error).
type PtraceSyscallExit struct {
	Op      uint8
	_       [3]byte
	Arch    uint32
	IP, SP  uint64
	Rval    int64
	IsError uint8
	_       [55]byte
}

// SiginfoPoll is siginfo_t as signal-driven I/O fills it (the _sigpoll
// member, send_sigio's siginfo): after the header, si_band (the poll
// events of the reason) and si_fd.
type SiginfoPoll struct {
	Signo, Errno, Code int32
	_                  int32
	Band               int64
	Fd                 int32
	_                  [100]byte
}

// Dirent64 is the head of struct linux_dirent64 (getdents64): the inode,
// the next entry's offset, the record's length, the file type and the
// first bytes of the NUL-terminated name, which runs on to Reclen (a
// record is at least 24 bytes: 19 of head, the NUL, aligned to 8).
type Dirent64 struct {
	Ino    uint64
	Off    int64
	Reclen uint16
	Type   uint8
	Name   [5]byte
}

// RseqCS is struct rseq_cs (linux/rseq.h), a restartable sequence's
// critical section, 32 bytes.
type RseqCS struct {
	Version, Flags                     uint32
	StartIP, PostCommitOffset, AbortIP uint64
}

// FuncDesc is the part of an ELFv1 function descriptor a call uses: the
// entry point and the TOC (the environment word follows).
type FuncDesc struct {
	Entry, TOC uint64
}

// Auxv is one auxiliary vector entry.
type Auxv struct {
	Tag, Val uint64
}

// Layouts of the structures above.
var (
	SiginfoFaultLayout = NewLayout[SiginfoFault]()
	SiginfoChldLayout  = NewLayout[SiginfoChld]()
	SiginfoPollLayout  = NewLayout[SiginfoPoll]()

	PtraceSyscallInfoLayout = NewLayout[PtraceSyscallInfo]()
	PtraceSyscallExitLayout = NewLayout[PtraceSyscallExit]()
	PtracePeeksiginfoLayout = NewLayout[PtracePeeksiginfoArgs]()
	SiginfoSysLayout        = NewLayout[SiginfoSys]()
	Dirent64Layout          = NewLayout[Dirent64]()
	RseqCSLayout            = NewLayout[RseqCS]()
	FuncDescLayout          = NewLayout[FuncDesc]()
	AuxvLayout              = NewLayout[Auxv]()
)

// UcontextHead is the start of powerpc64's struct ucontext (asm/ucontext.h):
// flags, link, the signal stack and the signal mask (15 unused sigsets and
// the struct sigcontext follow, at UcMcontext).
type UcontextHead struct {
	Flags, Link uint64
	Stack       StackT
	Sigmask     uint64
}

// SigcontextHead is the start of powerpc64's struct sigcontext
// (asm/sigcontext.h): four unused longs, the signal, the handler, the old
// mask and the address of the saved general registers (gp_regs, fp_regs,
// v_regs and vmx_reserve follow, at ScGPRegs).
type SigcontextHead struct {
	_       [4]uint64
	Signal  int32
	_       int32
	Handler uint64
	Oldmask uint64
	Regs    uint64
}

// Layouts of the signal frame's structures.
var (
	UcontextHeadLayout   = NewLayout[UcontextHead]()
	SigcontextHeadLayout = NewLayout[SigcontextHead]()
)

// Statfs is powerpc64's struct statfs (and statfs64), 120 bytes.
type Statfs struct {
	Type, Bsize                         int64
	Blocks, Bfree, Bavail, Files, Ffree uint64
	Fsid                                [2]int32
	Namelen, Frsize, Flags              int64
	_                                   [4]int64
}

// StatxTimestamp is struct statx_timestamp.
type StatxTimestamp struct {
	Sec  int64
	Nsec uint32
	_    int32
}

// Statx is struct statx, 256 bytes (the same on every architecture).
type Statx struct {
	Mask, Blksize               uint32
	Attributes                  uint64
	Nlink, UID, GID             uint32
	Mode                        uint16
	_                           uint16
	Ino, Size, Blocks           uint64
	AttributesMask              uint64
	Atime, Btime, Ctime, Mtime  StatxTimestamp
	RdevMajor, RdevMinor        uint32
	DevMajor, DevMinor          uint32
	MntID                       uint64
	DioMemAlign, DioOffsetAlign uint32
	_                           [12]uint64
}

// Layouts of the file system structures above.
var (
	StatfsLayout = NewLayout[Statfs]()
	StatxLayout  = NewLayout[Statx]()
)

// Ifreq is struct ifreq (uapi linux/if.h), IfreqSize bytes: the
// interface's name, then a union of 24 bytes whose first field the
// network interface requests read (a sockaddr, whose family is a u16 in
// the machine's byte order, an int, a short, or an Ifmap).
type Ifreq struct {
	Name  [16]byte
	Union [24]byte
}

// Ifmap is struct ifmap, the union of a struct ifreq for SIOCGIFMAP.
type Ifmap struct {
	MemStart, MemEnd uint64
	BaseAddr         uint16
	Irq, Dma, Port   uint8
	_                [3]byte
}

// Ifconf is struct ifconf (SIOCGIFCONF): the length of the buffer, then
// its address.
type Ifconf struct {
	Len int32
	_   [4]byte
	Buf uint64
}

// The layouts of the network interface requests' structures.
var (
	IfreqLayout  = NewLayout[Ifreq]()
	IfmapLayout  = NewLayout[Ifmap]()
	IfconfLayout = NewLayout[Ifconf]()
)
