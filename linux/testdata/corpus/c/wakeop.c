/* FUTEX_WAKE_OP (every operation, the shift flag, every comparison on a
 * negative old value, bad operations and second words) and times().
 * Compared with wakeop.expected: the output of qemu-ppc64le on a
 * little-endian Linux host, which passes both calls to the host kernel
 * (kernel/futex/waitwake.c, futex_wake_op; kernel/sys.c, times). The
 * big-endian qemu-ppc64 on such a host applies the operation to the word
 * in the host's byte order, which Linux on a big-endian machine does not. */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/times.h>
#include <unistd.h>
#include "res.h"

static long wakeop(uint32_t *w1, int n1, int n2, uint32_t *w2, int op) {
	return syscall(SYS_futex, w1, FUTEX_WAKE_OP | FUTEX_PRIVATE_FLAG, n1, (void *)(long)n2, w2, op);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	static const char *ops[] = {"set", "add", "or", "andn", "xor"};
	static const char *cmps[] = {"eq", "ne", "lt", "le", "gt", "ge"};
	for (int op = 0; op < 5; op++)
		for (int shift = 0; shift < 2; shift++) {
			uint32_t a = 0, b = 0x0f0;
			int enc = FUTEX_OP(op | (shift ? FUTEX_OP_OPARG_SHIFT : 0), shift ? 4 : 0x123, FUTEX_OP_CMP_EQ, 0x0f0);
			long r = wakeop(&a, 1, 1, &b, enc);
			printf("%s%s: %ld word %#x\n", ops[op], shift ? " shift" : "", r, b);
		}
	for (int cmp = 0; cmp < 6; cmp++) {
		uint32_t a = 0, b = (uint32_t)-5;
		/* The comparison is of the old value, signed, with a signed 12-bit comparand. */
		long r = wakeop(&a, 1, 1, &b, FUTEX_OP(FUTEX_OP_ADD, 1, cmp, -5));
		printf("cmp %s: %ld word %d\n", cmps[cmp], r, (int32_t)b);
	}
	uint32_t a = 0, b = 0;
	res("bad op", wakeop(&a, 1, 1, &b, FUTEX_OP(6, 0, 0, 0)));
	res("bad cmp", wakeop(&a, 1, 1, &b, FUTEX_OP(FUTEX_OP_SET, 9, 7, 0)));
	printf("bad cmp word: %u\n", b);
	char *p = mmap(NULL, 2 * 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(p + 4096, 4096);
	res("read-only second word", wakeop(&a, 1, 1, (uint32_t *)p, FUTEX_OP(FUTEX_OP_SET, 1, 0, 0)));
	res("unmapped second word", wakeop(&a, 1, 1, (uint32_t *)(p + 4096), FUTEX_OP(FUTEX_OP_SET, 1, 0, 0)));
	res("misaligned second word", wakeop(&a, 1, 1, (uint32_t *)(p + 2), FUTEX_OP(FUTEX_OP_SET, 1, 0, 0)));

	struct tms t;
	clock_t c = times(&t);
	printf("times: %s\n", c != (clock_t)-1 && t.tms_utime >= 0 && t.tms_cutime == 0 ? "ok" : "bad");
	res("times NULL", times(NULL) == (clock_t)-1 ? -1 : 0);
	res("times bad pointer", (long)syscall(SYS_times, (void *)(p + 4096)));
	return 0;
}
