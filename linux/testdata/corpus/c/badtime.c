/* clock_settime's answers short of setting a clock (CPython's test_time
   calls it and expects EPERM without the privilege): a clock that cannot
   be set (CLOCK_MONOTONIC, CLOCK_BOOTTIME, an unknown id) is EINVAL before
   the timespec is read; CLOCK_REALTIME reads it (EFAULT), checks it (EINVAL
   for a negative second, a nanosecond count out of range, a time past
   TIME_SETTOD_SEC_MAX) before the caller's CAP_SYS_TIME; the caller's CPU
   clocks are EINVAL (they have no clock_set). qemu-user reads the timespec
   before it passes the call on, so a clock that cannot be set with a bad
   pointer is EFAULT there and EINVAL on Linux: left out. CAP_SYS_TIME is dropped from the effective set first
   (capset), so the call with a valid time is EPERM as root and as another
   user and the clock is never set: the program checks the bit is gone
   before it tries. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void try(const char *what, clockid_t c, const struct timespec *ts) {
	errno = 0;
	long r = syscall(SYS_clock_settime, c, ts);
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

int main(void) {
	struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) != 0) {
		printf("capget: %s\n", strerror(errno));
		return 1;
	}
	d[0].effective &= ~(1u << CAP_SYS_TIME);
	if (syscall(SYS_capset, &h, d) != 0) {
		printf("capset: %s\n", strerror(errno));
		return 1;
	}
	syscall(SYS_capget, &h, d);
	if (d[0].effective & (1u << CAP_SYS_TIME)) {
		printf("CAP_SYS_TIME still effective: stop\n");
		return 1;
	}
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	struct timespec bad = now;
	try("CLOCK_MONOTONIC", CLOCK_MONOTONIC, &now);
	try("CLOCK_BOOTTIME", CLOCK_BOOTTIME, &now);
	try("CLOCK_TAI", CLOCK_TAI, &now);
	try("CLOCK_REALTIME_COARSE", CLOCK_REALTIME_COARSE, &now);
	try("clock 99", 99, &now);
	try("CLOCK_REALTIME, bad pointer", CLOCK_REALTIME, (void *)8);
	bad.tv_nsec = 1000000000;
	try("CLOCK_REALTIME, nsec 1e9", CLOCK_REALTIME, &bad);
	bad.tv_nsec = -1;
	try("CLOCK_REALTIME, nsec -1", CLOCK_REALTIME, &bad);
	bad = now;
	bad.tv_sec = -1;
	try("CLOCK_REALTIME, sec -1", CLOCK_REALTIME, &bad);
	bad.tv_sec = 8277292036;
	try("CLOCK_REALTIME, sec TIME_SETTOD_SEC_MAX", CLOCK_REALTIME, &bad);
	bad.tv_sec = 8277292035;
	bad.tv_nsec = 0;
	try("CLOCK_REALTIME, sec TIME_SETTOD_SEC_MAX-1", CLOCK_REALTIME, &bad);
	try("CLOCK_REALTIME, now", CLOCK_REALTIME, &now);
	try("CLOCK_PROCESS_CPUTIME_ID", CLOCK_PROCESS_CPUTIME_ID, &now);
	try("CLOCK_THREAD_CPUTIME_ID", CLOCK_THREAD_CPUTIME_ID, &now);
	return 0;
}
