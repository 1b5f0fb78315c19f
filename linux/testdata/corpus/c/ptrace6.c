/* PTRACE_DETACH from a signal-delivery-stop while the tracee's process is
 * group-stopped: the detached thread stops at once, in the group-stop.
 *
 * A child's main thread (traced: PTRACE_TRACEME) raises SIGUSR1 and sits
 * in its signal-delivery-stop; the tracer then stops the child's other,
 * untraced thread with SIGSTOP (a group-stop) and, once /proc shows that
 * thread stopped, detaches the main thread with no signal. Linux's
 * __ptrace_unlink leaves JOBCTL_STOP_PENDING set, and get_signal
 * (kernel/signal.c) looks at it each time round its loop, so the main
 * thread stops before it runs again: the group-stop completes (the
 * parent's wait reports it) and the thread has not run; after SIGCONT it
 * does. Each step waits for the last through wait, /proc or a pipe: no
 * timing orders the events.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS). ptrace6.expected is this program
 * built for the x86-64 host and run natively (Linux 6.18): nothing in it
 * depends on the architecture.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <time.h>

#include "ptracehelp.h"

static int tidp[2], ran[2], forever[2];

static void *idle(void *arg) {
	pid_t tid = gettid();
	write(tidp[1], &tid, sizeof tid);
	char b;
	read(forever[0], &b, 1); /* never written */
	return NULL;
}

/* state is thread tid's state letter in /proc/pid/task/tid/stat. */
static char state(pid_t pid, pid_t tid) {
	char path[64], buf[256];
	snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid, (int)tid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return '?';
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

int main(void) {
	pipe(tidp);
	pipe(ran);
	pipe(forever);
	pid_t c = fork();
	if (c == 0) {
		pthread_t th;
		pthread_create(&th, NULL, idle, NULL);
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGUSR1);
		write(ran[1], "r", 1);
		_exit(0);
	}
	pid_t btid;
	if (read(tidp[0], &btid, sizeof btid) != sizeof btid)
		return 1;
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status("child", w, st);
	say("tgkill SIGSTOP", syscall(SYS_tgkill, c, btid, SIGSTOP));
	while (state(c, btid) != 'T') {
		struct timespec t = {0, 1000000};
		nanosleep(&t, NULL);
	}
	printf("other thread: %c\n", state(c, btid));
	say("DETACH", ptrace(PTRACE_DETACH, c, 0, 0));
	w = waitpid(c, &st, WUNTRACED);
	status("child", w, st);
	printf("main thread: %c\n", state(c, c));
	fcntl(ran[0], F_SETFL, O_NONBLOCK);
	char b;
	ssize_t n = read(ran[0], &b, 1);
	printf("main thread ran before SIGCONT: %s\n", n == 1 ? "yes" : errno == EAGAIN ? "no" : "?");
	say("SIGCONT", kill(c, SIGCONT));
	fcntl(ran[0], F_SETFL, 0);
	if (n != 1) /* else its byte is read already */
		n = read(ran[0], &b, 1);
	printf("main thread ran after SIGCONT: %s\n", n == 1 ? "yes" : "no");
	w = waitpid(c, &st, 0);
	status("child", w, st);
	return 0;
}
