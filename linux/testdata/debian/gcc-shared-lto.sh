cat > lib.c <<'C'
int counter = 5;
int add(int a, int b) { return a + b + counter; }
__thread int tls = 7;
int gettls(void) { return tls++; }
C
cat > main.c <<'C'
#include <stdio.h>
int add(int, int); int gettls(void); extern int counter;
int main(void) { counter = 1; printf("%d %d %d\n", add(2, 3), gettls(), gettls()); return 0; }
C
gcc -fPIC -O2 -c lib.c && gcc -shared -o libx.so lib.o && gcc -o main main.c -L. -lx -Wl,-rpath,'$ORIGIN'; echo "build $?"
./main; echo "run $?"
LD_LIBRARY_PATH=. ./main; echo "ldlp $?"
gcc -save-temps -O1 -o st main.c -L. -lx; echo "save-temps $?"; ls st* main.i main.s main.o 2>&1 | sort; grep -c add main.s
cpp -dM /dev/null | sort | head -20; cpp -dM /dev/null | wc -l
echo '#include <stdint.h>
INT64_MAX __LITTLE_ENDIAN__ __powerpc64__ _CALL_ELF' | cpp -P
gcc -flto -O2 -o lto main.c lib.c; echo "lto $?"; ./lto
gcc -Wall -Wextra -c -o /dev/null -x c - <<'C'
int f(int x) { int y; return x; }
C
echo "warn $?"
gcc -c -x c - -o /dev/null <<'C'
int f( { return 0 }
C
echo "err $?"
