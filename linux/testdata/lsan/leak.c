/* A leak for LeakSanitizer (TestLeakSanitizer): 37 bytes allocated in
 * leak() and lost, found at exit while a second thread waits in
 * pthread_cond_wait, so that LSan's StopTheWorld attaches to two threads
 * with ptrace (PTRACE_ATTACH, waitpid __WALL, PTRACE_GETREGS or
 * GETREGSET, PTRACE_DETACH) from a tracer it clones. The stack is cleared
 * after the leak so that no copy of the pointer is left where LSan looks.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *volatile sink;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;

static void *worker(void *arg) {
	pthread_mutex_lock(&mu);
	ready = 1;
	pthread_cond_signal(&cv);
	for (;;)
		pthread_cond_wait(&cv, &mu); /* until the process ends */
	return arg;
}

__attribute__((noinline)) void leak(void) {
	sink = malloc(37);
	sink = 0;
}

__attribute__((noinline)) void clobber(void) {
	volatile char buf[8192];
	memset((char *)buf, 0, sizeof buf);
}

int main(void) {
	pthread_t th;
	pthread_create(&th, NULL, worker, NULL);
	pthread_mutex_lock(&mu);
	while (!ready)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	leak();
	clobber();
	return 0;
}
