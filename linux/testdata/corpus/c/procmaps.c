/* /proc/self/maps lines of file and shared mappings: a file mapped
 * privately from an offset (its offset, device, inode and path), the same
 * file mapped shared ('s'), anonymous shared memory (/dev/zero (deleted)),
 * a hole punched by munmap (the second half keeps its file offset), a
 * mapping moved by mremap (its name and offset follow), and the program's
 * own segments named by its path. Addresses differ between runners: each
 * line is printed without them, found by the address the program knows. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "res.h"

static char maps[1 << 16];
static struct stat st;
static char path[] = "/tmp/ppc64emu-procmaps-XXXXXX";

static void slurp(void) {
	int fd = open("/proc/self/maps", O_RDONLY);
	long n = 0, k;
	while (fd >= 0 && (k = read(fd, maps + n, sizeof maps - 1 - n)) > 0)
		n += k;
	close(fd);
	maps[n] = 0;
}

/* show prints the line of the mapping that starts at a, its address range
 * left out and its device and inode compared with the file's. */
static void show(const char *what, void *a) {
	slurp();
	char key[32];
	snprintf(key, sizeof key, "%08lx-", (unsigned long)(uintptr_t)a);
	char *l = maps;
	while (l && strncmp(l, key, strlen(key)) != 0 && (l = strchr(l, '\n')))
		l++;
	if (!l || !*l) {
		printf("%s: no line\n", what);
		return;
	}
	unsigned long lo, hi, off, ino;
	unsigned maj, min;
	char perm[8], name[4096] = "";
	sscanf(l, "%lx-%lx %7s %lx %x:%x %lu %4095[^\n]", &lo, &hi, perm, &off, &maj, &min, &ino, name);
	char *n = name;
	while (*n == ' ')
		n++;
	int file = strcmp(n, path) == 0;
	printf("%s: pages %ld %s %08lx %s %s\n", what, (long)(hi - lo) / sysconf(_SC_PAGESIZE), perm, off,
	       file ? (maj == major(st.st_dev) && min == minor(st.st_dev) ? "dev ok" : "dev wrong") : "",
	       file ? (ino == st.st_ino ? "inode ok" : "inode wrong") : n);
	if (!file)
		printf("  dev %02x:%02x inode %s\n", maj, min, ino ? "nonzero" : "0");
}

int main(void) {
	long pg = sysconf(_SC_PAGESIZE);
	int fd = mkstemp(path);
	if (fd < 0)
		return 1;
	char *buf = calloc(4, pg);
	for (int i = 0; i < 4; i++)
		buf[i * pg] = 'a' + i;
	if (write(fd, buf, 4 * pg) != 4 * pg)
		return 1;
	fstat(fd, &st);
	char *priv = mmap(NULL, 3 * pg, PROT_READ, MAP_PRIVATE, fd, pg);
	printf("private reads: %c\n", priv[0]);
	show("private from page 1", priv);
	char *shared = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	shared[0] = 'A';
	show("shared", shared);
	char *anon = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	anon[0] = 1;
	show("anonymous shared", anon);
	res("munmap middle", munmap(priv + pg, pg));
	show("private first half", priv);
	show("private second half", priv + 2 * pg);
	char *to = mmap(NULL, 8 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *moved = mremap(priv + 2 * pg, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, to + 4 * pg);
	printf("moved reads: %c\n", moved[0]);
	show("moved", moved);
	/* The program's own segments: its path names at least one line with
	 * offset 0. */
	char exe[4096];
	long n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = 0;
	slurp();
	int lines = 0, zero = 0;
	for (char *l = maps; *l;) {
		char *e = strchr(l, '\n');
		if (!e)
			break;
		*e = 0;
		size_t len = strlen(l), el = strlen(exe);
		if (len > el && strcmp(l + len - el, exe) == 0) {
			lines++;
			unsigned long off;
			if (sscanf(l, "%*[^ ] %*s %lx", &off) == 1 && off == 0)
				zero++;
		}
		l = e + 1;
	}
	printf("exe lines: %d, one at offset 0: %d\n", lines > 0, zero > 0);
	unlink(path);
	return 0;
}
