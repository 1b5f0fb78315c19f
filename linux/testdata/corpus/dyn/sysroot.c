/* Absolute paths under a sysroot (-L DIR): run with the cross toolchain's
   sysroot, whose lib/ holds libc.so.6 and symbolic links such as
   libanl.so -> libanl.so.1, this program opens, stats, lstats, reads as a
   link, tests with access and lists paths that exist only there, and one
   that exists only on the host (/etc/passwd, found as it is). It prints
   what does not depend on the host. Built without -static
   (build-corpus.sh). */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
	unsigned char h[20];
	int fd = open("/lib/libc.so.6", O_RDONLY);
	printf("open /lib/libc.so.6: %s\n", fd >= 0 ? "ok" : "failed");
	if (fd >= 0) {
		printf("read: %zd bytes, ELF class %d data %d\n", read(fd, h, sizeof h), h[4], h[5]);
		close(fd);
	}
	struct stat st, lst;
	printf("stat: %d, regular %d\n", stat("/lib/libc.so.6", &st), S_ISREG(st.st_mode));
	printf("lstat libanl.so: %d, link %d; stat: %d, regular %d\n", lstat("/lib/libanl.so", &lst),
	       S_ISLNK(lst.st_mode), stat("/lib/libanl.so", &st), S_ISREG(st.st_mode));
	char buf[256];
	ssize_t n = readlink("/lib/libanl.so", buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = 0;
	printf("readlink /lib/libanl.so: %zd %s\n", n, buf);
	printf("access /lib/libm.so.6: %d, /lib/no-such.so: %d, /etc/passwd: %d\n", access("/lib/libm.so.6", R_OK),
	       access("/lib/no-such.so", F_OK), access("/etc/passwd", F_OK));
	printf("fstatat /lib/libc.so.6: %d\n", fstatat(AT_FDCWD, "/lib/libc.so.6", &st, 0));
	DIR *d = opendir("/lib");
	int libc = 0, crt = 0;
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		libc += strncmp(e->d_name, "libc.so", 7) == 0;
		crt += strcmp(e->d_name, "crt1.o") == 0;
	}
	if (d)
		closedir(d);
	printf("opendir /lib: libc.so* %d, crt1.o %d\n", libc, crt);
	return 0;
}
