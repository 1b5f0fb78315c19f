/* The host and domain names of a run, which a guest run as root sets for
   itself and its processes only, never the host's: the runner's names are
   per run, as in a private UTS namespace. sethostname and setdomainname
   set them (Linux's order of checks: CAP_SYS_ADMIN, the length, the
   name's bytes), uname, gethostname and /proc/sys/kernel/hostname and
   domainname read them, a forked child's change is its parent's too and
   an executed program sees them; /proc/sys/kernel/hostname cannot be
   written (EROFS: the runner's /proc/sys is read-only). The names the run
   starts with are the host's, printed only as compared.
   Written for a run as root (TestCorpus skips it otherwise).
   utsname.expected is the output of this program compiled for this
   x86-64 host and run natively as root in a private UTS namespace with a
   read-only /proc/sys, where Linux itself keeps the names:
     unshare --uts --mount sh -c 'mount --bind /proc/sys /proc/sys &&
       mount -o remount,bind,ro /proc/sys && ./utsname'
   qemu-user 7.2 run the same way (qemu-ppc64le-static c-utsname.le,
   qemu-ppc64-static c-utsname.be) prints the same for both byte orders
   but for the two "exec:" lines: without binfmt_misc it cannot execute
   a guest program. Plain qemu-user would set the host's names. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

/* readProc reads /proc/sys/kernel/NAME without its newline. */
static const char *readProc(const char *name) {
	static char buf[128];
	char path[64];
	snprintf(path, sizeof path, "/proc/sys/kernel/%s", name);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return strerror(errno);
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n < 0)
		return strerror(errno);
	buf[n] = 0;
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = 0;
	else
		return "no newline";
	return buf;
}

static void show(const char *when) {
	struct utsname u;
	char h[128] = "", d[128] = "";
	uname(&u);
	gethostname(h, sizeof h);
	getdomainname(d, sizeof d);
	printf("%s: uname nodename \"%s\" domainname \"%s\"\n", when, u.nodename, u.domainname);
	printf("%s: gethostname %s, /proc hostname %s, getdomainname %s, /proc domainname %s\n", when,
	       strcmp(h, u.nodename) == 0 ? "same" : h, strcmp(readProc("hostname"), u.nodename) == 0 ? "same" : readProc("hostname"),
	       strcmp(d, u.domainname) == 0 ? "same" : d, strcmp(readProc("domainname"), u.domainname) == 0 ? "same" : readProc("domainname"));
}

static void try(const char *what, long nr, const char *name, long len) {
	errno = 0;
	long r = syscall(nr, name, len);
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

int main(int argc, char **argv) {
	if (argc > 1) {
		/* Run by the exec below: only shows the names. */
		show(argv[1]);
		return 0;
	}
	struct utsname u0;
	uname(&u0);
	char h[128] = "", d[128] = "";
	gethostname(h, sizeof h);
	getdomainname(d, sizeof d);
	printf("start: gethostname %s, /proc hostname %s, getdomainname %s, /proc domainname %s\n",
	       strcmp(h, u0.nodename) == 0 ? "same" : "differs", strcmp(readProc("hostname"), u0.nodename) == 0 ? "same" : "differs",
	       strcmp(d, u0.domainname) == 0 ? "same" : "differs", strcmp(readProc("domainname"), u0.domainname) == 0 ? "same" : "differs");

	try("sethostname", SYS_sethostname, "uts29-guest", 11);
	try("setdomainname", SYS_setdomainname, "uts29.example", 13);
	show("set");
	try("sethostname 5 bytes", SYS_sethostname, "ab\0cd", 5);
	struct utsname u;
	uname(&u);
	printf("nodename bytes:");
	for (int i = 0; i < 8; i++)
		printf(" %02x", (unsigned char)u.nodename[i]);
	printf("\n");
	show("embedded NUL");
	static char long_name[80];
	memset(long_name, 'h', 64);
	try("sethostname 64", SYS_sethostname, long_name, 64);
	uname(&u);
	printf("nodename length %zu\n", strlen(u.nodename));
	try("sethostname bad address", SYS_sethostname, (const char *)8, 4);
	uname(&u);
	printf("nodename length %zu\n", strlen(u.nodename));
	try("setdomainname empty", SYS_setdomainname, "", 0);
	try("sethostname", SYS_sethostname, "parent", 6);
	show("empty domain");

	/* A child's change is the parent's: one UTS namespace. */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		show("child");
		try("child sethostname", SYS_sethostname, "child-set", 9);
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	show("after child");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execl("/proc/self/exe", "utsname", "exec", (char *)0);
		printf("exec: %s\n", strerror(errno));
		fflush(stdout);
		_exit(1);
	}
	waitpid(pid, &st, 0);

	/* /proc/sys/kernel/hostname is read-only. */
	int fd = open("/proc/sys/kernel/hostname", O_WRONLY);
	printf("open hostname O_WRONLY: %s\n", fd < 0 ? strerror(errno) : "opened");
	if (fd >= 0) {
		ssize_t n = write(fd, "written", 7);
		printf("write: %zd\n", n);
		close(fd);
	}
	show("after write");

	/* Without CAP_SYS_ADMIN: EPERM, and nothing changes. */
	struct __user_cap_header_struct hd = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct cd[2];
	if (syscall(SYS_capget, &hd, cd) != 0) {
		printf("capget: %s\n", strerror(errno));
		return 1;
	}
	cd[0].effective &= ~(1u << CAP_SYS_ADMIN);
	if (syscall(SYS_capset, &hd, cd) != 0) {
		printf("capset: %s\n", strerror(errno));
		return 1;
	}
	try("sethostname no cap", SYS_sethostname, "nocap", 5);
	try("setdomainname no cap", SYS_setdomainname, "nocap", 5);
	show("no cap");
	return 0;
}
