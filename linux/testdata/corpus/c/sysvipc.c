/* System V IPC with the guest's credentials (run as root; TestCorpus skips
   it otherwise): shared memory, semaphores and message queues made by root
   and used by forked children that dropped to other ids with setresuid,
   as Linux 6.1's ipc/util.c ipcperms checks them (the effective user id
   against the owner and creator, the groups, then the mode bits;
   CAP_IPC_OWNER passes), IPC_STAT's owner and creator, IPC_SET and
   IPC_RMID by the owner or creator or CAP_SYS_ADMIN, nattch across fork,
   a removed segment still attached, SEM_UNDO at exit, a semop that waits
   and is woken, one whose set is removed (EIDRM), message selection by
   type. Both glibc's ipc(2) and the direct calls. Compared with qemu-user,
   which passes the calls to the host kernel; left out are what qemu-user
   7.2 gets wrong: shm_nattch (it counts the host's mappings, which its
   own reservations split; only zero or not is printed), the end of a
   removed segment at its last detach (qemu's shmdt leaves a mapping),
   SHM_REMAP without an address (qemu picks one), a failing msgsnd after
   another (an assertion in qemu), IPC_STAT of a bad id with a null
   buffer (qemu: EFAULT first), msg_lspid on big-endian (qemu's 0). Ordered by wait and by
   GETNCNT only (stdout fully buffered: a child's lines come at its exit,
   before the parent's since its last fork); no ids, times or process ids are printed. */
#define _GNU_SOURCE
#include <grp.h>
#include <linux/capability.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

/* become drops to user u and group g (the only supplementary group),
   keeping the capabilities in keep (effective and permitted). */
static void become(uid_t u, gid_t g, uint64_t keep) {
	gid_t gs[1] = {g};
	setgroups(1, gs);
	setresgid(g, g, g);
	prctl(PR_SET_KEEPCAPS, 1);
	setresuid(u, u, u);
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2] = {{(uint32_t)keep, (uint32_t)keep, 0}, {keep >> 32, keep >> 32, 0}};
	res("  capset", syscall(SYS_capset, &h, d));
}

static int child(void) {
	fflush(stdout);
	return fork();
}

static void reap(const char *what) {
	int st;
	wait(&st);
	printf("%s: status %#x\n", what, st);
}

static void shmstat(const char *what, int id) {
	struct shmid_ds ds;
	long r = shmctl(id, IPC_STAT, &ds);
	if (r < 0) {
		res(what, r);
		return;
	}
	printf("%s: uid %u gid %u cuid %u cgid %u mode %#o size %zu attached %d cpid-is-me %d\n", what, ds.shm_perm.uid,
	       ds.shm_perm.gid, ds.shm_perm.cuid, ds.shm_perm.cgid, ds.shm_perm.mode, ds.shm_segsz, ds.shm_nattch > 0,
	       ds.shm_cpid == getpid());
}

static void shm(void) {
	int id = shmget(IPC_PRIVATE, 10000, 0640);
	res("shmget private 0640", id < 0 ? -1 : 0);
	shmstat("stat new", id);
	char *p = shmat(id, NULL, 0);
	res("shmat", p == (void *)-1 ? -1 : 0);
	strcpy(p, "root wrote");
	shmstat("stat attached", id);
	res("shmat unaligned", (long)shmat(id, p + 1, 0));
	res("shmat over a mapping", (long)shmat(id, p, 0));
	res("shmdt inside", shmdt(p + 4096));
	res("shmdt unaligned", shmdt(p + 1));
	res("shmget size 0", shmget(IPC_PRIVATE, 0, 0600));
	res("shmctl bad command", shmctl(id, 99, NULL));
	struct shmid_ds ds;
	res("shmctl negative id", shmctl(-1, IPC_STAT, &ds));
	res("shmctl IPC_STAT bad buffer", shmctl(id, IPC_STAT, (void *)8));
	key_t key = 0x26260000 + (getpid() & 0xffff);
	int kid = shmget(key, 8192, IPC_CREAT | 0600);
	res("shmget key create", kid < 0 ? -1 : 0);
	res("shmget key again is the same", shmget(key, 4096, 0) == kid);
	res("shmget key bigger", shmget(key, 3 * 8192, 0));
	res("shmget key IPC_EXCL", shmget(key, 4096, IPC_CREAT | IPC_EXCL | 0600));
	res("shmget other key absent", shmget(key + 1, 4096, 0));
	res("shmctl key IPC_RMID", shmctl(kid, IPC_RMID, NULL));
	res("shmget key after removal", shmget(key, 4096, 0));
	if (child() == 0) { /* inherits the attachment */
		shmstat("child: stat", id);
		printf("child: reads \"%s\"\n", p);
		become(1000, 1000, 0);
		res("  other: shmat", (long)shmat(id, NULL, 0));
		res("  other: shmat SHM_RDONLY", (long)shmat(id, NULL, SHM_RDONLY));
		shmstat("  other: stat", id);
		res("  other: IPC_RMID", shmctl(id, IPC_RMID, NULL));
		struct shmid_ds ds = {0};
		ds.shm_perm.mode = 0666;
		res("  other: IPC_SET", shmctl(id, IPC_SET, &ds));
		res("  other: shmdt of its inherited attachment", shmdt(p));
		int own = shmget(IPC_PRIVATE, 100, 0600);
		shmstat("  other: stat of its own", own);
		res("  other: IPC_RMID of its own", shmctl(own, IPC_RMID, NULL));
		exit(0);
	}
	reap("child");
	shmstat("stat after child", id);
	if (child() == 0) {
		become(1000, 0, 0); /* group 0: the segment's group may read */
		res("  group: shmat", (long)shmat(id, NULL, 0));
		char *q = shmat(id, NULL, SHM_RDONLY);
		res("  group: shmat SHM_RDONLY", q == (void *)-1 ? -1 : 0);
		if (q != (void *)-1) printf("  group: reads \"%s\"\n", q);
		res("  group: shmat SHM_EXEC", (long)shmat(id, NULL, SHM_RDONLY | SHM_EXEC));
		shmstat("  group: stat", id);
		exit(0);
	}
	reap("group child");
	shmctl(id, IPC_STAT, &ds);
	ds.shm_perm.uid = 1000;
	ds.shm_perm.gid = 1001;
	ds.shm_perm.mode = 0600 | 07000;
	res("IPC_SET owner 1000", shmctl(id, IPC_SET, &ds));
	shmstat("stat after IPC_SET", id);
	if (child() == 0) {
		become(1000, 1000, 0); /* the owner, not the creator */
		char *q = shmat(id, NULL, 0);
		res("  owner: shmat", q == (void *)-1 ? -1 : 0);
		if (q != (void *)-1) strcpy(q, "owner wrote");
		struct shmid_ds d2;
		shmctl(id, IPC_STAT, &d2);
		d2.shm_perm.mode = 0604;
		res("  owner: IPC_SET", shmctl(id, IPC_SET, &d2));
		shmstat("  owner: stat", id);
		exit(0);
	}
	reap("owner child");
	printf("root reads \"%s\"\n", p);
	if (child() == 0) {
		become(1001, 1001, 1ull << CAP_IPC_OWNER);
		res("  ipc_owner: shmat", shmdt(shmat(id, NULL, 0)));
		shmstat("  ipc_owner: stat", id);
		res("  ipc_owner: IPC_RMID", shmctl(id, IPC_RMID, NULL));
		exit(0);
	}
	reap("ipc_owner child");
	if (child() == 0) {
		become(1002, 1002, 1ull << CAP_SYS_ADMIN);
		res("  sys_admin: shmat", (long)shmat(id, NULL, 0));
		res("  sys_admin: IPC_RMID", shmctl(id, IPC_RMID, NULL));
		exit(0);
	}
	reap("sys_admin child");
	shmstat("stat after removal while attached", id);
	char *again = shmat(id, NULL, 0);
	res("shmat a removed segment still attached", again == (void *)-1 ? -1 : 0);
	if (again != (void *)-1) printf("reads \"%s\"\n", again);
	shmstat("stat with two attachments", id);
	res("shmdt", shmdt(again));
	res("shmdt the last", shmdt(p));
	/* The direct calls. */
	long d = syscall(SYS_shmget, IPC_PRIVATE, 4096, 0600);
	res("direct shmget", d < 0 ? -1 : 0);
	long a = syscall(SYS_shmat, d, 0, 0);
	res("direct shmat", a == -1 ? -1 : 0);
	res("direct shmdt", syscall(SYS_shmdt, a));
	res("direct shmctl IPC_RMID", syscall(SYS_shmctl, d, IPC_RMID, 0));
}

/* union semun, which the caller defines: an int passed instead would
   land in the wrong half of the argument on big-endian. */
union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

static union semun val(int v) { return (union semun){.val = v}; }

static int semval(int id, int n) { return semctl(id, n, GETVAL); }

static void sem(void) {
	int id = semget(IPC_PRIVATE, 2, 0660);
	res("semget 2", id < 0 ? -1 : 0);
	res("semget nsems -1", semget(IPC_PRIVATE, -1, 0600));
	res("semget nsems 0", semget(IPC_PRIVATE, 0, 0600));
	res("SETVAL 3", semctl(id, 0, SETVAL, val(3)));
	res("SETVAL 40000", semctl(id, 0, SETVAL, val(40000)));
	res("SETVAL semnum 2", semctl(id, 2, SETVAL, val(1)));
	res("GETVAL", semval(id, 0));
	struct sembuf b[2] = {{0, -1, 0}, {1, 1, 0}};
	res("semop -1,+1", semop(id, b, 2));
	res("GETALL", semctl(id, 0, GETALL, (union semun){.array = (unsigned short[2]){0}}));
	printf("values %d %d\n", semval(id, 0), semval(id, 1));
	struct sembuf z = {1, 0, IPC_NOWAIT};
	res("wait-for-zero IPC_NOWAIT", semop(id, &z, 1));
	struct sembuf big = {0, -5, IPC_NOWAIT};
	res("-5 IPC_NOWAIT", semop(id, &big, 1));
	struct sembuf far = {5, 1, 0};
	res("semnum 5", semop(id, &far, 1));
	struct sembuf over = {0, 32767, 0};
	res("over SEMVMX", semop(id, &over, 1));
	printf("values unchanged %d %d\n", semval(id, 0), semval(id, 1));
	struct timespec ts = {0, 10000000};
	big.sem_flg = 0;
	res("semtimedop times out", semtimedop(id, &big, 1, &ts));
	res("semop 0 operations", semop(id, b, 0));
	res("semop 501 operations", semop(id, b, 501));
	res("GETPID is me", semctl(id, 0, GETPID) == getpid());
	struct semid_ds ds;
	res("IPC_STAT", semctl(id, 0, IPC_STAT, (union semun){.buf = &ds}));
	printf("uid %u gid %u cuid %u cgid %u mode %#o nsems %lu\n", ds.sem_perm.uid, ds.sem_perm.gid, ds.sem_perm.cuid,
	       ds.sem_perm.cgid, ds.sem_perm.mode, ds.sem_nsems);
	/* SEM_UNDO: undone when the child ends. */
	if (child() == 0) {
		struct sembuf u = {0, 5, SEM_UNDO};
		res("  undo child: +5 SEM_UNDO", semop(id, &u, 1));
		printf("  undo child: value %d\n", semval(id, 0));
		exit(0);
	}
	reap("undo child");
	printf("value after the child %d\n", semval(id, 0));
	/* A waiter woken by another's semop. */
	semctl(id, 0, SETVAL, val(0));
	if (child() == 0) {
		struct sembuf w = {0, -1, 0};
		res("  waiter: semop -1 waits", semop(id, &w, 1));
		exit(0);
	}
	while (semctl(id, 0, GETNCNT) != 1) sched_yield();
	res("GETNCNT with a waiter", semctl(id, 0, GETNCNT));
	res("GETZCNT", semctl(id, 0, GETZCNT));
	struct sembuf post = {0, 1, 0};
	res("semop +1", semop(id, &post, 1));
	reap("waiter");
	printf("value %d\n", semval(id, 0));
	/* Permissions. */
	if (child() == 0) {
		become(1000, 1000, 0);
		res("  other: semop", semop(id, &post, 1));
		res("  other: GETVAL", semval(id, 0));
		res("  other: SETVAL", semctl(id, 0, SETVAL, val(1)));
		res("  other: IPC_RMID", semctl(id, 0, IPC_RMID));
		exit(0);
	}
	reap("other");
	if (child() == 0) {
		become(1000, 0, 0);
		res("  group: semop", semop(id, &post, 1));
		res("  group: GETVAL", semval(id, 0));
		res("  group: IPC_SET", semctl(id, 0, IPC_SET, (union semun){.buf = &ds}));
		exit(0);
	}
	reap("group");
	/* A waiter whose set is removed. */
	if (child() == 0) {
		struct sembuf w = {1, -9, 0};
		res("  waiter: semop on a set removed", semop(id, &w, 1));
		exit(0);
	}
	while (semctl(id, 1, GETNCNT) != 1) sched_yield();
	res("IPC_RMID", semctl(id, 0, IPC_RMID));
	reap("waiter");
	res("GETVAL after IPC_RMID", semval(id, 0));
	long d = syscall(SYS_semget, IPC_PRIVATE, 1, 0600);
	res("direct semget", d < 0 ? -1 : 0);
	res("direct semctl SETVAL 7", syscall(SYS_semctl, d, 0, SETVAL, val(7)));
	res("direct semctl GETVAL", syscall(SYS_semctl, d, 0, GETVAL, 0));
	struct sembuf m = {0, -7, 0};
	res("direct semtimedop", syscall(SYS_semtimedop, d, &m, 1, NULL));
	res("direct semctl IPC_RMID", syscall(SYS_semctl, d, 0, IPC_RMID, 0));
}

struct msg {
	long type;
	char text[16];
};

static void rcv(const char *what, int id, size_t size, long type, int flags) {
	struct msg m = {0};
	long r = msgrcv(id, &m, size, type, flags);
	if (r < 0)
		res(what, r);
	else
		printf("%s: %ld type %ld \"%.*s\"\n", what, r, m.type, (int)r, m.text);
}

static void msq(void) {
	int id = msgget(IPC_PRIVATE, 0620);
	res("msgget", id < 0 ? -1 : 0);
	struct msg m3 = {3, "three"}, m1 = {1, "one"}, m2 = {2, "two"}, m0 = {0, "zero"};
	res("msgsnd 3", msgsnd(id, &m3, 5, 0));
	res("msgsnd 1", msgsnd(id, &m1, 3, 0));
	res("msgsnd 2", msgsnd(id, &m2, 3, 0));
	res("msgsnd 2 again", msgsnd(id, &m2, 4, 0));
	res("msgsnd type 0", msgsnd(id, &m0, 4, 0));
	struct msqid_ds ds;
	res("IPC_STAT", msgctl(id, IPC_STAT, &ds));
	printf("uid %u cuid %u mode %#o qnum %lu cbytes %lu qbytes %lu\n", ds.msg_perm.uid, ds.msg_perm.cuid,
	       ds.msg_perm.mode, ds.msg_qnum, ds.__msg_cbytes, ds.msg_qbytes);
	rcv("msgrcv type 5 IPC_NOWAIT", id, 16, 5, IPC_NOWAIT);
	rcv("msgrcv type 3 into 2 bytes", id, 2, 3, 0);
	rcv("msgrcv type 3 MSG_NOERROR into 2 bytes", id, 2, 3, MSG_NOERROR);
	rcv("msgrcv -2", id, 16, -2, 0);
	rcv("msgrcv MSG_EXCEPT 2", id, 16, 2, MSG_EXCEPT | IPC_NOWAIT);
	rcv("msgrcv 0", id, 16, 0, 0);
	rcv("msgrcv 0 again", id, 16, 0, 0);
	rcv("msgrcv empty IPC_NOWAIT", id, 16, 0, IPC_NOWAIT);
	if (child() == 0) {
		become(1000, 0, 0); /* group: write only */
		res("  group: msgsnd", msgsnd(id, &m1, 3, 0));
		rcv("  group: msgrcv", id, 16, 0, IPC_NOWAIT);
		res("  group: IPC_STAT", msgctl(id, IPC_STAT, &ds));
		res("  group: IPC_RMID", msgctl(id, IPC_RMID, NULL));
		exit(0);
	}
	reap("group");
	if (child() == 0) {
		become(1000, 1000, 0);
		res("  other: msgsnd", msgsnd(id, &m1, 3, IPC_NOWAIT));
		exit(0);
	}
	reap("other");
	rcv("msgrcv the group's", id, 16, 0, IPC_NOWAIT);
	/* A receiver that waits (or not: the message may come first). */
	if (child() == 0) {
		rcv("  receiver", id, 16, 7, 0);
		exit(0);
	}
	struct msg m7 = {7, "seven"};
	res("msgsnd 7", msgsnd(id, &m7, 5, 0));
	reap("receiver");
	msgctl(id, IPC_STAT, &ds);
	ds.msg_qbytes = 8;
	res("IPC_SET qbytes 8", msgctl(id, IPC_SET, &ds));
	res("msgsnd 5 bytes", msgsnd(id, &m3, 5, IPC_NOWAIT));
	res("msgsnd 5 more IPC_NOWAIT", msgsnd(id, &m3, 5, IPC_NOWAIT));
	if (child() == 0) {
		become(0, 0, 0);
		msgctl(id, IPC_STAT, &ds);
		ds.msg_qbytes = 20000;
		res("  no caps: IPC_SET qbytes 20000", msgctl(id, IPC_SET, &ds));
		ds.msg_qbytes = 100;
		res("  no caps: IPC_SET qbytes 100", msgctl(id, IPC_SET, &ds));
		exit(0);
	}
	reap("no caps");
	msgctl(id, IPC_STAT, &ds);
	printf("qbytes %lu qnum %lu\n", ds.msg_qbytes, ds.msg_qnum);
	res("IPC_RMID", msgctl(id, IPC_RMID, NULL));
	res("msgsnd after IPC_RMID", msgsnd(id, &m3, 5, 0));
	long d = syscall(SYS_msgget, IPC_PRIVATE, 0600);
	res("direct msgget", d < 0 ? -1 : 0);
	res("direct msgsnd", syscall(SYS_msgsnd, d, &m7, 5, 0));
	struct msg r = {0};
	res("direct msgrcv", syscall(SYS_msgrcv, d, &r, 16, 0, 0));
	res("direct msgctl IPC_RMID", syscall(SYS_msgctl, d, IPC_RMID, 0));
}

int main(void) {
	shm();
	sem();
	msq();
	return 0;
}
