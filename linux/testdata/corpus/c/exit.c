#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "abort") == 0) { printf("aborting\n"); fflush(stdout); abort(); }
	if (argc > 1 && strcmp(argv[1], "segv") == 0) { printf("crashing\n"); fflush(stdout); *(volatile int *)8 = 0; }
	printf("exiting 13\n");
	exit(13);
}
