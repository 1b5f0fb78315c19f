/* The main stack and RLIMIT_AS, as Linux counts them: execve maps the
 * argument pages plus 128 KiB of stack (setup_arg_pages), not RLIMIT_STACK,
 * and the stack grows on faults below it (expand_stack), each growth
 * checked against RLIMIT_AS (acct_stack_growth: may_expand_vm) and
 * RLIMIT_STACK. So under RLIMIT_AS 32 MiB a small static program maps at
 * least 28 MiB more in 1 MiB pieces (its text, data, heap and initial
 * stack take under 2 MiB; a runner that reserved an 8 MiB stack up front
 * maps 23), a recursion 2 MiB deep then dies of SIGSEGV (no address space
 * for the stack to grow into), and succeeds once 4 MiB are unmapped.
 * stackas.expected is written from those Linux facts (mm/mmap.c,
 * fs/exec.c); under qemu-user RLIMIT_AS bounds qemu's own address space. */
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static char *chunks[64];

/* deep uses about 64 KiB of stack per level. */
static int deep(int n) {
	volatile char frame[65536];
	frame[0] = (char)n;
	frame[sizeof frame - 1] = (char)n;
	return n == 0 ? frame[0] : deep(n - 1) + frame[sizeof frame - 1];
}

static void recurse(const char *what) {
	pid_t pid = fork();
	if (pid == 0)
		_exit(deep(32) == 528 ? 0 : 1); /* 32 levels: 2 MiB */
	int st;
	waitpid(pid, &st, 0);
	if (WIFSIGNALED(st))
		printf("%s: signal %d\n", what, WTERMSIG(st));
	else
		printf("%s: exit %d\n", what, WEXITSTATUS(st));
	fflush(stdout);
}

int main(void) {
	struct rlimit rl = {32 << 20, 32 << 20};
	if (setrlimit(RLIMIT_AS, &rl) != 0) {
		perror("setrlimit");
		return 1;
	}
	int n = 0;
	while (n < 64) {
		void *p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			break;
		chunks[n++] = p;
	}
	printf("1 MiB mappings under RLIMIT_AS 32 MiB: %s\n", n >= 28 && n < 32 ? "at least 28" : "fewer than 28");
	fflush(stdout);
	recurse("2 MiB recursion, address space full");
	for (int i = 0; i < 4; i++)
		munmap(chunks[--n], 1 << 20);
	recurse("2 MiB recursion, 4 MiB unmapped");
	return 0;
}
