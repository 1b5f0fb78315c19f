#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
	printf("argc=%d\n", argc);
	for (int i = 1; i < argc; i++) printf("argv[%d]=%s\n", i, argv[i]);
	printf("%d %5.2f %-6s| %x %o %e %g\n", -42, 3.14159, "ab", 0xbeef, 8, 12345.678, 0.0001);
	char buf[64];
	snprintf(buf, sizeof buf, "%08.3f/%+d/%lld", 2.5, 7, 1234567890123LL);
	puts(buf);
	long v = strtol("-12345", NULL, 10);
	double d = strtod("6.02e23", NULL);
	printf("%ld %.3e\n", v, d);
	fprintf(stderr, "to stderr\n");
	char *p = malloc(1 << 20);
	for (int i = 0; i < (1 << 20); i++) p[i] = (char)i;
	long sum = 0;
	for (int i = 0; i < (1 << 20); i++) sum += p[i];
	free(p);
	printf("sum=%ld\n", sum);
	return 0;
}
