/* busfile: what the file-mapping programs share — a read that reports the
 * SIGBUS it raises instead of dying of it, and their scratch file in
 * /tmp with pages of letters. Shared by the programs that include it
 * (privfollow.c, privmap.c, privshared.c, shmgrow.c; each is one static
 * translation unit). */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static sigjmp_buf bus_env;
static volatile int bus_code;
static volatile uintptr_t bus_addr;

static void bus_handler(int sig, siginfo_t *si, void *ctx) {
	(void)sig, (void)ctx;
	bus_code = si->si_code;
	bus_addr = (uintptr_t)si->si_addr;
	siglongjmp(bus_env, 1);
}

/* bus_read reads the byte at p into *c: 0, or the si_code of the SIGBUS
 * the read raised (its si_addr in bus_addr). */
static int bus_read(volatile char *p, char *c) {
	struct sigaction sa = {0}, old;
	sa.sa_sigaction = bus_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGBUS, &sa, &old);
	int code = 0;
	if (sigsetjmp(bus_env, 1) == 0)
		*c = *p;
	else
		code = bus_code;
	sigaction(SIGBUS, &old, NULL);
	return code;
}

static void touch_report(const char *what, volatile char *p, int at_byte) {
	char c;
	int code = bus_read(p, &c);
	if (code == 0)
		printf("%s: %c (%d)\n", what, c ? c : '0', c);
	else if (at_byte)
		printf("%s: SIGBUS code %d at the byte: %d\n", what, code, bus_addr == (uintptr_t)p);
	else
		printf("%s: SIGBUS code %d\n", what, code);
}

/* touch reads the byte at p and prints it ("what: c (n)", a NUL as '0'),
 * or the SIGBUS it raised ("what: SIGBUS code N"); touch_at adds whether
 * the SIGBUS's si_addr was p. */
static __attribute__((unused)) void touch(const char *what, volatile char *p) { touch_report(what, p, 0); }
static __attribute__((unused)) void touch_at(const char *what, volatile char *p) { touch_report(what, p, 1); }

/* scratch makes /tmp/ppc64emu-NAME-XXXXXX, its path in path (64 bytes):
 * the descriptor, or -1. */
static int scratch(char *path, const char *name) {
	snprintf(path, 64, "/tmp/ppc64emu-%s-XXXXXX", name);
	return mkstemp(path);
}

/* letter_pages writes n pages of size ps to fd, page k all 'A' + k but
 * the last, of which it writes only last bytes: 0, or -1. */
static __attribute__((unused)) int letter_pages(int fd, int n, long ps, long last) {
	char *buf = malloc(ps);
	for (int k = 0; k < n; k++) {
		memset(buf, 'A' + k, ps);
		long len = k < n - 1 ? ps : last;
		if (write(fd, buf, len) != len) {
			free(buf);
			return -1;
		}
	}
	free(buf);
	return 0;
}
