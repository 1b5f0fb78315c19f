// detach: the first process ends while a child it forked runs on. Under
// Linux (and qemu-user) the first process's parent sees it end at once —
// a shell goes on to its next command — while the child runs on, its
// output still reaching the first process's standard output.
//
// No argument (TestCorpus): the child waits for its parent's end (the
// end of a pipe only the parent holds: Linux closes an exiting process's
// descriptors before it reparents its children, so getppid may still
// name the parent then), then prints; the parent exits 0.
// "wait": the child prints the line it reads from descriptor 3 (the
// test's pipe, written only once the test has seen the first process
// end: TestRunnerFirstExit); the parent exits with status 7 once its
// child has started. "kill": so, but the parent kills itself with
// SIGTERM. "group": the child waits for SIGUSR1, which the test sends the
// process group once the first process has ended, and prints it.
// "daemon": "wait", but the child first makes its descriptors 0-2
// /dev/null, as a daemon does. "setsid": "wait", but the child makes a
// session of its own before it says it is ready (the test kills the
// run's process group before it writes the line). "stop": "wait", but then the child runs
// dadd, a decimal floating-point op (on powerpc64 only), which ppc64emu
// does not execute: the run stops with its message (TestRunnerLateStderr).
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t got;
static void on_usr1(int sig) { got = sig; }

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "";
	int ready[2], gone[2];
	if (pipe(ready) < 0 || pipe(gone) < 0)
		return 1;
	sigset_t usr1, old;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	signal(SIGUSR1, on_usr1);
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	char c;
	if (pid == 0) {
		close(ready[0]);
		close(gone[1]);
		if (strcmp(mode, "setsid") == 0 && setsid() < 0)
			return 1;
		close(ready[1]); // ready: SIGUSR1's handler is in place, the signal blocked
		if (strcmp(mode, "group") == 0) {
			while (!got)
				sigsuspend(&old);
			printf("child: got SIGUSR1\n");
		} else if (strcmp(mode, "wait") == 0 || strcmp(mode, "kill") == 0 ||
			   strcmp(mode, "daemon") == 0 || strcmp(mode, "stop") == 0 ||
			   strcmp(mode, "setsid") == 0) {
			if (strcmp(mode, "daemon") == 0) {
				int null = open("/dev/null", O_RDWR);
				for (int fd = 0; fd < 3; fd++)
					dup2(null, fd);
				close(null);
			}
			char line[64];
			ssize_t n = read(3, line, sizeof line - 1);
			line[n > 0 ? n : 0] = 0;
			if (strcmp(mode, "stop") == 0) {
#ifdef __powerpc64__
				__asm__ volatile(".long 0x7c000f0d" ::: "cr0", "memory"); // paste. 0,1,0
#endif
			}
			printf("child: got %s", line);
		} else {
			while (read(gone[0], &c, 1) > 0)
				;
			printf("child: parent gone\n");
		}
		return 0;
	}
	close(ready[1]);
	close(gone[0]);
	(void)!read(ready[0], &c, 1); // the child is ready: its end closed
	if (mode[0] == 0) {
		printf("parent: exit 0\n");
		return 0;
	}
	printf("parent: exit 7\n");
	fflush(stdout);
	if (strcmp(mode, "kill") == 0) {
		signal(SIGTERM, SIG_DFL);
		kill(getpid(), SIGTERM);
	}
	return 7;
}
