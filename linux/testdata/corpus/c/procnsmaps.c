/* /proc/self/uid_map, gid_map, projid_map and setgroups describe the
   process's user namespace, and cpuset its cpuset cgroup: each reads (the
   number of fields of a map's first line, setgroups's word, whether the
   cpuset is a path), and a map or setgroups written once the maps are set
   is EPERM. The runner refused all of them (EACCES), as entries that
   would show the runner itself. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int readfile(const char *name, char *buf, size_t n) {
	char path[64];
	snprintf(path, sizeof path, "/proc/self/%s", name);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	ssize_t r = read(fd, buf, n - 1);
	int e = errno;
	close(fd);
	if (r < 0)
		return -e;
	buf[r] = 0;
	return (int)r;
}

static void writefile(const char *name, const char *s) {
	char path[64];
	snprintf(path, sizeof path, "/proc/self/%s", name);
	int fd = open(path, O_WRONLY);
	if (fd < 0) {
		printf("%s: open for writing: %s\n", name, strerrorname_np(errno));
		return;
	}
	ssize_t r = write(fd, s, strlen(s));
	printf("%s: write %zd %s\n", name, r, r < 0 ? strerrorname_np(errno) : "");
	close(fd);
}

int main(void) {
	const char *maps[] = {"uid_map", "gid_map", "projid_map"};
	char buf[4096];
	for (int i = 0; i < 3; i++) {
		int r = readfile(maps[i], buf, sizeof buf);
		if (r < 0) {
			printf("%s: %s\n", maps[i], strerrorname_np(-r));
			continue;
		}
		unsigned long a, b, c;
		printf("%s: %d fields\n", maps[i], sscanf(buf, "%lu %lu %lu", &a, &b, &c));
	}
	int r = readfile("setgroups", buf, sizeof buf);
	printf("setgroups: %s", r < 0 ? strerrorname_np(-r) : buf);
	r = readfile("cpuset", buf, sizeof buf);
	printf("cpuset: %s\n", r < 0 ? strerrorname_np(-r) : buf[0] == '/' ? "a path" : "other");
	writefile("uid_map", "0 0 1\n");
	writefile("gid_map", "0 0 1\n");
	writefile("setgroups", "deny\n");
	return 0;
}
