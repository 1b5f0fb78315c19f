/* /proc/self/smaps and smaps_rollup as a program reads them (Linux 6.1's
 * show_smap, __show_smap, show_smaps_rollup in fs/proc/task_mmu.c): the
 * field names in order, each mapping's header line as /proc/self/maps
 * gives it, Size the header's span, KernelPageSize and MMUPageSize the
 * page size sysconf gives (AT_PAGESZ), and the sums that hold whatever
 * the host: Rss <= Size, Pss <= Rss, Shared_* + Private_* == Rss,
 * Anonymous <= Rss, Swap 0 (nothing is swapped: every mapping here is
 * locked or small and new), VmFlags' rd/wr/ex/sh as the permissions say;
 * the rollup's span from the first mapping's start to the last one's
 * end, its Rss and Shared/Private sums equal to the mappings', its Pss
 * within a kB a mapping of their sum (each mapping's is truncated), and
 * Pss_Anon + Pss_File + Pss_Shmem == its Pss within 2 kB. Then a mapping
 * of the program's own, 8 pages private and anonymous, 3 of them
 * touched, the first 2 mlocked (which splits it in two), shows Rss,
 * Anonymous and Private_Dirty 2 and 1 pages, Locked 2 and 0, VmFlags lo
 * on the first; a shared anonymous one with 2
 * pages touched shows Rss 2 pages, Anonymous 0 (shmem), VmFlags sh. Sizes
 * are printed in pages, so that 4 KiB and 64 KiB pages print alike.
 * Compared with a native run (smapsform.expected, x86-64, Linux 6.18,
 * whose smaps these fields are 6.1's): qemu-user 7.2 answers
 * /proc/self/smaps with the host's file, whose mappings are the host
 * process's, not the guest's maps. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>

static long ps;

/* The figures of one mapping or of the rollup, in kB. */
struct fig {
	unsigned long lo, hi;
	char perm[8];
	char head[512];
	long size, kps, mps, rss, pss, shc, shd, prc, prd, anon, swap, locked;
	long pssanon, pssfile, pssshmem;
	char flags[256];
	int thp;
};

static char names[64][32];
static int nnames, namesdone;

/* slurp reads the file at path into buf (size bytes, already written to:
 * reading touches no page that was not resident before). */
static void slurp(const char *path, char *buf, size_t size) {
	int fd = open(path, O_RDONLY);
	size_t n = 0;
	ssize_t r;
	while (fd >= 0 && n < size - 1 && (r = read(fd, buf + n, size - 1 - n)) > 0) n += r;
	buf[n] = 0;
	if (fd >= 0) close(fd);
}

/* nextLine copies the line at *p into line (at most size bytes) and
 * advances *p past it; 0 at the end. */
static int nextLine(char **p, char *line, size_t size) {
	if (!**p) return 0;
	size_t n = strcspn(*p, "\n");
	size_t k = n < size - 1 ? n : size - 1;
	memcpy(line, *p, k);
	line[k] = 0;
	*p += n + (((*p)[n]) ? 1 : 0);
	return 1;
}

/* parse reads the smaps-format text buf into figs (at most max),
 * returning how many; the field names of the first entry go to names
 * (but for those Linux added after 6.1: KSM, 6.4's). */
static int parse(char *buf, struct fig *figs, int max) {
	char line[1024];
	int n = -1;
	while (nextLine(&buf, line, sizeof line)) {
		unsigned long lo, hi;
		char perm[8];
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perm) == 3) {
			if (++n >= max) break;
			memset(&figs[n], 0, sizeof figs[n]);
			figs[n].lo = lo, figs[n].hi = hi;
			strcpy(figs[n].perm, perm);
			snprintf(figs[n].head, sizeof figs[n].head, "%.500s\n", line);
			if (n == 1) namesdone = 1;
			continue;
		}
		if (n < 0) continue;
		char key[64];
		long v;
		if (sscanf(line, "%63[^:]: %ld", key, &v) < 1) continue;
		if (!namesdone && nnames < 64 && strcmp(key, "KSM") != 0)
			snprintf(names[nnames++], sizeof names[0], "%.31s", key);
		struct fig *g = &figs[n];
		if (!strcmp(key, "Size")) g->size = v;
		else if (!strcmp(key, "KernelPageSize")) g->kps = v;
		else if (!strcmp(key, "MMUPageSize")) g->mps = v;
		else if (!strcmp(key, "Rss")) g->rss = v;
		else if (!strcmp(key, "Pss")) g->pss = v;
		else if (!strcmp(key, "Shared_Clean")) g->shc = v;
		else if (!strcmp(key, "Shared_Dirty")) g->shd = v;
		else if (!strcmp(key, "Private_Clean")) g->prc = v;
		else if (!strcmp(key, "Private_Dirty")) g->prd = v;
		else if (!strcmp(key, "Anonymous")) g->anon = v;
		else if (!strcmp(key, "Swap")) g->swap = v;
		else if (!strcmp(key, "Locked")) g->locked = v;
		else if (!strcmp(key, "Pss_Anon")) g->pssanon = v;
		else if (!strcmp(key, "Pss_File")) g->pssfile = v;
		else if (!strcmp(key, "Pss_Shmem")) g->pssshmem = v;
		else if (!strcmp(key, "THPeligible")) g->thp = 1;
		else if (!strcmp(key, "VmFlags")) snprintf(g->flags, sizeof g->flags, " %.250s ", line + 8);
	}
	return n + 1;
}

static int hasflag(const struct fig *g, const char *fl) {
	char b[8];
	snprintf(b, sizeof b, " %s ", fl);
	return strstr(g->flags, b) != NULL;
}

static struct fig figs[4096], roll[2];
static char smaps[4 << 20], rollup[4096], maps[1 << 20];

int main(void) {
	ps = sysconf(_SC_PAGESIZE);
	long pk = ps / 1024;
	char *priv = mmap(NULL, 8 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *shr = mmap(NULL, 4 * ps, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (priv == MAP_FAILED || shr == MAP_FAILED) return 1;
	madvise(priv, 8 * ps, MADV_NOHUGEPAGE);
	for (int i = 0; i < 3; i++) priv[i * ps] = 1;
	for (int i = 0; i < 2; i++) shr[i * ps] = 1;
	int locked = mlock(priv, 2 * ps) == 0;

	/* Every buffer is written before the files are read, so that the
	   reads change no figure: maps, smaps and smaps_rollup are then read
	   one after the other. */
	memset(figs, 0, sizeof figs);
	memset(smaps, 1, sizeof smaps);
	memset(rollup, 1, sizeof rollup);
	memset(maps, 1, sizeof maps);
	slurp("/proc/self/maps", maps, sizeof maps);
	slurp("/proc/self/smaps", smaps, sizeof smaps);
	slurp("/proc/self/smaps_rollup", rollup, sizeof rollup);
	int n = parse(smaps, figs, 4096);
	int nr = parse(rollup, roll, 2);
	/* maps' lines, to compare with smaps' headers. */
	static char mline[4096][512];
	int nmaps = 0;
	char *mp = maps, line[1024];
	while (nmaps < 4096 && nextLine(&mp, line, sizeof line))
		snprintf(mline[nmaps++], sizeof mline[0], "%.500s\n", line);
	namesdone = 1;
	printf("smaps fields:");
	for (int i = 0; i < nnames; i++) printf(" %s", names[i]);
	printf("\n");

	/* Every mapping: the checks, counted. */
	int same = nmaps == n, bad = 0;
	long rss = 0, pss = 0, shc = 0, shd = 0, prc = 0, prd = 0, anon = 0, swap = 0;
	for (int i = 0; i < n; i++) {
		struct fig *g = &figs[i];
		if (same && strcmp(mline[i], g->head) != 0) same = 0;
		const char *why = NULL;
		if (g->size != (long)((g->hi - g->lo) / 1024)) why = "Size";
		else if (g->kps != pk || g->mps != pk) why = "page size";
		else if (g->rss > g->size || g->pss > g->rss) why = "Rss/Pss";
		else if (g->shc + g->shd + g->prc + g->prd != g->rss) why = "Shared+Private";
		else if (g->anon > g->rss) why = "Anonymous";
		else if (g->rss % pk != 0) why = "Rss in pages";
		else if (!g->thp) why = "THPeligible";
		else if (hasflag(g, "rd") != (g->perm[0] == 'r') || hasflag(g, "wr") != (g->perm[1] == 'w') ||
		         hasflag(g, "ex") != (g->perm[2] == 'x') || hasflag(g, "sh") != (g->perm[3] == 's'))
			why = "VmFlags";
		if (why) {
			if (bad++ < 5) printf("mapping %s: %s", why, g->head);
		}
		rss += g->rss, pss += g->pss, shc += g->shc, shd += g->shd, prc += g->prc, prd += g->prd;
		anon += g->anon, swap += g->swap;
	}
	printf("smaps: headers are maps' lines %d, mappings failing a check %d, Swap %ld\n", same, bad, swap);

	/* The rollup. */
	if (nr != 1) {
		printf("rollup: %d entries\n", nr);
		return 0;
	}
	struct fig *r = &roll[0];
	/* x86-64's [vsyscall] (the gate area) is no mapping of the
	   process's: the rollup ends before it. */
	int last = n - 1;
	if (last > 0 && strstr(figs[last].head, "[vsyscall]")) last--;
	printf("rollup: span %d, [rollup] %d, perm %s\n", n > 0 && r->lo == figs[0].lo && r->hi == figs[last].hi,
	       strstr(r->head, "[rollup]") != NULL, r->perm);
	printf("rollup: Rss sum %d, Shared/Private sums %d, Anonymous sum %d, Pss sum %d, Pss kinds %d, Swap %ld\n",
	       r->rss == rss, r->shc == shc && r->shd == shd && r->prc == prc && r->prd == prd, r->anon == anon,
	       r->pss >= pss && r->pss - pss <= n, labs(r->pssanon + r->pssfile + r->pssshmem - r->pss) <= 2, r->swap);

	/* The program's own mappings (mlock split the private one). */
	for (int i = 0; i < n; i++) {
		struct fig *g = &figs[i];
		if (g->lo >= (unsigned long)priv && g->hi <= (unsigned long)priv + 8 * ps)
			printf("private +%ld: pages %ld, Rss %ld, Anonymous %ld, Private_Dirty %ld, Shared %ld, Locked %ld%s, lo %d, sh %d\n",
			       (long)(g->lo - (unsigned long)priv) / ps, g->size / pk, g->rss / pk, g->anon / pk, g->prd / pk,
			       (g->shc + g->shd) / pk, g->locked / pk, locked ? "" : " (mlock failed)", hasflag(g, "lo"),
			       hasflag(g, "sh"));
		if (g->lo == (unsigned long)shr)
			printf("shared: pages %ld, Rss %ld, Anonymous %ld, Private_Dirty %ld, Pss %ld, sh %d, ms %d\n",
			       g->size / pk, g->rss / pk, g->anon / pk, g->prd / pk, g->pss / pk, hasflag(g, "sh"),
			       hasflag(g, "ms"));
	}
	return 0;
}
