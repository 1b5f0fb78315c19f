/* A pidfd as the file Linux makes it: poll and epoll report nothing while
   the process runs (not writable either), POLLIN and POLLRDNORM once it
   has ended (a zombie, before it is reaped, and one that had already ended
   when the pidfd was opened); /proc/self/fd names it anon_inode:[pidfd],
   in a listing of the directory as well; /proc/self/fdinfo gives its
   flags, and its Pid and NSpid (the process's id, -1 once reaped); lseek
   is ESPIPE, readv and writev EINVAL, timerfd_gettime EINVAL. Not
   printed, as Linux 6.9's pidfs (qemu-user's host) changed them: what a
   reaped process's pidfd polls (POLLHUP added), fstat's mode, fdinfo's
   ino and mnt_id, pread (EINVAL there, ESPIPE in 6.1).
   Compared with qemu-user. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static int pidfd_open(pid_t pid, unsigned flags) { return syscall(SYS_pidfd_open, pid, flags); }

/* revents of fd polled for everything, without waiting. */
static int revents(int fd) {
	struct pollfd p = {fd, POLLIN | POLLOUT | POLLPRI | POLLRDNORM | POLLWRNORM | POLLRDHUP, 0};
	if (poll(&p, 1, 0) < 0)
		return -1;
	return p.revents;
}

static int epolled(int ep) {
	struct epoll_event ev;
	int n = epoll_wait(ep, &ev, 1, 0);
	return n <= 0 ? n : (int)ev.events;
}

/* fdinfo prints fd's /proc/self/fdinfo lines but ino and mnt_id, with
   the pid replaced by "child" when it is the child's. */
static void fdinfo(int fd, pid_t child) {
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/self/fdinfo/%d", fd);
	FILE *f = fopen(path, "r");
	if (!f) {
		res("open fdinfo", -1);
		return;
	}
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "ino:", 4) || !strncmp(line, "mnt_id:", 7))
			continue;
		char *tab = strchr(line, '\t');
		if (tab && (!strncmp(line, "Pid:", 4) || !strncmp(line, "NSpid:", 6)) && atoi(tab + 1) == child)
			printf("%.*schild\n", (int)(tab + 1 - line), line);
		else
			printf("%s", line);
	}
	fclose(f);
}

static void showlink(int fd) {
	char path[64], buf[128];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(path, buf, sizeof buf - 1);
	if (n < 0) {
		res("readlink", -1);
		return;
	}
	buf[n] = 0;
	printf("fd link: %s\n", buf);
}

int main(void) {
	int go[2];
	pipe(go);
	fflush(stdout);
	pid_t a = fork();
	if (a == 0) {
		char c;
		read(go[0], &c, 1);
		_exit(7);
	}
	int fd = pidfd_open(a, 0);
	int nb = pidfd_open(a, O_NONBLOCK);
	printf("running: revents %#x\n", revents(fd));
	int ep = epoll_create1(EPOLL_CLOEXEC);
	struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP, .data.u32 = 0};
	res("epoll_ctl add", epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev));
	printf("running: epoll events %#x\n", epolled(ep));
	showlink(fd);
	fdinfo(fd, a);
	fdinfo(nb, a);

	/* The listing of /proc/self/fd names it too. */
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (atoi(e->d_name) == fd) {
			char path[300], buf[128];
			snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
			ssize_t n = readlink(path, buf, sizeof buf - 1);
			buf[n < 0 ? 0 : n] = 0;
			printf("listed: %s\n", buf);
		}
	}
	if (d)
		closedir(d);

	char b[8];
	struct iovec iov = {b, sizeof b};
	res("lseek", lseek(fd, 0, SEEK_SET));
	res("readv", readv(fd, &iov, 1));
	res("writev", writev(fd, &iov, 1));
	struct itimerspec its;
	res("timerfd_gettime", timerfd_gettime(fd, &its));
	res("F_GETFL", fcntl(fd, F_GETFL) & (O_ACCMODE | O_NONBLOCK));
	res("F_GETFL nonblocking", fcntl(nb, F_GETFL) & (O_ACCMODE | O_NONBLOCK));

	/* Ended, not reaped. */
	write(go[1], "x", 1);
	siginfo_t si;
	res("waitid WNOWAIT", waitid(P_PID, a, &si, WEXITED | WNOWAIT));
	printf("zombie: revents %#x\n", revents(fd));
	printf("zombie: epoll events %#x\n", epolled(ep));
	int late = pidfd_open(a, 0);
	printf("opened on the zombie: revents %#x\n", revents(late));
	fdinfo(late, a);

	int st;
	waitpid(a, &st, 0);
	printf("status %#x\n", st);
	printf("reaped: POLLIN %d\n", (revents(fd) & POLLIN) != 0);
	fdinfo(fd, a);
	res("pidfd_open reaped", pidfd_open(a, 0));
	return 0;
}
