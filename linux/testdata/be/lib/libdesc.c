/* A shared library of the big-endian root (/lib/libdesc.so, built by
   scripts/be-corpus.sh with -fPIC -shared), for c/descs.c: ELFv1 calls
   across objects go through function descriptors (.opd) and the PLT, a
   function pointer is the address of a descriptor, a library's TLS is
   reached through __tls_get_addr, its constructor runs before main. */
#include <stdio.h>

static __thread int calls = 40;
static int constructed;

__attribute__((constructor)) static void init(void) { constructed = 1; }

int desc_constructed(void) { return constructed; }

/* Calls f (a descriptor from the program) n times; counts in TLS. */
long desc_apply(long (*f)(long), long x, int n) {
	for (int i = 0; i < n; i++) {
		x = f(x);
		calls++;
	}
	return x;
}

int desc_calls(void) { return calls; }

static long twice(long x) { return 2 * x; }

/* A pointer to a function of the library (its descriptor). */
long (*desc_twice(void))(long) { return twice; }

/* Formats through libc from the library. */
int desc_format(char *buf, int n, long v) { return snprintf(buf, n, "<%ld>", v); }
