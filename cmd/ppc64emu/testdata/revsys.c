/* A system call writes a watched variable (TestReplayGDBSyscallWatch):
   uname fills u; nothing else writes it. */
#include <stdio.h>
#include <sys/utsname.h>

struct utsname u;

int main(void) {
	if (uname(&u) != 0)
		return 1;
	printf("%s\n", u.sysname);
	return 0;
}
