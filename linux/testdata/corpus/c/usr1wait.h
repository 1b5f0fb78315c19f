/* The handshake of the programs whose child waits in a blocking call that
 * a SIGUSR1 ends (blockio.c, hostwait.c, hostwait2.c): the child catches
 * SIGUSR1 (handle), and the parent, which cannot know whether the child is
 * in its call yet, sends SIGUSR1 until the child's line comes on a pipe
 * (nudge; how many signals it takes is not printed, no timed assertion).
 * waiter runs one such call in a child and prints its result. Shared by
 * the programs that include it (each is one static translation unit). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* on_usr1 only interrupts. */
static void on_usr1(int sig) { (void)sig; }

/* handle makes on_usr1 SIGUSR1's handler with sa_flags flags. */
static void handle(int flags) {
	struct sigaction sa = {.sa_handler = on_usr1, .sa_flags = flags};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
}

/* nudge sends SIGUSR1 to pid until a line comes on fd, and returns it. */
static void nudge(pid_t pid, int fd, char *line, size_t n) {
	struct pollfd p = {.fd = fd, .events = POLLIN};
	while (poll(&p, 1, 100) == 0)
		kill(pid, SIGUSR1);
	ssize_t k = read(fd, line, n - 1);
	line[k > 0 ? k : 0] = 0;
}

static int rep[2]; /* waiter's children's lines to the parent */

/* outcome is a call's result as the children report it. */
static void outcome(char *s, size_t n, long r) {
	if (r < 0)
		snprintf(s, n, "%s", strerror(errno));
	else
		snprintf(s, n, "%ld", r);
}

/* waiter runs f in a child with SIGUSR1 caught (flags), which reports
 * f's result on rep (a pipe the caller made); the parent nudges it until
 * the report comes and prints it after what. */
static void waiter(const char *what, int flags, long (*f)(void)) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		handle(flags);
		char s[64], line[80];
		outcome(s, sizeof s, f());
		int k = snprintf(line, sizeof line, "%s\n", s);
		write(rep[1], line, k);
		_exit(0);
	}
	char line[80];
	nudge(pid, rep[0], line, sizeof line);
	printf("%s: %s", what, line);
	waitpid(pid, NULL, 0);
}
