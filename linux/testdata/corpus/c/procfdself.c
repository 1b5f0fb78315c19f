/* A listing of /proc/self/fd names the descriptor that reads it: Linux
 * lists the table when the directory is read, and opendir's descriptor is
 * in it, linked to /proc/PID/fd. The runner built the listing when the
 * directory was opened, before the guest descriptor existed, so `ls -l
 * /proc/self/fd` and perl's readdir showed 0, 1, 2 and not 3, and the
 * link of 3 named the runner's scratch directory. A second listing (with
 * the first still open) names both. Names are printed sorted: the order
 * of readdir is the file system's. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* list prints the descriptors a listing of /proc/self/fd names, in
 * ascending order, and what the listing's own descriptor links to. */
static DIR *list(const char *what) {
	DIR *d = opendir("/proc/self/fd");
	if (!d) {
		perror("opendir");
		exit(1);
	}
	int fds[64], n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL && n < 64)
		if (e->d_name[0] != '.')
			fds[n++] = atoi(e->d_name);
	qsort(fds, n, sizeof fds[0], cmp);
	printf("%s:", what);
	for (int i = 0; i < n; i++)
		printf(" %d", fds[i]);
	char path[64], link[256], want[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", dirfd(d));
	ssize_t l = readlink(path, link, sizeof link - 1);
	link[l < 0 ? 0 : l] = 0;
	snprintf(want, sizeof want, "/proc/%d/fd", getpid());
	printf("; its own %d links to /proc/PID/fd: %s\n", dirfd(d), strcmp(link, want) == 0 ? "yes" : link);
	return d;
}

int main(void) {
	/* Only 0, 1 and 2 open: whatever else the caller left open is closed. */
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	DIR *a = list("first");
	int p[2];
	if (pipe(p) != 0) {
		perror("pipe");
		return 1;
	}
	DIR *b = list("with a pipe");
	closedir(a);
	closedir(b);
	close(p[0]);
	list("after closing");
	return 0;
}
