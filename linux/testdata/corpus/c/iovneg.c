// iovneg: an iovec whose length does not fit in ssize_t (negative as a
// signed number) makes every call that imports an iovec array fail with
// EINVAL (Linux 6.1's copy_iovec_from_user, before any transfer; qemu-user
// checks it too), also after a valid first element; an empty array
// transfers nothing. Before, the runner wrote up to 16 MiB of the second
// element to the pipe (and blocked there for good). iovneg.expected is a
// native x86-64 run: qemu-user 7.2 has no process_vm_readv (ENOSYS); the
// other lines are qemu-user's too. (preadv reads a regular file: on a
// pipe Linux says ESPIPE before looking at the array, qemu-user EINVAL.)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static void show(const char *what, long r) {
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

int main(void) {
	char a[8] = "abcdefg", b[8];
	int p[2], sv[2];
	if (pipe(p) || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 1;
	struct iovec neg[2] = {{a, 4}, {b, (size_t)-1}};
	struct iovec big[1] = {{b, (size_t)1 << 63}};
	show("writev neg", writev(p[1], neg, 2));
	show("writev big", writev(p[1], big, 1));
	show("writev empty", writev(p[1], neg, 0));
	show("write ok", write(p[1], "xyz", 3));
	show("readv neg", readv(p[0], neg, 2));
	int f = open("/proc/self/exe", O_RDONLY);
	show("preadv neg", preadv(f, neg, 2, 0));
	show("readv ok", readv(p[0], neg, 1));
	struct msghdr mh;
	memset(&mh, 0, sizeof mh);
	mh.msg_iov = neg;
	mh.msg_iovlen = 2;
	show("sendmsg neg", sendmsg(sv[0], &mh, 0));
	show("recvmsg neg", recvmsg(sv[1], &mh, MSG_DONTWAIT));
	show("vmsplice neg", vmsplice(p[1], neg, 2, 0));
	show("process_vm_readv neg", process_vm_readv(getpid(), neg, 2, neg, 1, 0));
	return 0;
}
