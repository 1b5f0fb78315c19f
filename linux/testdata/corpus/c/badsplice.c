/* splice(2): pipe to file and file to pipe with and without offsets (the
 * offsets the call moves, the file position it leaves), a pipe to
 * /dev/null (how GNU grep drains its input), a blocking splice from an
 * empty pipe that a child fills, one interrupted by a signal (EINTR
 * without SA_RESTART), SPLICE_F_NONBLOCK, and the errors in Linux's order:
 * len 0, bad flags, EBADF, ESPIPE, EFAULT, EINVAL without a pipe and for
 * an O_APPEND file (raw system calls). Compared with qemu-user. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void show(const char *what, ssize_t r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %zd\n", what, r);
}

static void onalrm(int s) { (void)s; }

int main(void) {
	char path[] = "/tmp/spliceXXXXXX", buf[64];
	int f = mkstemp(path), p[2];
	unlink(path);
	if (f < 0 || pipe(p) < 0)
		return 1;
	off64_t off = 4;
	write(p[1], "hello, splice", 13);
	show("pipe to file at off 4", splice(p[0], NULL, f, &off, 5, 0));
	printf("off now %lld, file pos %lld\n", (long long)off, (long long)lseek(f, 0, SEEK_CUR));
	show("pipe to file at pos", splice(p[0], NULL, f, NULL, 100, SPLICE_F_MOVE));
	printf("file pos %lld\n", (long long)lseek(f, 0, SEEK_CUR));
	off = 0;
	show("file to pipe from off 0", splice(f, &off, p[1], NULL, 64, 0));
	memset(buf, 0, sizeof buf);
	ssize_t n = read(p[0], buf, sizeof buf);
	for (ssize_t i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = '.';
	printf("read back %zd: %s (off %lld)\n", n, buf, (long long)off);
	int null = open("/dev/null", O_WRONLY);
	write(p[1], "drained", 7);
	show("pipe to /dev/null", splice(p[0], NULL, null, NULL, 65536, SPLICE_F_MOVE));
	show("empty pipe, SPLICE_F_NONBLOCK", splice(p[0], NULL, null, NULL, 10, SPLICE_F_NONBLOCK));
	show("len 0", syscall(SYS_splice, -1, NULL, -1, NULL, 0, 0));
	show("bad flags", syscall(SYS_splice, p[0], NULL, null, NULL, 1, 0x100));
	show("bad fd_in", syscall(SYS_splice, 99, NULL, null, NULL, 1, 0));
	show("bad fd_out", syscall(SYS_splice, p[0], NULL, 99, NULL, 1, 0));
	show("offset of a pipe", syscall(SYS_splice, p[0], &off, f, NULL, 1, 0));
	show("bad offset pointer", syscall(SYS_splice, p[0], NULL, f, (off64_t *)8, 1, 0));
	show("no pipe", syscall(SYS_splice, f, NULL, null, NULL, 1, 0));
	int ap = open("/dev/null", O_WRONLY | O_APPEND);
	write(p[1], "x", 1);
	show("O_APPEND output", syscall(SYS_splice, p[0], NULL, ap, NULL, 1, 0));
	read(p[0], buf, 1);
	/* a blocking splice waits for the writer */
	pid_t c = fork();
	if (c == 0) {
		usleep(100000);
		write(p[1], "late", 4);
		_exit(0);
	}
	off = 0;
	show("blocking until the child writes", splice(p[0], NULL, f, &off, 10, 0));
	waitpid(c, NULL, 0);
	struct sigaction sa = {0};
	sa.sa_handler = onalrm;
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
	show("interrupted by SIGALRM", splice(p[0], NULL, f, NULL, 10, 0));
	close(p[1]);
	show("writer closed", splice(p[0], NULL, f, NULL, 10, 0));
	return 0;
}
