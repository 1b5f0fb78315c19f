mkdir -p proj/src && cd proj
cat > configure.ac <<'AC'
AC_INIT([tiny26], [1.0], [bugs@example.org])
AM_INIT_AUTOMAKE([foreign -Wall])
AC_PROG_CC
AC_CHECK_HEADERS([stdint.h unistd.h])
AC_CHECK_FUNCS([strdup getpid])
AC_CHECK_LIB([m], [cos])
AC_C_BIGENDIAN
AC_CHECK_SIZEOF([long])
AC_CONFIG_HEADERS([config.h])
AC_CONFIG_FILES([Makefile src/Makefile])
AC_OUTPUT
AC
printf 'SUBDIRS = src\n' > Makefile.am
printf 'bin_PROGRAMS = tiny\ntiny_SOURCES = tiny.c\nTESTS = check.sh\ncheck_SCRIPTS = check.sh\n' > src/Makefile.am
printf '#include "config.h"\n#include <stdio.h>\n#include <math.h>\nint main(void) { printf("%%s %%d %%.2f\\n", PACKAGE_STRING, SIZEOF_LONG, cos(0.0)); return 0; }\n' > src/tiny.c
printf '#!/bin/sh\n./tiny | grep -q "tiny26 1.0 8"\n' > src/check.sh; chmod +x src/check.sh
autoreconf -i > ../autoreconf.out 2>&1; echo "autoreconf $?"; sed 's/: .*copying.*/: copying/' ../autoreconf.out | sort
./configure > ../configure.out 2>&1; echo "configure $?"
grep -E '^checking (for gcc|whether the C compiler works|for stdint.h|whether byte ordering|size of long|for cos in -lm)' ../configure.out
grep -E 'define (SIZEOF_LONG|HAVE_STRDUP|HAVE_LIBM|PACKAGE_STRING)' config.h
make -j2 > ../make.out 2>&1; echo "make $?"; ./src/tiny
make check 2>&1 | grep -E '^(PASS|FAIL|# )'
