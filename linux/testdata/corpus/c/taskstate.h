/* statstate is the state letter in the stat file at path (/proc/PID/stat,
 * /proc/self/task/TID/stat), or '?'. Needs <stdio.h> and <string.h>. */
static char statstate(const char *path) {
	char b[256];
	FILE *f = fopen(path, "r");
	if (!f)
		return '?';
	size_t n = fread(b, 1, sizeof b - 1, f);
	fclose(f);
	b[n] = 0;
	char *p = strrchr(b, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/* state is the state letter of thread tid of this process from
 * /proc/self/task/TID/stat ('S' while it waits in a call), or '?': the
 * handshake that proves a thread waits before another acts. Needs
 * <stdio.h>, <string.h> and <sys/types.h>. */
static char state(pid_t tid) {
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
	return statstate(path);
}
