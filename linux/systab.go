//go:build linux

package linux

import (
	"slices"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The system call table of powerpc64 Linux (both byte orders): for every
// number the runner knows something about, its handler, how much of Linux's
// behaviour it has, a note, and the kinds of its arguments (which strace
// prints from). Names come from abi.SyscallNames (generated from
// golang.org/x/sys); a number without a row is unimplemented: the guest
// gets ENOSYS, as from a kernel without the call, and -strace says so.
// docs/syscalls.md is generated from this table (go generate ./linux).

// support says how much of a system call the runner implements.
type support uint8

// Support levels.
const (
	unimplemented support = iota // not (yet) in the runner: ENOSYS
	full                         // as Linux, for what a user-mode process can see
	partial                      // some arguments or cases only (see the note)
	byDesign                     // ENOSYS on purpose (see the note)
)

var supportNames = [...]string{
	unimplemented: "unimplemented",
	full:          "full",
	partial:       "partial",
	byDesign:      "ENOSYS by design",
}

func (s support) String() string { return supportNames[s] }

// argKind is what one argument of a system call is, as strace prints it.
type argKind uint8

// Argument kinds.
const (
	aInt        argKind = iota // a C int: signed decimal
	aUint                      // an unsigned int: decimal
	aLong                      // a long, off_t: signed decimal
	aSize                      // a size_t, unsigned long: decimal
	aHex                       // a number shown in hexadecimal
	aPtr                       // a pointer (NULL or hexadecimal)
	aBuf                       // a data buffer\'s address (hexadecimal)
	aFd                        // a file descriptor
	aDirFd                     // a directory descriptor (AT_FDCWD)
	aPath                      // a NUL-terminated string the call reads
	aOpenFlags                 // O_* flags
	aMode                      // a file mode (octal)
	aAtFlags                   // AT_* flags
	aProt                      // PROT_* flags
	aMapFlags                  // MAP_* flags
	aSignal                    // a signal number
	aSigHow                    // SIG_BLOCK, SIG_UNBLOCK, SIG_SETMASK
	aClock                     // a clock id
	aFutexOp                   // a futex operation
	aCloneFlags                // CLONE_* flags
	aFcntlCmd                  // an fcntl command
	aIoctl                     // an ioctl request
	aFamily                    // an address family
	aSockType                  // a socket type (and SOCK_* flags)
	aMsgFlags                  // MSG_* flags
	aAdvice                    // an madvise advice
)

// privNote begins the notes of the privileged calls on the whole machine
// (sys_priv.go).
const privNote = "never the host's: as Linux answers a process without the capability"

// pkeyNote begins the notes of the memory protection key calls (pkeys.go).
const pkeyNote = "as Linux 6.1 on a POWER9 or POWER10 with the radix MMU, where keys are the hash MMU's only (pkeys.c: MMU_FTR_PKEY clear, num_pkey 0)"

// aioNote begins the notes of the native AIO calls (aio.go).
const aioNote = "Linux 6.1's fs/aio.c: the ring is guest memory at the context's id (libaio reads it); a pending IOCB_CMD_POLL completes when its file becomes ready, whatever the guest does meanwhile"

// mpolNote begins the notes of the memory policy calls (mempolicy.go).
const mpolNote = "Linux 6.1's mm/mempolicy.c on one memory node (node 0)"

// credNote is the note of the calls that set credentials.
const credNote = "the calling thread's virtual credentials (cred.go); host file checks use the runner's"

// sysEntry is one row of the table.
type sysEntry struct {
	fn     sysFn
	level  support
	note   string
	args   []argKind
	retPtr bool // strace shows the result as an address
}

// Short names for the argument lists below.
func args(k ...argKind) []argKind { return k }

// sysMax bounds the system call numbers of the table.
const sysMax = 512

// systab is the table, indexed by system call number. It is filled by init
// (a package-level initializer would make an initialization cycle: clone's
// handler starts a thread, whose loop reads the table).
var systab [sysMax]sysEntry

func init() {
	systab = [sysMax]sysEntry{
		// Files and descriptors.
		abi.SYS_READ:              {fn: sysRead, level: full, note: "a signalfd's reads are the runner's own", args: args(aFd, aBuf, aSize)},
		abi.SYS_WRITE:             {fn: sysWrite, level: full, args: args(aFd, aBuf, aSize)},
		abi.SYS_PREAD64:           {fn: sysPread, level: full, args: args(aFd, aBuf, aSize, aLong)},
		abi.SYS_PWRITE64:          {fn: sysPwrite, level: full, args: args(aFd, aBuf, aSize, aLong)},
		abi.SYS_READV:             {fn: sysReadv, level: full, args: args(aFd, aPtr, aInt)},
		abi.SYS_WRITEV:            {fn: sysWritev, level: full, args: args(aFd, aPtr, aInt)},
		abi.SYS_PREADV:            {fn: sysPreadv, level: partial, note: "the host's; /proc/PID/mem's one read per buffer at the offset (Linux's mem_rw); ESPIPE for the runner's other own files (signalfd, pidfd)", args: args(aFd, aPtr, aInt, aLong, aLong)},
		abi.SYS_PWRITEV:           {fn: sysPwritev, level: partial, note: "the host's; ESPIPE for the runner's own files but /proc/PID/mem (one write per buffer at the offset) and the writable /proc entries it answers (one write per buffer, ESPIPE for comm, timerslack_ns and sched: procWritev)", args: args(aFd, aPtr, aInt, aLong, aLong)},
		abi.SYS_PREADV2:           {fn: sysPreadv2, level: partial, note: "the host's (offset -1 too); RWF_ flags outside Linux 6.1's EOPNOTSUPP, and RWF_NOWAIT on a pipe or socket (no FMODE_NOWAIT in 6.1); ESPIPE for the runner's own files but /proc/PID/mem and the /proc entries it answers (an RWF_ flag but RWF_HIPRI EOPNOTSUPP there)", args: args(aFd, aPtr, aInt, aLong, aLong, aHex)},
		abi.SYS_PWRITEV2:          {fn: sysPwritev2, level: partial, note: "the host's (offset -1 too); RWF_ flags outside Linux 6.1's EOPNOTSUPP, and RWF_NOWAIT on a pipe or socket (no FMODE_NOWAIT in 6.1); ESPIPE for the runner's own files but /proc/PID/mem and the writable /proc entries it answers (an RWF_ flag but RWF_HIPRI EOPNOTSUPP there: procWritev)", args: args(aFd, aPtr, aInt, aLong, aLong, aHex)},
		abi.SYS_SENDFILE:          {fn: sysSendfile, level: partial, note: "the host's; EINVAL for the runner's own files and for the runner's stdout and stderr while recording", args: args(aFd, aFd, aPtr, aSize)},
		abi.SYS_COPY_FILE_RANGE:   {fn: sysCopyFileRange, level: partial, note: "the host's; with the files the runner answers, Linux 6.1's checks (signalfd, pidfd EINVAL; a /proc file and another file system's EXDEV; two /proc files 0); EINVAL for the runner's stdout and stderr while recording", args: args(aFd, aPtr, aFd, aPtr, aSize, aHex)},
		abi.SYS_FADVISE64:         {fn: sysFadvise64, level: partial, note: "the host's; for the runner's own files generic_fadvise's answer (0, EINVAL for a negative length or an unknown advice)", args: args(aFd, aLong, aSize, aInt)},
		abi.SYS_MEMFD_CREATE:      {fn: sysMemfdCreate, level: full, note: "the host's memory file; flags checked against Linux 6.1's", args: args(aPath, aHex)},
		abi.SYS_OPEN:              {fn: sysOpen, level: full, note: "/proc/self/exe names the guest program; ETXTBSY for writing a guest's running program (txtbusy.go); /proc/sys is read-only, kernel/hostname and domainname the run's (procsys.go); breaks a guest's file lease as Linux does (lease.go); the /proc files the runner answers itself (a guest process's entries, /proc/locks, /proc/sysvipc, the run's /proc/sys names) are host memory files known by inode, which fstat, statx, fstatfs, mmap, fsync, ftruncate, fallocate, lseek, fchmod, the seals, io_submit, readlink of /proc/PID/fd/N and its fdinfo answer as Linux 6.1's /proc files (procfile.go)", args: args(aPath, aOpenFlags, aMode)},
		abi.SYS_OPENAT:            {fn: sysOpenat, level: full, note: "as open", args: args(aDirFd, aPath, aOpenFlags, aMode)},
		abi.SYS_OPENAT2:           {fn: sysOpenat2, level: partial, note: "struct open_how checked as Linux 6.1's build_open_flags; without resolve flags openat; with them the host's openat2 (ENOSYS before Linux 5.6) on the host descriptor, RESOLVE_IN_ROOT added in a chroot(2) root for an unscoped path, the -L sysroot's host path for an unscoped one; a guest process's /proc entries, a FIFO whose open waits and /dev/tty checked by the host's openat2 with O_PATH (the host's /proc: the runner's own descriptors under fd/), then opened as openat (openat2.go)", args: args(aDirFd, aPath, aPtr, aSize)},
		abi.SYS_CLOSE:             {fn: sysClose, level: full, args: args(aFd)},
		abi.SYS_CLOSE_RANGE:       {fn: sysCloseRange, level: full, args: args(aUint, aUint, aHex)},
		abi.SYS__LLSEEK:           {fn: sysLlseek, level: full, args: args(aFd, aSize, aSize, aPtr, aUint)},
		abi.SYS_LSEEK:             {fn: sysLseek, level: full, args: args(aFd, aLong, aUint)},
		abi.SYS_FSTAT:             {fn: sysFstat, level: full, args: args(aFd, aPtr)},
		abi.SYS_STAT:              {fn: sysStat, level: full, args: args(aPath, aPtr)},
		abi.SYS_LSTAT:             {fn: sysLstat, level: full, args: args(aPath, aPtr)},
		abi.SYS_NEWFSTATAT:        {fn: sysNewfstatat, level: full, args: args(aDirFd, aPath, aPtr, aAtFlags)},
		abi.SYS_READLINK:          {fn: sysReadlink, level: full, note: "/proc/self/exe names the guest program", args: args(aPath, aPtr, aInt)},
		abi.SYS_READLINKAT:        {fn: sysReadlinkat, level: full, note: "/proc/self/exe names the guest program", args: args(aDirFd, aPath, aPtr, aInt)},
		abi.SYS_IOCTL:             {fn: sysIoctl, level: partial, note: "terminal attributes and window size, pseudo-terminals, controlling terminals (ctty.go), FIONREAD, FIONBIO, FIOCLEX, FIONCLEX, FIOASYNC (the runner's O_ASYNC, asyncio.go), FIOQSIZE, FS_IOC_FIEMAP (the host file's extents, fiemap.go), the host file's FS_IOC_GETFLAGS/SETFLAGS, GETVERSION/SETVERSION, FSGETXATTR/FSSETXATTR, FIGETBSZ, FIBMAP, FICLONE, FICLONERANGE, FIDEDUPERANGE, FS_IOC_GETFSLABEL/SETFSLABEL (fileioctl.go), FIFREEZE/FITHAW/FITRIM refused as without CAP_SYS_ADMIN (fileioctl.go), /dev/random's RND* (randioctl.go), a socket's FIOSETOWN/SIOCSPGRP and FIOGETOWN/SIOCGPGRP (fowner.go), a socket's SIOCATMARK, SIOCGIFINDEX and SIOCGIFNAME, the other network interface requests SIOCGIFCONF and SIOCGIF* of flags, addresses, MTU, metric, queue length and map (sockios.go); an O_PATH descriptor is EBADF", args: args(aFd, aIoctl, aPtr)},
		abi.SYS_FCNTL:             {fn: sysFcntl, level: partial, note: "F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_GETPIPE_SZ, F_SETPIPE_SZ, record locks (F_GETLK, F_SETLK, F_SETLKW between guest processes kept by the runner, reclock.go; F_OFD_* the host's), F_NOTIFY removing a watch (setting one is EINVAL, as with dnotify off), F_ADD_SEALS and F_GET_SEALS (the host's; EINVAL on a /proc file the runner answers, procfile.go), F_GETOWN, F_SETOWN, F_GETOWN_EX, F_SETOWN_EX (owners kept per description with guest ids) and F_GETSIG, F_SETSIG (kept per description by the runner; never set on the host) (fowner.go); F_SETLEASE and F_GETLEASE (kept per description by the runner, checked as Linux does, broken by the guest's opens, execve and truncate as Linux breaks them: the holder signalled, the opener waiting interruptibly until a release, a downgrade or the lease-break time: lease.go); O_ASYNC kept by the runner, never set on the host description, and its signal to the owner as Linux's send_sigio for pipes, FIFOs, sockets, terminals, inotify and /dev/net/tun, POLL_OUT included (armed by a write that found no room or, for a socket, a poll, select, epoll_ctl or epoll_wait that found it not writable; never for a terminal whose other side a process outside the run reads) (asyncio.go); an owner outside the run is never signalled", args: args(aFd, aFcntlCmd, aHex)},
		abi.SYS_DUP:               {fn: sysDup, level: full, args: args(aFd)},
		abi.SYS_DUP2:              {fn: sysDup2, level: full, args: args(aFd, aFd)},
		abi.SYS_TEE:               {fn: sysTee, level: partial, note: "the host's; EINVAL for the runner's own files and for the runner's stdout and stderr while recording", args: args(aFd, aFd, aSize, aHex)},
		abi.SYS_VMSPLICE:          {fn: sysVmsplice, level: partial, note: "the host's on a copy of the guest's bytes (SPLICE_F_GIFT changes nothing), at most 1 MiB a call; EBADF for the runner's own files and for the runner's stdout and stderr while recording", args: args(aFd, aPtr, aSize, aHex)},
		abi.SYS_SPLICE:            {fn: sysSplice, level: partial, note: "the host's; EINVAL for the runner's own files (signalfd, /proc/PID/mem, comm) and for the runner's stdout and stderr while recording", args: args(aFd, aPtr, aFd, aPtr, aSize, aHex)},
		abi.SYS_DUP3:              {fn: sysDup3, level: full, args: args(aFd, aFd, aOpenFlags)},
		abi.SYS_PIPE2:             {fn: sysPipe2, level: full, args: args(aPtr, aOpenFlags)},
		abi.SYS_PIPE:              {fn: sysPipe, level: full, args: args(aPtr)},
		abi.SYS_GETDENTS64:        {fn: sysGetdents64, level: full, args: args(aFd, aPtr, aUint)},
		abi.SYS_GETDENTS:          {fn: sysGetdents, level: full, args: args(aFd, aPtr, aUint)},
		abi.SYS_MKDIRAT:           {fn: sysMkdirat, level: full, args: args(aDirFd, aPath, aMode)},
		abi.SYS_MKDIR:             {fn: sysMkdir, level: full, args: args(aPath, aMode)},
		abi.SYS_UNLINKAT:          {fn: sysUnlinkat, level: full, args: args(aDirFd, aPath, aAtFlags)},
		abi.SYS_UNLINK:            {fn: sysUnlink, level: full, args: args(aPath)},
		abi.SYS_RMDIR:             {fn: sysRmdir, level: full, args: args(aPath)},
		abi.SYS_RENAMEAT:          {fn: sysRenameat, level: full, args: args(aDirFd, aPath, aDirFd, aPath)},
		abi.SYS_RENAMEAT2:         {fn: sysRenameat2, level: full, args: args(aDirFd, aPath, aDirFd, aPath, aHex)},
		abi.SYS_RENAME:            {fn: sysRename, level: full, args: args(aPath, aPath)},
		abi.SYS_SYMLINKAT:         {fn: sysSymlinkat, level: full, args: args(aPath, aDirFd, aPath)},
		abi.SYS_SYMLINK:           {fn: sysSymlink, level: full, args: args(aPath, aPath)},
		abi.SYS_FCHMODAT:          {fn: sysFchmodat, level: full, args: args(aDirFd, aPath, aMode)},
		abi.SYS_FCHMODAT2:         {level: byDesign, note: "Linux 6.6's: Linux 6.1 has no such call (its number is sys_ni_syscall there)", args: args(aDirFd, aPath, aMode, aAtFlags)},
		abi.SYS_FCHMOD:            {fn: sysFchmod, level: full, args: args(aFd, aMode)},
		abi.SYS_FTRUNCATE:         {fn: sysFtruncate, level: full, args: args(aFd, aLong)},
		abi.SYS_FALLOCATE:         {fn: sysFallocate, level: full, args: args(aFd, aHex, aLong, aLong)},
		abi.SYS_FSYNC:             {fn: sysFsync, level: full, args: args(aFd)},
		abi.SYS_FDATASYNC:         {fn: sysFdatasync, level: full, args: args(aFd)},
		abi.SYS_SYNC:              {fn: sysSync, level: full, note: "the host's", args: args()},
		abi.SYS_SYNCFS:            {fn: sysSyncfs, level: full, args: args(aFd)},
		abi.SYS_SYNC_FILE_RANGE2:  {fn: sysSyncFileRange2, level: full, args: args(aFd, aHex, aLong, aLong)},
		abi.SYS_READAHEAD:         {fn: sysReadahead, level: full, args: args(aFd, aLong, aSize)},
		abi.SYS_GETCPU:            {fn: sysGetcpu, level: full, note: "CPU 0 (rseq.go), node 0; the vDSO's __kernel_getcpu makes this call (vdso.go)", args: args(aPtr, aPtr, aPtr)},
		abi.SYS_FACCESSAT:         {fn: sysFaccessat, level: full, args: args(aDirFd, aPath, aInt)},
		abi.SYS_ACCESS:            {fn: sysAccess, level: full, args: args(aPath, aInt)},
		abi.SYS_GETCWD:            {fn: sysGetcwd, level: full, args: args(aPtr, aSize)},
		abi.SYS_CHDIR:             {fn: sysChdir, level: full, note: "per process (fs.go)", args: args(aPath)},
		abi.SYS_CHROOT:            {fn: sysChroot, level: full, note: "per process, paths resolved in the root (chroot.go)", args: args(aPath)},
		abi.SYS_FCHDIR:            {fn: sysFchdir, level: full, note: "per process (fs.go)", args: args(aFd)},
		abi.SYS_UMASK:             {fn: sysUmask, level: full, note: "per process (fs.go)", args: args(aMode)},
		abi.SYS_EVENTFD2:          {fn: sysEventfd2, level: full, args: args(aUint, aOpenFlags)},
		abi.SYS_EVENTFD:           {fn: sysEventfd, level: full, args: args(aUint)},
		abi.SYS_IO_SETUP:          {fn: sysIoSetup, level: partial, note: aioNote + ": aio-nr is the run's own (/proc/sys/fs/aio-nr reads it), against the host's aio-max-nr, given back by io_destroy, exit and execve", args: args(aUint, aPtr)},
		abi.SYS_IO_DESTROY:        {fn: sysIoDestroy, level: full, note: aioNote, args: args(aHex)},
		abi.SYS_IO_SUBMIT:         {fn: sysIoSubmit, level: partial, note: aioNote + ": reads, writes and syncs done at submission (a pipe's or socket's waiting as a guest wait); RWF_ flags applied (RWF_HIPRI dropped; RWF_NOWAIT EOPNOTSUPP on a pipe or socket, else the host file's answer); request slots without Linux's per-CPU batches", args: args(aHex, aLong, aPtr)},
		abi.SYS_IO_CANCEL:         {fn: sysIoCancel, level: full, note: aioNote + ": a pending poll ends (EINPROGRESS), anything else EINVAL", args: args(aHex, aPtr, aPtr)},
		abi.SYS_IO_GETEVENTS:      {fn: sysIoGetevents, level: full, note: aioNote, args: args(aHex, aLong, aLong, aPtr, aPtr)},
		abi.SYS_IO_PGETEVENTS:     {fn: sysIoPgetevents, level: full, note: aioNote, args: args(aHex, aLong, aLong, aPtr, aPtr, aPtr)},
		abi.SYS_NAME_TO_HANDLE_AT: {fn: sysNameToHandleAt, level: full, note: "the host's handle and mount ID", args: args(aDirFd, aPath, aPtr, aPtr, aAtFlags)},
		abi.SYS_OPEN_BY_HANDLE_AT: {fn: sysOpenByHandleAt, level: full, note: "the host's: EPERM without the host's CAP_DAC_READ_SEARCH", args: args(aFd, aPtr, aOpenFlags)},
		abi.SYS_UTIMENSAT:         {fn: sysUtimensat, level: full, args: args(aDirFd, aPath, aPtr, aAtFlags)},
		abi.SYS_UTIME:             {fn: sysUtime, level: full, args: args(aPath, aPtr)},
		abi.SYS_UTIMES:            {fn: sysUtimes, level: full, args: args(aPath, aPtr)},
		abi.SYS_FUTIMESAT:         {fn: sysFutimesat, level: full, args: args(aDirFd, aPath, aPtr)},
		abi.SYS_FCHOWNAT:          {fn: sysFchownat, level: full, args: args(aDirFd, aPath, aInt, aInt, aAtFlags)},
		abi.SYS_CHOWN:             {fn: sysChown, level: full, args: args(aPath, aInt, aInt)},
		abi.SYS_LCHOWN:            {fn: sysLchown, level: full, args: args(aPath, aInt, aInt)},
		abi.SYS_FCHOWN:            {fn: sysFchown, level: full, args: args(aFd, aInt, aInt)},
		abi.SYS_CHMOD:             {fn: sysChmod, level: full, args: args(aPath, aMode)},
		abi.SYS_LINKAT:            {fn: sysLinkat, level: full, args: args(aDirFd, aPath, aDirFd, aPath, aAtFlags)},
		abi.SYS_LINK:              {fn: sysLink, level: full, args: args(aPath, aPath)},
		abi.SYS_TRUNCATE:          {fn: sysTruncate, level: full, note: "EROFS under /proc/sys (procsys.go); ETXTBSY for a guest's running program (txtbusy.go); breaks a guest's lease as an open for writing (lease.go)", args: args(aPath, aLong)},
		abi.SYS_MKNODAT:           {fn: sysMknodat, level: full, args: args(aDirFd, aPath, aMode, aHex)},
		abi.SYS_MKNOD:             {fn: sysMknod, level: full, args: args(aPath, aMode, aHex)},
		abi.SYS_FACCESSAT2:        {fn: sysFaccessat2, level: full, args: args(aDirFd, aPath, aInt, aAtFlags)},
		abi.SYS_STATFS:            {fn: sysStatfs, level: full, args: args(aPath, aPtr)},
		abi.SYS_FSTATFS:           {fn: sysFstatfs, level: full, args: args(aFd, aPtr)},
		abi.SYS_STATFS64:          {fn: sysStatfs64, level: full, args: args(aPath, aSize, aPtr)},
		abi.SYS_FSTATFS64:         {fn: sysFstatfs64, level: full, args: args(aFd, aSize, aPtr)},
		abi.SYS_CREAT:             {fn: sysCreat, level: full, note: "as open", args: args(aPath, aMode)},
		abi.SYS_GETXATTR:          {fn: sysGetxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aPath, aBuf, aSize)},
		abi.SYS_LGETXATTR:         {fn: sysLgetxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aPath, aBuf, aSize)},
		abi.SYS_FGETXATTR:         {fn: sysFgetxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aFd, aPath, aBuf, aSize)},
		abi.SYS_LISTXATTR:         {fn: sysListxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aBuf, aSize)},
		abi.SYS_LLISTXATTR:        {fn: sysLlistxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aBuf, aSize)},
		abi.SYS_FLISTXATTR:        {fn: sysFlistxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aFd, aBuf, aSize)},
		abi.SYS_SETXATTR:          {fn: sysSetxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aPath, aBuf, aSize, aInt)},
		abi.SYS_LSETXATTR:         {fn: sysLsetxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aPath, aBuf, aSize, aInt)},
		abi.SYS_FSETXATTR:         {fn: sysFsetxattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aFd, aPath, aBuf, aSize, aInt)},
		abi.SYS_REMOVEXATTR:       {fn: sysRemovexattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aPath)},
		abi.SYS_LREMOVEXATTR:      {fn: sysLremovexattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aPath, aPath)},
		abi.SYS_FREMOVEXATTR:      {fn: sysFremovexattr, level: full, note: "the host's attributes (sys_xattr.go)", args: args(aFd, aPath)},
		abi.SYS_STATX:             {fn: sysStatx, level: full, args: args(aDirFd, aPath, aAtFlags, aHex, aPtr)},
		abi.SYS_FLOCK:             {fn: sysFlock, level: full, args: args(aFd, aInt)},

		// Memory.
		abi.SYS_BRK:           {fn: sysBrk, level: full, args: args(aPtr), retPtr: true},
		abi.SYS_MMAP:          {fn: sysMmap, level: full, note: "MAP_SHARED memory is shared between guest processes; a file's is the host's shared mapping of it; a /proc file the runner answers is ENODEV (EIO for /proc/locks and /proc/sysvipc, EPERM with PROT_EXEC: procfile.go)", args: args(aPtr, aSize, aProt, aMapFlags, aFd, aLong), retPtr: true},
		abi.SYS_MUNMAP:        {fn: sysMunmap, level: full, args: args(aPtr, aSize)},
		abi.SYS_MPROTECT:      {fn: sysMprotect, level: full, args: args(aPtr, aSize, aProt)},
		abi.SYS_PKEY_MPROTECT: {fn: sysPkeyMprotect, level: full, note: pkeyNote + ": key -1 is mprotect, any other EINVAL after mprotect's argument checks", args: args(aPtr, aSize, aProt, aInt)},
		abi.SYS_PKEY_ALLOC:    {fn: sysPkeyAlloc, level: full, note: pkeyNote + ": flags other than 0 or rights outside PKEY_ACCESS_MASK EINVAL, else ENOSPC", args: args(aHex, aHex)},
		abi.SYS_PKEY_FREE:     {fn: sysPkeyFree, level: full, note: pkeyNote + ": EPERM (powerpc's mm_pkey_free returns -1 without the key feature)", args: args(aInt)},
		abi.SYS_MLOCK:         {fn: sysMlock, level: full, note: "locks are kept and counted against RLIMIT_MEMLOCK; guest memory stays resident anyway", args: args(aPtr, aSize)},
		abi.SYS_MLOCK2:        {fn: sysMlock2, level: full, args: args(aPtr, aSize, aHex)},
		abi.SYS_MUNLOCK:       {fn: sysMunlock, level: full, args: args(aPtr, aSize)},
		abi.SYS_MLOCKALL:      {fn: sysMlockall, level: full, args: args(aHex)},
		abi.SYS_MUNLOCKALL:    {fn: sysMunlockall, level: full},
		abi.SYS_MSYNC:         {fn: sysMsync, level: full, args: args(aPtr, aSize, aHex)},
		abi.SYS_MINCORE:       {fn: sysMincore, level: partial, note: "resident: the page has storage in the runner (written, read in from a file, or a used shared page); a page only read reads 0 where Linux maps its zero page", args: args(aPtr, aSize, aPtr)},
		abi.SYS_MADVISE:       {fn: sysMadvise, level: partial, note: "MADV_DONTNEED zeroes; other valid advice changes nothing the guest sees", args: args(aPtr, aSize, aAdvice)},
		abi.SYS_MREMAP:        {fn: sysMremap, level: partial, note: "private memory only (no duplication of a shared mapping)", args: args(aPtr, aSize, aSize, aHex, aPtr), retPtr: true},

		// Memory policy (mempolicy.go): one memory node, node 0.
		abi.SYS_SET_MEMPOLICY:           {fn: sysSetMempolicy, level: full, note: mpolNote + ": the thread's policy, kept with the mask it was given", args: args(aInt, aPtr, aSize)},
		abi.SYS_GET_MEMPOLICY:           {fn: sysGetMempolicy, level: full, note: mpolNote, args: args(aPtr, aPtr, aSize, aPtr, aHex)},
		abi.SYS_MBIND:                   {fn: sysMbind, level: full, note: mpolNote + ": a range's policy kept until it is unmapped; no page moves", args: args(aPtr, aSize, aInt, aPtr, aSize, aHex)},
		abi.SYS_SET_MEMPOLICY_HOME_NODE: {fn: sysSetMempolicyHomeNode, level: full, note: mpolNote, args: args(aPtr, aSize, aSize, aHex)},
		abi.SYS_MIGRATE_PAGES:           {fn: sysMigratePages, level: partial, note: mpolNote + ": nothing to move (0); a process outside the run is ESRCH", args: args(aInt, aSize, aPtr, aPtr)},
		abi.SYS_MOVE_PAGES:              {fn: sysMovePages, level: partial, note: mpolNote + ": a page's node 0 when the runner has storage for it (mincore's resident), else -EFAULT (private anonymous) or -ENOENT; a process outside the run is ESRCH", args: args(aInt, aSize, aPtr, aPtr, aPtr, aHex)},

		// System V IPC (sysvipc.go): the runner's own IPC namespace, with the guest's credentials.
		abi.SYS_IPC:        {fn: sysIpc, level: partial, note: "the multiplexer glibc uses; control commands without IPC_64 (the old layouts) that move a structure are EINVAL", args: args(aUint, aInt, aLong, aLong, aPtr, aLong)},
		abi.SYS_SHMGET:     {fn: sysShmget, level: full, note: "the runner's IPC namespace: host processes do not see it", args: args(aInt, aSize, aHex)},
		abi.SYS_SHMAT:      {fn: sysShmat, level: full, args: args(aInt, aPtr, aHex), retPtr: true},
		abi.SYS_SHMDT:      {fn: sysShmdt, level: full, args: args(aPtr)},
		abi.SYS_SHMCTL:     {fn: sysShmctl, level: full, note: "SHM_LOCK counts the pages against RLIMIT_MEMLOCK and sets SHM_LOCKED; guest memory is never swapped (SHM_INFO shm_swp 0)", args: args(aInt, aInt, aPtr)},
		abi.SYS_SEMGET:     {fn: sysSemget, level: full, args: args(aInt, aInt, aHex)},
		abi.SYS_SEMTIMEDOP: {fn: sysSemtimedop, level: full, note: "SEM_UNDO lists per thread, shared by CLONE_SYSVSEM, applied when their last holder ends", args: args(aInt, aPtr, aUint, aPtr)},
		abi.SYS_SEMCTL:     {fn: sysSemctl, level: full, args: args(aInt, aInt, aInt, aHex)},
		abi.SYS_MSGGET:     {fn: sysMsgget, level: full, args: args(aInt, aHex)},
		abi.SYS_MSGSND:     {fn: sysMsgsnd, level: full, args: args(aInt, aPtr, aSize, aHex)},
		abi.SYS_MSGRCV:     {fn: sysMsgrcv, level: full, args: args(aInt, aPtr, aSize, aLong, aHex)},
		abi.SYS_MSGCTL:     {fn: sysMsgctl, level: full, args: args(aInt, aInt, aPtr)},

		// Sockets, polling.
		abi.SYS_SENDMSG:       {fn: sysSendmsg, level: full, note: "SCM_RIGHTS and SCM_CREDENTIALS translated", args: args(aFd, aPtr, aMsgFlags)},
		abi.SYS_RECVMSG:       {fn: sysRecvmsg, level: full, note: "SCM_RIGHTS and SCM_CREDENTIALS translated", args: args(aFd, aPtr, aMsgFlags)},
		abi.SYS_SENDMMSG:      {fn: sysSendmmsg, level: full, args: args(aFd, aPtr, aUint, aMsgFlags)},
		abi.SYS_RECVMMSG:      {fn: sysRecvmmsg, level: full, args: args(aFd, aPtr, aUint, aMsgFlags, aPtr)},
		abi.SYS_EPOLL_CREATE1: {fn: sysEpollCreate1, level: full, args: args(aOpenFlags)},
		abi.SYS_EPOLL_CREATE:  {fn: sysEpollCreate, level: full, args: args(aInt)},
		abi.SYS_EPOLL_CTL:     {fn: sysEpollCtl, level: full, args: args(aFd, aInt, aFd, aPtr)},
		abi.SYS_EPOLL_PWAIT:   {fn: sysEpollPwait, level: full, args: args(aFd, aPtr, aInt, aInt, aPtr, aSize)},
		abi.SYS_EPOLL_PWAIT2:  {fn: sysEpollPwait2, level: full, note: "the timeout rounded up to whole milliseconds", args: args(aFd, aPtr, aInt, aPtr, aPtr, aSize)},
		abi.SYS_EPOLL_WAIT:    {fn: sysEpollWait, level: full, args: args(aFd, aPtr, aInt, aInt)},
		abi.SYS_PPOLL:         {fn: sysPpoll, level: full, args: args(aPtr, aUint, aPtr, aPtr, aSize)},
		abi.SYS_POLL:          {fn: sysPoll, level: full, args: args(aPtr, aUint, aInt)},
		abi.SYS_PSELECT6:      {fn: sysPselect6, level: full, args: args(aInt, aPtr, aPtr, aPtr, aPtr, aPtr)},
		abi.SYS__NEWSELECT:    {fn: sysSelect, level: full, args: args(aInt, aPtr, aPtr, aPtr, aPtr)},
		abi.SYS_SOCKET:        {fn: sysSocket, level: full, args: args(aFamily, aSockType, aInt)},
		abi.SYS_SOCKETPAIR:    {fn: sysSocketpair, level: full, args: args(aFamily, aSockType, aInt, aPtr)},
		abi.SYS_BIND:          {fn: sysBind, level: full, args: args(aFd, aPtr, aInt)},
		abi.SYS_CONNECT:       {fn: sysConnect, level: full, args: args(aFd, aPtr, aInt)},
		abi.SYS_LISTEN:        {fn: sysListen, level: full, args: args(aFd, aInt)},
		abi.SYS_ACCEPT4:       {fn: sysAccept4, level: full, args: args(aFd, aPtr, aPtr, aOpenFlags)},
		abi.SYS_ACCEPT:        {fn: sysAccept, level: full, args: args(aFd, aPtr, aPtr)},
		abi.SYS_GETSOCKNAME:   {fn: sysGetsockname, level: full, args: args(aFd, aPtr, aPtr)},
		abi.SYS_GETPEERNAME:   {fn: sysGetpeername, level: full, args: args(aFd, aPtr, aPtr)},
		abi.SYS_SETSOCKOPT:    {fn: sysSetsockopt, level: partial, note: "values of at most 256 bytes; ints, struct timeval and struct ucred converted, others passed as bytes", args: args(aFd, aInt, aInt, aPtr, aInt)},
		abi.SYS_GETSOCKOPT:    {fn: sysGetsockopt, level: partial, note: "values of at most 256 bytes; ints, struct timeval and struct ucred converted, others passed as bytes; SO_PEERCRED between guest processes is the guest's (peercred.go)", args: args(aFd, aInt, aInt, aPtr, aPtr)},
		abi.SYS_SHUTDOWN:      {fn: sysShutdown, level: full, args: args(aFd, aInt)},
		abi.SYS_SOCKETCALL:    {fn: sysSocketcall, level: full, note: "the multiplexer: calls 1 (socket) to 20 (sendmmsg) to the same handlers as their own numbers", args: args(aInt, aPtr)},
		abi.SYS_SEND:          {fn: sysSend, level: full, args: args(aFd, aPtr, aSize, aMsgFlags)},
		abi.SYS_RECV:          {fn: sysRecv, level: full, args: args(aFd, aPtr, aSize, aMsgFlags)},
		abi.SYS_SENDTO:        {fn: sysSendto, level: full, args: args(aFd, aPtr, aSize, aMsgFlags, aPtr, aInt)},
		abi.SYS_RECVFROM:      {fn: sysRecvfrom, level: full, args: args(aFd, aPtr, aSize, aMsgFlags, aPtr, aPtr)},

		// Processes, identity, limits, time.
		abi.SYS_GETPID:                 {fn: sysGetpid, level: full},
		abi.SYS_GETTID:                 {fn: sysGettid, level: full},
		abi.SYS_GETPPID:                {fn: sysGetppid, level: full},
		abi.SYS_GETUID:                 {fn: sysGetuid, level: full},
		abi.SYS_GETEUID:                {fn: sysGeteuid, level: full},
		abi.SYS_GETGID:                 {fn: sysGetgid, level: full},
		abi.SYS_GETEGID:                {fn: sysGetegid, level: full},
		abi.SYS_GETGROUPS:              {fn: sysGetgroups, level: full, note: credNote, args: args(aInt, aPtr)},
		abi.SYS_SETGROUPS:              {fn: sysSetgroups, level: full, note: credNote, args: args(aInt, aPtr)},
		abi.SYS_SETUID:                 {fn: sysSetuid, level: full, note: credNote, args: args(aUint)},
		abi.SYS_SETGID:                 {fn: sysSetgid, level: full, note: credNote, args: args(aUint)},
		abi.SYS_SETREUID:               {fn: sysSetreuid, level: full, note: credNote, args: args(aInt, aInt)},
		abi.SYS_SETREGID:               {fn: sysSetregid, level: full, note: credNote, args: args(aInt, aInt)},
		abi.SYS_SETRESUID:              {fn: sysSetresuid, level: full, note: credNote, args: args(aInt, aInt, aInt)},
		abi.SYS_SETRESGID:              {fn: sysSetresgid, level: full, note: credNote, args: args(aInt, aInt, aInt)},
		abi.SYS_GETRESUID:              {fn: sysGetresuid, level: full, args: args(aPtr, aPtr, aPtr)},
		abi.SYS_GETRESGID:              {fn: sysGetresgid, level: full, args: args(aPtr, aPtr, aPtr)},
		abi.SYS_SETFSUID:               {fn: sysSetfsuid, level: full, note: credNote, args: args(aInt)},
		abi.SYS_SETFSGID:               {fn: sysSetfsgid, level: full, note: credNote, args: args(aInt)},
		abi.SYS_CAPGET:                 {fn: sysCapget, level: full, note: credNote, args: args(aPtr, aPtr)},
		abi.SYS_CAPSET:                 {fn: sysCapset, level: full, note: credNote, args: args(aPtr, aPtr)},
		abi.SYS_GETPGRP:                {fn: sysGetpgrp, level: full, note: "the guest's process groups (pgrp.go)"},
		abi.SYS_GETPGID:                {fn: sysGetpgid, level: full, note: "the guest's process groups (pgrp.go)", args: args(aInt)},
		abi.SYS_SETPGID:                {fn: sysSetpgid, level: full, note: "the guest's process groups (pgrp.go)", args: args(aInt, aInt)},
		abi.SYS_GETPRIORITY:            {fn: sysGetpriority, level: full, note: "a nice value per guest thread (sys_prio.go)", args: args(aInt, aInt)},
		abi.SYS_SETPRIORITY:            {fn: sysSetpriority, level: full, note: "a nice value per guest thread; the host's scheduling of the runner is unchanged (sys_prio.go)", args: args(aInt, aInt, aInt)},
		abi.SYS_NICE:                   {fn: sysNice, level: full, note: "0 on success, as Linux (qemu-user: the new nice value)", args: args(aInt)},
		abi.SYS_GETSID:                 {fn: sysGetsid, level: full, note: "the guest's sessions (pgrp.go)", args: args(aInt)},
		abi.SYS_SETSID:                 {fn: sysSetsid, level: full, note: "the guest's sessions (pgrp.go); drops the controlling terminal (ctty.go)", args: args()},
		abi.SYS_SET_ROBUST_LIST:        {fn: sysSetRobustList, level: full, args: args(aPtr, aSize)},
		abi.SYS_GET_ROBUST_LIST:        {fn: sysGetRobustList, level: full, args: args(aInt, aPtr, aPtr)},
		abi.SYS_MEMBARRIER:             {fn: sysMembarrier, level: full, note: "Linux 6.1 on powerpc64: every command returns at once, the guest's threads running one at a time (membarrier.go)", args: args(aInt, aUint, aInt)},
		abi.SYS_RSEQ:                   {fn: sysRseq, level: full, note: "the guest runs on CPU 0", args: args(aPtr, aUint, aInt, aHex)},
		abi.SYS_PRCTL:                  {fn: sysPrctl, level: partial, note: "PR_GET_FPEXC, PR_SET_FPEXC, PR_SET_NAME, PR_GET_NAME, PR_GET_TIMERSLACK, PR_SET_TIMERSLACK, PR_GET_DUMPABLE, PR_SET_DUMPABLE, PR_SET_PDEATHSIG (a guest parent only), PR_GET_PDEATHSIG, PR_GET_KEEPCAPS, PR_SET_KEEPCAPS, PR_CAPBSET_READ, PR_CAPBSET_DROP, PR_GET_SECUREBITS, PR_SET_SECUREBITS, PR_CAP_AMBIENT, PR_SET_NO_NEW_PRIVS, PR_GET_NO_NEW_PRIVS, PR_GET_SECCOMP, PR_SET_SECCOMP (as seccomp); other options EINVAL", args: args(aInt, aHex, aHex, aHex, aHex)},
		abi.SYS_SECCOMP:                {fn: sysSeccomp, level: partial, note: "strict and filter modes (classic BPF over struct seccomp_data, every action, TSYNC, LOG, SPEC_ALLOW), GET_ACTION_AVAIL, GET_NOTIF_SIZES, checked before each guest call in the runner (seccomp.go); SECCOMP_FILTER_FLAG_NEW_LISTENER EINVAL, so USER_NOTIF is ENOSYS; TRACE a PTRACE_EVENT_SECCOMP stop under a tracer with PTRACE_O_TRACESECCOMP, else ENOSYS; a host-program execve under seccomp ENOEXEC", args: args(aUint, aHex, aPtr)},
		abi.SYS_WAIT4:                  {fn: sysWait4, level: partial, note: "rusage: CPU time all as user time; maxrss the largest resident size of the guest child or its reaped descendants", args: args(aInt, aPtr, aInt, aPtr)},
		abi.SYS_WAITPID:                {fn: sysWaitpid, level: full, args: args(aInt, aPtr, aInt)},
		abi.SYS_PIDFD_OPEN:             {fn: sysPidfdOpen, level: partial, note: "a guest process's is a host timerfd that expires when it ends (pidfd.go), answered as a pidfd (/proc/PID/fd and fdinfo, read, lseek, timerfd calls); epoll reports EPOLLIN without EPOLLRDNORM; a host pid's is the host's", args: args(aInt, aHex)},
		abi.SYS_PIDFD_GETFD:            {fn: sysPidfdGetfd, level: full, note: "ptrace access as Linux's without Yama's rules", args: args(aFd, aInt, aHex)},
		abi.SYS_PTRACE:                 {fn: sysPtrace, level: partial, note: "between guest processes, as Linux's without Yama's rules: TRACEME, ATTACH, SEIZE, INTERRUPT, DETACH, CONT, SYSCALL (syscall-enter and -exit stops), SINGLESTEP, KILL, PEEK/POKE TEXT, DATA and USR, GET/SETREGS, GET/SETFPREGS, GET/SETVRREGS, GET/SETVSRREGS, GET/SETREGSET, GET/SETSIGINFO, SETOPTIONS, GETEVENTMSG, GET/SETSIGMASK, GET_SYSCALL_INFO, SYSEMU, SYSEMU_SINGLESTEP, LISTEN, PEEKSIGINFO; signal-delivery-stops, the exec SIGTRAP, the fork, vfork, clone, vfork-done, exec and exit events (the new children and threads traced by the same tracer; every traced thread's exit event at exit_group or a fatal signal), tracees' stops and ends in the tracer's wait4 and waitid; seccomp's PTRACE_EVENT_SECCOMP; single steps over sc as powerpc's (the call and the next instruction, or a trap at its end; none after a successful execve, whose fresh MSR has no MSR_SE); SINGLEBLOCK (MSR_BE: SIGTRAP, TRAP_TRACE after each branch instruction, taken or not); a stepped thread's stop (SIGTRAP) as a handler's delivery ends, before it runs; the debug requests EIO (ptrace.go)", args: args(aInt, aInt, aHex, aHex)},
		abi.SYS_PROCESS_VM_READV:       {fn: sysProcessVMReadv, level: full, note: "between guest processes (any guest thread id; others ESRCH); ptrace access as Linux's without Yama's rules; partial transfers as Linux counts them (procvm.go)", args: args(aInt, aPtr, aSize, aPtr, aSize, aHex)},
		abi.SYS_PROCESS_VM_WRITEV:      {fn: sysProcessVMWritev, level: full, note: "as process_vm_readv", args: args(aInt, aPtr, aSize, aPtr, aSize, aHex)},
		abi.SYS_KCMP:                   {fn: sysKcmp, level: full, note: "between guest processes (zombies too; others ESRCH); ptrace read access; files and epoll targets by the host's kcmp of the host descriptors; VM, FILES, FS, SIGHAND, SYSVSEM the runner's objects in a fixed order; IO always 0 (kcmp.go)", args: args(aInt, aInt, aInt, aSize, aSize)},
		abi.SYS_PIDFD_SEND_SIGNAL:      {fn: sysPidfdSendSignal, level: partial, note: "a siginfo only for guest processes", args: args(aFd, aSignal, aPtr, aHex)},
		abi.SYS_WAITID:                 {fn: sysWaitid, level: partial, note: "P_PIDFD of a guest process's pidfd (pidfd.go); rusage as wait4's", args: args(aInt, aInt, aPtr, aInt, aPtr)},
		abi.SYS_SCHED_YIELD:            {fn: sysSchedYield, level: full},
		abi.SYS_SCHED_GETAFFINITY:      {fn: sysSchedGetaffinity, level: full, note: "a mask per guest thread within the host's CPU set (sys_sched.go)", args: args(aInt, aUint, aPtr)},
		abi.SYS_SCHED_SETAFFINITY:      {fn: sysSchedSetaffinity, level: full, note: "a mask per guest thread; the runner's threads are not moved (sys_sched.go)", args: args(aInt, aUint, aPtr)},
		abi.SYS_SCHED_GETSCHEDULER:     {fn: sysSchedGetscheduler, level: full, note: "a policy per guest thread (sys_sched.go)", args: args(aInt)},
		abi.SYS_SCHED_SETSCHEDULER:     {fn: sysSchedSetscheduler, level: full, note: "a policy per guest thread, checked as Linux; the host's scheduling of the runner is unchanged (sys_sched.go)", args: args(aInt, aInt, aPtr)},
		abi.SYS_SCHED_SETATTR:          {fn: sysSchedSetattr, level: full, note: "a policy, nice value and deadline parameters per guest thread; utilization clamps if the host has them (sys_sched.go)", args: args(aInt, aPtr, aUint)},
		abi.SYS_SCHED_GETATTR:          {fn: sysSchedGetattr, level: full, note: "sys_sched.go", args: args(aInt, aPtr, aUint, aUint)},
		abi.SYS_SCHED_GETPARAM:         {fn: sysSchedGetparam, level: full, note: "sys_sched.go", args: args(aInt, aPtr)},
		abi.SYS_SCHED_SETPARAM:         {fn: sysSchedSetparam, level: full, note: "sys_sched.go", args: args(aInt, aPtr)},
		abi.SYS_SCHED_GET_PRIORITY_MAX: {fn: sysSchedGetPriorityMax, level: full, args: args(aInt)},
		abi.SYS_SCHED_GET_PRIORITY_MIN: {fn: sysSchedGetPriorityMin, level: full, args: args(aInt)},
		abi.SYS_SCHED_RR_GET_INTERVAL:  {fn: sysSchedRrGetInterval, level: full, note: "SCHED_RR's 100 ms; the host's CFS slice for the others", args: args(aInt, aPtr)},
		abi.SYS_IOPRIO_GET:             {fn: sysIoprioGet, level: full, note: "an I/O priority per guest thread (sys_sched.go)", args: args(aInt, aInt)},
		abi.SYS_IOPRIO_SET:             {fn: sysIoprioSet, level: full, note: "an I/O priority per guest thread; the host's I/O of the runner is unchanged (sys_sched.go)", args: args(aInt, aInt, aHex)},
		abi.SYS_SETHOSTNAME:            {fn: sysSethostname, level: full, note: "sets the run's host name, never the host's, after Linux's checks (CAP_SYS_ADMIN of the guest, length, EFAULT): the names are per run, as in a private UTS namespace (uts.go)", args: args(aPtr, aInt)},
		abi.SYS_SETDOMAINNAME:          {fn: sysSetdomainname, level: full, note: "as sethostname", args: args(aPtr, aInt)},
		abi.SYS_UNAME:                  {fn: sysUname, level: full, note: "the host's, but nodename and domainname the run's (uts.go), with machine ppc64 or ppc64le (ppc or ppcle under PER_LINUX32), the release as Linux's UNAME26 makes it (personality.go)", args: args(aPtr)},
		abi.SYS_PERSONALITY:            {fn: sysPersonality, level: full, note: "per thread, the runner's own at the start; a 64-bit process's PER_LINUX32 rules (ppc64_personality); flags other than UNAME26 are kept and returned only (personality.go)", args: args(aHex)},
		abi.SYS_SYSINFO:                {fn: sysSysinfo, level: full, note: "the host's", args: args(aPtr)},
		abi.SYS_PRLIMIT64:              {fn: sysPrlimit64, level: partial, note: "guest processes only (another's with its ids or CAP_SYS_RESOURCE, else EPERM; ESRCH for a host process); each limit the guest process's own (rlimit.go), as setrlimit's", args: args(aInt, aUint, aPtr, aPtr)},
		abi.SYS_UGETRLIMIT:             {fn: sysUgetrlimit, level: full, args: args(aUint, aPtr)},
		abi.SYS_GETRLIMIT:              {level: byDesign, note: "sys_ni_syscall in powerpc64's table, as on Linux (glibc calls ugetrlimit or prlimit64)", args: args(aUint, aPtr)},
		abi.SYS_SETRLIMIT:              {fn: sysSetrlimit, level: partial, note: "each limit kept per guest process, starting as the host's (rlimit.go): AS, DATA, NOFILE, CPU, NPROC, NICE, RTPRIO, MEMLOCK, FSIZE, SIGPENDING and STACK (the main stack's growth) enforced; CORE, RSS, LOCKS, MSGQUEUE and RTTIME kept, read back and given to host programs the guest executes, not enforced", args: args(aUint, aPtr)},
		abi.SYS_GETRANDOM:              {fn: sysGetrandom, level: full, args: args(aBuf, aSize, aUint)},
		abi.SYS_CLOCK_GETTIME:          {fn: sysClockGettime, level: full, note: "the CPU-time clocks of guest processes and threads are the guest's (rlimit.go); the vDSO's __kernel_clock_gettime makes this call (vdso.go)", args: args(aClock, aPtr)},
		abi.SYS_CLOCK_SETTIME:          {fn: sysClockSettime, level: partial, note: privNote + ": CLOCK_REALTIME's timespec read (EFAULT) and checked (EINVAL), then EPERM; every other clock EINVAL (other processes' CPU clocks and descriptor clocks too, where Linux may answer EPERM)", args: args(aClock, aPtr)},
		abi.SYS_CLOCK_GETRES:           {fn: sysClockGetres, level: full, note: "the vDSO's __kernel_clock_getres makes this call (vdso.go)", args: args(aClock, aPtr)},
		abi.SYS_GETTIMEOFDAY:           {fn: sysGettimeofday, level: full, note: "the vDSO's __kernel_gettimeofday makes this call (vdso.go)", args: args(aPtr, aPtr)},
		abi.SYS_TIME:                   {fn: sysTime, level: full, note: "the vDSO's __kernel_time makes this call (vdso.go)", args: args(aPtr)},
		abi.SYS_NANOSLEEP:              {fn: sysNanosleep, level: full, args: args(aPtr, aPtr)},
		abi.SYS_CLOCK_NANOSLEEP:        {fn: sysClockNanosleep, level: full, args: args(aClock, aInt, aPtr, aPtr)},
		abi.SYS_TIMES:                  {fn: sysTimes, level: full, note: "the guest process's and its reaped children's CPU times", args: args(aPtr)},
		abi.SYS_GETRUSAGE:              {fn: sysGetrusage, level: partial, note: "the guest process's, thread's or reaped children's CPU time, all as user time; maxrss the runner's (RUSAGE_SELF, RUSAGE_THREAD) or the largest of the reaped children's; other fields zero", args: args(aInt, aPtr)},

		// Signals.
		abi.SYS_RT_SIGACTION:      {fn: sysSigaction, level: full, args: args(aSignal, aPtr, aPtr, aSize)},
		abi.SYS_SIGNAL:            {fn: sysSignal, level: full, note: "Linux's: SA_RESETHAND and SA_NODEFER (qemu-user 7.2: ENOSYS)", args: args(aSignal, aPtr)},
		abi.SYS_SGETMASK:          {fn: sysSgetmask, level: full},
		abi.SYS_SSETMASK:          {fn: sysSsetmask, level: full, args: args(aHex)},
		abi.SYS_RESTART_SYSCALL:   {fn: sysRestartSyscall, level: full, note: "runs the thread's restart block, set by a relative sleep, a timed futex wait or a poll a signal interrupted (the time left), as Linux's restart of ERESTART_RESTARTBLOCK; none set (a new thread, after rt_sigreturn): EINTR, do_no_restart_syscall (qemu-user 7.2: ENOSYS)"},
		abi.SYS_RT_SIGPROCMASK:    {fn: sysSigprocmask, level: full, args: args(aSigHow, aPtr, aPtr, aSize)},
		abi.SYS_SIGALTSTACK:       {fn: sysSigaltstack, level: full, args: args(aPtr, aPtr)},
		abi.SYS_RT_SIGRETURN:      {fn: sysRtSigreturn, level: full, note: "the ucontext at r1, as the vDSO's __kernel_sigtramp_rt64 leaves it (vdso.go)"},
		abi.SYS_SWAPCONTEXT:       {fn: sysSwapcontext, level: full, note: "Linux 6.1's: saves the sigcontext and uc_sigmask, with the VSX doublewords if ctx_size has room; loads a new context keeping r13 and the MSR; qemu-user 7.2 takes only a full-size ucontext (context.go)", args: args(aPtr, aPtr, aLong)},
		abi.SYS_SWITCH_ENDIAN:     {fn: sysSwitchEndian, level: full, note: "flips the thread's MSR[LE], r3 kept; calls, signal frames and handlers stay in the kernel's byte order (qemu-user 7.2: ENOSYS; context.go)"},
		abi.SYS_RT_SIGPENDING:     {fn: sysRtSigpending, level: full, args: args(aPtr, aSize)},
		abi.SYS_RT_SIGSUSPEND:     {fn: sysRtSigsuspend, level: full, args: args(aPtr, aSize)},
		abi.SYS_PAUSE:             {fn: sysPause, level: full},
		abi.SYS_RT_SIGQUEUEINFO:   {fn: sysRtSigqueueinfo, level: full, args: args(aInt, aSignal, aPtr)},
		abi.SYS_RT_TGSIGQUEUEINFO: {fn: sysRtTgsigqueueinfo, level: full, args: args(aInt, aInt, aSignal, aPtr)},
		abi.SYS_RT_SIGTIMEDWAIT:   {fn: sysSigtimedwait, level: full, args: args(aPtr, aPtr, aPtr, aSize)},
		abi.SYS_TGKILL:            {fn: sysTgkill, level: partial, note: "threads of the calling process only", args: args(aInt, aInt, aSignal)},
		abi.SYS_TKILL:             {fn: sysTkill, level: partial, note: "threads of the calling process only", args: args(aInt, aSignal)},
		abi.SYS_KILL:              {fn: sysKill, level: full, note: "other processes through the host", args: args(aInt, aSignal)},
		abi.SYS_SIGNALFD4:         {fn: sysSignalfd4, level: full, args: args(aFd, aPtr, aSize, aOpenFlags)},
		abi.SYS_SIGNALFD:          {fn: sysSignalfd, level: full, args: args(aFd, aPtr, aSize)},

		// Threads.
		abi.SYS_EXIT_GROUP:      {fn: sysExitGroup, level: full, args: args(aInt)},
		abi.SYS_EXIT:            {fn: sysExit, level: full, args: args(aInt)},
		abi.SYS_SET_TID_ADDRESS: {fn: sysSetTidAddress, level: full, args: args(aPtr)},
		abi.SYS_CLONE:           {fn: sysClone, level: partial, note: "threads and guest processes (fork.go); CLONE_PIDFD (pidfd.go); namespaces not honoured; CLONE_PTRACE and CLONE_UNTRACED as Linux's (ptrace.go)", args: args(aCloneFlags, aPtr, aPtr, aPtr, aPtr)},
		abi.SYS_FUTEX:           {fn: sysFutex, level: partial, note: "WAIT, WAKE, REQUEUE, CMP_REQUEUE, WAKE_OP, WAIT_BITSET, WAKE_BITSET; no PI futexes", args: args(aPtr, aFutexOp, aUint, aPtr, aPtr, aUint)},
		abi.SYS_FUTEX_WAITV:     {fn: sysFutexWaitv, level: full, note: "in the queues FUTEX_WAKE wakes (futexwaitv.go)", args: args(aPtr, aUint, aHex, aPtr, aClock)},
		abi.SYS_UNSHARE:         {fn: sysUnshare, level: partial, note: "CLONE_FILES copies a shared table; CLONE_THREAD, CLONE_SIGHAND, CLONE_VM checked as Linux; CLONE_SYSVSEM leaves the thread's SEM_UNDO list (applied if no other thread or process holds it); CLONE_FS gives a thread of several its own working directory, root and umask; namespaces: CLONE_NEWUSER EINVAL, the others EPERM without CAP_SYS_ADMIN, else EINVAL, as a kernel without namespaces (unshare.go)", args: args(aCloneFlags)},
		abi.SYS_FORK:            {fn: sysFork, level: full},
		abi.SYS_VFORK:           {fn: sysVfork, level: full},
		abi.SYS_CLONE3:          {level: byDesign, note: "glibc falls back to clone", args: args(aPtr, aSize)},
		abi.SYS_EXECVE:          {fn: sysExecve, level: full, note: "ppc64 programs and #! scripts (exec.go); host programs natively, with the process's descriptors at its numbers and no other (hostexec.go's startClean), the other byte order under Config.Runner (hostexec.go)", args: args(aPath, aPtr, aPtr)},
		abi.SYS_EXECVEAT:        {fn: sysExecveat, level: full, note: "as execve", args: args(aDirFd, aPath, aPtr, aPtr, aAtFlags)},

		// POSIX timers and timerfd.
		abi.SYS_ALARM:            {fn: sysAlarm, level: full, note: "ITIMER_REAL (sys_itimer.go)", args: args(aUint)},
		abi.SYS_SETITIMER:        {fn: sysSetitimer, level: full, note: "ITIMER_REAL; ITIMER_VIRTUAL and ITIMER_PROF on the process's CPU time as RLIMIT_CPU measures it (sys_itimer.go)", args: args(aInt, aPtr, aPtr)},
		abi.SYS_GETITIMER:        {fn: sysGetitimer, level: full, note: "ITIMER_REAL; ITIMER_VIRTUAL and ITIMER_PROF on the process's CPU time as RLIMIT_CPU measures it (sys_itimer.go)", args: args(aInt, aPtr)},
		abi.SYS_TIMER_CREATE:     {fn: sysTimerCreate, level: full, args: args(aClock, aPtr, aPtr)},
		abi.SYS_TIMER_SETTIME:    {fn: sysTimerSettime, level: full, args: args(aInt, aInt, aPtr, aPtr)},
		abi.SYS_TIMER_GETTIME:    {fn: sysTimerGettime, level: full, args: args(aInt, aPtr)},
		abi.SYS_TIMER_GETOVERRUN: {fn: sysTimerGetoverrun, level: full, args: args(aInt)},
		abi.SYS_TIMER_DELETE:     {fn: sysTimerDelete, level: full, args: args(aInt)},
		abi.SYS_TIMERFD_CREATE:   {fn: sysTimerfdCreate, level: full, args: args(aClock, aOpenFlags)},
		abi.SYS_TIMERFD_SETTIME:  {fn: sysTimerfdSettime, level: full, args: args(aFd, aInt, aPtr, aPtr)},
		abi.SYS_TIMERFD_GETTIME:  {fn: sysTimerfdGettime, level: full, args: args(aFd, aPtr)},

		// POSIX message queues: host queues (mqueue.go).
		abi.SYS_MQ_OPEN:         {fn: sysMqOpen, level: full, note: "a host queue: the host's mqueue namespace, also under a chroot(2) root; struct mq_attr converted (mqueue.go)", args: args(aPath, aOpenFlags, aMode, aPtr)},
		abi.SYS_MQ_UNLINK:       {fn: sysMqUnlink, level: full, args: args(aPath)},
		abi.SYS_MQ_TIMEDSEND:    {fn: sysMqTimedsend, level: full, note: "waits in the runner, interruptibly (EINTR, or a restart under SA_RESTART); waiters served by priority as Linux's wq_add", args: args(aFd, aBuf, aSize, aUint, aPtr)},
		abi.SYS_MQ_TIMEDRECEIVE: {fn: sysMqTimedreceive, level: full, note: "waits in the runner, interruptibly (EINTR, or a restart under SA_RESTART); waiters served by priority as Linux's wq_add", args: args(aFd, aBuf, aSize, aPtr, aPtr)},
		abi.SYS_MQ_NOTIFY:       {fn: sysMqNotify, level: partial, note: "registered on the host by the runner, which does the notification (a SIGEV_THREAD cookie through a queue of its own) and keeps Linux's owner (the owner's close of any descriptor of the queue, its exit, its execve's close-on-exec ones, remove it, with NOTIFY_REMOVED to a SIGEV_THREAD socket; after execve the signal is dropped); a message sent to a waiting guest receiver, and a waiting guest sender's after a receive from a full queue, are moved at once with no notification, as Linux's pipelined_send and pipelined_receive (mqueue.go)", args: args(aFd, aPtr)},
		abi.SYS_MQ_GETSETATTR:   {fn: sysMqGetsetattr, level: full, args: args(aFd, aPtr, aPtr)},

		// inotify(7): host instances (inotify.go).
		abi.SYS_INOTIFY_INIT:      {fn: sysInotifyInit, level: full, note: "a host inotify instance (inotify.go)"},
		abi.SYS_INOTIFY_INIT1:     {fn: sysInotifyInit1, level: full, note: "a host inotify instance; its events byte-swapped for a big-endian guest (inotify.go)", args: args(aOpenFlags)},
		abi.SYS_INOTIFY_ADD_WATCH: {fn: sysInotifyAddWatch, level: full, note: "the path resolved as other paths are (sysroot, chroot(2) root)", args: args(aFd, aPath, aHex)},
		abi.SYS_INOTIFY_RM_WATCH:  {fn: sysInotifyRmWatch, level: full, args: args(aFd, aInt)},

		// Privileged calls on the whole machine (sys_priv.go): never the
		// host's; Linux's checks before its capability check, then EPERM
		// as to a process without the capability, whatever the guest's
		// credentials; read-only queries the host's answer.
		abi.SYS_MOUNT:           {fn: sysMount, level: full, note: privNote + ": the strings read (EFAULT, EINVAL past a page), the directory looked up, MS_NOUSER EINVAL, then EPERM", args: args(aPath, aPath, aPath, aHex, aPtr)},
		abi.SYS_UMOUNT:          {fn: sysUmount, level: full, note: privNote + ": the path looked up, then EPERM", args: args(aPath)},
		abi.SYS_UMOUNT2:         {fn: sysUmount2, level: full, note: privNote + ": unknown flags EINVAL, the path looked up (UMOUNT_NOFOLLOW), then EPERM", args: args(aPath, aHex)},
		abi.SYS_PIVOT_ROOT:      {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aPath, aPath)},
		abi.SYS_SWAPON:          {fn: sysSwapon, level: full, note: privNote + ": unknown flags EINVAL, then EPERM", args: args(aPath, aHex)},
		abi.SYS_SWAPOFF:         {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aPath)},
		abi.SYS_REBOOT:          {fn: sysNotCapable, level: full, note: privNote + ": EPERM before the magic numbers", args: args(aHex, aHex, aHex, aPtr)},
		abi.SYS_ACCT:            {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aPath)},
		abi.SYS_VHANGUP:         {fn: sysNotCapable, level: full, note: privNote + ": EPERM"},
		abi.SYS_INIT_MODULE:     {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aPtr, aSize, aPath)},
		abi.SYS_FINIT_MODULE:    {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aFd, aPath, aHex)},
		abi.SYS_DELETE_MODULE:   {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aPath, aHex)},
		abi.SYS_KEXEC_LOAD:      {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aPtr, aSize, aPtr, aHex)},
		abi.SYS_KEXEC_FILE_LOAD: {fn: sysNotCapable, level: full, note: privNote + ": EPERM first", args: args(aFd, aFd, aSize, aPtr, aHex)},
		abi.SYS_SETTIMEOFDAY:    {fn: sysSettimeofday, level: full, note: privNote + ": the timeval read and checked (EFAULT, EINVAL), the timezone read, then EPERM (both NULL too)", args: args(aPtr, aPtr)},
		abi.SYS_STIME:           {fn: sysStime, level: full, note: privNote + ": the time read (EFAULT), then EPERM", args: args(aPtr)},
		abi.SYS_SETNS:           {fn: sysSetns, level: full, note: privNote + ": EBADF, EINVAL for a descriptor that is neither a namespace file nor a pidfd, a type mismatch or the caller's own user namespace, else EPERM", args: args(aFd, aCloneFlags)},
		abi.SYS_SYSLOG:          {fn: sysSyslog, level: full, note: privNote + ": EPERM but for SYSLOG_ACTION_READ_ALL and SIZE_BUFFER, which are the host's unless its kernel.dmesg_restrict is set", args: args(aInt, aBuf, aInt)},
		abi.SYS_ADJTIMEX:        {fn: sysAdjtimex, level: full, note: privNote + ": a change EPERM; modes 0 and ADJ_OFFSET_SS_READ the host's clock state", args: args(aPtr)},
		abi.SYS_CLOCK_ADJTIME:   {fn: sysClockAdjtime, level: full, note: privNote + ": CLOCK_REALTIME as adjtimex; other clocks EOPNOTSUPP, unknown ones and descriptor clocks EINVAL", args: args(aClock, aPtr)},
	}
}

// SyscallInfo describes how the runner handles one powerpc64 Linux system
// call (docs/syscalls.md lists them all).
type SyscallInfo struct {
	Number  int
	Name    string
	Support string // "full", "partial", "ENOSYS by design" or "unimplemented"
	Note    string
}

// Syscalls lists every powerpc64 Linux system call (the numbers and names
// of golang.org/x/sys/unix, which come from the kernel's syscall.tbl), in
// number order, with the runner's support for it.
func Syscalls() []SyscallInfo {
	nums := make([]int, 0, len(abi.SyscallNames))
	for n := range abi.SyscallNames {
		nums = append(nums, int(n))
	}
	slices.Sort(nums)
	out := make([]SyscallInfo, len(nums))
	for i, n := range nums {
		var e sysEntry
		if n < sysMax {
			e = systab[n]
		}
		out[i] = SyscallInfo{Number: n, Name: abi.SyscallNames[uint64(n)], Support: e.level.String(), Note: e.note}
	}
	return out
}
