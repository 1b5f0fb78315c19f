/* in_child of the credential programs cred.c and credfs.c: it runs a
 * function in a forked child (whose credential changes the parent does
 * not share) and waits for it. Shared by the programs that include it
 * (each is one static translation unit). */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

/* in_child runs f in a forked child and waits for it. */
static void in_child(void (*f)(void)) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		f();
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
}
