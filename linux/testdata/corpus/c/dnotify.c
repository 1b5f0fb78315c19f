/* fcntl's F_NOTIFY (dnotify) as CPython's test_fcntl uses it: a mask of no
   events (0, or DN_MULTISHOT alone, a value above INT_MAX in the
   argument's long) removes the caller's watch and succeeds, on a directory
   or a file alike; the argument is an unsigned int (bits above 32 are
   dropped); a watch on a file is ENOTDIR and a bad descriptor EBADF. (A
   watch on a directory is left out: the runner answers EINVAL, as Linux
   with dnotify off, where qemu-user sets one.) */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void try(const char *what, int fd, unsigned long arg) {
	errno = 0;
	long r = fcntl(fd, F_NOTIFY, arg);
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/ppc64emu-dnotify-%d", getpid());
	int dir = open("/tmp", O_RDONLY | O_DIRECTORY);
	int file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	try("dir DN_MULTISHOT", dir, DN_MULTISHOT);
	try("dir 0", dir, 0);
	try("dir 1<<32 (an int: 0)", dir, 1UL << 32);
	try("dir 1<<32|DN_MULTISHOT", dir, (1UL << 32) | DN_MULTISHOT);
	try("file DN_MULTISHOT", file, DN_MULTISHOT);
	try("file DN_CREATE", file, DN_CREATE);
	try("file DN_MODIFY|DN_MULTISHOT", file, DN_MODIFY | DN_MULTISHOT);
	try("bad fd DN_MULTISHOT", 99, DN_MULTISHOT);
	try("bad fd DN_CREATE", 99, DN_CREATE);
	try("-1 0", -1, 0);
	return 0;
}
