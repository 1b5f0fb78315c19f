/* getlogin and the audit login entries it reads: glibc's getlogin reads
 * /proc/self/loginuid first (an unset one, 4294967295, is ENXIO) and falls
 * back to utmp through the terminal of stdin. The entries are the runner's
 * (its guest processes share its login session), as qemu-user's are the
 * qemu process's. Compared with qemu-user. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void show(const char *path) {
	char buf[64];
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("%s: %s\n", path, strerror(errno));
		return;
	}
	ssize_t n = read(fd, buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = 0;
	printf("%s: %zd bytes, digits %d\n", path, n, n > 0 && strspn(buf, "0123456789") == (size_t)n);
	close(fd);
}

int main(void) {
	char name[64];
	show("/proc/self/loginuid");
	show("/proc/self/sessionid");
	int fd = open("/proc/self/loginuid", O_WRONLY);
	printf("loginuid for writing: %s\n", fd < 0 ? "refused" : "opened");
	errno = 0;
	char *l = getlogin();
	printf("getlogin: %s (%s)\n", l ? "a name" : "NULL", strerror(errno));
	int r = getlogin_r(name, sizeof name);
	printf("getlogin_r: %s\n", r ? strerror(r) : "a name");
	return 0;
}
