/* What bigio.c and bigvec.c (one call moving more than a MiB) share: MB,
 * sum (a checksum of what was read), and bigfile: an unlinked temporary
 * file named after prefix, with w set to 4 MiB of a pattern to write and
 * r to 4 MiB to read into. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MB (1L << 20)

__attribute__((unused)) static unsigned sum(const unsigned char *p, long n) {
	unsigned s = 0;
	for (long i = 0; i < n; i++)
		s = s * 31 + p[i];
	return s;
}

static int bigfile(const char *prefix, unsigned char **w, unsigned char **r) {
	char name[64];
	snprintf(name, sizeof name, "%sXXXXXX", prefix);
	int fd = mkstemp(name);
	unlink(name);
	*w = malloc(4 * MB), *r = malloc(4 * MB);
	for (long i = 0; i < 4 * MB; i++)
		(*w)[i] = (unsigned char)(i * 7 + (i >> 12));
	return fd;
}
