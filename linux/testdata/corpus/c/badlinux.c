/* Bad arguments where qemu-user 7.2 is not Linux (badptr.c and badptr2.c
 * compare the rest with qemu-user). Compared with badlinux.expected,
 * written from Linux's sources:
 *  - nanosleep of an unmapped timespec: get_timespec64 fails, EFAULT
 *    (qemu-user: EINVAL);
 *  - bind with a length above sizeof(struct sockaddr_storage):
 *    move_addr_to_kernel, EINVAL (qemu-user: EFAULT);
 *  - socket with type bits other than SOCK_NONBLOCK|SOCK_CLOEXEC:
 *    __sys_socket, EINVAL (qemu-user: ESOCKTNOSUPPORT);
 *  - timerfd_gettime of a descriptor that is not a timerfd: timerfd_fget,
 *    EINVAL (qemu-user: EFAULT);
 *  - signalfd4 with a mask size other than sizeof(sigset_t), 8: EINVAL
 *    (qemu-user accepts it);
 *  - ioctl TCGETS on a socket: sock_ioctl knows no such command, ENOTTY
 *    (qemu-user: ENOSYS);
 *  - epoll_wait on a bad descriptor with a read-only events buffer:
 *    do_epoll_wait checks the buffer with access_ok (an address range
 *    check) before the descriptor, EBADF (qemu-user: EFAULT);
 *  - set_robust_list and get_robust_list (qemu-user: ENOSYS): a length
 *    other than sizeof(struct robust_list_head), 24, is EINVAL; a head
 *    pointer is not checked when set (0); get_robust_list of a thread
 *    that does not exist is ESRCH, and with an unwritable length or head
 *    pointer EFAULT (kernel/futex/syscalls.c);
 *  - statfs64 and fstatfs64 with a size other than sizeof(struct
 *    statfs64): EINVAL before the path or descriptor is looked at
 *    (fs/statfs.c; qemu-user 7.2 ignores the size and answers 0);
 *  - madvise with unknown advice: EINVAL (madvise_behavior_valid); of
 *    an unmapped range: ENOMEM (qemu-user 7.2 answers 0 to both);
 *  - rseq (qemu-user: ENOSYS): unknown flags EINVAL; unregistering an
 *    area that is not the registered one EINVAL (kernel/rseq.c);
 *  - nice: an int increment (garbage in the upper half dropped) and 0
 *    on success (kernel/sched/core.c; qemu-user answers the new nice
 *    value, from the host C library's nice);
 *  - sched_getattr with a size above a page: EINVAL (qemu-user 7.2
 *    takes the 56 bytes it knows);
 *  - preadv2 and pwritev2 (qemu-user 7.2: ENOSYS): offset -1 reads and
 *    writes at the file position and moves it, another offset does not;
 *    flags outside RWF_SUPPORTED (0x1f) are EOPNOTSUPP
 *    (kiocb_set_rw_flags), but a transfer of nothing is 0 first;
 *  - memfd_create checks its flags (EINVAL; 0x8, MFD_NOEXEC_SEAL, is
 *    Linux 6.3's) before it reads the name (EFAULT) (mm/memfd.c;
 *    qemu-user reads the name first);
 *  - clock_settime of a clock that cannot be set is EINVAL before the
 *    timespec is read (kernel/time/posix-timers.c; qemu-user reads it
 *    first, EFAULT);
 *  - mlock2 (qemu-user 7.2: ENOSYS): flags other than MLOCK_ONFAULT are
 *    EINVAL, and it locks as mlock does (mm/mlock.c; badmlock.c compares
 *    the rest with qemu-user);
 *  - personality takes an unsigned int: garbage in the upper half is
 *    dropped, of a query too (kernel/exec_domain.c; qemu-user passes the
 *    host C library's int result on, personality.c has the rest);
 *  - membarrier takes an int command, an unsigned int flags word and an
 *    int CPU: garbage in their upper halves is dropped (a query with
 *    them gives 6.1's 511; qemu-user passes the call to the host, whose
 *    mask depends on its version); an unknown command is EINVAL
 *    (membarrier.c has the rest);
 *  - POSIX message queues (ipc/mqueue.c; badmq.c compares the rest with
 *    qemu-user): mq_open with O_ACCMODE (both O_WRONLY and O_RDWR) is
 *    EINVAL (qemu-user opens the queue); mq_timedreceive with an
 *    unwritable priority pointer is EFAULT, the message taken (qemu-user
 *    ignores the fault); mq_getsetattr of an unreadable new struct
 *    mq_attr is EFAULT (qemu-user: EINVAL), of an unwritable old one
 *    EFAULT after the new flags are set (qemu-user: 0); mq_notify
 *    (qemu-user: ENOSYS) reads the struct sigevent (EFAULT), checks
 *    sigev_notify (EINVAL but for SIGEV_NONE, SIGEV_SIGNAL, SIGEV_THREAD)
 *    and the signal (EINVAL above 64; 0 is accepted), for SIGEV_THREAD
 *    reads the cookie (EFAULT) and looks the socket up (EBADF, ENOTSOCK,
 *    EINVAL for a socket that is not a netlink one), then the queue's
 *    descriptor (EBADF, an int), and refuses a second registration
 *    (EBUSY). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *bad = (void *)0x1000;
	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	int s = socket(AF_UNIX, SOCK_DGRAM, 0);
	res("nanosleep bad", syscall(SYS_nanosleep, bad, 0));
	res("bind bad length", syscall(SYS_bind, s, ro, 100000));
	res("socket bad type flags", syscall(SYS_socket, AF_UNIX, 12345, 0));
	res("timerfd_gettime not a timerfd", syscall(SYS_timerfd_gettime, sv[0], ro));
	res("signalfd4 bad size", syscall(SYS_signalfd4, -1, ro, 4, 0));
	res("ioctl TCGETS on a socket", syscall(SYS_ioctl, sv[0], TCGETS, ro));
	res("epoll_wait bad fd", syscall(SYS_epoll_pwait, 12345, ro, 1, 0, 0, 8));
	long head, len;
	syscall(SYS_get_robust_list, 0, &head, &len);
	res("set_robust_list bad length", syscall(SYS_set_robust_list, head, 1));
	res("set_robust_list unmapped head", syscall(SYS_set_robust_list, bad, 24));
	res("set_robust_list back", syscall(SYS_set_robust_list, head, len));
	res("get_robust_list no such thread", syscall(SYS_get_robust_list, 0x3fffffff, &head, &len));
	res("get_robust_list bad length pointer", syscall(SYS_get_robust_list, 0, &head, bad));
	res("get_robust_list bad head pointer", syscall(SYS_get_robust_list, 0, ro, &len));
	res("madvise bad advice", syscall(SYS_madvise, ro, 4096, 12345));
	res("madvise unmapped", syscall(SYS_madvise, bad, 4096, MADV_DONTNEED));
	res("rseq unknown flags", syscall(SYS_rseq, ro, 32, 12345, 0));
	res("rseq unregister another area", syscall(SYS_rseq, bad, 32, 1, 0));
	struct statfs64 sf;
	res("statfs64 bad size", syscall(SYS_statfs64, "/", 7, &sf));
	res("fstatfs64 bad size", syscall(SYS_fstatfs64, 12345, 3, &sf));
	/* execveat: qemu-user 7.2 answers ENOSYS (fs/exec.c: the path is read
	   first, then the flags checked, then it is looked up from dirfd). */
	int f = open("/", O_RDONLY);
	res("execveat bad path", syscall(SYS_execveat, AT_FDCWD, bad, 0, 0, 0));
	res("execveat bad flags", syscall(SYS_execveat, AT_FDCWD, "/nothing", 0, 0, 0x12345));
	res("execveat bad fd", syscall(SYS_execveat, 99, "f", 0, 0, 0));
	res("execveat a directory", syscall(SYS_execveat, f, "", 0, 0, AT_EMPTY_PATH));
	res("nice garbage upper half (no change)", syscall(SYS_nice, 0x5a5a5a5a00000000L));
	char attr[4100] = {0};
	res("sched_getattr size above a page", syscall(SYS_sched_getattr, 0, attr, 4097, 0));
	char tpath[] = "/tmp/badlinuxXXXXXX", pb[4] = {0};
	int tf = mkstemp(tpath);
	unlink(tpath);
	write(tf, "0123456789", 10);
	lseek(tf, 2, SEEK_SET);
	struct iovec pv = {pb, 3};
	res("preadv2 offset -1", syscall(SYS_preadv2, tf, &pv, 1, -1, 0, 0));
	printf("read \"%s\", position %ld\n", pb, (long)lseek(tf, 0, SEEK_CUR));
	res("preadv2 offset 7", syscall(SYS_preadv2, tf, &pv, 1, 7, 0, 0));
	printf("read \"%s\", position %ld\n", pb, (long)lseek(tf, 0, SEEK_CUR));
	res("pwritev2 offset -1", syscall(SYS_pwritev2, tf, &pv, 1, -1, 0, 0));
	res("pwritev2 offset 0 RWF_DSYNC", syscall(SYS_pwritev2, tf, &pv, 1, 0, 0, RWF_DSYNC));
	printf("position %ld\n", (long)lseek(tf, 0, SEEK_CUR));
	char all[11] = {0};
	pread(tf, all, 10, 0);
	printf("file \"%s\"\n", all);
	res("preadv2 flags 0x100", syscall(SYS_preadv2, tf, &pv, 1, 0, 0, 0x100));
	res("pwritev2 flags 0x20", syscall(SYS_pwritev2, tf, &pv, 1, 0, 0, 0x20));
	struct iovec none = {pb, 0};
	res("preadv2 of nothing, flags 0x100", syscall(SYS_preadv2, tf, &none, 1, 0, 0, 0x100));
	res("memfd_create bad name, bad flags", syscall(SYS_memfd_create, bad, 0x100));
	res("memfd_create MFD_NOEXEC_SEAL", syscall(SYS_memfd_create, "x", 0x8));
	res("memfd_create bad name", syscall(SYS_memfd_create, bad, 0));
	res("clock_settime CLOCK_MONOTONIC bad pointer", syscall(SYS_clock_settime, CLOCK_MONOTONIC, bad));
	res("mlock2 bad flags", syscall(SYS_mlock2, ro, 4096, 2));
	res("mlock2 MLOCK_ONFAULT", syscall(SYS_mlock2, ro, 4096, 1));
	res("mlock2 of an unmapped page", syscall(SYS_mlock2, bad, 4096, 0));
	res("munlock", syscall(SYS_munlock, ro, 4096));
	res("personality PER_BSD, garbage upper half", syscall(SYS_personality, 0xdead00000006UL));
	res("personality query, garbage upper half", syscall(SYS_personality, 0xdeadffffffffUL));
	res("personality PER_LINUX", syscall(SYS_personality, 0));
	res("membarrier query, garbage upper halves",
	    syscall(SYS_membarrier, 0xdead00000000UL, 0xbeef00000000UL, 0xf00d00000000UL));
	res("membarrier command 1 << 31", syscall(SYS_membarrier, 0x80000000UL, 0, 0));
	res("membarrier private expedited unregistered, garbage flags", syscall(SYS_membarrier, 8, 0xbeef00000000UL, 0));
	char mqn[64], mqb[16];
	snprintf(mqn, sizeof mqn, "/c-badlinux-%d", (int)getpid());
	struct mq_attr mqa = {.mq_maxmsg = 2, .mq_msgsize = 8};
	long mq = syscall(SYS_mq_open, mqn + 1, O_RDWR | O_CREAT | O_EXCL, 0600, &mqa);
	res("mq_open", mq < 0 ? -1 : 0);
	long mq2 = syscall(SYS_mq_open, mqn + 1, O_ACCMODE, 0, NULL);
	res("mq_open O_ACCMODE", mq2 < 0 ? mq2 : 0);
	res("mq_timedsend", syscall(SYS_mq_timedsend, mq, "ab", 2, 0, NULL));
	res("mq_timedreceive bad priority pointer", syscall(SYS_mq_timedreceive, mq, mqb, sizeof mqb, bad, NULL));
	res("mq_getsetattr bad new", syscall(SYS_mq_getsetattr, mq, bad, NULL));
	res("mq_getsetattr bad old", syscall(SYS_mq_getsetattr, mq, NULL, bad));
	struct mq_attr mqnb = {.mq_flags = O_NONBLOCK};
	res("mq_getsetattr O_NONBLOCK, bad old", syscall(SYS_mq_getsetattr, mq, &mqnb, bad));
	res("mq_timedreceive, message lost, nonblocking", syscall(SYS_mq_timedreceive, mq, mqb, sizeof mqb, NULL, NULL));
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	res("mq_notify bad sigevent", syscall(SYS_mq_notify, mq, bad));
	sev.sigev_notify = 77;
	res("mq_notify sigev_notify 77, bad fd", syscall(SYS_mq_notify, -1, &sev));
	sev.sigev_notify = 4;
	res("mq_notify SIGEV_THREAD_ID", syscall(SYS_mq_notify, mq, &sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = 65;
	res("mq_notify signal 65, bad fd", syscall(SYS_mq_notify, -1, &sev));
	sev.sigev_signo = -1;
	res("mq_notify signal -1", syscall(SYS_mq_notify, mq, &sev));
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_value.sival_ptr = bad;
	res("mq_notify SIGEV_THREAD bad cookie, bad socket", syscall(SYS_mq_notify, -1, &sev));
	sev.sigev_value.sival_ptr = mqb;
	res("mq_notify SIGEV_THREAD bad socket, bad fd", syscall(SYS_mq_notify, -1, &sev));
	sev.sigev_signo = 1;
	res("mq_notify SIGEV_THREAD not a socket", syscall(SYS_mq_notify, mq, &sev));
	sev.sigev_signo = sv[0];
	res("mq_notify SIGEV_THREAD not a netlink socket", syscall(SYS_mq_notify, mq, &sev));
	sev.sigev_notify = SIGEV_NONE;
	res("mq_notify SIGEV_NONE not a queue", syscall(SYS_mq_notify, 1, &sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = 0;
	res("mq_notify signal 0, garbage upper half", syscall(SYS_mq_notify, 0xdead00000000UL | mq, &sev));
	res("mq_notify again", syscall(SYS_mq_notify, mq, &sev));
	res("mq_notify NULL", syscall(SYS_mq_notify, mq, NULL));
	res("mq_notify NULL, none registered", syscall(SYS_mq_notify, mq, NULL));
	res("mq_unlink", syscall(SYS_mq_unlink, mqn + 1));
	return 0;
}
