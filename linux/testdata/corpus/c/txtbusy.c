/* A running program's file cannot be written (Linux denies write access to
 * every process's executable, exe_file): opening it for writing, through
 * its path or /proc/self/exe, and truncate(2) of it fail with ETXTBSY;
 * reading it, an O_PATH descriptor and a copy of it are not refused;
 * O_CREAT|O_EXCL says EEXIST first, a negative length EINVAL. The program
 * never writes its file: a truncate that wrongly succeeded keeps its size,
 * and it opens nothing with O_TRUNC (the runner refuses that too, but
 * qemu-user, which refuses nothing, would empty the program). txtbusy.expected is the output of this program built for x86-64
 * and run natively on Linux 6.1: under qemu-user the host runs qemu, not
 * the program, so the host kernel refuses nothing. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "res.h"

/* opened prints what an open gave (0 for a descriptor) and closes it. */
static void opened(const char *what, int fd) {
	if (fd >= 0) {
		close(fd);
		fd = 0;
	}
	res(what, fd);
}

int main(void) {
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
	if (n <= 0)
		return 1;
	path[n] = 0;
	struct stat st;
	if (stat(path, &st) < 0)
		return 1;
	opened("open /proc/self/exe O_WRONLY", open("/proc/self/exe", O_WRONLY));
	opened("open the program O_RDWR", open(path, O_RDWR));
	opened("open the program O_RDONLY", open(path, O_RDONLY));
	opened("open the program O_PATH|O_WRONLY", open(path, O_PATH | O_WRONLY));
	opened("open the program O_WRONLY|O_CREAT|O_EXCL", open(path, O_WRONLY | O_CREAT | O_EXCL, 0600));
	res("truncate the program to its size", truncate(path, st.st_size));
	res("truncate the program to -1", truncate(path, -1));

	/* A copy is not running. */
	char copy[] = "/tmp/ppc64emu-txtbusy-XXXXXX";
	int fd = mkstemp(copy);
	if (fd < 0)
		return 1;
	close(fd);
	opened("open a copy O_RDWR", open(copy, O_RDWR));
	res("truncate a copy", truncate(copy, 10));
	unlink(copy);
	return 0;
}
