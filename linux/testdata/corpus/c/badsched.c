/* Bad arguments to the scheduling, affinity, I/O priority and fallocate
 * calls, compared with qemu-user (which passes them to the host kernel).
 * Only arguments the kernel refuses are given, and settings that change
 * nothing: under qemu-user the calls act on the qemu process itself. Upper
 * halves of int arguments are garbage, which Linux drops.
 * TestBadArgumentCoverage requires every implemented call to be named in
 * one of the bad*.c programs. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

#define HI 0x5a5a5a5a00000000L /* garbage in the upper half */
#define NOPID 0x7ffffff0       /* no such process */

int main(void) {
	void *bad = (void *)0x1000; /* never mapped */
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct sched_param sp = {0}, rt = {.sched_priority = 1}, neg = {.sched_priority = -1}, big = {.sched_priority = 100};
	cpu_set_t none, set;
	int pfd[2];

	res("getscheduler negative pid", syscall(SYS_sched_getscheduler, HI | 0xffffffffL));
	res("getscheduler no such pid", syscall(SYS_sched_getscheduler, NOPID));
	res("getscheduler garbage upper half", syscall(SYS_sched_getscheduler, HI));
	res("getparam NULL", syscall(SYS_sched_getparam, 0, NULL));
	res("getparam negative pid", syscall(SYS_sched_getparam, -1, &sp));
	res("getparam no such pid", syscall(SYS_sched_getparam, NOPID, &sp));
	res("getparam bad pointer", syscall(SYS_sched_getparam, 0, bad));
	res("getparam read-only", syscall(SYS_sched_getparam, 0, ro));
	res("setscheduler negative policy", syscall(SYS_sched_setscheduler, 0, -1, &sp));
	res("setscheduler unknown policy", syscall(SYS_sched_setscheduler, 0, 4, &sp));
	res("setscheduler policy 7", syscall(SYS_sched_setscheduler, 0, 7, &sp));
	res("setscheduler NULL param", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, NULL));
	res("setscheduler negative pid", syscall(SYS_sched_setscheduler, -1, SCHED_OTHER, &sp));
	res("setscheduler bad param", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, bad));
	res("setscheduler no such pid", syscall(SYS_sched_setscheduler, NOPID, SCHED_OTHER, &sp));
	res("setscheduler other priority 1", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &rt));
	res("setscheduler other priority -1", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &neg));
	res("setscheduler fifo priority 0", syscall(SYS_sched_setscheduler, 0, SCHED_FIFO, &sp));
	res("setscheduler rr priority 100", syscall(SYS_sched_setscheduler, 0, SCHED_RR, &big));
	res("setscheduler deadline", syscall(SYS_sched_setscheduler, 0, SCHED_DEADLINE, &sp));
	res("setscheduler other (no change)", syscall(SYS_sched_setscheduler, HI, HI | SCHED_OTHER, &sp));
	res("setparam NULL", syscall(SYS_sched_setparam, 0, NULL));
	res("setparam negative pid", syscall(SYS_sched_setparam, -1, &sp));
	res("setparam priority 1 under other", syscall(SYS_sched_setparam, 0, &rt));
	res("setparam bad pointer", syscall(SYS_sched_setparam, 0, bad));
	res("setparam no such pid", syscall(SYS_sched_setparam, NOPID, &sp));
	res("get_priority_max -1", syscall(SYS_sched_get_priority_max, -1));
	res("get_priority_max 4", syscall(SYS_sched_get_priority_max, 4));
	res("get_priority_max garbage upper half", syscall(SYS_sched_get_priority_max, HI | SCHED_FIFO));
	res("get_priority_min 99", syscall(SYS_sched_get_priority_min, 99));
	res("rr_get_interval negative pid", syscall(SYS_sched_rr_get_interval, -1, bad));
	res("rr_get_interval no such pid", syscall(SYS_sched_rr_get_interval, NOPID, bad));
	res("rr_get_interval bad pointer", syscall(SYS_sched_rr_get_interval, 0, bad));

	CPU_ZERO(&none);
	CPU_ZERO(&set);
	res("setaffinity empty mask", syscall(SYS_sched_setaffinity, 0, sizeof none, &none));
	res("setaffinity bad pointer", syscall(SYS_sched_setaffinity, 0, sizeof set, bad));
	res("setaffinity no such pid", syscall(SYS_sched_setaffinity, NOPID, sizeof set, &set));
	res("setaffinity zero length", syscall(SYS_sched_setaffinity, 0, 0, &set));
	res("getaffinity zero length", syscall(SYS_sched_getaffinity, 0, 0, &set));
	res("getaffinity bad pointer", syscall(SYS_sched_getaffinity, 0, sizeof set, bad));
	res("getaffinity no such pid", syscall(SYS_sched_getaffinity, NOPID, sizeof set, &set));
	res("getaffinity length not longs", syscall(SYS_sched_getaffinity, 0, 12, &set));
	res("getaffinity half a long", syscall(SYS_sched_getaffinity, 0, 4, &set));

	res("ioprio_get bad which", syscall(SYS_ioprio_get, 99, 0));
	res("ioprio_get which 0", syscall(SYS_ioprio_get, 0, 0));
	res("ioprio_get no such pid", syscall(SYS_ioprio_get, 1, NOPID));
	res("ioprio_set bad class", syscall(SYS_ioprio_set, 1, 0, 7 << 13));
	res("ioprio_set class 4", syscall(SYS_ioprio_set, 1, 0, 4 << 13));
	res("ioprio_set none with data", syscall(SYS_ioprio_set, 1, 0, 1));
	res("ioprio_set negative", syscall(SYS_ioprio_set, 1, 0, -1));
	res("ioprio_set bad which", syscall(SYS_ioprio_set, 99, 0, 0));
	res("ioprio_set no such pid", syscall(SYS_ioprio_set, 1, NOPID, 0));

	/* struct sched_attr: 48 bytes (SCHED_ATTR_SIZE_VER0), 56 in Linux 6.1. */
	unsigned attr[16] = {0};
	res("getattr NULL", syscall(SYS_sched_getattr, 0, NULL, 56, 0));
	res("getattr negative pid", syscall(SYS_sched_getattr, HI | 0xffffffffL, attr, 56, 0));
	res("getattr size 47", syscall(SYS_sched_getattr, 0, attr, 47, 0));
	res("getattr flags", syscall(SYS_sched_getattr, 0, attr, 56, 1));
	res("getattr bad pointer", syscall(SYS_sched_getattr, 0, bad, 56, 0));
	res("getattr read-only", syscall(SYS_sched_getattr, 0, ro, 56, 0));
	res("getattr no such pid", syscall(SYS_sched_getattr, NOPID, attr, 56, 0));
	res("setattr NULL", syscall(SYS_sched_setattr, 0, NULL, 0));
	res("setattr negative pid", syscall(SYS_sched_setattr, -1, attr, 0));
	res("setattr flags", syscall(SYS_sched_setattr, 0, attr, 1));
	res("setattr bad pointer", syscall(SYS_sched_setattr, 0, bad, 0));
	attr[0] = 47;
	res("setattr size 47", syscall(SYS_sched_setattr, 0, attr, 0));
	res("setattr size written back", attr[0]);
	attr[0] = 48;
	attr[1] = 0x80000000;
	res("setattr negative policy", syscall(SYS_sched_setattr, 0, attr, 0));
	attr[1] = 0;
	attr[0] = 0;
	res("setattr no such pid", syscall(SYS_sched_setattr, NOPID, attr, 0));
	res("setattr read-only (no change)", syscall(SYS_sched_setattr, 0, ro, 0));

	char tmp[] = "/tmp/ppc64emu-badsched-XXXXXX";
	int fd = mkstemp(tmp);
	unlink(tmp);
	pipe(pfd);
	res("fallocate bad fd", syscall(SYS_fallocate, 99, 0, 0, 4096));
	res("fallocate negative offset", syscall(SYS_fallocate, fd, 0, -1L, 4096));
	res("fallocate zero length", syscall(SYS_fallocate, fd, 0, 0, 0));
	res("fallocate negative length", syscall(SYS_fallocate, fd, 0, 0, -4096L));
	res("fallocate unknown mode", syscall(SYS_fallocate, fd, 0x4000, 0, 4096));
	res("fallocate punch without keep size", syscall(SYS_fallocate, fd, FALLOC_FL_PUNCH_HOLE, 0, 4096));
	res("fallocate pipe", syscall(SYS_fallocate, pfd[1], 0, 0, 4096));
	res("fallocate read-only", syscall(SYS_fallocate, pfd[0], 0, 0, 4096));
	res("fallocate directory", syscall(SYS_fallocate, open("/", O_RDONLY), 0, 0, 4096));
	return 0;
}
