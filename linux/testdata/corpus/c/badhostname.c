/* sethostname and setdomainname short of changing a name (CPython's
   test_socket.test_sethostname expects EPERM without the privilege and
   skips): Linux 6.1 checks CAP_SYS_ADMIN (EPERM), then the length (EINVAL
   below 0 or past 64), then reads the name (EFAULT). The calls that could
   succeed come only after CAP_SYS_ADMIN is dropped from the effective set
   (capset), so no name is ever set: the program checks the bit is gone
   first. Run by another user every call is EPERM, in both runs alike.
   qemu-user 7.2 reads the name before it passes the call on, so a bad
   name without the privilege (another user, or root of a user namespace,
   which the UTS namespace's owner does not trust) is EFAULT there and
   EPERM on Linux: no bad name is tried. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void try(const char *what, long nr, const char *name, long len) {
	errno = 0;
	long r = syscall(nr, name, len);
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

int main(void) {
	static char long_name[80];
	memset(long_name, 'x', sizeof long_name - 1);
	/* With the privilege (as root): only calls that fail. */
	try("sethostname len 65", SYS_sethostname, long_name, 65);
	try("sethostname len -1", SYS_sethostname, "x", -1);
	try("setdomainname len 65", SYS_setdomainname, long_name, 65);

	struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) != 0) {
		printf("capget: %s\n", strerror(errno));
		return 1;
	}
	d[0].effective &= ~(1u << CAP_SYS_ADMIN);
	if (syscall(SYS_capset, &h, d) != 0) {
		printf("capset: %s\n", strerror(errno));
		return 1;
	}
	syscall(SYS_capget, &h, d);
	if (d[0].effective & (1u << CAP_SYS_ADMIN)) {
		printf("CAP_SYS_ADMIN still effective: not trying\n");
		return 1;
	}
	try("sethostname no cap", SYS_sethostname, "new", 3);
	try("sethostname no cap len 65", SYS_sethostname, long_name, 65);
	try("setdomainname no cap", SYS_setdomainname, "new", 3);
	return 0;
}
