/* The state letter of /proc/PID/stat (field 3) for a thread or process
 * that never waits: a thread spinning on a flag, read by another thread
 * of its process through /proc/self/task/TID/stat, and a child process
 * spinning, read by its parent through /proc/PID/stat. Linux shows such a
 * task as R whether it is on a processor or waits for one; a thread that
 * waits in a system call (here: read of an empty pipe) is S. The runner
 * ran one guest thread at a time and showed every thread but the reader
 * as S. Expected output (procstate.expected): this program built for
 * x86-64 with the host's gcc and run natively on Linux 6.x. qemu-user
 * 7.2 (both byte orders) prints the same but for "self": its own
 * /proc/self/stat has 0 for the state; the other tasks' files are the
 * host's. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static atomic_int stop, spintid, readtid;
static int pfd[2];

static void *spin(void *arg) {
	atomic_store(&spintid, (int)syscall(SYS_gettid));
	while (!atomic_load(&stop))
		;
	return arg;
}

static void *reader(void *arg) {
	char c;
	atomic_store(&readtid, (int)syscall(SYS_gettid));
	if (read(pfd[0], &c, 1) != 1)
		perror("read");
	return arg;
}

/* state is the state letter of /proc/PATH's stat, or '?'. */
static char state(const char *path) {
	char b[512];
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	ssize_t n = read(fd, b, sizeof b - 1);
	close(fd);
	if (n <= 0)
		return '?';
	b[n] = 0;
	char *p = strrchr(b, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

static char taskState(int tid) {
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
	return state(path);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	pthread_t s, r;
	if (pipe(pfd) != 0 || pthread_create(&s, NULL, spin, NULL) != 0 ||
	    pthread_create(&r, NULL, reader, NULL) != 0) {
		perror("setup");
		return 1;
	}
	while (!atomic_load(&spintid) || !atomic_load(&readtid))
		sched_yield();
	for (int i = 0; i < 3; i++)
		printf("spinning thread: %c\n", taskState(spintid));
	printf("self: %c\n", state("/proc/self/stat"));
	/* The reader shows S once it waits in read: wait for that, then see
	   that it stays so while nothing is written. */
	while (taskState(readtid) != 'S')
		sched_yield();
	printf("reader waiting in read: %c\n", taskState(readtid));
	if (write(pfd[1], "x", 1) != 1)
		perror("write");
	pthread_join(r, NULL);
	atomic_store(&stop, 1);
	pthread_join(s, NULL);

	int go[2];
	if (pipe(go) != 0) {
		perror("pipe");
		return 1;
	}
	pid_t c = fork();
	if (c == 0) {
		close(go[0]);
		if (write(go[1], "r", 1) != 1)
			_exit(2);
		for (;;)
			;
	}
	char x;
	close(go[1]);
	if (read(go[0], &x, 1) != 1) {
		perror("read go");
		return 1;
	}
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)c);
	for (int i = 0; i < 3; i++)
		printf("spinning child: %c\n", state(path));
	kill(c, SIGKILL);
	int st;
	waitpid(c, &st, 0);
	printf("child: %s\n", WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL ? "killed" : "?");
	return 0;
}
