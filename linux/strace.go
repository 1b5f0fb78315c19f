//go:build linux

package linux

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// -strace: one line per system call, as qemu-user's -strace prints them —
// the thread, the name, the arguments by kind (numbers, strings, flag
// names, NULL or a 16-digit address for pointers), the result (an address
// for brk, mmap and mremap) — but with the errno's name as strace(1) shows
// it: openat(AT_FDCWD,"/tmp/x",O_WRONLY|O_CREAT|O_TRUNC,0666) = 3,
// openat(AT_FDCWD,"/nope",O_RDONLY) = -1 ENOENT (No such file or
// directory). Names and argument kinds come from the system call table.
// A call the runner does not implement fails with ENOSYS, as on a kernel
// without it, and says "(not implemented)".

func (t *Thread) strace(num uint64, a *sysArgs, ret uint64, errno int) {
	line := fmt.Sprintf("%d %s\n", t.tid, t.straceLine(num, a, ret, errno))
	if t.p.detached {
		t.writeStderr([]byte(line)) // as qemu-user's processes write theirs
		return
	}
	_, _ = io.WriteString(t.p.cfg.Strace, line)
}

// straceLine formats one call and its result.
func (t *Thread) straceLine(num uint64, a *sysArgs, ret uint64, errno int) string {
	var e sysEntry
	if num < sysMax {
		e = systab[num]
	}
	name := abi.SyscallNames[num]
	if name == "" {
		name = "syscall_" + strconv.FormatUint(num, 10)
	}
	kinds := e.args
	if e.fn == nil && e.level == unimplemented {
		kinds = []argKind{aLong, aLong, aLong, aLong, aLong, aLong} // what qemu-user shows for calls it knows no format for
	}
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	for i, k := range kinds {
		if k == aMode && i > 0 && kinds[i-1] == aOpenFlags && a[i-1]&(oCreat|oTmpfileBit) == 0 {
			break // the mode of an open without O_CREAT or O_TMPFILE means nothing
		}
		if i > 0 {
			b.WriteByte(',')
		}
		t.straceArg(&b, k, a[i])
	}
	b.WriteString(") = ")
	switch {
	case errno == errNoResult || errno == errExit:
		b.WriteString("?")
	case errno == errRestart:
		b.WriteString("? ERESTARTSYS (To be restarted)")
	case errno == errRestartNoHand:
		b.WriteString("? ERESTARTNOHAND (To be restarted if no handler)")
	case errno == errRestartBlock:
		b.WriteString("? ERESTART_RESTARTBLOCK (Interrupted by signal)")
	case e.fn == nil && e.level == unimplemented:
		b.WriteString("-1 ENOSYS (not implemented)")
	case errno > 0:
		fmt.Fprintf(&b, "-1 %s (%s)", errnoName(errno), errnoText(errno))
	case e.retPtr:
		fmt.Fprintf(&b, "%#016x", ret)
	default:
		b.WriteString(strconv.FormatInt(int64(ret), 10))
	}
	return b.String()
}

// errnoName is an errno's symbol (E2BIG …), or its number.
func errnoName(e int) string {
	if n := unix.ErrnoName(unix.Errno(e)); n != "" {
		return n
	}
	return strconv.Itoa(e)
}

// errnoText is strerror's text for e.
func errnoText(e int) string {
	s := unix.Errno(e).Error()
	if s == "" {
		return "Unknown error " + strconv.Itoa(e)
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// straceArg formats one argument of kind k.
func (t *Thread) straceArg(b *strings.Builder, k argKind, v uint64) {
	switch k {
	case aInt, aFd:
		b.WriteString(strconv.Itoa(int(int32(v))))
	case aUint:
		b.WriteString(strconv.FormatUint(uint64(uint32(v)), 10))
	case aLong:
		b.WriteString(strconv.FormatInt(int64(v), 10))
	case aSize:
		b.WriteString(strconv.FormatUint(v, 10))
	case aHex:
		fmt.Fprintf(b, "%#x", v)
	case aPtr:
		straceAddr(b, v)
	case aBuf:
		fmt.Fprintf(b, "%#x", v)
	case aAdvice:
		b.WriteString(adviceNames.name(v))
	case aDirFd:
		if int32(v) == unix.AT_FDCWD {
			b.WriteString("AT_FDCWD")
		} else {
			b.WriteString(strconv.Itoa(int(int32(v))))
		}
	case aPath:
		if v == 0 {
			b.WriteString("NULL")
		} else if s, e := t.str(v); e == 0 {
			b.WriteString(strconv.Quote(s))
		} else {
			straceAddr(b, v)
		}
	case aOpenFlags:
		b.WriteString(accModes[v&3])
		if rest := uint32(v) &^ 3; rest != 0 {
			b.WriteByte('|')
			b.WriteString(openFlagNames.format(rest))
		}
	case aMode:
		fmt.Fprintf(b, "%#o", uint32(v))
	case aAtFlags:
		b.WriteString(atFlagNames.format(uint32(v)))
	case aProt:
		if v == 0 {
			b.WriteString("PROT_NONE")
		} else {
			b.WriteString(protNames.format(uint32(v)))
		}
	case aMapFlags:
		b.WriteString(mapFlagNames.format(uint32(v)))
	case aSignal:
		b.WriteString(signalName(int(int32(v))))
	case aSigHow:
		b.WriteString(sigHowNames.name(v))
	case aClock:
		b.WriteString(clockNames.name(v))
	case aFutexOp:
		const flags = abi.FUTEX_PRIVATE_FLAG | abi.FUTEX_CLOCK_REALTIME
		if f := uint32(v) & flags; f != 0 {
			b.WriteString(futexFlagNames.format(f))
			b.WriteByte('|')
		}
		b.WriteString(futexCmdNames.name(v &^ flags))
	case aCloneFlags:
		s := cloneFlagNames.format(uint32(v) &^ 0xff)
		if sig := v & 0xff; sig != 0 {
			s += "|" + signalName(int(sig))
		}
		b.WriteString(s)
	case aFcntlCmd:
		b.WriteString(fcntlCmdNames.name(v))
	case aIoctl:
		b.WriteString(ioctlNames.name(v))
	case aFamily:
		b.WriteString(familyNames.name(v))
	case aSockType:
		b.WriteString(sockTypeNames.name(v & 0xf))
		if rest := uint32(v) &^ 0xf; rest != 0 {
			b.WriteByte('|')
			b.WriteString(sockFlagNames.format(rest))
		}
	case aMsgFlags:
		b.WriteString(msgFlagNames.format(uint32(v)))
	default:
		fmt.Fprintf(b, "%#x", v)
	}
}

// straceAddr writes an address as qemu-user does: NULL or 16 hex digits.
func straceAddr(b *strings.Builder, v uint64) {
	if v == 0 {
		b.WriteString("NULL")
	} else {
		fmt.Fprintf(b, "%#016x", v)
	}
}

// flagNames names the bits of a flag word (powerpc's values).
type flagNames []struct {
	bit  uint32
	name string
}

// format is v as NAME|NAME|0x…, or 0.
func (f flagNames) format(v uint32) string {
	if v == 0 {
		return "0"
	}
	var parts []string
	for _, n := range f {
		if v&n.bit == n.bit && n.bit != 0 {
			parts = append(parts, n.name)
			v &^= n.bit
		}
	}
	if v != 0 {
		parts = append(parts, fmt.Sprintf("%#x", v))
	}
	return strings.Join(parts, "|")
}

// valueNames names the values of a number that means one thing of several.
type valueNames map[uint64]string

// name is v's name, or v in decimal.
func (n valueNames) name(v uint64) string {
	if s, ok := n[v]; ok {
		return s
	}
	return strconv.FormatInt(int64(int32(v)), 10)
}

// signalName is SIGxxx for sig.
func signalName(sig int) string {
	if s, ok := signalNames[sig]; ok {
		return s
	}
	if sig >= abi.SIGRTMIN && sig <= abi.NSIG {
		return "SIGRTMIN+" + strconv.Itoa(sig-abi.SIGRTMIN)
	}
	return strconv.Itoa(sig)
}

// Open flags powerpc shares with the generic values that strace needs
// apart (asm-generic/fcntl.h).
const (
	oCreat      = 0o100
	oSync       = 0o4000000 | 0o10000 // __O_SYNC | O_DSYNC
	oTmpfileBit = 0o20000000          // __O_TMPFILE (O_TMPFILE adds O_DIRECTORY)
)

// The names strace prints, powerpc's values (uapi asm/fcntl.h, asm/mman.h,
// asm/signal.h, asm/socket.h, linux/futex.h, linux/sched.h, linux/time.h).
var (
	accModes      = [4]string{"O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE"}
	openFlagNames = flagNames{
		{0o100, "O_CREAT"}, {0o200, "O_EXCL"}, {0o400, "O_NOCTTY"}, {0o1000, "O_TRUNC"}, {0o2000, "O_APPEND"},
		{0o4000, "O_NONBLOCK"}, {oSync, "O_SYNC"}, {0o10000, "O_DSYNC"}, {0o20000, "O_ASYNC"},
		{abi.O_DIRECTORY, "O_DIRECTORY"}, {abi.O_NOFOLLOW, "O_NOFOLLOW"}, {abi.O_LARGEFILE, "O_LARGEFILE"},
		{abi.O_DIRECT, "O_DIRECT"}, {0o1000000, "O_NOATIME"}, {0o2000000, "O_CLOEXEC"}, {0o10000000, "O_PATH"},
		{oTmpfileBit, "__O_TMPFILE"},
	}
	atFlagNames = flagNames{
		{0x100, "AT_SYMLINK_NOFOLLOW"}, {0x200, "AT_REMOVEDIR"}, {0x400, "AT_SYMLINK_FOLLOW"},
		{0x800, "AT_NO_AUTOMOUNT"}, {0x1000, "AT_EMPTY_PATH"},
	}
	protNames    = flagNames{{abi.PROT_READ, "PROT_READ"}, {abi.PROT_WRITE, "PROT_WRITE"}, {abi.PROT_EXEC, "PROT_EXEC"}}
	mapFlagNames = flagNames{
		{abi.MAP_SHARED, "MAP_SHARED"}, {abi.MAP_PRIVATE, "MAP_PRIVATE"}, {abi.MAP_FIXED, "MAP_FIXED"},
		{abi.MAP_ANONYMOUS, "MAP_ANONYMOUS"}, {abi.MAP_NORESERVE, "MAP_NORESERVE"}, {0x80, "MAP_LOCKED"},
		{0x100, "MAP_GROWSDOWN"}, {0x800, "MAP_DENYWRITE"}, {0x1000, "MAP_EXECUTABLE"}, {0x8000, "MAP_POPULATE"},
		{0x10000, "MAP_NONBLOCK"}, {0x20000, "MAP_STACK"}, {0x40000, "MAP_HUGETLB"},
		{abi.MAP_FIXED_NOREPLACE, "MAP_FIXED_NOREPLACE"},
	}
	sigHowNames   = valueNames{abi.SIG_BLOCK: "SIG_BLOCK", abi.SIG_UNBLOCK: "SIG_UNBLOCK", abi.SIG_SETMASK: "SIG_SETMASK"}
	clockNames    = valueNames{0: "CLOCK_REALTIME", 1: "CLOCK_MONOTONIC", 2: "CLOCK_PROCESS_CPUTIME_ID", 3: "CLOCK_THREAD_CPUTIME_ID", 4: "CLOCK_MONOTONIC_RAW", 5: "CLOCK_REALTIME_COARSE", 6: "CLOCK_MONOTONIC_COARSE", 7: "CLOCK_BOOTTIME", 8: "CLOCK_REALTIME_ALARM", 9: "CLOCK_BOOTTIME_ALARM", 11: "CLOCK_TAI"}
	futexCmdNames = valueNames{
		abi.FUTEX_WAIT: "FUTEX_WAIT", abi.FUTEX_WAKE: "FUTEX_WAKE", 2: "FUTEX_FD", abi.FUTEX_REQUEUE: "FUTEX_REQUEUE",
		abi.FUTEX_CMP_REQUEUE: "FUTEX_CMP_REQUEUE", abi.FUTEX_WAKE_OP: "FUTEX_WAKE_OP", 6: "FUTEX_LOCK_PI", 7: "FUTEX_UNLOCK_PI",
		8: "FUTEX_TRYLOCK_PI", abi.FUTEX_WAIT_BITSET: "FUTEX_WAIT_BITSET", abi.FUTEX_WAKE_BITSET: "FUTEX_WAKE_BITSET",
	}
	futexFlagNames = flagNames{{abi.FUTEX_PRIVATE_FLAG, "FUTEX_PRIVATE_FLAG"}, {abi.FUTEX_CLOCK_REALTIME, "FUTEX_CLOCK_REALTIME"}}
	cloneFlagNames = flagNames{
		{abi.CLONE_VM, "CLONE_VM"}, {abi.CLONE_FS, "CLONE_FS"}, {abi.CLONE_FILES, "CLONE_FILES"},
		{abi.CLONE_SIGHAND, "CLONE_SIGHAND"}, {abi.CLONE_VFORK, "CLONE_VFORK"}, {abi.CLONE_THREAD, "CLONE_THREAD"},
		{abi.CLONE_SYSVSEM, "CLONE_SYSVSEM"}, {abi.CLONE_SETTLS, "CLONE_SETTLS"}, {abi.CLONE_PARENT_SETTID, "CLONE_PARENT_SETTID"},
		{abi.CLONE_CHILD_CLEARTID, "CLONE_CHILD_CLEARTID"}, {abi.CLONE_CHILD_SETTID, "CLONE_CHILD_SETTID"},
	}
	fcntlCmdNames = valueNames{
		0: "F_DUPFD", 1: "F_GETFD", 2: "F_SETFD", 3: "F_GETFL", 4: "F_SETFL", 5: "F_GETLK", 6: "F_SETLK", 7: "F_SETLKW",
		8: "F_SETOWN", 9: "F_GETOWN", 1024: "F_SETLEASE", 1025: "F_GETLEASE", 1030: "F_DUPFD_CLOEXEC",
	}
	ioctlNames = valueNames{
		abi.TCGETS: "TCGETS", abi.TCSETS: "TCSETS", abi.TCSETSW: "TCSETSW", abi.TCSETSF: "TCSETSF",
		abi.TIOCGWINSZ: "TIOCGWINSZ", abi.TIOCSWINSZ: "TIOCSWINSZ", abi.FIONREAD: "FIONREAD", abi.FIONBIO: "FIONBIO",
	}
	adviceNames = valueNames{
		0: "MADV_NORMAL", 1: "MADV_RANDOM", 2: "MADV_SEQUENTIAL", 3: "MADV_WILLNEED", 4: "MADV_DONTNEED",
		8: "MADV_FREE", 9: "MADV_REMOVE", 10: "MADV_DONTFORK", 11: "MADV_DOFORK", 12: "MADV_MERGEABLE",
		13: "MADV_UNMERGEABLE", 14: "MADV_HUGEPAGE", 15: "MADV_NOHUGEPAGE", 16: "MADV_DONTDUMP", 17: "MADV_DODUMP",
	}
	familyNames   = valueNames{0: "AF_UNSPEC", 1: "AF_UNIX", 2: "AF_INET", 10: "AF_INET6", 16: "AF_NETLINK", 17: "AF_PACKET"}
	sockTypeNames = valueNames{1: "SOCK_STREAM", 2: "SOCK_DGRAM", 3: "SOCK_RAW", 4: "SOCK_RDM", 5: "SOCK_SEQPACKET"}
	sockFlagNames = flagNames{{0o4000, "SOCK_NONBLOCK"}, {0o2000000, "SOCK_CLOEXEC"}}
	msgFlagNames  = flagNames{
		{1, "MSG_OOB"}, {2, "MSG_PEEK"}, {4, "MSG_DONTROUTE"}, {8, "MSG_CTRUNC"}, {0x20, "MSG_TRUNC"},
		{0x40, "MSG_DONTWAIT"}, {0x80, "MSG_EOR"}, {0x100, "MSG_WAITALL"}, {0x4000, "MSG_NOSIGNAL"},
		{0x8000, "MSG_MORE"}, {0x10000, "MSG_WAITFORONE"}, {0x40000000, "MSG_CMSG_CLOEXEC"},
	}
	signalNames = map[int]string{
		abi.SIGHUP: "SIGHUP", abi.SIGINT: "SIGINT", abi.SIGQUIT: "SIGQUIT", abi.SIGILL: "SIGILL", abi.SIGTRAP: "SIGTRAP",
		abi.SIGABRT: "SIGABRT", abi.SIGBUS: "SIGBUS", abi.SIGFPE: "SIGFPE", abi.SIGKILL: "SIGKILL", abi.SIGUSR1: "SIGUSR1",
		abi.SIGSEGV: "SIGSEGV", abi.SIGUSR2: "SIGUSR2", abi.SIGPIPE: "SIGPIPE", abi.SIGALRM: "SIGALRM", abi.SIGTERM: "SIGTERM",
		abi.SIGSTKFLT: "SIGSTKFLT", abi.SIGCHLD: "SIGCHLD", abi.SIGCONT: "SIGCONT", abi.SIGSTOP: "SIGSTOP", abi.SIGTSTP: "SIGTSTP",
		abi.SIGTTIN: "SIGTTIN", abi.SIGTTOU: "SIGTTOU", abi.SIGURG: "SIGURG", abi.SIGXCPU: "SIGXCPU", abi.SIGXFSZ: "SIGXFSZ",
		abi.SIGVTALRM: "SIGVTALRM", abi.SIGPROF: "SIGPROF", abi.SIGWINCH: "SIGWINCH", abi.SIGIO: "SIGIO", abi.SIGPWR: "SIGPWR",
		abi.SIGSYS: "SIGSYS",
	}
)
