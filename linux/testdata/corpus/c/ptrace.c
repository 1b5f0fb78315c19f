/* ptrace(2) between processes: PTRACE_ATTACH of a child blocked in read,
 * its attach stop (the SIGSTOP's siginfo, /proc's "t (tracing stop)" and
 * TracerPid), its registers (GETREGSET NT_PRSTATUS: the stack pointer near
 * the child's own local variable, the next instruction in the program's
 * text, PEEKUSR of the stack pointer's slot alike), PEEKDATA of a word the
 * child wrote, POKEDATA the child then sees, signal-delivery-stops (the
 * signal a tracer passes is the one delivered, a changed one with the
 * tracer's SI_USER siginfo; 0 suppresses it), DETACH; PTRACE_TRACEME and
 * execve's SIGTRAP; PTRACE_SEIZE and INTERRUPT's PTRACE_EVENT_STOP; a
 * traced thread's end reported to its tracer (not its parent);
 * PTRACE_SYSCALL's enter and exit stops (TRACESYSGOOD's 0x80, a call
 * changed at its enter stop: getppid made getpid); PTRACE_SINGLESTEP's
 * SIGTRAP (TRAP_TRACE) after one instruction; the errors
 * (ESRCH not traced or not stopped, EPERM for the caller's own process or
 * a second tracer, EIO for a bad request, address or signal). Handshakes
 * through pipes, no timing.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS), so ptrace.expected is this
 * program built for the x86-64 host and run natively (Linux 6.18): nothing
 * printed depends on the architecture (registers are checked as booleans,
 * through each architecture's own layout).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptracehelp.h"

extern char __executable_start[], etext[];

static volatile uint64_t magic = 0x1111111111111111ULL;
static volatile uint64_t poked = 0;
static volatile int usr1, usr2, spin = 1;

static void on_usr1(int sig) { (void)sig; usr1++; }
static void on_usr2(int sig) { (void)sig; usr2++; }

/* procline prints whether /proc/PID/status says the tracing stop and the
 * tracer. */
static void procline(int pid) {
	char path[64], line[256];
	int state = 0, tracer = -1;
	snprintf(path, sizeof path, "/proc/%d/status", pid);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("status: %s\n", strerror(errno));
		return;
	}
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "State:", 6))
			state = strstr(line, "t (tracing stop)") != NULL;
		if (!strncmp(line, "TracerPid:", 10))
			tracer = atoi(line + 10);
	}
	fclose(f);
	printf("status: tracing stop %d, TracerPid is the tracer %d\n", state, tracer == getpid());
	fflush(stdout);
}

static void attach_child(void) {
	int up[2], down[2], st;
	if (pipe(up) || pipe(down))
		exit(92);
	pid_t c = fork();
	if (c == 0) {
		struct sigaction sa = {0};
		sa.sa_flags = SA_RESTART;
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, NULL);
		sa.sa_handler = on_usr2;
		sigaction(SIGUSR2, &sa, NULL);
		volatile uint64_t local = 0;
		uint64_t where = (uint64_t)(uintptr_t)&local;
		magic = 0x0123456789abcdefULL;
		put(up[1], &where, sizeof where);
		char b;
		get(down[0], &b, 1); /* traced meanwhile */
		printf("child: poked %#llx, SIGUSR1 handled %d, SIGUSR2 handled %d\n", (unsigned long long)poked, usr1, usr2);
		fflush(stdout);
		_exit(7);
	}
	uint64_t local;
	get(up[0], &local, sizeof local);

	say("CONT not traced", ptrace(PTRACE_CONT, c, 0, 0));
	say("ATTACH", ptrace(PTRACE_ATTACH, c, 0, 0));
	say("ATTACH again", ptrace(PTRACE_ATTACH, c, 0, 0));
	int w = waitpid(c, &st, __WALL);
	status("attach stop", w, st);
	procline(c);

	siginfo_t si;
	memset(&si, 0, sizeof si);
	say("GETSIGINFO", ptrace(PTRACE_GETSIGINFO, c, 0, &si));
	printf("siginfo: %s code %d\n", sigabbrev_np(si.si_signo), si.si_code);

	regs_t r;
	struct iovec iov = {&r, sizeof r};
	say("GETREGSET NT_PRSTATUS", ptrace(PTRACE_GETREGSET, c, (void *)NT_PRSTATUS, &iov));
	printf("regs: length whole %d, sp near the child's local %d, pc in the text %d\n", iov.iov_len == sizeof r,
	       REG_SP(r) <= local && local - REG_SP(r) < 1 << 20,
	       REG_PC(r) >= (uintptr_t)__executable_start && REG_PC(r) < (uintptr_t)etext);
	errno = 0;
	long sp = ptrace(PTRACE_PEEKUSER, c, (void *)SP_OFFSET, 0);
	printf("PEEKUSER sp: errno %d, the regset's %d\n", errno, (unsigned long)sp == REG_SP(r));
	errno = 0;
	ptrace(PTRACE_PEEKUSER, c, (void *)(SP_OFFSET + 1), 0);
	printf("PEEKUSER unaligned: %s\n", strerror(errno));

	errno = 0;
	long word = ptrace(PTRACE_PEEKDATA, c, (void *)&magic, 0);
	printf("PEEKDATA magic: %#lx errno %d\n", word, errno);
	errno = 0;
	ptrace(PTRACE_PEEKDATA, c, (void *)8, 0);
	printf("PEEKDATA at 8: %s\n", strerror(errno));
	say("POKEDATA poked", ptrace(PTRACE_POKEDATA, c, (void *)&poked, (void *)0x5a5a5a5a5a5aL));
	say("POKEDATA at 8", ptrace(PTRACE_POKEDATA, c, (void *)8, 0));
	say("request 0x7777", ptrace((enum __ptrace_request)0x7777, c, 0, 0));
	say("GETREGSET type 0x7777", ptrace(PTRACE_GETREGSET, c, (void *)0x7777, &iov));
	say("CONT signal 100", ptrace(PTRACE_CONT, c, 0, (void *)100));
	say("INTERRUPT not seized", ptrace(PTRACE_INTERRUPT, c, 0, 0));
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));

	kill(c, SIGUSR1);
	w = waitpid(c, &st, 0);
	status("signal stop", w, st);
	memset(&si, 0, sizeof si);
	ptrace(PTRACE_GETSIGINFO, c, 0, &si);
	printf("siginfo: %s SI_USER %d from the tracer %d\n", sigabbrev_np(si.si_signo), si.si_code == SI_USER, si.si_pid == getpid());
	say("CONT SIGUSR2", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR2));
	kill(c, SIGUSR1);
	w = waitpid(c, &st, 0);
	status("signal stop", w, st);
	say("CONT 0", ptrace(PTRACE_CONT, c, 0, 0));
	kill(c, SIGUSR1);
	w = waitpid(c, &st, 0);
	status("signal stop", w, st);
	say("DETACH SIGUSR1", ptrace(PTRACE_DETACH, c, 0, (void *)SIGUSR1));
	say("CONT detached", ptrace(PTRACE_CONT, c, 0, 0));
	put(down[1], "x", 1);
	w = waitpid(c, &st, 0);
	status("child", w, st);
	close(up[0]);
	close(up[1]);
	close(down[0]);
	close(down[1]);
}

static void traceme_child(const char *self) {
	int st;
	pid_t c = fork();
	if (c == 0) {
		say("TRACEME", ptrace(PTRACE_TRACEME, 0, 0, 0));
		say("TRACEME again", ptrace(PTRACE_TRACEME, 0, 0, 0));
		execl(self, self, "exec", (char *)NULL);
		_exit(93);
	}
	int w = waitpid(c, &st, 0);
	status("exec stop", w, st);
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	w = waitpid(c, &st, 0);
	status("exec child", w, st);
}

static void seize_child(void) {
	int st;
	pid_t c = fork();
	if (c == 0) {
		while (spin)
			;
		_exit(5);
	}
	say("SEIZE", ptrace(PTRACE_SEIZE, c, 0, (void *)PTRACE_O_EXITKILL));
	say("SEIZE bad option", ptrace(PTRACE_SEIZE, c, 0, (void *)0x40000000L));
	say("wait WNOHANG", waitpid(c, &st, WNOHANG));
	say("GETREGSET running", ptrace(PTRACE_GETREGSET, c, (void *)NT_PRSTATUS, 0));
	say("INTERRUPT", ptrace(PTRACE_INTERRUPT, c, 0, 0));
	int w = waitpid(c, &st, 0);
	status("interrupt stop", w, st);
	say("POKEDATA spin", ptrace(PTRACE_POKEDATA, c, (void *)&spin, 0));
	say("SETOPTIONS bad", ptrace(PTRACE_SETOPTIONS, c, 0, (void *)0x40000000L));
	unsigned long msg = 1;
	say("GETEVENTMSG", ptrace(PTRACE_GETEVENTMSG, c, 0, &msg));
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	w = waitpid(c, &st, 0);
	status("seized child", w, st);
}

static int tup[2], tdown[2];

static void *thread_main(void *arg) {
	(void)arg;
	pid_t tid = syscall(SYS_gettid);
	put(tup[1], &tid, sizeof tid);
	char b;
	get(tdown[0], &b, 1);
	return NULL;
}

static void thread_child(void) {
	int st;
	if (pipe(tup) || pipe(tdown))
		exit(94);
	pid_t c = fork();
	if (c == 0) {
		pthread_t th;
		pthread_create(&th, NULL, thread_main, NULL);
		pthread_join(th, NULL);
		_exit(6);
	}
	pid_t tid;
	get(tup[0], &tid, sizeof tid);
	say("ATTACH thread", ptrace(PTRACE_ATTACH, tid, 0, 0));
	int w = waitpid(tid, &st, 0);
	printf("wait thread without __WALL is the thread %d\n", w == tid);
	status("thread attach stop", w, st);
	say("CONT thread", ptrace(PTRACE_CONT, tid, 0, 0));
	put(tdown[1], "x", 1);
	w = waitpid(tid, &st, __WALL);
	printf("wait thread is the thread %d\n", w == tid);
	status("thread end", w, st);
	w = waitpid(c, &st, 0);
	status("thread child", w, st);
}

static void syscall_child(void) {
	int st;
	pid_t c = fork();
	if (c == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		long a = syscall(SYS_getppid);
		long b = syscall(SYS_getppid);
		_exit(a == getpid() && b == getppid() ? 4 : 44);
	}
	int w = waitpid(c, &st, 0);
	status("syscall child", w, st);
	say("SETOPTIONS TRACESYSGOOD", ptrace(PTRACE_SETOPTIONS, c, 0, (void *)PTRACE_O_TRACESYSGOOD));
	regs_t r;
	int calls = 0, stops = 0, changed = 0;
	for (;;) {
		if (ptrace(PTRACE_SYSCALL, c, 0, 0) < 0)
			break;
		w = waitpid(c, &st, 0);
		if (w != c || !WIFSTOPPED(st)) {
			status("syscall child", w, st);
			break;
		}
		stops++;
		if (WSTOPSIG(st) != (SIGTRAP | 0x80)) {
			status("not a syscall stop", w, st);
			continue;
		}
		getregs(c, &r);
		if (REG_NR(r) != SYS_getppid && REG_NR(r) != SYS_getpid)
			continue;
		/* the enter stop of the first getppid: made getpid */
		if (calls == 0 && REG_NR(r) == SYS_getppid && !changed) {
			printf("enter stop: getppid, stop signal SIGTRAP|0x80\n");
			REG_NR(r) = SYS_getpid;
			setregs(c, &r);
			changed = 1;
			continue;
		}
		if (changed == 1) {
			printf("exit stop: the call is getpid %d, result the child's pid %d\n", REG_NR(r) == SYS_getpid, (long)REG_RET(r) == c);
			changed = 2;
			calls++;
			continue;
		}
		if (REG_NR(r) == SYS_getppid) {
			calls++;
			if (calls == 3)
				printf("exit stop: getppid's result the tracer's pid %d\n", (long)REG_RET(r) == getpid());
		}
	}
	printf("syscall stops: more than 6 %d\n", stops > 6);
}

static void step_child(void) {
	int st;
	pid_t c = fork();
	if (c == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		for (volatile int i = 0; i < 1000; i++)
			;
		_exit(2);
	}
	int w = waitpid(c, &st, 0);
	status("step child", w, st);
	regs_t r;
	getregs(c, &r);
	unsigned long pc = REG_PC(r);
	int moved = 0, trace = 0, traps = 0;
	for (int i = 0; i < 20; i++) {
		if (ptrace(PTRACE_SINGLESTEP, c, 0, 0) < 0) {
			say("SINGLESTEP", -1);
			break;
		}
		w = waitpid(c, &st, 0);
		if (w != c || !WIFSTOPPED(st))
			break;
		traps += WSTOPSIG(st) == SIGTRAP;
		siginfo_t si;
		ptrace(PTRACE_GETSIGINFO, c, 0, &si);
		trace += si.si_code == TRAP_TRACE;
		getregs(c, &r);
		moved += REG_PC(r) != pc;
		pc = REG_PC(r);
	}
	printf("20 steps: SIGTRAP %d, TRAP_TRACE %d, pc moved %d\n", traps == 20, trace == 20, moved == 20);
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	w = waitpid(c, &st, 0);
	status("step child", w, st);
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "exec"))
		return 3;
	say("CONT self", ptrace(PTRACE_CONT, getpid(), 0, 0));
	say("ATTACH self", ptrace(PTRACE_ATTACH, getpid(), 0, 0));
	say("ATTACH no such process", ptrace(PTRACE_ATTACH, -5, 0, 0));
	attach_child();
	traceme_child(argv[0]);
	seize_child();
	thread_child();
	syscall_child();
	step_child();
	return 0;
}
