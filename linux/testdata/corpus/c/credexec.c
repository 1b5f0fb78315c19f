/* Credentials over execve (run as root; TestCorpus skips it otherwise): a
   forked child changes its ids and capabilities and executes this program
   again, which prints what it has. qemu-user runs a guest execve through
   the host kernel (binfmt_misc), so credexec.expected is written from
   Linux's rules (fs/exec.c, security/commoncap.c cap_bprm_creds_from_file,
   for a program without file capabilities or set-user-ID bits): the saved
   and file-system ids become the effective ones; a real or effective root
   gets the bounding set as permitted, as effective only if its effective
   id is 0; anyone else keeps no capabilities (no ambient ones here);
   PR_SET_KEEPCAPS is cleared; groups are kept; AT_UID..AT_EGID are the
   new ids. Ordered by wait only. */
#define _GNU_SOURCE
#include <grp.h>
#include <linux/capability.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static void show(const char *what) {
	uid_t r, e, s;
	gid_t gr, ge, gs, g[8];
	getresuid(&r, &e, &s);
	getresgid(&gr, &ge, &gs);
	int n = getgroups(8, g);
	printf("%s: uid %u %u %u fsuid %d gid %u %u %u fsgid %d groups", what, r, e, s, setfsuid(-1), gr, ge, gs,
	       setfsgid(-1));
	for (int i = 0; i < n; i++) printf(" %u", g[i]);
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	syscall(SYS_capget, &h, d);
	uint64_t eff = d[0].effective | (uint64_t)d[1].effective << 32;
	uint64_t prm = d[0].permitted | (uint64_t)d[1].permitted << 32, bset = 0;
	for (int i = 0; i < 64 && prctl(PR_CAPBSET_READ, i, 0, 0, 0) >= 0; i++)
		if (prctl(PR_CAPBSET_READ, i, 0, 0, 0) == 1) bset |= (uint64_t)1 << i;
	printf("; eff %s prm %s keepcaps %d; auxv uid %lu euid %lu gid %lu egid %lu\n",
	       eff == 0 ? "none" : eff == bset ? "bounding" : "other", prm == 0 ? "none" : prm == bset ? "bounding" : "other",
	       prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0), getauxval(AT_UID), getauxval(AT_EUID), getauxval(AT_GID),
	       getauxval(AT_EGID));
}

static char self[PATH_MAX];

static void run(int which) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		gid_t g[] = {9};
		switch (which) {
		case 0:
			setresgid(5, 6, 7);
			setgroups(1, g);
			setresuid(1000, 1001, 1002);
			break;
		case 1:
			prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0);
			setresuid(1000, 1000, 1000);
			break;
		case 2:
			setresuid(0, 1000, 0);
			break;
		}
		char w[2] = {(char)('0' + which), 0};
		show(w);
		fflush(stdout);
		execl(self, self, "show", w, (char *)0);
		res("execl", -1);
		_exit(1);
	}
	int st;
	waitpid(pid, &st, 0);
}

int main(int argc, char **argv) {
	if (argc > 2) {
		char w[32];
		snprintf(w, sizeof w, "after exec %s", argv[2]);
		show(w);
		return 0;
	}
	if (!realpath(argv[0], self)) return 1;
	for (int i = 0; i < 3; i++) run(i);
	return 0;
}
