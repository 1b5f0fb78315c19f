# cmake 3.25 with ninja 1.11 and with the Unix Makefiles generator: a C
# shared library with a soname, a C++ static library, a program linking
# both with threads, configure checks, configure_file, ctest (a pass, an
# expected failure, a regular expression, a failing test), install, cpack.
mkdir -p proj/lib proj/src proj/tests && cd proj
cat > CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(calc26 VERSION 1.2.3 LANGUAGES C CXX)
include(CheckIncludeFile)
include(CheckSymbolExists)
include(CheckTypeSize)
include(TestBigEndian)
check_include_file(sys/epoll.h HAVE_EPOLL_H)
check_include_file(nosuch26.h HAVE_NOSUCH_H)
check_symbol_exists(memfd_create "sys/mman.h" HAVE_MEMFD)
check_type_size(long SIZEOF_LONG)
test_big_endian(IS_BIG)
option(WITH_EXTRA "extra" OFF)
configure_file(config.h.in config.h)
add_library(calc SHARED lib/calc.c)
target_include_directories(calc PUBLIC lib ${CMAKE_CURRENT_BINARY_DIR})
set_target_properties(calc PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION 1)
add_library(fmt STATIC lib/fmt.cpp)
target_include_directories(fmt PUBLIC lib)
find_package(Threads REQUIRED)
add_executable(calcapp src/main.c)
target_link_libraries(calcapp PRIVATE calc fmt Threads::Threads m stdc++)
enable_testing()
add_test(NAME add COMMAND calcapp add 2 3)
set_tests_properties(add PROPERTIES PASS_REGULAR_EXPRESSION "^5\n")
add_test(NAME divzero COMMAND calcapp div 1 0)
set_tests_properties(divzero PROPERTIES WILL_FAIL TRUE)
add_test(NAME script COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/tests/check.sh $<TARGET_FILE:calcapp>)
add_test(NAME broken COMMAND calcapp mul 2 2)
set_tests_properties(broken PROPERTIES PASS_REGULAR_EXPRESSION "^5\n" LABELS slow)
install(TARGETS calcapp calc fmt)
set(CPACK_GENERATOR TGZ)
include(CPack)
message(STATUS "long ${SIZEOF_LONG} big ${IS_BIG} epoll ${HAVE_EPOLL_H} memfd ${HAVE_MEMFD}")
EOF
cat > config.h.in <<'EOF'
#define CALC_VERSION "@PROJECT_VERSION@"
#cmakedefine HAVE_EPOLL_H 1
#cmakedefine HAVE_NOSUCH_H 1
#cmakedefine01 HAVE_MEMFD
#define SIZEOF_LONG @SIZEOF_LONG@
#cmakedefine WITH_EXTRA
EOF
cat > lib/calc.h <<'EOF'
#ifdef __cplusplus
extern "C" {
#endif
long calc(const char *op, long a, long b, int *err);
const char *fmtnum(long v, char *buf, int n);
#ifdef __cplusplus
}
#endif
EOF
cat > lib/calc.c <<'EOF'
#include <string.h>
#include "calc.h"
#include "config.h"
long calc(const char *op, long a, long b, int *err) {
  *err = 0;
  if (!strcmp(op, "add")) return a + b;
  if (!strcmp(op, "mul")) return a * b;
  if (!strcmp(op, "div")) { if (b == 0) { *err = 1; return 0; } return a / b; }
  *err = 2; return 0;
}
EOF
cat > lib/fmt.cpp <<'EOF'
#include <cstdio>
#include "calc.h"
namespace {
struct Fmt { char *b; int n; explicit Fmt(char *b, int n) : b(b), n(n) {} const char *operator()(long v) const { std::snprintf(b, n, "%ld", v); return b; } };
}
extern "C" const char *fmtnum(long v, char *buf, int n) {
  try { if (v < -1000000) throw v; return Fmt(buf, n)(v); } catch (long x) { std::snprintf(buf, n, "big"); return buf; }
}
EOF
cat > src/main.c <<'EOF'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "calc.h"
#include "config.h"
static long r; static int err; static char **av;
static void *run(void *p) { (void)p; r = calc(av[1], atol(av[2]), atol(av[3]), &err); return 0; }
int main(int argc, char **argv) {
  char buf[32]; pthread_t t;
  if (argc != 4) { fprintf(stderr, "usage: calcapp op a b (%s, long %d)\n", CALC_VERSION, SIZEOF_LONG); return 2; }
  av = argv; pthread_create(&t, 0, run, 0); pthread_join(t, 0);
  if (err) { fprintf(stderr, "calc error %d\n", err); return 1; }
  printf("%s\n", fmtnum(r, buf, sizeof buf));
  return (int)sqrt(0.0);
}
EOF
printf '#!/bin/sh\nset -e\n[ "$("$1" mul 6 7)" = 42 ]\n"$1" 2>&1 | grep -q usage\necho script-ok\n' > tests/check.sh
# The timing columns of ctest and the [n/N] order of parallel ninja vary.
ctestclean() { sed -E 's/= +[0-9.]+ sec\*proc/= T/; s/ +[0-9.]+ sec$//; s/Total Test time \(real\) = .*/Total Test time/; s/ +Test +#/ Test #/'; }
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release > cm.out 2>&1; echo "cmake $?"
grep -E '^-- (The C|The CXX|Check for working|Looking for|Check size|Performing|Found|long|Build files|Detecting C compiler ABI info$)' cm.out
grep -E 'HAVE_|SIZEOF|CALC' build/config.h
ninja -C build > nj.out 2>&1; echo "ninja $?"; sed -E 's/^\[[0-9]+\/[0-9]+\] //' nj.out | sort
ninja -C build; echo "ninja again $?"
ls build | grep -E '^lib|calcapp' | sort
build/calcapp add 40 2; build/calcapp div 1 0; echo "rc $?"; build/calcapp; echo "rc $?"
readelf -d build/libcalc.so.1.2.3 | grep -E 'SONAME'
(cd build && ctest -j2 --output-on-failure 2>&1 | grep -vE '^(Test project|[0-9]+/[0-9]+ Test|    Start)' | ctestclean)
(cd build && ctest -L slow 2>&1 | ctestclean | grep -E 'tests passed|Failed|broken')
(cd build && ctest -R add -V 2>&1 | grep -E '^[0-9]+: (Test command|5$)|Passed' | sed 's,/[^ ]*/calcapp,CALCAPP,' | ctestclean)
cmake --install build --prefix "$PWD/../inst" 2>&1 | sed "s,$PWD/..,W," | sort
(cd build && cpack > ../cpack.out 2>&1; echo "cpack $?"; tar tzf calc26-1.2.3-Linux.tar.gz | sort)
touch lib/calc.c; ninja -C build -n | sed -E 's/^\[[0-9]+\/[0-9]+\] //' | sort
ninja -C build -t targets all | grep -c .
ninja -C build nosuch26; echo "ninja $?"
cmake -S . -B build-make -G 'Unix Makefiles' -DWITH_EXTRA=ON > cm2.out 2>&1; echo "cmake make $?"
grep WITH_EXTRA build-make/config.h
cmake --build build-make -j 2 > mk.out 2>&1; echo "make $?"
grep -cE 'Built target' mk.out
cmake --build build-make --target calcapp -- VERBOSE=1 2>&1 | grep -c 'Built target'
build-make/calcapp mul 6 7
printf 'cmake_minimum_required(VERSION 3.20)\nproject(bad C)\nadd_executable(x nosuch.c)\n' > ../bad.cmake; mkdir -p ../bad && cp ../bad.cmake ../bad/CMakeLists.txt
cmake -S ../bad -B ../bad/b > bad.out 2>&1; echo "bad $?"; grep -E 'Cannot find source file|nosuch.c|Configuring incomplete' bad.out | sed "s,$PWD/..,W,"
cmake -E echo hello; cmake -E sha256sum config.h.in | cut -c1-16; cmake -E compare_files config.h.in config.h.in; echo "cmp $?"
cat > p.cmake <<'EOF'
string(REGEX REPLACE "([a-z]+)-([0-9]+)" "\\2:\\1" out "abc-12 de-3")
list(APPEND L c a b)
list(SORT L)
math(EXPR m "(7 << 2) % 5")
message("${out} ${L} ${m}")
file(WRITE w.txt "x\ny\n")
file(STRINGS w.txt lines)
message("${lines}")
execute_process(COMMAND sh -c "echo out; echo err >&2; exit 3" RESULT_VARIABLE rv OUTPUT_VARIABLE ov ERROR_VARIABLE ev)
message("${rv} ${ov}${ev}")
EOF
cmake -P p.cmake; echo "script $?"
