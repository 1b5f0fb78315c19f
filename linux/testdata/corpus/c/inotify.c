/* inotify(7): an instance made with IN_NONBLOCK|IN_CLOEXEC (its flags,
 * EAGAIN when empty, readlink of /proc/self/fd/N, an fdinfo line), a
 * watch on a scratch directory and the events of creating, writing,
 * renaming (whether the two halves' cookies match, not their values) and
 * unlinking a file; FIONREAD, poll, a buffer too small for the next
 * event (EINVAL), IN_ONESHOT (the event, then IN_IGNORED),
 * inotify_rm_watch's IN_IGNORED, IN_MASK_CREATE's EEXIST, IN_MASK_ADD,
 * IN_ONLYDIR and IN_DONT_FOLLOW on a symbolic link, a blocking read woken
 * by a child's create, and bad arguments in the order Linux checks them
 * (6.1: unknown mask bits, no bits, the descriptor, IN_MASK_ADD with
 * IN_MASK_CREATE, an inotify descriptor, the path).
 * The event header words are printed as the guest reads them, so a
 * big-endian guest checks their byte order. Compared with qemu-user. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[64];
static int wdir; /* the directory's watch */

static const struct { unsigned bit; const char *name; } bits[] = {
	{IN_ACCESS, "ACCESS"}, {IN_MODIFY, "MODIFY"}, {IN_ATTRIB, "ATTRIB"},
	{IN_CLOSE_WRITE, "CLOSE_WRITE"}, {IN_CLOSE_NOWRITE, "CLOSE_NOWRITE"},
	{IN_OPEN, "OPEN"}, {IN_MOVED_FROM, "MOVED_FROM"}, {IN_MOVED_TO, "MOVED_TO"},
	{IN_CREATE, "CREATE"}, {IN_DELETE, "DELETE"}, {IN_DELETE_SELF, "DELETE_SELF"},
	{IN_MOVE_SELF, "MOVE_SELF"}, {IN_UNMOUNT, "UNMOUNT"}, {IN_Q_OVERFLOW, "Q_OVERFLOW"},
	{IN_IGNORED, "IGNORED"}, {IN_ISDIR, "ISDIR"},
};

static void show(const char *what, long r) {
	if (r < 0)
		printf("%s: %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
}

static unsigned prevcookie;

/* drain reads what fd has (one read of a big buffer) and prints each event. */
static void drain(int fd, const char *what) {
	char buf[4096] __attribute__((aligned(8)));
	ssize_t n = read(fd, buf, sizeof buf);
	if (n < 0) {
		printf("%s: read: %s\n", what, strerror(errno));
		return;
	}
	printf("%s: read %zd bytes\n", what, n);
	for (char *p = buf; p < buf + n;) {
		struct inotify_event *ev = (struct inotify_event *)p;
		printf("  wd=%s mask=%#x", ev->wd == wdir ? "dir" : ev->wd > 0 ? "other" : "bad", ev->mask);
		for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
			if (ev->mask & bits[i].bit)
				printf(" %s", bits[i].name);
		if (ev->mask & IN_MOVED_FROM)
			prevcookie = ev->cookie;
		if (ev->mask & IN_MOVED_TO)
			printf(" cookie=%s", ev->cookie != 0 && ev->cookie == prevcookie ? "matches" : "differs");
		else if (!(ev->mask & IN_MOVED_FROM))
			printf(" cookie=%u", ev->cookie);
		printf(" len=%u name=\"%s\"\n", ev->len, ev->len ? ev->name : "");
		p += sizeof *ev + ev->len;
	}
}

static void path(char *out, const char *name) { snprintf(out, 128, "%s/%s", dir, name); }

int main(void) {
	char a[128], b[128], c[128], l[128], sub[128];
	strcpy(dir, "/tmp/inotifyXXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	path(a, "a");
	path(b, "b");
	path(c, "c");
	path(l, "link");
	path(sub, "sub");

	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	show("inotify_init1", fd >= 0 ? 0 : -1);
	printf("cloexec=%d nonblock=%d\n", (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0, (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0);
	char link[64] = "";
	char self[64];
	snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
	ssize_t k = readlink(self, link, sizeof link - 1);
	if (k >= 0)
		link[k] = 0;
	printf("readlink: %s\n", link);
	char ev0[64];
	errno = 0;
	printf("empty read: %zd %s\n", read(fd, ev0, sizeof ev0), strerror(errno));

	wdir = inotify_add_watch(fd, dir, IN_ALL_EVENTS);
	show("add_watch dir", wdir > 0 ? 1 : wdir);
	snprintf(self, sizeof self, "/proc/self/fdinfo/%d", fd);
	FILE *fi = fopen(self, "r");
	int seen = 0;
	char line[256];
	while (fi && fgets(line, sizeof line, fi))
		if (strncmp(line, "inotify wd:", 11) == 0 && strstr(line, " mask:fff "))
			seen++;
	if (fi)
		fclose(fi);
	printf("fdinfo inotify lines with mask fff: %d\n", seen);

	/* create, write, close, rename, unlink */
	int f = open(a, O_CREAT | O_WRONLY, 0644);
	write(f, "hello", 5);
	close(f);
	int nr = -1;
	show("FIONREAD", ioctl(fd, FIONREAD, &nr) < 0 ? -1 : nr);
	struct pollfd pfd = {fd, POLLIN, 0};
	int pr = poll(&pfd, 1, 0);
	printf("poll: %d revents=%#x\n", pr, pfd.revents);
	/* a buffer too small for the first event (16 bytes + name) */
	errno = 0;
	printf("small read: %zd %s\n", read(fd, ev0, sizeof(struct inotify_event)), strerror(errno));
	drain(fd, "create+write");
	rename(a, b);
	drain(fd, "rename");
	unlink(b);
	drain(fd, "unlink");

	/* IN_ONESHOT on a file */
	f = open(c, O_CREAT | O_WRONLY, 0644);
	close(f);
	drain(fd, "create c");
	int wc = inotify_add_watch(fd, c, IN_MODIFY | IN_ONESHOT);
	show("add_watch c oneshot", wc > 0 && wc != wdir ? 1 : wc);
	f = open(c, O_WRONLY);
	write(f, "x", 1);
	write(f, "y", 1);
	close(f);
	drain(fd, "oneshot");
	errno = 0;
	show("rm_watch c after oneshot", inotify_rm_watch(fd, wc));

	/* IN_MASK_CREATE, IN_MASK_ADD */
	show("add_watch dir MASK_CREATE", inotify_add_watch(fd, dir, IN_CREATE | IN_MASK_CREATE));
	show("add_watch dir MASK_ADD same wd", inotify_add_watch(fd, dir, IN_DELETE | IN_MASK_ADD) == wdir ? 1 : -1);

	/* IN_ONLYDIR, IN_DONT_FOLLOW */
	mkdir(sub, 0755);
	symlink(sub, l);
	drain(fd, "mkdir+symlink");
	show("add_watch file ONLYDIR", inotify_add_watch(fd, c, IN_MODIFY | IN_ONLYDIR));
	int w1 = inotify_add_watch(fd, l, IN_MODIFY | IN_ONLYDIR);
	show("add_watch link ONLYDIR", w1 > 0 ? 1 : w1);
	show("add_watch link ONLYDIR|DONT_FOLLOW", inotify_add_watch(fd, l, IN_MODIFY | IN_ONLYDIR | IN_DONT_FOLLOW));
	int w2 = inotify_add_watch(fd, l, IN_MODIFY | IN_DONT_FOLLOW);
	show("add_watch link DONT_FOLLOW new wd", w2 > 0 && w2 != w1 ? 1 : w2);
	inotify_rm_watch(fd, w1);
	inotify_rm_watch(fd, w2);
	drain(fd, "rm two watches");

	/* rm_watch: IN_IGNORED */
	show("rm_watch dir", inotify_rm_watch(fd, wdir));
	drain(fd, "after rm_watch");
	show("rm_watch dir again", inotify_rm_watch(fd, wdir));

	/* a blocking read woken by a child's create */
	int bfd = inotify_init();
	wdir = inotify_add_watch(bfd, dir, IN_CREATE);
	show("blocking add_watch", wdir > 0 ? 1 : wdir);
	printf("nonblock=%d\n", (fcntl(bfd, F_GETFL) & O_NONBLOCK) != 0);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		path(a, "fromchild");
		close(open(a, O_CREAT | O_WRONLY, 0644));
		_exit(0);
	}
	drain(bfd, "blocking");
	waitpid(pid, NULL, 0);
	close(bfd);

	/* bad arguments */
	int p[2];
	pipe(p);
	show("init1 bad flag", inotify_init1(1));
	show("init1 O_DIRECTORY", inotify_init1(O_DIRECTORY));
	show("add_watch mask 0", inotify_add_watch(fd, dir, 0));
	k = inotify_add_watch(fd, dir, IN_ONESHOT | IN_ONLYDIR);
	show("add_watch only flags", k > 0 ? 1 : k);
	show("add_watch unknown bit bad fd", inotify_add_watch(-1, dir, IN_CREATE | 0x1000));
	show("add_watch bit 1<<27 bad fd", inotify_add_watch(-1, dir, IN_CREATE | 0x08000000));
	show("add_watch ADD|CREATE pipe", inotify_add_watch(p[0], dir, IN_CREATE | IN_MASK_ADD | IN_MASK_CREATE));
	show("add_watch ADD|CREATE bad path", inotify_add_watch(fd, (char *)8, IN_CREATE | IN_MASK_ADD | IN_MASK_CREATE));
	show("add_watch ADD|CREATE bad fd", inotify_add_watch(-1, dir, IN_CREATE | IN_MASK_ADD | IN_MASK_CREATE));
	show("add_watch bad fd bad path", inotify_add_watch(-1, (char *)8, IN_CREATE));
	show("add_watch AT_FDCWD", inotify_add_watch(AT_FDCWD, dir, IN_CREATE));
	show("add_watch pipe bad path", inotify_add_watch(p[0], (char *)8, IN_CREATE));
	show("add_watch O_PATH", inotify_add_watch(open(dir, O_PATH), dir, IN_CREATE));
	show("add_watch bad path", inotify_add_watch(fd, (char *)8, IN_CREATE));
	show("add_watch missing", inotify_add_watch(fd, "/nonexistent/x", IN_CREATE));
	show("add_watch empty", inotify_add_watch(fd, "", IN_CREATE));
	show("rm_watch bad fd", inotify_rm_watch(-1, 1));
	show("rm_watch pipe", inotify_rm_watch(p[0], 1));
	show("rm_watch unknown wd", inotify_rm_watch(fd, 12345));
	show("rm_watch wd -1", inotify_rm_watch(fd, -1));
	show("raw init1 upper bits", syscall(SYS_inotify_init1, 0x100000000L | IN_CLOEXEC) >= 0 ? 0 : -1);

	unlink(c);
	unlink(l);
	rmdir(sub);
	path(a, "fromchild");
	unlink(a);
	rmdir(dir);
	return 0;
}
