/* chroot(2) (run as root; TestCorpus skips it otherwise). A directory
   prepared under /tmp (a file x, a directory sub, links abs -> /x and
   up -> ../../../..) becomes a forked child's root: absolute paths, ".."
   and symbolic links stay inside it (/x, ../../x, /up/x, /abs read the
   root's x; /tmp and /proc name nothing there), the working directory it
   had is "(unreachable)" for getcwd until it changes to "/", files made
   and renamed land in the directory, a grandchild it forks inherits the
   root, and an execveat inside it (from a descriptor of /sub, "../prog")
   runs the program's copy there, which checks its root again. The errors in Linux 6.1's order: ENOENT,
   ENOTDIR, EFAULT, EACCES for a directory it may not search (before the
   capability is checked), EPERM once the child has given up its ids and
   capabilities. Another process's /proc/PID/root names its root.
   qemu-user runs a guest execve through the host kernel (binfmt_misc), so
   chroot.expected is this program built for x86-64 and run as root on
   this host's Linux; qemu-user prints the same but for the execveat lines
   (qemu-user 7.2 has no execveat: ENOSYS). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "chroot.h"

/* inside runs in the root, from the execve of the program's copy. */
static int inside(void) {
	printf("exec'd: argv ok\n");
	show("/x");
	show("../x");
	cwd("exec'd getcwd");
	return 7;
}

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && strcmp(argv[1], "inside") == 0)
		return inside();
	char dir[] = "/tmp/chrootXXXXXX", p[256];
	if (!mkdtemp(dir))
		return 1;
	chmod(dir, 0755);
#define AT(name) (snprintf(p, sizeof p, "%s/%s", dir, name), p)
	put(AT("x"), "inside\n");
	mkdir(AT("sub"), 0755);
	put(AT("sub/y"), "y\n");
	symlink("/x", AT("abs"));
	symlink("../../../..", AT("up"));
	mkdir(AT("locked"), 0700);
	mkdir(AT("locked/in"), 0755);
	mkdir(AT("open"), 0755);
	copyself(AT("prog")); /* the program's copy, for the execve inside */

	res("chroot missing", chroot(AT("missing")));
	res("chroot file", chroot(AT("x")));
	res("chroot fault", syscall(SYS_chroot, (char *)8));

	int ready[2], done[2];
	pipe(ready);
	pipe(done);
	pid_t c = fork();
	if (c == 0) {
		close(ready[0]);
		close(done[1]);
		res("chroot", chroot(dir));
		cwd("getcwd before chdir");
		res("chdir /", chdir("/"));
		cwd("getcwd");
		show("/x");
		show("../../x");
		show("/sub/../../x");
		show("/up/x");
		show("/abs");
		show("sub/y");
		char l[64];
		long n = readlink("/abs", l, sizeof l - 1);
		l[n > 0 ? n : 0] = 0;
		printf("readlink /abs: %s\n", l);
		struct stat st;
		res("stat /tmp", stat("/tmp", &st));
		res("open /proc/self/status", open("/proc/self/status", O_RDONLY));
		res("mkdir /made", mkdir("/made", 0755));
		put("/sub/new", "new\n");
		res("rename", rename("/sub/new", "/made/new"));
		res("symlink", symlink("/x", "/sub/l"));
		show("/sub/l");
		res("chdir /sub", chdir("/sub"));
		cwd("getcwd sub");
		show("../x");
		res("chdir ..", chdir("../.."));
		cwd("getcwd ..");
		res("chroot sub", chroot("sub"));
		show("/y");
		show("/../x");
		cwd("getcwd after chroot sub");
		res("chdir /", chdir("/"));
		cwd("getcwd in sub");
		write(ready[1], "r", 1); /* the parent reads /proc/PID/root */
		char ch;
		read(done[0], &ch, 1);
		pid_t g = fork();
		if (g == 0) {
			show("/y");
			show("/x");
			_exit(3);
		}
		int s;
		waitpid(g, &s, 0);
		printf("grandchild exit %d\n", WEXITSTATUS(s));
		_exit(0);
	}
	close(ready[1]);
	close(done[0]);
	char ch, link[64], want[300];
	read(ready[0], &ch, 1);
	snprintf(p, sizeof p, "/proc/%d/root", (int)c);
	long n = readlink(p, want, sizeof want - 1);
	want[n > 0 ? n : 0] = 0;
	snprintf(link, sizeof link, "%s/sub", dir);
	printf("parent: /proc/CHILD/root %s\n", strcmp(want, link) == 0 ? "is the child's root" : want);
	write(done[1], "d", 1);
	int s;
	waitpid(c, &s, 0);
	printf("child exit %d\n", WEXITSTATUS(s));
	showAs("DIR/made/new", AT("made/new"));
	n = readlink(AT("sub/l"), link, sizeof link - 1);
	link[n > 0 ? n : 0] = 0;
	printf("readlink DIR/sub/l: %s\n", link);

	/* execve inside the root */
	c = fork();
	if (c == 0) {
		chroot(dir);
		chdir("/sub");
		char *av[] = {"prog", "inside", NULL};
		res("execve missing", execve("/nothere", av, environ));
		res("execve not executable", execve("/x", av, environ));
		int dfd = open("/sub", O_PATH | O_DIRECTORY);
		syscall(SYS_execveat, dfd, "../prog", av, environ, 0);
		res("execveat /sub ../prog", -1);
		_exit(1);
	}
	waitpid(c, &s, 0);
	printf("exec child exit %d\n", WEXITSTATUS(s));

	/* without search permission, then without the capability */
	c = fork();
	if (c == 0) {
		if (setresgid(65534, 65534, 65534) < 0 || setresuid(65534, 65534, 65534) < 0)
			_exit(9);
		res("chroot locked/in as nobody", chroot(AT("locked/in")));
		res("chroot locked as nobody", chroot(AT("locked")));
		res("chroot open as nobody", chroot(AT("open")));
		res("chroot missing as nobody", chroot(AT("missing")));
		res("chdir locked as nobody", chdir(AT("locked")));
		_exit(0);
	}
	waitpid(c, &s, 0);
	printf("nobody child exit %d\n", WEXITSTATUS(s));

	const char *rm[] = {"made/new", "made", "sub/l", "sub/y", "sub", "x", "abs", "up", "locked/in", "locked", "open", "prog"};
	for (unsigned i = 0; i < sizeof rm / sizeof rm[0]; i++)
		if (remove(AT(rm[i])) < 0)
			printf("remove %s: %s\n", rm[i], strerror(errno));
	res("rmdir", rmdir(dir));
	return 0;
}
