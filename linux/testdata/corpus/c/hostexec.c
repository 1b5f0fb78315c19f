/* execve of a program for the host's architecture runs it natively, as
   under qemu-user with binfmt_misc: system() and popen() through the
   host's /bin/sh (no sysroot), its exit status and death by signal
   reported by waitpid, a pipe to it, a signal sent to it by pid and by
   process group, descriptors inherited and close-on-exec ones closed, the
   working directory and umask of the guest process; getrusage's
   RUSAGE_CHILDREN and wait4's rusage; execveat with AT_EMPTY_PATH and ENOEXEC
   and EACCES for what nothing runs. The host program is /bin/sh: in a
   chroot or under binfmt_misc this is the same program.
   hostexec.expected is written from execve(2), system(3) and sh(1). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void show(const char *what, int st) {
	if (WIFEXITED(st)) printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st)) printf("%s: killed by %d\n", what, WTERMSIG(st));
}

extern char **environ;

int main(void) {
	char tmpl[] = "/tmp/hostexec.XXXXXX", buf[256];
	int st;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!mkdtemp(tmpl)) return 1;

	show("system exit 3", system("exit 3"));
	show("system kill", system("kill -TERM $$"));
	FILE *f = popen("echo one; echo two", "r");
	while (fgets(buf, sizeof buf, f)) printf("popen: %s", buf);
	show("pclose", pclose(f));

	/* cwd, umask, an inherited descriptor, a close-on-exec one. */
	pid_t pid = fork();
	if (pid == 0) {
		if (chdir(tmpl) != 0) _exit(1);
		umask(077);
		int keep = open("kept", O_CREAT | O_WRONLY, 0644);
		int gone = open("gone", O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
		if (keep < 0 || gone < 0) _exit(2);
		dup2(keep, 7);
		dup2(gone, 8);
		fcntl(8, F_SETFD, FD_CLOEXEC);
		execl("/bin/sh", "sh", "-c", "echo via-7 >&7; { echo via-8 >&8; } 2>/dev/null || echo fd8-closed; : > made; umask", (char *)0);
		_exit(127);
	}
	waitpid(pid, &st, 0);
	show("host sh in dir", st);
	snprintf(buf, sizeof buf, "%s/kept", tmpl);
	f = fopen(buf, "r");
	if (f && fgets(buf, sizeof buf, f)) printf("kept: %s", buf);
	if (f) fclose(f);
	struct stat sb;
	snprintf(buf, sizeof buf, "%s/made", tmpl);
	printf("made in the child's dir: %d, mode %03o\n", stat(buf, &sb) == 0, sb.st_mode & 0777);

	/* A pipe and a signal to a host process by pid and by group. */
	int p[2];
	pipe(p);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execl("/bin/sh", "sh", "-c", "echo ready; exec sleep 100", (char *)0);
		_exit(127);
	}
	setpgid(pid, pid);
	close(p[1]);
	ssize_t n = read(p[0], buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = 0;
	printf("host child says: %s", buf);
	printf("kill -pgid: %d\n", kill(-pid, SIGTERM));
	struct rusage ru;
	memset(&ru, 0xff, sizeof ru);
	printf("wait4: %d\n", wait4(pid, &st, 0, &ru) == pid);
	show("host sleep", st);
	printf("rusage sane: %d\n", ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000 && ru.ru_stime.tv_sec >= 0);
	getrusage(RUSAGE_CHILDREN, &ru);
	printf("children rusage sane: %d\n", ru.ru_utime.tv_sec >= 0 && ru.ru_utime.tv_usec < 1000000);

	/* execveat: AT_EMPTY_PATH on a descriptor of the program, and a path
	   relative to a directory descriptor. */
	pid = fork();
	if (pid == 0) {
		int fd = open("/bin/sh", O_RDONLY);
		char *av[] = {"sh", "-c", "exit 4", 0};
		syscall(SYS_execveat, fd, "", av, environ, AT_EMPTY_PATH);
		_exit(100 + errno);
	}
	waitpid(pid, &st, 0);
	show("execveat empty path", st);
	pid = fork();
	if (pid == 0) {
		int dir = open("/bin", O_RDONLY | O_DIRECTORY);
		char *av[] = {"sh", "-c", "exit 5", 0};
		syscall(SYS_execveat, dir, "sh", av, environ, 0);
		_exit(100 + errno);
	}
	waitpid(pid, &st, 0);
	show("execveat relative", st);

	/* What nothing runs. */
	snprintf(buf, sizeof buf, "%s/data", tmpl);
	f = fopen(buf, "w");
	fputs("\x7f" "ELF garbage", f);
	fclose(f);
	chmod(buf, 0755);
	char *av[] = {buf, 0};
	execve(buf, av, environ);
	printf("bad ELF: %s\n", strerror(errno));
	chmod(buf, 0644);
	execve(buf, av, environ);
	printf("not executable: %s\n", strerror(errno));
	execve(tmpl, av, environ);
	printf("a directory: %s\n", strerror(errno));

	unlink(buf);
	snprintf(buf, sizeof buf, "%s/kept", tmpl); unlink(buf);
	snprintf(buf, sizeof buf, "%s/gone", tmpl); unlink(buf);
	snprintf(buf, sizeof buf, "%s/made", tmpl); unlink(buf);
	printf("cleanup: %d\n", rmdir(tmpl));
	return 0;
}
