/* What the ptrace programs (ptrace.c, ptrace2.c) print and their pipe
 * handshakes: say prints a call's result or errno, status a wait's
 * outcome (a stop's signal and event, an exit, a killing signal), put and
 * get move a handshake's bytes (a short one ends the process); regs_t and
 * its macros name each architecture's registers (the stack pointer, the
 * next instruction, the call's number and result; REG_OK marks a result
 * set by hand as no error). Shared by the programs that include it (each
 * is one static translation unit). */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__powerpc64__)
#include <asm/ptrace.h>
typedef struct pt_regs regs_t;
#define REG_SP(r) ((r).gpr[1])
#define REG_PC(r) ((r).nip)
#define REG_NR(r) ((r).gpr[0])
#define REG_RET(r) ((r).gpr[3])
#define SP_OFFSET (PT_R1 * 8)
#define REG_OK(r) ((r).ccr &= ~0x10000000UL) /* sc's error flag, CR0[SO] */
#elif defined(__x86_64__)
typedef struct user_regs_struct regs_t;
#define REG_SP(r) ((r).rsp)
#define REG_PC(r) ((r).rip)
#define REG_NR(r) ((r).orig_rax)
#define REG_RET(r) ((r).rax)
#define SP_OFFSET offsetof(struct user_regs_struct, rsp)
#define REG_OK(r) ((void)(r))
#else
#error "no register layout for this architecture"
#endif

static void say(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
	fflush(stdout);
}

static void status(const char *what, int pid, int st) {
	if (pid < 0) {
		printf("%s: wait -1 %s\n", what, strerror(errno));
	} else if (WIFSTOPPED(st)) {
		printf("%s: stopped %s event %d\n", what, sigabbrev_np(WSTOPSIG(st)), st >> 16);
	} else if (WIFEXITED(st)) {
		printf("%s: exited %d\n", what, WEXITSTATUS(st));
	} else if (WIFSIGNALED(st)) {
		printf("%s: killed %s\n", what, sigabbrev_np(WTERMSIG(st)));
	} else {
		printf("%s: status %#x\n", what, st);
	}
	fflush(stdout);
}

static inline void put(int fd, const void *b, size_t n) {
	if (write(fd, b, n) != (ssize_t)n)
		_exit(90);
}

static inline void get(int fd, void *b, size_t n) {
	if (read(fd, b, n) != (ssize_t)n)
		_exit(91);
}
