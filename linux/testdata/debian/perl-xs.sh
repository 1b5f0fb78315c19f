# A Perl XS extension built under the runner, as a module's author does:
# h2xs -A, two XSUBs (an int function, a string one building an SV),
# perl Makefile.PL (ExtUtils::MakeMaker), make (xsubpp, gcc -fPIC,
# gcc -shared), make test (prove through Test::Harness, DynaLoader's
# dlopen of the built Ext.so), perl -Mblib, make install DESTDIR.
h2xs -A -n My::Ext >/dev/null 2>&1; echo "h2xs $?"; cd My-Ext
cat >> Ext.xs <<'X'

int
add(a, b)
    int a
    int b
  CODE:
    RETVAL = a + b;
  OUTPUT:
    RETVAL

SV *
rev(s)
    SV *s
  CODE:
    STRLEN n; const char *p = SvPV(s, n); RETVAL = newSV(n + 1); SvPOK_on(RETVAL); SvCUR_set(RETVAL, n);
    for (STRLEN i = 0; i < n; i++) SvPVX(RETVAL)[i] = p[n - 1 - i];
    SvPVX(RETVAL)[n] = 0;
  OUTPUT:
    RETVAL
X
cat > t/My-Ext.t <<'T'
use strict; use warnings; use Test::More tests => 3;
BEGIN { use_ok('My::Ext') };
is(My::Ext::add(40, 2), 42, "add");
is(My::Ext::rev("abc"), "cba", "rev");
T
perl Makefile.PL 2>&1 | sed 's/ at .*//'; echo "mpl $?"
make >make.log 2>&1; echo "make $?"; grep -c -- '-fPIC' make.log; ls blib/arch/auto/My/Ext/
make test 2>&1 | grep -v '^PERL_DL\|^"/usr/bin/perl"\|Files=\|Running Mkbootstrap\|chmod\|^cp\|^make\['; echo "test $?"
perl -Mblib -MMy::Ext -e 'print My::Ext::add(1, 2), " ", My::Ext::rev("hello"), "\n"'
make install DESTDIR=$PWD/inst >/dev/null 2>&1; echo "install $?"; find inst -name '*.so' | sed 's,.*/perl,perl,'
