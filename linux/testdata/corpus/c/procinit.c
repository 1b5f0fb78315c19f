/* /proc/1/root against "/", which chroot detectors compare (Debian's
 * ischroot, systemd's running_in_chroot): for a caller with file-system
 * ids 0 the same directory outside a chroot (under ppc64emu run -L ROOT
 * the guest's "/" is ROOT, another one, as in the chroot the Debian
 * sweep's qemu-user reference runs in); readlink names it "/". After the caller becomes user 1000 without
 * CAP_SYS_PTRACE, init's root cannot be followed (Linux's ptrace access
 * check: EACCES; the runner, which shows nothing else of a host init,
 * answers ENOENT, so only the failure is printed).
 *
 * procinit.expected is written from Linux's rules for an init of user
 * and group 0 that root may look at (proc_root_link, ptrace_may_access),
 * not taken from qemu-user or a native run: whether the host's init can
 * be looked at depends on where the test runs (here, in a container, its
 * /proc/1/root is EACCES even to root). The runner answers /proc/1/root
 * of a host init with its own root, "/" on the host. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void check(const char *what) {
	struct stat root, init;
	if (stat("/", &root) < 0)
		printf("%s: stat /: %s\n", what, strerror(errno));
	else if (stat("/proc/1/root", &init) < 0)
		printf("%s: stat /proc/1/root fails\n", what);
	else
		printf("%s: /proc/1/root is %s\n", what,
		       root.st_dev == init.st_dev && root.st_ino == init.st_ino ? "/" : "another directory");
	char link[256];
	ssize_t n = readlink("/proc/1/root", link, sizeof link - 1);
	if (n < 0)
		printf("%s: readlink /proc/1/root fails\n", what);
	else
		printf("%s: readlink /proc/1/root: \"%.*s\"\n", what, (int)n, link);
}

int main(void) {
	if (geteuid() != 0) {
		printf("not run as root\n");
		return 0;
	}
	check("root");
	if (setresgid(1000, 1000, 1000) < 0 || setresuid(1000, 1000, 1000) < 0) {
		printf("setresuid: %s\n", strerror(errno));
		return 1;
	}
	check("user 1000");
	return 0;
}
