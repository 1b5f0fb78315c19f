/* A blocking pipe's wrong end: write, writev and pwrite to the read end,
   read and readv of the write end, and the same for a FIFO opened one way
   and a character device opened read-only, are EBADF at once (Linux checks
   the descriptor's mode before the file). CPython's test_signal writes to
   a pipe's read end to see the error; the runner used to wait for the end
   to become writable, for ever. An alarm ends the program if a call
   waits. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include "res.h"

static void onalarm(int s) {
	(void)s;
	static const char m[] = "a call waited\n";
	write(1, m, sizeof m - 1);
	_exit(1);
}

int main(void) {
	signal(SIGALRM, onalarm);
	alarm(10);
	int p[2];
	pipe(p);
	char c = 'x';
	struct iovec v = {&c, 1};
	res("write to the read end", write(p[0], &c, 1));
	res("writev to the read end", writev(p[0], &v, 1));
	res("read of the write end", read(p[1], &c, 1));
	res("readv of the write end", readv(p[1], &v, 1));
	res("pwrite to the read end", pwrite(p[0], &c, 1, 0));
	char fifo[64];
	snprintf(fifo, sizeof fifo, "/tmp/ppc64emu-pipeends-%d", getpid());
	mkfifo(fifo, 0600);
	int rw = open(fifo, O_RDWR); /* so that the one-way opens do not wait */
	int r = open(fifo, O_RDONLY), w = open(fifo, O_WRONLY);
	unlink(fifo);
	res("write to a FIFO opened O_RDONLY", write(r, &c, 1));
	res("read of a FIFO opened O_WRONLY", read(w, &c, 1));
	res("write to the FIFO opened O_RDWR", write(rw, &c, 1));
	res("read of it", read(rw, &c, 1));
	int z = open("/dev/zero", O_RDONLY);
	res("write to /dev/zero opened O_RDONLY", write(z, &c, 1));
	int n = open("/dev/null", O_WRONLY);
	res("read of /dev/null opened O_WRONLY", read(n, &c, 1));
	res("the pipe still works", write(p[1], "y", 1) + read(p[0], &c, 1));
	printf("read back %c\n", c);
	return 0;
}
