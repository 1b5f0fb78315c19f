#include <stdio.h>
#include <stdint.h>
int main(void) {
	uint8_t b = 1; uint16_t h = 2; uint32_t w = 3; uint64_t d = 4;
	__atomic_fetch_add(&b, 200, __ATOMIC_SEQ_CST);
	__atomic_fetch_or(&h, 0x100, __ATOMIC_SEQ_CST);
	__atomic_fetch_xor(&w, 0xffff, __ATOMIC_SEQ_CST);
	__atomic_fetch_sub(&d, 5, __ATOMIC_SEQ_CST);
	uint64_t exp = (uint64_t)-1;
	int ok = __atomic_compare_exchange_n(&d, &exp, 99, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	uint64_t old = __atomic_exchange_n(&d, 7, __ATOMIC_SEQ_CST);
	uint32_t e2 = 1;
	int ok2 = __atomic_compare_exchange_n(&w, &e2, 5, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	printf("%u %u %u %llu ok=%d old=%llu ok2=%d e2=%u\n", b, h, w, (unsigned long long)d, ok, (unsigned long long)old, ok2, e2);
	return 0;
}
