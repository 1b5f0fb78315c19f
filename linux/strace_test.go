//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// TestStraceLines checks -strace's lines. The expected lines marked qemu
// are what qemu-user 7.2's -strace printed for the same calls of the corpus
// programs c-stdio and c-threads (ppc64le, without the pid); the others
// differ from qemu's on purpose: errors are "-1 ENAME (text)" as strace(1)
// prints them (qemu: "-1 errno=N (text)"), a call the runner does not
// implement says so (qemu: "Unknown syscall N" for a number it has no name
// for), the results of the exits are "?" (qemu prints none), flags qemu
// leaves in hexadecimal have their names (AT_EMPTY_PATH, MAP_STACK), and
// the calls qemu prints with six raw arguments because it has no format
// for them (set_tid_address, prlimit64, …) show their own arguments.
func TestStraceLines(t *testing.T) {
	const str = 0x10000
	for _, c := range []struct {
		num   uint64
		a     sysArgs
		ret   uint64
		errno int
		want  string
	}{
		{abi.SYS_BRK, sysArgs{0}, 0x10108000, 0, "brk(NULL) = 0x0000000010108000"},                                                                                      // qemu
		{abi.SYS_MPROTECT, sysArgs{0x100fc000, 16384, 1}, 0, 0, "mprotect(0x00000000100fc000,16384,PROT_READ) = 0"},                                                     // qemu
		{abi.SYS_MADVISE, sysArgs{0x4001804000, 8253440, 4}, 0, 0, "madvise(0x0000004001804000,8253440,MADV_DONTNEED) = 0"},                                             // qemu
		{abi.SYS_MMAP, sysArgs{0, 8392704, 0, 0x22, 1<<64 - 1, 0}, 0x4000802000, 0, "mmap(NULL,8392704,PROT_NONE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0) = 0x0000004000802000"}, // qemu
		{abi.SYS_MUNMAP, sysArgs{0x4000802000, 1052672}, 0, 0, "munmap(0x0000004000802000,1052672) = 0"},                                                                // qemu
		{abi.SYS_FUTEX, sysArgs{0x10102204, 0x80, 0, 0, 0, 0}, 0, 0, "futex(0x0000000010102204,FUTEX_PRIVATE_FLAG|FUTEX_WAIT,0,NULL,NULL,0) = 0"},                       // qemu
		{abi.SYS_WRITE, sysArgs{1, 0x101094a0, 48}, 48, 0, "write(1,0x101094a0,48) = 48"},                                                                               // qemu
		{abi.SYS_GETRANDOM, sysArgs{0x10107130, 8, 1}, 8, 0, "getrandom(0x10107130,8,1) = 8"},                                                                           // qemu
		{abi.SYS_READLINK, sysArgs{str, 0x40007ff4d0, 4096}, 38, 0, `readlink("/proc/self/exe",0x00000040007ff4d0,4096) = 38`},                                          // qemu
		{abi.SYS_IOCTL, sysArgs{1, abi.TCGETS, 0x40007ffa30}, 0, abi.ENOTTY, "ioctl(1,TCGETS,0x00000040007ffa30) = -1 ENOTTY (Inappropriate ioctl for device)"},
		{abi.SYS_OPENAT, sysArgs{1<<64 - 100, str, 0o1101, 0o666}, 3, 0, `openat(AT_FDCWD,"/proc/self/exe",O_WRONLY|O_CREAT|O_TRUNC,0666) = 3`},
		{abi.SYS_OPENAT, sysArgs{1<<64 - 100, str, 0x4000 | 0o2000000, 0o777}, 0, abi.ENOENT, `openat(AT_FDCWD,"/proc/self/exe",O_RDONLY|O_DIRECTORY|O_CLOEXEC) = -1 ENOENT (No such file or directory)`},
		{abi.SYS_NEWFSTATAT, sysArgs{1, str + 14, 0x40007ffb18, 0x1000}, 0, 0, `newfstatat(1,"",0x00000040007ffb18,AT_EMPTY_PATH) = 0`},
		{abi.SYS_RT_SIGPROCMASK, sysArgs{1, 0x4000800198, 0, 8}, 0, 0, "rt_sigprocmask(SIG_UNBLOCK,0x0000004000800198,NULL,8) = 0"},
		{abi.SYS_CLONE, sysArgs{0x3d0f00, 0x4001001d00, 0x4001002570, 0x4001009c60, 0x4001002570}, 30209, 0,
			"clone(CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID,0x0000004001001d00,0x0000004001002570,0x0000004001009c60,0x0000004001002570) = 30209"},
		{abi.SYS_CLONE3, sysArgs{0x10117fe0, 88}, 0, abi.ENOSYS, "clone3(0x0000000010117fe0,88) = -1 ENOSYS (Function not implemented)"},
		{abi.SYS_STTY, sysArgs{0x1000, 0x2000}, 0, abi.ENOSYS, "stty(4096,8192,0,0,0,0) = -1 ENOSYS (not implemented)"},
		{999, sysArgs{1, 2, 3}, 0, abi.ENOSYS, "syscall_999(1,2,3,0,0,0) = -1 ENOSYS (not implemented)"},
		{abi.SYS_EXIT_GROUP, sysArgs{0}, 0, errExit, "exit_group(0) = ?"},
		{abi.SYS_RT_SIGACTION, sysArgs{abi.SIGUSR1, 0, 0x7fff0000, 8}, 0, 0, "rt_sigaction(SIGUSR1,NULL,0x000000007fff0000,8) = 0"},
		{abi.SYS_SOCKET, sysArgs{2, 1 | 0o2000000, 0}, 4, 0, "socket(AF_INET,SOCK_STREAM|SOCK_CLOEXEC,0) = 4"},
		{abi.SYS_READ, sysArgs{0, 0x1000, 10}, 0, errRestart, "read(0,0x1000,10) = ? ERESTARTSYS (To be restarted)"},
	} {
		for _, o := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			th := testThread(t, o)
			if err := th.p.mm.Mem.Map(str, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			_ = th.p.mm.Mem.Write(str, []byte("/proc/self/exe\x00"))
			if got := th.straceLine(c.num, &c.a, c.ret, c.errno); got != c.want {
				t.Errorf("%v:\n got %s\nwant %s", o, got, c.want)
			}
		}
	}
}
