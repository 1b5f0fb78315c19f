/* /proc/PID/attr, the security attributes libselinux's getcon and
 * coreutils' runcon read: the directory's entries, and reading current,
 * exec, prev (of the process, of /proc/thread-self, of a thread's task
 * directory), EINVAL from a kernel without an LSM, the host's label with
 * one (the runner's, which is qemu-user's too). Not written: a write is
 * EINVAL without an LSM, but where the host has one the runner refuses it
 * (EACCES) and qemu-user's reaches the host's LSM. Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* readattr prints what reading path gives, naming it what. */
static void readattr(const char *what, const char *path) {
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("%s: open: %s\n", what, strerror(errno));
		return;
	}
	char buf[256];
	ssize_t n = read(fd, buf, sizeof buf - 1);
	if (n < 0)
		printf("%s: read: %s\n", what, strerror(errno));
	else {
		buf[n] = 0;
		printf("%s: \"%s\"\n", what, buf);
	}
	close(fd);
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(void) {
	char path[64];
	readattr("/proc/self/attr/current", "/proc/self/attr/current");
	readattr("/proc/self/attr/exec", "/proc/self/attr/exec");
	readattr("/proc/self/attr/prev", "/proc/self/attr/prev");
	readattr("/proc/thread-self/attr/current", "/proc/thread-self/attr/current");
	snprintf(path, sizeof path, "/proc/self/task/%ld/attr/current", (long)syscall(SYS_gettid));
	readattr("/proc/self/task/TID/attr/current", path);
	snprintf(path, sizeof path, "/proc/%d/attr/fscreate", getpid());
	readattr("/proc/PID/attr/fscreate", path);

	DIR *d = opendir("/proc/self/attr");
	if (d == NULL) {
		printf("opendir /proc/self/attr: %s\n", strerror(errno));
	} else {
		char *names[64];
		int n = 0;
		struct dirent *e;
		while ((e = readdir(d)) != NULL && n < 64)
			names[n++] = strdup(e->d_name);
		closedir(d);
		qsort(names, n, sizeof names[0], cmp);
		printf("/proc/self/attr:");
		for (int i = 0; i < n; i++)
			printf(" %s", names[i]);
		printf("\n");
	}
	return 0;
}
