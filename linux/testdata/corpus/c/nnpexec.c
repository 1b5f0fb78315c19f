/* no_new_privs and a set-user-ID program of the host's architecture,
   which runs natively (as under qemu-user with binfmt_misc): a copy of
   the host's /usr/bin/id owned by 1234 with the set-user-ID bit prints
   its effective user id 1234 when run as is, the caller's under
   PR_SET_NO_NEW_PRIVS (set before the exec, or inherited through fork),
   as Linux's bprm_fill_uid. Run as root (the copy's owner is set with
   chown); another user gets the same EPERM and ids under qemu-user,
   which passes the calls to the host. Ordered by wait only. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static char dir[64], id[96];

static void run(const char *what, int nnp, int viaFork) {
	printf("-- %s\n", what);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (nnp) res("PR_SET_NO_NEW_PRIVS", prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
		if (viaFork) {
			fflush(stdout);
			pid_t c = fork();
			if (c != 0) {
				int st;
				waitpid(c, &st, 0);
				_exit(0);
			}
		}
		printf("PR_GET_NO_NEW_PRIVS: %d\n", prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		fflush(stdout);
		execl(id, "id", "-u", (char *)0);
		res("execl", -1);
		fflush(stdout);
		_exit(1);
	}
	int st;
	waitpid(pid, &st, 0);
}

int main(void) {
	strcpy(dir, "/tmp/nnpexec-XXXXXX");
	if (!mkdtemp(dir)) return 1;
	chmod(dir, 0755);
	snprintf(id, sizeof id, "%s/id", dir);
	int in = open("/usr/bin/id", O_RDONLY), out = open(id, O_WRONLY | O_CREAT | O_TRUNC, 0700);
	char buf[65536];
	ssize_t n;
	while ((n = read(in, buf, sizeof buf)) > 0) (void)!write(out, buf, n);
	close(in);
	close(out);
	res("chown 1234", chown(id, 1234, 1234));
	res("chmod 04755", chmod(id, 04755));
	run("set-user-ID program", 0, 0);
	run("under no_new_privs", 1, 0);
	run("under no_new_privs, in a forked child", 1, 1);
	unlink(id);
	rmdir(dir);
	return 0;
}
