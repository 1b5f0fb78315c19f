cat > hello.c <<'C'
#include <stdio.h>
#include <math.h>
int main(int argc, char **argv) { printf("hello %d %.3f\n", argc, sqrt(2.0)); return 3; }
C
gcc -O2 -o hello hello.c -lm; echo "gcc $?"; ./hello a b; echo "run $?"
gcc -v 2>&1 | grep -v '^Configured with' 
gcc -g -c hello.c -o hello.o; echo "c $?"; gcc -o hello2 hello.o -lm && ./hello2; echo "run2 $?"
gcc -static -O2 -o hello-static hello.c -lm; echo "static $?"; ./hello-static; echo "runs $?"
