/* A process that forks, for run -gdb (TestRunGDBFork): the parent stops
   at after_fork while the child, which the debugger does not follow, runs
   in_child and exits 3; the parent waits for it. counter tells where the
   parent is: 0 before main's first line, 1 after it, 2 after after_fork,
   12 at the end (the child's counter is its own copy: 101).
   With an argument FIFO (TestRunGDBForkOrphan) the parent exits 5 at once
   and the child, an orphan, waits for a line from FIFO, prints it and
   exits. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

volatile long counter;

void __attribute__((noinline)) in_child(void) { counter += 100; }

void __attribute__((noinline)) after_fork(pid_t c) { counter += c > 0; }

static int orphan(const char *fifo) {
	if (fork() != 0)
		return 5;
	char line[64] = "";
	FILE *f = fopen(fifo, "r");
	if (f == NULL || fgets(line, sizeof line, f) == NULL)
		return 1;
	printf("orphan: %s", line);
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 1)
		return orphan(argv[1]);
	counter = 1;
	pid_t c = fork();
	if (c == 0) {
		in_child();
		printf("child: counter %ld\n", counter);
		fflush(stdout);
		_exit(3);
	}
	after_fork(c);
	counter += 10;
	int st;
	waitpid(c, &st, 0);
	printf("parent: child exited %d, counter %ld\n", WEXITSTATUS(st), counter);
	return 0;
}
