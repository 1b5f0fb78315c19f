// A shared library with a table in its .data (replay_gdb test:
// TestReplayGDBLibraryData): page-aligned and 16 KiB long, holding no
// pointers, so that the dynamic loader neither relocates nor clears its
// first page, which the program touches only after main begins.
#define N 4096

__attribute__((aligned(65536))) int fill_table[N] = {0x66696c6c, 0x7461626c, 0x65000001, [N - 1] = 1};

int fill_get(int i) {
	return fill_table[i];
}
