// A program that reads its library's .data only after main begins
// (replay_gdb test: TestReplayGDBLibraryData, with libdynfill.c).
#include <stdio.h>

int fill_get(int i);

int main(void) {
	puts("@@start");
	printf("@@%x\n", fill_get(1));
	return 0;
}
