/* Signals from a guest process that gave up root to a host process of
 * root's: the runner's parent (the test's, a root process when the corpus
 * runs as root). kill and sigqueue with signal 0 only (nothing is
 * delivered): EPERM once the child's real and effective ids are nobody's,
 * as Linux's check_kill_permission answers (qemu-user's child is a host
 * process with those ids); before that, and for a process of its own, 0.
 * As another user, the setresuid fails and every answer is the host's,
 * under both runners. Compared with qemu-user. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	int status;
	pid_t host = getppid(); /* not a guest process */

	setvbuf(stdout, NULL, _IONBF, 0);
	if (fork() == 0) {
		res("kill host parent 0 (same ids)", kill(host, 0));
		res("setresuid 65534", setresuid(65534, 65534, 65534));
		res("kill host parent 0", kill(host, 0));
		res("sigqueue host parent 0", sigqueue(host, 0, (union sigval){0}));
		res("kill self 0", kill(getpid(), 0));
		res("kill guest parent 0", kill(getppid(), 0));
		res("kill no such process 0", kill(0x7ffffff0, 0));
		exit(0);
	}
	wait(&status);
	printf("child status %#x\n", status);
	return 0;
}
