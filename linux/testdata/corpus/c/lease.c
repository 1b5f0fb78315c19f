/* File leases (fcntl F_SETLEASE, F_GETLEASE), as Samba and lease-aware
 * servers take them, on a new file of /tmp: none at first (F_UNLCK),
 * releasing none is EAGAIN, a bad type EINVAL; a read lease, then a write
 * lease on the same read-only descriptor while it is the file's only
 * open; the lease makes the caller the description's owner (F_GETOWN)
 * and a forked child sees it through the descriptor it inherits; with a
 * second open a write lease is EAGAIN and read leases are shared; with
 * the file open for writing a read lease is EAGAIN, and the writer's
 * write lease too until the other opens are closed. A pipe and a
 * directory take none (EINVAL), an O_PATH descriptor and a closed one are
 * EBADF, and without CAP_LEASE a file of another user is EACCES. No open
 * here conflicts with a lease held (that would break it). Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <stdlib.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"
#include "leaseget.h"

int main(void) {
	char path[] = "/tmp/ppc64emu-lease-XXXXXX";
	int w = mkstemp(path);
	if (w < 0 || write(w, "data", 4) != 4) return 1;
	close(w);
	int a = open(path, O_RDONLY);
	get("F_GETLEASE none", a);
	res("F_SETLEASE F_UNLCK without a lease", fcntl(a, F_SETLEASE, F_UNLCK));
	res("F_SETLEASE 7", fcntl(a, F_SETLEASE, 7));
	res("F_SETLEASE F_RDLCK", fcntl(a, F_SETLEASE, F_RDLCK));
	get("F_GETLEASE", a);
	printf("F_GETOWN is the caller: %d\n", fcntl(a, F_GETOWN) == getpid());
	res("F_SETLEASE F_WRLCK, the only open", fcntl(a, F_SETLEASE, F_WRLCK));
	get("F_GETLEASE", a);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		get("child: F_GETLEASE of the inherited descriptor", a);
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	res("F_SETLEASE F_UNLCK", fcntl(a, F_SETLEASE, F_UNLCK));
	get("F_GETLEASE after F_UNLCK", a);

	int b = open(path, O_RDONLY);
	res("second open: F_SETLEASE F_WRLCK", fcntl(a, F_SETLEASE, F_WRLCK));
	res("F_SETLEASE F_RDLCK", fcntl(a, F_SETLEASE, F_RDLCK));
	res("the second's F_SETLEASE F_RDLCK", fcntl(b, F_SETLEASE, F_RDLCK));
	get("F_GETLEASE", b);
	res("F_SETLEASE F_UNLCK", fcntl(a, F_SETLEASE, F_UNLCK));
	res("the second's F_SETLEASE F_UNLCK", fcntl(b, F_SETLEASE, F_UNLCK));

	int c = open(path, O_WRONLY);
	res("open for writing: F_SETLEASE F_RDLCK", fcntl(a, F_SETLEASE, F_RDLCK));
	res("the writer's F_SETLEASE F_WRLCK", fcntl(c, F_SETLEASE, F_WRLCK));
	close(a);
	close(b);
	res("the writer alone: F_SETLEASE F_WRLCK", fcntl(c, F_SETLEASE, F_WRLCK));
	get("F_GETLEASE", c);
	res("F_SETLEASE F_UNLCK", fcntl(c, F_SETLEASE, F_UNLCK));
	close(c);

	int p[2];
	if (pipe(p)) return 1;
	res("pipe: F_SETLEASE F_RDLCK", fcntl(p[0], F_SETLEASE, F_RDLCK));
	get("pipe: F_GETLEASE", p[0]);
	int d = open("/tmp", O_RDONLY | O_DIRECTORY);
	res("directory: F_SETLEASE F_RDLCK", fcntl(d, F_SETLEASE, F_RDLCK));
	int o = open(path, O_PATH);
	res("O_PATH: F_SETLEASE F_RDLCK", fcntl(o, F_SETLEASE, F_RDLCK));
	res("O_PATH: F_GETLEASE", fcntl(o, F_GETLEASE));
	close(o);
	res("closed: F_GETLEASE", fcntl(o, F_GETLEASE));
	unlink(path);

	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct cd[2];
	syscall(SYS_capget, &h, cd);
	cd[CAP_LEASE / 32].effective &= ~(1u << (CAP_LEASE % 32));
	res("capset without CAP_LEASE", syscall(SYS_capset, &h, cd));
	setfsuid(65534);
	int e = open("/etc/passwd", O_RDONLY);
	res("another user's file: F_SETLEASE F_RDLCK", fcntl(e, F_SETLEASE, F_RDLCK));
	return 0;
}
