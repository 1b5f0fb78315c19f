/* The /proc/PID entries of a task's timer slack, core dump filter, I/O,
 * system call, scheduling and POSIX timers, as psutil (io), perf and
 * systemd tools (sched, schedstat), gdb and core dumpers
 * (coredump_filter), procps (wchan) and prctl users (timerslack_ns) read
 * them. timerslack_ns is the leader's PR_GET_TIMERSLACK, per thread,
 * writable (0 restores the default: the slack the thread was created
 * with), a thread and a forked child starting from their creator's;
 * coredump_filter is per process, writable (C's base prefixes, nine bits
 * kept), copied by fork; io's counters grow with the bytes a pipe moves;
 * a thread blocked in read of a pipe shows the call in syscall and
 * pipe_read in wchan; sched names the task and gives its nice value's
 * load weight; timers lists the timers newest first; smaps gives each
 * mapping's figures and smaps_rollup spans the mappings; the
 * process-only entries are ENOENT under task/TID; a read-only entry
 * opens for writing only with CAP_DAC_OVERRIDE (root), and its write is
 * EINVAL; a name the directory lacks is ENOENT. Prints only what does
 * not depend on the kernel's figures (qemu-user answers most of these
 * from its own host process). Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

static char buf[65536];

static void writeopen(const char *path);

/* slurp reads path into buf (NUL-terminated): its length, or -1. */
static long slurp(const char *path) {
	int fd = open(path, O_RDONLY);
	if (fd < 0) return -1;
	long n = 0, r;
	while (n < (long)sizeof buf - 1 && (r = read(fd, buf + n, sizeof buf - 1 - n)) > 0)
		n += r;
	close(fd);
	buf[n] = 0;
	return n;
}

static unsigned long long num(const char *path) {
	if (slurp(path) < 0) return ~0ull;
	return strtoull(buf, 0, 0);
}

static unsigned long long hexnum(const char *path) {
	if (slurp(path) < 0) return ~0ull;
	return strtoull(buf, 0, 16);
}

static long put(const char *path, const char *v) {
	int fd = open(path, O_WRONLY);
	if (fd < 0) return -1;
	long r = write(fd, v, strlen(v));
	int e = errno;
	close(fd);
	errno = e;
	return r;
}

static void putres(const char *path, const char *v) {
	char what[128];
	snprintf(what, sizeof what, "write %s %.24s", path, v);
	for (char *p = what; *p; p++)
		if (*p == '\n') *p = '|';
	res(what, put(path, v));
}

/* ioval is the value of key in the last slurp of an io file. */
static unsigned long long ioval(const char *key) {
	char *p = strstr(buf, key);
	return p ? strtoull(p + strlen(key) + 1, 0, 10) : ~0ull;
}

static unsigned long long slack0;

static void *slackthread(void *arg) {
	(void)arg;
	printf("thread: slack %s creator's\n", prctl(PR_GET_TIMERSLACK) == 5000 ? "is" : "is not");
	res("thread: set slack 6000", prctl(PR_SET_TIMERSLACK, 6000));
	printf("thread: slack %llu\n", (unsigned long long)prctl(PR_GET_TIMERSLACK));
	res("thread: set slack 0", prctl(PR_SET_TIMERSLACK, 0));
	printf("thread: default slack %s creator's\n", prctl(PR_GET_TIMERSLACK) == 5000 ? "is" : "is not");
	return 0;
}

static void timerslack(void) {
	slack0 = prctl(PR_GET_TIMERSLACK);
	printf("slack file %s prctl\n", num("/proc/self/timerslack_ns") == slack0 ? "matches" : "differs from");
	res("set slack 123456", prctl(PR_SET_TIMERSLACK, 123456));
	printf("prctl slack %ld, file %llu\n", (long)prctl(PR_GET_TIMERSLACK), num("/proc/self/timerslack_ns"));
	putres("/proc/self/timerslack_ns", "777\n");
	printf("prctl slack %ld\n", (long)prctl(PR_GET_TIMERSLACK));
	putres("/proc/self/timerslack_ns", "abc");
	putres("/proc/self/timerslack_ns", "-1");
	putres("/proc/self/timerslack_ns", "0x10");
	putres("/proc/self/timerslack_ns", "999999999999999999999");
	putres("/proc/self/timerslack_ns", "+42");
	printf("prctl slack %ld\n", (long)prctl(PR_GET_TIMERSLACK));
	putres("/proc/self/timerslack_ns", "0");
	printf("slack back to default: %s\n", (unsigned long long)prctl(PR_GET_TIMERSLACK) == slack0 ? "yes" : "no");
	prctl(PR_SET_TIMERSLACK, 999);
	res("set slack 0", prctl(PR_SET_TIMERSLACK, 0));
	printf("slack back to default: %s\n", (unsigned long long)prctl(PR_GET_TIMERSLACK) == slack0 ? "yes" : "no");

	prctl(PR_SET_TIMERSLACK, 5000);
	pthread_t th;
	pthread_create(&th, 0, slackthread, 0);
	pthread_join(th, 0);
	printf("main slack %ld, file %llu\n", (long)prctl(PR_GET_TIMERSLACK), num("/proc/self/timerslack_ns"));
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/timerslack_ns", (int)getpid());
	res("open task/TID/timerslack_ns", open(path, O_RDONLY));

	prctl(PR_SET_TIMERSLACK, 4242);
	pid_t c = fork();
	if (c == 0) {
		printf("child: slack %ld\n", (long)prctl(PR_GET_TIMERSLACK));
		prctl(PR_SET_TIMERSLACK, 1);
		prctl(PR_SET_TIMERSLACK, 0);
		printf("child: default slack %ld\n", (long)prctl(PR_GET_TIMERSLACK));
		fflush(stdout);
		_exit(0);
	}
	waitpid(c, 0, 0);
	prctl(PR_SET_TIMERSLACK, 0);
}

static void dumpfilter(void) {
	const char *f = "/proc/self/coredump_filter";
	putres(f, "0x3f\n");
	printf("filter %08llx\n", hexnum(f));
	long n = slurp(f);
	printf("filter file: %ld bytes, %s", n, buf);
	putres(f, "0x7ff");
	printf("filter %08llx\n", hexnum(f));
	putres(f, "017");
	printf("filter %08llx\n", hexnum(f));
	putres(f, "abc");
	putres(f, "-1");
	putres(f, " 5");
	putres(f, "0x100000000");
	printf("filter %08llx\n", hexnum(f));
	putres(f, "0x21");
	pid_t c = fork();
	if (c == 0) {
		printf("child: filter %08llx\n", hexnum(f));
		putres(f, "0x1");
		printf("child: filter %08llx\n", hexnum(f));
		fflush(stdout);
		_exit(0);
	}
	waitpid(c, 0, 0);
	printf("filter after child %08llx\n", hexnum(f));
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/coredump_filter", (int)getpid());
	res("open task/TID/coredump_filter", open(path, O_RDONLY));
	putres(f, "0x33");
}

static void ioacct(void) {
	static const char *keys[] = {"rchar", "wchar", "syscr", "syscw", "read_bytes", "write_bytes", "cancelled_write_bytes"};
	slurp("/proc/self/io");
	int ok = 1;
	char *p = buf;
	for (int i = 0; i < 7; i++) {
		size_t k = strlen(keys[i]);
		if (strncmp(p, keys[i], k) != 0 || p[k] != ':' || p[k + 1] != ' ') ok = 0;
		p = strchr(p, '\n');
		if (!p) {
			ok = 0;
			break;
		}
		p++;
	}
	printf("io keys in order: %s\n", ok && *p == 0 ? "yes" : "no");
	unsigned long long r0 = ioval("rchar"), w0 = ioval("wchar"), sr0 = ioval("syscr"), sw0 = ioval("syscw");
	int pp[2];
	pipe(pp);
	static char data[3000];
	for (int i = 0; i < 3; i++)
		write(pp[1], data, 1000);
	for (int i = 0; i < 3; i++)
		read(pp[0], data, 1000);
	close(pp[0]);
	close(pp[1]);
	slurp("/proc/self/io");
	printf("rchar grew by >= 3000: %s\n", ioval("rchar") - r0 >= 3000 ? "yes" : "no");
	printf("wchar grew by >= 3000: %s\n", ioval("wchar") - w0 >= 3000 ? "yes" : "no");
	printf("syscr grew by >= 3: %s\n", ioval("syscr") - sr0 >= 3 ? "yes" : "no");
	printf("syscw grew by >= 3: %s\n", ioval("syscw") - sw0 >= 3 ? "yes" : "no");
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/io", (int)getpid());
	printf("task io: %s\n", slurp(path) > 0 && strncmp(buf, "rchar: ", 7) == 0 ? "yes" : "no");
	writeopen("/proc/self/io");
}

/* blocked starts a child that blocks in read of a pipe once it has said
 * so, and waits until its syscall file no longer says running. */
static void blocked(void) {
	int ready[2], hold[2];
	pipe(ready);
	pipe(hold);
	pid_t c = fork();
	if (c == 0) {
		char x;
		write(ready[1], "r", 1);
		read(hold[0], &x, 1);
		_exit(0);
	}
	char x, path[64];
	read(ready[0], &x, 1);
	snprintf(path, sizeof path, "/proc/%d/syscall", (int)c);
	int tries = 0;
	while (slurp(path) > 0 && strncmp(buf, "running", 7) == 0 && tries++ < 100000)
		usleep(100);
	int fields = 0;
	for (char *p = strtok(buf, " \n"); p; p = strtok(0, " \n"))
		fields++;
	printf("blocked child's syscall: %d fields\n", fields);
	snprintf(path, sizeof path, "/proc/%d/wchan", (int)c);
	long n = slurp(path);
	/* Linux 6.1's pipe_read, later kernels' anon_pipe_read. */
	printf("blocked child's wchan: %s\n", n > 0 && !strchr(buf, '\n') && strstr(buf, "pipe_read") ? "a pipe's read" : buf);
	write(hold[1], "g", 1);
	waitpid(c, 0, 0);
	slurp("/proc/self/syscall");
	printf("own syscall: %s\n", buf[0] >= '0' && buf[0] <= '9' ? "a call" : buf);
	slurp("/proc/self/wchan");
	printf("own wchan: %s\n", buf);
}

static void sched(void) {
	slurp("/proc/self/sched");
	char want[64];
	snprintf(want, sizeof want, " (%d, #threads: ", (int)getpid());
	char *nl = strchr(buf, '\n'), *h = strstr(buf, want);
	printf("sched header: %s\n", nl && h && h < nl ? "yes" : "no");
	printf("sched rule: %s\n", nl && strncmp(nl + 1, "-------", 7) == 0 ? "yes" : "no");
	const char *keys[] = {"se.sum_exec_runtime", "policy", "prio", "nr_switches"};
	for (int i = 0; i < 4; i++) {
		char k[64];
		snprintf(k, sizeof k, "\n%s ", keys[i]);
		char *p = strstr(buf, k);
		if (!p) {
			printf("%s: missing\n", keys[i]);
			continue;
		}
		p = strchr(p, ':');
		if (i == 1)
			printf("%s: %ld\n", keys[i], strtol(p + 1, 0, 10));
		else if (i == 2) // 120 + the nice value the test runs at (the host's: CI may run niced)
			printf("%s: 120 + nice: %s\n", keys[i], strtol(p + 1, 0, 10) == 120 + getpriority(PRIO_PROCESS, 0) ? "yes" : "no");
		else
			printf("%s: present\n", keys[i]);
	}
	putres("/proc/self/sched", "0");
	res("nice 5", setpriority(PRIO_PROCESS, 0, 5));
	slurp("/proc/self/sched");
	char *w = strstr(buf, "\nse.load.weight ");
	printf("se.load.weight at nice 5: %ld\n", w ? strtol(strchr(w, ':') + 1, 0, 10) : -1L);
	slurp("/proc/self/schedstat");
	int fields = 0;
	for (char *p = strtok(buf, " \n"); p; p = strtok(0, " \n"))
		fields++;
	printf("schedstat fields: %d\n", fields);
	writeopen("/proc/self/schedstat");
	writeopen("/proc/self/wchan");
	res("open /proc/self/nosuch", open("/proc/self/nosuch", O_RDONLY));
}

/* showtimers prints /proc/self/timers with the process's id as "self". */
static void showtimers(const char *what) {
	slurp("/proc/self/timers");
	char self[32];
	snprintf(self, sizeof self, "pid.%d", (int)getpid());
	for (char *line = strtok(buf, "\n"); line; line = strtok(0, "\n")) {
		char *pid = strstr(line, self);
		if (pid && strcmp(pid, self) == 0)
			printf("%s: %.*spid.self\n", what, (int)(pid - line), line);
		else
			printf("%s: %s\n", what, line);
	}
}

/* writeopen opens path for writing and writes to it: a file without a
 * write of its own opens only with CAP_DAC_OVERRIDE, and refuses the
 * write (EINVAL). */
static void writeopen(const char *path) {
	char what[96];
	int fd = open(path, O_WRONLY);
	snprintf(what, sizeof what, "open %s for writing", path);
	res(what, fd < 0 ? -1 : 0);
	if (fd >= 0) {
		snprintf(what, sizeof what, "write %s", path);
		res(what, write(fd, "1", 1));
		close(fd);
	}
}

static void timers(void) {
	timer_t a, b;
	struct sigevent ev = {0};
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR1;
	ev.sigev_value.sival_ptr = (void *)0x1234;
	res("timer_create monotonic", timer_create(CLOCK_MONOTONIC, &ev, &a));
	ev.sigev_notify = SIGEV_NONE;
	ev.sigev_signo = SIGUSR2;
	ev.sigev_value.sival_ptr = (void *)0xabcd;
	res("timer_create realtime", timer_create(CLOCK_REALTIME, &ev, &b));
	showtimers("timers");
	timer_delete(a);
	showtimers("after delete");
	timer_delete(b);
	printf("none left: %s\n", slurp("/proc/self/timers") == 0 ? "yes" : "no");
}

static void rollup(void) {
	slurp("/proc/self/smaps_rollup");
	char *nl = strchr(buf, '\n');
	printf("rollup line: %s\n", nl && nl - buf > 8 && strncmp(nl - 8, "[rollup]", 8) == 0 ? "yes" : "no");
	char *rss = strstr(buf, "\nRss:");
	printf("rollup Rss > 0: %s\n", rss && strtol(rss + 5, 0, 10) > 0 ? "yes" : "no");
	slurp("/proc/self/smaps");
	nl = strchr(buf, '\n');
	printf("smaps figures after a mapping: %s\n", nl && strncmp(nl + 1, "Size:", 5) == 0 && strstr(buf, "\nRss:") && strstr(buf, "\nVmFlags: ") ? "yes" : "no");
	slurp("/proc/self/numa_maps");
	printf("numa_maps policy: %s\n", strstr(buf, " default") ? "default" : "other");
	printf("numa_maps heap or stack: %s\n", strstr(buf, " stack") ? "yes" : "no");
}

int main(void) {
	setvbuf(stdout, 0, _IOLBF, 0);
	timerslack();
	dumpfilter();
	ioacct();
	blocked();
	sched();
	timers();
	rollup();
	return 0;
}
