/* File attribute, link, lock, working directory, process group and exec
 * system calls with bad pointers, descriptors, flags and names. Compared
 * with qemu-user (execveat, which qemu-user 7.2 lacks, is in badlinux.c). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#ifndef SYS_faccessat2
#define SYS_faccessat2 439
#endif

int main(void) {
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *bad = (void *)0x1000;
	char dir[] = "/tmp/badfs.XXXXXX";
	if (!mkdtemp(dir) || chdir(dir) != 0) return 1;
	int fd = open("f", O_CREAT | O_RDWR, 0644);
	struct timespec ts[2] = {{0, 0}, {0, 2000000000}};
	res("utimensat bad path", syscall(SYS_utimensat, AT_FDCWD, bad, 0, 0));
	res("utimensat bad times", syscall(SYS_utimensat, AT_FDCWD, "f", bad, 0));
	res("utimensat bad nsec", syscall(SYS_utimensat, AT_FDCWD, "f", ts, 0));
	res("utimensat missing", syscall(SYS_utimensat, AT_FDCWD, "nothing", 0, 0));
	res("utimensat bad fd", syscall(SYS_utimensat, 99, "f", 0, 0));
	res("utimensat NULL path", syscall(SYS_utimensat, fd, 0, 0, 0));
	/* Linux's order: two UTIME_OMIT before anything else, then the flags,
	   the lookup, and only then each tv_nsec. */
	struct timespec omit[2] = {{0, UTIME_OMIT}, {0, UTIME_OMIT}}, halfbad[2] = {{0, UTIME_OMIT}, {0, -5}};
	res("utimensat bad nsec, missing", syscall(SYS_utimensat, AT_FDCWD, "nothing", ts, 0));
	res("utimensat bad nsec, bad path", syscall(SYS_utimensat, AT_FDCWD, bad, ts, 0));
	res("utimensat bad nsec, bad fd", syscall(SYS_utimensat, 99, 0, ts, 0));
	res("utimensat omit and bad nsec, missing", syscall(SYS_utimensat, AT_FDCWD, "nothing", halfbad, 0));
	res("utimensat omit and bad nsec", syscall(SYS_utimensat, AT_FDCWD, "f", halfbad, 0));
	res("utimensat two omit, missing", syscall(SYS_utimensat, AT_FDCWD, "nothing", omit, 0));
	res("utimensat two omit, bad flags", syscall(SYS_utimensat, AT_FDCWD, "f", omit, 0x12345));
	res("utimensat two omit, bad fd", syscall(SYS_utimensat, 99, 0, omit, 0));
	res("utimensat bad flags", syscall(SYS_utimensat, AT_FDCWD, "f", 0, 0x12345));
	res("utimensat NULL path, flags", syscall(SYS_utimensat, fd, 0, 0, AT_SYMLINK_NOFOLLOW));
	res("fchownat bad path", syscall(SYS_fchownat, AT_FDCWD, bad, -1, -1, 0));
	res("fchownat missing", syscall(SYS_fchownat, AT_FDCWD, "nothing", -1, -1, 0));
	res("fchownat bad flags", syscall(SYS_fchownat, AT_FDCWD, "f", -1, -1, 0x12345));
	res("chown bad path", syscall(SYS_chown, bad, -1, -1));
	res("lchown missing", syscall(SYS_lchown, "nothing", -1, -1));
	res("fchown bad fd", syscall(SYS_fchown, 99, -1, -1));
	res("chmod bad path", syscall(SYS_chmod, bad, 0644));
	res("chmod missing", syscall(SYS_chmod, "nothing", 0644));
	res("link bad path", syscall(SYS_link, bad, "g"));
	res("link exists", syscall(SYS_link, "f", "f"));
	res("linkat bad flags", syscall(SYS_linkat, AT_FDCWD, "f", AT_FDCWD, "g", 0x12345));
	res("linkat bad fd", syscall(SYS_linkat, 99, "f", AT_FDCWD, "g", 0));
	res("truncate bad path", syscall(SYS_truncate, bad, 0));
	res("truncate negative", syscall(SYS_truncate, "f", -1L));
	res("truncate a directory", syscall(SYS_truncate, ".", 0));
	res("mknod bad path", syscall(SYS_mknod, bad, S_IFIFO | 0600, 0));
	res("mknod exists", syscall(SYS_mknod, "f", S_IFIFO | 0600, 0));
	res("mknodat bad fd", syscall(SYS_mknodat, 99, "p", S_IFIFO | 0600, 0));
	res("faccessat2 bad path", syscall(SYS_faccessat2, AT_FDCWD, bad, F_OK, 0));
	res("faccessat2 bad flags", syscall(SYS_faccessat2, AT_FDCWD, "f", F_OK, 0x12345));
	res("faccessat2 bad mode", syscall(SYS_faccessat2, AT_FDCWD, "f", 0x100, 0));
	res("statfs bad path", syscall(SYS_statfs, bad, ro));
	res("statfs bad buffer", syscall(SYS_statfs, ".", bad));
	res("statfs read-only buffer", syscall(SYS_statfs, ".", ro));
	res("fstatfs bad fd", syscall(SYS_fstatfs, 99, ro));
	res("fstatfs bad buffer", syscall(SYS_fstatfs, fd, bad));
	res("statx bad path", syscall(SYS_statx, AT_FDCWD, bad, 0, 0x7ff, ro));
	res("statx bad buffer", syscall(SYS_statx, AT_FDCWD, "f", 0, 0x7ff, bad));
	res("statx bad flags", syscall(SYS_statx, AT_FDCWD, "f", 0x12345, 0x7ff, ro));
	res("statx missing", syscall(SYS_statx, AT_FDCWD, "nothing", 0, 0x7ff, ro));
	res("flock bad fd", syscall(SYS_flock, 99, LOCK_SH));
	res("flock bad operation", syscall(SYS_flock, fd, 0x40));
	res("getgroups negative", syscall(SYS_getgroups, -1, 0));
	res("fchdir bad fd", syscall(SYS_fchdir, 99));
	res("fchdir to a file", syscall(SYS_fchdir, fd));
	res("chdir bad path", syscall(SYS_chdir, bad));
	res("chroot bad path", syscall(SYS_chroot, bad));
	res("chroot empty path", syscall(SYS_chroot, ""));
	res("chroot a file", syscall(SYS_chroot, "f"));
	res("chroot missing", syscall(SYS_chroot, "nothing"));
	res("getpgid no such process", syscall(SYS_getpgid, 0x3fffffff));
	res("getsid no such process", syscall(SYS_getsid, 0x3fffffff));
	res("setpgid negative group", syscall(SYS_setpgid, 0, -1));
	res("setpgid no such process", syscall(SYS_setpgid, 0x3fffffff, 0));
	/* inotify: flags, masks, descriptors, paths; int and u32 arguments
	 * with garbage in their upper halves (Linux ignores it). */
	res("inotify_init1 bad flags", syscall(SYS_inotify_init1, 0x12345));
	long ifd = syscall(SYS_inotify_init1, 0xdead00000000L | O_CLOEXEC);
	res("inotify_init1 upper half", ifd >= 0 ? 0 : ifd);
	long ifd0 = syscall(SYS_inotify_init);
	res("inotify_init", ifd0 >= 0 ? 0 : ifd0);
	close(ifd0);
	res("inotify_add_watch bad fd", syscall(SYS_inotify_add_watch, 99, ".", 0x100));
	res("inotify_add_watch not inotify", syscall(SYS_inotify_add_watch, fd, ".", 0x100));
	res("inotify_add_watch bad path", syscall(SYS_inotify_add_watch, ifd, bad, 0x100));
	res("inotify_add_watch no mask", syscall(SYS_inotify_add_watch, ifd, ".", 0));
	res("inotify_add_watch unknown bit", syscall(SYS_inotify_add_watch, 99, ".", 0x1100));
	res("inotify_add_watch missing", syscall(SYS_inotify_add_watch, ifd, "nothing", 0x100));
	res("inotify_add_watch upper halves", syscall(SYS_inotify_add_watch, 0xdead00000000L | ifd, ".", 0xdead00000100L));
	res("inotify_rm_watch bad fd", syscall(SYS_inotify_rm_watch, 99, 1));
	res("inotify_rm_watch not inotify", syscall(SYS_inotify_rm_watch, fd, 1));
	res("inotify_rm_watch unknown wd", syscall(SYS_inotify_rm_watch, ifd, 99));
	res("inotify_rm_watch upper halves", syscall(SYS_inotify_rm_watch, 0xdead00000000L | ifd, 0xdead00000001L));
	close(ifd);
	/* setsid in a child that leads a process group: EPERM. */
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		res("setsid as group leader", syscall(SYS_setsid));
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	/* sync and its kin (syncs.c has the rest): garbage in the upper
	   halves of int and unsigned int arguments is dropped. */
	res("sync with garbage arguments", syscall(SYS_sync, 0xdeadbeefUL, 1UL, 2UL));
	res("syncfs with garbage upper half", syscall(SYS_syncfs, 0xdead00000000UL | 1));
	res("syncfs 12345", syscall(SYS_syncfs, 12345));
	res("sync_file_range2 flags with garbage upper half",
	    syscall(SYS_sync_file_range2, 1, 0xdead00000002UL, 0L, 0L));
	res("sync_file_range2 bad flags, bad fd", syscall(SYS_sync_file_range2, 12345, 64, 0L, 0L));
	res("readahead 12345", syscall(SYS_readahead, 12345, 0L, 4096L));
	res("readahead of stdout", syscall(SYS_readahead, 1, 0L, 4096L));
	res("getcpu unmapped", syscall(SYS_getcpu, (void *)8, (void *)8, (void *)8));
	/* the old file calls (oldfile.c has the rest) */
	res("utime bad path", syscall(SYS_utime, bad, 0));
	res("utime bad times", syscall(SYS_utime, "f", bad));
	res("utimes bad times", syscall(SYS_utimes, "f", bad));
	res("utimes NULL path", syscall(SYS_utimes, 0, 0));
	res("futimesat bad fd", syscall(SYS_futimesat, 12345, "f", 0));
	res("futimesat AT_FDCWD NULL path", syscall(SYS_futimesat, AT_FDCWD, 0, 0));
	res("getdents bad fd", syscall(SYS_getdents, 12345, bad, 4096));
	res("getdents of a file", syscall(SYS_getdents, fd, bad, 4096));
	res("eventfd garbage upper half", syscall(SYS_eventfd, 0xdead00000000UL) >= 0);
	res("waitpid bad options", syscall(SYS_waitpid, -1, bad, 0x12345));
	res("waitpid no child", syscall(SYS_waitpid, 12345, bad, 0));
	/* tee, vmsplice, mincore (vmsplice.c has the rest) */
	res("tee bad fds", syscall(SYS_tee, 12345, 12346, 100, 0));
	res("tee garbage flags", syscall(SYS_tee, 12345, 12346, 100, 0xdead00000001UL));
	res("vmsplice bad iovecs", syscall(SYS_vmsplice, fd, bad, 1, 0));
	res("mincore unmapped", syscall(SYS_mincore, bad, 4096, bad));
	res("mincore huge length", syscall(SYS_mincore, ro, -4096L, bad));
	res("name_to_handle_at bad path", syscall(SYS_name_to_handle_at, AT_FDCWD, bad, bad, bad, 0));
	res("open_by_handle_at bad handle", syscall(SYS_open_by_handle_at, fd, bad, 0));
	unlink("f");
	chdir("/");
	res("cleanup", rmdir(dir));
	return 0;
}
