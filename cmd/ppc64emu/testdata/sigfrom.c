// Stop and continue signals from another process (run_gdb_signal_test.go):
// the child stops its parent, which GDB debugs, and continues it once the
// parent has run on; the pipes order the two signals with the parent's
// run.
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	int sent[2], ran[2];
	char c;
	if (pipe(sent) != 0 || pipe(ran) != 0)
		return 1;
	pid_t child = fork();
	if (child == 0) {
		kill(getppid(), SIGSTOP);
		write(sent[1], "s", 1);
		read(ran[0], &c, 1);
		kill(getppid(), SIGCONT);
		return 7;
	}
	read(sent[0], &c, 1); // the SIGSTOP is pending when this returns
	write(ran[1], "r", 1);
	int st;
	waitpid(child, &st, 0);
	printf("@@child %d\n", WEXITSTATUS(st));
	return 0;
}
