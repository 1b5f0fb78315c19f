/* ptrace(2) with bad arguments, through the raw system call (SYS_ptrace):
 * pids that name no process or the caller's own, requests that need a
 * stopped tracee made of one that is not traced, then, about a child
 * stopped by PTRACE_ATTACH, unknown requests, a signal past 64, bad
 * options, result pointers that cannot be written, a struct iovec that
 * cannot be read, a regset length that is not a whole number of slots,
 * an unknown regset. qemu-user 7.2 has no ptrace (ENOSYS), so
 * badptrace.expected is this program built for the x86-64 host and run
 * natively (Linux 6.18): the calls are the generic ones, alike on both
 * architectures.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define BAD ((void *)8)

#if defined(__powerpc64__)
#define SYSEMU_SINGLESTEP 0x1e /* powerpc's uapi asm/ptrace.h */
#else
#define SYSEMU_SINGLESTEP 32 /* x86's */
#endif

static void try(const char *what, long req, long pid, void *addr, void *data) {
	long r = syscall(SYS_ptrace, req, pid, addr, data);
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
	fflush(stdout);
}

int main(void) {
	try("ATTACH pid 0", 16, 0, 0, 0);
	try("ATTACH pid -1", 16, -1, 0, 0);
	try("ATTACH self", 16, getpid(), 0, 0);
	try("SEIZE self with addr", 0x4206, getpid(), BAD, 0);
	try("CONT self", 7, getpid(), 0, 0);
	try("request -1 of self", -1, getpid(), 0, 0);
	int p[2];
	if (pipe(p))
		return 1;
	pid_t c = fork();
	if (c == 0) {
		char b;
		close(p[1]);
		while (read(p[0], &b, 1) < 0 && errno == EINTR)
			;
		_exit(0);
	}
	try("PEEKDATA not traced", 2, c, 0, 0);
	try("INTERRUPT not traced", 0x4207, c, 0, 0);
	try("SEIZE bad options", 0x4206, c, 0, (void *)-1L);
	try("ATTACH", 16, c, 0, 0);
	int st;
	waitpid(c, &st, __WALL);
	printf("stopped %d by SIGSTOP %d\n", WIFSTOPPED(st), WSTOPSIG(st) == SIGSTOP);
	try("SEIZE traced", 0x4206, c, 0, 0);
	try("request 0x7777", 0x7777, c, 0, 0);
	try("request -1", -1, c, 0, 0);
	try("CONT signal 65", 7, c, 0, (void *)65L);
	try("SYSEMU_SINGLESTEP signal 65", SYSEMU_SINGLESTEP, c, 0, (void *)65L);
	try("DETACH signal -1", 17, c, 0, (void *)-1L);
	try("SETOPTIONS -1", 0x4200, c, 0, (void *)-1L);
	try("PEEKDATA into a bad pointer", 2, c, (void *)&st, BAD);
	try("PEEKDATA of address -8", 2, c, (void *)-8L, &st);
	try("PEEKUSER into a bad pointer", 3, c, 0, BAD);
	try("PEEKUSER offset -8", 3, c, (void *)-8L, &st);
	try("POKEDATA at address -8", 5, c, (void *)-8L, 0);
	try("GETSIGINFO into a bad pointer", 0x4202, c, 0, BAD);
	try("SETSIGINFO from a bad pointer", 0x4203, c, 0, BAD);
	try("GETEVENTMSG into a bad pointer", 0x4201, c, 0, BAD);
	char buf[1024];
	struct iovec iov = {buf, 3};
	try("GETREGSET iovec at a bad pointer", 0x4204, c, (void *)NT_PRSTATUS, BAD);
	try("GETREGSET length 3", 0x4204, c, (void *)NT_PRSTATUS, &iov);
	iov.iov_len = 0;
	try("GETREGSET length 0", 0x4204, c, (void *)NT_PRSTATUS, &iov);
	printf("length after: %zu\n", iov.iov_len);
	iov.iov_base = BAD;
	iov.iov_len = 64;
	try("GETREGSET into a bad base", 0x4204, c, (void *)NT_PRSTATUS, &iov);
	try("SETREGSET from a bad base", 0x4205, c, (void *)NT_PRSTATUS, &iov);
	iov.iov_base = buf;
	try("GETREGSET type 0x7777", 0x4204, c, (void *)0x7777, &iov);
	try("DETACH", 17, c, 0, 0);
	try("DETACH again", 17, c, 0, 0);
	close(p[1]);
	waitpid(c, &st, 0);
	printf("child exited %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}
