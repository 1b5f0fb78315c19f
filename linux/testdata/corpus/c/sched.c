/* Scheduling attributes a program reads and sets (chrt, taskset, ionice,
 * posix_spawn's attributes): the policy and real-time priority, the CPU
 * affinity and the I/O priority, inherited by a thread and by a forked
 * child, SCHED_RESET_ON_FORK, and fallocate. Only what an unprivileged
 * user may set (SCHED_BATCH, SCHED_IDLE, CPU 0, the idle and best-effort
 * I/O classes) and the way back, which a process as root, or with a
 * RLIMIT_NICE of 20, may take (both runners as the same user): under
 * qemu-user the calls act on the qemu process itself. Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#define IOPRIO(class, data) ((class) << 13 | (data))

static void show(const char *who) {
	cpu_set_t set;
	struct sched_param sp = {.sched_priority = -1};
	CPU_ZERO(&set);
	long r = syscall(SYS_sched_getaffinity, 0, sizeof set, &set);
	printf("%s: policy %#lx param %d (%ld) affinity %ld cpu0 %d count %d ioprio %#lx\n", who,
	       syscall(SYS_sched_getscheduler, 0), sp.sched_priority = 0, syscall(SYS_sched_getparam, 0, &sp),
	       r > 0, CPU_ISSET(0, &set), CPU_COUNT(&set), syscall(SYS_ioprio_get, 1, 0));
}

static void *thread(void *arg) {
	show("thread");
	return NULL;
}

int main(void) {
	struct sched_param sp = {0};
	struct timespec ts = {-1, -1};
	cpu_set_t all, one;
	pthread_t th;
	int status;

	setvbuf(stdout, NULL, _IONBF, 0);
	sched_getaffinity(0, sizeof all, &all);
	show("start");
	/* Not 7: SCHED_EXT of Linux 6.12, which qemu-user's host may have. */
	for (int p = 0; p <= 6; p++)
		printf("policy %d: min %ld max %ld\n", p, syscall(SYS_sched_get_priority_min, p),
		       syscall(SYS_sched_get_priority_max, p));
	res("rr_get_interval", syscall(SYS_sched_rr_get_interval, 0, &ts));

	res("setscheduler batch", syscall(SYS_sched_setscheduler, 0, SCHED_BATCH, &sp));
	res("setparam 0", syscall(SYS_sched_setparam, 0, &sp));
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	res("setaffinity cpu0", syscall(SYS_sched_setaffinity, 0, sizeof one, &one));
	res("ioprio_set idle", syscall(SYS_ioprio_set, 1, 0, IOPRIO(3, 0)));
	show("set");
	pthread_create(&th, NULL, thread, NULL);
	pthread_join(th, NULL);
	if (fork() == 0) {
		show("child");
		exit(0);
	}
	wait(&status);

	res("setscheduler idle", syscall(SYS_sched_setscheduler, 0, SCHED_IDLE, &sp));
	res("ioprio_set be 7", syscall(SYS_ioprio_set, 1, 0, IOPRIO(2, 7)));
	/* Not a mask shorter than a long: Linux takes its bytes, qemu-user
	 * refuses it (EINVAL). */
	show("idle");
	res("setscheduler other|reset_on_fork", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER | SCHED_RESET_ON_FORK, &sp));
	if (fork() == 0) {
		show("reset child");
		exit(0);
	}
	wait(&status);
	show("reset");
	res("setscheduler other", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &sp));
	res("setaffinity all", syscall(SYS_sched_setaffinity, 0, sizeof all, &all));
	res("ioprio_set none", syscall(SYS_ioprio_set, 1, 0, IOPRIO(0, 0)));
	show("end");

	char tmp[] = "/tmp/ppc64emu-sched-XXXXXX";
	int fd = mkstemp(tmp);
	struct stat st;
	unlink(tmp);
	res("fallocate 1 MiB", syscall(SYS_fallocate, fd, 0, 0, 1 << 20));
	fstat(fd, &st);
	printf("size %ld blocks>=2048 %d\n", (long)st.st_size, st.st_blocks >= 2048);
	res("fallocate keep size", syscall(SYS_fallocate, fd, FALLOC_FL_KEEP_SIZE, 1 << 20, 4096));
	fstat(fd, &st);
	printf("size %ld\n", (long)st.st_size);
	res("fallocate punch hole", syscall(SYS_fallocate, fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 4096));
	return 0;
}
