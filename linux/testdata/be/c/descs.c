/* Function descriptors and calls across objects in a dynamically linked
   big-endian (ELFv1) program: a program function passed to its own
   library (/lib/libdesc.so, linked with -ldesc) and called back through
   the descriptor, a library function's pointer called from the program
   and compared with the one dlsym gives for the same library opened with
   RTLD_LAZY (lazy PLT binding on the first call) and RTLD_NOW, qsort
   calling back into the program, TLS in the library and in threads, the
   library's constructor, atexit handlers in reverse order. Run by
   testdata/be/dynamic.sh also with LD_BIND_NOW=1. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long desc_apply(long (*f)(long), long x, int n);
int desc_calls(void);
int desc_constructed(void);
long (*desc_twice(void))(long);
int desc_format(char *buf, int n, long v);

static long plus3(long x) { return x + 3; }

static int cmp(const void *a, const void *b) {
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

static void *worker(void *arg) {
	long r = desc_apply(plus3, (long)arg, 5);
	return (void *)(r * 100 + desc_calls());
}

static void bye1(void) { puts("atexit 1 (runs last)"); }
static void bye2(void) { puts("atexit 2 (runs first)"); }

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	atexit(bye1);
	atexit(bye2);
	printf("library constructed: %d\n", desc_constructed());
	printf("apply plus3 x4 to 1: %ld, calls in this thread %d\n", desc_apply(plus3, 1, 4), desc_calls());
	long (*tw)(long) = desc_twice();
	printf("apply the library's twice x10 to 1: %ld\n", desc_apply(tw, 1, 10));
	pthread_t th[3];
	for (long i = 0; i < 3; i++)
		pthread_create(&th[i], NULL, worker, (void *)(i * 10));
	for (int i = 0; i < 3; i++) {
		void *r;
		pthread_join(th[i], &r);
		printf("thread %d: %ld\n", i, (long)r);
	}
	printf("calls in main after the threads: %d\n", desc_calls());
	long v[] = {42, -7, 19, 0, 1000, 3, -7, 8};
	qsort(v, 8, sizeof v[0], cmp);
	for (int i = 0; i < 8; i++)
		printf("%ld%c", v[i], i < 7 ? ' ' : '\n');
	char buf[32];
	desc_format(buf, sizeof buf, v[7]);
	printf("formatted by the library: %s\n", buf);
	for (int mode = 0; mode < 2; mode++) {
		void *h = dlopen("libdesc.so", mode ? RTLD_NOW : RTLD_LAZY);
		if (h == NULL) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		long (*ap)(long (*)(long), long, int) = (long (*)(long (*)(long), long, int))dlsym(h, "desc_apply");
		printf("%s: dlsym desc_apply is the linked one: %s, apply: %ld\n", mode ? "RTLD_NOW" : "RTLD_LAZY",
		       ap == desc_apply ? "yes" : "no", ap(plus3, 100, 2));
		dlclose(h);
	}
	return 0;
}
