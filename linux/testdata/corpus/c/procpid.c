/* /proc/<pid>/ of another process: a child reports what its own /proc/self
 * says (after an execve with a new argv and environment, a chdir, a
 * descriptor at 7, signal dispositions) and blocks; the parent reads the
 * same entries through /proc/<child pid>/ and prints whether they agree,
 * then looks at the child as a zombie (waitid WNOWAIT) and after it is
 * reaped. qemu-user answers only its own process's /proc entries (another
 * guest process's are a host qemu process's), so the expected output
 * (procpid.expected) is this program's, built for x86-64 with the host's
 * gcc and run natively on Linux 6.x. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

#define N 8192
static char buf[N];

static long slurp(const char *path, char *out) {
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	long n = 0, k;
	while ((k = read(fd, out + n, N - 1 - n)) > 0)
		n += k;
	close(fd);
	out[n] = 0;
	return n;
}

static long readlink0(const char *path, char *out) {
	long n = readlink(path, out, N - 1);
	out[n > 0 ? n : 0] = 0;
	return n;
}

/* The entries the child reports, in order. */
enum { CMDLINE, ENVIRON, COMM, STAT, STATUS, MAPS, EXE, CWD, FDS, SELF, NENT };
static const char *names[NENT] = {"cmdline", "environ", "comm", "stat", "status", "maps", "exe", "cwd", "fds", "self"};
struct report {
	long len[NENT];
	char data[NENT][N];
};
static struct report mine, theirs;

static void writeall(int fd, const void *p, size_t n) {
	const char *c = p;
	while (n > 0) {
		ssize_t k = write(fd, c, n);
		if (k <= 0)
			exit(3);
		c += k;
		n -= k;
	}
}

static int readall(int fd, void *p, size_t n) {
	char *c = p;
	while (n > 0) {
		ssize_t k = read(fd, c, n);
		if (k <= 0)
			return -1;
		c += k;
		n -= k;
	}
	return 0;
}

static void onusr1(int sig) { (void)sig; }

static void fdlist(char *out) {
	out[0] = 0;
	for (int fd = 0; fd < 64; fd++)
		if (fcntl(fd, F_GETFD) >= 0)
			sprintf(out + strlen(out), "%d ", fd);
}

/* The child after its execve: argv[1] is "child", argv[2] the report pipe,
 * argv[3] the pipe it blocks on. */
static int child(char **argv) {
	int out = atoi(argv[2]), in = atoi(argv[3]);
	signal(SIGUSR1, onusr1);
	signal(SIGUSR2, SIG_IGN);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (chdir("/tmp") < 0)
		return 4;
	int nul = open("/dev/null", O_RDONLY);
	dup2(nul, 7);
	close(nul);
	struct report *r = &mine;
	fdlist(r->data[FDS]);
	r->len[FDS] = strlen(r->data[FDS]);
	r->len[SELF] = readlink0("/proc/self", r->data[SELF]);
	r->len[EXE] = readlink0("/proc/self/exe", r->data[EXE]);
	r->len[CWD] = readlink0("/proc/self/cwd", r->data[CWD]);
	r->len[CMDLINE] = slurp("/proc/self/cmdline", r->data[CMDLINE]);
	r->len[ENVIRON] = slurp("/proc/self/environ", r->data[ENVIRON]);
	r->len[COMM] = slurp("/proc/self/comm", r->data[COMM]);
	r->len[STATUS] = slurp("/proc/self/status", r->data[STATUS]);
	r->len[STAT] = slurp("/proc/self/stat", r->data[STAT]);
	r->len[MAPS] = slurp("/proc/self/maps", r->data[MAPS]);
	writeall(out, r, sizeof *r);
	char c;
	read(in, &c, 1); /* blocks until the parent is done looking */
	return 0;
}

/* field returns stat field k (1-based) of a stat line, or "". */
static const char *field(const char *stat, int k, char *out) {
	out[0] = 0;
	const char *p = strrchr(stat, ')');
	if (k == 1) {
		sscanf(stat, "%63s", out);
		return out;
	}
	if (k == 2) {
		const char *o = strchr(stat, '(');
		if (o && p) {
			memcpy(out, o, p - o + 1);
			out[p - o + 1] = 0;
		}
		return out;
	}
	if (!p)
		return out;
	p += 2;
	for (int i = 3; i < k && *p; i++) {
		p = strchr(p, ' ');
		if (!p)
			return out;
		p++;
	}
	sscanf(p, "%63s", out);
	return out;
}

/* line returns the value of "Key:" in a status text, or "". */
static const char *line(const char *status, const char *key, char *out) {
	out[0] = 0;
	char k[64];
	snprintf(k, sizeof k, "\n%s:", key);
	const char *p = strstr(status, k);
	if (!p)
		return out;
	p += strlen(k);
	while (*p == '\t' || *p == ' ')
		p++;
	size_t n = strcspn(p, "\n");
	memcpy(out, p, n);
	out[n] = 0;
	return out;
}

static int listed(const char *dir, const char *name) {
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	int found = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, name) == 0)
			found = 1;
	closedir(d);
	return found;
}

int main(int argc, char **argv) {
	if (argc == 4 && strcmp(argv[1], "child") == 0)
		return child(argv);
	int rep[2], hold[2];
	if (pipe(rep) < 0 || pipe(hold) < 0)
		return 1;
	fflush(stdout);
	prctl(PR_SET_NAME, "renamed-parent-long");
	char nm[16];
	prctl(PR_GET_NAME, nm);
	printf("PR_GET_NAME: %s\n", nm);
	slurp("/proc/self/comm", buf);
	printf("own comm: %s", buf);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(rep[0]);
		close(hold[1]);
		char a[16], b[16];
		snprintf(a, sizeof a, "%d", rep[1]);
		snprintf(b, sizeof b, "%d", hold[0]);
		char *args[] = {"procpid-child", "child", a, b, NULL};
		char *env[] = {"A=1", "B=two words", NULL};
		execve("/proc/self/exe", args, env);
		_exit(127);
	}
	close(rep[1]);
	close(hold[0]);
	if (readall(rep[0], &mine, sizeof mine) < 0) {
		printf("no report from the child\n");
		return 1;
	}
	char path[64], tmp[64], tmp2[64];
	struct report *r = &theirs;
#define P(e) (snprintf(path, sizeof path, "/proc/%d/%s", pid, e), path)
	snprintf(tmp, sizeof tmp, "%d", pid);
	r->len[SELF] = strlen(tmp);
	strcpy(r->data[SELF], tmp);
	r->len[EXE] = readlink0(P("exe"), r->data[EXE]);
	r->len[CWD] = readlink0(P("cwd"), r->data[CWD]);
	r->len[CMDLINE] = slurp(P("cmdline"), r->data[CMDLINE]);
	r->len[ENVIRON] = slurp(P("environ"), r->data[ENVIRON]);
	r->len[COMM] = slurp(P("comm"), r->data[COMM]);
	r->len[STATUS] = slurp(P("status"), r->data[STATUS]);
	r->len[STAT] = slurp(P("stat"), r->data[STAT]);
	r->len[MAPS] = slurp(P("maps"), r->data[MAPS]);
	/* The descriptors, from the listing of /proc/<pid>/fd. */
	r->data[FDS][0] = 0;
	DIR *d = opendir(P("fd"));
	int have[64] = {0};
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' && atoi(e->d_name) < 64)
			have[atoi(e->d_name)] = 1;
	if (d)
		closedir(d);
	for (int fd = 0; fd < 64; fd++)
		if (have[fd])
			sprintf(r->data[FDS] + strlen(r->data[FDS]), "%d ", fd);
	r->len[FDS] = strlen(r->data[FDS]);

	for (int i = 0; i < NENT; i++) {
		if (i == STAT || i == STATUS)
			continue;
		printf("%s: same %d\n", names[i], mine.len[i] == theirs.len[i] && memcmp(mine.data[i], theirs.data[i], mine.len[i]) == 0);
	}
	char want[64];
	int wn = snprintf(want, sizeof want, "procpid-child%cchild%c%d%c%d%c", 0, 0, rep[1], 0, hold[0], 0);
	printf("cmdline is the new argv: %d\n", mine.len[CMDLINE] == wn && memcmp(mine.data[CMDLINE], want, wn) == 0);
	printf("environ is the new env: %d\n", mine.len[ENVIRON] == 16 && memcmp(mine.data[ENVIRON], "A=1\0B=two words\0", 16) == 0);
	printf("cwd: %s\n", theirs.data[CWD]);
	printf("fd 7 listed: %d\n", strstr(theirs.data[FDS], " 7 ") != NULL);
	char self[N];
	readlink0("/proc/self/exe", self);
	printf("exe is the parent's: %d\n", strcmp(self, theirs.data[EXE]) == 0);
	printf("comm (the base name of execve's path): %s", theirs.data[COMM]);
	/* stat: the fields that do not move while the child blocks. */
	static const int fields[] = {1, 2, 4, 5, 6, 20, 22, 26, 27, 28, 38, 45, 46, 47, 48, 49, 50, 51};
	for (unsigned i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		int k = fields[i];
		printf("stat %d: same %d\n", k, strcmp(field(mine.data[STAT], k, tmp), field(theirs.data[STAT], k, tmp2)) == 0);
	}
	printf("stat pid: %d", atoi(field(theirs.data[STAT], 1, tmp)) == pid);
	printf(", ppid is mine: %d", atoi(field(theirs.data[STAT], 4, tmp)) == getpid());
	printf(", pgrp is mine: %d", atoi(field(theirs.data[STAT], 5, tmp)) == getpgrp());
	printf(", own state: %s\n", field(mine.data[STAT], 3, tmp));
	static const char *keys[] = {"Name", "Tgid", "Pid", "PPid", "Threads", "SigBlk", "SigIgn", "SigCgt"};
	for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++)
		printf("status %s: same %d\n", keys[i], strcmp(line(mine.data[STATUS], keys[i], tmp), line(theirs.data[STATUS], keys[i], tmp2)) == 0);
	unsigned long long blk = strtoull(line(theirs.data[STATUS], "SigBlk", tmp), NULL, 16);
	unsigned long long ign = strtoull(line(theirs.data[STATUS], "SigIgn", tmp), NULL, 16);
	unsigned long long cgt = strtoull(line(theirs.data[STATUS], "SigCgt", tmp), NULL, 16);
	printf("status: HUP blocked %d, USR2 ignored %d, USR1 caught %d\n", (int)(blk >> (SIGHUP - 1) & 1), (int)(ign >> (SIGUSR2 - 1) & 1), (int)(cgt >> (SIGUSR1 - 1) & 1));
	line(theirs.data[STATUS], "Name", tmp);
	printf("status Name is comm: %d\n", strncmp(tmp, theirs.data[COMM], strlen(tmp)) == 0);
	printf("task lists the child: %d\n", listed(P("task"), r->data[SELF]));
	char mypid[16];
	snprintf(mypid, sizeof mypid, "%d", getpid());
	printf("/proc lists the child: %d, me: %d\n", listed("/proc", r->data[SELF]), listed("/proc", mypid));
	struct stat st;
	printf("stat /proc/<pid> is a directory: %d\n", stat(P(""), &st) == 0 && S_ISDIR(st.st_mode));

	/* Let the child end; look at the zombie, then reap it. */
	close(hold[1]);
	siginfo_t si;
	res("waitid WNOWAIT", waitid(P_PID, pid, &si, WEXITED | WNOWAIT));
	long n = slurp(P("stat"), buf);
	printf("zombie stat: %ld bytes, state %s\n", n > 0 ? 1L : n, field(buf, 3, tmp));
	res("zombie cmdline", slurp(P("cmdline"), buf));
	res("waitpid", waitpid(pid, NULL, 0) == pid);
	res("open stat after reaping", open(P("stat"), O_RDONLY));
	printf("/proc lists the reaped child: %d\n", listed("/proc", r->data[SELF]));
	return 0;
}
