/* sendfile from a file to a blocking socket whose reader is another thread
   of the same process: the call waits for room while the reader runs, and
   all the data arrives, with an offset pointer and with the file's own
   offset. Then to a socket nobody reads, ended by an alarm: a signal ends
   the call with the count sent so far (more than 0, less than asked), and
   the file's offset counts exactly what was sent. CPython's test_socket
   SendfileUsingSendfileTest.testOffset hung under the runner, whose host
   sendfile waited with the process lock held, so the reading thread never
   ran. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <unistd.h>
#include "res.h"

enum { size = 4 << 20 };
static int sv[2];
static long got;

static void *reader(void *arg) {
	(void)arg;
	static char b[65536];
	long n;
	got = 0;
	while (got < size && (n = read(sv[1], b, sizeof b)) > 0)
		got += n;
	return 0;
}

static void onalarm(int s) { (void)s; }

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/ppc64emu-sendfilewait-%d", getpid());
	int f = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	char *data = malloc(size);
	for (int i = 0; i < size; i++)
		data[i] = (char)(i * 7);
	for (long w = 0, k; w < size; w += k)
		if ((k = write(f, data + w, size - w)) <= 0)
			return 1;
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);

	pthread_t th;
	off_t off = 0;
	pthread_create(&th, 0, reader, 0);
	long sent = 0, n;
	while (sent < size && (n = sendfile(sv[0], f, &off, size - sent)) > 0)
		sent += n;
	pthread_join(th, 0);
	printf("with an offset: sent %ld, read %ld, offset %ld, file position %ld\n",
	       sent, got, (long)off, (long)lseek(f, 0, SEEK_CUR));

	lseek(f, 0, SEEK_SET);
	pthread_create(&th, 0, reader, 0);
	sent = 0;
	while (sent < size && (n = sendfile(sv[0], f, 0, size - sent)) > 0)
		sent += n;
	pthread_join(th, 0);
	printf("at the file's offset: sent %ld, read %ld, file position %ld\n",
	       sent, got, (long)lseek(f, 0, SEEK_CUR));

	struct sigaction sa = {0};
	sa.sa_handler = onalarm;
	sigaction(SIGALRM, &sa, 0);
	lseek(f, 0, SEEK_SET);
	alarm(1);
	n = sendfile(sv[0], f, 0, size);
	long pos = (long)lseek(f, 0, SEEK_CUR);
	printf("interrupted: sent more than 0 %d, less than asked %d, position is the count %d\n",
	       n > 0, n < size, pos == n);
	return 0;
}
