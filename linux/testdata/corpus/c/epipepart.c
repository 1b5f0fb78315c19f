/* epipepart: a blocking write whose reader goes away after taking part
 * of it. A child reads 1.5 MiB of a 6 MiB writev (three 2 MiB buffers),
 * then closes its end and tells the parent through a pipe that it has.
 * To a stream socket the writev returns the short count and raises no
 * SIGPIPE (unix_stream_sendmsg signals only when it sent nothing); to a
 * pipe it returns the short count and raises SIGPIPE (pipe_write signals
 * whenever it finds no reader); the next write is EPIPE with SIGPIPE for
 * both. SIGPIPE is caught and counted. How much is counted as written
 * depends on the buffers' sizes, so the program prints only that the
 * count is short and at least what the child read. Nothing is timed:
 * the child reads exactly what it reads, then closes. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define PART (2u << 20)
#define TAKE (3u << 19)

static volatile sig_atomic_t pipes;

static void onpipe(int sig) {
	(void)sig;
	pipes++;
}

static void run(const char *what, int rfd, int wfd) {
	int told[2];
	if (pipe(told))
		exit(1);
	pid_t pid = fork();
	if (pid == 0) {
		close(wfd);
		close(told[0]);
		static char buf[65536];
		size_t got = 0;
		while (got < TAKE) {
			size_t want = TAKE - got < sizeof buf ? TAKE - got : sizeof buf;
			ssize_t n = read(rfd, buf, want);
			if (n <= 0)
				_exit(2);
			got += n;
		}
		close(rfd);
		write(told[1], "c", 1);
		_exit(0);
	}
	close(rfd);
	close(told[1]);
	static char a[PART], b[PART], c[PART];
	memset(a, 'a', sizeof a);
	memset(b, 'b', sizeof b);
	memset(c, 'c', sizeof c);
	struct iovec iov[3] = {{a, PART}, {b, PART}, {c, PART}};
	pipes = 0;
	ssize_t n = writev(wfd, iov, 3);
	int e = errno;
	char ch;
	read(told[0], &ch, 1); /* the child has closed its end */
	printf("%s: writev %s, at least what was read: %s, SIGPIPE %d\n", what,
	       n < 0 ? strerror(e) : n < 3 * (ssize_t)PART ? "short" : "whole",
	       n >= (ssize_t)TAKE ? "yes" : "no", (int)pipes);
	pipes = 0;
	n = write(wfd, "x", 1);
	e = errno;
	printf("%s: then write %zd %s, SIGPIPE %d\n", what, n, n < 0 ? strerror(e) : "", (int)pipes);
	close(wfd);
	close(told[0]);
	int st;
	waitpid(pid, &st, 0);
	printf("%s: child %d\n", what, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

int main(void) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onpipe;
	sigaction(SIGPIPE, &sa, 0);
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 1;
	run("stream socket", sv[1], sv[0]);
	int p[2];
	if (pipe(p))
		return 1;
	run("pipe", p[0], p[1]);
	return 0;
}
