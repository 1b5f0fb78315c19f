/* lockshow prints the /proc/locks lines of one file, sorted, each holder's
 * pid shown by its name. Shared by the programs that include it
 * (proclocks.c, flockpids.c; each is one static translation unit). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

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
