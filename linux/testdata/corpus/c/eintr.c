/* A read blocked on a pipe is interrupted by a signal: EINTR without
   SA_RESTART, restarted with it. Also sigsuspend-free handshakes via a
   second pipe so the output is deterministic. */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
static int data[2];
static volatile int hits;
static void onusr1(int sig) { hits++; }
static void *reader(void *arg) {
	char buf[16];
	ssize_t n = read(data[0], buf, sizeof buf);
	printf("read1: n=%zd errno=%s hits=%d\n", n, n < 0 && errno == EINTR ? "EINTR" : "other", hits);
	fflush(stdout);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onusr1;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	write(data[1] + 100, "", 0); /* EBADF, harmless */
	n = read(data[0], buf, sizeof buf);
	printf("read2: n=%zd data=%.*s hits=%d\n", n, (int)(n > 0 ? n : 0), buf, hits);
	return NULL;
}
int main(void) {
	pipe(data);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onusr1;
	sigaction(SIGUSR1, &sa, NULL);
	pthread_t th;
	pthread_create(&th, NULL, reader, NULL);
	usleep(200000);
	pthread_kill(th, SIGUSR1);
	usleep(200000);
	pthread_kill(th, SIGUSR1);
	usleep(200000);
	write(data[1], "hello", 5);
	pthread_join(th, NULL);
	return 0;
}
