/* What the ptrace programs (ptrace.c, ptrace2.c, ...) print and their pipe
 * handshakes: say prints a call's result or errno, status a wait's
 * outcome (a stop's signal and event, an exit, a killing signal), put and
 * get move a handshake's bytes (a short one ends the process); regs_t and
 * its macros name each architecture's registers (the stack pointer, the
 * next instruction, the call's number and result; REG_OK marks a result
 * set by hand as no error). Shared by the programs that include it (each
 * is one static translation unit). */
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
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

/* getregs reads tracee c's general registers (NT_PRSTATUS). */
static inline int getregs(pid_t c, regs_t *r) {
	struct iovec iov = {r, sizeof *r};
	return ptrace(PTRACE_GETREGSET, c, (void *)NT_PRSTATUS, &iov);
}

/* setregs writes them back, saying how that went. */
static inline void setregs(pid_t c, regs_t *r) {
	struct iovec iov = {r, sizeof *r};
	say("SETREGSET", ptrace(PTRACE_SETREGSET, c, (void *)NT_PRSTATUS, &iov));
}

/* code_of is the si_code of tracee c's stop, or -1. */
static inline int code_of(pid_t c) {
	siginfo_t si;
	memset(&si, 0, sizeof si);
	if (ptrace(PTRACE_GETSIGINFO, c, 0, &si) < 0)
		return -1;
	return si.si_code;
}

/* code_name names a SIGTRAP si_code. */
static inline const char *code_name(int code) {
	switch (code) {
	case TRAP_TRACE:
		return "TRAP_TRACE";
	case TRAP_BRKPT:
		return "TRAP_BRKPT";
	case SI_USER:
		return "SI_USER";
	case SI_KERNEL:
		return "SI_KERNEL";
	}
	return "other";
}
