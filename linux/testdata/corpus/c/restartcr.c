/* What a signal handler's ucontext shows of a read(2) it interrupted: the
   pc, r3 and CR0[SO] (uc_mcontext.gp_regs[PT_NIP], [PT_R3], [PT_CCR]).

   Linux 6.1 (arch/powerpc/kernel/interrupt.c, syscall_exit_prepare) turns
   the read's -ERESTARTSYS into r3 = 512 with CR0[SO] set before it
   delivers the signal; arch/powerpc/kernel/signal.c's
   check_syscall_restart then either restarts the call (SA_RESTART: the pc
   back at the sc, r3 = orig_gpr3, the read's descriptor) and leaves SO as
   it is, set, or makes it EINTR (r3 = 4, SO set, the pc after the sc).
   So the handler sees SO set both times. QEMU 7.2 clears SO when it
   restarts a call, so this program's expected output is restartcr.expected,
   written from those sources, not a qemu-user run.

   No timing orders the events: the main thread signals the reader only
   once /proc shows it sleeping (it does nothing else that sleeps between
   its handshake and the read), and the handler records the context of
   the one signal that interrupted the read. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static int data[2], ctl[2];
static volatile pid_t readerTid;
static volatile int hits;
static volatile unsigned long nip, r3, ccr;
static volatile unsigned insn, prevInsn;

static void onusr1(int sig, siginfo_t *si, void *ucv) {
	ucontext_t *uc = ucv;
	nip = uc->uc_mcontext.gp_regs[PT_NIP];
	r3 = uc->uc_mcontext.gp_regs[PT_R3];
	ccr = uc->uc_mcontext.gp_regs[PT_CCR];
	insn = *(unsigned *)nip;
	prevInsn = *(unsigned *)(nip - 4);
	hits++;
}

static void pace(void) {
	struct timespec t = {0, 1000000};
	nanosleep(&t, NULL);
}

/* sleeping says whether thread tid is asleep, as /proc's stat says. */
static int sleeping(pid_t tid) {
	char path[64], buf[256];
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

static void install(int flags) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onusr1;
	sa.sa_flags = SA_SIGINFO | flags;
	sigaction(SIGUSR1, &sa, NULL);
}

static const char *where(void) {
	if (insn == 0x44000002)
		return "at the sc";
	if (prevInsn == 0x44000002)
		return "after the sc";
	return "elsewhere";
}

static void *reader(void *arg) {
	char buf[16];
	readerTid = syscall(SYS_gettid);
	write(ctl[1], "a", 1);
	ssize_t n = read(data[0], buf, sizeof buf);
	int e = errno;
	printf("no SA_RESTART: read=%zd %s; handler: pc %s, r3=%s, CR0[SO]=%lu\n", n,
	       n < 0 && e == EINTR ? "EINTR" : "other", where(),
	       r3 == EINTR ? "EINTR" : "other", (ccr >> 28) & 1);
	install(SA_RESTART);
	hits = 0;
	write(ctl[1], "b", 1);
	n = read(data[0], buf, sizeof buf);
	printf("SA_RESTART: read=%zd data=%.*s hits=%d; handler: pc %s, r3=%s, CR0[SO]=%lu\n", n,
	       (int)(n > 0 ? n : 0), buf, hits, where(), r3 == (unsigned long)data[0] ? "the fd" : "other",
	       (ccr >> 28) & 1);
	fflush(stdout);
	return NULL;
}

int main(void) {
	char c;
	pipe(data);
	pipe(ctl);
	install(0);
	pthread_t th;
	pthread_create(&th, NULL, reader, NULL);
	read(ctl[0], &c, 1);
	while (!sleeping(readerTid))
		pace();
	pthread_kill(th, SIGUSR1);
	read(ctl[0], &c, 1);
	while (!sleeping(readerTid))
		pace();
	pthread_kill(th, SIGUSR1);
	while (!hits)
		pace();
	write(data[1], "hello", 5);
	pthread_join(th, NULL);
	return 0;
}
