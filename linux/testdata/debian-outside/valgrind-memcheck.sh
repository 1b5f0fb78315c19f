# valgrind 3.19 (ppc64el): memcheck runs a small C program built in the
# guest (its JIT translates the guest's code to the guest's code, under
# the runner's own translation), finds an invalid read, a use of
# uninitialised memory and a leak; none and lackey's counts of a
# deterministic loop. The pids of valgrind's "==PID==" prefixes and the
# host-dependent lines (the command, the copyright) are left out.
cat > v.c <<'E'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int *a = malloc(10 * sizeof *a);
  for (int i = 0; i < 10; i++) a[i] = i;
  int s = 0;
  for (int i = 0; i <= 10; i++) s += a[i];
  int u; if (argc > 5) u = 1;
  if (u == 7) puts("seven");
  malloc(64);
  printf("sum %d\n", s > 40 ? 45 : s);
  free(a);
  return 0;
}
E
gcc -g -O0 -o v v.c; echo "gcc $?"
valgrind -q --leak-check=full --error-exitcode=9 ./v 2>&1 | sed 's/^==[0-9]*==/==P==/' | grep -E 'Invalid|Conditional|definitely|at 0x|by 0x|sum' | sed 's/0x[0-9A-F]*:/ADDR:/' | head -20; echo "memcheck"
valgrind -q --error-exitcode=9 ./v >/dev/null 2>&1; echo "exit $?"
valgrind -q --tool=none /bin/true; echo "none $?"
