/* coredir: removes a scratch directory under /tmp with the files a core
 * dump left in it (the host's core, qemu-user's qemu_*.core). Shared by
 * corelimit.c and uncaught.c (each is one static translation unit). */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void emptydir(const char *dir) {
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			char p[300];
			snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
			unlink(p);
		}
	}
	if (d)
		closedir(d);
	rmdir(dir);
}
