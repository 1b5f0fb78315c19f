/* /proc/locks names, for each open file description's flock(2) lock on a
 * file, the process whose flock call placed it (Linux's fl_pid, set by
 * flock_make_lock): several processes' shared locks on one file each name
 * their own; a process that shares a description and asks for the lock
 * type it already has leaves the lock (and its pid) as it is; a
 * conversion that fails (LOCK_EX|LOCK_NB against another's shared lock)
 * has dropped the old lock; a lock stays its placer's after that process
 * ended, while another process holds the description; LOCK_UN removes
 * it; an OFD lock names no process (-1). Only the test file's lines are
 * printed, sorted, the pids shown by name. Compared with qemu-user, whose
 * guest processes are host processes: the host's /proc/locks. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lockshow.h"
#include "res.h"

enum { PARENT, HOLDER, SHARER, OFD, NPIDS };
static pid_t pids[NPIDS] = {0, 0, 0, -1};
static const char *const names[NPIDS] = {"parent", "holder", "sharer", "none"};
static ino_t ino;

int main(void) {
	char path[] = "/tmp/ppc64emu-flockpids-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 1;
	struct stat st;
	fstat(fd, &st);
	ino = st.st_ino;
	pids[PARENT] = getpid();
	res("parent LOCK_SH", flock(fd, LOCK_SH));

	/* holder: a shared lock on a description of its own, kept. */
	int done[2];
	if (pipe(done))
		return 1;
	pids[HOLDER] = flock_child(path, done[0], NULL);
	if (pids[HOLDER] < 0)
		return 1;
	char b = 0;
	show("parent and holder", ino, pids, names, NPIDS);

	/* sharer: the parent's description, inherited. */
	int step[2], next[2];
	if (pipe(step) || pipe(next))
		return 1;
	fflush(stdout);
	pids[SHARER] = fork();
	if (pids[SHARER] == 0) {
		res("sharer LOCK_SH again", flock(fd, LOCK_SH));
		fflush(stdout);
		write(step[1], &b, 1);
		read(next[0], &b, 1);
		res("sharer LOCK_EX|LOCK_NB", flock(fd, LOCK_EX | LOCK_NB));
		fflush(stdout);
		write(step[1], &b, 1);
		read(next[0], &b, 1);
		res("sharer LOCK_SH", flock(fd, LOCK_SH));
		fflush(stdout);
		_exit(0);
	}
	read(step[0], &b, 1);
	show("the same type again", ino, pids, names, NPIDS);
	write(next[1], &b, 1);
	read(step[0], &b, 1);
	show("a failed conversion", ino, pids, names, NPIDS);
	write(next[1], &b, 1);
	waitpid(pids[SHARER], NULL, 0);
	show("placed by the sharer, which ended", ino, pids, names, NPIDS);
	res("parent LOCK_UN", flock(fd, LOCK_UN));
	show("unlocked", ino, pids, names, NPIDS);

	struct flock fl = {.l_type = F_RDLCK, .l_whence = SEEK_SET};
	res("F_OFD_SETLK", fcntl(fd, F_OFD_SETLK, &fl));
	show("an OFD lock", ino, pids, names, NPIDS);

	write(done[1], &b, 1);
	waitpid(pids[HOLDER], NULL, 0);
	show("holder gone", ino, pids, names, NPIDS);
	unlink(path);
	return 0;
}
