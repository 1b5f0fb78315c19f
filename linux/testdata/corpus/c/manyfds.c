/* poll and epoll_wait over more descriptors than 4096, as CPython's
   test_selectors.test_above_fd_setsize does (it raises RLIMIT_NOFILE to
   its hard limit): a poll of every descriptor below the soft limit and an
   epoll_wait asking for as many events as it watches report every ready
   descriptor at once (the write ends of pipes; the read ends are not
   ready); a poll of more descriptors than the soft limit is EINVAL, and so
   is an epoll_wait for 0 or a negative number of events. The counts are
   printed against what they should be, so that the output does not depend
   on the hard limit (at most 6000 descriptors are used). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

int main(void) {
	struct rlimit rl;
	getrlimit(RLIMIT_NOFILE, &rl);
	rlim_t want = rl.rlim_max < 6000 ? rl.rlim_max : 6000;
	rl.rlim_cur = want;
	if (setrlimit(RLIMIT_NOFILE, &rl) != 0) {
		printf("setrlimit: %s\n", strerror(errno));
		return 1;
	}
	int pairs = (int)(want - 64) / 2;
	printf("more than 4096 descriptors: %d\n", 2 * pairs > 4096);
	struct pollfd *p = calloc(2 * pairs, sizeof *p);
	int ep = epoll_create1(EPOLL_CLOEXEC);
	for (int i = 0; i < pairs; i++) {
		int fd[2];
		if (pipe(fd) != 0) {
			printf("pipe %d: %s\n", i, strerror(errno));
			return 1;
		}
		p[2 * i] = (struct pollfd){.fd = fd[0], .events = POLLIN};
		p[2 * i + 1] = (struct pollfd){.fd = fd[1], .events = POLLOUT};
		struct epoll_event r = {.events = EPOLLIN, .data.u64 = 2 * i};
		struct epoll_event w = {.events = EPOLLOUT, .data.u64 = 2 * i + 1};
		if (epoll_ctl(ep, EPOLL_CTL_ADD, fd[0], &r) || epoll_ctl(ep, EPOLL_CTL_ADD, fd[1], &w)) {
			printf("epoll_ctl %d: %s\n", i, strerror(errno));
			return 1;
		}
	}
	int n = poll(p, 2 * pairs, 0);
	int odd = 1;
	for (int i = 0; i < 2 * pairs; i++)
		if ((p[i].revents != 0) != (i % 2 == 1))
			odd = 0;
	printf("poll: all write ends ready: %d, only they: %d\n", n == pairs, odd);

	struct epoll_event *ev = calloc(2 * pairs, sizeof *ev);
	n = epoll_wait(ep, ev, 2 * pairs, 0);
	odd = 1;
	for (int i = 0; i < n; i++)
		if (ev[i].data.u64 % 2 != 1 || ev[i].events != EPOLLOUT)
			odd = 0;
	printf("epoll_wait: all write ends ready: %d, only they: %d\n", n == pairs, odd);
	n = epoll_wait(ep, ev, 1500, 0);
	printf("epoll_wait for 1500: %d\n", n);

	errno = 0;
	n = poll(p, want + 1, 0);
	printf("poll of soft limit + 1: %d %s\n", n, strerror(errno));
	errno = 0;
	n = epoll_wait(ep, ev, 0, 0);
	printf("epoll_wait for 0: %d %s\n", n, strerror(errno));
	errno = 0;
	n = epoll_wait(ep, ev, -1, 0);
	printf("epoll_wait for -1: %d %s\n", n, strerror(errno));
	return 0;
}
