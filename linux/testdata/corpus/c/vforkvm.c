/* vfork and clone(CLONE_VM|CLONE_VFORK) share the parent's memory until
   the child ends (Linux; qemu-user runs both as fork, so the expected
   output is written from vfork(2) and clone(2)). */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static char stack[65536];
static volatile int shared_word;

static int spawned(void *arg) {
	shared_word = *(int *)arg;
	_exit(*(int *)arg + 1);
}

int main(void) {
	int st, code = 42;
	pid_t pid;
	if ((pid = vfork()) == 0) { shared_word = 5; _exit(9); }
	printf("vfork: shared %d\n", shared_word);
	waitpid(pid, &st, 0);
	printf("vfork: exited %d\n", WEXITSTATUS(st));
	pid = clone(spawned, stack + sizeof stack, CLONE_VM | CLONE_VFORK | SIGCHLD, &code);
	printf("clone: shared %d\n", shared_word);
	waitpid(pid, &st, 0);
	printf("clone: exited %d\n", WEXITSTATUS(st));
	return 0;
}
