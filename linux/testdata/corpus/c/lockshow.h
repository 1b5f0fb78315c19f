/* lockshow prints the /proc/locks lines of one file, sorted, each holder's
 * pid shown by its name; flock_child makes a process that holds a flock
 * lock of its own on the file. Shared by the programs that include it
 * (proclocks.c, flockpids.c; each is one static translation unit). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/types.h>
#include <unistd.h>

static int lockshow_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* show prints "when: N" and the N lines of /proc/locks of inode ino
 * (waiters left out) without their numbers and devices: a pid in pids[i]
 * is shown as names[i], another as "other". */
static void show(const char *when, ino_t ino, const pid_t *pids, const char *const *names, int npids) {
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
		const char *who = "other";
		for (int i = 0; i < npids; i++)
			if (pid == pids[i])
				who = names[i];
		char buf[256];
		snprintf(buf, sizeof buf, "%s %s %s %s %s %s", type, adv, mode, who, start, end);
		out[n++] = strdup(buf);
	}
	fclose(f);
	qsort(out, n, sizeof out[0], lockshow_cmp);
	printf("%s: %d\n", when, n);
	for (int i = 0; i < n; i++)
		printf("  %s\n", out[i]);
	fflush(stdout); /* before another process prints */
}

/* flock_child forks a child that runs first(path) (if first is not NULL),
 * takes a shared flock lock on an open of path of its own, and waits for
 * a byte (or the end) on done, a pipe's read end, before it exits: its
 * pid, once it holds the lock, or -1. */
static pid_t flock_child(const char *path, int done, void (*first)(const char *path)) {
	int ready[2];
	if (pipe(ready))
		return -1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (first)
			first(path);
		int g = open(path, O_RDONLY);
		if (flock(g, LOCK_SH) != 0)
			perror("flock");
		char b = 1;
		write(ready[1], &b, 1);
		read(done, &b, 1);
		_exit(0);
	}
	char b;
	long n = read(ready[0], &b, 1);
	close(ready[0]);
	close(ready[1]);
	return n == 1 ? pid : -1;
}
