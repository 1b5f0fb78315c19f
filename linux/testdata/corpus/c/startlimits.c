/* The resource limits a program starts with, as its parent gave them
 * through execve: getrlimit and prlimit(0, ...) of each of the sixteen
 * (asm-generic/resource.h). The runner's Go runtime raises its own soft
 * RLIMIT_NOFILE at start; the guest must see the one the runner was
 * started with (TestStartingLimits starts both this and qemu-user from a
 * shell that lowered it). Compared with qemu-user. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/resource.h>

static const char *const names[] = {
	"CPU", "FSIZE", "DATA", "STACK", "CORE", "RSS", "NPROC", "NOFILE",
	"MEMLOCK", "AS", "LOCKS", "SIGPENDING", "MSGQUEUE", "NICE", "RTPRIO", "RTTIME",
};

static void val(rlim_t v) {
	if (v == RLIM_INFINITY)
		printf(" inf");
	else
		printf(" %llu", (unsigned long long)v);
}

int main(void) {
	for (int r = 0; r < 16; r++) {
		struct rlimit a, b;
		printf("%s", names[r]);
		if (getrlimit(r, &a) == 0) {
			val(a.rlim_cur);
			val(a.rlim_max);
		} else {
			perror(" getrlimit");
		}
		if (prlimit(0, r, NULL, &b) == 0 && (b.rlim_cur != a.rlim_cur || b.rlim_max != a.rlim_max))
			printf(" prlimit differs");
		printf("\n");
	}
	return 0;
}
