/* /proc/locks names the process that holds each lock: the parent's fcntl
   locks (a write lock and two adjacent read locks, which Linux merges into
   one) and its forked child's (a write lock to the end of the file, and a
   flock lock on an open of its own) each show their own process's pid.
   Only the lines of the test's file are printed, sorted, the pids shown as
   parent or child. The runner, whose guest processes are all one host
   process, showed the parent's pid for the child's locks. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void setlk(int fd, short type, off_t start, off_t len) {
	struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = start, .l_len = len};
	if (fcntl(fd, F_SETLK, &fl) != 0)
		perror("F_SETLK");
}

/* show prints the /proc/locks lines of inode ino. */
static void show(const char *when, ino_t ino, pid_t parent, pid_t child) {
	FILE *f = fopen("/proc/locks", "r");
	if (!f) {
		perror("/proc/locks");
		return;
	}
	char line[512], *out[64];
	int n = 0;
	char suffix[32];
	snprintf(suffix, sizeof suffix, ":%lu", (unsigned long)ino);
	while (fgets(line, sizeof line, f) && n < 64) {
		char type[16], adv[16], mode[16], dev[64], start[32], end[32];
		long pid;
		char *p = strchr(line, ':');
		if (!p || strstr(p, "->"))
			continue;
		if (sscanf(p + 1, "%15s %15s %15s %ld %63s %31s %31s", type, adv, mode, &pid, dev, start, end) != 7)
			continue;
		size_t dl = strlen(dev), sl = strlen(suffix);
		if (dl < sl || strcmp(dev + dl - sl, suffix) != 0)
			continue;
		const char *who = pid == parent ? "parent" : pid == child ? "child" : "other";
		char buf[256];
		snprintf(buf, sizeof buf, "%s %s %s %s %s %s", type, adv, mode, who, start, end);
		out[n++] = strdup(buf);
	}
	fclose(f);
	qsort(out, n, sizeof out[0], cmp);
	printf("%s: %d\n", when, n);
	for (int i = 0; i < n; i++)
		printf("  %s\n", out[i]);
}

int main(void) {
	char path[] = "/tmp/proclocks.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 1;
	struct stat st;
	fstat(fd, &st);
	setlk(fd, F_WRLCK, 0, 10);
	setlk(fd, F_RDLCK, 20, 10);
	setlk(fd, F_RDLCK, 30, 10);
	int ready[2], done[2];
	if (pipe(ready) || pipe(done))
		return 1;
	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		int c = open(path, O_RDWR), g = open(path, O_RDONLY);
		setlk(c, F_WRLCK, 100, 0);
		if (flock(g, LOCK_SH) != 0)
			perror("flock");
		char b = 1;
		write(ready[1], &b, 1);
		read(done[0], &b, 1);
		_exit(0);
	}
	char b;
	if (read(ready[0], &b, 1) != 1)
		return 1;
	show("both", st.st_ino, getpid(), child);
	write(done[1], &b, 1);
	waitpid(child, NULL, 0);
	show("child gone", st.st_ino, getpid(), child);
	setlk(fd, F_UNLCK, 0, 0);
	show("unlocked", st.st_ino, getpid(), child);
	int w = open("/proc/locks", O_RDONLY | O_CLOEXEC);
	printf("O_CLOEXEC kept: %d\n", w >= 0 && (fcntl(w, F_GETFD) & FD_CLOEXEC) != 0);
	unlink(path);
	return 0;
}
