/* The native AIO and memory-policy calls with garbage arguments (aio.c
 * and mempolicy.c cover them in full). qemu-user 7.2 answers the AIO
 * calls ENOSYS, so badaio.expected is Linux 6.1's fs/aio.c and
 * mm/mempolicy.c, the same as a native run on the x86-64 host: the first
 * check each call makes refuses it. */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	res("io_setup ctxp -1", syscall(SYS_io_setup, 5, (void *)-1L));
	res("io_setup nr 0, ctxp 1", syscall(SYS_io_setup, 0, (void *)1));
	res("io_destroy 0", syscall(SYS_io_destroy, 0));
	res("io_destroy -1", syscall(SYS_io_destroy, -1L));
	res("io_submit nr -5", syscall(SYS_io_submit, 0, -5L, (void *)1));
	res("io_submit context 0", syscall(SYS_io_submit, 0, 1, NULL));
	res("io_cancel iocb NULL", syscall(SYS_io_cancel, 0, NULL, NULL));
	res("io_cancel iocb -1", syscall(SYS_io_cancel, 0xdead, (void *)-1L, (void *)-1L));
	res("io_getevents context 0", syscall(SYS_io_getevents, 0, 0, 0, NULL, NULL));
	res("io_getevents timeout 1", syscall(SYS_io_getevents, 0, 0, 0, NULL, (void *)1));
	res("io_pgetevents usig 1", syscall(SYS_io_pgetevents, 0, 0, 0, NULL, NULL, (void *)1));
	res("io_pgetevents context -1", syscall(SYS_io_pgetevents, -1L, -1L, -1L, (void *)-1L, NULL, NULL));
	res("get_mempolicy flags -1", syscall(SYS_get_mempolicy, NULL, (void *)1, -1L, 0, -1L));
	res("get_mempolicy maxnode 0", syscall(SYS_get_mempolicy, (void *)1, (void *)1, 0, -1L, -1L));
	res("set_mempolicy mode 0x7fff", syscall(SYS_set_mempolicy, 0x7fff, NULL, 0));
	res("set_mempolicy mask -1", syscall(SYS_set_mempolicy, 2, (void *)-1L, 100));
	res("mbind start 1", syscall(SYS_mbind, 1, 1, 0, NULL, 0, 0));
	res("mbind mode -1", syscall(SYS_mbind, -1L, -1L, -1L, (void *)-1L, -1L, -1L));
	res("migrate_pages pid -1", syscall(SYS_migrate_pages, -1, 1UL << 40, NULL, NULL));
	res("migrate_pages masks -1", syscall(SYS_migrate_pages, 0, 65, (void *)-1L, (void *)-1L));
	res("move_pages flags -1", syscall(SYS_move_pages, -1, 1, NULL, NULL, NULL, -1));
	res("move_pages pages -1", syscall(SYS_move_pages, 0, 1, (void *)-1L, NULL, (void *)-1L, 0));
	res("set_mempolicy_home_node all 1", syscall(SYS_set_mempolicy_home_node, 1, 1, 1, 1));
	res("set_mempolicy_home_node -1", syscall(SYS_set_mempolicy_home_node, -4096L, -1L, -1L, 0));
	return 0;
}
