/* /proc/self/maps reached through a symbolic link is the process's own
 * (Linux resolves the link to /proc/<pid>/maps): it lists the program's
 * code and its stack (procself.c writes through a link to mem). Compared with
 * proclink.expected, written from Linux's behaviour: qemu-user 7.2 fakes
 * these entries only when the path names them, and through a link shows
 * its own host mappings. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "res.h"

static char buf[1 << 16];

int main(void) {
	int local = 1;
	char link[] = "/tmp/ppc64emu-proclink-XXXXXX";
	close(mkstemp(link));
	unlink(link);
	res("symlink", symlink("/proc/self/maps", link));
	int fd = open(link, O_RDONLY);
	long n = 0, k;
	while (fd >= 0 && (k = read(fd, buf + n, sizeof buf - 1 - n)) > 0)
		n += k;
	buf[n] = 0;
	close(fd);
	unlink(link);
	int code = 0, stack = 0;
	for (char *line = buf, *next; *line; line = next) {
		next = strchr(line, '\n');
		*next++ = 0;
		unsigned long lo, hi;
		char perm[5];
here:
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perm) != 3)
			continue;
		if (lo <= (uintptr_t)&&here && (uintptr_t)&&here < hi && perm[2] == 'x')
			code = 1;
		if (lo <= (uintptr_t)&local && (uintptr_t)&local < hi && strstr(line, "[stack]"))
			stack = 1;
	}
	printf("maps through a link: code %d, [stack] %d\n", code, stack);
	return 0;
}
