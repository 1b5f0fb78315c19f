/* hostfds: a host program the guest executes has the descriptors its
 * process had at the execve, at the numbers it had them, nothing more.
 * The parent makes a pipe, forks a child and closes the pipe's write end;
 * the child moves the write end to descriptor 5 and executes the host's
 * /bin/sh, which closes 5, lists its descriptors and waits for a line on
 * its standard input. With the shell running (handshake: its "end" line
 * read), a non-blocking read of the pipe's read end sees the end of file
 * (0): no process holds the write end any more. (The runner's host
 * program also had the descriptors it was given at the runner's own
 * numbers for them: EAGAIN, and a longer listing.) The same under
 * qemu-user and natively. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	int p[2], in[2], out[2];
	if (pipe(p) < 0 || pipe(in) < 0 || pipe(out) < 0)
		return 1;
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(p[1], 5);
		close(p[0]), close(p[1]), close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		execl("/bin/sh", "sh", "-c", "exec 5>&-; ls /proc/self/fd; echo end; read x", (char *)0);
		_exit(127);
	}
	close(p[1]), close(in[0]), close(out[1]);
	char list[512];
	size_t n = 0;
	while (n < sizeof list - 1) {
		ssize_t k = read(out[0], list + n, sizeof list - 1 - n);
		if (k <= 0)
			break;
		n += k;
		list[n] = 0;
		if (strstr(list, "end\n"))
			break;
	}
	list[n] = 0;
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	char b[1];
	ssize_t r = read(p[0], b, 1);
	printf("read of the pipe: %s\n", r == 0 ? "end of file" : r < 0 && errno == EAGAIN ? "EAGAIN (a writer)" : "other");
	if (write(in[1], "\n", 1) != 1)
		printf("write failed\n");
	int st;
	waitpid(c, &st, 0);
	printf("host program's descriptors:\n%s", list);
	printf("status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}
