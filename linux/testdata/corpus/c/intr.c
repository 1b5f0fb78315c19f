/* Blocking calls interrupted by a handled signal, as Linux does: sleeps,
   poll/ppoll/select/pselect, pause, sigsuspend and sigtimedwait always fail
   with EINTR; futex waits without a timeout, accept, recv and a blocked
   write are restarted under SA_RESTART (EINTR without it), a timed futex
   wait is not. The masks of pselect, ppoll, epoll_pwait and sigsuspend
   last until the handler returns. wait4 without children fails at once with ECHILD.

   No timing orders the events: a helper thread sends SIGUSR1 to the main
   thread again and again until the call returns (a signal that comes
   before the call starts only runs the handler; the next one interrupts
   the call), and, for the restarted calls, completes the call once the
   handler has run (data sent before the call starts waits for it; a
   futex wake is repeated until the wait returns). The timeouts are long
   (a minute): they are never meant to expire. So a loaded machine cannot
   change the output. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* hits: the handler ran since arm; returned: the call under test
   returned (the helper stops). */
static volatile int hits, returned;
static pthread_t mainth;
static sem_t go, done;
static void (*complete)(void);
static int sp[2], pp[2], lfd;
static int futexword;
static char sockpath[108];

static void onusr1(int sig) { hits = 1; }

static void handler(int restart) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onusr1;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGUSR1, &sa, NULL);
}

/* pace waits 10 ms between two signals (or wakes): how often does not
   change the output, only how much work is repeated. */
static void pace(void) {
	struct timespec t = {0, 10000000};
	nanosleep(&t, NULL);
}

static void *helper(void *arg) {
	for (;;) {
		sem_wait(&go);
		int completed = 0;
		while (!returned) {
			if (hits && complete && !completed) {
				completed = 1;
				complete();
				continue;
			}
			pthread_kill(mainth, SIGUSR1);
			pace();
		}
		sem_post(&done);
	}
	return NULL;
}

static int armed;
/* settle waits until the helper has finished the round in progress. */
static void settle(void) {
	/* (sem_wait fails with EINTR when a late signal comes, SA_RESTART or
	   not.) */
	if (armed)
		while (sem_wait(&done) != 0 && errno == EINTR) {
		}
	armed = 0;
}

static void arm(void (*c)(void)) {
	settle();
	armed = 1;
	complete = c;
	hits = 0;
	returned = 0;
	sem_post(&go);
}

/* ret marks the end of the call under test and passes its result on. */
static long ret(long r) {
	returned = 1;
	return r;
}

static const char *err(long r) {
	if (r >= 0) return "ok";
	switch (errno) {
	case EINTR: return "EINTR";
	case ECHILD: return "ECHILD";
	case EAGAIN: return "EAGAIN";
	}
	return strerror(errno);
}

/* wakefutex wakes the waiter until its wait returns (a wake before the
   wait starts finds no one). The word is not changed, so the wait cannot
   fail with EAGAIN. */
static void wakefutex(void) {
	while (!returned) {
		syscall(SYS_futex, &futexword, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
		pace();
	}
}
static void senddata(void) { write(sp[1], "data", 4); }
static char big[65536];
static void readsome(void) { read(pp[0], big, sizeof big); }
static void drainpipe(void) {
	fcntl(pp[0], F_SETFL, O_NONBLOCK);
	while (read(pp[0], big, sizeof big) > 0) {
	}
	fcntl(pp[0], F_SETFL, 0);
}
static void connectsock(void) {
	int c = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	strcpy(a.sun_path, sockpath);
	connect(c, (struct sockaddr *)&a, sizeof a);
}

static int blocked_usr1(void) {
	sigset_t cur;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	return sigismember(&cur, SIGUSR1);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	mainth = pthread_self();
	sem_init(&go, 0, 0);
	sem_init(&done, 0, 0);
	pthread_t th;
	pthread_create(&th, NULL, helper, NULL);
	socketpair(AF_UNIX, SOCK_STREAM, 0, sp);
	pipe(pp);
	long r;

	for (int restart = 0; restart <= 1; restart++) {
		handler(restart);
		printf("--- %s\n", restart ? "SA_RESTART" : "no SA_RESTART");

		struct timespec ts = {60, 0}, rem = {0, 0};
		arm(NULL);
		r = ret(nanosleep(&ts, &rem));
		printf("nanosleep: %s hits=%d rem>0=%d\n", err(r), hits, rem.tv_sec > 0 || rem.tv_nsec > 0);

		arm(NULL);
		r = ret(clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL));
		printf("clock_nanosleep: %s hits=%d\n", r == EINTR ? "EINTR" : "other", hits);

		futexword = 0;
		arm(restart ? wakefutex : NULL);
		r = ret(syscall(SYS_futex, &futexword, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0));
		printf("futex wait: %s hits=%d\n", err(r), hits);

		futexword = 0;
		arm(NULL);
		r = ret(syscall(SYS_futex, &futexword, FUTEX_WAIT_PRIVATE, 0, &ts, NULL, 0));
		printf("futex timed wait: %s hits=%d\n", err(r), hits);

		struct pollfd pfd = {.fd = sp[0], .events = POLLIN};
		arm(NULL);
		r = ret(poll(&pfd, 1, 60000));
		printf("poll: %s hits=%d\n", err(r), hits);

		arm(NULL);
		r = ret(ppoll(&pfd, 1, &ts, NULL));
		printf("ppoll: %s hits=%d\n", err(r), hits);

		fd_set rs;
		FD_ZERO(&rs);
		FD_SET(sp[0], &rs);
		struct timeval tv = {60, 0};
		arm(NULL);
		r = ret(select(sp[0] + 1, &rs, NULL, NULL, &tv));
		printf("select: %s hits=%d\n", err(r), hits);

		arm(NULL);
		r = ret(pause());
		printf("pause: %s hits=%d\n", err(r), hits);

		char buf[16];
		arm(restart ? senddata : NULL);
		r = ret(recv(sp[0], buf, sizeof buf, 0));
		printf("recv: %s hits=%d n=%ld\n", err(r), hits, r);

		arm(restart ? senddata : NULL);
		r = ret(read(sp[0], buf, sizeof buf));
		printf("read: %s hits=%d n=%ld\n", err(r), hits, r);

		/* Fill the pipe, then a blocking write waits for room. */
		fcntl(pp[1], F_SETFL, O_NONBLOCK);
		while (write(pp[1], big, sizeof big) > 0) {
		}
		fcntl(pp[1], F_SETFL, 0);
		arm(restart ? readsome : NULL);
		r = ret(write(pp[1], "x", 1));
		printf("write to a full pipe: %s hits=%d\n", err(r), hits);
		settle();
		drainpipe();
		/* More than the pipe holds: the part that fits is written, then
		   the signal ends the write with that count (SA_RESTART or
		   not). */
		static char huge[100000];
		arm(NULL);
		r = ret(write(pp[1], huge, sizeof huge));
		printf("write more than the pipe holds: %ld hits=%d\n", r, hits);
		settle();
		drainpipe();

		snprintf(sockpath, sizeof sockpath, "/tmp/ppc64emu-intr-%d-%d", getpid(), restart);
		unlink(sockpath);
		lfd = socket(AF_UNIX, SOCK_STREAM, 0);
		struct sockaddr_un a = {.sun_family = AF_UNIX};
		strcpy(a.sun_path, sockpath);
		bind(lfd, (struct sockaddr *)&a, sizeof a);
		listen(lfd, 1);
		arm(restart ? connectsock : NULL);
		r = ret(accept(lfd, NULL, NULL));
		printf("accept: %s hits=%d\n", err(r), hits);
		close(lfd);
		unlink(sockpath);

		r = wait4(-1, NULL, 0, NULL);
		printf("wait4: %s\n", err(r));

		/* The mask given to pselect and sigsuspend holds until the
		   handler returns; the caller's mask comes back after. */
		sigset_t block, empty;
		sigemptyset(&block);
		sigemptyset(&empty);
		sigaddset(&block, SIGUSR1);
		sigprocmask(SIG_BLOCK, &block, NULL);
		FD_ZERO(&rs);
		FD_SET(sp[0], &rs);
		struct timespec pts = {60, 0};
		arm(NULL);
		r = ret(pselect(sp[0] + 1, &rs, NULL, NULL, &pts, &empty));
		printf("pselect: %s hits=%d usr1 blocked after=%d\n", err(r), hits, blocked_usr1());

		arm(NULL);
		r = ret(ppoll(&pfd, 1, &pts, &empty));
		printf("ppoll with a mask: %s hits=%d usr1 blocked after=%d\n", err(r), hits, blocked_usr1());

		int ep = epoll_create1(0);
		struct epoll_event ev = {.events = EPOLLIN};
		epoll_ctl(ep, EPOLL_CTL_ADD, sp[0], &ev);
		arm(NULL);
		r = ret(epoll_pwait(ep, &ev, 1, 60000, &empty));
		printf("epoll_pwait with a mask: %s hits=%d usr1 blocked after=%d\n", err(r), hits, blocked_usr1());
		close(ep);

		arm(NULL);
		r = ret(sigsuspend(&empty));
		printf("sigsuspend: %s hits=%d usr1 blocked after=%d\n", err(r), hits, blocked_usr1());

		sigset_t w;
		sigemptyset(&w);
		sigaddset(&w, SIGUSR2);
		sigprocmask(SIG_UNBLOCK, &block, NULL);
		arm(NULL);
		r = ret(sigtimedwait(&w, NULL, &pts));
		printf("sigtimedwait: %s hits=%d\n", err(r), hits);
	}
	return 0;
}
