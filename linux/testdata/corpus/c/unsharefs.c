/* unshare(CLONE_FS) in a process of several threads (kernel/fork.c's
 * ksys_unshare and unshare_fs): the calling thread gets its own working
 * directory, root and umask, a copy of the process's; its chdir and umask
 * then change neither the other threads' nor theirs its; a thread it then
 * creates shares its own. With one thread there is nothing to unshare
 * (0). Ordered by pthread_join only. Compared with qemu-user, which runs
 * guest threads as host threads and passes unshare, chdir, umask and
 * getcwd to the host kernel. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "res.h"

static char dir[] = "/tmp/unsharefs.XXXXXX";

/* at prints whether the calling thread's working directory is want. */
static void at(const char *who, const char *want) {
	char buf[PATH_MAX];
	printf("%s: working directory is %s: %d\n", who, want == dir ? "the program's" : want,
	       getcwd(buf, sizeof buf) != NULL && strcmp(buf, want) == 0);
}

static void *inner(void *arg) {
	(void)arg;
	at("thread's thread", "/");
	printf("thread's thread: umask was %03o\n", (unsigned)umask(077));
	return NULL;
}

static void *outer(void *arg) {
	(void)arg;
	res("thread: unshare(CLONE_FS)", unshare(CLONE_FS));
	res("thread: chdir /", chdir("/"));
	printf("thread: umask was %03o\n", (unsigned)umask(027));
	at("thread", "/");
	pthread_t th;
	if (pthread_create(&th, NULL, inner, NULL) == 0)
		pthread_join(th, NULL);
	printf("thread: umask after its thread's is %03o\n", (unsigned)umask(027));
	res("thread: unshare(CLONE_FS) again, shared with no thread now", unshare(CLONE_FS));
	return NULL;
}

int main(void) {
	if (!mkdtemp(dir) || chdir(dir) != 0)
		return 1;
	mode_t m0 = umask(022);
	res("one thread: unshare(CLONE_FS)", unshare(CLONE_FS));
	pthread_t th;
	if (pthread_create(&th, NULL, outer, NULL) != 0)
		return 1;
	pthread_join(th, NULL);
	at("main", dir);
	printf("main: umask was %03o\n", (unsigned)umask(m0));
	int fd = open("f", O_CREAT | O_WRONLY, 0666);
	struct stat st;
	char path[64];
	snprintf(path, sizeof path, "%s/f", dir);
	printf("main: relative create in its directory: %d, mode %03o\n", fd >= 0 && stat(path, &st) == 0,
	       fd >= 0 ? (unsigned)(st.st_mode & 0777) : 0);
	close(fd);
	unlink(path);
	rmdir(dir);
	return 0;
}
