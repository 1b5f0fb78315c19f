/* Thread names: prctl PR_SET_NAME/PR_GET_NAME (15 bytes), glibc's
   pthread_setname_np and pthread_getname_np of another thread (which write
   and read /proc/self/task/TID/comm), writes to /proc/self/comm (the
   newline kept, 15 bytes of a longer write taken, the whole count
   returned), /proc/self/task/TID/stat and status of a thread (its id and
   name), and a write to another process's comm (EINVAL). Ordered by
   barriers, pipes and wait only. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static pthread_barrier_t bar;
static pid_t worker_tid;

static void show_name(const char *who) {
	char name[17] = {0};
	prctl(PR_GET_NAME, name, 0, 0, 0);
	printf("%s: prctl name [%s]\n", who, name);
}

static void show_file(const char *what, const char *path) {
	char b[256] = {0};
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		res(what, -1);
		return;
	}
	int n = read(fd, b, sizeof b - 1);
	close(fd);
	if (n < 0) {
		res(what, -1);
		return;
	}
	printf("%s: [%s]\n", what, b);
}

static void *worker(void *arg) {
	(void)arg;
	worker_tid = syscall(SYS_gettid);
	pthread_barrier_wait(&bar); /* 1: the tid is known */
	pthread_barrier_wait(&bar); /* 2: main named the thread */
	show_name("worker");
	res("PR_SET_NAME by the worker", prctl(PR_SET_NAME, "w2", 0, 0, 0));
	pthread_barrier_wait(&bar); /* 3 */
	pthread_barrier_wait(&bar); /* 4: main looked */
	return 0;
}

int main(void) {
	res("PR_SET_NAME long", prctl(PR_SET_NAME, "main-thread-name-long", 0, 0, 0));
	show_name("main");
	show_file("/proc/self/comm", "/proc/self/comm");
	pthread_barrier_init(&bar, 0, 2);
	pthread_t th;
	pthread_create(&th, 0, worker, 0);
	pthread_barrier_wait(&bar); /* 1 */
	printf("worker tid is not main's: %d\n", worker_tid != getpid());
	res("pthread_setname_np(worker, \"worker\")", -pthread_setname_np(th, "worker"));
	errno = pthread_setname_np(th, "a-name-of-16-chr");
	res("pthread_setname_np 16 bytes", errno ? -1 : 0);
	char name[32] = {0};
	errno = pthread_getname_np(th, name, sizeof name);
	printf("pthread_getname_np: %d [%s]\n", errno, name);
	char path[64], what[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/comm", worker_tid);
	show_file("task comm", path);
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", worker_tid);
	FILE *f = fopen(path, "r");
	int id = 0;
	char comm[64] = {0};
	if (f && fscanf(f, "%d %63s", &id, comm) == 2)
		printf("task stat: id is the tid %d, name %s\n", id == worker_tid, comm);
	if (f) fclose(f);
	snprintf(path, sizeof path, "/proc/self/task/%d/status", worker_tid);
	f = fopen(path, "r");
	char line[256];
	while (f && fgets(line, sizeof line, f)) {
		int v;
		if (!strncmp(line, "Name:", 5)) fputs(line, stdout);
		if (sscanf(line, "Pid: %d", &v) == 1) printf("status Pid is the tid %d\n", v == worker_tid);
		if (sscanf(line, "Tgid: %d", &v) == 1) printf("status Tgid is the pid %d\n", v == getpid());
	}
	if (f) fclose(f);
	pthread_barrier_wait(&bar); /* 2 */
	pthread_barrier_wait(&bar); /* 3 */
	snprintf(path, sizeof path, "/proc/self/task/%d/comm", worker_tid);
	show_file("task comm after the worker's prctl", path);
	show_name("main still");
	pthread_barrier_wait(&bar); /* 4 */
	pthread_join(th, 0);

	int fd = open("/proc/self/comm", O_WRONLY);
	res("open /proc/self/comm for writing", fd < 0 ? -1 : 0);
	res("write \"abc\\n\"", write(fd, "abc\n", 4));
	show_name("after writing comm");
	res("write 20 bytes", write(fd, "0123456789abcdefghij", 20));
	show_name("after writing 20 bytes");
	show_file("/proc/self/comm", "/proc/self/comm");
	close(fd);
	snprintf(what, sizeof what, "/proc/%d/comm", getpid());
	int p[2];
	if (pipe(p)) return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		fd = open(what, O_WRONLY);
		res("child: open the parent's comm", fd < 0 ? -1 : 0);
		res("child: write the parent's comm", write(fd, "x", 1));
		show_name("child");
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	show_name("parent");
	return 0;
}
