/* Opening a pipe again by name, as bash's process substitution <(...)
 * hands a command /dev/fd/63: open("/dev/fd/N") and
 * open("/proc/self/fd/N") of a pipe's ends, blocking, read what the pipe
 * holds and write into it. The runner opens a FIFO that may wait through
 * a helper process, which resolved /proc/self as its own: ENOENT, so
 * `cat <(echo hi)` and `diff <(...) <(...)` failed under ppc64emu. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* reopen opens the pipe end fd by the name dir/fd with flags. */
static int reopen(const char *dir, int fd, int flags) {
	char path[64];
	snprintf(path, sizeof path, "%s/%d", dir, fd);
	int r = open(path, flags);
	if (r < 0)
		printf("open %s/N: %m\n", dir);
	return r;
}

int main(void) {
	const char *dirs[] = {"/dev/fd", "/proc/self/fd"};
	for (int i = 0; i < 2; i++) {
		int p[2];
		char buf[32] = {0};
		if (pipe(p) != 0) {
			perror("pipe");
			return 1;
		}
		int w = reopen(dirs[i], p[1], O_WRONLY);
		if (w >= 0 && write(w, "through the name\n", 17) != 17)
			perror("write");
		int r = reopen(dirs[i], p[0], O_RDONLY);
		if (r >= 0 && read(r, buf, sizeof buf - 1) > 0)
			printf("%s: %s", dirs[i], buf);
		close(w);
		close(r);
		close(p[0]);
		close(p[1]);
	}
	return 0;
}
