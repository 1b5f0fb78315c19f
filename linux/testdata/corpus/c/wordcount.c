/* String-heavy: a word count over generated text (strtok_r, strcmp,
   strlen, memcpy, memmove, memset, memcmp through glibc's string functions,
   which are vector code on little-endian POWER8 and later) with an
   insertion-sorted table of distinct words. For the speed comparison with
   qemu-user (scripts/bench-runner.sh; issue 29). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NWORDS 512
static char text[1 << 17];
static char words[NWORDS][24];
static int counts[NWORDS];
static int nwords;

static void add(const char *w) {
	int lo = 0, hi = nwords;
	while (lo < hi) {
		int mid = (lo + hi) / 2, c = strcmp(words[mid], w);
		if (c == 0) { counts[mid]++; return; }
		if (c < 0) lo = mid + 1; else hi = mid;
	}
	if (nwords == NWORDS) return;
	memmove(words[lo + 1], words[lo], (size_t)(nwords - lo) * sizeof words[0]);
	memmove(&counts[lo + 1], &counts[lo], (size_t)(nwords - lo) * sizeof counts[0]);
	memset(words[lo], 0, sizeof words[0]);
	memcpy(words[lo], w, strlen(w) + 1);
	counts[lo] = 1;
	nwords++;
}

int main(void) {
	static const char *syl[] = {"ka", "lo", "mi", "nu", "pe", "ra", "so", "ti", "un", "ve", "xo", "zy"};
	unsigned x = 2463534242u;
	size_t n = 0;
	while (n < sizeof text - 32) {
		int k = 1 + (x >> 7) % 3;
		for (int i = 0; i < k; i++) {
			x ^= x << 13; x ^= x >> 17; x ^= x << 5;
			const char *s = syl[x % 12];
			memcpy(text + n, s, 2);
			n += 2;
		}
		text[n++] = (x & 0x70) ? ' ' : '\n';
	}
	text[n] = 0;
	static char copy[sizeof text];
	long total = 0;
	for (int round = 0; round < 6; round++) {
		memcpy(copy, text, n + 1);
		char *save, *w;
		for (w = strtok_r(copy, " \n", &save); w; w = strtok_r(NULL, " \n", &save)) {
			add(w);
			total++;
		}
	}
	unsigned h = 2166136261u;
	for (int i = 0; i < nwords; i++) {
		h = (h ^ (unsigned)counts[i]) * 16777619u;
		h = (h ^ (unsigned)strlen(words[i])) * 16777619u;
	}
	printf("words=%ld distinct=%d first=%s last=%s memcmp=%d hash=%08x\n", total, nwords, words[0],
	       words[nwords - 1], memcmp(words[0], words[1], sizeof words[0]) < 0, h);
	return 0;
}
