/* A run whose recording grows by 4 KiB a round, for the bound of the
   history kept (TestGDBHistoryBound): each of argv[1] rounds reads 4 KiB
   of /dev/urandom into buf (a system call result the recording keeps)
   and counts itself in rounds; done is called after the last. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

volatile long rounds;
char buf[4096];

__attribute__((noinline)) void done(void)
{
	printf("%ld\n", rounds);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10;
	int fd = open("/dev/urandom", O_RDONLY);
	if (fd < 0)
		return 1;
	for (long i = 0; i < n; i++) {
		if (read(fd, buf, sizeof buf) != sizeof buf)
			return 2;
		rounds = i + 1;
	}
	done();
	return 0;
}
