/* The permission checks of /proc/PID/io, syscall and timerslack_ns, which
 * Linux makes when the entry is read, not only when it is opened: io
 * needs ptrace read access with the reader's file-system ids (EACCES),
 * syscall ptrace attach access (EPERM), timerslack_ns CAP_SYS_NICE for
 * any task but the reader itself (EPERM), a thread that is not the
 * leader too. io and syscall open as files of mode 0400 owned by the
 * task's effective ids (EACCES for another user without
 * CAP_DAC_READ_SEARCH). Descriptors opened by root and read after the
 * reader dropped its privileges (setresuid, setfsuid through
 * setresuid's effective id), descriptors of the reader's own process
 * (always readable), a refused read that is retried, read and pread.
 * Same-user attach cases are left out: an LSM (Yama) may refuse them on
 * the host qemu-user runs on. Run as root (rootOnly). Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "inchild.h"
#include "res.h"

static const char *names[] = {"io", "syscall", "timerslack_ns"};
enum { nnames = 3 };
static int theirs[nnames], own[nnames];
static pid_t target;

/* rd prints the outcome of a read of fd from offset 0: lseek and read,
 * then pread. Only "ok" or the error: the contents are the kernel's. */
static void rd(const char *who, const char *name, int fd) {
	char b[512], what[128];
	lseek(fd, 0, SEEK_SET);
	long r = read(fd, b, sizeof b);
	snprintf(what, sizeof what, "%s read %s", who, name);
	res(what, r < 0 ? r : 0);
	r = pread(fd, b, sizeof b, 0);
	snprintf(what, sizeof what, "%s pread %s", who, name);
	res(what, r < 0 ? r : 0);
}

static void readall(const char *who) {
	for (int i = 0; i < nnames; i++) {
		char w[64];
		snprintf(w, sizeof w, "%s: target's", who);
		rd(w, names[i], theirs[i]);
		snprintf(w, sizeof w, "%s: parent's", who);
		rd(w, names[i], own[i]);
	}
}

static void openat_target(const char *who, int print_read) {
	for (int i = 0; i < nnames; i++) {
		char path[64], what[128];
		snprintf(path, sizeof path, "/proc/%d/%s", (int)target, names[i]);
		int fd = open(path, O_RDONLY);
		snprintf(what, sizeof what, "%s: open target's %s", who, names[i]);
		res(what, fd < 0 ? fd : 0);
		if (fd >= 0 && (print_read || i != 1)) {
			char w[64];
			snprintf(w, sizeof w, "%s: newly opened target's", who);
			rd(w, names[i], fd);
		}
		if (fd >= 0) close(fd);
	}
}

static int drop(uid_t r, uid_t e, uid_t s) {
	if (setresgid(r, e, s) != 0 || setresuid(r, e, s) != 0) {
		printf("drop: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* other: another user (1000), with no capabilities left. */
static void other(void) {
	if (drop(1000, 1000, 1000) != 0) return;
	readall("uid 1000");
	openat_target("uid 1000", 1);
}

/* fsids: real ids 1000, effective (so file-system) ids the target's:
 * io follows the file-system ids. */
static void fsids(void) {
	if (drop(1000, 65534, 1000) != 0) return;
	printf("fsuid: %d\n", setfsuid(-1));
	char b[512];
	lseek(theirs[0], 0, SEEK_SET);
	res("fsuid 65534: target's read io", read(theirs[0], b, sizeof b) < 0 ? -1 : 0);
	rd("fsuid 65534: parent's", "io", own[0]);
	rd("fsuid 65534: target's", "timerslack_ns", theirs[2]);
	openat_target("fsuid 65534", 0);
}

/* ownafter: the process's own entries, opened as root, read after the
 * drop: its own process is always readable. */
static void ownafter(void) {
	int fd[nnames];
	for (int i = 0; i < nnames; i++) {
		char path[64];
		snprintf(path, sizeof path, "/proc/self/%s", names[i]);
		fd[i] = open(path, O_RDONLY);
	}
	if (drop(1000, 1000, 1000) != 0) return;
	for (int i = 0; i < nnames; i++)
		rd("own after drop", names[i], fd[i]);
}

static int slackfd;

static void *slackthread(void *arg) {
	(void)arg;
	rd("thread", "own timerslack_ns", slackfd);
	return 0;
}

/* thread: a thread other than the leader reading its process's
 * timerslack_ns needs CAP_SYS_NICE; the leader does not. */
static void thread(void) {
	if (drop(1000, 1000, 1000) != 0) return;
	slackfd = open("/proc/self/timerslack_ns", O_RDONLY);
	res("open own timerslack_ns", slackfd < 0 ? slackfd : 0);
	rd("leader", "own timerslack_ns", slackfd);
	pthread_t th;
	pthread_create(&th, 0, slackthread, 0);
	pthread_join(th, 0);
	rd("leader again", "own timerslack_ns", slackfd);
}

int main(void) {
	if (geteuid() != 0) {
		printf("run as root\n");
		return 0;
	}
	int ready[2], hold[2];
	if (pipe(ready) != 0 || pipe(hold) != 0) return 1;
	target = fork();
	if (target == 0) {
		close(ready[0]);
		close(hold[1]);
		if (setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0) _exit(1);
		prctl(PR_SET_DUMPABLE, 1);
		char c = 1;
		write(ready[1], &c, 1);
		read(hold[0], &c, 1); /* until the parent closes */
		_exit(0);
	}
	close(ready[1]);
	close(hold[0]);
	char c;
	if (read(ready[0], &c, 1) != 1) return 1;
	for (int i = 0; i < nnames; i++) {
		char path[64];
		snprintf(path, sizeof path, "/proc/%d/%s", (int)target, names[i]);
		theirs[i] = open(path, O_RDONLY);
		snprintf(path, sizeof path, "/proc/self/%s", names[i]);
		own[i] = open(path, O_RDONLY);
		if (theirs[i] < 0 || own[i] < 0) {
			printf("open %s: %s\n", names[i], strerror(errno));
			return 1;
		}
	}
	readall("root");
	report_child("uid 1000", other);
	report_child("fsuid 65534", fsids);
	report_child("own after drop", ownafter);
	report_child("thread", thread);
	readall("root again");
	close(hold[1]);
	int st;
	waitpid(target, &st, 0);
	printf("target: exit %d\n", WEXITSTATUS(st));
	return 0;
}
