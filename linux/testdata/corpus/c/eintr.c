/* A read blocked on a pipe is interrupted by a signal: EINTR without
   SA_RESTART, restarted with it.

   No timing orders the events. The main thread sends SIGUSR1 to the
   reader again and again until its first read returns (a signal that comes
   before the read starts only runs the handler; the next one interrupts
   it). The reader then installs SA_RESTART and says so through a second
   pipe; the main thread signals it until the handler has run, then writes
   the data the restarted read returns (written before the read starts, it
   waits for it). So a loaded machine cannot change the output. */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static int data[2], ctl[2];
static volatile int hits, returned;
static void onusr1(int sig) { hits = 1; }
static void pace(void) {
	struct timespec t = {0, 10000000};
	nanosleep(&t, NULL);
}
static void *reader(void *arg) {
	char buf[16];
	ssize_t n = read(data[0], buf, sizeof buf);
	returned = 1;
	printf("read1: n=%zd errno=%s hits=%d\n", n, n < 0 && errno == EINTR ? "EINTR" : "other", hits);
	fflush(stdout);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onusr1;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	write(data[1] + 100, "", 0); /* EBADF, harmless */
	hits = 0;
	write(ctl[1], "r", 1);
	n = read(data[0], buf, sizeof buf);
	printf("read2: n=%zd data=%.*s hits=%d\n", n, (int)(n > 0 ? n : 0), buf, hits);
	return NULL;
}
int main(void) {
	pipe(data);
	pipe(ctl);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onusr1;
	sigaction(SIGUSR1, &sa, NULL);
	pthread_t th;
	pthread_create(&th, NULL, reader, NULL);
	while (!returned) {
		pthread_kill(th, SIGUSR1);
		pace();
	}
	char c;
	read(ctl[0], &c, 1);
	while (!hits) {
		pthread_kill(th, SIGUSR1);
		pace();
	}
	write(data[1], "hello", 5);
	pthread_join(th, NULL);
	return 0;
}
