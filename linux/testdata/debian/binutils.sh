cat > a.c <<'C'
#include <stdio.h>
static int helper(int x) { return x * 3; }
int global = 42;
const char msg[] = "a string for strings";
int main(void) { printf("%d %s\n", helper(global), msg); return 0; }
C
gcc -g -O1 -fdebug-prefix-map=$PWD=. -o a a.c; gcc -c -O1 -fdebug-prefix-map=$PWD=. a.c -o a.o
objdump -d a.o | sed -n '1,40p'
objdump -h a.o | head -20
readelf -a a.o | head -60
readelf -h -l a | grep -v 'Entry\|^ *0x' | head -30
readelf -d a | head -20
nm a.o; nm -D a | sort
size a.o; size a.o a.o
strings -a a.o | grep string
ar rcs libt.a a.o && ar t libt.a && nm -s libt.a | head -8
cp a b; strip b; echo "strip $?"; nm b 2>&1; ls -l a b | awk '{print ($5 > 0)}'
objcopy -O binary --only-section=.rodata a.o ro.bin; od -c ro.bin | head -3
objcopy --strip-debug a c; readelf -S c | grep -c debug
addr2line -e a $(nm a | awk '$3 == "main" {print $1}') | sed 's,.*/,,'
addr2line -f -e a.o 0x0 | sed 's,.*/,,'
c++filt _ZNSt6vectorIiSaIiEE9push_backERKi
objdump -d --no-show-raw-insn a | grep -A8 '<main>:' | head -10
readelf --debug-dump=info a.o | grep -c DW_TAG
gprof --version | head -1
