/* Credentials: set*id, setgroups, getgroups, getres*id, setfs*id, capget,
   capset, prctl PR_SET_KEEPCAPS, /proc/self/status Uid/Gid/Groups,
   access and faccessat with the real and the effective ids, kill between
   processes of other users, and credentials per thread. Every change runs
   in a forked child, so each part starts from the credentials of the user
   running the test (root in CI: the success paths; another user gets the
   EPERM paths, and qemu-user, which passes these calls to the host, says
   the same). Ordered by wait only. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "inchild.h"
#include "res.h"

static uint64_t eff, prm;

static void caps(void) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) < 0) {
		res("capget", -1);
		return;
	}
	eff = d[0].effective | (uint64_t)d[1].effective << 32;
	prm = d[0].permitted | (uint64_t)d[1].permitted << 32;
}

static void ids(const char *when) {
	uid_t r, e, s;
	gid_t gr, ge, gs;
	getresuid(&r, &e, &s);
	getresgid(&gr, &ge, &gs);
	gid_t g[64];
	int n = getgroups(64, g);
	printf("%s: uid %u %u %u fsuid %d gid %u %u %u fsgid %d groups", when, r, e, s,
	       setfsuid(-1), gr, ge, gs, setfsgid(-1));
	for (int i = 0; i < n; i++) printf(" %u", g[i]);
	printf("\n");
}

/* status prints the Uid, Gid and Groups lines of /proc/self/status. */
static void status(void) {
	FILE *f = fopen("/proc/self/status", "r");
	char line[512];
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, "Uid:", 4) || !strncmp(line, "Gid:", 4) || !strncmp(line, "Groups:", 7))
			fputs(line, stdout);
	if (f) fclose(f);
}

static void show_inherited(void) { ids("inherited by fork"); }

static void *thread_setuid(void *arg) {
	(void)arg;
	/* The raw call changes the calling thread only. */
	res("thread setresuid(-1, 55, -1)", syscall(SYS_setresuid, -1, 55, -1));
	printf("thread euid %u\n", geteuid());
	return 0;
}

static void groups(void), drop(void), setreuid_saved(void), keepcaps(void), prctls(void), accesses(void), threads(void);
static const char *file;

int main(void) {
	uid_t uid0 = getuid();
	int root = uid0 == 0;
	printf("root %d\n", root);
	res("getgroups(-1)", syscall(SYS_getgroups, -1, 0));
	res("setuid(-1)", setuid(-1));
	res("setgid(-1)", setgid(-1));
	res("setgroups(-1)", setgroups(-1, 0));
	res("setgroups(65537)", syscall(SYS_setgroups, 65537, 0));
	res("getgroups(0) is not negative", getgroups(0, 0) >= 0);
	in_child(groups);
	in_child(drop);
	in_child(setreuid_saved);
	in_child(keepcaps);
	in_child(prctls);
	char path[] = "/tmp/ppc64emu-cred-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || fchmod(fd, 0640) || (root && fchown(fd, 0, 5))) return 1;
	close(fd);
	file = path;
	in_child(accesses);
	unlink(path);
	in_child(threads);
	return 0;
}

static void groups(void) {
		gid_t g[] = {5, 1, 3}, bad[] = {4, (gid_t)-1}, out[4];
		res("setgroups(3)", setgroups(3, g));
		res("getgroups(0)", getgroups(0, 0));
		res("getgroups(2)", getgroups(2, out));
		res("setgroups with -1", setgroups(2, bad));
		res("setresgid(1, 2, 3)", setresgid(1, 2, 3));
		ids("groups and gids");
		status();
		res("setfsgid(2) (old)", setfsgid(2));
		res("setfsgid(9) (old)", setfsgid(9));
		res("setregid(-1, 3)", setregid(-1, 3));
		ids("setregid");
		in_child(show_inherited);
}

static void drop(void) {
		caps();
		uint64_t prm0 = prm;
		res("setresuid(1000, 1001, 1002)", setresuid(1000, 1001, 1002));
		caps();
		printf("caps eff %d prm %d\n", eff != 0, prm != 0);
		ids("dropped");
		status();
		res("setuid(0)", setuid(0));
		res("setuid(1001)", setuid(1001));
		ids("setuid(1001)");
		res("setresuid(1002, -1, -1)", setresuid(1002, -1, -1));
		res("setresuid(5, -1, -1)", setresuid(5, -1, -1));
		res("setreuid(1001, -1)", setreuid(1001, -1));
		res("setreuid(-1, 7)", setreuid(-1, 7));
		res("setfsuid(9) (old)", setfsuid(9));
		res("setfsuid(1002) (old)", setfsuid(1002));
		ids("unprivileged");
		res("setgroups(0)", setgroups(0, 0));
		res("setgid(7)", setgid(7));
		res("setresgid(-1, 7, -1)", setresgid(-1, 7, -1));
		res("kill(parent, 0)", kill(getppid(), 0));
		res("kill(parent, SIGCONT)", kill(getppid(), SIGCONT));
		struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
		struct __user_cap_data_struct d[2] = {{(uint32_t)prm0, (uint32_t)prm0, 0}, {(uint32_t)(prm0 >> 32), (uint32_t)(prm0 >> 32), 0}};
		res("capset back", prm0 ? syscall(SYS_capset, &h, d) : 0);
}

static void setreuid_saved(void) {
		res("setreuid(100, 200)", setreuid(100, 200));
		ids("setreuid(100, 200)");
		res("setreuid(-1, 100)", setreuid(-1, 100));
		ids("setreuid(-1, 100)");
}

/* capstatus prints the capability lines and NoNewPrivs of
   /proc/self/status. */
static void capstatus(void) {
	FILE *f = fopen("/proc/self/status", "r");
	char line[512];
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, "Cap", 3) || !strncmp(line, "NoNewPrivs:", 11)) fputs(line, stdout);
	if (f) fclose(f);
}

/* prctls: the bounding set, the ambient set, securebits and no_new_privs
   (their success paths as root; EPERM otherwise), shown by prctl and
   /proc/self/status. */
static void prctls(void) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	syscall(SYS_capget, &h, d);
	d[0].inheritable |= 1 << CAP_NET_BIND_SERVICE | 1 << CAP_KILL;
	res("capset inheritable NET_BIND_SERVICE, KILL", syscall(SYS_capset, &h, d));
	res("PR_CAP_AMBIENT_RAISE NET_BIND_SERVICE", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0));
	res("PR_CAP_AMBIENT_RAISE KILL", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0));
	res("PR_CAP_AMBIENT_RAISE CHOWN (not inheritable)", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_CHOWN, 0, 0));
	res("PR_CAP_AMBIENT_IS_SET KILL", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_KILL, 0, 0));
	res("PR_CAP_AMBIENT_LOWER KILL", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_LOWER, CAP_KILL, 0, 0));
	res("PR_CAP_AMBIENT_IS_SET KILL", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_KILL, 0, 0));
	res("PR_CAPBSET_DROP NET_RAW", prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0));
	res("PR_CAPBSET_READ NET_RAW", prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0));
	res("PR_GET_NO_NEW_PRIVS", prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
	res("PR_SET_NO_NEW_PRIVS", prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
	res("PR_GET_NO_NEW_PRIVS", prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
	capstatus();
	/* Dropping the inheritable capability drops the ambient one. */
	syscall(SYS_capget, &h, d);
	d[0].inheritable = 0;
	res("capset no inheritable", syscall(SYS_capset, &h, d));
	res("PR_CAP_AMBIENT_IS_SET NET_BIND_SERVICE", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_BIND_SERVICE, 0, 0));
	res("PR_CAP_AMBIENT_CLEAR_ALL", prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0));
	/* Securebits: KEEP_CAPS through either call, then locked. */
	res("PR_SET_SECUREBITS KEEP_CAPS", prctl(PR_SET_SECUREBITS, 1 << 4, 0, 0, 0));
	res("PR_GET_KEEPCAPS", prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0));
	res("PR_SET_SECUREBITS KEEP_CAPS|KEEP_CAPS_LOCKED", prctl(PR_SET_SECUREBITS, 3 << 4, 0, 0, 0));
	res("PR_SET_KEEPCAPS 0 (locked)", prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0));
	res("PR_SET_SECUREBITS 0 (unlock)", prctl(PR_SET_SECUREBITS, 0, 0, 0, 0));
	res("PR_SET_SECUREBITS NOROOT too", prctl(PR_SET_SECUREBITS, 3 << 4 | 1, 0, 0, 0));
	res("PR_GET_SECUREBITS", prctl(PR_GET_SECUREBITS, 0, 0, 0, 0));
	/* The dumpable flag: set and read, and what a change of ids makes it
	   (fs.suid_dumpable, the same host for both runs). */
	res("PR_GET_DUMPABLE", prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
	res("PR_SET_DUMPABLE 2", prctl(PR_SET_DUMPABLE, 2, 0, 0, 0));
	res("PR_SET_DUMPABLE 0", prctl(PR_SET_DUMPABLE, 0, 0, 0, 0));
	res("PR_GET_DUMPABLE", prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
	res("PR_SET_DUMPABLE 1", prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
	printf("setfsuid(1000): %d\n", setfsuid(1000));
	res("PR_GET_DUMPABLE after setfsuid", prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
	res("PR_SET_DUMPABLE 1", prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
	printf("setfsuid(1000) again: %d\n", setfsuid(1000));
	res("PR_GET_DUMPABLE (no change of ids)", prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
	setfsuid(0);
	/* Without CAP_SETPCAP neither the bounding set nor securebits change. */
	syscall(SYS_capget, &h, d);
	d[0].effective &= ~(1 << CAP_SETPCAP);
	res("capset without SETPCAP", syscall(SYS_capset, &h, d));
	res("PR_CAPBSET_DROP KILL", prctl(PR_CAPBSET_DROP, CAP_KILL, 0, 0, 0));
	res("PR_SET_SECUREBITS", prctl(PR_SET_SECUREBITS, 3 << 4 | 1, 0, 0, 0));
	capstatus();
}

static void keepcaps(void) {
		caps();
		uint64_t prm0 = prm, eff0 = eff;
		res("PR_GET_KEEPCAPS", prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0));
		res("PR_SET_KEEPCAPS 2", prctl(PR_SET_KEEPCAPS, 2, 0, 0, 0));
		res("PR_SET_KEEPCAPS 1", prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0));
		res("PR_GET_KEEPCAPS", prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0));
		res("PR_CAPBSET_READ CAP_KILL", prctl(PR_CAPBSET_READ, CAP_KILL, 0, 0, 0));
		res("PR_CAPBSET_READ 64", prctl(PR_CAPBSET_READ, 64, 0, 0, 0));
		res("seteuid(1000)", seteuid(1000));
		caps();
		printf("seteuid: eff 0 %d prm kept %d\n", eff == 0, prm == prm0);
		res("seteuid(0)", seteuid(0));
		caps();
		printf("seteuid back: eff restored %d\n", eff == eff0);
		res("setfsuid(1000) (old)", setfsuid(1000));
		caps();
		printf("setfsuid: fs caps %d kill cap %d\n", (eff & (1 << CAP_DAC_OVERRIDE | 1 << CAP_CHOWN | 1 << CAP_FOWNER)) != 0,
		       (int)((eff >> CAP_KILL) & 1));
		res("setfsuid(0) (old)", setfsuid(0));
		caps();
		printf("setfsuid back: eff restored %d\n", eff == eff0);
		res("setresuid(1000, 1000, 1000)", setresuid(1000, 1000, 1000));
		caps();
		printf("keepcaps: eff 0 %d prm kept %d\n", eff == 0, prm == prm0);
		struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
		struct __user_cap_data_struct d[2] = {{1 << CAP_KILL, 1 << CAP_KILL, 0}, {0, 0, 0}};
		res("capset eff+prm CAP_KILL", syscall(SYS_capset, &h, d));
		caps();
		printf("after capset: eff %llx prm %llx\n", (unsigned long long)eff, (unsigned long long)prm);
		d[0].permitted = d[0].effective = 1 << CAP_KILL | 1 << CAP_SETUID;
		res("capset raise CAP_SETUID", syscall(SYS_capset, &h, d));
		d[0].permitted = 0;
		res("capset eff above prm", syscall(SYS_capset, &h, d));
		h.pid = getppid();
		res("capset of another pid", syscall(SYS_capset, &h, d));
		h.version = 0x1234;
		h.pid = 0;
		res("capget bad version, no data", syscall(SYS_capget, &h, 0));
		printf("version written %x\n", h.version);
		h.version = 0x1234;
		res("capget bad version", syscall(SYS_capget, &h, d));
		h.version = _LINUX_CAPABILITY_VERSION_1;
		res("capget v1", syscall(SYS_capget, &h, d));
		printf("v1 eff %x\n", d[0].effective);
		res("kill(parent, 0) with CAP_KILL", kill(getppid(), 0));
}

/* access: the real ids (and a real root's permitted capabilities),
   AT_EACCESS the effective ones. */
static void accesses(void) {
		const char *path = file;
		gid_t g[] = {5};
		res("setgroups(0)", setgroups(0, 0));
		res("setresuid(1000, 0, 0)", setresuid(1000, 0, 0));
		res("access R_OK real 1000", access(path, R_OK));
		res("faccessat R_OK effective 0", faccessat(AT_FDCWD, path, R_OK, AT_EACCESS));
		res("setgroups(1)", setgroups(1, g));
		res("setresgid(7, 7, 7)", setresgid(7, 7, 7));
		res("setresuid(1000, 1000, 1000)", setresuid(1000, 1000, 1000));
		res("access R_OK group 5", access(path, R_OK));
		res("access W_OK group 5", access(path, W_OK));
		res("access F_OK", access(path, F_OK));
		res("access X_OK /", access("/", X_OK));
}

static pthread_barrier_t bar;

static void *waiter(void *arg) {
	pthread_barrier_wait(&bar);
	printf("%s: euid %u\n", (const char *)arg, geteuid());
	return 0;
}

/* Credentials are per thread: a raw setresuid changes one thread,
   glibc's seteuid every thread, a new thread has its creator's. */
static void threads(void) {
		pthread_t th;
		pthread_create(&th, 0, thread_setuid, 0);
		pthread_join(th, 0);
		printf("main euid %u\n", geteuid());
		pthread_barrier_init(&bar, 0, 2);
		pthread_create(&th, 0, waiter, "thread alive during seteuid");
		res("seteuid(66)", seteuid(66));
		printf("main euid %u\n", geteuid());
		fflush(stdout);
		pthread_barrier_wait(&bar);
		pthread_join(th, 0);
		pthread_barrier_init(&bar, 0, 1);
		pthread_create(&th, 0, waiter, "thread made after seteuid");
		pthread_join(th, 0);
}
