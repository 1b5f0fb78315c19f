/* timerfd_create/settime/gettime: one-shot and absolute timers read by a
 * blocking read, the old value, disarming, the error paths; and an eventfd
 * counter written and read (the 8-byte counters are in the program's byte
 * order). Output does not depend on timing. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "res.h"

int main(void) {
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	res("timerfd_create", fd);
	struct itimerspec cur, old;
	memset(&cur, 0xff, sizeof cur);
	res("gettime disarmed", timerfd_gettime(fd, &cur));
	printf("  %lld %ld %lld %ld\n", (long long)cur.it_interval.tv_sec, cur.it_interval.tv_nsec,
	       (long long)cur.it_value.tv_sec, cur.it_value.tv_nsec);

	/* A long periodic timer: gettime shows the interval exactly. */
	struct itimerspec its = {{5, 250000000}, {100, 0}};
	res("settime periodic", timerfd_settime(fd, 0, &its, &old));
	printf("  old %lld %ld %lld %ld\n", (long long)old.it_interval.tv_sec, old.it_interval.tv_nsec,
	       (long long)old.it_value.tv_sec, old.it_value.tv_nsec);
	res("gettime", timerfd_gettime(fd, &cur));
	printf("  interval %lld.%09ld value-in-range %d\n", (long long)cur.it_interval.tv_sec, cur.it_interval.tv_nsec,
	       cur.it_value.tv_sec >= 90 && cur.it_value.tv_sec <= 100);
	struct pollfd pfd = {fd, POLLIN, 0};
	res("poll not expired", poll(&pfd, 1, 0));

	/* One-shot, 10 ms: a blocking read returns one expiration. */
	struct itimerspec one = {{0, 0}, {0, 10000000}};
	res("settime one-shot", timerfd_settime(fd, 0, &one, &old));
	printf("  old interval %lld.%09ld value-set %d\n", (long long)old.it_interval.tv_sec, old.it_interval.tv_nsec,
	       old.it_value.tv_sec > 0);
	uint64_t n = 0;
	res("read", read(fd, &n, sizeof n));
	printf("  expirations %llu\n", (unsigned long long)n);
	res("gettime expired", timerfd_gettime(fd, &cur));
	printf("  %lld %ld\n", (long long)cur.it_value.tv_sec, cur.it_value.tv_nsec);

	/* Absolute time, non-blocking descriptor. */
	int nb = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	uint64_t m;
	res("read unarmed nonblocking", read(nb, &m, sizeof m));
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_nsec += 5000000;
	if (now.tv_nsec >= 1000000000) {
		now.tv_sec++;
		now.tv_nsec -= 1000000000;
	}
	struct itimerspec abs = {{0, 0}, now};
	res("settime absolute", timerfd_settime(nb, TFD_TIMER_ABSTIME, &abs, NULL));
	pfd.fd = nb;
	res("poll absolute", poll(&pfd, 1, 5000));
	m = 0;
	res("read absolute", read(nb, &m, sizeof m));
	printf("  expirations %llu\n", (unsigned long long)m);
	struct itimerspec zero = {{0, 0}, {0, 0}};
	res("settime disarm", timerfd_settime(nb, 0, &zero, NULL));

	/* Errors. */
	res("create bad clock", timerfd_create(99, 0));
	/* (Unknown flags: EINVAL on Linux, ignored by qemu-user 7.2.) */
	struct itimerspec bad = {{0, 0}, {0, 1000000000}};
	res("settime bad nsec", timerfd_settime(fd, 0, &bad, NULL));
	res("settime bad flags", timerfd_settime(fd, 0x100, &one, NULL));
	res("settime bad pointer", timerfd_settime(fd, 0, (void *)8, NULL));
	res("settime not a timerfd", timerfd_settime(0, 0, &one, NULL));
	res("settime bad fd", timerfd_settime(99, 0, &one, NULL));
	res("gettime bad pointer", timerfd_gettime(fd, (void *)8));
	res("gettime bad fd", timerfd_gettime(99, &cur));
	char small[4];
	res("read 4 bytes", read(fd, small, sizeof small));

	/* eventfd counter in the program's byte order. */
	int efd = eventfd(0x10, 0);
	uint64_t v = 0x0102030405060708ull;
	res("eventfd write", write(efd, &v, sizeof v));
	v = 0;
	res("eventfd read", read(efd, &v, sizeof v));
	printf("  %#llx\n", (unsigned long long)v);
	return 0;
}
