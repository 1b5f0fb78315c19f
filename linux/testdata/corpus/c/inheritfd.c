// inheritfd: the descriptors beyond 0-2 a program inherits from whoever
// started it (a shell's 3>file, make's jobserver pipes) are open in the
// program, with the parent's access modes and without close-on-exec, as
// Linux (and qemu-user, whose guest inherits them) gives them; a fork
// and an execve keep them; closing the last copy closes the file (a
// pipe's reader then sees its end).
//
// No argument: lists descriptors 3-15 (what TestCorpus sees: none).
// "pipe": descriptor 3 is a pipe to the parent and 4 a pipe from it. The
// program, a forked child and an exec'd copy ("exec") each write a line
// to 3; the program then closes 3 and waits for the parent's line on 4,
// which the parent (TestInheritedFiles) writes only once it has read the
// end of 3 (a handshake: a copy of 3 left open anywhere hangs the test).
// "pipe CMD ARGS..." has the child exec CMD ARGS (qemu-ppc64le PROG exec:
// without binfmt_misc, qemu-user cannot exec a ppc64 program itself) where
// "pipe" alone execs /proc/self/exe with "exec".
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void list(const char *who) {
	for (int fd = 3; fd <= 15; fd++) {
		int fdfl = fcntl(fd, F_GETFD);
		if (fdfl < 0)
			continue;
		int fl = fcntl(fd, F_GETFL);
		const char *mode = (fl & O_ACCMODE) == O_RDONLY ? "r" : (fl & O_ACCMODE) == O_WRONLY ? "w" : "rw";
		printf("%s: fd %d open %s%s%s\n", who, fd, mode, fl & O_APPEND ? " append" : "", fdfl & FD_CLOEXEC ? " cloexec" : "");
	}
	printf("%s: listed\n", who);
	fflush(stdout);
}

static void say(const char *line) {
	if (write(3, line, strlen(line)) != (ssize_t)strlen(line))
		perror("write 3");
}

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "exec") == 0) {
		list("exec");
		say("exec\n");
		return 0;
	}
	list("main");
	if (argc < 2 || strcmp(argv[1], "pipe") != 0)
		return 0;
	say("main\n");
	pid_t pid = fork();
	if (pid == 0) {
		say("child\n");
		if (argc > 2)
			execv(argv[2], argv + 2);
		else
			execl("/proc/self/exe", argv[0], "exec", (char *)0);
		perror("execl");
		_exit(1);
	}
	int st;
	waitpid(pid, &st, 0);
	printf("child: status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	close(3);
	char buf[64];
	ssize_t n = 0, r;
	while (n < (ssize_t)sizeof buf - 1 && (r = read(4, buf + n, sizeof buf - 1 - n)) > 0)
		n += r;
	buf[n > 0 ? n : 0] = 0;
	printf("main: parent said %s", buf);
	return 0;
}
