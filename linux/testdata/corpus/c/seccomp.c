/* seccomp(2) and prctl(PR_SET_SECCOMP/PR_GET_SECCOMP) (linux/seccomp.go):
 * the checks of a filter and their errno order, every action (ERRNO with
 * its cap at 4095, TRAP and its siginfo, KILL_THREAD in a process of one
 * thread and of two, KILL_PROCESS, an unknown action, TRACE and
 * USER_NOTIF without a tracer or listener, LOG), the precedence of
 * stacked filters, loads of both halves of a 64-bit argument, strict
 * mode, SECCOMP_FILTER_FLAG_TSYNC (and its failure: the thread id, or
 * ESRCH), the limit on a thread's chain of filters, no_new_privs, and
 * inheritance over fork and execve, with /proc's NoNewPrivs, Seccomp
 * and Seccomp_filters lines. Each case runs in a child (so its filters
 * end with it); the parent prints how the child ended.
 *
 * qemu-user 7.2 refuses seccomp (ENOSYS; prctl's PR_SET_SECCOMP EINVAL,
 * to keep its own calls), so seccomp.expected is a native run of this
 * program on an x86-64 host (Linux 6.18), built there with the host's
 * arch constant and system call numbers (chosen at compile time below);
 * every line it prints is architecture-independent, and each was checked
 * against Linux 6.1's kernel/seccomp.c (seccomp_set_mode_filter,
 * seccomp_prepare_filter, bpf_check_classic, seccomp_check_filter,
 * seccomp_attach_filter, __seccomp_filter, __secure_computing_strict).
 * SECCOMP_FILTER_FLAG_NEW_LISTENER, which the runner refuses, is not
 * used. The program re-executes itself only when asked to by its
 * argument (the execve case: "exec-child"). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARCH AUDIT_ARCH_PPC64LE
#elif defined(__powerpc64__)
#define ARCH AUDIT_ARCH_PPC64
#else
#error "no arch"
#endif

/* The 32-bit halves of a 64-bit field of struct seccomp_data, as the
 * kernel's byte order lays them out. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LOW 0
#define HIGH 4
#else
#define LOW 4
#define HIGH 0
#endif
#define ARG_LOW(n) (offsetof(struct seccomp_data, args[n]) + LOW)
#define ARG_HIGH(n) (offsetof(struct seccomp_data, args[n]) + HIGH)

/* say writes at once (no stdio buffer: children are killed, and strict
 * mode allows write). */
static void say(const char *fmt, ...) {
	char b[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (write(1, b, n) < 0)
		_exit(99);
}

static void res(const char *what, long r) {
	if (r < 0)
		say("%s: -1 %s\n", what, strerror(errno));
	else
		say("%s: %ld\n", what, r);
}

static long sys_seccomp(unsigned long op, unsigned long flags, void *args) {
	return syscall(SYS_seccomp, op, flags, args);
}

static long install(unsigned flags, struct sock_filter *f, unsigned short n) {
	struct sock_fprog p = {n, f};
	return sys_seccomp(SECCOMP_SET_MODE_FILTER, flags, &p);
}

/* on_nr installs a filter that returns ret for system call nr and allows
 * every other (and kills a call of another arch). */
static long on_nr(unsigned flags, int nr, unsigned ret) {
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, ret),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	return install(flags, f, sizeof f / sizeof f[0]);
}

static void nnp(void) {
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		say("PR_SET_NO_NEW_PRIVS failed\n");
}

/* status prints the seccomp lines of a /proc status file. */
static void status(const char *tag, const char *path) {
	char b[4096];
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		say("%s: open %s: %s\n", tag, path, strerror(errno));
		return;
	}
	ssize_t n = read(fd, b, sizeof b - 1);
	close(fd);
	b[n > 0 ? n : 0] = 0;
	for (char *l = strtok(b, "\n"); l; l = strtok(0, "\n"))
		if (!strncmp(l, "NoNewPrivs:", 11) || !strncmp(l, "Seccomp:", 8) || !strncmp(l, "Seccomp_filters:", 16))
			say("%s: %s\n", tag, l);
}

static void child(const char *name, void (*fn)(void)) {
	pid_t pid = fork();
	if (pid == 0) {
		fn();
		_exit(0);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid)
		say("%s: waitpid: %s\n", name, strerror(errno));
	else if (WIFEXITED(st))
		say("%s: exit %d\n", name, WEXITSTATUS(st));
	else
		say("%s: killed by signal %d\n", name, WTERMSIG(st));
}

static void t_state(void) {
	res("PR_GET_SECCOMP at start", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	status("start", "/proc/self/status");
}

#define PROG(...) ((struct sock_filter[]){__VA_ARGS__}), sizeof((struct sock_filter[]){__VA_ARGS__}) / sizeof(struct sock_filter)
#define RET_ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

static void t_errors(void) {
	struct sock_filter allow[] = {RET_ALLOW};
	struct sock_fprog p = {1, allow};
	nnp();
	res("bad op", sys_seccomp(99, 0, 0));
	res("strict with flags", sys_seccomp(SECCOMP_SET_MODE_STRICT, 1, 0));
	res("strict with args", sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, &p));
	res("unknown flag", sys_seccomp(SECCOMP_SET_MODE_FILTER, 1 << 6, &p));
	res("TSYNC|NEW_LISTENER", sys_seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_NEW_LISTENER, &p));
	res("WAIT_KILLABLE_RECV alone", sys_seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV, &p));
	res("NULL fprog", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, 0));
	res("unknown flag, NULL fprog", sys_seccomp(SECCOMP_SET_MODE_FILTER, 1 << 6, 0));
	struct sock_fprog q = {0, allow};
	res("length 0", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &q));
	q.len = BPF_MAXINSNS + 1;
	res("length 4097", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &q));
	q.len = 1;
	q.filter = 0;
	res("NULL program", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &q));
	q.filter = (struct sock_filter *)8;
	res("bad program address", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &q));
	res("no return at the end", install(0, PROG(RET_ALLOW, BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0))));
	res("load past seccomp_data", install(0, PROG(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 64), RET_ALLOW)));
	res("unaligned load", install(0, PROG(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 2), RET_ALLOW)));
	res("half-word load", install(0, PROG(BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 0), RET_ALLOW)));
	res("indirect load", install(0, PROG(BPF_STMT(BPF_LD | BPF_W | BPF_IND, 0), RET_ALLOW)));
	res("mod", install(0, PROG(BPF_STMT(BPF_ALU | BPF_MOD | BPF_K, 3), RET_ALLOW)));
	res("div by 0", install(0, PROG(BPF_STMT(BPF_ALU | BPF_DIV | BPF_K, 0), RET_ALLOW)));
	res("shift by 32", install(0, PROG(BPF_STMT(BPF_ALU | BPF_LSH | BPF_K, 32), RET_ALLOW)));
	res("jump past the end", install(0, PROG(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0), RET_ALLOW)));
	res("ja past the end", install(0, PROG(BPF_STMT(BPF_JMP | BPF_JA, 1), RET_ALLOW)));
	res("scratch not stored", install(0, PROG(BPF_STMT(BPF_LD | BPF_MEM, 1), RET_ALLOW)));
	res("scratch index 16", install(0, PROG(BPF_STMT(BPF_ST, 16), RET_ALLOW)));
	res("unknown opcode", install(0, PROG(BPF_STMT(0xff, 0), RET_ALLOW)));
	static const struct {
		const char *name;
		unsigned action;
	} actions[] = {
		{"KILL_PROCESS", SECCOMP_RET_KILL_PROCESS}, {"KILL_THREAD", SECCOMP_RET_KILL_THREAD},
		{"TRAP", SECCOMP_RET_TRAP}, {"ERRNO", SECCOMP_RET_ERRNO}, {"USER_NOTIF", SECCOMP_RET_USER_NOTIF},
		{"TRACE", SECCOMP_RET_TRACE}, {"LOG", SECCOMP_RET_LOG}, {"ALLOW", SECCOMP_RET_ALLOW},
		{"0x00010000", 0x00010000}, {"ERRNO|1", SECCOMP_RET_ERRNO | 1},
	};
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++) {
		char what[64];
		unsigned a = actions[i].action;
		snprintf(what, sizeof what, "GET_ACTION_AVAIL %s", actions[i].name);
		res(what, sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 0, &a));
	}
	unsigned a = SECCOMP_RET_ALLOW;
	res("GET_ACTION_AVAIL with flags", sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 1, &a));
	res("GET_ACTION_AVAIL NULL", sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 0, 0));
	struct seccomp_notif_sizes sz = {0};
	res("GET_NOTIF_SIZES", sys_seccomp(SECCOMP_GET_NOTIF_SIZES, 0, &sz));
	say("sizes: notif %u resp %u data %u\n", sz.seccomp_notif, sz.seccomp_notif_resp, sz.seccomp_data);
	res("GET_NOTIF_SIZES with flags", sys_seccomp(SECCOMP_GET_NOTIF_SIZES, 1, &sz));
	res("GET_NOTIF_SIZES NULL", sys_seccomp(SECCOMP_GET_NOTIF_SIZES, 0, 0));
	res("PR_SET_SECCOMP 5", prctl(PR_SET_SECCOMP, 5, 0, 0, 0));
	res("PR_SET_SECCOMP filter NULL", prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, 0, 0, 0));
	res("PR_GET_SECCOMP after refusals", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	/* A valid program using scratch memory, the length load and ALU. */
	res("valid program", install(0, PROG(
		BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0),
		BPF_STMT(BPF_ST, 4),
		BPF_STMT(BPF_LDX | BPF_MEM, 4),
		BPF_STMT(BPF_ALU | BPF_SUB | BPF_X, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		RET_ALLOW)));
	res("PR_GET_SECCOMP after a filter", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	res("strict after filter", sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, 0));
	res("prctl strict after filter", prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0));
	res("prctl filter", prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p, 0, 0));
	status("after two filters", "/proc/self/status");
}

/* t_eacces: without no_new_privs and CAP_SYS_ADMIN (every capability
 * dropped first), a filter is EACCES, after the length check. */
static void t_eacces(void) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2] = {{0}};
	res("drop every capability", syscall(SYS_capset, &h, d));
	struct sock_filter allow[] = {RET_ALLOW};
	struct sock_fprog p = {1, allow}, z = {0, allow};
	res("no nnp: filter", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p));
	res("no nnp: prctl filter", prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p, 0, 0));
	res("no nnp: length 0", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &z));
	res("no nnp: NULL fprog", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, 0));
	res("no nnp: strict mode is allowed (not entered)", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	nnp();
	res("nnp: filter", sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p));
}

static void t_errno(void) {
	nnp();
	uid_t uid = getuid();
	res("filter getppid ERRNO EXDEV", on_nr(0, SYS_getppid, SECCOMP_RET_ERRNO | EXDEV));
	res("getppid", syscall(SYS_getppid));
	res("PR_GET_SECCOMP", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	status("one filter", "/proc/self/status");
	res("filter getppid ERRNO ENOSPC", on_nr(0, SYS_getppid, SECCOMP_RET_ERRNO | ENOSPC));
	res("getppid (the newer filter's errno)", syscall(SYS_getppid));
	res("filter getpgid ERRNO 0xffff", on_nr(0, SYS_getpgid, SECCOMP_RET_ERRNO | 0xffff));
	long r = syscall(SYS_getpgid, 0);
	say("getpgid: %ld errno %d\n", r, errno);
	res("filter getsid ERRNO 0", on_nr(0, SYS_getsid, SECCOMP_RET_ERRNO));
	res("getsid (ERRNO 0)", syscall(SYS_getsid, 0));
	res("filter sched_yield TRACE", on_nr(0, SYS_sched_yield, SECCOMP_RET_TRACE | 5));
	res("sched_yield (no tracer)", syscall(SYS_sched_yield));
	res("filter umask USER_NOTIF", on_nr(0, SYS_umask, SECCOMP_RET_USER_NOTIF));
	res("umask (no listener)", syscall(SYS_umask, 022));
	res("filter getuid LOG", on_nr(SECCOMP_FILTER_FLAG_LOG, SYS_getuid, SECCOMP_RET_LOG));
	say("getuid under LOG: %s\n", (uid_t)syscall(SYS_getuid) == uid ? "the uid" : "wrong");
	/* dup's first argument, both halves: E2BIG for 0x12345_0000004d
	 * only. */
	res("filter dup(0x123450000004d)", install(0, PROG(
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_dup, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LOW(0)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x4d, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_HIGH(0)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x12345, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | E2BIG),
		RET_ALLOW)));
	res("dup(0x123450000004d)", syscall(SYS_dup, 0x123450000004dL));
	res("dup(0x4d)", syscall(SYS_dup, 0x4dL));
	res("dup(0x123450000004e)", syscall(SYS_dup, 0x123450000004eL));
	status("eight filters", "/proc/self/status");
}

static volatile int trapped;

static void on_sigsys(int sig, siginfo_t *si, void *ucv) {
	ucontext_t *uc = ucv;
	trapped++;
#if defined(__x86_64__)
	void *pc = (void *)uc->uc_mcontext.gregs[REG_RIP];
	uc->uc_mcontext.gregs[REG_RAX] = 4242;
#else
	void *pc = (void *)uc->uc_mcontext.gp_regs[PT_NIP];
	uc->uc_mcontext.gp_regs[PT_R3] = 4242;
	uc->uc_mcontext.gp_regs[PT_CCR] &= ~0x10000000UL;
#endif
	say("SIGSYS: signo %d code %d errno %d syscall %s arch %s call_addr %s\n", si->si_signo, si->si_code, si->si_errno,
	    si->si_syscall == SYS_getppid ? "getppid" : "other", si->si_arch == ARCH ? "native" : "other",
	    si->si_call_addr == pc ? "the interrupted pc" : "elsewhere");
	(void)sig;
}

static void t_trap(void) {
	nnp();
	struct sigaction sa = {.sa_sigaction = on_sigsys, .sa_flags = SA_SIGINFO};
	sigaction(SIGSYS, &sa, 0);
	res("filter getppid TRAP 0x123", on_nr(0, SYS_getppid, SECCOMP_RET_TRAP | 0x123));
	res("getppid (the handler's r3)", syscall(SYS_getppid));
	res("filter getppid ERRNO (newer)", on_nr(0, SYS_getppid, SECCOMP_RET_ERRNO | EXDEV));
	res("getppid (TRAP comes first)", syscall(SYS_getppid));
	res("filter getppid KILL_THREAD (newer)", on_nr(0, SYS_getppid, SECCOMP_RET_KILL_THREAD));
	say("handler ran %d times\n", trapped);
	syscall(SYS_getppid);
	say("not reached\n");
}

static void t_trap_blocked(void) {
	nnp();
	struct sigaction sa = {.sa_sigaction = on_sigsys, .sa_flags = SA_SIGINFO};
	sigaction(SIGSYS, &sa, 0);
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGSYS);
	sigprocmask(SIG_BLOCK, &s, 0);
	on_nr(0, SYS_getppid, SECCOMP_RET_TRAP);
	syscall(SYS_getppid);
	say("not reached\n");
}

static void t_trap_ignored(void) {
	nnp();
	signal(SIGSYS, SIG_IGN);
	on_nr(0, SYS_getppid, SECCOMP_RET_TRAP);
	syscall(SYS_getppid);
	say("not reached\n");
}

static unsigned kill_action;

static void t_kill(void) {
	nnp();
	on_nr(0, SYS_getppid, kill_action);
	syscall(SYS_getppid);
	say("not reached\n");
}

static void *getppid_thread(void *arg) {
	(void)arg;
	syscall(SYS_getppid);
	say("not reached\n");
	return 0;
}

static void t_kill_thread_of_two(void) {
	nnp();
	on_nr(0, SYS_getppid, kill_action);
	pthread_t th;
	pthread_create(&th, 0, getppid_thread, 0);
	pthread_join(th, 0);
	say("the other thread ended; this one goes on\n");
}

static int strict_pipe[2];

static void t_strict_prctl(void) {
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0) != 0)
		say("prctl strict failed\n");
	say("strict: write ok\n");
	char c = 0;
	if (syscall(SYS_read, strict_pipe[0], &c, 1) == 1)
		say("strict: read ok: %c\n", c);
	syscall(SYS_exit, 7);
}

static void t_strict_other(void) {
	if (sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, 0) != 0)
		say("seccomp strict failed\n");
	say("strict: now getppid\n");
	syscall(SYS_getppid);
	say("not reached\n");
}

static void t_strict_exit_group(void) {
	if (sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, 0) != 0)
		say("seccomp strict failed\n");
	_exit(0); /* exit_group */
}

static void t_strict_prctl_get(void) {
	if (sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, 0) != 0)
		say("seccomp strict failed\n");
	prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	say("not reached\n");
}

/* TSYNC: threads that wait on pipes until told to go on. */
static int go1[2], go2[2], back[2];

static void *tsync_thread1(void *arg) {
	char c;
	(void)arg;
	if (read(go1[0], &c, 1) != 1)
		return 0;
	res("thread 1: getppid after TSYNC", syscall(SYS_getppid));
	res("thread 1: PR_GET_SECCOMP", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	status("thread 1", "/proc/thread-self/status");
	return 0;
}

static void *tsync_thread2(void *arg) {
	char c;
	(void)arg;
	res("thread 2: its own filter", on_nr(0, SYS_getpgid, SECCOMP_RET_ERRNO | EXDEV));
	int tid = syscall(SYS_gettid);
	if (write(back[1], &tid, sizeof tid) != sizeof tid)
		return 0;
	if (read(go2[0], &c, 1) != 1)
		return 0;
	return 0;
}

static void t_tsync(void) {
	if (pipe(go1) || pipe(go2) || pipe(back))
		say("pipe failed\n");
	pthread_t t1, t2;
	pthread_create(&t1, 0, tsync_thread1, 0);
	nnp(); /* this thread only: TSYNC gives it to the others */
	res("TSYNC filter getppid ERRNO EXDEV", on_nr(SECCOMP_FILTER_FLAG_TSYNC, SYS_getppid, SECCOMP_RET_ERRNO | EXDEV));
	if (write(go1[1], "g", 1) != 1)
		say("write failed\n");
	pthread_join(t1, 0);
	pthread_create(&t2, 0, tsync_thread2, 0);
	int tid = 0;
	if (read(back[0], &tid, sizeof tid) != sizeof tid)
		say("read failed\n");
	long r = on_nr(SECCOMP_FILTER_FLAG_TSYNC, SYS_getsid, SECCOMP_RET_ERRNO | EXDEV);
	say("TSYNC with a thread of its own filter: %s\n", r == tid ? "its thread id" : r == 0 ? "0" : "other");
	res("TSYNC|TSYNC_ESRCH", on_nr(SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_TSYNC_ESRCH, SYS_getsid, SECCOMP_RET_ERRNO | EXDEV));
	res("main: getsid (no filter attached)", syscall(SYS_getsid, 0) >= 0); /* 0 when the run descends from init without a session of its own */
	status("main", "/proc/thread-self/status");
	if (write(go2[1], "g", 1) != 1)
		say("write failed\n");
	pthread_join(t2, 0);
}

static void t_limit(void) {
	nnp();
	static struct sock_filter big[BPF_MAXINSNS];
	for (int i = 0; i < BPF_MAXINSNS - 1; i++)
		big[i] = (struct sock_filter)BPF_STMT(BPF_JMP | BPF_JA, 0);
	big[BPF_MAXINSNS - 1] = (struct sock_filter)RET_ALLOW;
	int ok = 0;
	for (int i = 0; i < 7; i++)
		ok += install(0, big, BPF_MAXINSNS) == 0;
	say("7 filters of 4096: %d attached\n", ok);
	res("an 8th of 4096", install(0, big, BPF_MAXINSNS));
	/* Linux counts the eBPF instructions of a filter: 3 + 4095 + 2 =
	 * 4100 for these, and 4 more for each attached one: 7 take 28728
	 * of the 32768. */
	res("an 8th of 4037 (4041 in eBPF)", install(0, big + BPF_MAXINSNS - 4037, 4037));
	res("an 8th of 4036 (4040 in eBPF)", install(0, big + BPF_MAXINSNS - 4036, 4036));
	res("a 9th of 1", install(0, big + BPF_MAXINSNS - 1, 1));
	status("limit", "/proc/self/status");
}

static void t_fork_grandchild(void) {
	res("grandchild: getppid", syscall(SYS_getppid));
	res("grandchild: PR_GET_SECCOMP", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
	status("grandchild", "/proc/self/status");
}

static void t_fork(void) {
	nnp();
	on_nr(0, SYS_getppid, SECCOMP_RET_ERRNO | EXDEV);
	child("grandchild", t_fork_grandchild);
}

static char *self;

static void t_exec(void) {
	nnp();
	on_nr(0, SYS_getppid, SECCOMP_RET_ERRNO | EXDEV);
	on_nr(0, SYS_getpgid, SECCOMP_RET_ERRNO | ENOSPC);
	execl("/proc/self/exe", self, "exec-child", (char *)0);
	say("execl: %s\n", strerror(errno));
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "exec-child")) {
		res("after execve: getppid", syscall(SYS_getppid));
		res("after execve: getpgid", syscall(SYS_getpgid, 0));
		res("after execve: PR_GET_SECCOMP", prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
		status("after execve", "/proc/self/status");
		return 0;
	}
	self = argv[0];
	child("state", t_state);
	child("errors", t_errors);
	child("eacces", t_eacces);
	child("errno", t_errno);
	child("trap", t_trap);
	child("trap blocked", t_trap_blocked);
	child("trap ignored", t_trap_ignored);
	kill_action = SECCOMP_RET_KILL_THREAD;
	child("KILL_THREAD", t_kill);
	child("KILL_THREAD of a second thread", t_kill_thread_of_two);
	kill_action = SECCOMP_RET_KILL_PROCESS;
	child("KILL_PROCESS", t_kill);
	child("KILL_PROCESS by a second thread", t_kill_thread_of_two);
	kill_action = 0x00010000;
	child("unknown action", t_kill);
	if (pipe(strict_pipe) || write(strict_pipe[1], "x", 1) != 1)
		say("pipe failed\n");
	child("strict prctl", t_strict_prctl);
	child("strict getppid", t_strict_other);
	child("strict exit_group", t_strict_exit_group);
	child("strict prctl GET", t_strict_prctl_get);
	child("tsync", t_tsync);
	child("limit", t_limit);
	child("fork", t_fork);
	child("exec", t_exec);
	return 0;
}
