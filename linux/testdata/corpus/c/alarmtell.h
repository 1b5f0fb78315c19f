/* The handshake of the programs whose child waits in a blocking call that
 * a signal interrupts (flockintr.c, connintr.c, fifointr.c): the child
 * catches SIGALRM (catch), with or without SA_RESTART, and arms a timer;
 * when SA_RESTART lets the call go on, the first handler tells the parent
 * (one byte on a pipe, forktold's) to let the call succeed. Shared by the
 * programs that include it (each is one static translation unit). */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static int tell = -1;            /* where the first handler writes, or -1 */
static volatile sig_atomic_t ran; /* how many times the handler ran */

/* onalarm counts the SIGALRMs; the first writes a byte to tell. */
static void onalarm(int s) {
	(void)s;
	if (ran++ == 0 && tell >= 0)
		write(tell, "a", 1);
}

/* timer arms a periodic ITIMER_REAL of us microseconds (0 stops it). */
static void timer(long us) {
	struct itimerval it = {{0, us}, {0, us}};
	setitimer(ITIMER_REAL, &it, NULL);
}

/* catch makes onalarm SIGALRM's handler, with SA_RESTART if restart,
 * which then tells w. */
static void catch(int restart, int w) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onalarm;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
	if (restart)
		tell = w;
}

/* forktold flushes stdout and forks with a pipe between the two: the
 * child gets 0 and in *fd the write end, the parent the child's pid and
 * in *fd the read end; -1 if the pipe or the fork fails. */
static pid_t forktold(int *fd) {
	int p[2];
	if (pipe(p))
		return -1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	close(pid == 0 ? p[0] : p[1]);
	*fd = pid == 0 ? p[1] : p[0];
	return pid;
}

/* told says whether the child's handler wrote its byte to fd (0 once
 * the child ended without). */
static int told(int fd) {
	char c;
	return read(fd, &c, 1) == 1;
}

/* reap waits for the child pid, closes fd and prints its exit status. */
static void reap(pid_t pid, int fd) {
	int st;
	waitpid(pid, &st, 0);
	close(fd);
	printf("child exited %d\n", WEXITSTATUS(st));
}
