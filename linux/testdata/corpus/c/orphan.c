/* Orphans: the first process exits while its child (and the child's own
 * child) still run. They are reparented and keep running: their output
 * appears and their own wait works; the run's exit status is the first
 * process's. The child learns of its parent's end by EOF on a pipe whose
 * write end only the parent held; nothing depends on timing. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	int p[2];
	if (pipe(p))
		return 1;
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		char c;
		close(p[1]);
		ssize_t n = read(p[0], &c, 1); /* EOF: the parent has ended */
		/* Not getppid: Linux closes the parent's descriptors before it
		 * reparents its children, so the answer depends on timing. */
		printf("orphan: read %zd after the parent's end\n", n);
		fflush(stdout);
		pid_t g = fork();
		if (g == 0) {
			printf("grandchild of an orphan\n");
			exit(5);
		}
		int st;
		waitpid(g, &st, 0);
		printf("orphan: its child exited %d\n", WEXITSTATUS(st));
		exit(9); /* nobody waits for this status */
	}
	close(p[0]);
	printf("parent: exiting with 3\n");
	fflush(stdout);
	return 3;
}
