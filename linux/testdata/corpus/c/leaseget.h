/* A lease's type as the lease programs print it (lease.c, leasebreak.c):
 * get prints what F_GETLEASE says of a descriptor. Shared by the programs
 * that include it (each is one static translation unit), after res.h. */
#include <fcntl.h>
#include <stdio.h>

/* kind names a lease type (F_GETLEASE's answer). */
static const char *kind(long v) {
	return v == F_RDLCK ? "F_RDLCK" : v == F_WRLCK ? "F_WRLCK" : v == F_UNLCK ? "F_UNLCK" : "?";
}

/* get prints F_GETLEASE's answer for fd after what: its type or error. */
static void get(const char *what, int fd) {
	long v = fcntl(fd, F_GETLEASE);
	if (v < 0)
		res(what, v);
	else
		printf("%s: %s\n", what, kind(v));
}
