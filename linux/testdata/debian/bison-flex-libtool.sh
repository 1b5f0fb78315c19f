cat > calc.y <<'Y'
%{
#include <stdio.h>
int yylex(void); void yyerror(const char *s) { fprintf(stderr, "error: %s\n", s); }
%}
%token NUM
%left '+' '-'
%left '*' '/'
%%
input: | input line ;
line: '\n' | expr '\n' { printf("= %d\n", $1); } ;
expr: NUM | expr '+' expr { $$ = $1 + $3; } | expr '-' expr { $$ = $1 - $3; }
    | expr '*' expr { $$ = $1 * $3; } | expr '/' expr { $$ = $3 ? $1 / $3 : 0; } | '(' expr ')' { $$ = $2; } ;
%%
int main(void) { return yyparse(); }
Y
cat > calc.l <<'L'
%{
#include "calc.tab.h"
%}
%option noyywrap
%%
[0-9]+ { yylval = atoi(yytext); return NUM; }
[ \t] ;
.|\n { return yytext[0]; }
%%
L
bison -d calc.y; echo "bison $?"; flex calc.l; echo "flex $?"; ls calc.tab.c calc.tab.h lex.yy.c
gcc -O1 -o calc calc.tab.c lex.yy.c; echo "cc $?"
printf '1+2*3\n(4+5)*6\n7/0\n2*(3\n' | ./calc; echo "calc $?"
bison --version | head -1; flex --version
bison -Wall bad.y 2>&1; echo "missing $?"
printf '%s\n' 'changequote([,])dnl' 'define([greet],[hello $1])dnl' 'greet([m4]) ifelse(1,1,[yes],[no]) len([abcd])' | m4
mkdir -p pc; printf 'prefix=/opt/x\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\nName: foo\nDescription: a test\nVersion: 1.2.3\nRequires:\nLibs: -L${libdir} -lfoo\nCflags: -I${includedir} -DFOO\n' > pc/foo.pc
PKG_CONFIG_PATH=$PWD/pc pkg-config --cflags --libs foo; PKG_CONFIG_PATH=$PWD/pc pkg-config --modversion foo
PKG_CONFIG_PATH=$PWD/pc pkg-config --atleast-version=2 foo; echo "atleast $?"
PKG_CONFIG_PATH=$PWD/pc pkg-config --exists nosuch; echo "exists $?"
pkg-config --variable=pc_path pkg-config
printf 'int tw(int x) { return 2 * x; }\n' > tw.c; printf '#include <stdio.h>\nint tw(int);\nint main(void) { printf("%%d\\n", tw(21)); return 0; }\n' > m.c
libtool --tag=CC --mode=compile gcc -O1 -c tw.c >/dev/null; echo "lt compile $?"
libtool --tag=CC --mode=link gcc -O1 -o libtw.la tw.lo -rpath /usr/local/lib >/dev/null; echo "lt link $?"
libtool --tag=CC --mode=link gcc -o m m.c libtw.la >/dev/null; echo "lt prog $?"; ./m; ls .libs | sort
libtool --version | head -1
seq 1 20 > old; sed '5d; 12s/.*/twelve/; $a tail' old > new; diff -u old new > p.diff; echo "diff $?"
sed 's/^[-+][-+][-+] .*\t.*/&/' p.diff | grep -v '^[-+][-+][-+]'
cp old work; patch work < p.diff; echo "patch $?"; cmp work new && echo same
patch -R work < p.diff; cmp work old && echo reversed
patch --dry-run work < p.diff; patch work < p.diff; patch -N work < p.diff; echo "again $?"; ls work*
