/* Credentials over execve (run as root; TestCorpus skips it otherwise): a
   forked child changes its ids and capabilities and executes this program
   again, or a copy of it with set-user-ID or set-group-ID bits, which
   prints what it has. qemu-user runs a guest execve through the host
   kernel (binfmt_misc), so credexec.expected is written from Linux's rules
   (fs/exec.c's bprm_fill_uid, security/commoncap.c's
   cap_bprm_creds_from_file, for a program without file capabilities): a
   set-user-ID file's owner becomes the effective user id, a
   set-group-ID (and group-executable) file's group the effective group
   id, unless no_new_privs is set; the saved and file-system ids become the
   effective ones; a real or effective root gets the bounding set as
   permitted (unless SECURE_NOROOT), as effective only if its effective
   id is 0; anyone else keeps only the ambient set, as permitted and
   effective; a new effective id other than the old real one clears the
   ambient set and makes the exec privilege-elevated (AT_SECURE 1), as
   does a non-root real id with capabilities beyond the ambient ones;
   PR_SET_KEEPCAPS is cleared, the other securebits, the bounding set and
   no_new_privs kept; the process is dumpable after it unless its
   effective ids were not its real ones, the program was not readable, or
   the exec changed its effective or file-system ids or gave it permitted
   capabilities it did not have (then fs.suid_dumpable, 0 by default, as
   after any such change of ids); groups are kept; AT_UID..AT_EGID are the new ids.
   A program nobody may execute but not read runs; one only root may
   execute is EACCES. The copies are made in a new directory under /tmp
   (not a nosuid mount where the corpus runs). Ordered by wait only. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/auxv.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

/* name describes a capability set: none, the bounding set, the one
   capability CAP_NET_BIND_SERVICE, or other. */
static const char *name(uint64_t set, uint64_t bset) {
	if (set == 0) return "none";
	if (set == bset) return "bounding";
	if (set == (uint64_t)1 << CAP_NET_BIND_SERVICE) return "net_bind_service";
	return "other";
}

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
	printf("; eff %s prm %s keepcaps %d; auxv uid %lu euid %lu gid %lu egid %lu secure %lu\n", name(eff, bset),
	       name(prm, bset), prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0), getauxval(AT_UID), getauxval(AT_EUID),
	       getauxval(AT_GID), getauxval(AT_EGID), getauxval(AT_SECURE));
	printf("   ambient net_bind_service %d, securebits %d, no_new_privs %d, bounding has net_raw %d, dumpable %d\n",
	       prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_BIND_SERVICE, 0, 0), prctl(PR_GET_SECUREBITS, 0, 0, 0, 0),
	       prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0),
	       prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
}

static char self[PATH_MAX], dir[64], suid[96], sgid[96], suidroot[96], xonly[96], rootonly[96];

static void capset3(uint64_t eff, uint64_t prm, uint64_t inh) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2] = {{(uint32_t)eff, (uint32_t)prm, (uint32_t)inh},
					      {(uint32_t)(eff >> 32), (uint32_t)(prm >> 32), (uint32_t)(inh >> 32)}};
	res("capset", syscall(SYS_capset, &h, d));
}

static uint64_t permitted(void) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	syscall(SYS_capget, &h, d);
	return d[0].permitted | (uint64_t)d[1].permitted << 32;
}

static void nobody(void) {
	setgroups(0, NULL);
	setresgid(65534, 65534, 65534);
	setresuid(65534, 65534, 65534);
}

static void run(int which) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		gid_t g[] = {9};
		const char *prog = self;
		uint64_t nbs = (uint64_t)1 << CAP_NET_BIND_SERVICE;
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
		case 3: /* a set-user-ID and set-group-ID program of 1234:1235 */
			nobody();
			prog = suid;
			break;
		case 4: /* the same under no_new_privs */
			nobody();
			res("PR_SET_NO_NEW_PRIVS", prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
			prog = suid;
			break;
		case 5: /* set-group-ID without group execute: not honoured */
			nobody();
			prog = sgid;
			break;
		case 6: /* a set-user-ID root program run by nobody */
			nobody();
			prog = suidroot;
			break;
		case 7: /* an ambient capability kept over execve by a non-root user */
			prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0);
			setresuid(1000, 1000, 1000);
			capset3(0, permitted(), nbs);
			res("PR_CAP_AMBIENT_RAISE", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0));
			break;
		case 8: /* the ambient set, cleared by a change of ids */
			prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0);
			setresuid(1000, 1000, 1000);
			capset3(0, permitted(), nbs);
			res("PR_CAP_AMBIENT_RAISE", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0));
			prog = suid;
			break;
		case 9: /* root under SECURE_NOROOT, without CAP_NET_RAW in the bounding set */
			res("PR_CAPBSET_DROP", prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0));
			res("PR_SET_SECUREBITS", prctl(PR_SET_SECUREBITS, 1, 0, 0, 0));
			break;
		case 10: /* an execute-only program of root's: it runs */
			nobody();
			prog = xonly;
			break;
		case 11: /* a program only root may execute: EACCES */
			nobody();
			prog = rootonly;
			break;
		}
		char w[3];
		snprintf(w, sizeof w, "%d", which);
		show(w);
		fflush(stdout);
		execl(prog, prog, "show", w, (char *)0);
		res("execl", -1);
		fflush(stdout);
		_exit(1);
	}
	int st;
	waitpid(pid, &st, 0);
}

/* copy makes a copy of this program at path with owner, group and mode. */
static void copy(const char *path, uid_t uid, gid_t gid, mode_t mode) {
	int in = open(self, O_RDONLY), out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0700);
	char buf[65536];
	ssize_t n;
	while ((n = read(in, buf, sizeof buf)) > 0) (void)!write(out, buf, n);
	close(in);
	close(out);
	res("chown", chown(path, uid, gid));
	res("chmod", chmod(path, mode));
}

int main(int argc, char **argv) {
	if (argc > 2) {
		char w[32];
		snprintf(w, sizeof w, "after exec %s", argv[2]);
		show(w);
		return 0;
	}
	if (!realpath(argv[0], self)) return 1;
	strcpy(dir, "/tmp/credexec-XXXXXX");
	if (!mkdtemp(dir)) return 1;
	chmod(dir, 0755);
	snprintf(suid, sizeof suid, "%s/suid", dir);
	snprintf(sgid, sizeof sgid, "%s/sgid", dir);
	snprintf(suidroot, sizeof suidroot, "%s/suidroot", dir);
	snprintf(xonly, sizeof xonly, "%s/xonly", dir);
	snprintf(rootonly, sizeof rootonly, "%s/rootonly", dir);
	copy(suid, 1234, 1235, 06755);
	copy(sgid, 1234, 1235, 02745);
	copy(suidroot, 0, 0, 04755);
	copy(xonly, 0, 0, 0711);
	copy(rootonly, 0, 0, 0700);
	for (int i = 0; i < 12; i++) run(i);
	unlink(suid);
	unlink(sgid);
	unlink(suidroot);
	unlink(xonly);
	unlink(rootonly);
	rmdir(dir);
	return 0;
}
