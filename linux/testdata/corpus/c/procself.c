/* The guest's own /proc entries: glibc's pthread_getattr_np on the main
 * thread (which reads /proc/self/maps for the stack), /proc/self/exe
 * naming the program, maps listing the program's own code and a [stack]
 * line holding a local variable, auxv matching getauxval, cmdline and
 * environ, stat's pid and command, status, fd and task listings,
 * the same under /proc/<pid>/ and /proc/thread-self/, and no write outside
 * the guest through /proc/self/mem, a link to it or /proc/<pid+1>/mem (a
 * thread of the runner, or another process of the user). Compared with qemu-user, which
 * fakes these entries for its guest (mem: the program never writes it
 * when it opens, and prints only whether the write changed its memory). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <unistd.h>
#include "res.h"

static char buf[1 << 16];

static long slurp(const char *path) {
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	long n = 0, k;
	while ((k = read(fd, buf + n, sizeof buf - 1 - n)) > 0)
		n += k;
	close(fd);
	buf[n] = 0;
	return n;
}

static int entries(const char *path) {
	DIR *d = opendir(path);
	if (!d)
		return -1;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

int main(int argc, char **argv) {
	int local = 1;
	pthread_attr_t a;
	void *addr;
	size_t size;
	int r = pthread_getattr_np(pthread_self(), &a);
	printf("pthread_getattr_np: %d\n", r);
	if (r == 0) {
		pthread_attr_getstack(&a, &addr, &size);
		uintptr_t lo = (uintptr_t)addr, hi = lo + size;
		printf("stack holds a local: %d, size sane: %d\n", lo <= (uintptr_t)&local && (uintptr_t)&local < hi,
		       size >= 64 * 1024 && size <= ((size_t)1 << 32));
	}
	char exe[4096], self[4096];
	long n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = 0;
	char *real = realpath(argv[0], NULL);
	printf("exe is the program: %d\n", real && strcmp(exe, real) == 0);
	snprintf(self, sizeof self, "/proc/%d/exe", getpid());
	n = readlink(self, self, sizeof self - 1);
	printf("/proc/<pid>/exe the same: %d\n", n > 0 && strncmp(self, exe, n) == 0);

	char link[] = "/tmp/ppc64emu-procself-XXXXXX";
	close(mkstemp(link));
	unlink(link);
	slurp("/proc/self/maps");
	char *line = buf, *next;
	int code = 0, stack = 0, lines = 0, bad = 0;
here:
	for (; *line; line = next) {
		next = strchr(line, '\n');
		*next++ = 0;
		lines++;
		unsigned long lo, hi;
		char perm[5];
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perm) != 3 || lo >= hi)
			bad++;
		if (lo <= (uintptr_t)&&here && (uintptr_t)&&here < hi && perm[2] == 'x')
			code = 1;
		if (lo <= (uintptr_t)&local && (uintptr_t)&local < hi && strstr(line, "[stack]") && perm[0] == 'r' && perm[1] == 'w')
			stack = 1;
	}
	printf("maps: parsed %d, code mapped x: %d, [stack] holds a local: %d\n", lines > 2 && !bad, code, stack);

	n = slurp("/proc/self/auxv");
	unsigned long *av = (unsigned long *)buf;
	int match = n > 0, found = 0;
	for (long i = 0; i + 1 < n / 8 && av[i]; i += 2)
		if (av[i] == AT_PAGESZ || av[i] == AT_PHDR || av[i] == AT_ENTRY || av[i] == AT_HWCAP) {
			found++;
			match &= av[i + 1] == getauxval(av[i]);
		}
	printf("auxv matches getauxval: %d (%d entries)\n", match, found);

	n = slurp("/proc/self/cmdline");
	printf("cmdline: %ld bytes, first is argv[0]: %d\n", n == (long)strlen(argv[0]) + 1 ? 1L : n, strcmp(buf, argv[0]) == 0);
	n = slurp("/proc/self/environ");
	printf("environ holds PATH: %d\n", memmem(buf, n, "PATH=", 5) != NULL || getenv("PATH") == NULL);

	slurp("/proc/self/stat");
	int pid;
	char comm[64];
	sscanf(buf, "%d (%63[^)])", &pid, comm);
	printf("stat: pid ok %d, comm %s\n", pid == getpid(), comm);
	slurp("/proc/thread-self/stat");
	sscanf(buf, "%d", &pid);
	printf("thread-self stat: pid ok %d\n", pid == getpid());
	slurp("/proc/self/status");
	char *name = strstr(buf, "Name:\t");
	if (name)
		*strchr(name, '\n') = 0;
	/* qemu-user passes status and task to the host (its own name and
	 * threads): only their presence is compared. */
	printf("status has a Name: %d\n", name != NULL);

	int fd = open("/dev/null", O_RDONLY);
	printf("fd lists 0 1 2 and a new one: %d\n", entries("/proc/self/fd") >= 4);
	printf("task lists a thread: %d\n", entries("/proc/self/task") >= 1);
	char fdpath[64];
	snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
	n = readlink(fdpath, exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = 0;
	printf("fd/%d names /dev/null: %d\n", fd, strcmp(exe, "/dev/null") == 0);

	/* /proc/self/mem: a write must never reach outside the guest. */
	static volatile long target = 5;
	symlink("/proc/self/mem", link);
	for (int i = 0; i < 3; i++) {
		char path[64];
		snprintf(path, sizeof path, "/proc/%d/mem", getpid() + i);
		int mfd = open(i == 0 ? "/proc/self/mem" : i == 1 ? link : path, O_RDWR);
		if (mfd >= 0) {
			long v = 9;
			pwrite(mfd, &v, sizeof v, (off_t)(uintptr_t)&target);
			close(mfd);
		}
	}
	unlink(link);
	printf("after /proc/self/mem: target %s\n", target == 5 || target == 9 ? "ok" : "corrupt");
	return 0;
}
