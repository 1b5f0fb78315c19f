/* Ids a user namespace does not map. Run in the initial namespace (the
   corpus) every id but (uid_t)-1 is valid and, as root, each call
   succeeds; run inside `unshare --map-root-user` (TestCredUserNamespace),
   where only id 0 is mapped and setgroups is denied, Linux's set*id calls
   answer EINVAL for 65534 (make_kuid gives no valid id), setfsuid leaves
   the id alone, and setgroups is EPERM (may_setgroups). */
#define _GNU_SOURCE
#include <grp.h>
#include <sys/fsuid.h>
#include <unistd.h>

#include "res.h"

int main(void) {
	gid_t g[] = {0, 65534};
	setvbuf(stdout, NULL, _IONBF, 0);
	res("setreuid 65534 -1", setreuid(65534, -1));
	res("setregid -1 65534", setregid(-1, 65534));
	res("setresuid -1 -1 65534", setresuid(-1, -1, 65534));
	res("setresgid 65534 -1 -1", setresgid(65534, -1, -1));
	res("setgroups 0 65534", setgroups(2, g));
	res("setfsuid 65534", setfsuid(65534));
	res("setfsuid -1 (the fsuid)", setfsuid(-1));
	res("setfsgid 65534", setfsgid(65534));
	res("setfsgid -1 (the fsgid)", setfsgid(-1));
	res("setgid 0", setgid(0));
	res("setuid 65534", setuid(65534));
	res("getuid", getuid());
	res("geteuid", geteuid());
	return 0;
}
