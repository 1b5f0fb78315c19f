# gdb 13 in batch mode on a ppc64 program it does not run (ptrace is ENOSYS
# under both runners: `run` is left out): DWARF types and values read from
# the file (ptype, print of arrays, structures, expressions, x/ of .data,
# info line/scope/symbol, list, breakpoints' addresses), the disassembler
# (disassemble /r), a command file, gdb's embedded Python 3.11
# (gdb.lookup_type, parse_and_eval), an unknown symbol, a missing file.
cat > prog.c <<'C'
#include <stdio.h>
struct point { int x, y; const char *name; double w[3]; };
struct point pts[2] = {{1, 2, "one", {0.5, 1.5, 2.5}}, {3, 4, "two", {3.5, 4.5, 5.5}}};
int table[5] = {10, 20, 30, 40, 50};
enum color { RED, GREEN = 5, BLUE };
enum color favourite = BLUE;
union u { long l; double d; } un = { .d = 1.5 };
static long square(long v) { return v * v; }
long sum(int n) { long s = 0; for (int i = 0; i < n; i++) s += square(table[i]); return s; }
int main(void) { printf("%ld %s\n", sum(5), pts[1].name); return 0; }
C
gcc -g -O0 -fdebug-prefix-map=$PWD=. -o prog prog.c; echo "gcc $?"
printf '%s\n' 'set pagination off' 'break sum' 'break prog.c:10' 'info breakpoints' 'print sizeof(long double)' 'print 1.0/3' \
  'print favourite' 'print/d BLUE' 'print un' 'print/x un.l' 'ptype union u' 'print $_gdb_setting("pagination")' >cmds.gdb
gdb -batch -nx -ex 'info functions s' -ex 'ptype struct point' -ex 'print sizeof(struct point)' \
  -ex 'print table' -ex 'print pts[1]' -ex 'print pts[0].w[1] * 4' -ex 'print/x table[3]' -ex 'print &table[2]' \
  -ex 'print table[1] + table[2] << 2' -ex 'print (char)65' -ex 'print/t 10' -ex 'print sum' \
  -ex 'whatis square' -ex 'info line sum' -ex 'list square' -ex 'info scope sum' -ex 'info symbol sum' \
  -ex 'x/5dw table' -ex 'x/s pts[0].name' -ex 'x/2gx &pts[1].w' -ex 'output 6*7' -ex 'echo \n' \
  -ex 'disassemble /r square' -x cmds.gdb -ex 'print nosuch' -ex 'print 1' \
  -ex 'python t = gdb.lookup_type("struct point"); print([f.name for f in t.fields()], t.sizeof)' \
  -ex 'python print(gdb.parse_and_eval("table[4]") + 1, gdb.parse_and_eval("pts[1].name").string())' \
  -ex 'python print(gdb.lookup_global_symbol("sum").type, gdb.parameter("print elements"))' \
  -ex 'python import sys; print(sys.version_info[:2])' -ex 'python raise ValueError("from a script")' ./prog 2>&1; echo "gdb $?"
gdb -batch -nx ./nosuch; echo "gdb missing $?"
