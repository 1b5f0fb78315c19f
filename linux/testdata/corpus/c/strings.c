#include <stdio.h>
#include <string.h>
static unsigned h = 2166136261u;
static void mix(long v) { h = (h ^ (unsigned)v) * 16777619u; }
int main(void) {
	static char a[512], b[512];
	for (int i = 0; i < 512; i++) { a[i] = 'a' + i % 26; b[i] = a[i]; }
	for (int off = 0; off < 16; off++)
		for (int len = 0; len < 70; len += 3) {
			char src[128], dst[160];
			memset(dst, 'x', sizeof dst);
			memcpy(src, a + off, len); src[len] = 0;
			memcpy(dst + off, src, len + 1);
			mix(strlen(dst + off));
			mix(strcmp(dst + off, src));
			mix(memcmp(a + off, b + off, len));
			mix(strncmp(a + off, "bcdefg", 4));
			memmove(dst + 1, dst, len);
			mix(dst[len / 2]);
			char *c = strchr(a + off, 'q'); mix(c ? c - a : -1);
			c = memchr(a + off, 'z', len); mix(c ? c - a : -1);
			strcpy(dst, src); strcat(dst, "end"); mix(strlen(dst));
			mix(strrchr(dst, 'e') - dst);
			memset(dst + off, 0, len); mix(dst[off]);
			mix(strncpy(dst, a + off, len) == dst);
			mix(strstr(a + off, "klm") ? 1 : 0);
		}
	b[300] = 'A';
	printf("memcmp=%d strcmp=%d hash=%08x\n", memcmp(a, b, 512) < 0, strcmp(a, b) > 0, h);
	return 0;
}
