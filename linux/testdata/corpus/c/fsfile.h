/* fsfile makes a file named NAME.XXXXXX in the first of /var/tmp, /tmp and
 * . where fits(fd) says its file system has what the program checks
 * (inode flags, extents, a label), its path in path (256 bytes): the
 * descriptor, or -1 if no file system there fits. Shared by the programs
 * that include it (each is one static translation unit). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int fsfile(char *path, const char *name, int (*fits)(int fd)) {
	const char *dirs[] = {"/var/tmp", "/tmp", "."};
	for (int i = 0; i < 3; i++) {
		snprintf(path, 256, "%s/%s.XXXXXX", dirs[i], name);
		int fd = mkstemp(path);
		if (fd < 0)
			continue;
		if (fits(fd))
			return fd;
		close(fd);
		unlink(path);
	}
	return -1;
}
