// A dynamically linked program for breakpoints in its libraries
// (replay_gdb test: TestReplayGDBDynamic): GDB must find the libraries and
// the program's load address (a PIE) through the auxiliary vector, and
// place "break printf" after printf's prologue, live and replayed alike.
#include <stdio.h>

int main(int argc, char **argv) {
	(void)argv;
	printf("@@hello %d\n", argc);
	puts("@@bye");
	return 0;
}
