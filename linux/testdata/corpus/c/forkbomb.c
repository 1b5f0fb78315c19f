/* Forks children that wait, until fork fails or (without an argument, as
 * the corpus runs it) ten exist; says how many and how fork failed, then
 * kills and reaps them. TestForkBomb runs it with "bomb" under a cap on
 * the guest's tasks (Config.MaxTasks): fork must fail with EAGAIN at the
 * cap, as Linux's fork fails at RLIMIT_NPROC or pid_max. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t kids[100000];

int main(int argc, char **argv) {
	int bomb = argc > 1 && strcmp(argv[1], "bomb") == 0;
	int n = 0, err = 0;
	while (bomb ? n < (int)(sizeof kids / sizeof kids[0]) : n < 10) {
		pid_t pid = fork();
		if (pid < 0) {
			err = errno;
			break;
		}
		if (pid == 0) {
			for (;;)
				pause();
		}
		kids[n++] = pid;
	}
	if (err)
		printf("fork: %s after %d children\n", strerror(err), n);
	else
		printf("%d children\n", n);
	fflush(stdout);
	for (int i = 0; i < n; i++)
		kill(kids[i], SIGKILL);
	int reaped = 0;
	while (wait(NULL) > 0)
		reaped++;
	printf("reaped %d\n", reaped);
	return 0;
}
