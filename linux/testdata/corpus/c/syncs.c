/* sync, syncfs, sync_file_range (powerpc64's sync_file_range2, flags
 * second), readahead and getcpu (were ENOSYS): what succeeds, and the
 * errors and their order in Linux 6.1 (ksys_sync_file_range: the
 * descriptor, then the flags, then the range, then ESPIPE for a pipe;
 * ksys_readahead:
 * EBADF for a descriptor not open for reading, EINVAL for what is not a
 * regular file; getcpu: EFAULT for an unwritable word). getcpu's CPU is
 * printed only as "below CPU_SETSIZE" (qemu-user gives the host's).
 * Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	char path[] = "/tmp/syncsXXXXXX";
	int fd = mkstemp(path);
	write(fd, "some bytes\n", 11);
	int wo = open(path, O_WRONLY);
	int op = open(path, O_PATH);
	int p[2];
	pipe(p);
	sync();
	printf("sync: returned\n");
	res("syncfs", syncfs(fd));
	res("syncfs of a pipe", syncfs(p[0]));
	res("syncfs -1", syncfs(-1));
	res("syncfs 999", syncfs(999));
	res("sync_file_range", sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE));
	res("sync_file_range all flags", sync_file_range(fd, 0, 11,
	    SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER));
	res("sync_file_range no flags", sync_file_range(fd, 0, 4096, 0));
	res("sync_file_range flag 8", sync_file_range(fd, 0, 0, 8));
	res("sync_file_range offset -1", sync_file_range(fd, -1, 0, SYNC_FILE_RANGE_WRITE));
	res("sync_file_range length -1", sync_file_range(fd, 0, -1, SYNC_FILE_RANGE_WRITE));
	res("sync_file_range flag 8 on -1", sync_file_range(-1, 0, 0, 8));
	res("sync_file_range -1", sync_file_range(-1, 0, 0, SYNC_FILE_RANGE_WRITE));
	res("sync_file_range a pipe", sync_file_range(p[0], 0, 0, SYNC_FILE_RANGE_WRITE));
	res("sync_file_range write-only", sync_file_range(wo, 0, 0, SYNC_FILE_RANGE_WRITE));
	res("readahead", readahead(fd, 0, 4096));
	res("readahead past the end", readahead(fd, 1 << 20, 4096));
	res("readahead write-only", readahead(wo, 0, 4096));
	res("readahead O_PATH", readahead(op, 0, 4096));
	res("readahead a pipe", readahead(p[0], 0, 4096));
	res("readahead -1", readahead(-1, 0, 4096));
	int dir = open("/tmp", O_RDONLY | O_DIRECTORY);
	res("readahead a directory", readahead(dir, 0, 4096));
	unsigned cpu = 12345, node = 12345;
	res("getcpu", syscall(SYS_getcpu, &cpu, &node, NULL));
	printf("cpu below CPU_SETSIZE %d node %u\n", cpu < CPU_SETSIZE, node);
	res("getcpu no pointers", syscall(SYS_getcpu, NULL, NULL, NULL));
	res("getcpu unwritable cpu", syscall(SYS_getcpu, (void *)8, &node, NULL));
	res("getcpu unwritable node", syscall(SYS_getcpu, &cpu, (void *)8, NULL));
	unlink(path);
	return 0;
}
