/* vdso: the vDSO as a program sees it on powerpc64 Linux 6.1:
   AT_SYSINFO_EHDR names an ELF image that dl_iterate_phdr lists (with
   its PT_GNU_EH_FRAME, which libgcc's unwinder reads), the time base
   frequency glibc takes from __kernel_get_tbfreq is POWER's 512 MHz,
   and the calls glibc makes through it (clock_gettime, clock_getres,
   gettimeofday, time, sched_getcpu) give what the system calls give,
   errors included. qemu-user 7.2 has no vDSO for ppc64 (no
   AT_SYSINFO_EHDR; glibc then reads the frequency from /proc/cpuinfo,
   the host's), so the expected output is Linux's, from these facts. */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/platform/ppc.h>
#include <sys/time.h>
#include <time.h>

static unsigned long ehdr;
static int listed, ehframe;

static int each(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size, (void)arg;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_LOAD && info->dlpi_addr + ph->p_vaddr == ehdr) {
			listed = 1;
			for (int j = 0; j < info->dlpi_phnum; j++)
				ehframe |= info->dlpi_phdr[j].p_type == PT_GNU_EH_FRAME;
		}
	}
	return 0;
}

int main(void)
{
	ehdr = getauxval(AT_SYSINFO_EHDR);
	printf("AT_SYSINFO_EHDR: %s\n", ehdr && memcmp((void *)ehdr, ELFMAG, SELFMAG) == 0 ? "an ELF image" : "none");
	dl_iterate_phdr(each, NULL);
	printf("dl_iterate_phdr lists it: %s, with PT_GNU_EH_FRAME: %s\n", listed ? "yes" : "no", ehframe ? "yes" : "no");
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int named = 0;
	while (f && fgets(line, sizeof line, f))
		if (strstr(line, "[vdso]") && strtoul(line, NULL, 16) == ehdr)
			named = 1;
	printf("/proc/self/maps names it [vdso]: %s\n", named ? "yes" : "no");
	printf("time base frequency: %llu\n", (unsigned long long)__ppc_get_timebase_freq());

	struct timespec ts;
	errno = 0;
	int r = clock_gettime(-100, &ts);
	printf("clock_gettime(-100): %d %s\n", r, strerror(errno));
	r = clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("clock_gettime(CLOCK_MONOTONIC): %d, nsec in range %s\n", r, ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000 ? "yes" : "no");
	errno = 0;
	r = clock_getres(-100, &ts);
	printf("clock_getres(-100): %d %s\n", r, strerror(errno));
	r = clock_getres(CLOCK_REALTIME, &ts);
	printf("clock_getres(CLOCK_REALTIME): %d %ld.%09ld\n", r, (long)ts.tv_sec, ts.tv_nsec);
	struct timeval tv;
	r = gettimeofday(&tv, NULL);
	printf("gettimeofday: %d, usec in range %s\n", r, tv.tv_usec >= 0 && tv.tv_usec < 1000000 ? "yes" : "no");
	time_t t = 0, u = time(&t);
	printf("time stores what it returns: %s\n", t == u && u > 0 ? "yes" : "no");
	printf("sched_getcpu: %s\n", sched_getcpu() >= 0 ? "a CPU" : strerror(errno));
	return 0;
}
