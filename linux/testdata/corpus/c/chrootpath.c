/* Lookups in a chroot(2) root (run as root; TestCorpus skips it
   otherwise). A directory prepared under /tmp becomes a forked child's
   root, and the child's calls that take a path reach only what is inside:
   O_CREAT through a dangling link creates the link's target in the root,
   O_CREAT|O_EXCL on it is EEXIST and O_NOFOLLOW ELOOP; a chain of 40
   links resolves and one of 41, a loop, or O_NOFOLLOW on a link is ELOOP;
   each call that takes a path (mkdir, mknod, symlink, link, rename,
   readlink, stat, statx, utimensat, chmod, truncate, access, bind and
   connect of an AF_UNIX socket, whose names getsockname, getpeername and
   accept's socket give as bind was given them, datagrams sent to a name
   there and the sender's name recvfrom and recvmsg give, unlink, rmdir) through
   links to "/" and "../../../.." lands in the root, and the parent finds
   its effects there
   and nothing at the host's names; names with a trailing "/", "." and ".."
   fail as Linux's do; a working directory outside the root (fchdir to a
   descriptor opened before the chroot) stays usable, ".." from it goes on
   up, and getcwd says "(unreachable)"; execveat from that descriptor runs
   the program's copy outside the root, which still sees the root; a "#!"
   script's interpreter is the root's /bin/sh (the program's copy), not the
   host's. chrootpath.expected is this program built for x86-64 and run
   as root on this host's Linux (6.18): chroot semantics do not depend on
   the architecture, and qemu-user 7.2 runs a guest's execve through the
   host kernel and has no execveat. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "chroot.h"

static void openres(const char *what, const char *path, int flags) {
	int fd = open(path, flags, 0644);
	res(what, fd < 0 ? -1 : 0);
	if (fd >= 0)
		close(fd);
}

static void statres(const char *what, int r, const struct stat *st) {
	if (r < 0)
		res(what, r);
	else
		printf("%s: %s\n", what, S_ISDIR(st->st_mode) ? "dir" : S_ISLNK(st->st_mode) ? "link" : "other");
}

static int unixsock(const char *path, int do_bind) {
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	strcpy(sa.sun_path, path);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	int r = do_bind ? bind(s, (struct sockaddr *)&sa, sizeof sa) : connect(s, (struct sockaddr *)&sa, sizeof sa);
	if (r == 0 && do_bind)
		r = listen(s, 1);
	return r < 0 ? -1 : s;
}

/* sockname prints the AF_UNIX name get(fd) gives. */
static void sockname(const char *what, int fd, int (*get)(int, struct sockaddr *, socklen_t *)) {
	struct sockaddr_un sa;
	socklen_t n = sizeof sa;
	memset(&sa, 0, sizeof sa);
	if (get(fd, (struct sockaddr *)&sa, &n) < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %s (length %d)\n", what, sa.sun_path, (int)n);
}

/* The program's copies, run in the root. */
static int copied(int argc, char **argv) {
	if (strcmp(argv[1], "execveat") == 0) {
		printf("execveat'd: %s\n", argv[0]);
		show("/x");
		cwd("execveat'd getcwd");
		return 7;
	}
	/* the root's /bin/sh for "#!/bin/sh shinterp": /bin/sh shinterp /script arg */
	printf("interpreter: %s %s %s %s\n", argv[0], argv[1], argc > 2 ? argv[2] : "-", argc > 3 ? argv[3] : "-");
	show("/x");
	return 5;
}

static const char *names[] = {"chrootpath-d",	 "chrootpath-fifo", "chrootpath-l",	"chrootpath-h2",
			      "chrootpath-t",	 "chrootpath-sock", "dangtarget",	"chrootpath-d2",
			      "chrootpath-dgram", "chrootpath-from"};

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && (strcmp(argv[1], "execveat") == 0 || strcmp(argv[1], "shinterp") == 0))
		return copied(argc, argv);
	char dir[] = "/tmp/chrootpXXXXXX", out[64], p[256];
	if (!mkdtemp(dir))
		return 1;
	chmod(dir, 0755);
	snprintf(out, sizeof out, "%s.out", dir);
	mkdir(out, 0755);
#define AT(name) (snprintf(p, sizeof p, "%s/%s", dir, name), p)
#define OUT(name) (snprintf(p, sizeof p, "%s/%s", out, name), p)
	put(AT("x"), "inside\n");
	put(OUT("o"), "outside\n");
	mkdir(AT("sub"), 0755);
	mkdir(AT("bin"), 0755);
	symlink("/dangtarget", AT("dang"));
	symlink("/dang2target", AT("dang2"));
	symlink("/", AT("root"));
	symlink("../../../..", AT("up"));
	symlink("loopb", AT("loopa"));
	symlink("loopa", AT("loopb"));
	for (int i = 0; i <= 40; i++) {
		char name[8], target[8];
		snprintf(name, sizeof name, "l%d", i);
		if (i == 40)
			strcpy(target, "x");
		else
			snprintf(target, sizeof target, "l%d", i + 1);
		symlink(target, AT(name));
	}
	copyself(OUT("prog"));
	copyself(AT("bin/sh"));
	put(AT("script"), "#!/bin/sh shinterp\n");
	chmod(AT("script"), 0755);
	int outfd = open(out, O_RDONLY | O_DIRECTORY);

	pid_t c = fork();
	if (c == 0) {
		res("chroot", chroot(dir));
		res("chdir /", chdir("/"));
		/* dangling links */
		openres("open dang O_CREAT|O_EXCL", "/dang", O_WRONLY | O_CREAT | O_EXCL);
		int fd = open("/dang", O_WRONLY | O_CREAT, 0644);
		res("open dang O_CREAT", fd < 0 ? -1 : 0);
		write(fd, "via dang\n", 9);
		close(fd);
		show("/dangtarget");
		openres("open sub/../dang2 O_CREAT|O_NOFOLLOW", "/sub/../dang2", O_WRONLY | O_CREAT | O_NOFOLLOW);
		openres("open dang2 O_RDONLY", "/dang2", O_RDONLY);
		/* link counts and loops */
		show("/l1");
		show("/l0");
		struct stat st;
		statres("stat /l0", stat("/l0", &st), &st);
		statres("lstat /l0", lstat("/l0", &st), &st);
		statres("stat /l0/y", stat("/l0/y", &st), &st);
		show("/loopa");
		openres("open /x O_NOFOLLOW", "/x", O_RDONLY | O_NOFOLLOW);
		openres("open /root O_NOFOLLOW", "/root", O_RDONLY | O_NOFOLLOW);
		openres("open /root O_PATH|O_NOFOLLOW", "/root", O_PATH | O_NOFOLLOW);
		/* calls that take a path, through links to the root */
		res("mkdir /up/chrootpath-d", mkdir("/up/chrootpath-d", 0755));
		res("mknod /root/chrootpath-fifo", mknod("/root/chrootpath-fifo", S_IFIFO | 0644, 0));
		res("symlink /x /up/chrootpath-l", symlink("/x", "/up/chrootpath-l"));
		res("link /root/x /up/chrootpath-h", link("/root/x", "/up/chrootpath-h"));
		res("rename /up/chrootpath-h /root/chrootpath-h2", rename("/up/chrootpath-h", "/root/chrootpath-h2"));
		char l[64];
		long n = readlink("/up/chrootpath-l", l, sizeof l - 1);
		l[n > 0 ? n : 0] = 0;
		printf("readlink /up/chrootpath-l: %ld %s\n", n, l);
		statres("stat /up/chrootpath-d", stat("/up/chrootpath-d", &st), &st);
		struct statx sx;
		n = statx(AT_FDCWD, "/root/chrootpath-l", 0, STATX_SIZE, &sx);
		printf("statx /root/chrootpath-l: %ld size %lld\n", n, n == 0 ? (long long)sx.stx_size : -1LL);
		struct timespec ts[2] = {{1000000, 0}, {1000000, 0}};
		res("utimensat /up/x", utimensat(AT_FDCWD, "/up/x", ts, 0));
		res("chmod /root/chrootpath-fifo", chmod("/root/chrootpath-fifo", 0600));
		put("/chrootpath-t", "0123456789");
		res("truncate /up/chrootpath-t", truncate("/up/chrootpath-t", 4));
		res("access /up/x", access("/up/x", R_OK));
		int ls = unixsock("/up/chrootpath-sock", 1);
		res("bind /up/chrootpath-sock", ls < 0 ? -1 : 0);
		int cs = unixsock("/root/chrootpath-sock", 0);
		res("connect /root/chrootpath-sock", cs < 0 ? -1 : 0);
		sockname("getsockname listener", ls, getsockname);
		sockname("getpeername client", cs, getpeername);
		int as = accept(ls, NULL, NULL);
		sockname("getsockname accepted", as, getsockname);
		close(as);
		{
			/* datagrams to a name in the root, from a named socket */
			struct sockaddr_un to = {.sun_family = AF_UNIX}, from = {.sun_family = AF_UNIX};
			strcpy(to.sun_path, "/up/chrootpath-dgram");
			strcpy(from.sun_path, "/root/chrootpath-from");
			int d = socket(AF_UNIX, SOCK_DGRAM, 0), f = socket(AF_UNIX, SOCK_DGRAM, 0);
			res("bind /up/chrootpath-dgram", bind(d, (struct sockaddr *)&to, sizeof to));
			res("bind /root/chrootpath-from", bind(f, (struct sockaddr *)&from, sizeof from));
			strcpy(to.sun_path, "/root/chrootpath-dgram");
			res("sendto /root/chrootpath-dgram", sendto(f, "d", 1, 0, (struct sockaddr *)&to, sizeof to));
			struct sockaddr_un src;
			socklen_t sl = sizeof src;
			char ch;
			memset(&src, 0, sizeof src);
			long r = recvfrom(d, &ch, 1, 0, (struct sockaddr *)&src, &sl);
			printf("recvfrom: %ld from %s (length %d)\n", r, src.sun_path, (int)sl);
			struct msghdr mh = {0};
			struct iovec iov = {&ch, 1};
			mh.msg_name = &to;
			mh.msg_namelen = sizeof to;
			mh.msg_iov = &iov;
			mh.msg_iovlen = 1;
			strcpy(to.sun_path, "/up/chrootpath-dgram");
			res("sendmsg /up/chrootpath-dgram", sendmsg(f, &mh, 0));
			memset(&src, 0, sizeof src);
			mh.msg_name = &src;
			mh.msg_namelen = sizeof src;
			r = recvmsg(d, &mh, 0);
			printf("recvmsg: %ld from %s (length %d)\n", r, src.sun_path, (int)mh.msg_namelen);
			close(d);
			close(f);
			unlink("/chrootpath-dgram");
			unlink("/chrootpath-from");
		}
		res("unlink /up/chrootpath-l", unlink("/up/chrootpath-l"));
		res("mkdir /root/chrootpath-d2", mkdir("/root/chrootpath-d2", 0755));
		res("rmdir /up/chrootpath-d2", rmdir("/up/chrootpath-d2"));
		/* names Linux refuses */
		res("mkdir /up", mkdir("/up", 0755));
		res("mkdir /x/", mkdir("/x/", 0755));
		res("rmdir /", rmdir("/"));
		res("rmdir /.", rmdir("/."));
		res("rmdir /..", rmdir("/.."));
		res("rmdir /sub/..", rmdir("/sub/.."));
		res("rmdir /x/", rmdir("/x/"));
		res("unlink /sub/", unlink("/sub/"));
		res("unlink /root/", unlink("/root/"));
		res("rename /root/ /sub/r", rename("/root/", "/sub/r"));
		res("mknod /sub/n/", mknod("/sub/n/", S_IFIFO | 0644, 0));
		statres("lstat /root/", lstat("/root/", &st), &st);
		statres("lstat /root", lstat("/root", &st), &st);
		statres("lstat /..", lstat("/..", &st), &st);
		res("readlink /root/", readlink("/root/", l, sizeof l));
		res("readlink /root/.", readlink("/root/.", l, sizeof l));
		/* a working directory outside the root */
		res("fchdir outside", fchdir(outfd));
		cwd("getcwd outside");
		show("o");
		res("chdir ..", chdir(".."));
		cwd("getcwd outside ..");
		char rel[80];
		snprintf(rel, sizeof rel, "%s/o", strrchr(out, '/') + 1);
		fd = open(rel, O_RDONLY);
		res("open DIR.out/o from outside ..", fd < 0 ? -1 : 0);
		close(fd);
		res("chdir /up/sub", chdir("/up/sub"));
		cwd("getcwd /up/sub");
		/* execveat from the descriptor outside, and a #! script */
		pid_t g = fork();
		if (g == 0) {
			char *av[] = {"prog", "execveat", NULL};
			syscall(SYS_execveat, outfd, "prog", av, environ, 0);
			res("execveat outside prog", -1);
			_exit(1);
		}
		int s;
		waitpid(g, &s, 0);
		printf("execveat child exit %d\n", WEXITSTATUS(s));
		g = fork();
		if (g == 0) {
			char *av[] = {"script", "arg", NULL};
			execve("/script", av, environ);
			res("execve /script", -1);
			_exit(1);
		}
		waitpid(g, &s, 0);
		printf("script child exit %d\n", WEXITSTATUS(s));
		close(cs);
		close(ls);
		_exit(0);
	}
	int s;
	waitpid(c, &s, 0);
	printf("child exit %d\n", WEXITSTATUS(s));
	/* what the child did, as seen from outside */
	{
		char b[64];
		int fd = open(AT("dangtarget"), O_RDONLY), n = fd < 0 ? -1 : read(fd, b, sizeof b - 1);
		b[n > 0 ? n : 0] = 0;
		printf("DIR/dangtarget: %s", n > 0 ? b : "none\n");
		close(fd);
	}
	struct stat st;
	statres("DIR/chrootpath-d", stat(AT("chrootpath-d"), &st), &st);
	res("DIR/chrootpath-fifo mode", stat(AT("chrootpath-fifo"), &st) < 0 ? -1 : (long)(st.st_mode & 07777));
	res("DIR/x links", stat(AT("x"), &st) < 0 ? -1 : (long)st.st_nlink);
	res("DIR/x mtime", (long)st.st_mtime);
	res("DIR/chrootpath-t size", stat(AT("chrootpath-t"), &st) < 0 ? -1 : (long)st.st_size);
	res("DIR/chrootpath-sock is a socket", stat(AT("chrootpath-sock"), &st) < 0 ? -1 : S_ISSOCK(st.st_mode));
	res("DIR/chrootpath-l", lstat(AT("chrootpath-l"), &st));
	res("DIR/dang2target", lstat(AT("dang2target"), &st));
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
		char host[80];
		snprintf(host, sizeof host, "/%s", names[i]);
		if (lstat(host, &st) == 0) {
			printf("on the host: %s\n", host);
			remove(host);
		}
	}
	/* clean up */
	const char *rm[] = {"chrootpath-d", "chrootpath-fifo", "chrootpath-h2", "chrootpath-t", "chrootpath-sock",
			    "dangtarget", "dang", "dang2", "root", "up", "loopa", "loopb", "x", "sub", "bin/sh", "bin",
			    "script"};
	for (unsigned i = 0; i < sizeof rm / sizeof rm[0]; i++)
		if (remove(AT(rm[i])) < 0)
			printf("remove %s: %s\n", rm[i], strerror(errno));
	for (int i = 0; i <= 40; i++) {
		char name[8];
		snprintf(name, sizeof name, "l%d", i);
		remove(AT(name));
	}
	res("rmdir DIR", rmdir(dir));
	remove(OUT("o"));
	remove(OUT("prog"));
	res("rmdir DIR.out", rmdir(out));
	return 0;
}
