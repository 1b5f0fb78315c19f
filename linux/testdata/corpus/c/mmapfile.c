/* mmap of a file through the guest's own descriptor numbers: the mapping
 * holds that file's bytes (the runner renumbers descriptors, so the guest's
 * number must be translated, never given to the host as it is); a number
 * the guest never opened is EBADF; a pipe cannot be mapped (ENODEV); a file
 * open only for writing cannot be mapped (EACCES), nor shared-writable when
 * open read-only; a sharing type other than MAP_SHARED, MAP_PRIVATE or
 * MAP_SHARED_VALIDATE is EINVAL. Compared with qemu-user, which maps the
 * host file the descriptor names, as Linux does. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "res.h"

static long mm(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
	void *p = mmap(addr, len, prot, flags, fd, off);
	return p == MAP_FAILED ? -1 : 0;
}

int main(void) {
	char path[] = "/tmp/ppc64emu-mmapfile-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 1;
	unlink(path);
	/* Two pages and a bit: "page0…", "page1…", "tail". */
	char buf[8192 + 4];
	memset(buf, '0', 4096);
	memset(buf + 4096, '1', 4096);
	memcpy(buf, "page0", 5);
	memcpy(buf + 4096, "page1", 5);
	memcpy(buf + 8192, "tail", 4);
	if (write(fd, buf, sizeof buf) != sizeof buf)
		return 1;
	/* A second descriptor, so that guest and host numbers differ more. */
	int fd2 = dup(fd);
	close(fd);
	char *p = mmap(NULL, 3 * 4096, PROT_READ, MAP_PRIVATE, fd2, 0);
	if (p == MAP_FAILED) {
		res("mmap file", -1);
	} else {
		printf("mmap file: %.5s %.5s %.4s past-end=%d\n", p, p + 4096, p + 8192, p[8200]);
		munmap(p, 3 * 4096);
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd2, 4096);
	if (p == MAP_FAILED) {
		res("mmap offset", -1);
	} else {
		p[0] = 'P'; /* private: the file keeps its byte */
		char c;
		pread(fd2, &c, 1, 4096);
		printf("mmap offset: %.5s file=%c\n", p, c);
	}
	res("mmap unopened fd", mm(NULL, 4096, PROT_READ, MAP_PRIVATE, 100, 0));
	res("mmap fd -1", mm(NULL, 4096, PROT_READ, MAP_PRIVATE, -1, 0));
	int pp[2];
	pipe(pp);
	res("mmap pipe", mm(NULL, 4096, PROT_READ, MAP_PRIVATE, pp[0], 0));
	int wo = open("/dev/null", O_WRONLY);
	res("mmap write-only", mm(NULL, 4096, PROT_READ, MAP_PRIVATE, wo, 0));
	res("mmap shared writable of read-only", mm(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, open("/proc/self/exe", O_RDONLY), 0));
	res("mmap type 0", mm(NULL, 4096, PROT_READ, MAP_ANONYMOUS, -1, 0));
	res("mmap type 0xf", mm(NULL, 4096, PROT_READ, MAP_ANONYMOUS | 0xf, -1, 0));
	res("mmap unaligned offset", mm(NULL, 4096, PROT_READ, MAP_PRIVATE, fd2, 100));
	return 0;
}
