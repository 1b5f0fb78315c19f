/* shmlock: shmctl's SHM_LOCK, SHM_UNLOCK and SHM_INFO, and what fork,
   exit and execve record in a segment (run as root; TestCorpus skips it
   otherwise), as Linux 6.1's ipc/shm.c has them: SHM_LOCKED (02000) in
   the mode after SHM_LOCK and not after SHM_UNLOCK, both idempotent;
   without CAP_IPC_LOCK, EPERM for a user neither owner nor creator and
   for SHM_LOCK with RLIMIT_MEMLOCK 0, ENOMEM for a segment larger than
   RLIMIT_MEMLOCK, success within it; SHM_INFO's used_ids and shm_tot
   counting this segment (at least), its return the highest index (at
   least this segment's); fork sets shm_lpid to the parent and shm_atime,
   the child's exit and execve set shm_lpid to the child and shm_dtime;
   a removed segment is gone (EINVAL) once the last process mapping it
   exits. Only relations are printed (no ids, pids or times): a host
   kernel's namespace has other segments. shmlock.expected is its output
   built for x86-64 and run as root on this host's Linux; qemu-user 7.2,
   which passes the calls to the host kernel, prints the same but for the
   execve (its /proc/self/exe is qemu itself: status 0x7f00). */
#define _GNU_SOURCE
#include <grp.h>
#include <linux/capability.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

static void drop(uid_t u) {
	gid_t gs[1] = {u};
	setgroups(1, gs);
	setresgid(u, u, u);
	setresuid(u, u, u);
}

static void mode(const char *what, int id) {
	struct shmid_ds ds;
	if (shmctl(id, IPC_STAT, &ds) < 0) {
		res(what, -1);
		return;
	}
	printf("%s: mode %#o\n", what, ds.shm_perm.mode);
}

static void reap(const char *what) {
	int st;
	wait(&st);
	printf("%s: status %#x\n", what, st);
}

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc > 2 && strcmp(argv[1], "exec") == 0) {
		/* The image after execve: the segment is not mapped any more. */
		struct shmid_ds ds;
		res("after exec: stat", shmctl(atoi(argv[2]), IPC_STAT, &ds));
		printf("after exec: lpid-is-me %d dtime-set %d nattch %lu\n", ds.shm_lpid == getpid(), ds.shm_dtime != 0,
		       (unsigned long)ds.shm_nattch);
		return 0;
	}
	long page = sysconf(_SC_PAGESIZE);
	int id = shmget(IPC_PRIVATE, 3 * page, 0600);
	res("shmget", id < 0 ? -1 : 0);
	mode("new", id);
	res("SHM_UNLOCK unlocked", shmctl(id, SHM_UNLOCK, NULL));
	res("SHM_LOCK", shmctl(id, SHM_LOCK, NULL));
	mode("locked", id);
	res("SHM_LOCK again", shmctl(id, SHM_LOCK, NULL));
	mode("locked again", id);
	res("SHM_UNLOCK", shmctl(id, SHM_UNLOCK, NULL));
	mode("unlocked", id);
	res("SHM_LOCK bad id", shmctl(-1, SHM_LOCK, NULL));
	res("SHM_LOCK removed-id", shmctl(id + 32768 * 7, SHM_LOCK, NULL));

	/* Without CAP_IPC_LOCK. */
	pid_t c = fork();
	if (c == 0) {
		drop(1000);
		res("uid 1000 SHM_LOCK (not owner)", shmctl(id, SHM_LOCK, NULL));
		res("uid 1000 SHM_UNLOCK (not owner)", shmctl(id, SHM_UNLOCK, NULL));
		int mine = shmget(IPC_PRIVATE, 4 * page, 0600);
		res("uid 1000 shmget", mine < 0 ? -1 : 0);
		struct rlimit rl = {0, 0};
		res("setrlimit MEMLOCK 0", setrlimit(RLIMIT_MEMLOCK, &rl));
		res("uid 1000 SHM_LOCK (limit 0)", shmctl(mine, SHM_LOCK, NULL));
		res("uid 1000 SHM_UNLOCK (limit 0)", shmctl(mine, SHM_UNLOCK, NULL));
		shmctl(mine, IPC_RMID, NULL);
		_exit(0);
	}
	reap("uid 1000 child");
	c = fork();
	if (c == 0) {
		drop(1000);
		int mine = shmget(IPC_PRIVATE, 4 * page, 0600);
		struct rlimit rl = {2 * page, 2 * page};
		res("setrlimit MEMLOCK 2 pages", setrlimit(RLIMIT_MEMLOCK, &rl));
		res("uid 1000 SHM_LOCK 4 pages", shmctl(mine, SHM_LOCK, NULL));
		mode("uid 1000 after ENOMEM", mine);
		int small = shmget(IPC_PRIVATE, 2 * page, 0600);
		res("uid 1000 SHM_LOCK 2 pages", shmctl(small, SHM_LOCK, NULL));
		mode("uid 1000 small", small);
		int more = shmget(IPC_PRIVATE, page, 0600);
		res("uid 1000 SHM_LOCK 1 more page", shmctl(more, SHM_LOCK, NULL));
		res("uid 1000 SHM_UNLOCK small", shmctl(small, SHM_UNLOCK, NULL));
		res("uid 1000 SHM_LOCK 1 more page after unlock", shmctl(more, SHM_LOCK, NULL));
		shmctl(mine, IPC_RMID, NULL);
		shmctl(small, IPC_RMID, NULL);
		shmctl(more, IPC_RMID, NULL);
		_exit(0);
	}
	reap("uid 1000 limit child");

	/* SHM_INFO. */
	struct shm_info info;
	long hi = shmctl(0, SHM_INFO, (struct shmid_ds *)&info);
	printf("SHM_INFO: ok %d used_ids>=1 %d shm_tot>=3 %d highest>=index %d\n", hi >= 0, info.used_ids >= 1,
	       info.shm_tot >= 3, hi >= id % 32768);
	res("SHM_INFO null", shmctl(0, SHM_INFO, NULL));

	/* fork, exit and execve. */
	char *p = shmat(id, NULL, 0);
	res("shmat", p == (void *)-1 ? -1 : 0);
	struct shmid_ds ds;
	shmctl(id, IPC_STAT, &ds);
	printf("after shmat: lpid-is-me %d atime-set %d dtime-set %d\n", ds.shm_lpid == getpid(), ds.shm_atime != 0,
	       ds.shm_dtime != 0);
	int fds[2];
	pipe(fds);
	c = fork();
	if (c == 0) {
		char b;
		read(fds[0], &b, 1); /* until the parent has looked */
		_exit(0);
	}
	shmctl(id, IPC_STAT, &ds);
	printf("after fork: lpid-is-me %d nattch %lu dtime-set %d\n", ds.shm_lpid == getpid(),
	       (unsigned long)ds.shm_nattch, ds.shm_dtime != 0);
	write(fds[1], "x", 1);
	reap("child");
	shmctl(id, IPC_STAT, &ds);
	printf("after child's exit: lpid-is-child %d nattch %lu dtime-set %d\n", ds.shm_lpid == c,
	       (unsigned long)ds.shm_nattch, ds.shm_dtime != 0);

	c = fork();
	if (c == 0) {
		char ids[16];
		snprintf(ids, sizeof ids, "%d", id);
		execl("/proc/self/exe", argv[0], "exec", ids, (char *)NULL);
		_exit(127);
	}
	reap("exec child");

	/* A removed segment is freed when the last process mapping it ends. */
	int gone = shmget(IPC_PRIVATE, page, 0600);
	c = fork();
	if (c == 0) {
		shmat(gone, NULL, 0);
		shmctl(gone, IPC_RMID, NULL);
		_exit(0);
	}
	reap("rmid child");
	res("stat after the last mapper's exit", shmctl(gone, IPC_STAT, &ds));

	shmdt(p);
	res("IPC_RMID", shmctl(id, IPC_RMID, NULL));
	return 0;
}
