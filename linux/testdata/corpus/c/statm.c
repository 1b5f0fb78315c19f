/* /proc/self/statm: seven numbers (pages: size, resident, shared, text,
 * lib, data, dt) that follow the program's memory: a new private anonymous
 * mapping of 256 pages adds at least 256 to size and to data, touching 16
 * of its pages adds at least 16 to resident, unmapping it takes the size
 * back;
 * the program has text. The numbers themselves differ from run to run and
 * runner to runner (qemu-user shows its own process's): only these
 * relations are printed. Compared with qemu-user in both byte orders. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

struct statm {
	long size, resident, shared, text, lib, data, dt;
};

static int get(struct statm *s) {
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f) {
		perror("open /proc/self/statm");
		return -1;
	}
	int n = fscanf(f, "%ld %ld %ld %ld %ld %ld %ld", &s->size, &s->resident, &s->shared, &s->text, &s->lib, &s->data, &s->dt);
	fclose(f);
	return n;
}

int main(void) {
	long ps = sysconf(_SC_PAGESIZE);
	struct statm a, b, c, d;
	printf("fields: %d\n", get(&a));
	printf("size >= resident >= shared: %d\n", a.size >= a.resident && a.resident >= a.shared);
	printf("text > 0: %d, lib %ld, dt %ld\n", a.text > 0, a.lib, a.dt);
	char *p = mmap(NULL, 256 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	get(&b);
	printf("mmap 256 pages: size +256 or more: %d, data +256 or more: %d\n", b.size - a.size >= 256, b.data - a.data >= 256);
	for (int i = 0; i < 16; i++)
		p[i * ps] = 1;
	get(&c);
	printf("touch 16: resident +16 or more: %d\n", c.resident - b.resident >= 16);
	munmap(p, 256 * ps);
	get(&d);
	/* Not resident: qemu-ppc64le's own process keeps the pages. */
	printf("munmap: size -256 or more: %d\n", c.size - d.size >= 256);
	return 0;
}
