/* res prints a system call's outcome the way the corpus programs compare
 * it with qemu-user: "what: value", or "what: -1 <strerror(errno)>". Shared
 * by the programs that include it (each is one static translation unit). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

static void res(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
}
