/* A second thread that waits for good in a read of an empty pipe, and
 * the handshake that proves it waits (taskstate.h's state S) before the
 * main thread acts (exitwait.c, execwait.c). Shared by the programs that
 * include it (each is one static translation unit); it includes
 * taskstate.h. */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "taskstate.h"

static int data[2], tids[2];

/* reader sends its tid, then waits for good in a read of the empty pipe. */
static void *reader(void *arg) {
	(void)arg;
	pid_t tid = (pid_t)syscall(SYS_gettid);
	char c;
	write(tids[1], &tid, sizeof tid);
	read(data[0], &c, 1);
	return NULL;
}

/* start_reader starts the reader and returns once it waits in its read. */
static void start_reader(void) {
	pthread_t th;
	pid_t tid = 0;
	pipe(data);
	pipe(tids);
	pthread_create(&th, NULL, reader, NULL);
	read(tids[0], &tid, sizeof tid);
	while (state(tid) != 'S')
		sched_yield();
}
