/* in_child runs a function in a forked child (whose credential or limit
 * changes the parent does not share) and waits for it; report_child also
 * prints how the child ended. Shared by the programs that include it
 * (cred.c, credfs.c, fsize.c, rttime.c; each is one static translation
 * unit). */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* in_child runs f in a forked child, waits for it and returns its wait
 * status. */
static int in_child(void (*f)(void)) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		f();
		fflush(stdout);
		_exit(0);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	return st;
}

/* report_child runs f in a child (in_child) and prints "what: exit N" or
 * "what: killed by SIGNAL". */
static __attribute__((unused)) void report_child(const char *what, void (*f)(void)) {
	int st = in_child(f);
	if (WIFSIGNALED(st))
		printf("%s: killed by %s\n", what, strsignal(WTERMSIG(st)));
	else
		printf("%s: exit %d\n", what, WEXITSTATUS(st));
}
