/* fcntl F_SETLKW between two processes that each hold a byte the other
 * wants: the request that would close the cycle fails with EDEADLK (Linux
 * 6.1's posix_locks_deadlock), the other waits and gets its lock once the
 * failed process gives way. Which of the two fails depends on which asks
 * first; exactly one does. ppc64emu, which keeps the guest processes'
 * record locks itself, let both wait for ever (Python's fcntl.lockf in
 * both processes hung). No timing: each side blocks until the other acts. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* lockw takes a write lock on byte off of fd, waiting: 0 or an errno. */
static int lockw(int fd, off_t off) {
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = off, .l_len = 1};
	return fcntl(fd, F_SETLKW, &fl) == 0 ? 0 : errno;
}

static void unlock(int fd, off_t off) {
	struct flock fl = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = off, .l_len = 1};
	if (fcntl(fd, F_SETLK, &fl) != 0) {
		perror("unlock");
		exit(1);
	}
}

int main(void) {
	char path[] = "/tmp/deadlk-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, "0123456789", 10) != 10) {
		perror("mkstemp");
		return 1;
	}
	unlink(path);
	if (lockw(fd, 6) != 0) {
		perror("lock 6");
		return 1;
	}
	int ready[2];
	if (pipe(ready) != 0) {
		perror("pipe");
		return 1;
	}
	pid_t pid = fork();
	if (pid == 0) {
		/* The child holds byte 5, then wants 6: EDEADLK if the parent
		 * already waits for 5; else it waits until the parent gives way. */
		if (lockw(fd, 5) != 0)
			_exit(2);
		if (write(ready[1], "r", 1) != 1)
			_exit(2);
		int e = lockw(fd, 6);
		_exit(e == EDEADLK ? 1 : e == 0 ? 0 : 3); /* exit releases 5 */
	}
	char c;
	if (read(ready[0], &c, 1) != 1) {
		perror("read");
		return 1;
	}
	int e = lockw(fd, 5); /* the parent wants 5, holding 6 */
	if (e == EDEADLK)
		unlock(fd, 6); /* give way: the child gets 6 */
	int st;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
		perror("waitpid");
		return 1;
	}
	int child = WEXITSTATUS(st);
	if (e != 0 && e != EDEADLK) {
		printf("parent: %s\n", strerror(e));
		return 1;
	}
	if (child > 1) {
		printf("child: status %d\n", child);
		return 1;
	}
	printf("EDEADLK for exactly one: %s\n", (e == EDEADLK) + (child == 1) == 1 ? "yes" : "no");
	printf("the other got its lock: %s\n", e == 0 || child == 0 ? "yes" : "no");

	/* A chain without a cycle waits: the child waits for the parent's byte
	 * 6 (held again by the parent) and gets it once the parent unlocks. */
	if (e == EDEADLK && lockw(fd, 6) != 0) {
		perror("relock 6");
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		if (write(ready[1], "r", 1) != 1)
			_exit(2);
		_exit(lockw(fd, 6) == 0 ? 0 : 3);
	}
	if (read(ready[0], &c, 1) != 1) {
		perror("read");
		return 1;
	}
	unlock(fd, 6);
	if (waitpid(pid, &st, 0) != pid) {
		perror("waitpid");
		return 1;
	}
	printf("no cycle: child got the lock: %s\n", WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "yes" : "no");
	return 0;
}
