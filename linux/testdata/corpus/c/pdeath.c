/* prctl PR_SET_PDEATHSIG and PR_GET_PDEATHSIG: the signal comes when the
   parent thread ends (the thread that forked the child, not its process:
   the process's other threads go on), as SI_USER from the parent's
   process; a child of the child does not inherit it; and a process whose
   parent process ends gets it too. EINVAL for a signal above 64, EFAULT
   for a bad pointer. Compared with qemu-user, which passes the calls to
   the host. Ordered by pipes and wait only. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static int ready[2], done[2];

/* waitsig waits for sig (blocked) and reports it. */
static void waitsig(const char *who, int sig) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, sig);
	siginfo_t si;
	int got = sigwaitinfo(&s, &si);
	printf("%s: signal %d, SI_USER %d, from the parent process %d\n", who, got, si.si_code == SI_USER,
	       si.si_pid == getppid());
}

static void block(int sig) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_BLOCK, &s, NULL);
}

static void *forker(void *arg) {
	(void)arg;
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		res("child: PR_SET_PDEATHSIG SIGUSR1", prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0));
		int v = -1;
		res("child: PR_GET_PDEATHSIG", prctl(PR_GET_PDEATHSIG, &v, 0, 0, 0));
		printf("child: it is %d\n", v);
		fflush(stdout);
		pid_t d = fork();
		if (d == 0) {
			v = -1;
			prctl(PR_GET_PDEATHSIG, &v, 0, 0, 0);
			printf("grandchild: PR_GET_PDEATHSIG %d (not inherited)\n", v);
			fflush(stdout);
			_exit(0);
		}
		waitpid(d, NULL, 0);
		char x = 0;
		(void)!write(ready[1], &x, 1);
		waitsig("child", SIGUSR1);
		fflush(stdout);
		_exit(0);
	}
	char x;
	(void)!read(ready[0], &x, 1);
	return (void *)(long)c; /* the forking thread ends */
}

int main(void) {
	int v = -1;
	res("PR_GET_PDEATHSIG", prctl(PR_GET_PDEATHSIG, &v, 0, 0, 0));
	printf("it is %d\n", v);
	res("PR_SET_PDEATHSIG 65", prctl(PR_SET_PDEATHSIG, 65, 0, 0, 0));
	res("PR_GET_PDEATHSIG bad pointer", prctl(PR_GET_PDEATHSIG, (void *)8, 0, 0, 0));
	block(SIGUSR1);
	block(SIGUSR2);
	if (pipe(ready) || pipe(done)) return 1;

	pthread_t th;
	void *c;
	pthread_create(&th, NULL, forker, NULL);
	pthread_join(th, &c);
	int st;
	waitpid((pid_t)(long)c, &st, 0);
	printf("child exited %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);

	/* A process whose parent process ends. */
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		pid_t q = fork();
		if (q == 0) {
			prctl(PR_SET_PDEATHSIG, SIGUSR2, 0, 0, 0);
			char x = 0;
			(void)!write(ready[1], &x, 1);
			sigset_t s;
			sigemptyset(&s);
			sigaddset(&s, SIGUSR2);
			siginfo_t si;
			int got = sigwaitinfo(&s, &si);
			printf("orphan: signal %d, SI_USER %d\n", got, si.si_code == SI_USER);
			fflush(stdout);
			(void)!write(done[1], &x, 1);
			_exit(0);
		}
		char x;
		(void)!read(ready[0], &x, 1);
		_exit(0);
	}
	waitpid(p, &st, 0);
	char x;
	(void)!read(done[0], &x, 1);
	printf("done\n");
	return 0;
}
