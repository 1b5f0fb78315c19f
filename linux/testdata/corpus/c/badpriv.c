/* The privileged calls on the whole machine with bad and harmless
   arguments (linux/sys_priv.go): mount, umount, umount2, pivot_root,
   swapon, swapoff, reboot, acct, vhangup, init_module, finit_module,
   delete_module, kexec_load, kexec_file_load, settimeofday, stime, setns,
   syslog, adjtimex and clock_adjtime. The runner answers them as Linux
   answers a process without the capability: Linux's earlier checks, then
   EPERM; the read-only queries (adjtimex and clock_adjtime with modes 0
   or ADJ_OFFSET_SS_READ, syslog's SIZE_BUFFER and READ_ALL unless
   kernel.dmesg_restrict) are the host's.

   First the program empties its effective capability set (and stops if
   it cannot), so that no run of it anywhere changes the machine: qemu-user
   7.2 passes most of these calls to its host, which as root would mount,
   clear the kernel log or hang up the terminal. So its reference is not
   qemu-user's: badpriv.expected is a native run on an x86-64 host
   (Linux 6.18; these checks are architecture-independent and as Linux
   6.1's sources make them), with lines written by hand from 6.1's
   sources where that host cannot answer: umount and stime, which x86-64
   does not have (ksys_umount with no flags: the lookup, then EPERM;
   stime: the time read, EFAULT, then EPERM; the program prints those
   lines itself where the call is missing), and the module and kexec
   calls, which that host's kernel was built without (ENOSYS there;
   6.1's may_init_module, delete_module, kexec_load_check and
   kexec_file_load check CAP_SYS_MODULE or CAP_SYS_BOOT first: EPERM). The answers that depend on the host (syslog under
   dmesg_restrict, the clock state) are printed as whether they follow
   the rule. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define BAD ((long)8)           /* an unmapped address */
#define HI 0xdead000000000000L  /* garbage above an int argument */

static void show(const char *what, long r) {
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

#define TRY(what, ...) do { errno = 0; show(what, syscall(__VA_ARGS__)); } while (0)

static int restricted(void) {
	FILE *f = fopen("/proc/sys/kernel/dmesg_restrict", "r");
	int v = 1;
	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = 1;
		fclose(f);
	}
	return v != 0;
}

int main(void) {
	struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) != 0) {
		printf("capget: %s\n", strerror(errno));
		return 1;
	}
	d[0].effective = d[1].effective = 0;
	if (syscall(SYS_capset, &h, d) != 0 || syscall(SYS_capget, &h, d) != 0 || d[0].effective || d[1].effective) {
		printf("capabilities still effective: not trying\n");
		return 1;
	}
	printf("no effective capabilities\n");

	static char longstr[3 * 65536]; /* no NUL within a page of any size */
	memset(longstr, 'x', sizeof longstr);
	TRY("mount bad type", SYS_mount, "none", "/", BAD, 0, 0);
	TRY("mount bad source", SYS_mount, BAD, "/", "tmpfs", 0, 0);
	TRY("mount long type", SYS_mount, "none", "/", longstr, 0, 0);
	TRY("mount bad data", SYS_mount, "none", "/nonexistent-badpriv", "tmpfs", 0, BAD);
	TRY("mount bad target", SYS_mount, "none", BAD, "tmpfs", 0, 0);
	TRY("mount no target", SYS_mount, "none", "/nonexistent-badpriv", "tmpfs", 0, 0);
	TRY("mount MS_NOUSER", SYS_mount, "none", "/", "tmpfs", 1L << 31, 0);
	TRY("mount magic", SYS_mount, "none", "/", "tmpfs", 0xc0ed0000L, 0);
	TRY("mount NULL strings", SYS_mount, 0, "/", 0, 0, 0);
	TRY("mount tmpfs", SYS_mount, "none", "/", "tmpfs", 0, "size=1m");
#ifdef SYS_umount
	TRY("umount no path", SYS_umount, "/nonexistent-badpriv");
	TRY("umount /", SYS_umount, "/");
#else
	printf("umount no path: -1 %s\n", strerror(ENOENT));
	printf("umount /: -1 %s\n", strerror(EPERM));
#endif
	TRY("umount2 bad flags", SYS_umount2, "/", 0x10);
	TRY("umount2 bad path", SYS_umount2, BAD, 0);
	TRY("umount2 no path", SYS_umount2, "/nonexistent-badpriv", 8);
	TRY("umount2 / garbage", SYS_umount2, "/", HI);
	TRY("pivot_root", SYS_pivot_root, BAD, BAD);
	TRY("swapon bad flags", SYS_swapon, "/nonexistent-badpriv", -1);
	TRY("swapon garbage", SYS_swapon, BAD, HI | 0x8000);
	TRY("swapoff", SYS_swapoff, BAD);
	TRY("reboot bad magic", SYS_reboot, 0, 0, 0, BAD);
	TRY("acct", SYS_acct, BAD);
	TRY("vhangup", SYS_vhangup);
	TRY("init_module", SYS_init_module, BAD, 1, BAD);
	TRY("finit_module", SYS_finit_module, -1, BAD, -1);
	TRY("delete_module", SYS_delete_module, BAD, -1);
	TRY("kexec_load", SYS_kexec_load, 0, 1000, BAD, -1);
	TRY("kexec_file_load", SYS_kexec_file_load, -1, -1, 0, BAD, -1);

	struct timeval tv = {1, 0};
	struct timeval bigus = {1, 1000001}, oneus = {1, 1000000}, neg = {-1, 0};
	struct timezone tz = {0, 0};
	TRY("settimeofday bad tv", SYS_settimeofday, BAD, 0);
	TRY("settimeofday usec 1000001", SYS_settimeofday, &bigus, 0);
	TRY("settimeofday usec 1000000", SYS_settimeofday, &oneus, 0);
	TRY("settimeofday negative", SYS_settimeofday, &neg, 0);
	TRY("settimeofday bad tz", SYS_settimeofday, &tv, BAD);
	TRY("settimeofday NULL NULL", SYS_settimeofday, 0, 0);
	TRY("settimeofday", SYS_settimeofday, &tv, &tz);
#ifdef SYS_stime
	long secs = 1;
	TRY("stime bad", SYS_stime, BAD);
	TRY("stime", SYS_stime, &secs);
#else
	printf("stime bad: -1 %s\n", strerror(EFAULT));
	printf("stime: -1 %s\n", strerror(EPERM));
#endif

	int devnull = open("/dev/null", O_RDONLY);
	int uts = open("/proc/self/ns/uts", O_RDONLY);
	int user = open("/proc/self/ns/user", O_RDONLY);
	int pidfd = syscall(SYS_pidfd_open, getpid(), 0);
	printf("opened: %d %d %d %d\n", devnull >= 0, uts >= 0, user >= 0, pidfd >= 0);
	TRY("setns bad fd", SYS_setns, -1, 0);
	TRY("setns not a namespace", SYS_setns, devnull, 0);
	TRY("setns uts as net", SYS_setns, uts, CLONE_NEWNET);
	TRY("setns uts", SYS_setns, uts, 0);
	TRY("setns uts garbage", SYS_setns, uts, HI | CLONE_NEWUTS);
	TRY("setns own user", SYS_setns, user, CLONE_NEWUSER);
	TRY("setns pidfd no type", SYS_setns, pidfd, 0);
	TRY("setns pidfd bad type", SYS_setns, pidfd, 1);
	TRY("setns pidfd uts", SYS_setns, pidfd, CLONE_NEWUTS);

	int rs = restricted();
	char buf[64];
	errno = 0;
	long r = syscall(SYS_syslog, 10, 0, 0);
	printf("syslog size: %s\n", (rs ? r == -1 && errno == EPERM : r > 0) ? "as dmesg_restrict" : "wrong");
	errno = 0;
	r = syscall(SYS_syslog, HI | 10, 0, 0);
	printf("syslog size garbage: %s\n", (rs ? r == -1 && errno == EPERM : r > 0) ? "as dmesg_restrict" : "wrong");
	errno = 0;
	r = syscall(SYS_syslog, 3, 0, 10);
	printf("syslog read all NULL: %s\n", r == -1 && errno == (rs ? EPERM : EINVAL) ? "as dmesg_restrict" : "wrong");
	errno = 0;
	r = syscall(SYS_syslog, 3, buf, -1);
	printf("syslog read all -1: %s\n", r == -1 && errno == (rs ? EPERM : EINVAL) ? "as dmesg_restrict" : "wrong");
	errno = 0;
	r = syscall(SYS_syslog, 3, buf, 0);
	printf("syslog read all 0: %s\n", (rs ? r == -1 && errno == EPERM : r == 0) ? "as dmesg_restrict" : "wrong");
	TRY("syslog clear", SYS_syslog, 5, 0, 0);
	TRY("syslog console level", SYS_syslog, 8, 0, 99);
	TRY("syslog unknown", SYS_syslog, 99, BAD, -1);

	struct timex tx;
	memset(&tx, 0, sizeof tx);
	r = syscall(SYS_adjtimex, &tx);
	printf("adjtimex query: %s tick>0 %d\n", r >= 0 && r <= 5 ? "a clock state" : "wrong", tx.tick > 0);
	TRY("adjtimex bad", SYS_adjtimex, BAD);
	memset(&tx, 0, sizeof tx);
	tx.modes = ADJ_OFFSET;
	TRY("adjtimex offset", SYS_adjtimex, &tx);
	tx.modes = 0x8000; /* ADJ_ADJTIME without ADJ_OFFSET_SINGLESHOT */
	TRY("adjtimex adjtime alone", SYS_adjtimex, &tx);
	tx.modes = ADJ_OFFSET_SINGLESHOT;
	TRY("adjtimex singleshot", SYS_adjtimex, &tx);
	tx.modes = ADJ_SETOFFSET;
	TRY("adjtimex setoffset", SYS_adjtimex, &tx);
	memset(&tx, 0, sizeof tx);
	tx.modes = ADJ_OFFSET_SS_READ;
	tx.tai = -12345;
	r = syscall(SYS_adjtimex, &tx);
	printf("adjtimex ss read: %s modes %#x tai changed %d\n", r >= 0 && r <= 5 ? "a clock state" : "wrong", tx.modes, tx.tai != -12345);

	memset(&tx, 0, sizeof tx);
	r = syscall(SYS_clock_adjtime, CLOCK_REALTIME, &tx);
	printf("clock_adjtime realtime query: %s\n", r >= 0 && r <= 5 ? "a clock state" : "wrong");
	TRY("clock_adjtime realtime bad", SYS_clock_adjtime, CLOCK_REALTIME, BAD);
	TRY("clock_adjtime monotonic bad", SYS_clock_adjtime, CLOCK_MONOTONIC, BAD);
	TRY("clock_adjtime monotonic", SYS_clock_adjtime, CLOCK_MONOTONIC, &tx);
	TRY("clock_adjtime tai", SYS_clock_adjtime, CLOCK_TAI, &tx);
	TRY("clock_adjtime 10", SYS_clock_adjtime, 10, &tx);
	TRY("clock_adjtime 12", SYS_clock_adjtime, 12, &tx);
	TRY("clock_adjtime cpu clock", SYS_clock_adjtime, -1, &tx);
	TRY("clock_adjtime fd clock", SYS_clock_adjtime, (~100L << 3) | 3, &tx);
	tx.modes = ADJ_FREQUENCY;
	TRY("clock_adjtime realtime set", SYS_clock_adjtime, CLOCK_REALTIME, &tx);
	return 0;
}
