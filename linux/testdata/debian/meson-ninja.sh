# meson 1.0 (Python) with ninja: setup (compiler and dependency checks, a
# configuration header, options), compile, test (a pass, a failure, an
# expected failure, a suite, a timeout multiplier), introspect, configure,
# install into a DESTDIR, an error in meson.build.
mkdir -p proj/src && cd proj
cat > meson.build <<'EOF'
project('m26', 'c', version : '0.4.1', default_options : ['warning_level=2', 'buildtype=release'])
cc = meson.get_compiler('c')
conf = configuration_data()
conf.set_quoted('VERSION', meson.project_version())
conf.set10('HAVE_EPOLL', cc.has_header('sys/epoll.h'))
conf.set10('HAVE_NOSUCH', cc.has_header('nosuch26.h'))
conf.set('SIZEOF_LONG', cc.sizeof('long'))
conf.set10('HAVE_MEMFD', cc.has_function('memfd_create', prefix : '#define _GNU_SOURCE\n#include <sys/mman.h>'))
conf.set('GREETING', '"' + get_option('greeting') + '"')
configure_file(output : 'config.h', configuration : conf)
m = cc.find_library('m')
thr = dependency('threads')
lib = shared_library('m26', 'src/lib.c', version : '0.4.1', soversion : '0', install : true)
exe = executable('m26app', 'src/main.c', link_with : lib, dependencies : [m, thr], install : true)
test('greet', exe, args : ['greet'])
test('sum', exe, args : ['sum', '1', '2', '3'], suite : 'math')
test('fail', exe, args : ['nosuch'], suite : 'math', should_fail : true)
test('shell', find_program('sh'), args : ['-c', 'test "$(' + exe.full_path() + ' sum 2 2)" = 4'])
gen = custom_target('gen', output : 'gen.txt', command : [find_program('sh'), '-c', 'echo generated > @OUTPUT@'], build_by_default : true)
summary({'long' : cc.sizeof('long'), 'endian' : host_machine.endian(), 'cpu' : host_machine.cpu_family()})
EOF
cat > meson_options.txt <<'EOF'
option('greeting', type : 'string', value : 'hello')
EOF
cat > src/lib.c <<'EOF'
#include "config.h"
int m26_sum(int n, const int *v) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
const char *m26_greeting(void) { return GREETING " from " VERSION; }
EOF
cat > src/main.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <math.h>
#include "config.h"
int m26_sum(int n, const int *v);
const char *m26_greeting(void);
static void *t(void *p) { return p; }
int main(int argc, char **argv) {
  pthread_t th; void *r;
  pthread_create(&th, 0, t, argv); pthread_join(th, &r);
  if (argc > 1 && !strcmp(argv[1], "greet")) { printf("%s epoll=%d memfd=%d long=%d\n", m26_greeting(), HAVE_EPOLL, HAVE_MEMFD, SIZEOF_LONG); return 0; }
  if (argc > 1 && !strcmp(argv[1], "sum")) { int v[8], n = 0; for (int i = 2; i < argc && n < 8; i++) v[n++] = atoi(argv[i]); printf("%d\n", m26_sum(n, v) + (int)floor(0.5)); return 0; }
  fprintf(stderr, "unknown\n"); return 3;
}
EOF
# The times of meson test and the [n/N] order of parallel ninja vary.
mclean() { sed -E "s,$PWD,W,g; s/ +[0-9.]+s( +exit status [0-9]+)?$/\1/; s/(OK|FAIL|EXPECTEDFAIL) +/\1 /; s/^ *([0-9]+\/[0-9]+) /\1 /"; }
meson setup build > setup.out 2>&1; echo "setup $?"
grep -vE '^(Build started|Source dir|Build dir|Build type|Host machine|Found ninja|The Meson build system|Version|Running )' setup.out | grep -vE '^ *$' | mclean
cat build/config.h | grep -v '^ *$'
meson compile -C build > c.out 2>&1; echo "compile $?"
sed -E 's/^\[[0-9]+\/[0-9]+\] //' c.out | grep -vE '^(INFO|ninja: Entering)' | mclean | sort
build/m26app greet; build/m26app sum 5 6
meson test -C build --print-errorlogs > t.out 2>&1; echo "test $?"
grep -E '^ *[0-9]+/[0-9]+ |^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout):' t.out | mclean | sort
meson test -C build --suite math > t2.out 2>&1; echo "suite $?"; grep -cE 'OK|EXPECTEDFAIL' t2.out
meson test -C build nosuchtest > t3.out 2>&1; echo "nosuch test $?"; grep -i 'no.*test' t3.out | mclean
meson configure build -Dgreeting=salut > /dev/null; echo "configure $?"
meson compile -C build > c2.out 2>&1; echo "recompile $?"; build/m26app greet
meson introspect build --targets | python3 -c 'import json,sys; print(sorted((t["name"], t["type"]) for t in json.load(sys.stdin)))'
meson introspect build --buildoptions | python3 -c 'import json,sys; print([o["value"] for o in json.load(sys.stdin) if o["name"] in ("greeting", "warning_level", "buildtype")])'
DESTDIR="$PWD/../dest" meson install -C build --no-rebuild > i.out 2>&1; echo "install $?"
(cd ../dest && find . -type f -o -type l | sed 's,/lib/[^/]*-linux-gnu/,/lib/ARCH/,' | sort)
mkdir -p ../bad && printf "project('bad', 'c')\nexecutable('x', 'nosuch.c')\n" > ../bad/meson.build
meson setup ../bad/b ../bad > bad.out 2>&1; echo "bad $?"; grep -E 'ERROR' bad.out | mclean | sed 's,W/\.\./,../,'
printf "project('bad2', 'c')\nx = 1 +\n" > ../bad/meson.build
meson setup ../bad/b2 ../bad > bad2.out 2>&1; echo "bad2 $?"; grep -E 'ERROR' bad2.out | mclean | sed 's,W/\.\./,../,'
