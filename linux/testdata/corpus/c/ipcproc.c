/* /proc/sysvipc/shm, msg and sem list the System V IPC objects in Linux's
   format (what ipcs(1) reads): the header, then a line per object. For
   the program's own objects (the file also lists the host's others under
   qemu-user) each field is printed with the column where it ends, so
   the widths are compared; keys, ids, times and pids, which differ between
   runs, are printed as what they are (the object's id, zero or not, the
   program's pid), rss as zero or not (the page size is the host's under
   qemu-user). A removed segment still attached lists with key 0 and
   SHM_DEST in its mode; after its last detach it is gone. Compared with
   qemu-user. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <unistd.h>
#include "res.h"

/* The program's objects: kind ('m' shm, 'q' msg, 's' sem) and id. */
static int ids[8], nids;
static char kind[8];
static char cur; /* the kind show lists */
static key_t key; /* the non-private objects' keys: key and key+1 */

static void add(char k, int id) {
	kind[nids] = k;
	ids[nids++] = id;
}

static int mine(long id) {
	for (int i = 0; i < nids; i++)
		if (kind[i] == cur && ids[i] == id)
			return i + 1;
	return 0;
}

/* show prints file's header and its lines of the program's objects. */
static void show(const char *file, const char *kinds) {
	char path[64], line[512];
	cur = file[1] == 'h' ? 'm' : file[1] == 's' ? 'q' : 's';
	snprintf(path, sizeof path, "/proc/sysvipc/%s", file);
	FILE *f = fopen(path, "r");
	if (!f) {
		res(path, -1);
		return;
	}
	printf("%s:\n", path);
	if (fgets(line, sizeof line, f))
		printf("%s", line);
	while (fgets(line, sizeof line, f)) {
		char *tok[20];
		int end[20], n = 0;
		for (char *p = line; *p && n < 20;) {
			while (*p == ' ')
				p++;
			if (*p == '\n' || !*p)
				break;
			tok[n] = p;
			while (*p && *p != ' ' && *p != '\n')
				p++;
			end[n] = p - line;
			n++;
			if (*p)
				*p++ = 0;
		}
		if (n < 2 || !mine(atol(tok[1])))
			continue;
		printf("object %d:", mine(atol(tok[1])));
		for (int i = 0; i < n; i++) {
			long v = atol(tok[i]);
			char k = kinds[i] ? kinds[i] : '.';
			if (k == 'k')
				printf(" %s@%d", v == key ? "key" : v == key + 1 ? "key+1" : tok[i], end[i]);
			else if (k == 'i')
				printf(" %d@%d", mine(v), end[i]);
			else if (k == 't' || k == 'r')
				printf(" %s@%d", v ? "set" : "0", end[i]);
			else if (k == 'p')
				printf(" %s@%d", v == getpid() ? "self" : v ? "other" : "0", end[i]);
			else
				printf(" %s@%d", tok[i], end[i]);
		}
		printf("\n");
	}
	fclose(f);
}

/* Field kinds: k key, i id, t time, p pid, r rss or swap, . as printed. */
#define SHM "ki..pp.....tttrr"
#define MSG "ki...pp....ttt"
#define SEM "ki......tt"

int main(void) {
	/* Keys of the process's own: runs at once (qemu-user's share the
	   host's objects) do not meet. */
	key = 0x5e000000 | (getpid() & 0xffffff) << 1;
	int shm = shmget(IPC_PRIVATE, 70000, IPC_CREAT | 0640);
	add('m', shm);
	char *p = shmat(shm, NULL, 0);
	p[0] = 1;
	int shm2 = shmget(key, 4096, IPC_CREAT | 0600);
	add('m', shm2);
	int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	add('q', q);
	struct {
		long type;
		char text[32];
	} m = {1, "hello"};
	msgsnd(q, &m, 10, 0);
	msgsnd(q, &m, 20, 0);
	int sem = semget(key + 1, 3, IPC_CREAT | 0666);
	add('s', sem);
	struct sembuf op = {1, 2, 0};
	semop(sem, &op, 1);
	show("shm", SHM);
	show("msg", MSG);
	show("sem", SEM);

	/* Removed while attached: key 0, SHM_DEST; then detached: gone. */
	shmctl(shm, IPC_RMID, NULL);
	show("shm", SHM);
	shmdt(p);
	show("shm", SHM);
	shmctl(shm2, IPC_RMID, NULL);
	msgctl(q, IPC_RMID, NULL);
	semctl(sem, 0, IPC_RMID);
	show("shm", SHM);
	show("msg", MSG);
	show("sem", SEM);
	return 0;
}
