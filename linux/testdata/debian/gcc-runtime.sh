# gcc 12's run-time libraries in programs built and run under the runner:
# libgomp (OpenMP parallel loops, reductions, atomics, critical sections,
# barriers, dependent tasks; OMP_NUM_THREADS), libubsan (-fsanitize=undefined:
# its reports name addresses, which differ by where each runner loads a PIE
# program, so they are masked), libquadmath, __float128 in software
# (-mcpu=power8, Debian's default) and in POWER9's quad-precision
# instructions (-mcpu=power9: xsaddqp, xsmulqp, xsdivqp, xsmaddqp, the
# conversions), C11 <threads.h> and <stdatomic.h> with a 24-byte _Atomic
# through libatomic, -fstack-protector-all and _FORTIFY_SOURCE's aborts
# (qemu-user's "uncaught target signal" line left out), -pg with gprof's
# call counts (not its sampled times), ld.gold with threads.
# -mcpu=power10 is not here: qemu-user 7.2's default CPU is a POWER9, where
# its prefixed instructions are SIGILL (docs/debian-corpus.md, Tried).
cat > omp.c <<'C'
#include <stdio.h>
#include <omp.h>
int main(void) {
  long sum = 0; int n = 0, hits = 0, tids = 0;
#pragma omp parallel for reduction(+:sum) schedule(dynamic, 64)
  for (int i = 1; i <= 100000; i++) sum += i;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
  }
#pragma omp parallel num_threads(4)
  {
#pragma omp atomic
    hits++;
#pragma omp barrier
#pragma omp critical
    tids += omp_get_thread_num();
  }
  long fib[40] = {0, 1};
#pragma omp parallel
#pragma omp single
  for (int i = 2; i < 40; i++) {
#pragma omp task depend(in: fib[i-1], fib[i-2]) depend(out: fib[i]) shared(fib)
    fib[i] = fib[i-1] + fib[i-2];
  }
  printf("sum %ld threads %d max %d hits %d tids %d fib %ld in parallel %d\n", sum, n, omp_get_max_threads(), hits, tids, fib[39], omp_in_parallel());
  return 0;
}
C
gcc -O2 -fopenmp -o omp omp.c; echo "omp gcc $?"
OMP_NUM_THREADS=3 ./omp; echo "omp $?"
OMP_NUM_THREADS=1 OMP_DYNAMIC=true ./omp
cat > ub.c <<'C'
#include <stdio.h>
#include <limits.h>
int arr[4];
int main(int argc, char **argv) {
  int x = INT_MAX - 1 + argc + argc;
  int s = 1 << (31 + argc);
  arr[(3 + argc) % 8] = 1;
  int z = argc - 1, d = 10 / z;
  int *p = (int *)((char *)arr + 1);
  printf("%d %d %d\n", x, s, *p);
  return d == 12345;
}
C
gcc -O0 -g -fsanitize=undefined -fdebug-prefix-map=$PWD=. -o ub ub.c; echo "ub gcc $?"
./ub 2>&1 | sed 's/0x[0-9a-f]*/ADDR/g'
UBSAN_OPTIONS=halt_on_error=1 ./ub 2>&1; echo "ub halt $?"
cat > q.c <<'C'
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <quadmath.h>
static void show(const char *tag, __float128 v) {
  unsigned char b[16]; char buf[64]; memcpy(b, &v, 16); printf("%s ", tag);
  for (int i = 15; i >= 0; i--) printf("%02x", b[i]);
  quadmath_snprintf(buf, sizeof buf, "%.34Qg", v); printf(" %s\n", buf);
}
int main(int argc, char **argv) {
  __float128 q[40]; q[0] = 1;
  for (int i = 1; i < 40; i++) q[i] = q[i - 1] * (__float128)(i + 0.5) / 3 + (__float128)(int64_t)(i * 0x9e3779b97f4a7c15ull) / 1e9;
  show("q39", q[39]); show("q10", q[10]); show("div", q[1] / q[2]); show("sub", q[20] - q[19]);
  show("fma", __builtin_fmaf128(q[5], q[6], -q[7])); show("neg", -q[3]);
  show("sqrt", sqrtq(q[10])); show("exp", expq(1)); show("log", logq(q[25])); show("sin", sinq(q[4]));
  show("fromint", (__float128)(int64_t)-0x123456789abcdefll); show("fromuint", (__float128)0xfedcba9876543210ull);
  show("fromdbl", (__float128)(1.0 / 3)); show("min", FLT128_MIN / 4); show("inf", q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39] * q[39]);
  printf("cvt %lld %llu %a %d %d %d\n", (long long)(q[30] / 1e20), (unsigned long long)q[20], (double)q[38], q[3] < q[4], q[5] == q[5], __builtin_isnan(q[0] / (argc - 1) * 0));
  show("strto", strtoflt128("1.1", NULL) * strtoflt128("-3e-4000", NULL));
  return 0;
}
C
for cpu in power8 power9; do gcc -O2 -mcpu=$cpu -o q-$cpu q.c -lquadmath -lm; echo "q gcc $cpu $?"; ./q-$cpu >q-$cpu.out; echo "q $cpu $?"; done
cat q-power8.out; cmp q-power8.out q-power9.out && echo "power8 = power9"
objdump -d --no-show-raw-insn q-power9 | grep -o -E 'xs(add|sub|mul|div|madd|msub|sqrt|cvsdqp|cvudqp|cvdpqp|cvqpdp|cvqpsdz|cvqpudz|cmpuqp|negqp)[a-z]*' | sort -u | tr '\n' ' '; echo
cat > at.c <<'C'
#include <stdio.h>
#include <stdatomic.h>
#include <threads.h>
typedef struct { long a, b, c; } big;
_Atomic big g; atomic_long cnt; mtx_t m; cnd_t cv; int ready; tss_t key; once_flag once = ONCE_FLAG_INIT; int inits;
static void init(void) { inits++; }
static int worker(void *arg) {
  call_once(&once, init); tss_set(key, arg);
  for (int i = 0; i < 10000; i++) atomic_fetch_add_explicit(&cnt, 1, memory_order_relaxed);
  big b = {1, 2, (long)arg}, e = atomic_load(&g);
  while (!atomic_compare_exchange_weak(&g, &e, b)) ;
  mtx_lock(&m); ready++; cnd_broadcast(&cv); mtx_unlock(&m);
  return (int)(long)tss_get(key) * 10;
}
int main(void) {
  thrd_t t[3]; mtx_init(&m, mtx_plain); cnd_init(&cv); tss_create(&key, NULL);
  for (long i = 0; i < 3; i++) thrd_create(&t[i], worker, (void *)(i + 1));
  mtx_lock(&m); while (ready < 3) cnd_wait(&cv, &m); mtx_unlock(&m);
  int sum = 0; for (int i = 0; i < 3; i++) { int r; thrd_join(t[i], &r); sum += r; }
  big b = atomic_load(&g);
  printf("cnt %ld sum %d big %ld %ld c>0 %d inits %d lock-free %d %d\n", atomic_load(&cnt), sum, b.a, b.b, b.c > 0, inits, atomic_is_lock_free(&g), atomic_is_lock_free(&cnt));
  return 0;
}
C
gcc -O2 -o at at.c -latomic; echo "at gcc $?"; ./at
cat > ssp.c <<'C'
#include <stdio.h>
#include <string.h>
void f(const char *s) { char buf[8]; strcpy(buf, s); printf("%s\n", buf); }
int main(int argc, char **argv) { f(argc > 1 ? argv[1] : "ok"); return 0; }
C
gcc -O2 -fstack-protector-all -U_FORTIFY_SOURCE -o ssp ssp.c; gcc -O2 -D_FORTIFY_SOURCE=2 -o fort ssp.c
./ssp; ./ssp aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 2>err; echo "ssp $?"; grep -v '^qemu:' err
./fort aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 2>err; echo "fort $?"; grep -v '^qemu:' err
cat > pg.c <<'C'
#include <stdio.h>
static long leaf(long x) { return x * 3 + 1; }
static long mid(int n) { long s = 0; for (int i = 0; i < n; i++) s += leaf(i); return s; }
int main(void) { long t = 0; for (int i = 0; i < 50; i++) t += mid(i); printf("%ld\n", t); return 0; }
C
gcc -O0 -pg -fno-inline -o pg pg.c; ./pg; echo "pg $? $(test -s gmon.out && echo gmon.out)"
gprof -b -q pg gmon.out | awk '/^\[[0-9]+\]/ {print $1, $(NF-2), $(NF-1), $NF} /^ +[0-9.]+ +[0-9.]+ +[0-9]+(\/[0-9]+)? +[a-z]/ {print " ", $(NF-2), $(NF-1), $NF}'
gcc -O2 -fuse-ld=gold -Wl,--threads,--thread-count,2 -o gold pg.c; ./gold; echo "gold $?"
