/* A listing of /proc/self/fd names the descriptor that reads it: Linux
 * lists the table when the directory is read, and opendir's descriptor is
 * in it, linked to /proc/PID/fd. The runner built the listing when the
 * directory was opened, before the guest descriptor existed, so `ls -l
 * /proc/self/fd` and perl's readdir showed 0, 1, 2 and not 3, and the
 * link of 3 named the runner's scratch directory. A second listing (with
 * the first still open) names both, and the first, read after it, is
 * still its own (the runner's second listing had replaced the first's
 * scratch directory, so reading the first gave nothing). The entries come
 * in Linux's order: ".", "..", then the descriptors ascending (the
 * runner's came in its scratch directory's hash order). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* show reads listing d of /proc/self/fd to its end and prints the
 * descriptors it names, whether they came in Linux's order, and what the
 * listing's own descriptor links to. */
static void show(const char *what, DIR *d) {
	int fds[64], n = 0, ordered = 1, dots = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL && n < 64) {
		if (e->d_name[0] == '.') {
			ordered &= n == 0 && dots++ == (int)strlen(e->d_name) - 1;
			continue;
		}
		fds[n] = atoi(e->d_name);
		ordered &= n == 0 || fds[n] > fds[n - 1];
		n++;
	}
	printf("%s:", what);
	for (int i = 0; i < n; i++)
		printf(" %d", fds[i]);
	char path[64], link[256], want[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", dirfd(d));
	ssize_t l = readlink(path, link, sizeof link - 1);
	link[l < 0 ? 0 : l] = 0;
	snprintf(want, sizeof want, "/proc/%d/fd", getpid());
	printf("; in order %s; its own %d links to /proc/PID/fd: %s\n", ordered && dots == 2 ? "yes" : "no", dirfd(d), strcmp(link, want) == 0 ? "yes" : link);
}

static DIR *open_fd_dir(void) {
	DIR *d = opendir("/proc/self/fd");
	if (!d) {
		perror("opendir");
		exit(1);
	}
	return d;
}

int main(void) {
	/* Only 0, 1 and 2 open: whatever else the caller left open is closed. */
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	DIR *a = open_fd_dir();
	int p[2];
	if (pipe(p) != 0) {
		perror("pipe");
		return 1;
	}
	DIR *b = open_fd_dir();
	show("second, with a pipe", b);
	show("first, read after the second", a);
	closedir(a);
	closedir(b);
	close(p[0]);
	DIR *c = open_fd_dir();
	show("after closing", c);
	rewinddir(c);
	show("rewound", c);
	closedir(c);
	return 0;
}
