# gcc's coverage and profile tools and small tool-chain programs no case
# ran: --coverage with a forked child (both processes merge their counts
# into one .gcda at exit), gcov -b (branch percentages) and -j (JSON),
# gcov-dump (its stamp, a random number gcc writes, left out), gcov-tool
# merge, -fprofile-generate with -fprofile-update=atomic then
# -fprofile-use, lto-dump -list of an LTO object, yacc (bison -y),
# c89-gcc's refusal and c99-gcc, -gsplit-dwarf's .dwo, gdb-add-index,
# elfedit. Not dwp: binutils 2.40's dwp crashes on gcc 12's DWARF 5
# split units natively on this host as under both runners (SIGSEGV).
cat > cov.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
static int classify(int v) { if (v % 15 == 0) return 3; if (v % 5 == 0) return 2; if (v % 3 == 0) return 1; return 0; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30, c[4] = {0};
  for (int i = 1; i <= n; i++) c[classify(i)]++;
  pid_t p = fork();
  if (p == 0) { for (int i = 0; i < 7; i++) c[classify(i * 5)]++; exit(0); }
  waitpid(p, NULL, 0);
  printf("%d %d %d %d\n", c[0], c[1], c[2], c[3]);
  return 0;
}
C
gcc --coverage -O0 -o cov cov.c; echo "gcc $?"; ./cov; ./cov 100; ls cov.gc*
gcov -b cov.c; sed -n '1,5p;/classify(int v)/,/^ *-: *6:/p' cov.c.gcov
gcov -j cov.c >/dev/null; ls *.gcov.json.gz; gzip -dc cov.gcov.json.gz | python3 -c 'import json,sys; d=json.load(sys.stdin); f=d["files"][0]; print(d["format_version"], [(x["name"], x["execution_count"], x["blocks_executed"]) for x in f["functions"]])'
gcov-dump cov.gcda | grep -v ':stamp ' | head -7
gcov-tool merge -o merged . . 2>&1; ls merged
gcc -O2 -fprofile-generate -fprofile-update=atomic -pthread -o pgo cov.c; ./pgo 1000; ls *.gcda | sort
mv pgo-cov.gcda pgo2-cov.gcda; gcc -O2 -fprofile-use -Wall -Wmissing-profile -o pgo2 cov.c; echo "use $?"; ./pgo2 1000; echo "pgo $?"
gcc -O2 -flto -c cov.c -o lto.o && lto-dump -list lto.o | sort
cat > l.y <<'Y'
%{
#include <stdio.h>
int yylex(void); void yyerror(const char *s) { fprintf(stderr, "err: %s\n", s); }
%}
%token NUM
%left '+'
%%
s: e '\n' { printf("= %d\n", $1); } ;
e: e '+' e { $$ = $1 + $3; } | NUM ;
%%
int yylex(void) { int c = getchar(); if (c >= '0' && c <= '9') { yylval = c - '0'; return NUM; } return c == EOF ? 0 : c; }
int main(void) { return yyparse(); }
Y
yacc -d l.y 2>&1; ls y.tab.*; gcc -o l y.tab.c && echo '1+2+3' | ./l; echo '1++' | ./l; echo "parse $?"
c89-gcc -o c89 cov.c 2>&1 | head -3; c99-gcc -o c99 cov.c && ./c99 3
gcc -g -gsplit-dwarf -c cov.c -o split.o && ls *.dwo
gcc -g -o gi cov.c && gdb-add-index gi && readelf -S gi | grep -o '.gdb_index'
elfedit --output-osabi=FreeBSD gi && readelf -h gi | grep OS/ABI
