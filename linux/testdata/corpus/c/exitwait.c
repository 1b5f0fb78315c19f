/* exit_group from one thread while another waits in a call (issue 26):
 * a second thread blocks in read on an empty pipe; the main thread waits
 * for it to show state S in /proc (a handshake, no sleep), then ends the
 * process with exit_group. First in a forked child (the parent prints its
 * status), then in the process itself. A recording of this run must
 * replay with the recorded instruction count (TestRecordReplayCorpus):
 * the waiting thread's instructions since its last quantum are counted
 * whichever goroutine ends the run. Compared with qemu-user. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "waitreader.h"

/* ends starts the reader, waits for it to wait, and calls exit_group. */
static void ends(int code) {
	start_reader();
	printf("the reader waits; exit_group(%d)\n", code);
	syscall(SYS_exit_group, code);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 0; i < 3; i++) {
		pid_t pid = fork();
		if (pid == 0)
			ends(i + 1);
		int st;
		waitpid(pid, &st, 0);
		printf("child %d: %s %d\n", i, WIFEXITED(st) ? "exited" : "killed", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
	}
	ends(0);
	return 1;
}
