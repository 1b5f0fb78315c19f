/* execve from one thread while another waits in a call (issue 26): a
 * second thread blocks in read on an empty pipe; the main thread waits
 * for it to show state S in /proc (a handshake, no sleep), then execs
 * this program with the argument "execed", which prints a line and ends
 * at once. The exec ends the waiting thread; a recording of the run must
 * replay with the recorded instruction count (TestRecordReplayCorpus),
 * the waiting thread's last instructions included, however soon the new
 * image ends. Only the argument "execed" is not re-executed. qemu-user
 * runs a guest execve through the host kernel (binfmt_misc), so
 * execwait.expected is from a native x86-64 run on the host (gcc). */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "waitreader.h"

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc > 1 && strcmp(argv[1], "execed") == 0) {
		printf("execed: argc %d\n", argc);
		return 0;
	}
	char self[PATH_MAX];
	if (!realpath(argv[0], self))
		return 1;
	start_reader();
	printf("the reader waits; execve\n");
	char *args[] = {self, "execed", NULL};
	execv(self, args);
	perror("execv");
	return 1;
}
