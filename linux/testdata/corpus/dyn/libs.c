/* What the dynamic loader does for a program: libraries (libc, libm,
   libpthread's functions in libc), IFUNC-resolved string functions (chosen
   by AT_HWCAP/AT_HWCAP2/AT_PLATFORM), thread-local storage in the program
   and in threads, dlopen/dlsym, and the auxiliary vector the kernel gives
   (AT_ENTRY, AT_PHDR, AT_PHNUM, AT_BASE; not AT_PLATFORM, which QEMU 7.2
   does not give on powerpc). It prints only what does not
   depend on where things were loaded. Built without -static
   (build-corpus.sh). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

extern void _start(void);

static __thread int tls_counter = 7;
static __thread char tls_name[16] = "main";

static void *worker(void *arg) {
	long n = (long)arg;
	snprintf(tls_name, sizeof tls_name, "thread%ld", n);
	for (int i = 0; i < 1000; i++)
		tls_counter += (int)n;
	return (void *)(long)(tls_counter * 10 + (int)strlen(tls_name));
}

static int count_objects(struct dl_phdr_info *info, size_t size, void *data) {
	int *n = data;
	const char *name = info->dlpi_name;
	if (strncmp(name, "linux-vdso", 10) == 0)
		return 0; /* Linux's vDSO, which qemu-user 7.2 does not give on
			     powerpc (c/vdso.c checks that it is listed) */
	if (*n == 0) {
		/* The main program: its program headers are where AT_PHDR says. */
		printf("object 0: phdr %s, phnum %s\n",
		       (unsigned long)info->dlpi_phdr == getauxval(AT_PHDR) ? "= AT_PHDR" : "!= AT_PHDR",
		       info->dlpi_phnum == getauxval(AT_PHNUM) ? "= AT_PHNUM" : "!= AT_PHNUM");
	} else {
		const char *base = strrchr(name, '/');
		printf("object %d: %s, tls module %s\n", *n, base ? base + 1 : name,
		       info->dlpi_tls_modid ? "yes" : "no");
	}
	(*n)++;
	return 0;
}

int main(void) {
	volatile double x = 2.5;
	printf("libm: sqrt %.17g exp %.17g sin %.17g lgamma %.17g\n", sqrt(x), exp(x), sin(x), lgamma(x));

	/* String functions glibc resolves through IFUNCs by the hardware
	   capabilities, over lengths and alignments that take every path. */
	char buf[300], dst[300];
	unsigned long sum = 0;
	for (int i = 0; i < 299; i++)
		buf[i] = (char)('a' + i % 26);
	buf[299] = 0;
	for (int off = 0; off < 17; off++)
		for (int len = 0; len < 280; len += 7) {
			memset(dst, 0, sizeof dst);
			memcpy(dst + off, buf, len);
			sum = sum * 31 + strlen(dst + off) + (unsigned long)(strchr(buf + off, 'z') - buf) +
			      (unsigned long)(memcmp(dst + off, buf, len) == 0) + strnlen(buf + off, len);
		}
	printf("strings: %lu\n", sum);

	pthread_t th[4];
	for (long i = 0; i < 4; i++)
		if (pthread_create(&th[i], NULL, worker, (void *)(i + 1)) != 0)
			return 1;
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(th[i], &r);
		printf("thread %d: %ld\n", i + 1, (long)r);
	}
	printf("main tls: %d %s\n", tls_counter, tls_name);

	void *h = dlopen("libm.so.6", RTLD_NOW);
	if (h == NULL) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	double (*cosf_)(double) = (double (*)(double))dlsym(h, "cos");
	printf("dlsym cos: %.17g, same as linked: %s\n", cosf_(x), cosf_ == cos ? "yes" : "no");
	dlclose(h);
	if (dlopen("libnot-there.so.9", RTLD_NOW) == NULL)
		printf("dlopen of a missing library fails: %s\n", strstr(dlerror(), "No such file") ? "ENOENT" : "other");

	printf("AT_ENTRY is _start: %s\n", getauxval(AT_ENTRY) == (unsigned long)_start ? "yes" : "no");
	printf("AT_BASE set: %s, AT_PHENT %lu\n", getauxval(AT_BASE) ? "yes" : "no", getauxval(AT_PHENT));
	int n = 0;
	dl_iterate_phdr(count_objects, &n);
	return 0;
}
