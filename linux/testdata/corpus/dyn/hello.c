/* The smallest dynamically linked program: the interpreter (PT_INTERP)
   loads libc.so.6 and runs main. Built without -static (build-corpus.sh). */
#include <stdio.h>

int main(int argc, char **argv) {
	printf("hello from a dynamic program %s, %d argument(s)\n", argv[0], argc - 1);
	return 0;
}
