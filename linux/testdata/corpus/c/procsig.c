/* A process-directed signal stays pending on the process until a thread
   that does not block it takes it, whichever thread that is; a
   thread-directed one stays with its thread. Every step is ordered by
   pipes, never by sleeping.

   1. main, A and B all block SIGUSR1; kill(getpid()) leaves it pending on
      the process: sigpending shows it in every thread. B unblocks it and
      runs the handler.
   2. B waits in sigsuspend with SIGUSR1 unblocked, main and A block it:
      kill(getpid()) runs the handler in B.
   3. pthread_kill(A) while A blocks it: pending in A only (main's
      sigpending does not show it); A unblocks it and runs the handler. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static pthread_t ta, tb, tmain;
static volatile sig_atomic_t ran;
static pthread_t ranIn;
static int toA[2], fromA[2], toB[2], fromB[2];

static void handler(int sig) {
	(void)sig;
	ranIn = pthread_self();
	ran++;
}

static const char *who(pthread_t t) {
	if (pthread_equal(t, ta))
		return "A";
	if (pthread_equal(t, tb))
		return "B";
	if (pthread_equal(t, tmain))
		return "main";
	return "?";
}

static char get(int fd) {
	char c = 0;
	while (read(fd, &c, 1) < 0 && errno == EINTR)
		;
	return c;
}

static void put(int fd, char c) {
	while (write(fd, &c, 1) < 0 && errno == EINTR)
		;
}

static int pendingUSR1(void) {
	sigset_t s;
	sigpending(&s);
	return sigismember(&s, SIGUSR1);
}

static void *threadA(void *arg) {
	(void)arg;
	for (;;) {
		char c = get(toA[0]);
		switch (c) {
		case 'p': /* report sigpending */
			put(fromA[1], pendingUSR1() ? '1' : '0');
			break;
		case 'u': { /* unblock SIGUSR1, then block it again */
			sigset_t s;
			sigemptyset(&s);
			sigaddset(&s, SIGUSR1);
			pthread_sigmask(SIG_UNBLOCK, &s, NULL);
			pthread_sigmask(SIG_BLOCK, &s, NULL);
			put(fromA[1], 'u');
			break;
		}
		default:
			return NULL;
		}
	}
}

static void *threadB(void *arg) {
	(void)arg;
	sigset_t usr1, empty;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&empty);
	get(toB[0]);
	pthread_sigmask(SIG_UNBLOCK, &usr1, NULL); /* phase 1: takes the pending signal */
	put(fromB[1], '1');
	get(toB[0]);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	put(fromB[1], 'r');
	sigsuspend(&empty); /* phase 2: returns once the handler ran here */
	put(fromB[1], '2');
	return NULL;
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	tmain = pthread_self();
	if (pipe(toA) || pipe(fromA) || pipe(toB) || pipe(fromB))
		return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigset_t usr1;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL); /* A and B inherit the mask */
	pthread_create(&ta, NULL, threadA, NULL);
	pthread_create(&tb, NULL, threadB, NULL);

	/* Phase 1. */
	kill(getpid(), SIGUSR1);
	put(toA[1], 'p');
	printf("1: after kill, all blocking: pending in main %d, in A %c, handler runs %d\n", pendingUSR1(), get(fromA[0]), (int)ran);
	put(toB[1], 'g');
	get(fromB[0]);
	printf("1: B unblocked: handler runs %d, last in %s, pending in main %d\n", (int)ran, who(ranIn), pendingUSR1());

	/* Phase 2. */
	put(toB[1], 'g');
	get(fromB[0]); /* B blocks SIGUSR1 and is about to sigsuspend */
	kill(getpid(), SIGUSR1);
	get(fromB[0]);
	printf("2: B in sigsuspend: handler runs %d, last in %s\n", (int)ran, who(ranIn));

	/* Phase 3. */
	pthread_kill(ta, SIGUSR1);
	put(toA[1], 'p');
	printf("3: pthread_kill(A): pending in main %d, in A %c, handler runs %d\n", pendingUSR1(), get(fromA[0]), (int)ran);
	put(toA[1], 'u');
	get(fromA[0]);
	printf("3: A unblocked: handler runs %d, last in %s\n", (int)ran, who(ranIn));

	put(toA[1], 'q');
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	return 0;
}
