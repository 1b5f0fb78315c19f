/* membarrier(2) as Linux 6.1 answers a powerpc64 process
 * (kernel/sched/membarrier.c): the query's mask of commands; flags other
 * than 0 EINVAL (MEMBARRIER_CMD_FLAG_CPU only with the RSEQ command); an
 * unknown command EINVAL; the private expedited commands EPERM until
 * their own registration, 0 after it (a CPU the RSEQ command names that
 * does not exist is no error); the global ones need none. Registrations
 * belong to the address space: a second thread sees them, a forked child
 * keeps them, an exec'd program starts without (this program runs itself
 * again with an argument, once).
 *
 * membarrier.expected is a native run of this program on x86-64 Linux
 * 6.18 (the calls are architecture-independent, and qemu-user 7.2 passes
 * them to the host), with two lines written from 6.1's sources: the query
 * there gives 511 (every command of enum membarrier_cmd up to
 * MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ; powerpc selects
 * ARCH_HAS_MEMBARRIER_SYNC_CORE) and command 512 is EINVAL, where 6.18
 * has MEMBARRIER_CMD_GET_REGISTRATIONS (1 << 9, Linux 6.3): 1023, and 0
 * for command 512. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static long mb(int cmd, unsigned flags, int cpu) { return syscall(SYS_membarrier, cmd, flags, cpu); }

static void *thread(void *arg) {
	(void)arg;
	res("thread: private expedited", mb(8, 0, 0));
	res("thread: rseq", mb(128, 0, 0));
	return NULL;
}

int main(int argc, char **argv) {
	if (argc > 1) {
		res("exec'd: private expedited", mb(8, 0, 0));
		res("exec'd: sync core", mb(32, 0, 0));
		res("exec'd: rseq", mb(128, 0, 0));
		res("exec'd: global expedited", mb(2, 0, 0));
		return 0;
	}
	res("query", mb(0, 0, 0));
	res("query flags 1", mb(0, 1, 0));
	res("private expedited unregistered", mb(8, 0, 0));
	res("sync core unregistered", mb(32, 0, 0));
	res("rseq unregistered", mb(128, 0, 0));
	res("rseq flag cpu unregistered", mb(128, 1, 0));
	res("global", mb(1, 0, 0));
	res("global expedited", mb(2, 0, 0));
	res("global flags 1", mb(1, 1, 0));
	res("command 3", mb(3, 0, 0));
	res("command 512", mb(512, 0, 0));
	res("command 1024", mb(1024, 0, 0));
	res("command -1", mb(-1, 0, 0));
	res("register private", mb(16, 0, 0));
	res("register private flags 2", mb(16, 2, 0));
	res("private expedited", mb(8, 0, 0));
	res("private expedited flags 1", mb(8, 1, 0));
	res("sync core still unregistered", mb(32, 0, 0));
	res("rseq still unregistered", mb(128, 0, 0));
	res("register rseq", mb(256, 0, 0));
	res("rseq", mb(128, 0, 0));
	res("rseq flag cpu 0", mb(128, 1, 0));
	res("rseq flag cpu 4096", mb(128, 1, 4096));
	res("rseq flag cpu -1", mb(128, 1, -1));
	res("rseq flags 2", mb(128, 2, 0));
	res("rseq flags 3", mb(128, 3, 0));
	res("register sync core", mb(64, 0, 0));
	res("sync core", mb(32, 0, 0));
	res("register global", mb(4, 0, 0));
	res("register private again", mb(16, 0, 0));
	pthread_t th;
	fflush(stdout);
	pthread_create(&th, NULL, thread, NULL);
	pthread_join(th, NULL);
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		res("child: private expedited", mb(8, 0, 0));
		res("child: rseq", mb(128, 0, 0));
		res("child: sync core", mb(32, 0, 0));
		fflush(stdout);
		execl("/proc/self/exe", argv[0], "exec'd", (char *)0);
		_exit(127);
	}
	int st;
	waitpid(p, &st, 0);
	printf("child status %#x\n", st);
	return 0;
}
