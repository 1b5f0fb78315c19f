/* File MAP_SHARED mappings between processes: a POSIX shared memory object
 * (shm_open, /dev/shm) mapped separately by two processes, each seeing the
 * other's stores; a regular file mapped shared, whose stores read() in
 * another process sees at once (no msync) and that are in the file after
 * munmap; a mapping inherited over fork; msync's answers; SIGBUS for a page
 * beyond the end of the file; mprotect cannot make a shared mapping of a
 * read-only descriptor writable. Events are ordered by pipes and wait. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static sigjmp_buf env;
static volatile int bus_code;

static void on_bus(int sig, siginfo_t *si, void *uc) {
	(void)sig; (void)uc;
	bus_code = si->si_code;
	siglongjmp(env, 1);
}

static void handshake_read(int fd) {
	char c;
	if (read(fd, &c, 1) != 1)
		exit(3);
}

int main(void) {
	int p[2], q[2], st;
	char buf[64];

	/* shm_open in both processes, after fork: two separate mappings. */
	char name[64];
	snprintf(name, sizeof name, "/ppc64emu-shmfile-%d", (int)getpid());
	int fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
	if (fd < 0 || ftruncate(fd, 4096))
		return 1;
	close(fd);
	if (pipe(p) || pipe(q))
		return 1;
	pid_t pid = fork();
	if (pid == 0) {
		int cfd = shm_open(name, O_RDWR, 0);
		char *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, cfd, 0);
		if (m == MAP_FAILED)
			_exit(2);
		handshake_read(p[0]);
		snprintf(buf, sizeof buf, "child saw \"%s\"", m);
		strcpy(m + 100, buf);
		write(q[1], "x", 1);
		_exit(0);
	}
	fd = shm_open(name, O_RDWR, 0);
	char *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return 1;
	strcpy(m, "from the parent");
	write(p[1], "x", 1);
	handshake_read(q[0]);
	printf("shm: %s\n", m + 100);
	waitpid(pid, &st, 0);
	munmap(m, 4096);
	close(fd);
	res("shm_unlink", shm_unlink(name));

	/* A regular file: the child's store is seen by the parent's pread
	 * before any msync or munmap. */
	char path[] = "/tmp/ppc64emu-shmfile-XXXXXX";
	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	unlink(path);
	memset(buf, '.', sizeof buf);
	if (write(fd, buf, 32) != 32)
		return 1;
	if ((pid = fork()) == 0) {
		char *f = mmap(NULL, 32, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (f == MAP_FAILED)
			_exit(2);
		memcpy(f, "stored", 6);
		write(q[1], "x", 1);
		handshake_read(p[0]); /* keep the mapping until the parent has read */
		memcpy(f + 8, "unmapped", 8);
		munmap(f, 32);
		_exit(0);
	}
	handshake_read(q[0]);
	memset(buf, 0, sizeof buf);
	pread(fd, buf, 32, 0);
	printf("pread while mapped: %.32s\n", buf);
	write(p[1], "x", 1);
	waitpid(pid, &st, 0);
	pread(fd, buf, 32, 0);
	printf("pread after munmap: %.32s\n", buf);

	/* Inherited over fork: the parent's mapping sees the child's store;
	 * a write() to the file is seen through the mapping. */
	char *f = mmap(NULL, 32, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (f == MAP_FAILED)
		return 1;
	if ((pid = fork()) == 0) {
		f[20] = 'C';
		_exit(0);
	}
	waitpid(pid, &st, 0);
	pwrite(fd, "W", 1, 21);
	printf("inherited: %.32s\n", f);

	/* msync. */
	res("msync MS_SYNC", msync(f, 32, MS_SYNC));
	res("msync MS_ASYNC|MS_INVALIDATE", msync(f, 4096, MS_ASYNC | MS_INVALIDATE));
	res("msync both", msync(f, 32, MS_SYNC | MS_ASYNC));
	res("msync bad flag", msync(f, 32, 8));
	res("msync unaligned", msync(f + 1, 32, MS_SYNC));
	res("msync zero", msync(f, 0, MS_SYNC));
	munmap(f, 32);
	res("msync unmapped", msync(f, 32, MS_SYNC));

	/* A page beyond the end of the file: SIGBUS with BUS_ADRERR. */
	f = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (f == MAP_FAILED)
		return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_bus;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGBUS, &sa, NULL);
	printf("tail of the last page: %d\n", f[100]);
	if (sigsetjmp(env, 1) == 0) {
		volatile char c = f[4096];
		printf("beyond the end: read %d\n", c);
	} else {
		printf("beyond the end: SIGBUS code %d\n", bus_code);
	}
	/* The file grows: the page is there now. */
	if (ftruncate(fd, 8192))
		return 1;
	if (sigsetjmp(env, 1) == 0) {
		f[4096] = 'G';
		pread(fd, buf, 1, 4096);
		printf("after growing: %c\n", buf[0]);
	} else {
		printf("after growing: SIGBUS code %d\n", bus_code);
	}
	munmap(f, 8192);

	/* A read-only descriptor: a shared read-only mapping may not become
	 * writable. */
	char self[64];
	snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
	int ro = open(self, O_RDONLY);
	f = mmap(NULL, 4096, PROT_READ, MAP_SHARED, ro, 0);
	if (f == MAP_FAILED)
		return 1;
	res("mprotect write, read-only shared", mprotect(f, 4096, PROT_READ | PROT_WRITE));
	res("mprotect read, read-only shared", mprotect(f, 4096, PROT_READ));
	printf("read-only: %.8s\n", f);
	char *pv = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, ro, 0);
	res("mprotect write, read-only private", pv == MAP_FAILED ? -1 : mprotect(pv, 4096, PROT_READ | PROT_WRITE));
	return 0;
}
