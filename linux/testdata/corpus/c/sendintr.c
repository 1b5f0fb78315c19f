/* A blocking send to a stream socket nobody reads, interrupted by a
   signal (a handler without SA_RESTART): with part of it sent the call
   returns that count; with nothing sent (the socket's buffer filled
   first) it is EINTR. CPython's test_socket.test_sendall_interrupted sends
   16 MiB this way and expects the alarm's handler to run; the runner's
   host send waited where no guest signal reached it. A second alarm ends
   the program if a call does not return. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include "res.h"

static volatile int alarms;

static void onalarm(int s) {
	(void)s;
	if (++alarms > 3) {
		static const char m[] = "a send did not return\n";
		write(1, m, sizeof m - 1);
		_exit(1);
	}
}

static void arm(void) {
	struct itimerval it = {.it_interval = {1, 0}, .it_value = {0, 300000}};
	setitimer(ITIMER_REAL, &it, NULL);
}

int main(void) {
	struct sigaction sa = {.sa_handler = onalarm};
	sigaction(SIGALRM, &sa, NULL);
	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	size_t size = 16 << 20;
	char *big = calloc(1, size);
	arm();
	long n = send(sv[0], big, size, 0);
	int was = alarms;
	alarms = 0;
	printf("send of 16 MiB: some sent %d, not all %d, after the alarm %d\n", n > 0, n < (long)size, was > 0);
	while (send(sv[0], big, 65536, MSG_DONTWAIT) > 0)
		;
	arm();
	res("send to a full socket", send(sv[0], big, 100, 0));
	alarms = 0;
	arm();
	res("sendto to a full socket", sendto(sv[0], big, 100, 0, NULL, 0));
	struct itimerval off = {0};
	setitimer(ITIMER_REAL, &off, NULL);
	res("send with MSG_DONTWAIT", send(sv[0], big, 100, MSG_DONTWAIT));
	char c;
	res("the peer reads", read(sv[1], &c, 1));
	return 0;
}
