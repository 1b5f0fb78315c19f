/* File operations with the credentials a process changed to: a root
   process that drops to 65534 cannot create a file in a root-owned 0755
   directory, read a 0600 file of root's, chown, chmod, unlink or rename
   there; it can again after setfsuid(0) only if it kept the capability
   (saved id 0, or PR_SET_KEEPCAPS and CAP_SETUID raised by capset); its new
   files belong to its file-system ids; a supplementary group opens a
   group-readable file; root without CAP_DAC_OVERRIDE cannot read another
   user's 0600 file; a raw setresuid in one thread changes only that
   thread. Every change runs in a forked child (or a thread), so each part
   starts from the credentials of the user running the test: root in CI
   (the paths above); another user gets the EPERM paths, as under
   qemu-user, which passes the calls to the host. Ordered by wait and
   pthread_join only. With the argument "abort" it drops to 65534, makes
   itself dumpable again and aborts; with "abort-undumpable" it does not
   (linux's TestCoreAfterDrop). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "inchild.h"
#include "res.h"

static char dir[64], secret[96], pub[96], other[96], grpfile[96], made[96], sub[96], moved[96];
static char tmpfile_[96];

static long open_close(const char *path, int flags) {
	int fd = open(path, flags, 0644);
	if (fd >= 0) close(fd);
	return fd < 0 ? -1 : 0;
}

static void mkfile(const char *path, mode_t mode, uid_t uid, gid_t gid) {
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	if (fd >= 0) {
		(void)!write(fd, "x\n", 2);
		close(fd);
	}
	chmod(path, mode);
	if (chown(path, uid, gid) != 0) { /* not root: the file stays ours */
	}
}

/* tries does the file operations of a process that may not have the
   rights, and undoes what succeeded. */
static void tries(const char *who) {
	printf("-- %s\n", who);
	res("  create in the 0755 directory", open_close(made, O_WRONLY | O_CREAT | O_EXCL));
	unlink(made);
	res("  read the 0600 file", open_close(secret, O_RDONLY));
	res("  write the 0644 file", open_close(pub, O_WRONLY));
	res("  mkdir", mkdir(sub, 0755));
	rmdir(sub);
	res("  chown", chown(pub, 65534, 65534));
	chown(pub, 0, 0);
	res("  chmod", chmod(pub, 0666));
	chmod(pub, 0644);
	res("  rename", rename(pub, moved));
	rename(moved, pub);
	res("  link", link(pub, moved));
	unlink(moved);
	res("  unlink", unlink(pub));
	if (access(pub, F_OK) != 0) mkfile(pub, 0644, 0, 0);
	int fd = open(tmpfile_, O_WRONLY | O_CREAT | O_EXCL, 0600);
	struct stat st;
	if (fd >= 0 && fstat(fd, &st) == 0) printf("  a new file in /tmp belongs to %u:%u\n", st.st_uid, st.st_gid);
	else res("  create in /tmp", fd);
	if (fd >= 0) close(fd);
	unlink(tmpfile_);
}

static void set_caps(uint64_t eff, uint64_t prm) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2] = {{(uint32_t)eff, (uint32_t)prm, 0}, {(uint32_t)(eff >> 32), (uint32_t)(prm >> 32), 0}};
	res("  capset", syscall(SYS_capset, &h, d));
}

static uint64_t permitted(void) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) < 0) return 0;
	return d[0].permitted | (uint64_t)d[1].permitted << 32;
}

static void drop_all(void) {
	res("setgroups(0)", setgroups(0, NULL));
	res("setresgid(65534 x3)", setresgid(65534, 65534, 65534));
	res("setresuid(65534 x3)", setresuid(65534, 65534, 65534));
	tries("dropped to 65534");
	DIR *d = opendir("/proc/self/fd");
	int n = 0;
	while (d && readdir(d)) n++;
	printf("  /proc/self/fd lists %s\n", n >= 5 ? "., .., 0, 1, 2 at least" : "fewer");
	if (d) closedir(d);
	printf("setfsuid(0): %d, then fsuid %d\n", setfsuid(0), setfsuid(-1));
	tries("after setfsuid(0) without the capability");
}

static void saved_root(void) {
	res("setresgid(-1, 65534, -1)", setresgid(-1, 65534, -1));
	res("setresuid(-1, 65534, -1)", setresuid(-1, 65534, -1));
	tries("effective 65534, saved 0");
	printf("setfsuid(0): %d, then fsuid %d\n", setfsuid(0), setfsuid(-1));
	tries("after setfsuid(0) with saved id 0");
	printf("setfsuid(65534): %d, then fsuid %d\n", setfsuid(65534), setfsuid(-1));
	res("  read the 0600 file", open_close(secret, O_RDONLY));
}

static void keepcaps(void) {
	res("prctl(PR_SET_KEEPCAPS, 1)", prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0));
	res("setresgid(65534 x3)", setresgid(65534, 65534, 65534));
	res("setresuid(65534 x3)", setresuid(65534, 65534, 65534));
	printf("setfsuid(0): %d, then fsuid %d\n", setfsuid(0), setfsuid(-1));
	res("  read the 0600 file", open_close(secret, O_RDONLY));
	uint64_t prm = permitted();
	set_caps(prm & (1ULL << CAP_SETUID), prm);
	printf("setfsuid(0): %d, then fsuid %d\n", setfsuid(0), setfsuid(-1));
	tries("kept capabilities, fsuid 0");
}

static void group(void) {
	gid_t g[] = {4242};
	res("setgroups(4242)", setgroups(1, g));
	res("setresgid(65534 x3)", setresgid(65534, 65534, 65534));
	res("setresuid(65534 x3)", setresuid(65534, 65534, 65534));
	res("  read the 0640 file of group 4242", open_close(grpfile, O_RDONLY));
	res("  write it", open_close(grpfile, O_WRONLY));
}

static void no_dac(void) {
	uint64_t prm = permitted();
	set_caps(prm & ~(1ULL << CAP_DAC_OVERRIDE | 1ULL << CAP_DAC_READ_SEARCH), prm);
	res("  root reads 1234's 0600 file", open_close(other, O_RDONLY));
	set_caps(prm, prm);
	res("  again with CAP_DAC_OVERRIDE", open_close(other, O_RDONLY));
}

static void *thread_drop(void *arg) {
	(void)arg;
	res("thread: raw setresuid(65534 x3)", syscall(SYS_setresuid, 65534, 65534, 65534));
	res("thread: read the 0600 file", open_close(secret, O_RDONLY));
	return NULL;
}

static void one_thread(void) {
	pthread_t th;
	pthread_create(&th, NULL, thread_drop, NULL);
	pthread_join(th, NULL);
	res("main thread: read the 0600 file", open_close(secret, O_RDONLY));
}

int main(int argc, char **argv) {
	if (argc > 1 && !strncmp(argv[1], "abort", 5)) {
		/* For a Go test: the runner writes its core file with its own
		   credentials; the change of ids made the process undumpable
		   (fs.suid_dumpable 0), "abort" makes it dumpable again. */
		setresgid(65534, 65534, 65534);
		setresuid(65534, 65534, 65534);
		if (!strcmp(argv[1], "abort")) prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
		abort();
	}
	strcpy(dir, "/tmp/credfs-XXXXXX");
	if (!mkdtemp(dir)) return 1;
	chmod(dir, 0755);
	snprintf(secret, sizeof secret, "%s/secret", dir);
	snprintf(pub, sizeof pub, "%s/pub", dir);
	snprintf(other, sizeof other, "%s/other", dir);
	snprintf(grpfile, sizeof grpfile, "%s/grp", dir);
	snprintf(made, sizeof made, "%s/made", dir);
	snprintf(sub, sizeof sub, "%s/sub", dir);
	snprintf(moved, sizeof moved, "%s/moved", dir);
	snprintf(tmpfile_, sizeof tmpfile_, "%s-new", dir);
	mkfile(secret, 0600, 0, 0);
	mkfile(pub, 0644, 0, 0);
	mkfile(other, 0600, 1234, 1234);
	mkfile(grpfile, 0640, 0, 4242);

	in_child(drop_all);
	in_child(saved_root);
	in_child(keepcaps);
	in_child(group);
	in_child(no_dac);
	in_child(one_thread);
	tries("the parent, unchanged");

	unlink(secret);
	unlink(pub);
	unlink(other);
	unlink(grpfile);
	rmdir(dir);
	return 0;
}
