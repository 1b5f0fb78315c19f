/* drop_caps of badkcmp.c and badprocvm.c: it empties the effective
 * capability set, so that a run as root is a run without the privileges
 * the programs' EPERM cases need absent (CAP_SYS_PTRACE). Shared by the
 * programs that include it (each is one static translation unit). */
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* drop_caps is 0 once no capability is effective, else -1 (having
 * printed capset's error). */
static int drop_caps(void) {
	struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) != 0)
		return -1;
	d[0].effective = d[1].effective = 0;
	if (syscall(SYS_capset, &h, d) != 0) {
		printf("capset: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}
