/* /proc/self/smaps's sharing figures after fork, as Linux computes them
 * from each page's mapcount (smaps_account): an anonymous private
 * mapping's pages written before fork are shared (Shared_Dirty, Pss
 * half) until either process writes them, then private (Private_Dirty,
 * the whole page in Pss), the child's write unsharing the parent's page
 * too; a MAP_SHARED anonymous mapping both touched stays shared (shmem:
 * not Anonymous); a private file mapping's pages both read are the
 * file's, shared and clean (Shared_Clean), and a page the parent writes
 * becomes its own anonymous, dirty copy. Figures are printed in half
 * pages (Pss is a sum of halves), every page touched whole, so that
 * 4 KiB and 64 KiB pages print alike (the x86-64 build run natively
 * prints the same). Compared with qemu-user, whose guest processes are
 * host processes: the host kernel's figures. The file is made on a file
 * system other than tmpfs and synced, so its pages are clean. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include "fsfile.h"

enum { N = 4 };
static long ps;

static int not_tmpfs(int fd) {
	struct statfs sf;
	return fstatfs(fd, &sf) == 0 && sf.f_type != 0x01021994; /* TMPFS_MAGIC */
}

/* show prints the figures of the mapping at p, in half pages. */
static void show(const char *what, void *p) {
	FILE *f = fopen("/proc/self/smaps", "r");
	if (!f)
		return;
	char line[512], want[32];
	snprintf(want, sizeof want, "%lx-", (unsigned long)p);
	int in = 0;
	printf("%s:", what);
	while (fgets(line, sizeof line, f)) {
		if (strchr(line, '-') && strchr(line, ' ') && strchr(line, '-') < strchr(line, ' ')) {
			in = strncmp(line, want, strlen(want)) == 0;
			continue;
		}
		if (!in)
			continue;
		static const char *keys[] = {"Rss", "Pss", "Shared_Clean", "Shared_Dirty", "Private_Clean", "Private_Dirty", "Anonymous"};
		for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
			size_t n = strlen(keys[i]);
			if (strncmp(line, keys[i], n) == 0 && line[n] == ':')
				printf(" %s %ld", keys[i], strtol(line + n + 1, 0, 10) * 1024 * 2 / ps);
		}
	}
	printf("\n");
	fclose(f);
}

int main(void) {
	ps = sysconf(_SC_PAGESIZE);
	/* a between two inaccessible pages, so that no neighbour merges with it. */
	char *g = mmap(NULL, (N + 2) * ps, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g == MAP_FAILED)
		return 1;
	char *a = mmap(g + ps, N * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	char *s = mmap(NULL, N * ps, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char path[256];
	int fd = fsfile(path, "smapsfork", not_tmpfs);
	if (a == MAP_FAILED || s == MAP_FAILED || fd < 0)
		return 1;
	unlink(path);
	char *page = malloc(ps);
	for (int k = 0; k < N; k++) {
		memset(page, 'A' + k, ps);
		if (write(fd, page, ps) != ps)
			return 1;
	}
	fsync(fd);
	char *f = mmap(NULL, N * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (f == MAP_FAILED)
		return 1;
	memset(a, 1, N * ps);
	memset(s, 2, N * ps);
	volatile long sum = 0;
	for (long i = 0; i < N * ps; i += 64)
		sum += f[i];
	show("anonymous before fork", a);
	show("shared before fork", s);
	show("file before fork", f);

	int up[2], down[2];
	if (pipe(up) || pipe(down))
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	char c = 0;
	if (pid == 0) {
		/* Touch the shared and file mappings (fork copies no page table
		 * entries of theirs), then wait; write page 1 of a when told. */
		for (long i = 0; i < N * ps; i += 64)
			sum += s[i] + f[i];
		write(up[1], &c, 1);
		read(down[0], &c, 1);
		memset(a + ps, 3, ps);
		write(up[1], &c, 1);
		read(down[0], &c, 1);
		_exit(0);
	}
	read(up[0], &c, 1);
	show("anonymous after fork", a);
	show("shared after fork", s);
	show("file after fork", f);
	memset(a, 4, ps);
	memset(f, 5, ps);
	show("anonymous, the parent wrote page 0", a);
	show("file, the parent wrote page 0", f);
	write(down[1], &c, 1);
	read(up[0], &c, 1);
	show("anonymous, the child wrote page 1", a);
	write(down[1], &c, 1);
	waitpid(pid, NULL, 0);
	show("anonymous, the child ended", a);
	show("shared, the child ended", s);
	show("file, the child ended", f);
	return 0;
}
