/* System V IPC calls with bad arguments, the direct calls and the ipc(2)
   multiplexer: negative and unknown ids, unknown commands, sizes and
   counts out of range, bad pointers, an invalid timeout. Compared with
   qemu-user, which passes them to the host kernel. Left out are ipc(2)
   cases qemu-user 7.2 answers otherwise than Linux 6.1's ksys_ipc: SEMCTL
   with a null or bad pointer to its argument (Linux: EINVAL, EFAULT;
   qemu ignores it for GETVAL), MSGRCV with a null ipc_kludge (Linux:
   EINVAL; qemu: EFAULT). No id is printed. */
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#define BAD ((void *)16)

int main(void) {
	long shm = syscall(SYS_shmget, IPC_PRIVATE, 4096, 0600);
	long sem = syscall(SYS_semget, IPC_PRIVATE, 1, 0600);
	long msg = syscall(SYS_msgget, IPC_PRIVATE, 0600);
	res("made", shm < 0 || sem < 0 || msg < 0 ? -1 : 0);
	key_t absent = 0x2626ff00 + (getpid() & 0xff);

	res("shmget size 0", syscall(SYS_shmget, IPC_PRIVATE, 0, 0600));
	res("shmget size ~0", syscall(SYS_shmget, IPC_PRIVATE, ~0UL, 0600));
	res("shmget absent key", syscall(SYS_shmget, absent, 4096, 0600));
	res("shmat id -1", syscall(SYS_shmat, -1, 0, 0));
	res("shmat unknown id", syscall(SYS_shmat, 0x7ffffff0, 0, 0));
	res("shmat unaligned", syscall(SYS_shmat, shm, 0x10000001, 0));
	res("shmdt unaligned", syscall(SYS_shmdt, 1));
	char *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res("shmdt a private mapping", syscall(SYS_shmdt, p));
	res("shmctl id -1", syscall(SYS_shmctl, -1, IPC_RMID, 0));
	res("shmctl command -1", syscall(SYS_shmctl, shm, -1, 0));
	res("shmctl command 99", syscall(SYS_shmctl, shm, 99, 0));
	res("shmctl IPC_STAT bad pointer", syscall(SYS_shmctl, shm, IPC_STAT, BAD));
	res("shmctl IPC_SET bad pointer", syscall(SYS_shmctl, shm, IPC_SET, BAD));

	res("semget nsems -1", syscall(SYS_semget, IPC_PRIVATE, -1, 0600));
	res("semget nsems 32001", syscall(SYS_semget, IPC_PRIVATE, 32001, 0600));
	res("semget absent key", syscall(SYS_semget, absent, 1, 0600));
	struct sembuf op = {0, 1, 0}, far = {3, 1, 0};
	res("semtimedop 0 operations", syscall(SYS_semtimedop, sem, &op, 0, NULL));
	res("semtimedop 501 operations", syscall(SYS_semtimedop, sem, &op, 501, NULL));
	res("semtimedop id -1", syscall(SYS_semtimedop, -1, &op, 1, NULL));
	res("semtimedop unknown id", syscall(SYS_semtimedop, 0x7ffffff0, &op, 1, NULL));
	res("semtimedop bad operations", syscall(SYS_semtimedop, sem, BAD, 1, NULL));
	res("semtimedop semnum 3", syscall(SYS_semtimedop, sem, &far, 1, NULL));
	res("semtimedop bad timeout", syscall(SYS_semtimedop, sem, &op, 1, BAD));
	struct timespec ts = {0, 1000000000};
	res("semtimedop timeout nsec 1e9", syscall(SYS_semtimedop, sem, &op, 1, &ts));
	res("semctl id -1", syscall(SYS_semctl, -1, 0, GETVAL, 0));
	res("semctl command 99", syscall(SYS_semctl, sem, 0, 99, 0));
	res("semctl GETVAL semnum 1", syscall(SYS_semctl, sem, 1, GETVAL, 0));
	res("semctl GETALL bad pointer", syscall(SYS_semctl, sem, 0, GETALL, BAD));
	res("semctl SETALL bad pointer", syscall(SYS_semctl, sem, 0, SETALL, BAD));
	res("semctl IPC_STAT bad pointer", syscall(SYS_semctl, sem, 0, IPC_STAT, BAD));

	res("msgget absent key", syscall(SYS_msgget, absent, 0600));
	struct {
		long type;
		char text[8];
	} m = {1, "x"}, z = {0, "x"};
	res("msgsnd bad pointer", syscall(SYS_msgsnd, msg, BAD, 1, 0));
	res("msgsnd type 0", syscall(SYS_msgsnd, msg, &z, 1, 0));
	res("msgsnd id -1", syscall(SYS_msgsnd, -1, &m, 1, 0));
	long *w = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap((char *)w + 4096, 4096);
	w[511] = 1;
	res("msgsnd text past the end of a mapping", syscall(SYS_msgsnd, msg, &w[511], 16, 0));
	res("msgrcv id -1", syscall(SYS_msgrcv, -1, &m, 8, 0, IPC_NOWAIT));
	res("msgrcv size -1", syscall(SYS_msgrcv, msg, &m, -1L, 0, IPC_NOWAIT));
	res("msgrcv MSG_COPY without IPC_NOWAIT", syscall(SYS_msgrcv, msg, &m, 8, 0, MSG_COPY));
	res("msgrcv MSG_COPY with MSG_EXCEPT", syscall(SYS_msgrcv, msg, &m, 8, 0, MSG_COPY | MSG_EXCEPT | IPC_NOWAIT));
	res("msgrcv empty", syscall(SYS_msgrcv, msg, &m, 8, 0, IPC_NOWAIT));
	res("msgctl id -1", syscall(SYS_msgctl, -1, IPC_STAT, &m));
	res("msgctl command 99", syscall(SYS_msgctl, msg, 99, 0));
	res("msgctl IPC_STAT bad pointer", syscall(SYS_msgctl, msg, IPC_STAT, BAD));
	res("msgctl IPC_SET bad pointer", syscall(SYS_msgctl, msg, IPC_SET, BAD));

	res("ipc unknown call", syscall(SYS_ipc, 99, 0, 0, 0, 0, 0));
	res("ipc SHMAT version 1", syscall(SYS_ipc, 21 | 1 << 16, shm, 0, 0, 0, 0));
	res("ipc MSGRCV bad kludge", syscall(SYS_ipc, 12, msg, 8, IPC_NOWAIT, BAD, 0));
	res("ipc SHMCTL id -1", syscall(SYS_ipc, 24, -1, IPC_RMID, 0, 0, 0));

	res("shmctl IPC_RMID", syscall(SYS_shmctl, shm, IPC_RMID, 0));
	res("semctl IPC_RMID", syscall(SYS_semctl, sem, 0, IPC_RMID, 0));
	res("msgctl IPC_RMID", syscall(SYS_msgctl, msg, IPC_RMID, 0));
	return 0;
}
