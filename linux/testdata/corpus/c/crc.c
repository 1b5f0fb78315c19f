/* Integer-heavy: CRC-32 and FNV over a buffer, and an insertion sort. */
#include <stdio.h>
#include <stdint.h>
static uint32_t table[256];
static uint8_t buf[1 << 16];
int main(void) {
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
	uint32_t x = 12345;
	for (int i = 0; i < (int)sizeof buf; i++) { x = x * 1103515245u + 12345u; buf[i] = x >> 16; }
	uint32_t crc = 0;
	uint64_t fnv = 1469598103934665603ull;
	for (int round = 0; round < 40; round++) {
		uint32_t c = ~crc;
		for (int i = 0; i < (int)sizeof buf; i++) c = table[(c ^ buf[i]) & 0xff] ^ (c >> 8);
		crc = ~c;
		for (int i = 0; i < (int)sizeof buf; i++) fnv = (fnv ^ buf[i]) * 1099511628211ull;
	}
	static int a[3000];
	for (int i = 0; i < 3000; i++) { x = x * 1103515245u + 12345u; a[i] = (int)(x >> 8); }
	for (int i = 1; i < 3000; i++) { int v = a[i], j = i - 1; while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; } a[j + 1] = v; }
	printf("crc=%08x fnv=%016llx min=%d max=%d\n", crc, (unsigned long long)fnv, a[0], a[2999]);
	return 0;
}
